#include "scan_app_modes.h"

#include "compact_mode.h"
#include "radix_mode.h"
#include "segmented_mode.h"

namespace ws::app {

std::vector<std::unique_ptr<ScanAppMode>> make_scan_app_modes() {
  std::vector<std::unique_ptr<ScanAppMode>> modes;
  modes.push_back(std::make_unique<CompactMode>());
  modes.push_back(std::make_unique<RadixMode>());
  modes.push_back(std::make_unique<SegmentedMode>());
  return modes;
}

}  // namespace ws::app
