// The scan scene: the scan itself and three of its applications, each a mode (a whole Scene of
// its own) that "mode" chooses: "scan" (the variants, scan_variants_scene.h), "compact" (stream
// compaction, scenes/compact/), "radix" (radix sort, scenes/radix/) and "segmented" (segmented
// scan, scenes/segmented/). `bench --mode apps` times the radix sort and the compaction.
#pragma once

#include "scan_variants_scene.h"
#include "scene_kit/mode_switch.h"

namespace ws::app {

class ScanScene : public ModeSwitch {
 public:
  ScanScene();
  // The scan mode, whichever mode is active.
  ScanVariantsScene& scan_variants() const;

 protected:
  // "segments" without "mode" means the segmented scan.
  std::string infer_mode(const nlohmann::json& params) const override;
  std::vector<std::pair<std::string, std::vector<std::string>>> bench_aliases() const override;
};

}  // namespace ws::app
