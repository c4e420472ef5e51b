// The onesweep sort on device arrays (radix_sort_onesweep.cuh): the global histogram, the digit
// offsets, then kPasses passes alternating between a scratch buffer and the output. Buffers are
// allocated once per size; radix_sort.cu runs it with the app's policies, and
// bench/dev/radix_sweep.cu with every candidate policy.
#pragma once

#include <algorithm>
#include <cstdint>

#include "common/cuda_check.cuh"
#include "common/device_buffer.cuh"
#include "radix_sort_onesweep.cuh"

namespace ws::radix {

template <class P, bool kPairs>
class OnesweepSorter {
 public:
  static constexpr int kTile = P::kTile;
  // n <= onesweep::kMaxKeys. spin_ns: the look-back's sleep between polls (0: none).
  explicit OnesweepSorter(int64_t n, unsigned spin_ns = 0)
      : n_(static_cast<int>(n)),
        tiles_(static_cast<int>((n + kTile - 1) / kTile)),
        spin_ns_(spin_ns),
        hist_(onesweep::kPasses * onesweep::kDigits),
        offsets_(onesweep::kPasses * onesweep::kDigits),
        lookback_(static_cast<size_t>(std::max(tiles_, 1)) * onesweep::kPasses * onesweep::kDigits),
        counters_(onesweep::kPasses),
        keys_scratch_(static_cast<size_t>(std::max<int64_t>(n, 1))),
        values_scratch_(kPairs ? static_cast<size_t>(std::max<int64_t>(n, 1)) : 1) {
    if constexpr (kDynamicShared > 0) {
      WS_CUDA_CHECK(cudaFuncSetAttribute(onesweep::onesweep_pass_kernel<P, kPairs>,
                                         cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(kDynamicShared)));
    }
  }

  // keys_in (and values_in) are left unchanged; the result lands in keys_out (and values_out).
  void sort(const uint32_t* keys_in, uint32_t* keys_out, const uint32_t* values_in = nullptr,
            uint32_t* values_out = nullptr) {
    namespace os = onesweep;
    if (n_ == 0) return;
    WS_CUDA_CHECK(cudaMemsetAsync(hist_.data(), 0, hist_.bytes()));
    WS_CUDA_CHECK(cudaMemsetAsync(counters_.data(), 0, counters_.bytes()));
    WS_CUDA_CHECK(cudaMemsetAsync(lookback_.data(), 0, lookback_.bytes()));  // every pass's
    const unsigned histogram_blocks = static_cast<unsigned>(std::min<int64_t>(
        kHistogramBlocks, (n_ / 4 + kHistogramThreads - 1) / kHistogramThreads + 1));
    os::global_histogram_kernel<kHistogramThreads, kHistogramCopies>
        <<<histogram_blocks, kHistogramThreads>>>(keys_in, n_, hist_.data());
    WS_CUDA_CHECK_LAUNCH();
    os::digit_offsets_kernel<<<os::kPasses, os::kDigits>>>(hist_.data(), offsets_.data());
    WS_CUDA_CHECK_LAUNCH();
    const uint32_t* keys = keys_in;
    const uint32_t* values = values_in;
    for (int pass = 0; pass < os::kPasses; ++pass) {
      // Passes alternate between the scratch buffers and the output; 4 passes end in the output.
      uint32_t* keys_to = pass % 2 == 0 ? keys_scratch_.data() : keys_out;
      uint32_t* values_to =
          kPairs ? (pass % 2 == 0 ? values_scratch_.data() : values_out) : nullptr;
      os::onesweep_pass_kernel<P, kPairs>
          <<<static_cast<unsigned>(tiles_), P::kThreads, kDynamicShared>>>(
              keys, keys_to, values, values_to, n_, pass * os::kBits,
              offsets_.data() + pass * os::kDigits,
              lookback_.data() + static_cast<size_t>(pass) * tiles_ * os::kDigits,
              counters_.data() + pass, spin_ns_);
      WS_CUDA_CHECK_LAUNCH();
      keys = keys_to;
      values = values_to;
    }
  }

 private:
  static constexpr size_t kDynamicShared = onesweep::kPassDynamicShared<P, kPairs>;
  static constexpr int kHistogramThreads = 256, kHistogramCopies = 2;
  static constexpr int64_t kHistogramBlocks = 132 * 8;
  static_assert(onesweep::kPasses % 2 == 0, "an even number of passes ends in the output");
  int n_, tiles_;
  unsigned spin_ns_;
  DeviceBuffer<uint32_t> hist_, offsets_, lookback_, counters_, keys_scratch_, values_scratch_;
};

}  // namespace ws::radix
