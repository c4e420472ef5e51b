// The scan scene's application modes, in menu order: stream compaction, radix sort, segmented
// scan. ScanScene owns them and forwards to the active one (scan_app_mode.h).
#pragma once

#include <memory>
#include <vector>

#include "scenes/scan/scan_app_mode.h"

namespace ws::app {

std::vector<std::unique_ptr<ScanAppMode>> make_scan_app_modes();

}  // namespace ws::app
