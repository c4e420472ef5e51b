// The compaction scene's panels: predicate and input, counters, fast mode against the library.
// Every edit goes through params_from_json, so a bad value is reported and the last run stays.
#include <imgui.h>

#include <algorithm>
#include <vector>

#include "common/error.h"
#include "compact_scene.h"
#include "scan/scan.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

void CompactScene::panel_parameters() {
  nlohmann::json edit;
  const std::vector<compact::Predicate> kinds = {
      compact::Predicate::Greater, compact::Predicate::Less, compact::Predicate::Even,
      compact::Predicate::Odd, compact::Predicate::NonZero};
  std::vector<std::string> names;
  int kind = 0;
  for (size_t i = 0; i < kinds.size(); ++i) {
    names.push_back(compact::predicate_name(kinds[i]));
    if (kinds[i] == params_.predicate.kind) kind = static_cast<int>(i);
  }
  if (combo("Keep when", kind, names)) edit["predicate"] = names[kind];
  const bool uses_threshold = params_.predicate.kind == compact::Predicate::Greater ||
                              params_.predicate.kind == compact::Predicate::Less;
  if (uses_threshold) {
    double threshold = params_.predicate.threshold;
    ImGui::InputDouble("Threshold", &threshold, 1, 10, "%g");
    if (ImGui::IsItemDeactivatedAfterEdit()) edit["threshold"] = threshold;
  }
  int type = static_cast<int>(params_.type);
  if (combo("Type", type, {"int32", "float32"}))
    edit["type"] = type_name(static_cast<ValueType>(type));
  ImGui::Separator();
  input_controls(input_, compact_input_limits(), edit,
                 "Compact the pixels of a PNG or JPEG (averaged to 4096 values)");
  apply_edit(*this, edit, error_);
  error_line(error_);
}

void CompactScene::ui() {
  if (ImGui::CollapsingHeader("Compaction input", ImGuiTreeNodeFlags_DefaultOpen))
    panel_parameters();
  if (run_ && ImGui::CollapsingHeader("Counters", ImGuiTreeNodeFlags_DefaultOpen)) {
    const Counters& c = run_->traced.counters;
    const int64_t n = static_cast<int64_t>(run_->run.input.size());
    counter_table("compact counters",
                  {{"kept", std::to_string(run_->run.kept)},
                   {"dropped", std::to_string(n - run_->run.kept)},
                   {"steps", std::to_string(c.steps)},
                   {"operations (scan)", std::to_string(c.ops)},
                   {"lanes consumed", std::to_string(c.lanes_consumed)},
                   {"barriers", std::to_string(c.barriers)},
                   {"matches std::copy_if", run_->run.output == run_->reference ? "yes" : "NO"}});
    twin_check_line(run_->traced.twin);
  }
  if (ImGui::CollapsingHeader("Fast mode (ours vs the library)")) {
    ImGui::TextWrapped("Random int32 values in [-1000, 1000], keep x > 0; %s as the reference.",
                       compact::library_name(backend()));
    fast_.ui(
        backend(), backend() == Backend::Cuda ? 28 : 26,
        [this](const BenchRequest& r) { return bench_job(r); }, "Time ours vs the library");
  }
}

}  // namespace ws::app
