// PLACEHOLDER (a helper replaces this file): the CPU twin of variants 10.
#include "../common/error.h"
#include "scan_cpu_families.h"

namespace ws::scan {
TeachRun teach_cpu_warp_shuffle(const Params&, const std::vector<double>&) {
  throw Error("scan variants 10 are not built yet on the CPU");
}
void compute_cpu_warp_shuffle(const Params&, const int32_t*, int32_t*, int64_t) {
  throw Error("scan variants 10 are not built yet on the CPU");
}
void compute_cpu_warp_shuffle(const Params&, const float*, float*, int64_t) {
  throw Error("scan variants 10 are not built yet on the CPU");
}
}  // namespace ws::scan
