#include "heat_teach_scene.h"

#include <imgui.h>

#include "heat_panels.h"
#include "heat_report.h"
#include "i18n/i18n.h"

namespace ws::app {

HeatTeachScene::HeatTeachScene(std::shared_ptr<HeatSettings> settings)
    : settings_(std::move(settings)) {}

SceneCapabilities HeatTeachScene::capabilities() const {
  SceneCapabilities c;
  c.steps = true;
  c.grid_size = true;
  c.takes_image = true;
  c.benchable = true;
  return c;
}

void HeatTeachScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void HeatTeachScene::detach() {
  taught_.reset();
  context_ = nullptr;
}

nlohmann::json HeatTeachScene::params_to_json() const {
  const HeatSettings& s = *settings_;
  return heat_params_json(s, s.material == "painted" ? s.painted : "");
}

void HeatTeachScene::params_from_json(const nlohmann::json& params) {
  HeatSettings s = parse_heat_params(*settings_, params);
  require_teach_grid(s.grid);
  *settings_ = std::move(s);
}

void HeatTeachScene::reset() {
  error_.clear();
  require_runnable(*settings_);
  const stencil::Params p = settings_->run_params();
  HeatStart start = heat_start(*settings_);
  field_label_ = start.label;
  // --steps: the traced launch starts from the field after that many time steps (on the CPU).
  if (settings_->steps > 0) stencil::run_cpu(p, start.field, start.material, settings_->steps);
  // On CUDA the CPU twin traces the same launch; the two traces must agree event by event.
  taught_ = teach_and_check(
      backend(), [&](Backend b) { return stencil::teach(p, start.field, start.material, b); });
  seek(cursor_.step());
}

int HeatTeachScene::step_count() const {
  return step_count_of({taught_ ? &taught_->run.trace : nullptr});
}

void HeatTeachScene::pointer(const Pointer& pointer) {
  // The hovered cell's block becomes the one drawn in detail.
  if (!taught_) return;
  const int block = stencil_block_at(geo_, taught_->run.params, pointer.point);
  if (block >= 0) focus_block_ = block;
}

std::string HeatTeachScene::describe_at(gfx::Vec2 point) const {
  if (!taught_) return "";
  return describe_stencil_teach_at(geo_, taught_->run, taught_->traced.snapshots, cursor_.step(),
                                   point);
}

void HeatTeachScene::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  c.rect_filled({0, 0}, c.size(), pal.background);
  if (!taught_) return;
  StencilTeachInput in;
  in.run = &taught_->run;
  in.snapshots = &taught_->traced.snapshots;
  in.step = cursor_.step();
  in.focus_block = focus_block_;
  in.slice_z = settings_->slice_index()[2];
  in.difference = taught_->traced.twin.difference;
  in.colormap = settings_->colormap;
  in.lo = settings_->lo;
  in.hi = settings_->hi;
  geo_ = draw_stencil_teach_figure(c, in, pal);
}

nlohmann::json HeatTeachScene::results_json() const {
  const HeatSettings& s = *settings_;
  RunJson doc;
  if (taught_) {
    const stencil::TeachRun& run = taught_->run;
    doc = heat_run_json(s, backend(), field_label_, run.after, s.steps + run.time_steps);
    doc.set_trace(run.trace, taught_->traced);
    doc.extra["trace_steps"] = run.trace.steps.size();
  } else {
    doc = heat_run_json(s, backend(), field_label_, {}, 0);
  }
  doc.params = params_to_json();
  return doc.to_json();
}

BenchJob HeatTeachScene::bench_job(const BenchRequest& request) const {
  return heat_bench_job(request);
}

void HeatTeachScene::ui() {
  error_line(error_);
  if (ImGui::CollapsingHeader((std::string(tr("Simulation")) + "###heat-simulation").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    heat_grid_controls(*this, *settings_, true, error_, nullptr);
  panel_teach();
  heat_view_panel(*settings_, nullptr, error_, [] {});
  heat_cost_panel(settings_->run_params());
}

void HeatTeachScene::code_ui() {
  std::string marker;
  if (taught_ && cursor_.step() < static_cast<int>(taught_->run.trace.steps.size()))
    marker = taught_->run.trace.steps[cursor_.step()].code_marker;
  heat_code_panel(settings_->grid.variant, marker);
}

void HeatTeachScene::panel_teach() {
  if (!ImGui::CollapsingHeader((std::string(tr("Teach mode")) + "###heat-teach").c_str(),
                               ImGuiTreeNodeFlags_DefaultOpen) ||
      !taught_)
    return;
  const stencil::TeachRun& run = taught_->run;
  const Counters& counters = taught_->traced.counters;
  const TwinCheck& twin = taught_->traced.twin;
  const int step = cursor_.step();
  const TraceStep& s = run.trace.steps.at(step);
  ImGui::TextWrapped("%s", trf("Step {0} of {1}: {2} (phase {3})", step + 1, run.trace.steps.size(),
                               tr_text(s.label), tr_text(s.phase))
                               .c_str());
  ImGui::TextWrapped("%s", tr_text(stencil::info(run.params.variant).lesson).c_str());
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped(
      "%s", tr("hover a cell: which thread loaded or wrote it; the hovered block is shown"));
  ImGui::PopStyleColor();
  if (twin.ran)
    ImGui::TextColored(twin.matches() ? ImVec4(0.2f, 0.7f, 0.3f, 1) : ImVec4(0.9f, 0.2f, 0.2f, 1),
                       "%s",
                       twin.matches() ? tr("GPU trace == CPU trace") : twin.difference.c_str());
  const StepCounters& c = counters.per_step.at(step);
  ImGui::TextUnformatted(trf("this step: {0} threads busy, {1} divergent warps, {2} bank conflicts",
                             c.active_threads, c.divergent_warps, c.bank_conflicts)
                             .c_str());
  ImGui::TextUnformatted(trf("launch: {0} global sectors, {1} barriers, {2} updates",
                             counters.global_requests, counters.barriers, counters.ops)
                             .c_str());
}

}  // namespace ws::app
