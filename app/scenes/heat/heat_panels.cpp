// The heat scene's ImGui panels: simulation and stability, painting, view (colormap, range,
// slices, probes), teach mode, analytic cost; plus hover text and the code panel.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/error.h"
#include "heat_scene.h"
#include "interop/value_image.h"
#include "ui/code_panel.h"

namespace ws::app {

namespace {

// Applies `change` to a copy of the params and resets; on error the scene keeps what it had.
template <class Fn>
void edit(HeatScene& scene, std::string& error, Fn change) {
  nlohmann::json j = nlohmann::json::object();
  change(j);
  const nlohmann::json before = scene.params_to_json();
  try {
    scene.params_from_json(j);
    scene.reset();
    error.clear();
  } catch (const std::exception& e) {
    error = e.what();
    try {
      scene.params_from_json(before);
      scene.reset();
    } catch (const std::exception&) {
    }
  }
}

}  // namespace

void HeatScene::ui() {
  if (!error_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.9f, 0.2f, 0.2f, 1));
    ImGui::TextWrapped("%s", error_.c_str());
    ImGui::PopStyleColor();
  }
  bool teach = settings_.teach;
  if (ImGui::RadioButton("live simulation", !teach) && teach)
    edit(*this, error_, [&](nlohmann::json& j) { j["mode"] = "live"; });
  ImGui::SameLine();
  if (ImGui::RadioButton("teach one launch", teach) && !teach)
    edit(*this, error_, [&](nlohmann::json& j) {
      j["mode"] = "teach";
      const stencil::Params& p = settings_.grid;
      const int max = p.dim == 3 ? 12 : 24;
      if (p.nx > max || p.ny > max || p.nz > max) {
        j["size"] = p.dim == 3 ? "12x12x12" : "24x24";
        j["tile"] = p.dim == 3 ? 4 : 8;
      }
    });
  panel_simulation();
  if (settings_.teach)
    panel_teach();
  else
    panel_paint();
  panel_view();
  panel_cost();
}

void HeatScene::panel_simulation() {
  if (!ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const stencil::Params& p = settings_.grid;
  int dim = p.dim;
  if (ImGui::RadioButton("2D", dim == 2) && dim != 2)
    edit(*this, error_, [&](nlohmann::json& j) {
      j["dim"] = 2;
      j["size"] = settings_.teach ? "24x24" : "256x256";
    });
  ImGui::SameLine();
  if (ImGui::RadioButton("3D", dim == 3) && dim != 3)
    edit(*this, error_, [&](nlohmann::json& j) {
      j["dim"] = 3;
      j["size"] = settings_.teach ? "12x12x12" : "64x64x64";
      j["tile"] = settings_.teach ? 4 : 8;
    });
  std::string size = params_to_json()["size"];
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9);
  if (ImGui::InputText("grid size", &size, ImGuiInputTextFlags_EnterReturnsTrue))
    edit(*this, error_, [&](nlohmann::json& j) { j["size"] = size; });
  // Variants valid for this dimension.
  const char* current = stencil::info(p.variant).title;
  if (ImGui::BeginCombo("variant", current)) {
    for (const auto& v : stencil::variant_infos()) {
      if (v.dims != 0 && v.dims != p.dim) continue;
      if (ImGui::Selectable(v.title, v.variant == p.variant))
        edit(*this, error_, [&](nlohmann::json& j) { j["variant"] = v.id; });
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s: %s", v.pmpp, v.lesson);
    }
    ImGui::EndCombo();
  }
  if (p.dim == 2) {
    int shape = p.shape == stencil::Shape::Nine ? 1 : 0;
    if (ImGui::Combo("stencil", &shape,
                     "5-point\0"
                     "9-point\0"))
      edit(*this, error_, [&](nlohmann::json& j) { j["shape"] = shape ? "9" : "5"; });
  }
  int boundary = static_cast<int>(p.boundary);
  if (ImGui::Combo("boundary", &boundary, "fixed temperature\0insulated\0periodic\0"))
    edit(*this, error_, [&](nlohmann::json& j) {
      j["boundary"] = stencil::boundary_name(static_cast<stencil::Boundary>(boundary));
    });
  if (p.variant != stencil::Variant::Basic) {
    int tile = p.tile;
    if (ImGui::SliderInt("tile", &tile, 4, 32))
      edit(*this, error_, [&](nlohmann::json& j) { j["tile"] = tile; });
  }
  if (p.variant == stencil::Variant::TemporalBlocked) {
    int k = p.steps_per_launch;
    if (ImGui::SliderInt("steps per launch (K)", &k, 1, 8))
      edit(*this, error_, [&](nlohmann::json& j) { j["k"] = k; });
  }

  // Stability: r = alpha * dt against the limit of the shape.
  const float limit = stencil::stability_limit(p.shape);
  float alpha = settings_.alpha, dt = settings_.dt;
  bool changed =
      ImGui::SliderFloat("alpha", &alpha, 0.01f, 4.0f, "%.3f", ImGuiSliderFlags_Logarithmic);
  changed |= ImGui::SliderFloat("dt", &dt, 0.001f, 1.0f, "%.4f", ImGuiSliderFlags_Logarithmic);
  const float r = alpha * dt;
  if (changed) {
    if (r > limit && !settings_.unstable) {
      error_ = "alpha * dt = " + std::to_string(r) + " would exceed the limit " +
               std::to_string(limit) + ": tick 'allow unstable' to try it";
    } else if (sim_) {
      // Changing r keeps the field: the simulation goes on with the new step.
      settings_.alpha = alpha;
      settings_.dt = dt;
      sim_->set_params(run_params());
      error_.clear();
    } else {
      edit(*this, error_, [&](nlohmann::json& j) {
        j["alpha"] = alpha;
        j["dt"] = dt;
      });
    }
  }
  const float used = settings_.alpha * settings_.dt;
  const ImVec4 colour = used > limit          ? ImVec4(0.9f, 0.2f, 0.2f, 1)
                        : used > 0.9f * limit ? ImVec4(0.95f, 0.6f, 0.1f, 1)
                                              : ImVec4(0.2f, 0.7f, 0.3f, 1);
  ImGui::TextColored(colour, "alpha*dt = %.4f  (limit %.4f for %s)%s", used, limit,
                     stencil::shape_name(p.shape),
                     used > limit          ? "  UNSTABLE"
                     : used > 0.9f * limit ? "  near the limit"
                                           : "");
  if (ImGui::Checkbox("allow unstable (watch it blow up)", &settings_.unstable) &&
      !settings_.unstable && used > limit)
    edit(*this, error_, [&](nlohmann::json& j) { j["dt"] = 0.9f * limit / settings_.alpha; });

  std::string init = settings_.init;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (ImGui::InputText("start field", &init, ImGuiInputTextFlags_EnterReturnsTrue))
    edit(*this, error_, [&](nlohmann::json& j) { j["init"] = init; });
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("hot-square, random:SEED, zero, or image:PATH (e.g. image:camera.png)");
  std::string material = settings_.material;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
  if (ImGui::InputText("materials", &material, ImGuiInputTextFlags_EnterReturnsTrue))
    edit(*this, error_, [&](nlohmann::json& j) { j["material"] = material; });
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("empty (uniform), walls, or image:PATH (dark = insulator)");

  if (!settings_.teach && sim_) {
    if (ImGui::Button(running_ ? "pause" : "run")) running_ = !running_;
    ImGui::SameLine();
    if (ImGui::Button("single step")) {
      running_ = false;
      advance(1);
      upload_images();
    }
    ImGui::SameLine();
    if (ImGui::Button("reset")) edit(*this, error_, [](nlohmann::json&) {});
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
    ImGui::SliderInt("steps per frame", &settings_.steps_per_frame, 1, 200, "%d",
                     ImGuiSliderFlags_Logarithmic);
    ImGui::Text("t = %.4g  (%lld steps)", double(time_steps_) * settings_.dt,
                static_cast<long long>(time_steps_));
    ImGui::Text("%.3f ms per time step, frame %.1f ms (%s)", step_ms_, frame_ms_,
                backend_name(backend()));
    if (!image_notice_.empty()) ImGui::TextWrapped("display: %s", image_notice_.c_str());
  }
}

void HeatScene::panel_paint() {
  if (!ImGui::CollapsingHeader("Paint", ImGuiTreeNodeFlags_DefaultOpen)) return;
  int kind = static_cast<int>(brush_.kind);
  if (ImGui::Combo("brush", &kind,
                   "heat source\0cold sink\0insulating wall\0conductivity\0erase\0")) {
    brush_.kind = static_cast<stencil::Brush::Kind>(kind);
    // Each brush starts from its natural value: hot 1, cold 0, a poor conductor 0.2.
    if (brush_.kind == stencil::Brush::Kind::Heat) brush_.temperature = 1;
    if (brush_.kind == stencil::Brush::Kind::Cool) brush_.temperature = 0;
    if (brush_.kind == stencil::Brush::Kind::Conductor) brush_.temperature = 0.2f;
  }
  ImGui::SliderFloat("radius", &brush_.radius, 0.5f, 64.0f, "%.1f cells",
                     ImGuiSliderFlags_Logarithmic);
  if (brush_.kind == stencil::Brush::Kind::Conductor)
    ImGui::SliderFloat("conductivity", &brush_.temperature, 0.0f, 1.0f, "%.2f");
  else if (brush_.kind != stencil::Brush::Kind::Wall && brush_.kind != stencil::Brush::Kind::Erase)
    ImGui::SliderFloat("temperature", &brush_.temperature, -1.0f, 2.0f, "%.2f");
  ImGui::Checkbox("probe tool (click adds a probe; or shift-click)", &probe_tool_);
  ImGui::TextDisabled("left drag paints, right drag erases");
}

void HeatScene::panel_view() {
  if (!ImGui::CollapsingHeader("View", ImGuiTreeNodeFlags_DefaultOpen)) return;
  int map = static_cast<int>(settings_.colormap);
  if (ImGui::Combo("colormap", &map, "viridis\0inferno\0cool-warm (diverging)\0")) {
    settings_.colormap = static_cast<interop::Colormap>(map);
    upload_images();
  }
  float range[2] = {settings_.lo, settings_.hi};
  if (ImGui::InputFloat2("range", range, "%.3g", ImGuiInputTextFlags_EnterReturnsTrue)) {
    if (std::isfinite(range[0]) && std::isfinite(range[1]) && range[0] < range[1]) {
      settings_.lo = range[0];
      settings_.hi = range[1];
      upload_images();
    } else {
      error_ = "the colour range needs low < high";
    }
  }
  if (sim_ && ImGui::SmallButton("fit range to the field")) {
    const stencil::Stats s = sim_->stats();
    if (s.max > s.min) {
      settings_.lo = static_cast<float>(s.min);
      settings_.hi = static_cast<float>(s.max);
      upload_images();
    }
  }
  const stencil::Params& p = settings_.grid;
  if (p.dim == 3) {
    const std::array<int, 3> s = slice_index();
    const int sizes[3] = {p.nx, p.ny, p.nz};
    for (int a = 0; a < 3; ++a) {
      int v = s[a];
      const char* label = a == 0 ? "x plane" : a == 1 ? "y plane" : "z plane";
      if (ImGui::SliderInt(label, &v, 0, sizes[a] - 1)) {
        settings_.slice[a] = v;
        upload_images();
      }
    }
  }
  if (!settings_.probes.empty()) {
    for (size_t i = 0; i < settings_.probes.size(); ++i) {
      const auto& q = settings_.probes[i];
      const float v = sim_ ? sim_->probe(q[0], q[1], q[2]) : NAN;
      ImGui::Text("P%zu (%d, %d%s) = %.5f", i + 1, q[0], q[1],
                  p.dim == 3 ? (", " + std::to_string(q[2])).c_str() : "", v);
    }
    if (ImGui::SmallButton("clear probes")) settings_.probes.clear();
  }
}

void HeatScene::panel_teach() {
  if (!ImGui::CollapsingHeader("Teach mode", ImGuiTreeNodeFlags_DefaultOpen) || !teach_) return;
  const TraceStep& s = teach_->trace.steps.at(step_);
  ImGui::TextWrapped("Step %d of %zu: %s (phase %s)", step_ + 1, teach_->trace.steps.size(),
                     s.label.c_str(), s.phase.c_str());
  ImGui::TextWrapped("%s", stencil::info(teach_->params.variant).lesson);
  ImGui::TextDisabled("hover a cell: which thread loaded or wrote it; the hovered block is shown");
  if (backend() == Backend::Cuda)
    ImGui::TextColored(
        teach_check_.empty() ? ImVec4(0.2f, 0.7f, 0.3f, 1) : ImVec4(0.9f, 0.2f, 0.2f, 1), "%s",
        teach_check_.empty() ? "GPU trace == CPU trace" : teach_check_.c_str());
  const StepCounters& c = teach_counters_.per_step.at(step_);
  ImGui::Text("this step: %lld threads busy, %lld divergent warps, %lld bank conflicts",
              static_cast<long long>(c.active_threads), static_cast<long long>(c.divergent_warps),
              static_cast<long long>(c.bank_conflicts));
  ImGui::Text("launch: %lld global sectors, %lld barriers, %lld updates",
              static_cast<long long>(teach_counters_.global_requests),
              static_cast<long long>(teach_counters_.barriers),
              static_cast<long long>(teach_counters_.ops));
}

void HeatScene::panel_cost() const {
  if (!ImGui::CollapsingHeader("Cost per output (analytic)", ImGuiTreeNodeFlags_DefaultOpen))
    return;
  const stencil::Params p = run_params();
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

void HeatScene::code_ui() {
  const stencil::VariantInfo& info = stencil::info(settings_.grid.variant);
  std::string marker;
  if (teach_ && step_ < static_cast<int>(teach_->trace.steps.size()))
    marker = teach_->trace.steps[step_].code_marker;
  const SourceSection section = load_step_source("kernels/stencil/stencil.cu", info.id, marker);
  show_code_panel(section, find_marker_line(section, marker),
                  "The kernel source (kernels/stencil/stencil.cu) was not found; set "
                  "WARPSCOPE_SOURCE_DIR to the source tree.");
}

std::string HeatScene::describe_at(gfx::Vec2 point) const {
  if (teach_) {
    const TeachGeometry& g = teach_geo_;
    const stencil::Params& p = teach_->params;
    const Trace& trace = teach_->trace;
    if (g.cell > 0) {
      const int x = static_cast<int>(std::floor((point.x - g.grid_min.x) / g.cell));
      const int y = static_cast<int>(std::floor((point.y - g.grid_min.y) / g.cell));
      if (x >= 0 && y >= 0 && x < p.nx && y < p.ny) {
        const int64_t i = x + int64_t(p.nx) * (y + int64_t(p.ny) * g.plane);
        const TraceStep& step = trace.steps.at(step_);
        for (const TraceEvent& e : step.events)
          if (e.buffer == 1 && e.kind == EventKind::Write && e.address == i)
            return describe_hit(trace, teach_snapshots_, {step_, 1, i, -1});
        for (const TraceEvent& e : step.events)
          if (e.buffer == 0 && e.kind == EventKind::Read && e.address == i)
            return "in[" + std::to_string(i) + "] (cell " + std::to_string(x) + ", " +
                   std::to_string(y) + ") was read by " +
                   describe_hit(trace, teach_snapshots_, {step_, -1, -1, e.thread});
        return "cell (" + std::to_string(x) + ", " + std::to_string(y) +
               ") = " + std::to_string(teach_snapshots_.at(step_).at(1).at(i)) +
               ": no thread touched it in this step";
      }
    }
    if (g.tile_cell > 0 && trace.buffers.size() > 2) {
      const float plane_w = g.tile_w * g.tile_cell + g.tile_gap;
      const int k = static_cast<int>(std::floor((point.x - g.tile_min.x) / plane_w));
      const float px = point.x - g.tile_min.x - k * plane_w;
      const int tx = static_cast<int>(std::floor(px / g.tile_cell));
      const int ty = static_cast<int>(std::floor((point.y - g.tile_min.y) / g.tile_cell));
      if (k >= 0 && k < g.tile_planes && tx >= 0 && ty >= 0 && tx < g.tile_w && ty < g.tile_w) {
        const int64_t size = trace.buffers[2].size;
        const int block = g.focus;
        const int64_t local = int64_t(k) * g.tile_w * g.tile_w + tx + int64_t(g.tile_w) * ty;
        if (local < size)
          return describe_hit(trace, teach_snapshots_, {step_, 2, block * size + local, -1});
      }
    }
    return "";
  }
  std::array<int, 3> cell;
  if (!sim_ || !cell_at(point, cell)) return "";
  const float v = sim_->probe(cell[0], cell[1], cell[2]);
  char value[64];
  std::snprintf(value, sizeof value, "): temperature %.4f ", v);
  std::string text = "cell (" + std::to_string(cell[0]) + ", " + std::to_string(cell[1]) +
                     (settings_.grid.dim == 3 ? ", " + std::to_string(cell[2]) : "") + value;
  if (sim_->params().materials && material_cache_version_ == material_version_) {
    const stencil::Params& p = sim_->params();
    const float m = material_cache_.at(cell[0] + size_t(p.nx) * (cell[1] + size_t(p.ny) * cell[2]));
    std::snprintf(value, sizeof value, "\nconductivity %.3g", m);
    text += m < 0 ? std::string("\npinned (a heater or cooler)") : std::string(value);
  }
  return text;
}

}  // namespace ws::app
