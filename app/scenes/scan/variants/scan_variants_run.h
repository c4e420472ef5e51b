// What the scan mode computes and draws beside its traced runs (views/scan/scan_views.h's
// ScanRun): the run error shown in a failed run's place, the look-back timeline recorded at a
// larger size, the steps/work scaling of every variant.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "scene_kit/hover_map.h"
#include "scenes/scan/scan_settings.h"
#include "views/scan/scan_views.h"

namespace ws::app {

const char* scan_view_name(ScanView v);
// The view Auto stands for with this variant.
ScanView resolve_scan_view(ScanView v, scan::Variant variant);

struct ScanVariantsState {
  std::string run_error;  // a run that failed (shown in its place), a timeline not recorded
  std::optional<scan::Timeline> recorded;  // the "record at size N" timeline (record_timeline)
  std::optional<ScalingData> scaling;      // every variant at N = 4..1024 (the scaling view)
  int record_log2_n = 16;                  // the panel's size to record at
};

// Steps and operations of every variant at each size (teach runs on the CPU twin).
ScalingData compute_scaling(const scan::Params& base, const std::vector<int64_t>& sizes);

// The figure at `step`: the run (and its comparison, or the error beside it) in the settings'
// view, or the scaling plot; what lies where in the runs goes to `hover`.
void draw_scan_variants(gfx::Canvas& c, gfx::Theme theme, const ScanVariantsSettings& s,
                        const ScanRun* primary, const ScanRun* compare,
                        const ScanVariantsState& state, int step, HoverMap& hover);
// What the run's step does and why (lecture mode), or the scaling plot's lesson.
std::string scan_variants_caption(const ScanVariantsSettings& s, const ScanRun* primary, int step);

}  // namespace ws::app
