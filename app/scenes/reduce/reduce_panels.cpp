// The reduction scene's ImGui panels: parameters and input, counters, code, the float lesson and
// fast mode. Every edit goes through params_from_json, so a bad value is reported and the last
// good run stays on screen.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>
#include <cstdio>

#include "i18n/i18n.h"
#include "reduce/float_orders.h"
#include "reduce_scene.h"
#include "scene_kit/panel_widgets.h"
#include "ui/code_panel.h"

namespace ws::app {

namespace {

bool header(const char* text, const char* id, ImGuiTreeNodeFlags flags = 0) {
  return ImGui::CollapsingHeader(label_id(text, id).c_str(), flags);
}

}  // namespace

void ReduceScene::ui() {
  if (header(tr("Variant and input"), "reduce-params", ImGuiTreeNodeFlags_DefaultOpen))
    panel_parameters();
  if (header(tr("Counters"), "reduce-counters", ImGuiTreeNodeFlags_DefaultOpen)) panel_counters();
  if (params_.type == ValueType::Float32 && params_.op == BinaryOp::Sum &&
      header(tr("Float order lesson"), "reduce-float", ImGuiTreeNodeFlags_DefaultOpen))
    panel_float_lesson();
  if (header(tr("Fast mode (full size, timed)"), "reduce-fast")) panel_fast_mode();
}

void ReduceScene::panel_parameters() {
  nlohmann::json edit;
  std::vector<std::string> variants, compare{tr("none")};
  int variant_index = 0, compare_index = 0;
  for (size_t i = 0; i < reduce::variant_infos().size(); ++i) {
    const auto& info = reduce::variant_infos()[i];
    variants.push_back(std::to_string(static_cast<int>(info.variant)) + ". " + tr_text(info.title));
    compare.push_back(variants.back());
    if (info.variant == params_.variant) variant_index = static_cast<int>(i);
    if (compare_variant_ && info.variant == *compare_variant_)
      compare_index = static_cast<int>(i) + 1;
  }
  if (combo(label_id(tr("Variant"), "variant").c_str(), variant_index, variants))
    edit["variant"] = reduce::variant_infos()[variant_index].id;
  ImGui::TextWrapped("%s", tr_text(reduce::info(params_.variant).lesson).c_str());
  if (combo(label_id(tr("Compare with"), "compare").c_str(), compare_index, compare))
    edit["compare"] = compare_index == 0 ? "" : reduce::variant_infos()[compare_index - 1].id;

  int finish = static_cast<int>(params_.finish);
  if (combo(label_id(tr("Across blocks"), "finish").c_str(), finish,
            {tr("two passes"), tr("atomic per block"), tr("last block finishes")}))
    edit["finish"] = reduce::finish_name(static_cast<reduce::Finish>(finish));
  op_type_controls(params_.op, params_.type, edit);
  std::vector<std::string> blocks{tr("auto")};
  int block_index = 0;
  for (int b = 1, i = 1; b <= 1024; b *= 2, ++i) {
    blocks.push_back(std::to_string(b));
    if (b == params_.block_dim) block_index = i;
  }
  if (combo(label_id(tr("Threads per block"), "block").c_str(), block_index, blocks))
    edit["block"] = block_index == 0 ? 0 : 1 << (block_index - 1);
  if (params_.variant == reduce::Variant::Coarsened) {
    int coarsening = params_.coarsening;
    if (ImGui::InputInt(label_id(tr("Inputs per thread"), "coarsening").c_str(), &coarsening, 4) &&
        coarsening != params_.coarsening)
      edit["coarsening"] = coarsening;
  }

  ImGui::Separator();
  input_controls(source_, reduce_input_limits(), edit,
                 TR_NOOP("Reduce the pixel intensities of a PNG or JPEG (averaged to 4096 "
                         "values)"));

  apply_edit(*this, edit, error_);
  error_line(error_);
}

void ReduceScene::panel_counters() const {
  const CountersColumn a{reduce::info(primary_->params.variant).id, &primary_->traced.counters};
  CountersColumn b;
  if (compare_) b = {reduce::info(compare_->params.variant).id, &compare_->traced.counters};
  counters_table("counters", a, compare_ ? &b : nullptr, cursor_.step());
  const TwinCheck& twin = primary_->traced.twin;
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

void ReduceScene::panel_float_lesson() const {
  const auto lesson =
      reduce::float_order_lesson(input_, 2 * primary_->run.trace.steps[0].block_dim, source_.seed);
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
    ImGui::Text("%.9g", primary_->run.result);
    ImGui::TableSetColumnIndex(2);
    ImGui::Text("%+.3g", primary_->run.result - lesson.reference);
    ImGui::EndTable();
  }
  ImGui::TextWrapped("%s", tr("Try the few-huge distribution: small values vanish next to 1e8."));
}

void ReduceScene::panel_fast_mode() {
  ImGui::TextWrapped("%s", trf("{0} {1} of {2} random data, seed {3} (the scene's operator, type "
                               "and input)",
                               tr(op_name(params_.op)), type_name(params_.type),
                               tr(distribution_name(source_.distribution)),
                               static_cast<unsigned long long>(source_.seed))
                               .c_str());
  // The CPU backend times up to 2^24 values; CUDA up to 2^28.
  const int log2_max = backend() == Backend::Cuda ? 28 : std::ilogb(double(reduce::kCpuFastMaxN));
  fast_.ui(backend(), log2_max, [this](const BenchRequest& r) { return bench_job(r); });
}

void ReduceScene::panel_code() const {
  const auto& info = reduce::info(primary_->params.variant);
  const auto& steps = primary_->run.trace.steps;
  const std::string marker =
      cursor_.step() < static_cast<int>(steps.size()) ? steps[cursor_.step()].code_marker : "";
  const SourceSection section = load_step_source("kernels/reduce/reduce.cu", info.id, marker);
  show_code_panel(section, find_marker_line(section, marker),
                  tr("The kernel source (kernels/reduce/reduce.cu) was not found; set "
                     "WARPSCOPE_SOURCE_DIR to the source tree."));
}

}  // namespace ws::app
