// The library baseline (histogram.h: LibraryTiming): CUB DeviceHistogram::HistogramEven on the
// engine's device samples with the engine's bins, B + 1 levels lo, lo + width, ..., hi. Only
// CUB's call is timed (CUDA events, one warm-up run, the median of the repeats); its temporary
// storage is allocated before. CUB bins a float as (x - lo) * B / (hi - lo) in its own arithmetic,
// which can differ from bin_of for a sample on a bin edge; integer-valued samples on integer bin
// edges agree (the GPU tests check it).
#include <cub/device/device_histogram.cuh>

#include <string>

#include "../common/cuda_check.cuh"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "histogram_engine_cuda.h"

namespace ws::histogram {

namespace {

template <class T, class Level>
LibraryTiming cub_typed(const T* samples, int64_t n, const BinSpec& b, Level lo, Level hi,
                        int repeats) {
  LibraryTiming result;
  result.name = "CUB DeviceHistogram::HistogramEven";
  const int levels = b.count + 1;
  size_t temp_bytes = 0;
  WS_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(nullptr, temp_bytes, samples,
                                                    (unsigned int*)nullptr, levels, lo, hi, n));
  require_device_memory(temp_bytes + size_t(b.count) * 4,
                        "CUB's histogram of " + std::to_string(b.count) + " bins");
  DeviceBuffer<unsigned char> temp(std::max<size_t>(temp_bytes, 1));
  DeviceBuffer<unsigned int> counts(size_t(b.count));
  auto run = [&] {
    size_t bytes = temp_bytes;
    WS_CUDA_CHECK(cub::DeviceHistogram::HistogramEven(temp.data(), bytes, samples, counts.data(),
                                                      levels, lo, hi, n));
  };
  result.ms = median_ms(run, 1, std::max(1, repeats));
  result.available = true;
  const std::vector<unsigned int> c = counts.download();
  result.counts.assign(c.begin(), c.end());
  return result;
}

}  // namespace

LibraryTiming cub_histogram(const DeviceSampleSet& s, const BinSpec& b, int repeats) {
  if (s.type == SampleType::U8) {
    // u8 levels are ints; bins not on integer edges cannot be expressed: CUB on the float copy
    // would need one; say so instead.
    const float lo = b.lo, hi = b.hi;
    const bool integral =
        lo == float(int(lo)) && hi == float(int(hi)) && (int(hi) - int(lo)) % b.count == 0;
    if (integral) {
      LibraryTiming t = cub_typed(s.u8, s.n, b, int(lo), int(hi), repeats);
      t.note =
          "u8 samples, integer levels " + std::to_string(int(lo)) + ".." + std::to_string(int(hi));
      return t;
    }
    LibraryTiming t;
    t.name = "CUB DeviceHistogram::HistogramEven";
    t.note = "CUB's u8 histogram needs integer bin edges; these bins [" + std::to_string(lo) +
             ", " + std::to_string(hi) + ") in " + std::to_string(b.count) + " are not";
    return t;
  }
  LibraryTiming t = cub_typed(s.f32, s.n, b, b.lo, b.hi, repeats);
  t.note =
      "f32 samples: CUB bins with its own float arithmetic; a sample on a bin edge may land in "
      "the neighbouring bin compared with bin_of";
  return t;
}

}  // namespace ws::histogram
