// The compaction mode's panels: predicate and input, counters, fast mode against the library.
// Every edit goes through params_from_json, so a bad value is reported and the last run stays.
#include <imgui.h>

#include <algorithm>
#include <vector>

#include "app_widgets.h"
#include "common/error.h"
#include "compact_mode.h"

namespace ws::app {

void CompactMode::panel_parameters(Backend backend) {
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
  if (scan_apps::combo("Keep when", kind, names)) edit["predicate"] = names[kind];
  const bool uses_threshold = params_.predicate.kind == compact::Predicate::Greater ||
                              params_.predicate.kind == compact::Predicate::Less;
  if (uses_threshold) {
    double threshold = params_.predicate.threshold;
    ImGui::InputDouble("Threshold", &threshold, 1, 10, "%g");
    if (ImGui::IsItemDeactivatedAfterEdit()) edit["threshold"] = threshold;
  }
  int type = static_cast<int>(params_.type);
  if (scan_apps::combo("Type", type, {"int32", "float32"}))
    edit["type"] = type_name(static_cast<ValueType>(type));
  ImGui::Separator();
  std::string values = values_text_;
  ImGui::SetNextItemWidth(-1);
  if (scan_apps::text_field("##values", "typed values, e.g. 3 1 7 0 4", values))
    edit["values"] = values;
  std::string image = image_path_;
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 6);
  if (scan_apps::text_field("Image file", "e.g. camera.png (shipped in assets/)", image))
    edit["image"] = image;
  int n = static_cast<int>(n_);
  ImGui::SliderInt("N (random)", &n, 1, static_cast<int>(scan::kTeachMaxN), "%d",
                   ImGuiSliderFlags_Logarithmic);
  const bool n_changed = ImGui::IsItemDeactivatedAfterEdit();
  int seed = static_cast<int>(std::min<uint64_t>(seed_, INT32_MAX));
  const bool seed_changed = ImGui::InputInt("Seed", &seed) && seed >= 0;
  if (n_changed || seed_changed || ImGui::Button("Generate random input")) {
    edit["n"] = n;
    edit["seed"] = seed;
  }
  if (!edit.empty()) {
    try {
      params_from_json(edit);
      reset(backend);
      error_.clear();
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }
  scan_apps::error_line(error_);
}

void CompactMode::ui(Backend backend) {
  if (ImGui::CollapsingHeader("Compaction input", ImGuiTreeNodeFlags_DefaultOpen))
    panel_parameters(backend);
  if (run_ && ImGui::CollapsingHeader("Counters", ImGuiTreeNodeFlags_DefaultOpen)) {
    const Counters& c = run_->counters;
    const int64_t n = static_cast<int64_t>(run_->run.input.size());
    scan_apps::counter_table(
        "compact counters",
        {{"kept", std::to_string(run_->run.kept)},
         {"dropped", std::to_string(n - run_->run.kept)},
         {"steps", std::to_string(c.steps)},
         {"operations (scan)", std::to_string(c.ops)},
         {"lanes consumed", std::to_string(c.lanes_consumed)},
         {"barriers", std::to_string(c.barriers)},
         {"matches std::copy_if", run_->run.output == run_->reference ? "yes" : "NO"}});
  }
  if (ImGui::CollapsingHeader("Fast mode (ours vs the library)")) {
    const compact::Params params = params_;
    const Distribution distribution = distribution_;
    const uint64_t seed = seed_;
    ImGui::TextWrapped("Random %s data (%s), keep %s; %s as the reference.", type_name(params.type),
                       distribution_name(distribution), compact::describe(params.predicate).c_str(),
                       compact::library_name(backend));
    fast_.ui(
        [=](int64_t n, int repeats) {
          std::vector<uint32_t> data(static_cast<size_t>(n));  // 4 bytes per int32 or float
          generate_typed(distribution, params.type, n, seed, data.data());
          const compact::Comparison cmp =
              compact::compare_with_library(backend, params, data.data(), n, repeats);
          scan_apps::FastOutcome out;
          const double seconds_ours = cmp.ours.median_ms / 1e3;
          const double seconds_library = cmp.library.median_ms / 1e3;
          out.rows.push_back({"ours: flags, scan, scatter", cmp.ours.median_ms,
                              seconds_ours > 0 ? n / seconds_ours : 0, cmp.verified});
          out.rows.push_back({compact::library_name(backend), cmp.library.median_ms,
                              seconds_library > 0 ? n / seconds_library : 0, true});
          return out;
        },
        backend == Backend::Cuda ? 28 : 26);
  }
}

}  // namespace ws::app
