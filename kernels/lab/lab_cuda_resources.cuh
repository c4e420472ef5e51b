// The compiled lab kernel's resources (lab.h's Resources). Throws ws::Error on a CUDA failure.
#pragma once

#include "lab/lab.h"
#include "lab/lab_cuda_module.cuh"
#include "lab/lab_cuda_nvrtc.h"

namespace ws::lab {

Resources lab_kernel_resources(const Job& job, const LabModule& module, const NvrtcBuild& build);

}  // namespace ws::lab
