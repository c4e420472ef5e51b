#include "heat_teach_mode.h"

#include <imgui.h>

#include "i18n/i18n.h"
#include "scenes/heat/heat_panels.h"
#include "scenes/heat/heat_report.h"

namespace ws::app {

namespace {

// The step shown: what it is, the variant's lesson, the CUDA trace against its CPU twin, and the
// counters of the step and of the launch.
void teach_panel(const Taught<stencil::TeachRun>& taught, int step) {
  const stencil::TeachRun& run = taught.run;
  const Counters& counters = taught.traced.counters;
  const TwinCheck& twin = taught.traced.twin;
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

}  // namespace

void HeatTeachMode::prepare() {
  const HeatSettings& s = settings();
  require_runnable(s);
  start_ = heat_start(s);
  // --steps: the traced launch starts from the field after that many time steps (on the CPU).
  if (s.steps > 0) stencil::run_cpu(s.run_params(), start_.field, start_.material, s.steps);
}

stencil::TeachRun HeatTeachMode::run(Backend backend, int /*which*/) const {
  // On CUDA the CPU twin traces the same launch; the two traces must agree event by event.
  return stencil::teach(settings().run_params(), start_.field, start_.material, backend);
}

void HeatTeachMode::fill(RunJson& doc) const {
  const Taught<stencil::TeachRun>* t = taught();
  if (!t) {
    heat_fill(doc, settings(), start_.label, {}, 0);
    return;
  }
  heat_fill(doc, settings(), start_.label, t->run.after, settings().steps + t->run.time_steps);
  doc.extra["trace_steps"] = t->run.trace.steps.size();
}

KernelSource HeatTeachMode::kernel_source() const {
  const TraceStep* shown = shown_step();
  return heat_kernel_source(settings().grid.variant, shown ? shown->code_marker : "");
}

void HeatTeachMode::pointer(const Scene::Pointer& p) {
  // The hovered cell's block becomes the one drawn in detail.
  const Taught<stencil::TeachRun>* t = taught();
  if (!t) return;
  const int block = stencil_block_at(geo_, t->run.params, p.point);
  if (block >= 0) focus_block_ = block;
}

std::string HeatTeachMode::describe_at(gfx::Vec2 point) const {
  const Taught<stencil::TeachRun>* t = taught();
  if (!t) return "";
  return describe_stencil_teach_at(geo_, t->run, t->traced.snapshots, step(), point);
}

void HeatTeachMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  c.rect_filled({0, 0}, c.size(), pal.background);
  const Taught<stencil::TeachRun>* t = taught();
  if (!t) return;
  const HeatSettings& s = settings();
  StencilTeachInput in;
  in.run = &t->run;
  in.snapshots = &t->traced.snapshots;
  in.step = step();
  in.focus_block = focus_block_;
  in.slice_z = s.slice_index()[2];
  in.difference = t->traced.twin.difference;
  in.colormap = s.colormap;
  in.lo = s.lo;
  in.hi = s.hi;
  geo_ = draw_stencil_teach_figure(c, in, pal);
}

void HeatTeachMode::ui() {
  HeatSettings& s = settings_to_keep();
  if (ImGui::CollapsingHeader(label_id(tr("Simulation"), "heat-simulation").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen))
    edit(heat_grid_controls(s, true, nullptr, *this));
  if (ImGui::CollapsingHeader(label_id(tr("Teach mode"), "heat-teach").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen) &&
      taught())
    teach_panel(*taught(), step());
  heat_view_panel(s, nullptr, *this);
  heat_cost_panel(s.run_params());
}

}  // namespace ws::app
