// CPU-only builds: the segmented scan's CUDA entry points say there is no CUDA backend.
#include "common/error.h"
#include "segmented_internal.h"

namespace ws::segscan {

#if !defined(WARPSCOPE_HAVE_CUDA)
namespace {
[[noreturn]] void no_cuda() {
  throw Error("this build of warpscope has no CUDA backend (built without nvcc)");
}
}  // namespace
TeachRun teach_cuda(const Params&, const Segments&) {
  no_cuda();
}
scan::FastRun fast_cuda(const Params&, const void*, const uint8_t*, void*, int64_t, int) {
  no_cuda();
}
#endif

}  // namespace ws::segscan
