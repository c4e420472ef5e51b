// Full-size runs on either backend (the CPU runs the twins' arithmetic, matmul_float) and the
// device's FP32 peak for the roofline.
#include <string>

#include "../common/cuda_device.h"
#include "../common/error.h"
#include "matmul_config.h"
#include "matmul_launch.h"

namespace ws::mem {

void check_matmul_full_size(MatmulVariant v, int I, int J, int K, int tile) {
  const int id = int(v);
  if (id < 1 || id > 6) throw Error("unknown matmul variant " + std::to_string(id));
  for (const int s : {I, J, K})
    if (s < 1 || s > kMatmulMaxSide)
      throw Error("matmul sizes must be 1.." + std::to_string(kMatmulMaxSide) + ", not " +
                  std::to_string(I) + " x " + std::to_string(J) + " x " + std::to_string(K));
  if (id <= 3 && tile != 8 && tile != 16 && tile != 32)
    throw Error("tile (TILE_WIDTH) must be 8, 16 or 32 at full size, not " + std::to_string(tile));
}

std::vector<float> run_matmul(MatmulVariant v, const FloatMatrix& M, const FloatMatrix& N, int tile,
                              Backend backend) {
  WS_REQUIRE(M.cols == N.rows, "matmul: M has " + std::to_string(M.cols) + " columns but N has " +
                                   std::to_string(N.rows) + " rows; P = M N needs them equal");
  check_matmul_full_size(v, M.rows, M.cols, N.cols, tile);
  if (backend == Backend::Cuda) return run_matmul_cuda(v, M, N, tile);
  return matmul_float(M, N);
}

double peak_fp32_gflops() {
  const CudaPeak peak = cuda_fp32_peak();
  return peak.available ? peak.fp32_gflops : 0.0;
}

}  // namespace ws::mem
