// PLACEHOLDER (the single-pass helper replaces this file): variants 8 and 9 on the GPU.
#include "../common/error.h"
#include "scan_cuda.h"

namespace ws::scan {
TeachRun teach_cuda_single_pass(const Params&, const std::vector<double>&) {
  throw Error("single-pass scan teach mode on CUDA is not built yet");
}
FastRun fast_cuda_single_pass(const Params&, const void*, void*, int64_t, int) {
  throw Error("single-pass scan fast mode on CUDA is not built yet");
}
Timeline timeline_cuda(const Params&, const void*, int64_t) {
  throw Error("the GPU timeline is not built yet");
}
}  // namespace ws::scan
