// The kernel lab's CUDA backend in a build without CUDA: every job gets one LaunchError.
// (Stand-in until lab_cuda*.cpp land; the CUDA build replaces it.)
#include "lab.h"

namespace ws::lab {

Result run_cuda(const Job& job) {
  validate_job(job);
  Result result;
  result.backend_name = "cuda";
  Diagnostic d;
  d.kind = DiagKind::Missing;
  d.message = "this warpscope was built without CUDA: run the kernel on the CPU backend";
  result.diagnostics.push_back(d);
  return result;
}

}  // namespace ws::lab
