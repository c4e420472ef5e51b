// The CUDA side of the stencil API (stencil.cu, CUDA builds; stencil_cuda_none.cpp otherwise
// throws ws::Error saying the build has no CUDA backend). Called only from the dispatching
// functions in stencil.h.
#pragma once

#include <memory>
#include <vector>

#include "stencil.h"

namespace ws::stencil {

std::unique_ptr<Simulation> make_cuda_simulation(const Params& p);
TeachRun teach_cuda(const Params& p, const std::vector<float>& field,
                    const std::vector<float>& material);

}  // namespace ws::stencil
