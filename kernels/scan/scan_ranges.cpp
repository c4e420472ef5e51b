// PLACEHOLDER (the CPU helper replaces this file): replay_ranges.
#include "../common/error.h"
#include "scan.h"

namespace ws::scan {
std::vector<std::vector<std::vector<Range>>> replay_ranges(const Trace&) {
  throw Error("replay_ranges is not built yet");
}
}  // namespace ws::scan
