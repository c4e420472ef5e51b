// Fast radix sort on the CPU: LSD with 8-bit digits, each pass a counting pass (the bucket
// table of one block), its exclusive scan and a stable scatter; std::stable_sort as the library.
#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "common/error.h"
#include "common/timing.h"
#include "radix_sort_internal.h"

namespace ws::radix {

namespace {

// LSD passes of 8-bit digits over elements whose 32-bit key sits at bit `key_shift` (0 for keys,
// 32 for pairs packed as key << 32 | value): per pass a counting pass, its exclusive scan and a
// stable scatter.
template <class E>
void lsd_radix_sort(std::vector<E>& elements, std::vector<E>& scratch, int key_shift) {
  const size_t n = elements.size();
  scratch.resize(n);
  for (int shift = key_shift; shift < key_shift + 32; shift += 8) {
    std::array<size_t, 256> offsets{};
    for (E e : elements) ++offsets[(e >> shift) & 0xffu];
    size_t running = 0;
    for (size_t& o : offsets) {
      const size_t count = o;
      o = running;
      running += count;
    }
    for (E e : elements) scratch[offsets[(e >> shift) & 0xffu]++] = e;
    elements.swap(scratch);
  }
}

void require_cpu_size(int64_t n) {
  WS_REQUIRE(n >= 0 && n <= scan::kCpuFastMaxN, "the CPU sorts at most " +
                                                    std::to_string(scan::kCpuFastMaxN) +
                                                    " keys, not " + std::to_string(n));
}

template <class Sort>
scan::FastRun timed(const uint32_t* in, uint32_t* out, int64_t n, int repeats, Sort&& sort) {
  require_cpu_size(n);
  std::vector<uint32_t> keys;
  scan::FastRun run;
  run.n = n;
  // The copy of the input is part of every run for both sorts (they sort in place).
  run.median_ms = host_median_ms(repeats, [&] {
    keys.assign(in, in + n);
    sort(keys);
  });
  run.gbps = sort_gbps(n, run.median_ms);
  if (out != nullptr && n > 0) std::memcpy(out, keys.data(), static_cast<size_t>(n) * 4);
  return run;
}

// Pairs packed as (key << 32) | value, so one array moves; the copy in and the unpacking out are
// part of every run, for ours and the library's alike.
template <class Sort>
scan::FastRun timed_pairs(const uint32_t* keys, const uint32_t* values, uint32_t* keys_out,
                          uint32_t* values_out, int64_t n, int repeats, Sort&& sort) {
  require_cpu_size(n);
  std::vector<uint64_t> pairs;
  scan::FastRun run;
  run.n = n;
  run.median_ms = host_median_ms(repeats, [&] {
    pairs.resize(static_cast<size_t>(n));
    for (size_t i = 0; i < pairs.size(); ++i) pairs[i] = uint64_t{keys[i]} << 32 | values[i];
    sort(pairs);
  });
  run.gbps = sort_pairs_gbps(n, run.median_ms);
  for (size_t i = 0; i < pairs.size(); ++i) {
    if (keys_out != nullptr) keys_out[i] = static_cast<uint32_t>(pairs[i] >> 32);
    if (values_out != nullptr) values_out[i] = static_cast<uint32_t>(pairs[i]);
  }
  return run;
}

}  // namespace

scan::FastRun sort_pairs_cpu(const uint32_t* keys, const uint32_t* values, uint32_t* keys_out,
                             uint32_t* values_out, int64_t n, int repeats) {
  std::vector<uint64_t> scratch;
  return timed_pairs(keys, values, keys_out, values_out, n, repeats,
                     [&](std::vector<uint64_t>& p) { lsd_radix_sort(p, scratch, 32); });
}

scan::FastRun library_pairs_cpu(const uint32_t* keys, const uint32_t* values, uint32_t* keys_out,
                                uint32_t* values_out, int64_t n, int repeats) {
  return timed_pairs(keys, values, keys_out, values_out, n, repeats, [](std::vector<uint64_t>& p) {
    std::stable_sort(p.begin(), p.end(),
                     [](uint64_t a, uint64_t b) { return (a >> 32) < (b >> 32); });
  });
}

scan::FastRun sort_cpu(const uint32_t* in, uint32_t* out, int64_t n, int repeats) {
  std::vector<uint32_t> scratch;
  return timed(in, out, n, repeats,
               [&](std::vector<uint32_t>& k) { lsd_radix_sort(k, scratch, 0); });
}

scan::FastRun library_cpu(const uint32_t* in, uint32_t* out, int64_t n, int repeats) {
  return timed(in, out, n, repeats,
               [](std::vector<uint32_t>& k) { std::stable_sort(k.begin(), k.end()); });
}

}  // namespace ws::radix
