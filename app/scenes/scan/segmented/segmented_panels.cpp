// The segmented scan mode's panels: segments, operator, inclusive or exclusive, counters and fast
// mode (random segments at full size). Edits go through the scene's parameters.
#include <imgui.h>

#include <vector>

#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/scan/scan_scene.h"
#include "segmented_mode.h"

namespace ws::app {

namespace {

// The segments, operator, type and scan controls: what changed.
nlohmann::json parameters_panel(const SegmentedSettings& s) {
  nlohmann::json edit;
  std::string text = s.segments;
  ImGui::SetNextItemWidth(-1);
  if (text_field("##segments", tr("segments, e.g. [1 2] [6 7 1] [1 2 3 4]"), text))
    edit["segments"] = text;
  op_type_controls(s.params.op, s.params.type, edit);
  bool inclusive = s.params.inclusive;
  if (ImGui::Checkbox(label_id(TR_NOOP("Inclusive")).c_str(), &inclusive))
    edit["inclusive"] = inclusive;
  return edit;
}

void counters_panel(const Taught<SegmentedRun>& t) {
  const Counters& c = t.traced.counters;
  counter_table(
      "segmented counters",
      {{tr("values"), std::to_string(t.run.segments.values.size())},
       {tr("steps"), std::to_string(c.steps)},
       {tr("operations (per-segment loop)"),
        std::to_string(c.ops) + " (" + std::to_string(c.useful_ops) + ")"},
       {tr("lanes consumed"), std::to_string(c.lanes_consumed)},
       {tr("barriers"), std::to_string(c.barriers)},
       {tr("matches the reference"), t.run.result == t.run.reference ? tr("yes") : tr("NO")}});
  twin_check_line(t.traced.twin);
}

}  // namespace

void SegmentedMode::ui() {
  const SegmentedSettings& s = settings().segmented;
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Segments")).c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    edit(parameters_panel(s));
  if (taught() && ImGui::CollapsingHeader(label_id(TR_NOOP("Counters")).c_str(),
                                          ImGuiTreeNodeFlags_DefaultOpen))
    counters_panel(*taught());
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Fast mode (full size, timed)")).c_str())) {
    ImGui::TextWrapped("%s", trf("Random {0} values, a segment head every 1 to 64 elements "
                                 "(seeded).",
                                 type_name(s.params.type))
                                 .c_str());
    timings_.ui(
        backend(), backend() == Backend::Cuda ? 28 : 26,
        [this](const BenchRequest& r) { return scan_scene_bench_job(settings(), "segmented", r); },
        TR_NOOP("Time the segmented scan"));
  }
}

}  // namespace ws::app
