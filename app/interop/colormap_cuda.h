// The CUDA colormap launch, declared without device code so C++ files (cuda_pixels.cpp) can call
// it. CUDA builds only: WARPSCOPE_HAVE_CUDA.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>

namespace ws::interop {

// Writes `cells` packed RGBA8 pixels to device memory `out` from the `n` device values, on
// `stream` (asynchronous; a bad launch throws ws::Error). Same rule as colormap_fill_host.
void launch_colormap(const float* values, int64_t n, int64_t cells, float lo, float hi,
                     uint32_t* out, cudaStream_t stream);

}  // namespace ws::interop
