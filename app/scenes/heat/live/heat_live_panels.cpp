// The live mode's own panels (run controls, the brush) and its lecture caption: what the
// simulation shows now.
#include <imgui.h>

#include "heat_live_run.h"
#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

// Sentences of a caption, joined as the language writes them (Chinese: no space between).
void add(std::string& text, const std::string& sentence) {
  if (sentence.empty()) return;
  const bool gap = !text.empty() && i18n::language() != i18n::Language::Chinese;
  text += (gap ? " " : "") + sentence;
}

}  // namespace

bool heat_run_panel(HeatLive& live, HeatSettings& s, Backend backend) {
  if (ImGui::Button(label_id(live.running ? tr("pause") : tr("run"), "run-pause").c_str()))
    live.running = !live.running;
  ImGui::SameLine();
  if (ImGui::Button(label_id(tr("single step"), "single-step").c_str())) {
    live.running = false;
    live.advance(backend, 1);
    live.upload_images(backend, s);
  }
  ImGui::SameLine();
  const bool reset = ImGui::Button(label_id(tr("reset"), "reset").c_str());
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::SliderInt(label_id(tr("steps per frame"), "steps-per-frame").c_str(), &s.steps_per_frame,
                   1, 200, "%d", ImGuiSliderFlags_Logarithmic);
  ImGui::TextUnformatted(trf("t = {0}  ({1} steps)",
                             heat_number("%.4g", double(live.time_steps) * s.dt),
                             static_cast<long long>(live.time_steps))
                             .c_str());
  ImGui::TextUnformatted(trf("{0} ms per time step, frame {1} ms ({2})",
                             heat_number("%.3f", live.step_ms), heat_number("%.1f", live.frame_ms),
                             backend_name(backend))
                             .c_str());
  if (!live.image_notice.empty())
    ImGui::TextWrapped("%s", trf("display: {0}", tr_text(live.image_notice)).c_str());
  return reset;
}

void heat_paint_panel(HeatLive& live) {
  if (!panel_section(tr("Paint"), "heat-paint")) return;
  stencil::Brush& brush = live.brush;
  int kind = static_cast<int>(brush.kind);
  if (combo(label_id(tr("brush"), "brush").c_str(), kind,
            {tr("heat source"), tr("cold sink"), tr("insulating wall"), tr("conductivity"),
             tr("erase")})) {
    brush.kind = static_cast<stencil::Brush::Kind>(kind);
    // Each brush starts from its natural value: hot 1, cold 0, a poor conductor 0.2.
    if (brush.kind == stencil::Brush::Kind::Heat) brush.temperature = 1;
    if (brush.kind == stencil::Brush::Kind::Cool) brush.temperature = 0;
    if (brush.kind == stencil::Brush::Kind::Conductor) brush.temperature = 0.2f;
  }
  // The translated "%.1f cells" keeps its one conversion (the catalog check makes sure).
  ImGui::SliderFloat(label_id(tr("radius"), "radius").c_str(), &brush.radius, 0.5f, 64.0f,
                     tr("%.1f cells"), ImGuiSliderFlags_Logarithmic);
  if (brush.kind == stencil::Brush::Kind::Conductor)
    ImGui::SliderFloat(label_id(tr("conductivity"), "brush-value").c_str(), &brush.temperature,
                       0.0f, 1.0f, "%.2f");
  else if (brush.kind != stencil::Brush::Kind::Wall && brush.kind != stencil::Brush::Kind::Erase)
    ImGui::SliderFloat(label_id(tr("temperature"), "brush-value").c_str(), &brush.temperature,
                       -1.0f, 2.0f, "%.2f");
  ImGui::Checkbox(label_id(tr("probe tool (click adds a probe; or shift-click)"), "probe").c_str(),
                  &live.probe_tool);
  ImGui::TextDisabled("%s", tr("left drag paints, right drag erases"));
}

std::string heat_live_caption(const HeatLive& live, const HeatSettings& s) {
  if (!live.sim) return "";
  const stencil::Simulation& sim = *live.sim;
  const stencil::Params& p = sim.params();
  const double dt = s.dt;
  std::string text;
  add(text, trf("{0}D heat by an explicit {1} stencil ({2}): every time step moves each cell "
                "toward its neighbours by r = α·dt = {3}.",
                p.dim, tr(stencil::shape_name(p.shape)), tr_text(stencil::info(p.variant).title),
                heat_number("%.4g", p.r)));
  add(text, trf("After {0} steps of dt = {1}, t = {2}{3}.", live.time_steps, heat_number("%g", dt),
                heat_number("%.4g", double(live.time_steps) * dt),
                live.running ? std::string() : std::string(tr(" (paused)"))));
  const float limit = stencil::stability_limit(p.shape);
  if (stencil::is_stable(p))
    add(text, trf("The explicit scheme is stable while r ≤ {0} (the stability condition); here "
                  "it holds, so the field only smooths out.",
                  heat_number("%.4g", limit)));
  else
    add(text, trf("r is above the stability limit {0}: errors grow every step and the field "
                  "blows up.",
                  heat_number("%.4g", limit)));
  switch (p.boundary) {
    case stencil::Boundary::Fixed:
      add(text, tr("Fixed boundary: the edge cells keep their temperature."));
      break;
    case stencil::Boundary::Periodic:
      add(text, tr("Periodic boundary: heat leaving one edge enters at the opposite one."));
      break;
    default:
      add(text,
          tr("Insulated boundary: no heat crosses the edge, so the total heat is conserved."));
      break;
  }
  if (p.materials)
    add(text, tr("Walls (conductivity 0) block the heat; pinned cells are heaters and coolers."));
  for (size_t i = 0; i < s.probes.size(); ++i)
    add(text, trf("Probe P{0} reads {1}.", i + 1,
                  heat_number("%.4f", sim.probe(s.probes[i][0], s.probes[i][1], s.probes[i][2]))));
  return text;
}

}  // namespace ws::app
