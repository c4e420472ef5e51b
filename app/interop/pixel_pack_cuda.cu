// The plane packing kernels of PixelImage: the shared rule from pixel_pack.h, one thread per
// pixel. Two variants that differ only in where the pixel goes:
//   pack_planes_kernel          grid-stride over linear memory (a mapped GL pixel buffer for the
//                               pixel-buffer interop path, a device buffer for the copy fallback);
//   pack_planes_surface_kernel  a 2D grid of 32 x 8 blocks writing a GL texture through a surface
//                               object (the surface interop path: no buffer, no GL copy).
// Work O(pixels), one step; each pixel reads one byte per channel and writes 4 bytes. The channel
// count is a template parameter, so the grey and RGB kernels have no per-pixel branch.
#include "interop/pixel_pack_cuda.h"

#include <algorithm>

#include "common/cuda_check.cuh"
#include "interop/pixel_pack.h"

namespace ws::interop {

namespace {

template <int kChannels>
__global__ void pack_planes_kernel(const uint8_t* __restrict__ planes, int64_t plane_size,
                                   uint32_t* __restrict__ out) {
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < plane_size; i += stride) {
    out[i] = plane_pixel(planes, plane_size, kChannels, i);
  }
}

template <int kChannels>
__global__ void pack_planes_surface_kernel(const uint8_t* __restrict__ planes, int width,
                                           int height, cudaSurfaceObject_t surface) {
  const int x = int(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = int(blockIdx.y * blockDim.y + threadIdx.y);
  if (x >= width || y >= height) return;
  const int64_t i = int64_t(y) * width + x;
  surf2Dwrite(plane_pixel(planes, int64_t(width) * height, kChannels, i), surface,
              x * int(sizeof(uint32_t)), y);
}

}  // namespace

void launch_pack_planes(const uint8_t* planes, int width, int height, int channels, uint32_t* out,
                        cudaStream_t stream) {
  const int64_t cells = int64_t(width) * height;
  if (cells <= 0) return;
  constexpr int kThreads = 256;
  constexpr int64_t kMaxBlocks = 1 << 16;  // grid-stride beyond 16M pixels
  const unsigned blocks =
      static_cast<unsigned>(std::min<int64_t>((cells + kThreads - 1) / kThreads, kMaxBlocks));
  if (channels == 1) {
    pack_planes_kernel<1><<<blocks, kThreads, 0, stream>>>(planes, cells, out);
  } else {
    pack_planes_kernel<3><<<blocks, kThreads, 0, stream>>>(planes, cells, out);
  }
  WS_CUDA_CHECK_LAUNCH();
}

void launch_pack_planes_surface(const uint8_t* planes, int width, int height, int channels,
                                cudaSurfaceObject_t surface, cudaStream_t stream) {
  if (width <= 0 || height <= 0) return;
  const dim3 block(32, 8);
  const dim3 grid((unsigned(width) + block.x - 1) / block.x,
                  (unsigned(height) + block.y - 1) / block.y);
  if (channels == 1) {
    pack_planes_surface_kernel<1><<<grid, block, 0, stream>>>(planes, width, height, surface);
  } else {
    pack_planes_surface_kernel<3><<<grid, block, 0, stream>>>(planes, width, height, surface);
  }
  WS_CUDA_CHECK_LAUNCH();
}

}  // namespace ws::interop
