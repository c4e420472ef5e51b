// Internal to the CUDA stencil (CUDA-free declarations): the fast-mode launches of stencil.cu
// and stencil_fast.cu, used by the simulation (stencil_sim.cu). Every launch goes to the legacy
// default stream 0.
#pragma once

#include "stencil.h"

namespace ws::stencil::detail {

// One launch of p.variant on device pointers, `in` to `out`: one time step, or for variant 5
// `time_steps` (1..K) steps in shared memory. `material` may be null when !p.materials.
void launch_fast(const Params& p, const float* in, float* out, const float* material,
                 int time_steps);

// stencil_fast.cu: the streaming kernels of fast mode (3D basic over every cell, shared tiling
// with a wide tile, 3D plane marching for coarsened-z, 3D register tiling marching in registers,
// 2D temporal blocking in registers).
// launch_streaming launches p's when one applies and returns whether it did.
bool launch_streaming(const Params& p, const float* in, float* out, const float* material,
                      int time_steps);

}  // namespace ws::stencil::detail
