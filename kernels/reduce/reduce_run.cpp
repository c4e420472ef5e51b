#include "reduce_run.h"

#include "../common/error.h"
#if defined(WARPSCOPE_HAVE_CUDA)
#include "reduce_cuda.h"
#endif

namespace ws::reduce {

bool backend_built(Backend backend) {
#if defined(WARPSCOPE_HAVE_CUDA)
  (void)backend;
  return true;
#else
  return backend == Backend::Cpu;
#endif
}

TeachRun teach(Backend backend, const Params& p, const std::vector<double>& values) {
  if (backend == Backend::Cpu) return teach_cpu(p, values);
#if defined(WARPSCOPE_HAVE_CUDA)
  return teach_cuda(p, values);
#else
  throw Error("this warpscope was built without CUDA: use the CPU backend");
#endif
}

FastRun fast(Backend backend, const Params& p, const void* data, int64_t n, int repeats) {
  if (backend == Backend::Cpu) return fast_cpu(p, data, n, repeats);
#if defined(WARPSCOPE_HAVE_CUDA)
  const auto r = fast_cuda(p, data, n, repeats);
  FastRun out;
  out.result = r.result;
  out.median_ms = r.median_ms;
  out.gbps = r.gbps;
  out.n = r.n;
  return out;
#else
  throw Error("this warpscope was built without CUDA: use the CPU backend");
#endif
}

}  // namespace ws::reduce
