// The CUDA side of the summed-area-table API that C++ files call: teach on the device and the CUDA
// engine. CUDA-free; defined by the .cu files in CUDA builds and by *_none.cpp (which throw
// ws::Error saying this build has no CUDA backend) in CPU-only builds. The kernel launches on
// device memory are in sat_launch.h.
#pragma once

#include <memory>

#include "sat.h"

namespace ws::sat {

// Teach mode on the device: the traced kernels (the same trace as the CPU twins).
TeachRun teach_cuda(const TeachParams& params, const Plane& input);

// The CUDA engine (sat_engine.cu).
std::unique_ptr<Engine> make_cuda_engine();

}  // namespace ws::sat
