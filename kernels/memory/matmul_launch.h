// The CUDA side of the full-size matrix multiplications, CUDA-free to declare: matmul_timing.cu
// defines these in CUDA builds, matmul_none.cpp stands in for them otherwise.
#pragma once

#include <vector>

#include "matmul.h"

namespace ws::mem {

// The product on the device with variant `v` (`tile`: TILE_WIDTH 8, 16 or 32 for variants 1-3).
std::vector<float> run_matmul_cuda(MatmulVariant v, const FloatMatrix& M, const FloatMatrix& N,
                                   int tile);

// Throws ws::Error naming the option for a full-size request the kernels cannot run.
void check_matmul_full_size(MatmulVariant v, int I, int J, int K, int tile);

}  // namespace ws::mem
