// The colormap kernels: the shared rule from colormap.h, one thread per pixel. Two variants that
// differ only in where the pixel goes:
//   colormap_kernel          grid-stride over linear memory (a mapped GL pixel buffer for the
//                            pixel-buffer interop path, a device buffer for the copy fallback);
//   colormap_surface_kernel  a 2D grid of 32 x 8 blocks writing a GL texture through a surface
//                            object (the surface interop path: no buffer, no GL copy).
// Work O(pixels), one step; each pixel reads one float and writes 4 bytes.
#include "interop/colormap_cuda.h"

#include <algorithm>

#include "common/cuda_check.cuh"

namespace ws::interop {

namespace {

__global__ void colormap_kernel(Colormap map, const float* __restrict__ values, int64_t n,
                                int64_t cells, float lo, float hi, uint32_t* __restrict__ out) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < cells; i += stride) {
    out[i] = cell_rgba(map, values, n, i, lo, hi);
  }
}

__global__ void colormap_surface_kernel(Colormap map, const float* __restrict__ values, int64_t n,
                                        int width, int height, float lo, float hi,
                                        cudaSurfaceObject_t surface) {
  const int x = int(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = int(blockIdx.y * blockDim.y + threadIdx.y);
  if (x >= width || y >= height) return;
  const int64_t i = int64_t(y) * width + x;
  surf2Dwrite(cell_rgba(map, values, n, i, lo, hi), surface, x * int(sizeof(uint32_t)), y);
}

}  // namespace

void launch_colormap(Colormap map, const float* values, int64_t n, int64_t cells, float lo,
                     float hi, uint32_t* out, cudaStream_t stream) {
  if (cells <= 0) return;
  constexpr int kThreads = 256;
  constexpr int64_t kMaxBlocks = 1 << 16;  // grid-stride beyond 16M pixels
  const int64_t blocks = std::min<int64_t>((cells + kThreads - 1) / kThreads, kMaxBlocks);
  colormap_kernel<<<static_cast<unsigned>(blocks), kThreads, 0, stream>>>(map, values, n, cells, lo,
                                                                          hi, out);
  WS_CUDA_CHECK_LAUNCH();
}

void launch_colormap_surface(Colormap map, const float* values, int64_t n, int width, int height,
                             float lo, float hi, cudaSurfaceObject_t surface, cudaStream_t stream) {
  if (width <= 0 || height <= 0) return;
  const dim3 block(32, 8);
  const dim3 grid((unsigned(width) + block.x - 1) / block.x,
                  (unsigned(height) + block.y - 1) / block.y);
  colormap_surface_kernel<<<grid, block, 0, stream>>>(map, values, n, width, height, lo, hi,
                                                      surface);
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace ws::interop
