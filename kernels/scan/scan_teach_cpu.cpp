// PLACEHOLDER (the CPU helper replaces this file): teach_cpu.
#include "../common/error.h"
#include "scan.h"

namespace ws::scan {
TeachRun teach_cpu(const Params&, const std::vector<double>&) {
  throw Error("scan teach mode on the CPU is not built yet");
}
}  // namespace ws::scan
