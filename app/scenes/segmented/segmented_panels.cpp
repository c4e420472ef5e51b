// The segmented scan scene's panels: segments, operator, inclusive or exclusive, counters and fast
// mode (random segments at full size). Edits go through params_from_json.
#include <imgui.h>

#include <vector>

#include "i18n/i18n.h"
#include "segmented_scene.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {}  // namespace

void SegmentedScene::panel_parameters() {
  nlohmann::json edit;
  std::string text = segments_text_;
  ImGui::SetNextItemWidth(-1);
  if (text_field("##segments", tr("segments, e.g. [1 2] [6 7 1] [1 2 3 4]"), text))
    edit["segments"] = text;
  op_type_controls(params_.op, params_.type, edit);
  bool inclusive = params_.inclusive;
  if (ImGui::Checkbox(label_id(TR_NOOP("Inclusive")).c_str(), &inclusive))
    edit["inclusive"] = inclusive;
  apply_edit(*this, edit, error_);
  error_line(error_);
}

void SegmentedScene::ui() {
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Segments")).c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    panel_parameters();
  if (run_ && ImGui::CollapsingHeader(label_id(TR_NOOP("Counters")).c_str(),
                                      ImGuiTreeNodeFlags_DefaultOpen)) {
    counter_table(
        "segmented counters",
        {{tr("values"), std::to_string(segments_.values.size())},
         {tr("steps"), std::to_string(traced_.counters.steps)},
         {tr("operations (per-segment loop)"), std::to_string(traced_.counters.ops) + " (" +
                                                   std::to_string(traced_.counters.useful_ops) +
                                                   ")"},
         {tr("lanes consumed"), std::to_string(traced_.counters.lanes_consumed)},
         {tr("barriers"), std::to_string(traced_.counters.barriers)},
         {tr("matches the reference"), run_->result == reference_ ? tr("yes") : tr("NO")}});
    twin_check_line(traced_.twin);
  }
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Fast mode (full size, timed)")).c_str())) {
    ImGui::TextWrapped("%s", trf("Random {0} values, a segment head every 1 to 64 elements "
                                 "(seeded).",
                                 type_name(params_.type))
                                 .c_str());
    fast_.ui(
        backend(), backend() == Backend::Cuda ? 28 : 26,
        [this](const BenchRequest& r) { return bench_job(r); }, tr("Time the segmented scan"));
  }
}

}  // namespace ws::app
