// The compaction mode's panels: predicate and input, counters, fast mode against the library.
// Every edit goes through the scene's parameters, so a bad value is reported and the last run
// stays.
#include <imgui.h>

#include <vector>

#include "compact_mode.h"
#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/scan/scan_scene.h"

namespace ws::app {

namespace {

// The predicate, threshold, type and input controls: what changed.
nlohmann::json parameters_panel(const CompactSettings& s) {
  const compact::Params& params = s.params;
  nlohmann::json edit;
  const std::vector<compact::Predicate> kinds = {
      compact::Predicate::Greater, compact::Predicate::Less, compact::Predicate::Even,
      compact::Predicate::Odd, compact::Predicate::NonZero};
  std::vector<std::string> names, labels;
  int kind = 0;
  for (size_t i = 0; i < kinds.size(); ++i) {
    names.push_back(compact::predicate_name(kinds[i]));
    labels.push_back(tr_text(names.back()));  // compact::predicate_name: kernel-made text
    if (kinds[i] == params.predicate.kind) kind = static_cast<int>(i);
  }
  if (combo(label_id(TR_NOOP("Keep when")).c_str(), kind, labels)) edit["predicate"] = names[kind];
  const bool uses_threshold = params.predicate.kind == compact::Predicate::Greater ||
                              params.predicate.kind == compact::Predicate::Less;
  if (uses_threshold) {
    double threshold = params.predicate.threshold;
    ImGui::InputDouble(label_id(TR_NOOP("Threshold")).c_str(), &threshold, 1, 10, "%g");
    if (ImGui::IsItemDeactivatedAfterEdit()) edit["threshold"] = threshold;
  }
  int type = static_cast<int>(params.type);
  if (combo(label_id(TR_NOOP("Type")).c_str(), type, {"int32", "float32"}))
    edit["type"] = type_name(static_cast<ValueType>(type));
  ImGui::Separator();
  input_controls(s.input, compact_input_limits(), edit,
                 TR_NOOP("Compact the pixels of a PNG or JPEG (averaged to 4096 values)"));
  return edit;
}

void counters_panel(const Taught<CompactRun>& t) {
  const Counters& c = t.traced.counters;
  const int64_t n = static_cast<int64_t>(t.run.input.size());
  counter_table("compact counters", {{tr("kept"), std::to_string(t.run.kept)},
                                     {tr("dropped"), std::to_string(n - t.run.kept)},
                                     {tr("steps"), std::to_string(c.steps)},
                                     {tr("operations (scan)"), std::to_string(c.ops)},
                                     {tr("lanes consumed"), std::to_string(c.lanes_consumed)},
                                     {tr("barriers"), std::to_string(c.barriers)},
                                     {tr("matches std::copy_if"),
                                      t.run.output == t.run.reference ? tr("yes") : tr("NO")}});
  twin_check_line(t.traced.twin);
}

}  // namespace

void CompactMode::ui() {
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Compaction input")).c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    edit(parameters_panel(settings().compact));
  if (taught() && ImGui::CollapsingHeader(label_id(TR_NOOP("Counters")).c_str(),
                                          ImGuiTreeNodeFlags_DefaultOpen))
    counters_panel(*taught());
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Fast mode (ours vs the library)")).c_str())) {
    ImGui::TextWrapped("%s", trf("Random int32 values in [-1000, 1000], keep x > 0; {0} as the "
                                 "reference.",
                                 compact::library_name(backend()))
                                 .c_str());
    timings_.ui(
        backend(), backend() == Backend::Cuda ? 28 : 26,
        [this](const BenchRequest& r) { return scan_scene_bench_job(settings(), "compact", r); },
        TR_NOOP("Time ours vs the library"));
  }
}

}  // namespace ws::app
