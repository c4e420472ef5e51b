// Teach mode's entry: checks a request against the limits (each message names its option and
// what is accepted), runs the CPU twin, and on Backend::Cuda the traced kernels in the twin's
// steps (spmv_device_teach.cu).
#include <algorithm>
#include <string>
#include <utility>

#include "../common/cuda_device.h"
#include "../common/error.h"
#include "spmv_teach_cpu.h"

namespace ws::spmv {

namespace {

void check_teach_request(const SpmvTeachParams& p, const CsrMatrix& m,
                         const std::vector<double>& x) {
  WS_REQUIRE(p.variant != SpmvVariant::Fast,
             "--variant: fast is taught by its own trace (spmv_fast.h); teach_spmv runs coo, "
             "csr, ell, hybrid, jds and csr-vector");
  spmv_info(p.variant);  // throws for a value outside the table
  WS_REQUIRE(p.type == ValueType::Float32 || p.type == ValueType::Float64,
             std::string("--type: ") + type_name(p.type) + " is not offered (float32, float64)");
  WS_REQUIRE(m.rows <= kSpmvTeachMaxRows, "--matrix: " + std::to_string(m.rows) +
                                              " rows; teach mode takes up to " +
                                              std::to_string(kSpmvTeachMaxRows));
  WS_REQUIRE(m.cols <= kSpmvTeachMaxCols, "--matrix: " + std::to_string(m.cols) +
                                              " columns; teach mode takes up to " +
                                              std::to_string(kSpmvTeachMaxCols));
  WS_REQUIRE(m.nnz() <= kSpmvTeachMaxNonzeros, "--matrix: " + std::to_string(m.nnz()) +
                                                   " nonzeros; teach mode takes up to " +
                                                   std::to_string(kSpmvTeachMaxNonzeros));
  validate(m);
  WS_REQUIRE(int64_t(x.size()) == m.cols, "--x: " + std::to_string(x.size()) + " values for " +
                                              std::to_string(m.cols) + " columns");
  WS_REQUIRE(p.block_dim >= 1 && p.block_dim <= kSpmvTeachMaxBlockDim,
             "--threads: " + std::to_string(p.block_dim) +
                 " threads per block; teach mode takes 1.." +
                 std::to_string(kSpmvTeachMaxBlockDim));
  WS_REQUIRE(p.variant != SpmvVariant::CsrVector || p.block_dim % kSpmvWarpSize == 0,
             "--threads " + std::to_string(p.block_dim) +
                 " must be a multiple of 32 for csr-vector (a warp per row)");
  int32_t longest = 0;
  for (int32_t r = 0; r < m.rows; ++r) longest = std::max(longest, m.row_length(r));
  WS_REQUIRE(
      p.variant != SpmvVariant::Hybrid || (p.hybrid_width >= -1 && p.hybrid_width <= longest),
      "--ell-width: " + std::to_string(p.hybrid_width) +
          "; accepted -1 (chosen from the "
          "row lengths) or 0.." +
          std::to_string(longest) + " (the longest row)");
}

}  // namespace

SpmvTeachRun teach_spmv_cpu(const SpmvTeachParams& params, const CsrMatrix& matrix,
                            const std::vector<double>& x) {
  SpmvTwin twin = start_spmv_run(params, matrix, x);
  run_spmv_twin(twin);
  describe_spmv_run(twin.run);
  return std::move(twin.run);
}

SpmvTeachRun teach_spmv(const SpmvTeachParams& params, const CsrMatrix& matrix,
                        const std::vector<double>& x, Backend backend) {
  check_teach_request(params, matrix, x);
  if (backend == Backend::Cpu) return teach_spmv_cpu(params, matrix, x);
  WS_REQUIRE(cuda_device_available(), "--backend cuda: no CUDA device (" +
                                          cuda_device_description() +
                                          "); the CPU backend runs every SpMV variant");
  SpmvTwin twin = start_spmv_run(params, matrix, x);
  run_spmv_twin(twin);  // the device's buffer is sized from the twin's events
  teach_spmv_cuda(twin);
  describe_spmv_run(twin.run);
  return std::move(twin.run);
}

}  // namespace ws::spmv
