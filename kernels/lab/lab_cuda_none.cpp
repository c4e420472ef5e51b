// CPU-only builds: no CUDA backend for the kernel lab (the CPU backend runs the same kernels).
#include "lab.h"

namespace ws::lab {

Result run_cuda(const Job& job) {
  validate_job(job);
  Result result;
  result.backend_name = "cuda";
  Diagnostic d{DiagKind::Missing};
  d.message =
      "the CUDA backend is not in this build (built without CUDA: configure with "
      "WARPSCOPE_CUDA=ON); use the CPU backend";
  result.diagnostics.push_back(std::move(d));
  return result;
}

}  // namespace ws::lab
