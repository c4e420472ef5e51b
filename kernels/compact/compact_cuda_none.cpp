// CPU-only builds: compaction's CUDA entry points say there is no CUDA backend.
#include "common/error.h"
#include "compact_internal.h"

namespace ws::compact {

#if !defined(WARPSCOPE_HAVE_CUDA)
namespace {
[[noreturn]] void no_cuda() {
  throw Error("this build of warpscope has no CUDA backend (built without nvcc)");
}
}  // namespace
TeachRun teach_cuda(const Params&, const std::vector<double>&) {
  no_cuda();
}
scan::FastRun fast_cuda(const Params&, const void*, void*, int64_t, int, int64_t*) {
  no_cuda();
}
scan::FastRun library_cuda(const Params&, const void*, void*, int64_t, int, int64_t*) {
  no_cuda();
}
#endif

}  // namespace ws::compact
