// The segmented scan scene's panels: segments, operator, inclusive or exclusive, counters and fast
// mode (random segments at full size). Edits go through params_from_json.
#include <imgui.h>

#include <vector>

#include "segmented_scene.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

void SegmentedScene::panel_parameters() {
  nlohmann::json edit;
  std::string text = segments_text_;
  ImGui::SetNextItemWidth(-1);
  if (text_field("##segments", "segments, e.g. [1 2] [6 7 1] [1 2 3 4]", text))
    edit["segments"] = text;
  op_type_controls(params_.op, params_.type, edit);
  bool inclusive = params_.inclusive;
  if (ImGui::Checkbox("Inclusive", &inclusive)) edit["inclusive"] = inclusive;
  apply_edit(*this, edit, error_);
  error_line(error_);
}

void SegmentedScene::ui() {
  if (ImGui::CollapsingHeader("Segments", ImGuiTreeNodeFlags_DefaultOpen)) panel_parameters();
  if (run_ && ImGui::CollapsingHeader("Counters", ImGuiTreeNodeFlags_DefaultOpen)) {
    counter_table(
        "segmented counters",
        {{"values", std::to_string(segments_.values.size())},
         {"steps", std::to_string(traced_.counters.steps)},
         {"operations (per-segment loop)", std::to_string(traced_.counters.ops) + " (" +
                                               std::to_string(traced_.counters.useful_ops) + ")"},
         {"lanes consumed", std::to_string(traced_.counters.lanes_consumed)},
         {"barriers", std::to_string(traced_.counters.barriers)},
         {"matches the reference", run_->result == reference_ ? "yes" : "NO"}});
    twin_check_line(traced_.twin);
  }
  if (ImGui::CollapsingHeader("Fast mode (full size, timed)")) {
    ImGui::TextWrapped("Random %s values, a segment head every 1 to 64 elements (seeded).",
                       type_name(params_.type));
    fast_.ui(
        backend(), backend() == Backend::Cuda ? 28 : 26,
        [this](const BenchRequest& r) { return bench_job(r); }, "Time the segmented scan");
  }
}

}  // namespace ws::app
