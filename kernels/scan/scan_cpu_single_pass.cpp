// PLACEHOLDER (a helper replaces this file): the CPU twin of variants 8, 9.
#include "../common/error.h"
#include "scan_cpu_families.h"

namespace ws::scan {
TeachRun teach_cpu_single_pass(const Params&, const std::vector<double>&) {
  throw Error("scan variants 8, 9 are not built yet on the CPU");
}
void compute_cpu_single_pass(const Params&, const int32_t*, int32_t*, int64_t) {
  throw Error("scan variants 8, 9 are not built yet on the CPU");
}
void compute_cpu_single_pass(const Params&, const float*, float*, int64_t) {
  throw Error("scan variants 8, 9 are not built yet on the CPU");
}
Timeline timeline_cpu(const Params&, const void*, int64_t) {
  throw Error("the CPU timeline model is not built yet");
}
}  // namespace ws::scan
