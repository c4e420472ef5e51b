// The scan scene (PMPP chapters 11-13): its settings (one part per mode, scan_settings.h) and a
// table of four modes: "scan" (the variants, variants/), "compact" (stream compaction), "radix"
// (radix sort) and "segmented" (segmented scan). "segments" without "mode" means the segmented
// scan; `bench --mode apps` times the radix sort, then the compaction.
#pragma once

#include "scene_kit/modal_scene.h"
#include "variants/scan_variants_mode.h"

namespace ws::app {

class ScanScene : public ModalScene<ScanSettings> {
 public:
  ScanScene();
  // The scan mode, whichever mode is active.
  ScanVariantsMode& scan_variants() const;
  // An image goes to the compaction; typed values to the scan, or to the compaction shown.
  nlohmann::json params_for_file(const FileInfo& file) const override;
  BenchJob bench_job(const BenchRequest& request) const override;

 protected:
  void parse(ScanSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const ScanSettings& s, const std::string& mode) const override;
};

}  // namespace ws::app
