// The segmented scan mode's panels: segments, operator, inclusive or exclusive, counters and fast
// mode (random segments at full size). Edits go through params_from_json.
#include <imgui.h>

#include <vector>

#include "app_widgets.h"
#include "common/inputs.h"
#include "common/split_mix.h"
#include "segmented_mode.h"

namespace ws::app {

void SegmentedMode::panel_parameters(Backend backend) {
  nlohmann::json edit;
  std::string text = segments_text_;
  ImGui::SetNextItemWidth(-1);
  if (scan_apps::text_field("##segments", "segments, e.g. [1 2] [6 7 1] [1 2 3 4]", text))
    edit["segments"] = text;
  int op = static_cast<int>(params_.op);
  if (scan_apps::combo("Operator", op, {"sum", "product", "min", "max"}))
    edit["op"] = op_name(static_cast<BinaryOp>(op));
  int type = static_cast<int>(params_.type);
  if (scan_apps::combo("Type", type, {"int32", "float32"}))
    edit["type"] = type_name(static_cast<ValueType>(type));
  bool inclusive = params_.inclusive;
  if (ImGui::Checkbox("Inclusive", &inclusive)) edit["inclusive"] = inclusive;
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

void SegmentedMode::ui(Backend backend) {
  if (ImGui::CollapsingHeader("Segments", ImGuiTreeNodeFlags_DefaultOpen))
    panel_parameters(backend);
  if (run_ && ImGui::CollapsingHeader("Counters", ImGuiTreeNodeFlags_DefaultOpen)) {
    scan_apps::counter_table(
        "segmented counters",
        {{"values", std::to_string(segments_.values.size())},
         {"steps", std::to_string(counters_.steps)},
         {"operations (per-segment loop)",
          std::to_string(counters_.ops) + " (" + std::to_string(counters_.useful_ops) + ")"},
         {"lanes consumed", std::to_string(counters_.lanes_consumed)},
         {"barriers", std::to_string(counters_.barriers)},
         {"matches the reference", run_->result == reference_ ? "yes" : "NO"}});
  }
  if (ImGui::CollapsingHeader("Fast mode (full size, timed)")) {
    ImGui::TextWrapped("Random %s values, a segment head every 1 to 64 elements (seeded).",
                       type_name(params_.type));
    const segscan::Params params = params_;
    fast_.ui(
        [=](int64_t n, int repeats) {
          std::vector<uint32_t> values(static_cast<size_t>(n));
          generate_typed(Distribution::Uniform, params.type, n, 1, values.data());
          std::vector<uint8_t> heads(static_cast<size_t>(n), 0);
          SplitMix64 rng{7};
          for (int64_t i = 0; i < n; i += 1 + static_cast<int64_t>(rng.next() % 64)) heads[i] = 1;
          std::vector<uint32_t> result(values.size()), reference(values.size());
          const scan::FastRun run = segscan::fast(backend, params, values.data(), heads.data(),
                                                  result.data(), n, repeats);
          // The check: the serial per-segment loop of the CPU backend on the same data.
          segscan::fast(Backend::Cpu, params, values.data(), heads.data(), reference.data(), n, 1);
          scan_apps::FastOutcome out;
          out.last_row_is_library = false;
          out.rows.push_back({backend == Backend::Cuda ? "segmented scan (CUDA)"
                                                       : "segmented scan (serial CPU loop)",
                              run.median_ms, run.median_ms > 0 ? n / (run.median_ms / 1e3) : 0,
                              result == reference});
          return out;
        },
        backend == Backend::Cuda ? 28 : 26);
  }
}

}  // namespace ws::app
