// The full-size CUDA kernels of variants 2-8 (histogram_fast_*.cu), as the engine
// (histogram_engine.cu) launches them: one description of the samples, bins and counters, and a
// launch function per kernel file. Every launch adds into `hist` (zeroed by the caller) on the
// legacy default stream.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "histogram.h"

namespace ws::histogram {

struct FastArgs {
  SampleType type = SampleType::F32;
  const uint8_t* u8 = nullptr;  // device samples when type == U8
  const float* f32 = nullptr;   // device samples when type == F32
  int64_t n = 0;
  BinSpec bins;
  const int* lut = nullptr;  // device: bin_of(v, bins) for v = 0..255 (u8 samples)
  uint32_t* hist = nullptr;  // device: bins.count counters
  LaunchShape launch;        // resolved (engine_launch)
  bool race = false;
};

// The bin of sample i, read through the read-only cache: u8 samples through the 256-entry table
// (bins identical to the CPU's bin_of), floats through bin_of itself.
struct U8Bins {
  const uint8_t* in;
  const int* lut;
  __device__ __forceinline__ int operator()(int64_t i) const { return __ldg(&lut[__ldg(&in[i])]); }
};
struct F32Bins {
  const float* in;
  BinSpec b;
  __device__ __forceinline__ int operator()(int64_t i) const { return bin_of(__ldg(&in[i]), b); }
};

// Calls `f(bins)` with the sample type's binner.
template <class F>
void with_bins(const FastArgs& a, F&& f) {
  if (a.type == SampleType::U8)
    f(U8Bins{a.u8, a.lut});
  else
    f(F32Bins{a.f32, a.bins});
}

// histogram_fast_global.cu: 2 (global atomics, or the racy read-modify-write) and 3 (private
// copies in global memory, `copies` = launch.grid_dim * bins.count counters, zeroed here).
void launch_global_atomic(const FastArgs& a);
void launch_private_global(const FastArgs& a, uint32_t* copies);
// histogram_fast_shared.cu: 4, 5, 6, 7 (a private copy per block in shared memory).
void launch_private_shared(Variant v, const FastArgs& a);
// histogram_fast_warp.cu: 8, the fastest kernel (its own launch shape, see the file).
void launch_warp_aggregated(const FastArgs& a);
// histogram_fast_global.cu: 1, thread 0 alone (the reference on the device).
void launch_sequential(const FastArgs& a);

}  // namespace ws::histogram
