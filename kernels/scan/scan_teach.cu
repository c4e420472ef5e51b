// PLACEHOLDER (the CUDA teach helper replaces this file): variants 1-7 and 10 on the GPU.
#include "../common/error.h"
#include "scan_cuda.h"

namespace ws::scan {
TeachRun teach_cuda_blockwise(const Params&, const std::vector<double>&) {
  throw Error("scan teach mode on CUDA is not built yet");
}
FastRun fast_cuda_blockwise(const Params&, const void*, void*, int64_t, int) {
  throw Error("scan fast mode on CUDA is not built yet");
}
}  // namespace ws::scan
