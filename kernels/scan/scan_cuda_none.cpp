// CPU-only builds: the CUDA entry points of the scan say there is no CUDA backend.
#include "common/error.h"
#include "scan_cuda.h"

namespace ws::scan {

#if !defined(WARPSCOPE_HAVE_CUDA)
namespace {
[[noreturn]] void no_cuda() {
  throw Error("this build of warpscope has no CUDA backend (built without nvcc)");
}
}  // namespace
TeachRun teach_cuda_kogge_stone(const Params&, const std::vector<double>&) {
  no_cuda();
}
FastRun fast_cuda_kogge_stone(const Params&, const void*, void*, int64_t, int) {
  no_cuda();
}
TeachRun teach_cuda_tree(const Params&, const std::vector<double>&) {
  no_cuda();
}
FastRun fast_cuda_tree(const Params&, const void*, void*, int64_t, int) {
  no_cuda();
}
TeachRun teach_cuda_coarsened(const Params&, const std::vector<double>&) {
  no_cuda();
}
FastRun fast_cuda_coarsened(const Params&, const void*, void*, int64_t, int) {
  no_cuda();
}
TeachRun teach_cuda_warp_shuffle(const Params&, const std::vector<double>&) {
  no_cuda();
}
FastRun fast_cuda_warp_shuffle(const Params&, const void*, void*, int64_t, int) {
  no_cuda();
}
TeachRun teach_cuda_single_pass(const Params&, const std::vector<double>&) {
  no_cuda();
}
FastRun fast_cuda_single_pass(const Params&, const void*, void*, int64_t, int) {
  no_cuda();
}
Timeline timeline_cuda(const Params&, const void*, int64_t) {
  no_cuda();
}
FastRun fast_cub_scan(BinaryOp, ValueType, bool, const void*, void*, int64_t, int) {
  no_cuda();
}
#endif

}  // namespace ws::scan
