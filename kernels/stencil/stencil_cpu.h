// The CPU side of the stencil API (stencil_cpu.cpp, stencil_teach_cpu.cpp,
// stencil_sim_cpu.cpp). Called only from
// the dispatching functions in stencil_sim.cpp; private to kernels/stencil.
#pragma once

#include <memory>
#include <vector>

#include "stencil.h"

namespace ws::stencil {

std::unique_ptr<Simulation> make_cpu_simulation(const Params& p);

// Throws ws::Error unless `field` (and, with materials, `material`) hold p.cells() values.
void require_field_sizes(const Params& p, const std::vector<float>& field,
                         const std::vector<float>& material);
// run_cpu with a caller-kept ping-pong buffer (resized as needed); material may be null when
// !p.materials.
void run_cpu_launches(const Params& p, std::vector<float>& field, std::vector<float>& scratch,
                      const float* material, int steps);
TeachRun teach_cpu(const Params& p, const std::vector<float>& field,
                   const std::vector<float>& material);

}  // namespace ws::stencil
