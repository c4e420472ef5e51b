// The compaction scene's panels: predicate and input, counters, fast mode against the library.
// Every edit goes through params_from_json, so a bad value is reported and the last run stays.
#include <imgui.h>

#include <algorithm>
#include <vector>

#include "common/error.h"
#include "compact_scene.h"
#include "i18n/i18n.h"
#include "scan/scan.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {}  // namespace

void CompactScene::panel_parameters() {
  nlohmann::json edit;
  const std::vector<compact::Predicate> kinds = {
      compact::Predicate::Greater, compact::Predicate::Less, compact::Predicate::Even,
      compact::Predicate::Odd, compact::Predicate::NonZero};
  std::vector<std::string> names, labels;
  int kind = 0;
  for (size_t i = 0; i < kinds.size(); ++i) {
    names.push_back(compact::predicate_name(kinds[i]));
    labels.push_back(tr_text(names.back()));  // compact::predicate_name: kernel-made text
    if (kinds[i] == params_.predicate.kind) kind = static_cast<int>(i);
  }
  if (combo(label_id(TR_NOOP("Keep when")).c_str(), kind, labels)) edit["predicate"] = names[kind];
  const bool uses_threshold = params_.predicate.kind == compact::Predicate::Greater ||
                              params_.predicate.kind == compact::Predicate::Less;
  if (uses_threshold) {
    double threshold = params_.predicate.threshold;
    ImGui::InputDouble(label_id(TR_NOOP("Threshold")).c_str(), &threshold, 1, 10, "%g");
    if (ImGui::IsItemDeactivatedAfterEdit()) edit["threshold"] = threshold;
  }
  int type = static_cast<int>(params_.type);
  if (combo(label_id(TR_NOOP("Type")).c_str(), type, {"int32", "float32"}))
    edit["type"] = type_name(static_cast<ValueType>(type));
  ImGui::Separator();
  input_controls(input_, compact_input_limits(), edit,
                 tr("Compact the pixels of a PNG or JPEG (averaged to 4096 values)"));
  apply_edit(*this, edit, error_);
  error_line(error_);
}

void CompactScene::ui() {
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Compaction input")).c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    panel_parameters();
  if (run_ && ImGui::CollapsingHeader(label_id(TR_NOOP("Counters")).c_str(),
                                      ImGuiTreeNodeFlags_DefaultOpen)) {
    const Counters& c = run_->traced.counters;
    const int64_t n = static_cast<int64_t>(run_->run.input.size());
    counter_table(
        "compact counters",
        {{tr("kept"), std::to_string(run_->run.kept)},
         {tr("dropped"), std::to_string(n - run_->run.kept)},
         {tr("steps"), std::to_string(c.steps)},
         {tr("operations (scan)"), std::to_string(c.ops)},
         {tr("lanes consumed"), std::to_string(c.lanes_consumed)},
         {tr("barriers"), std::to_string(c.barriers)},
         {tr("matches std::copy_if"), run_->run.output == run_->reference ? tr("yes") : tr("NO")}});
    twin_check_line(run_->traced.twin);
  }
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Fast mode (ours vs the library)")).c_str())) {
    ImGui::TextWrapped("%s", trf("Random int32 values in [-1000, 1000], keep x > 0; {0} as the "
                                 "reference.",
                                 compact::library_name(backend()))
                                 .c_str());
    fast_.ui(
        backend(), backend() == Backend::Cuda ? 28 : 26,
        [this](const BenchRequest& r) { return bench_job(r); }, tr("Time ours vs the library"));
  }
}

}  // namespace ws::app
