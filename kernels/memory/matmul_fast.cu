// Variant 6's launch: the default configuration of the fast SGEMM (the kernel and its
// configurations are in matmul_fast.cuh, which the tuning harness bench/dev/matmul_tune.cu
// sweeps).
#include <cuda_runtime.h>

#include "matmul_config.h"
#include "matmul_cuda.cuh"
#include "matmul_fast.cuh"

namespace ws::mem::mm {

static_assert(fast::FastDefault::kBM == kFastDefaultBlockTile &&
                  fast::FastDefault::kBN == kFastDefaultBlockTile,
              "matmul_config.h names the default fast block tile");

void launch_matmul_fast(const float* M, const float* N, float* P, int I, int J, int K) {
  WS_CUDA_CHECK(fast::launch_fast<fast::FastDefault>(M, N, P, I, J, K));
}

}  // namespace ws::mem::mm
