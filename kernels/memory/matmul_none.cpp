// CPU-only builds: the matrix multiplication's CUDA entry points say there is no CUDA backend.
#include "../common/error.h"
#include "matmul_launch.h"
#include "matmul_teach_cpu.h"

namespace ws::mem {

namespace {

const char* const kMatmulNoCuda =
    "this build has no CUDA backend (configure with WARPSCOPE_CUDA=ON)";

MatmulTiming matmul_unavailable(const std::string& name) {
  MatmulTiming t;
  t.name = name;
  t.note = kMatmulNoCuda;
  return t;
}

}  // namespace

MatmulTeachRun teach_matmul_cuda(const MatmulTeachParams&, const FloatMatrix&, const FloatMatrix&) {
  throw Error(std::string("matmul teach mode on cuda: ") + kMatmulNoCuda);
}

std::vector<float> run_matmul_cuda(MatmulVariant, const FloatMatrix&, const FloatMatrix&, int) {
  throw Error(std::string("matmul on cuda: ") + kMatmulNoCuda);
}

MatmulTiming time_matmul(MatmulVariant v, int I, int J, int K, int tile, int) {
  check_matmul_full_size(v, I, J, K, tile);
  return matmul_unavailable(matmul_info(v).title);
}

MatmulTiming time_cublas_sgemm(int I, int J, int K, int) {
  check_matmul_full_size(MatmulVariant::Fast, I, J, K, 16);
  return matmul_unavailable("cuBLAS cublasSgemm (FP32, no TF32)");
}

std::vector<float> cublas_sgemm(const FloatMatrix&, const FloatMatrix&, std::string& note) {
  note = kMatmulNoCuda;
  return {};
}

}  // namespace ws::mem
