// Histogram equalization's last step on the device: every pixel through its channel's lookup
// table (histogram_engine.cu builds the tables: variant 8's counts, the scan scene's cumulative
// histogram, equalization_lut). A grid-stride loop over the pixels, the tables in shared memory:
// work n, steps n / p.
#include <algorithm>

#include "../common/cuda_check.cuh"
#include "histogram_engine_cuda.h"

namespace ws::histogram {

namespace {

constexpr int kMaxChannels = 4;

__global__ void equalize_map(const uint8_t* __restrict__ in, const uint8_t* __restrict__ luts,
                             uint8_t* __restrict__ out, int64_t plane, int channels) {
  __shared__ uint8_t lut[kMaxChannels * 256];
  for (int j = threadIdx.x; j < channels * 256; j += blockDim.x) lut[j] = luts[j];
  __syncthreads();
  const int64_t n = plane * channels;
  const int64_t p = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += p)
    out[i] = lut[int(i / plane) * 256 + in[i]];
}

}  // namespace

void launch_equalize_map(const uint8_t* in, const uint8_t* luts, uint8_t* out, int64_t plane,
                         int channels) {
  const int64_t n = plane * channels;
  if (n == 0) return;
  const int threads = 256;
  const int blocks = int(std::min<int64_t>((n + threads - 1) / threads, 4096));
  equalize_map<<<blocks, threads>>>(in, luts, out, plane, channels);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace ws::histogram
