// Variant 6's launch: the fast SGEMM in the configuration the size calls for (the kernel and its
// configurations are in matmul_fast.cuh, which the tuning harness bench/dev/matmul_tune.cu
// sweeps; matmul_config.h says which tile runs when).
#include <cuda_runtime.h>

#include "matmul_config.h"
#include "matmul_cuda.cuh"
#include "matmul_fast.cuh"

namespace ws::mem::mm {

// The two tiles of variant 6 (matmul_config.h chooses by size): 128 x 256 x 16 with 8 warps of
// 64 x 64 (8 x 4 per lane, 4 sub-tiles across), and 128 x 64 x 16 with 4 warps of 64 x 32.
using FastWide = fast::FastConfig<128, 256, 16, 64, 64, 4, 8, 4, 256>;
using FastNarrow = fast::FastConfig<128, 64, 16, 64, 32, 2, 8, 4, 128>;
static_assert(FastWide::kBM == kFastBM && FastWide::kBN == kFastWideBN &&
                  FastNarrow::kBM == kFastBM && FastNarrow::kBN == kFastNarrowBN,
              "matmul_config.h names variant 6's block tiles");

void launch_matmul_fast(const float* M, const float* N, float* P, int I, int J, int K) {
  int device = 0, sms = kFastModelSms;
  WS_CUDA_CHECK(cudaGetDevice(&device));
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  if (fast_block_cols(I, K, sms) == kFastWideBN)
    WS_CUDA_CHECK(fast::launch_fast<FastWide>(M, N, P, I, J, K));
  else
    WS_CUDA_CHECK(fast::launch_fast<FastNarrow>(M, N, P, I, J, K));
}

}  // namespace ws::mem::mm
