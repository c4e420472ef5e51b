// The reduction's panels: parameters and input, counters, the float lesson and fast mode. Every
// edit goes through the scene's parameters, so a bad value is reported and the last good run
// stays on screen.
#include <imgui.h>

#include <cmath>
#include <cstdio>

#include "i18n/i18n.h"
#include "reduce/float_orders.h"
#include "reduce_teach_mode.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

// The variant, comparison, finish, operator, type, launch and input controls: what changed.
nlohmann::json parameters_panel(const ReduceSettings& s) {
  const reduce::Params& params = s.params;
  nlohmann::json edit;
  variant_controls(edit, label_id(tr("Variant"), "variant"), reduce::variant_infos(),
                   params.variant, ". ");
  if (const std::string v = variant_combo(label_id(tr("Compare with"), "compare"),
                                          reduce::variant_infos(), s.compare, ". ", tr("none"));
      !v.empty())
    edit["compare"] = v;

  int finish = static_cast<int>(params.finish);
  if (reduce::is_global_variant(params.variant))
    ImGui::TextUnformatted(tr("Across blocks: two passes (the book's kernels)"));
  else if (combo(label_id(tr("Across blocks"), "finish").c_str(), finish,
                 {tr("two passes"), tr("atomic per block"), tr("last block finishes")}))
    edit["finish"] = reduce::finish_name(static_cast<reduce::Finish>(finish));
  op_type_controls(params.op, params.type, edit);
  std::vector<std::string> blocks{tr("auto")};
  int block_index = 0;
  for (int b = 1, i = 1; b <= 1024; b *= 2, ++i) {
    blocks.push_back(std::to_string(b));
    if (b == params.block_dim) block_index = i;
  }
  if (combo(label_id(tr("Threads per block"), "block").c_str(), block_index, blocks))
    edit["block"] = block_index == 0 ? 0 : 1 << (block_index - 1);
  if (params.variant == reduce::Variant::Coarsened) {
    int coarsening = params.coarsening;
    if (ImGui::InputInt(label_id(tr("Inputs per thread"), "coarsening").c_str(), &coarsening, 4) &&
        coarsening != params.coarsening)
      edit["coarsening"] = coarsening;
  }

  ImGui::Separator();
  input_controls(s.source, reduce_input_limits(), edit,
                 TR_NOOP("Reduce the pixel intensities of a PNG or JPEG (averaged to 4096 "
                         "values)"));
  return edit;
}

void counters_panel(const Taught<ReduceRun>& a, const Taught<ReduceRun>* b, int step) {
  const CountersColumn column_a{reduce::info(a.run.params.variant).id, &a.traced.counters};
  CountersColumn column_b;
  if (b) column_b = {reduce::info(b->run.params.variant).id, &b->traced.counters};
  counters_table("counters", column_a, b ? &column_b : nullptr, step);
  // The books' "requests" (128-byte lines per warp access) beside the sectors of the table.
  for (const Taught<ReduceRun>* run : {&a, b}) {
    if (!run) continue;
    const Counters& c = run->traced.counters;
    ImGui::TextUnformatted(trf("{0}: {1} global lines (128 B) · {2} sectors (32 B)",
                               reduce::info(run->run.params.variant).id, c.global_lines,
                               c.global_requests)
                               .c_str());
    if (reduce::is_global_variant(run->run.params.variant))
      ImGui::TextWrapped("%s", global_requests_text(run->run.trace, c).c_str());
  }
  const TwinCheck& twin = a.traced.twin;
  if (twin.ran) {
    if (twin.matches())
      ImGui::TextColored(ImVec4(0.1f, 0.6f, 0.2f, 1), "%s",
                         tr("GPU trace matches the CPU reference"));
    else
      ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s",
                         trf("GPU differs from CPU reference: {0}", twin.difference).c_str());
    if (!twin.note.empty()) ImGui::TextDisabled("%s", tr_text(twin.note).c_str());
  }
}

void float_lesson_panel(const std::vector<double>& input, const ReduceRun& run, uint64_t seed) {
  const auto lesson = reduce::float_order_lesson(input, 2 * run.trace.steps[0].block_dim, seed);
  char reference[32];
  std::snprintf(reference, sizeof reference, "%.9g", lesson.reference);
  ImGui::TextWrapped("%s", trf("The same float32 values added in different orders round "
                               "differently. Reference (double): {0}",
                               reference)
                               .c_str());
  if (ImGui::BeginTable("orders", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
    ImGui::TableSetupColumn(tr("order"));
    ImGui::TableSetupColumn(tr("float32 sum"));
    ImGui::TableSetupColumn(tr("error vs double"));
    ImGui::TableHeadersRow();
    for (const auto& s : lesson.sums) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(tr_text(s.order).c_str());
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr_text(s.how).c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%.9g", s.value);
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("%+.3g", s.error);
    }
    ImGui::TableNextRow();
    ImGui::TableSetColumnIndex(0);
    ImGui::TextUnformatted(tr("this run"));
    ImGui::TableSetColumnIndex(1);
    ImGui::Text("%.9g", run.result);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%+.3g", run.result - lesson.reference);
    ImGui::EndTable();
  }
  ImGui::TextWrapped("%s", tr("Try the few-huge distribution: small values vanish next to 1e8."));
}

}  // namespace

void ReduceTeachMode::ui() {
  const ReduceSettings& s = settings();
  if (panel_section(tr("Variant and input"), "reduce-params")) edit(parameters_panel(s));
  const Taught<ReduceRun>* run = taught();
  if (!run) return;
  if (panel_section(tr("Counters"), "reduce-counters")) counters_panel(*run, taught(1), step());
  if (s.params.type == ValueType::Float32 && s.params.op == BinaryOp::Sum &&
      panel_section(tr("Float order lesson"), "reduce-float"))
    float_lesson_panel(input_.values, run->run, s.source.seed);
  // The CPU backend times up to 2^24 values; CUDA up to 2^28.
  fast_mode(backend() == Backend::Cuda ? 28 : std::ilogb(double(reduce::kCpuFastMaxN)),
            trf("{0} {1} of {2} random data, seed {3} (the scene's operator, type and input)",
                tr(op_name(s.params.op)), type_name(s.params.type),
                tr(distribution_name(s.source.distribution)),
                static_cast<unsigned long long>(s.source.seed)));
}

}  // namespace ws::app
