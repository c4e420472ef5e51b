// The CUDA colormap launches, declared without device code so C++ files (cuda_pixels.cpp, the
// benchmarks) can call them. CUDA builds only: WARPSCOPE_HAVE_CUDA.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

#include "interop/colormap.h"

namespace ws::interop {

// Writes `cells` packed RGBA8 pixels to linear device memory `out` (a mapped GL pixel buffer or a
// device buffer) from the `n` device values, on `stream` (asynchronous; a bad launch throws
// ws::Error). Same rule as colormap_fill_host.
void launch_colormap(Colormap map, const float* values, int64_t n, int64_t cells, float lo,
                     float hi, uint32_t* out, cudaStream_t stream);

// The same pixels written straight into a texture through a surface object (a registered,
// mapped GL RGBA8 texture of width x height): pixel (x, y) is value y * width + x.
void launch_colormap_surface(Colormap map, const float* values, int64_t n, int width, int height,
                             float lo, float hi, cudaSurfaceObject_t surface, cudaStream_t stream);

}  // namespace ws::interop
