// PLACEHOLDER (the CPU helper replaces this file): fast_cpu, scan_serial, the library baseline and
// the modelled timeline.
#include "../common/error.h"
#include "scan.h"
#include "scan_cpu_library.h"

namespace ws::scan {
FastRun fast_cpu(const Params&, const void*, void*, int64_t, int) {
  throw Error("scan fast mode on the CPU is not built yet");
}
std::vector<double> scan_serial(BinaryOp, ValueType, bool, const std::vector<double>&) {
  throw Error("scan_serial is not built yet");
}
FastRun cpu_library_scan(BinaryOp, ValueType, bool, const void*, void*, int64_t, int) {
  throw Error("the CPU library scan is not built yet");
}
Timeline timeline_cpu(const Params&, const void*, int64_t) {
  throw Error("the CPU timeline model is not built yet");
}
}  // namespace ws::scan
