#include "scan_scene.h"

#include "i18n/i18n.h"

#include "scenes/compact/compact_scene.h"
#include "scenes/radix/radix_scene.h"
#include "scenes/segmented/segmented_scene.h"

namespace ws::app {

namespace {

std::vector<std::unique_ptr<Scene>> scan_modes() {
  std::vector<std::unique_ptr<Scene>> modes;
  modes.push_back(std::make_unique<ScanVariantsScene>());
  modes.push_back(std::make_unique<CompactScene>());
  modes.push_back(std::make_unique<RadixScene>());
  modes.push_back(std::make_unique<SegmentedScene>());
  return modes;
}

}  // namespace

ScanScene::ScanScene() : ModeSwitch("scan", TR_NOOP("Parallel scan (prefix sums)"), scan_modes()) {}

ScanVariantsScene& ScanScene::scan_variants() const {
  return static_cast<ScanVariantsScene&>(*find_mode("scan"));
}

std::string ScanScene::infer_mode(const nlohmann::json& params) const {
  return params.contains("segments") ? "segmented" : "";
}

std::vector<std::pair<std::string, std::vector<std::string>>> ScanScene::bench_aliases() const {
  return {{"apps", {"radix", "compact"}}};
}

}  // namespace ws::app
