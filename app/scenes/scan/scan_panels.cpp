// The scan mode's ImGui panels: variant and input; counters beside the comparison; the
// single-pass timeline at any size; the steps/work scaling plot; fast mode (the kit's panel over
// bench_job); the kernel source. Every edit goes through params_from_json, so a bad value is
// reported and the last good run stays on screen.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "common/error.h"
#include "i18n/i18n.h"
#include "scan/scan_run.h"
#include "scan_variants_scene.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

const ImVec4 kErrorColour(0.9f, 0.2f, 0.2f, 1);

}  // namespace

void ScanVariantsScene::ui() {
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Variant and input")).c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    panel_parameters();
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Counters")).c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    panel_counters();
  if (scan::info(settings_.params.variant).single_pass &&
      ImGui::CollapsingHeader(label_id(TR_NOOP("Look-back timeline")).c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    panel_timeline();
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Steps and work against N")).c_str()))
    panel_scaling();
  if (ImGui::CollapsingHeader(label_id(TR_NOOP("Fast mode (full size, timed)")).c_str())) {
    ImGui::TextWrapped(
        "%s", trf(settings_.params.inclusive
                      ? TR_NOOP("Inclusive {0} {1} scan of random values; {2} as the reference.")
                      : TR_NOOP("Exclusive {0} {1} scan of random values; {2} as the reference."),
                  tr_text(op_name(settings_.params.op)), type_name(settings_.params.type),
                  scan::library_name(backend()))
                  .c_str());
    fast_.ui(backend(), backend() == Backend::Cuda ? 28 : 26,
             [this](const BenchRequest& r) { return bench_job(r); });
  }
}

void ScanVariantsScene::panel_parameters() {
  const scan::Params& p = settings_.params;
  // Widgets leave room for the longest label beside them, so no label is cut off, but keep at
  // least half the panel (a projector font makes the labels as wide as the panel).
  const float avail = ImGui::GetContentRegionAvail().x;
  const float label =
      ImGui::CalcTextSize(tr("Elements per thread")).x + ImGui::GetStyle().ItemInnerSpacing.x * 2;
  ImGui::PushItemWidth(std::max(avail * 0.5f, avail - label));
  nlohmann::json edit;
  std::vector<std::string> variants, compare{tr("none")};
  int variant_index = 0, compare_index = 0;
  for (size_t i = 0; i < scan::variant_infos().size(); ++i) {
    const auto& info = scan::variant_infos()[i];
    variants.push_back(std::to_string(static_cast<int>(info.variant)) + ". " + tr_text(info.title));
    compare.push_back(variants.back());
    if (info.variant == p.variant) variant_index = static_cast<int>(i);
    if (settings_.compare && info.variant == *settings_.compare)
      compare_index = static_cast<int>(i) + 1;
  }
  if (combo(label_id(TR_NOOP("Variant")).c_str(), variant_index, variants))
    edit["variant"] = scan::variant_infos()[variant_index].id;
  ImGui::TextWrapped("%s", tr_text(scan::info(p.variant).lesson).c_str());
  if (combo(label_id(TR_NOOP("Compare with")).c_str(), compare_index, compare))
    edit["compare"] = compare_index == 0 ? "" : scan::variant_infos()[compare_index - 1].id;

  op_type_controls(p.op, p.type, edit);
  int kind = p.inclusive ? 0 : 1;
  if (combo(label_id(TR_NOOP("Scan")).c_str(), kind, {tr("inclusive"), tr("exclusive")}))
    edit["inclusive"] = kind == 0;
  std::vector<std::string> blocks{tr("auto")};
  int block_index = 0;
  for (int b = 1, i = 1; b <= 1024; b *= 2, ++i) {
    blocks.push_back(std::to_string(b));
    if (b == p.block_dim) block_index = i;
  }
  if (combo(label_id(TR_NOOP("Threads per block")).c_str(), block_index, blocks))
    edit["block"] = block_index == 0 ? 0 : 1 << (block_index - 1);
  const bool coarse = p.variant == scan::Variant::Coarsened ||
                      p.variant == scan::Variant::Hierarchical || scan::info(p.variant).single_pass;
  if (coarse) {
    int coarsening = p.coarsening;
    if (ImGui::SliderInt(label_id(TR_NOOP("Elements per thread")).c_str(), &coarsening, 1, 64) &&
        coarsening != p.coarsening)
      edit["coarsening"] = coarsening;
  }
  if (p.variant == scan::Variant::BrentKung) {
    int mapping = static_cast<int>(p.mapping);
    if (combo(label_id(TR_NOOP("Thread mapping")).c_str(), mapping,
              {tr("contiguous threads"), tr("divergent (t+1) % (2*stride)")}))
      edit["mapping"] = scan::mapping_name(static_cast<scan::Mapping>(mapping));
  }
  if (p.variant == scan::Variant::KoggeStone) {
    bool race = p.race;
    if (ImGui::Checkbox(label_id(TR_NOOP("Remove the second barrier (race)")).c_str(), &race))
      edit["race"] = race;
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", tr("Threads then write XY[i] while later warps still read it: the "
                                 "reference check flags the corrupted positions"));
  }
  std::vector<std::string> views;
  for (ScanView v : {ScanView::Auto, ScanView::Network, ScanView::Ranges, ScanView::Levels,
                     ScanView::Timeline, ScanView::Trace, ScanView::Scaling})
    views.push_back(tr_text(scan_view_name(v)));
  int view = static_cast<int>(settings_.view);
  if (combo(label_id(TR_NOOP("View")).c_str(), view, views))
    edit["view"] = scan_view_name(static_cast<ScanView>(view));

  ImGui::Separator();
  ImGui::TextDisabled("%s", tr("Input: typed values (Enter applies) or N random values"));
  input_controls(settings_.input, scan_input_limits(), edit);
  ImGui::PopItemWidth();
  apply_edit(*this, edit, edit_error_);
  if (!edit_error_.empty()) ImGui::TextColored(kErrorColour, "%s", edit_error_.c_str());
  if (!error_.empty()) ImGui::TextColored(kErrorColour, "%s", error_.c_str());
}

void ScanVariantsScene::panel_counters() const {
  if (!primary_) return;
  const CountersColumn a{tr_text(scan::info(primary_->params.variant).id),
                         &primary_->traced.counters};
  CountersColumn b;
  if (compare_) b = {tr_text(scan::info(compare_->params.variant).id), &compare_->traced.counters};
  counters_table("scan counters", a, compare_ ? &b : nullptr, step(),
                 {{tr("wrong positions"), std::to_string(primary_->wrong_count),
                   compare_ ? std::to_string(compare_->wrong_count) : ""}});
  if (primary_->wrong_count)
    ImGui::TextColored(
        kErrorColour, "%s",
        trf("{0} positions differ from the serial loop (outlined)", primary_->wrong_count).c_str());
  twin_check_line(primary_->traced.twin);
}

void ScanVariantsScene::panel_timeline() {
  ImGui::TextWrapped(
      "%s", trf("The teach run's timeline has one row per block. Record it at a larger size to "
                "watch thousands of blocks look back ({0}).",
                backend() == Backend::Cuda ? tr("timestamps from %globaltimer")
                                           : tr("the CPU twin's model"))
                .c_str());
  ImGui::SliderInt("log2 N##timeline", &record_log2_n_, 10, 24);
  if (ImGui::Button(label_id(TR_NOOP("Record at size N")).c_str()))
    apply_edit(*this, {{"record", int64_t{1} << record_log2_n_}, {"view", "timeline"}},
               edit_error_);
  if (settings_.record > 0) {
    ImGui::SameLine();
    if (ImGui::Button(label_id(TR_NOOP("Back to the teach run")).c_str()))
      apply_edit(*this, {{"record", 0}}, edit_error_);
  }
}

void ScanVariantsScene::panel_scaling() {
  ImGui::TextWrapped("%s", tr("Runs N = 4 .. 1024 through every variant on the CPU twin and "
                              "plots steps and operations on log axes, counted from the traces."));
  if (ImGui::Button(label_id(TR_NOOP("Run every variant")).c_str())) {
    scaling_.reset();
    scaling();
    settings_.view = ScanView::Scaling;
  }
  if (!scaling_) return;
  if (ImGui::BeginTable("scaling", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
    ImGui::TableSetupColumn(tr("variant"));
    ImGui::TableSetupColumn(tr("steps at 1024"));
    ImGui::TableSetupColumn(tr("ops at 1024"));
    ImGui::TableHeadersRow();
    for (const auto& s : scaling_->series) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(tr_text(scan::info(s.variant).id).c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%lld", static_cast<long long>(s.steps.back()));
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("%lld", static_cast<long long>(s.ops.back()));
    }
    ImGui::EndTable();
  }
  for (const std::string& s : scaling_->skipped) ImGui::TextDisabled("%s", s.c_str());
}

void ScanVariantsScene::code_ui() {
  if (!primary_) {
    ImGui::TextWrapped("%s", tr("No run to show."));
    return;
  }
  const auto& info = scan::info(primary_->params.variant);
  const auto& steps = primary_->run.trace.steps;
  const std::string marker =
      step() < static_cast<int>(steps.size()) ? steps[step()].code_marker : "";
  kernel_source_panel({scan::kernel_source_file(info.variant), info.id, marker, ""});
}

}  // namespace ws::app
