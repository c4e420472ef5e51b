#include "heat_teach_scene.h"

#include <imgui.h>

#include <cmath>

#include "heat_panels.h"
#include "heat_report.h"
#include "views/trace_tree_view.h"

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

bool HeatTeachScene::grid_cell_at(gfx::Vec2 point, int& x, int& y) const {
  if (!taught_ || geo_.cell <= 0) return false;
  const stencil::Params& p = taught_->run.params;
  x = static_cast<int>(std::floor((point.x - geo_.grid_min.x) / geo_.cell));
  y = static_cast<int>(std::floor((point.y - geo_.grid_min.y) / geo_.cell));
  return x >= 0 && y >= 0 && x < p.nx && y < p.ny;
}

void HeatTeachScene::pointer(const Pointer& pointer) {
  // The hovered cell's block becomes the one drawn in detail.
  int x = 0, y = 0;
  if (!grid_cell_at(pointer.point, x, y)) return;
  const stencil::Params& p = taught_->run.params;
  const int t = p.tile, gx = (p.nx + t - 1) / t, gy = (p.ny + t - 1) / t;
  const int bz =
      p.dim == 3 ? (p.variant == stencil::Variant::Basic ? geo_.plane : geo_.plane / t) : 0;
  focus_block_ = x / t + gx * (y / t + gy * bz);
}

std::string HeatTeachScene::describe_at(gfx::Vec2 point) const {
  if (!taught_) return "";
  const stencil::Params& p = taught_->run.params;
  const Trace& trace = taught_->run.trace;
  const Snapshots& snapshots = taught_->traced.snapshots;
  const int step = cursor_.step();
  int x = 0, y = 0;
  if (grid_cell_at(point, x, y)) {
    const int64_t i = x + int64_t(p.nx) * (y + int64_t(p.ny) * geo_.plane);
    const TraceStep& s = trace.steps.at(step);
    for (const TraceEvent& e : s.events)
      if (e.buffer == 1 && e.kind == EventKind::Write && e.address == i)
        return describe_hit(trace, snapshots, {step, 1, i, -1});
    for (const TraceEvent& e : s.events)
      if (e.buffer == 0 && e.kind == EventKind::Read && e.address == i)
        return "in[" + std::to_string(i) + "] (cell " + std::to_string(x) + ", " +
               std::to_string(y) + ") was read by " +
               describe_hit(trace, snapshots, {step, -1, -1, e.thread});
    return "cell (" + std::to_string(x) + ", " + std::to_string(y) +
           ") = " + std::to_string(snapshots.at(step).at(1).at(i)) +
           ": no thread touched it in this step";
  }
  const Geometry& g = geo_;
  if (g.tile_cell <= 0 || trace.buffers.size() <= 2) return "";
  const float plane_w = g.tile_w * g.tile_cell + g.tile_gap;
  const int k = static_cast<int>(std::floor((point.x - g.tile_min.x) / plane_w));
  const float px = point.x - g.tile_min.x - k * plane_w;
  const int tx = static_cast<int>(std::floor(px / g.tile_cell));
  const int ty = static_cast<int>(std::floor((point.y - g.tile_min.y) / g.tile_cell));
  if (k < 0 || k >= g.tile_planes || tx < 0 || ty < 0 || tx >= g.tile_w || ty >= g.tile_w)
    return "";
  const int64_t size = trace.buffers[2].size;
  const int64_t local = int64_t(k) * g.tile_w * g.tile_w + tx + int64_t(g.tile_w) * ty;
  if (local >= size) return "";
  return describe_hit(trace, snapshots, {step, 2, g.focus * size + local, -1});
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
  heat_error_line(error_);
  if (ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen))
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
  if (!ImGui::CollapsingHeader("Teach mode", ImGuiTreeNodeFlags_DefaultOpen) || !taught_) return;
  const stencil::TeachRun& run = taught_->run;
  const Counters& counters = taught_->traced.counters;
  const TwinCheck& twin = taught_->traced.twin;
  const int step = cursor_.step();
  const TraceStep& s = run.trace.steps.at(step);
  ImGui::TextWrapped("Step %d of %zu: %s (phase %s)", step + 1, run.trace.steps.size(),
                     s.label.c_str(), s.phase.c_str());
  ImGui::TextWrapped("%s", stencil::info(run.params.variant).lesson);
  ImGui::TextDisabled("hover a cell: which thread loaded or wrote it; the hovered block is shown");
  if (twin.ran)
    ImGui::TextColored(twin.matches() ? ImVec4(0.2f, 0.7f, 0.3f, 1) : ImVec4(0.9f, 0.2f, 0.2f, 1),
                       "%s", twin.matches() ? "GPU trace == CPU trace" : twin.difference.c_str());
  const StepCounters& c = counters.per_step.at(step);
  ImGui::Text("this step: %lld threads busy, %lld divergent warps, %lld bank conflicts",
              static_cast<long long>(c.active_threads), static_cast<long long>(c.divergent_warps),
              static_cast<long long>(c.bank_conflicts));
  ImGui::Text("launch: %lld global sectors, %lld barriers, %lld updates",
              static_cast<long long>(counters.global_requests),
              static_cast<long long>(counters.barriers), static_cast<long long>(counters.ops));
}

}  // namespace ws::app
