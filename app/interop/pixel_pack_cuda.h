// The CUDA packing launches of PixelImage, declared without device code so C++ files
// (cuda_planes.cpp, the benchmark) can call them. CUDA builds only: WARPSCOPE_HAVE_CUDA.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace ws::interop {

// Writes width * height packed RGBA8 pixels to linear device memory `out` (a mapped GL pixel
// buffer or a device buffer) from `channels` (1 or 3) device planes of width * height bytes, on
// `stream` (asynchronous; a bad launch throws ws::Error). Same rule as pack_planes_host.
void launch_pack_planes(const uint8_t* planes, int width, int height, int channels, uint32_t* out,
                        cudaStream_t stream);

// The same pixels written straight into a texture through a surface object (a registered,
// mapped GL RGBA8 texture of width x height): pixel (x, y) comes from byte y * width + x of each
// plane.
void launch_pack_planes_surface(const uint8_t* planes, int width, int height, int channels,
                                cudaSurfaceObject_t surface, cudaStream_t stream);

}  // namespace ws::interop
