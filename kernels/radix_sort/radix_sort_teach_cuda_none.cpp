// CPU-only builds: the traced radix sort's CUDA entry point says there is no CUDA backend.
#include "common/error.h"
#include "radix_sort_teach.h"

namespace ws::radix {

#if !defined(WARPSCOPE_HAVE_CUDA)
TeachRun teach_cuda(const TeachParams&, const std::vector<uint32_t>&) {
  throw Error("this build of warpscope has no CUDA backend (built without nvcc)");
}
#endif

}  // namespace ws::radix
