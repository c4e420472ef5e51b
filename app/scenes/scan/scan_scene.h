// The scan scene (PMPP chapters 11-13): its settings (one part per mode, scan_settings.h) and a
// table of four modes: "scan" (the variants, variants/), "compact" (stream compaction), "radix"
// (radix sort) and "segmented" (segmented scan), each row with its code panel's source but the
// radix sort's (its view decides the kernel). "segments" without "mode" means the segmented scan.
// The scene names every mode's benchmark; `bench --mode apps` times the radix sort, then the
// compaction.
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

 protected:
  void parse(ScanSettings& s, ParamReader& keys, std::string& mode) const override;
  nlohmann::json to_json(const ScanSettings& s, const std::string& mode) const override;
};

// The benchmark of the mode `mode` (scan, compact, radix, segmented) or of "apps" (the radix sort,
// then the compaction, as one report), untranslated: the command line's, or with
// request.from_scene (a mode's fast-mode panel) the one of the settings `s`.
BenchJob scan_scene_bench_job(const ScanSettings& s, const std::string& mode,
                              const BenchRequest& request);

}  // namespace ws::app
