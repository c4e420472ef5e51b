// The colormap kernel: one thread per pixel (grid-stride), the shared rule from colormap.h. It
// writes either into the mapped GL pixel buffer (interop) or into a device buffer (copy fallback).
#include "interop/colormap_cuda.h"

#include <algorithm>

#include "common/cuda_check.cuh"
#include "interop/colormap.h"

namespace ws::interop {

namespace {

__global__ void colormap_kernel(const float* __restrict__ values, int64_t n, int64_t cells,
                                float lo, float hi, uint32_t* __restrict__ out) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < cells; i += stride) {
    out[i] = cell_rgba(values, n, i, lo, hi);
  }
}

}  // namespace

void launch_colormap(const float* values, int64_t n, int64_t cells, float lo, float hi,
                     uint32_t* out, cudaStream_t stream) {
  if (cells <= 0) return;
  constexpr int kThreads = 256;
  constexpr int64_t kMaxBlocks = 1 << 16;  // grid-stride beyond 16M pixels
  const int64_t blocks = std::min<int64_t>((cells + kThreads - 1) / kThreads, kMaxBlocks);
  colormap_kernel<<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(values, n, cells, lo, hi,
                                                                          out);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace ws::interop
