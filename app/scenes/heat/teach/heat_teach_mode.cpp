#include "heat_teach_mode.h"

#include <imgui.h>

#include "i18n/i18n.h"
#include "scenes/heat/heat_panels.h"
#include "scenes/heat/heat_report.h"

namespace ws::app {

namespace {

// The step shown: what it is, the variant's lesson, the CUDA trace against its CPU twin, and the
// counters of the step and of the launch.
void teach_panel(const Taught<HeatTeachRun>& taught, int step) {
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

HeatTeachRun HeatTeachMode::run(Backend backend, int /*which*/) const {
  // The start field, after --steps time steps (on the CPU); then the traced launch from it. On
  // CUDA the CPU twin starts from the same field and its trace must agree event by event.
  const HeatSettings& s = settings();
  require_runnable(s);
  HeatStart start = heat_start(s);
  if (s.steps > 0) stencil::run_cpu(s.run_params(), start.field, start.material, s.steps);
  return {stencil::teach(s.run_params(), start.field, start.material, backend), start.label};
}

void HeatTeachMode::fill(RunJson& doc) const {
  const Taught<HeatTeachRun>* t = taught();
  if (!t) {
    heat_fill(doc, settings(), "", {}, 0);
    return;
  }
  heat_fill(doc, settings(), t->run.start_label, t->run.after,
            settings().steps + t->run.time_steps);
  doc.extra["trace_steps"] = t->run.trace.steps.size();
}

void HeatTeachMode::pointer(const Scene::Pointer& p) {
  // The hovered cell's block becomes the one drawn in detail.
  const Taught<HeatTeachRun>* t = taught();
  if (!t) return;
  const int block = stencil_block_at(geo_, t->run.params, p.point);
  if (block >= 0) focus_block_ = block;
}

void HeatTeachMode::draw(gfx::Canvas& c, gfx::Theme theme) const {
  const gfx::Palette& pal = gfx::palette(theme);
  c.rect_filled({0, 0}, c.size(), pal.background);
  const Taught<HeatTeachRun>* t = taught();
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
  // A grid cell (who wrote or read it in this step) or a slot of the focus block's shared tile.
  hover().add({0, 0}, c.size(), [geo = geo_, t, step = in.step](gfx::Vec2 point) {
    return describe_stencil_teach_at(geo, t->run, t->traced.snapshots, step, point);
  });
}

void HeatTeachMode::ui() {
  HeatSettings& s = settings_to_keep();
  if (panel_section(tr("Simulation"), "heat-simulation"))
    edit(heat_grid_controls(s, true, nullptr, *this));
  if (panel_section(tr("Teach mode"), "heat-teach") && taught()) teach_panel(*taught(), step());
  heat_view_panel(s, nullptr, *this);
  heat_cost_panel(s.run_params());
}

}  // namespace ws::app
