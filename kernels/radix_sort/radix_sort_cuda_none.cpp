// CPU-only builds: the radix sort's CUDA entry points say there is no CUDA backend.
#include "common/error.h"
#include "radix_sort_internal.h"

namespace ws::radix {

#if !defined(WARPSCOPE_HAVE_CUDA)
namespace {
[[noreturn]] void no_cuda() {
  throw Error("this build of warpscope has no CUDA backend (built without nvcc)");
}
}  // namespace
scan::FastRun sort_cuda(const uint32_t*, uint32_t*, int64_t, int) {
  no_cuda();
}
scan::FastRun library_cuda(const uint32_t*, uint32_t*, int64_t, int) {
  no_cuda();
}
scan::FastRun sort_cuda_bits(const uint32_t*, uint32_t*, int64_t, int, int) {
  no_cuda();
}
scan::FastRun sort_pairs_cuda(const uint32_t*, const uint32_t*, uint32_t*, uint32_t*, int64_t,
                              int) {
  no_cuda();
}
scan::FastRun library_pairs_cuda(const uint32_t*, const uint32_t*, uint32_t*, uint32_t*, int64_t,
                                 int) {
  no_cuda();
}
#endif

}  // namespace ws::radix
