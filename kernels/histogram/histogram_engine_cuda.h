// The CUDA engine's own pieces in other files (CUDA builds only): the CUB baseline
// (histogram_library.cu) and the equalization map (histogram_equalize.cu), on device samples.
#pragma once

#include <cstdint>

#include "histogram.h"

namespace ws::histogram {

struct DeviceSampleSet {
  SampleType type = SampleType::F32;
  const uint8_t* u8 = nullptr;
  const float* f32 = nullptr;
  int64_t n = 0;
};

// CUB DeviceHistogram::HistogramEven on the samples (histogram.h: time_library).
LibraryTiming cub_histogram(const DeviceSampleSet& s, const BinSpec& b, int repeats);

// out[c * plane + i] = luts[c * 256 + in[c * plane + i]] for every channel c (device pointers,
// the legacy default stream).
void launch_equalize_map(const uint8_t* in, const uint8_t* luts, uint8_t* out, int64_t plane,
                         int channels);

}  // namespace ws::histogram
