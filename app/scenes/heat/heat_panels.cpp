#include "heat_panels.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>
#include <cstdio>

#include "i18n/i18n.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

nlohmann::json heat_grid_controls(HeatSettings& s, bool teach, stencil::Simulation* sim,
                                  Mode& mode) {
  const stencil::Params& p = s.grid;
  nlohmann::json edit = nlohmann::json::object();
  int dim = p.dim;
  if (ImGui::RadioButton("2D", dim == 2) && dim != 2) {
    edit["dim"] = 2;
    edit["size"] = teach ? "24x24" : "256x256";
  }
  ImGui::SameLine();
  if (ImGui::RadioButton("3D", dim == 3) && dim != 3) {
    edit["dim"] = 3;
    edit["size"] = teach ? "12x12x12" : "64x64x64";
    edit["tile"] = teach ? 4 : 8;
  }
  std::string size = heat_size_text(p);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::InputText(label_id(tr("grid size"), "size").c_str(), &size,
                       ImGuiInputTextFlags_EnterReturnsTrue))
    edit["size"] = size;
  // Variants valid for this dimension.
  const std::string current = tr_text(stencil::info(p.variant).title);
  if (ImGui::BeginCombo(label_id(tr("variant"), "variant").c_str(), current.c_str())) {
    for (const auto& v : stencil::variant_infos()) {
      if (v.dims != 0 && v.dims != p.dim) continue;
      if (ImGui::Selectable((tr_text(v.title) + "###" + v.id).c_str(), v.variant == p.variant))
        edit["variant"] = v.id;
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s: %s", tr_text(v.pmpp).c_str(), tr_text(v.lesson).c_str());
    }
    ImGui::EndCombo();
  }
  if (p.dim == 2) {
    int shape = p.shape == stencil::Shape::Nine ? 1 : 0;
    if (combo(label_id(tr("stencil"), "shape").c_str(), shape, {tr("5-point"), tr("9-point")}))
      edit["shape"] = shape ? "9" : "5";
  }
  int boundary = static_cast<int>(p.boundary);
  if (combo(label_id(tr("boundary"), "boundary").c_str(), boundary,
            {tr("fixed temperature"), tr("insulated"), tr("periodic")}))
    edit["boundary"] = stencil::boundary_name(static_cast<stencil::Boundary>(boundary));
  if (p.variant != stencil::Variant::Basic) {
    int tile = p.tile;
    if (ImGui::SliderInt(label_id(tr("tile"), "tile").c_str(), &tile, 4, 32)) edit["tile"] = tile;
  }
  if (p.variant == stencil::Variant::TemporalBlocked) {
    int k = p.steps_per_launch;
    if (ImGui::SliderInt(label_id(tr("steps per launch (K)"), "k").c_str(), &k, 1, 8))
      edit["k"] = k;
  }

  // Stability: r = alpha * dt against the limit of the shape.
  const float limit = stencil::stability_limit(p.shape);
  float alpha = s.alpha, dt = s.dt;
  bool changed = ImGui::SliderFloat(label_id(tr("alpha"), "alpha").c_str(), &alpha, 0.01f, 4.0f,
                                    "%.3f", ImGuiSliderFlags_Logarithmic);
  changed |= ImGui::SliderFloat(label_id(tr("dt"), "dt").c_str(), &dt, 0.001f, 1.0f, "%.4f",
                                ImGuiSliderFlags_Logarithmic);
  const float r = alpha * dt;
  if (changed) {
    if (r > limit && !s.unstable) {
      mode.set_error(
          trf("alpha * dt = {0} would exceed the limit {1}: tick 'allow unstable' to try it",
              std::to_string(r), std::to_string(limit)));
    } else if (sim) {
      // Changing r keeps the field: the simulation goes on with the new step.
      s.alpha = alpha;
      s.dt = dt;
      sim->set_params(s.run_params());
      mode.set_error("");
    } else {
      edit["alpha"] = alpha;
      edit["dt"] = dt;
    }
  }
  const float used = s.alpha * s.dt;
  const ImVec4 colour = used > limit          ? ImVec4(0.9f, 0.2f, 0.2f, 1)
                        : used > 0.9f * limit ? ImVec4(0.95f, 0.6f, 0.1f, 1)
                                              : ImVec4(0.2f, 0.7f, 0.3f, 1);
  const std::string verdict = used > limit          ? std::string("  ") + tr("UNSTABLE")
                              : used > 0.9f * limit ? std::string("  ") + tr("near the limit")
                                                    : std::string();
  ImGui::TextColored(colour, "%s",
                     (trf("alpha*dt = {0}  (limit {1} for {2})", heat_number("%.4f", used),
                          heat_number("%.4f", limit), tr(stencil::shape_name(p.shape))) +
                      verdict)
                         .c_str());
  if (ImGui::Checkbox(label_id(tr("allow unstable (watch it blow up)"), "unstable").c_str(),
                      &s.unstable) &&
      !s.unstable && used > limit)
    edit["dt"] = 0.9f * limit / s.alpha;

  std::string init = s.init;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (ImGui::InputText(label_id(tr("start field"), "init").c_str(), &init,
                       ImGuiInputTextFlags_EnterReturnsTrue))
    edit["init"] = init;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s",
                      tr("hot-square, random:SEED, zero, or image:PATH (e.g. image:camera.png)"));
  std::string material = s.material;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (ImGui::InputText(label_id(tr("materials"), "material").c_str(), &material,
                       ImGuiInputTextFlags_EnterReturnsTrue))
    edit["material"] = material;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", tr("empty (uniform), walls, or image:PATH (dark = insulator)"));
  return edit;
}

bool heat_view_panel(HeatSettings& s, const stencil::Simulation* sim, Mode& mode) {
  if (!panel_section(tr("View"), "heat-view")) return false;
  bool changed = false;
  int map = static_cast<int>(s.colormap);
  if (combo(label_id(tr("colormap"), "colormap").c_str(), map,
            {"viridis", "inferno", tr("cool-warm (diverging)")})) {
    s.colormap = static_cast<interop::Colormap>(map);
    changed = true;
  }
  float range[2] = {s.lo, s.hi};
  if (ImGui::InputFloat2(label_id(tr("range"), "range").c_str(), range, "%.3g",
                         ImGuiInputTextFlags_EnterReturnsTrue)) {
    if (std::isfinite(range[0]) && std::isfinite(range[1]) && range[0] < range[1]) {
      s.lo = range[0];
      s.hi = range[1];
      changed = true;
    } else {
      mode.set_error(tr("the colour range needs low < high"));
    }
  }
  if (sim && ImGui::SmallButton(label_id(tr("fit range to the field"), "fit").c_str())) {
    const stencil::Stats st = sim->stats();
    if (st.max > st.min) {
      s.lo = static_cast<float>(st.min);
      s.hi = static_cast<float>(st.max);
      changed = true;
    }
  }
  const stencil::Params& p = s.grid;
  if (p.dim == 3) {
    const std::array<int, 3> slice = s.slice_index();
    const int sizes[3] = {p.nx, p.ny, p.nz};
    for (int a = 0; a < 3; ++a) {
      int v = slice[a];
      const char* label = a == 0 ? tr("x plane") : a == 1 ? tr("y plane") : tr("z plane");
      const char* id = a == 0 ? "x-plane" : a == 1 ? "y-plane" : "z-plane";
      if (ImGui::SliderInt(label_id(label, id).c_str(), &v, 0, sizes[a] - 1)) {
        s.slice[a] = v;
        changed = true;
      }
    }
  }
  if (!s.probes.empty()) {
    for (size_t i = 0; i < s.probes.size(); ++i) {
      const auto& q = s.probes[i];
      const float v = sim ? sim->probe(q[0], q[1], q[2]) : NAN;
      ImGui::Text("P%zu (%d, %d%s) = %.5f", i + 1, q[0], q[1],
                  p.dim == 3 ? (", " + std::to_string(q[2])).c_str() : "", v);
    }
    if (ImGui::SmallButton(label_id(tr("clear probes"), "clear-probes").c_str())) s.probes.clear();
  }
  return changed;
}

void heat_cost_panel(const stencil::Params& p) {
  if (!ImGui::CollapsingHeader(label_id(tr("Cost per output (analytic)"), "heat-cost").c_str(),
                               ImGuiTreeNodeFlags_DefaultOpen))
    return;
  const stencil::Cost k = stencil::cost(p);
  ImGui::TextUnformatted(
      trf("global loads {0}, flops {1}, bytes {2}, OP/B {3}",
          heat_number("%.3f", k.loads_per_output), heat_number("%.0f", k.flops_per_output),
          heat_number("%.2f", k.bytes_per_output), heat_number("%.3f", k.op_per_byte))
          .c_str());
  ImGui::TextUnformatted(trf("threads/block {0}, shared {1} B, busy in compute {2}%",
                             k.threads_per_block, static_cast<long long>(k.shared_bytes_per_block),
                             heat_number("%.0f", 100 * k.active_fraction))
                             .c_str());
  if (p.variant == stencil::Variant::Basic) return;
  // The halo's share of each tile shrinks as the tile grows: the PMPP 8.3 table.
  if (ImGui::BeginTable("halo", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn(tr("tile"));
    ImGui::TableSetupColumn(tr("halo fraction"));
    ImGui::TableSetupColumn(tr("loads/output"));
    ImGui::TableSetupColumn("OP/B");
    ImGui::TableHeadersRow();
    for (int t : {4, 8, 16, 30}) {
      stencil::Params q = p;
      q.tile = t;
      try {
        stencil::validate(q);
      } catch (const std::exception&) {
        continue;
      }
      const stencil::Cost ck = stencil::cost(q);
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::Text("%d%s", t, t == p.tile ? " *" : "");
      ImGui::TableNextColumn();
      ImGui::Text("%.1f%%", 100 * ck.halo_fraction);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", ck.loads_per_output);
      ImGui::TableNextColumn();
      ImGui::Text("%.3f", ck.op_per_byte);
    }
    ImGui::EndTable();
  }
}

}  // namespace ws::app
