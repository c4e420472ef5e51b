// The scan mode's ImGui panels: variant and input; counters beside the comparison; the
// single-pass timeline at any size; the steps/work scaling table; fast mode (the kit's panel over
// the scene's benchmark of this mode). Every edit goes through the scene's parameters, so a bad
// value is reported and the last good run stays on screen.
#include <imgui.h>

#include <algorithm>

#include "i18n/i18n.h"
#include "scan/scan_run.h"
#include "scan_variants_mode.h"
#include "scene_kit/panel_widgets.h"
#include "scenes/scan/scan_scene.h"

namespace ws::app {

namespace {

const ImVec4 kErrorColour(0.9f, 0.2f, 0.2f, 1);

bool header(const char* text, ImGuiTreeNodeFlags flags = ImGuiTreeNodeFlags_DefaultOpen) {
  return ImGui::CollapsingHeader(label_id(text).c_str(), flags);
}

// The variant, comparison, operator, type, scan, launch, view and input controls: what changed.
nlohmann::json parameters_panel(const ScanVariantsSettings& s) {
  const scan::Params& p = s.params;
  // Widgets leave room for the longest label beside them, so no label is cut off, but keep at
  // least half the panel (a projector font makes the labels as wide as the panel).
  const float avail = ImGui::GetContentRegionAvail().x;
  const float label =
      ImGui::CalcTextSize(tr("Elements per thread")).x + ImGui::GetStyle().ItemInnerSpacing.x * 2;
  ImGui::PushItemWidth(std::max(avail * 0.5f, avail - label));
  nlohmann::json edit;
  variant_controls(edit, label_id(TR_NOOP("Variant")), scan::variant_infos(), p.variant, ". ");
  if (const std::string v = variant_combo(label_id(TR_NOOP("Compare with")), scan::variant_infos(),
                                          s.compare, ". ", tr("none"));
      !v.empty())
    edit["compare"] = v;

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
  int view = static_cast<int>(s.view);
  if (combo(label_id(TR_NOOP("View")).c_str(), view, views))
    edit["view"] = scan_view_name(static_cast<ScanView>(view));

  ImGui::Separator();
  ImGui::TextDisabled("%s", tr("Input: typed values (Enter applies) or N random values"));
  input_controls(s.input, scan_input_limits(), edit);
  ImGui::PopItemWidth();
  return edit;
}

void counters_panel(const ScanRun& a, const ScanRun* b, int step) {
  const CountersColumn column_a{tr_text(scan::info(a.run.params.variant).id), &a.traced.counters};
  CountersColumn column_b;
  if (b) column_b = {tr_text(scan::info(b->run.params.variant).id), &b->traced.counters};
  counters_table("scan counters", column_a, b ? &column_b : nullptr, step,
                 {{tr("wrong positions"), std::to_string(a.run.wrong_count),
                   b ? std::to_string(b->run.wrong_count) : ""}});
  if (a.run.wrong_count)
    ImGui::TextColored(
        kErrorColour, "%s",
        trf("{0} positions differ from the serial loop (outlined)", a.run.wrong_count).c_str());
  twin_check_line(a.traced.twin);
}

// The look-back timeline recorded at a larger size: the edit its buttons ask for.
nlohmann::json timeline_panel(const ScanVariantsSettings& s, Backend backend, int& log2_n) {
  ImGui::TextWrapped(
      "%s", trf("The teach run's timeline has one row per block. Record it at a larger size to "
                "watch thousands of blocks look back ({0}).",
                backend == Backend::Cuda ? tr("timestamps from %globaltimer")
                                         : tr("the CPU twin's model"))
                .c_str());
  ImGui::SliderInt("log2 N##timeline", &log2_n, 10, 24);
  nlohmann::json edit;
  if (ImGui::Button(label_id(TR_NOOP("Record at size N")).c_str()))
    edit = {{"record", int64_t{1} << log2_n}, {"view", "timeline"}};
  if (s.record > 0) {
    ImGui::SameLine();
    if (ImGui::Button(label_id(TR_NOOP("Back to the teach run")).c_str())) edit = {{"record", 0}};
  }
  return edit;
}

// Steps and work of every variant: true when "Run every variant" was pressed.
bool scaling_panel(const ScalingData* scaling) {
  ImGui::TextWrapped("%s", tr("Runs N = 4 .. 1024 through every variant on the CPU twin and "
                              "plots steps and operations on log axes, counted from the traces."));
  const bool pressed = ImGui::Button(label_id(TR_NOOP("Run every variant")).c_str());
  if (!scaling) return pressed;
  if (ImGui::BeginTable("scaling", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
    ImGui::TableSetupColumn(tr("variant"));
    ImGui::TableSetupColumn(tr("steps at 1024"));
    ImGui::TableSetupColumn(tr("ops at 1024"));
    ImGui::TableHeadersRow();
    for (const auto& series : scaling->series) {
      ImGui::TableNextRow();
      ImGui::TableSetColumnIndex(0);
      ImGui::TextUnformatted(tr_text(scan::info(series.variant).id).c_str());
      ImGui::TableSetColumnIndex(1);
      ImGui::Text("%lld", static_cast<long long>(series.steps.back()));
      ImGui::TableSetColumnIndex(2);
      ImGui::Text("%lld", static_cast<long long>(series.ops.back()));
    }
    ImGui::EndTable();
  }
  for (const std::string& skipped : scaling->skipped) ImGui::TextDisabled("%s", skipped.c_str());
  return pressed;
}

}  // namespace

void ScanVariantsMode::ui() {
  const ScanVariantsSettings& s = settings().scan;
  if (header(TR_NOOP("Variant and input"))) {
    edit(parameters_panel(s));
    if (!state_.run_error.empty()) ImGui::TextColored(kErrorColour, "%s", state_.run_error.c_str());
  }
  if (header(TR_NOOP("Counters")) && taught()) counters_panel(*taught(), taught(1), step());
  if (scan::info(s.params.variant).single_pass && header(TR_NOOP("Look-back timeline")))
    edit(timeline_panel(s, backend(), state_.record_log2_n));
  // "Run every variant" shows the scaling view, whose reset counts every variant again.
  if (header(TR_NOOP("Steps and work against N"), 0) &&
      scaling_panel(state_.scaling ? &*state_.scaling : nullptr))
    edit({{"view", "scaling"}});
  if (header(TR_NOOP("Fast mode (full size, timed)"), 0)) {
    ImGui::TextWrapped(
        "%s",
        trf(s.params.inclusive
                ? TR_NOOP("Inclusive {0} {1} scan of random values; {2} as the reference.")
                : TR_NOOP("Exclusive {0} {1} scan of random values; {2} as the reference."),
            tr_text(op_name(s.params.op)), type_name(s.params.type), scan::library_name(backend()))
            .c_str());
    fast_.ui(backend(), backend() == Backend::Cuda ? 28 : 26, [this](const BenchRequest& r) {
      return translated(scan_scene_bench_job(settings(), "scan", r));
    });
  }
}

}  // namespace ws::app
