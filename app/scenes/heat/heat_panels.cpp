#include "heat_panels.h"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>

#include "scene_kit/panel_widgets.h"
#include "ui/code_panel.h"

namespace ws::app {

void heat_grid_controls(Scene& scene, HeatSettings& s, bool teach, std::string& error,
                        stencil::Simulation* sim) {
  const stencil::Params& p = s.grid;
  auto edit = [&](const std::function<void(nlohmann::json&)>& change) {
    nlohmann::json j = nlohmann::json::object();
    change(j);
    apply_edit(scene, j, error);
  };
  int dim = p.dim;
  if (ImGui::RadioButton("2D", dim == 2) && dim != 2)
    edit([&](nlohmann::json& j) {
      j["dim"] = 2;
      j["size"] = teach ? "24x24" : "256x256";
    });
  ImGui::SameLine();
  if (ImGui::RadioButton("3D", dim == 3) && dim != 3)
    edit([&](nlohmann::json& j) {
      j["dim"] = 3;
      j["size"] = teach ? "12x12x12" : "64x64x64";
      j["tile"] = teach ? 4 : 8;
    });
  std::string size = scene.params_to_json()["size"];
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::InputText("grid size", &size, ImGuiInputTextFlags_EnterReturnsTrue))
    edit([&](nlohmann::json& j) { j["size"] = size; });
  // Variants valid for this dimension.
  const char* current = stencil::info(p.variant).title;
  if (ImGui::BeginCombo("variant", current)) {
    for (const auto& v : stencil::variant_infos()) {
      if (v.dims != 0 && v.dims != p.dim) continue;
      if (ImGui::Selectable(v.title, v.variant == p.variant))
        edit([&](nlohmann::json& j) { j["variant"] = v.id; });
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", v.pmpp, v.lesson);
    }
    ImGui::EndCombo();
  }
  if (p.dim == 2) {
    int shape = p.shape == stencil::Shape::Nine ? 1 : 0;
    if (ImGui::Combo("stencil", &shape,
                     "5-point\0"
                     "9-point\0"))
      edit([&](nlohmann::json& j) { j["shape"] = shape ? "9" : "5"; });
  }
  int boundary = static_cast<int>(p.boundary);
  if (ImGui::Combo("boundary", &boundary, "fixed temperature\0insulated\0periodic\0"))
    edit([&](nlohmann::json& j) {
      j["boundary"] = stencil::boundary_name(static_cast<stencil::Boundary>(boundary));
    });
  if (p.variant != stencil::Variant::Basic) {
    int tile = p.tile;
    if (ImGui::SliderInt("tile", &tile, 4, 32)) edit([&](nlohmann::json& j) { j["tile"] = tile; });
  }
  if (p.variant == stencil::Variant::TemporalBlocked) {
    int k = p.steps_per_launch;
    if (ImGui::SliderInt("steps per launch (K)", &k, 1, 8))
      edit([&](nlohmann::json& j) { j["k"] = k; });
  }

  // Stability: r = alpha * dt against the limit of the shape.
  const float limit = stencil::stability_limit(p.shape);
  float alpha = s.alpha, dt = s.dt;
  bool changed =
      ImGui::SliderFloat("alpha", &alpha, 0.01f, 4.0f, "%.3f", ImGuiSliderFlags_Logarithmic);
  changed |= ImGui::SliderFloat("dt", &dt, 0.001f, 1.0f, "%.4f", ImGuiSliderFlags_Logarithmic);
  const float r = alpha * dt;
  if (changed) {
    if (r > limit && !s.unstable) {
      error = "alpha * dt = " + std::to_string(r) + " would exceed the limit " +
              std::to_string(limit) + ": tick 'allow unstable' to try it";
    } else if (sim) {
      // Changing r keeps the field: the simulation goes on with the new step.
      s.alpha = alpha;
      s.dt = dt;
      sim->set_params(s.run_params());
      error.clear();
    } else {
      edit([&](nlohmann::json& j) {
        j["alpha"] = alpha;
        j["dt"] = dt;
      });
    }
  }
  const float used = s.alpha * s.dt;
  const ImVec4 colour = used > limit          ? ImVec4(0.9f, 0.2f, 0.2f, 1)
                        : used > 0.9f * limit ? ImVec4(0.95f, 0.6f, 0.1f, 1)
                                              : ImVec4(0.2f, 0.7f, 0.3f, 1);
  ImGui::TextColored(colour, "alpha*dt = %.4f  (limit %.4f for %s)%s", used, limit,
                     stencil::shape_name(p.shape),
                     used > limit          ? "  UNSTABLE"
                     : used > 0.9f * limit ? "  near the limit"
                                           : "");
  if (ImGui::Checkbox("allow unstable (watch it blow up)", &s.unstable) && !s.unstable &&
      used > limit)
    edit([&](nlohmann::json& j) { j["dt"] = 0.9f * limit / s.alpha; });

  std::string init = s.init;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (ImGui::InputText("start field", &init, ImGuiInputTextFlags_EnterReturnsTrue))
    edit([&](nlohmann::json& j) { j["init"] = init; });
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("hot-square, random:SEED, zero, or image:PATH (e.g. image:camera.png)");
  std::string material = s.material;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (ImGui::InputText("materials", &material, ImGuiInputTextFlags_EnterReturnsTrue))
    edit([&](nlohmann::json& j) { j["material"] = material; });
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("empty (uniform), walls, or image:PATH (dark = insulator)");
}

void heat_view_panel(HeatSettings& s, const stencil::Simulation* sim, std::string& error,
                     const std::function<void()>& changed) {
  if (!ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) return;
  int map = static_cast<int>(s.colormap);
  if (ImGui::Combo("colormap", &map, "viridis\0inferno\0cool-warm (diverging)\0")) {
    s.colormap = static_cast<interop::Colormap>(map);
    changed();
  }
  float range[2] = {s.lo, s.hi};
  if (ImGui::InputFloat2("range", range, "%.3g", ImGuiInputTextFlags_EnterReturnsTrue)) {
    if (std::isfinite(range[0]) && std::isfinite(range[1]) && range[0] < range[1]) {
      s.lo = range[0];
      s.hi = range[1];
      changed();
    } else {
      error = "the colour range needs low < high";
    }
  }
  if (sim && ImGui::SmallButton("fit range to the field")) {
    const stencil::Stats st = sim->stats();
    if (st.max > st.min) {
      s.lo = static_cast<float>(st.min);
      s.hi = static_cast<float>(st.max);
      changed();
    }
  }
  const stencil::Params& p = s.grid;
  if (p.dim == 3) {
    const std::array<int, 3> slice = s.slice_index();
    const int sizes[3] = {p.nx, p.ny, p.nz};
    for (int a = 0; a < 3; ++a) {
      int v = slice[a];
      const char* label = a == 0 ? "x plane" : a == 1 ? "y plane" : "z plane";
      if (ImGui::SliderInt(label, &v, 0, sizes[a] - 1)) {
        s.slice[a] = v;
        changed();
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
    if (ImGui::SmallButton("clear probes")) s.probes.clear();
  }
}

void heat_cost_panel(const stencil::Params& p) {
  if (!ImGui::CollapsingHeader("Cost per output (analytic)", ImGuiTreeNodeFlags_DefaultOpen))
    return;
  const stencil::Cost k = stencil::cost(p);
  ImGui::Text("global loads %.3f, flops %.0f, bytes %.2f, OP/B %.3f", k.loads_per_output,
              k.flops_per_output, k.bytes_per_output, k.op_per_byte);
  ImGui::Text("threads/block %d, shared %lld B, busy in compute %.0f%%", k.threads_per_block,
              static_cast<long long>(k.shared_bytes_per_block), 100 * k.active_fraction);
  if (p.variant == stencil::Variant::Basic) return;
  // The halo's share of each tile shrinks as the tile grows: the PMPP 8.3 table.
  if (ImGui::BeginTable("halo", 4, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("tile");
    ImGui::TableSetupColumn("halo fraction");
    ImGui::TableSetupColumn("loads/output");
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

void heat_code_panel(stencil::Variant variant, const std::string& marker) {
  const stencil::VariantInfo& info = stencil::info(variant);
  const SourceSection section = load_step_source("kernels/stencil/stencil.cu", info.id, marker);
  show_code_panel(section, find_marker_line(section, marker),
                  "The kernel source (kernels/stencil/stencil.cu) was not found; set "
                  "WARPSCOPE_SOURCE_DIR to the source tree.");
}

}  // namespace ws::app
