#include "heat_scene.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "common/error.h"
#include "heat_inputs.h"
#include "interop/value_image.h"

namespace ws::app {

HeatScene::HeatScene() {
  settings_.grid.nx = settings_.grid.ny = 256;
  settings_.grid.tile = 16;
}

HeatScene::~HeatScene() = default;

void HeatScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void HeatScene::detach() {
  for (auto& image : images_) image.reset();  // GL objects go while the context is current
  sim_.reset();
  context_ = nullptr;
}

stencil::Params HeatScene::run_params() const {
  stencil::Params p = settings_.grid;
  p.r = settings_.alpha * settings_.dt;
  p.materials = !settings_.material.empty();
  return p;
}

std::vector<float> HeatScene::make_field(std::string& label) const {
  return heat_initial_field(run_params(), settings_.init, label);
}

std::vector<float> HeatScene::make_material() const {
  return heat_material(run_params(), settings_.material);
}

std::string HeatScene::painted_text() const {
  if (painted_dirty_ && sim_) return encode_painted(sim_->material(), sim_->field());
  return settings_.material == "painted" ? settings_.painted : "";
}

void HeatScene::apply_painted(std::vector<float>& material, std::vector<float>& field) const {
  if (settings_.material == "painted" && !settings_.painted.empty())
    decode_painted(settings_.painted, run_params().cells(), material, field);
}

void HeatScene::reset() {
  error_.clear();
  // Strokes painted on the running simulation stay: a reset restarts the temperatures, not the
  // walls and heaters (they go into the session too).
  if (painted_dirty_ && sim_ && sim_->params().cells() == run_params().cells())
    settings_.painted = encode_painted(sim_->material(), sim_->field());
  painted_dirty_ = false;
  const stencil::Params p = run_params();
  stencil::validate(p);
  WS_REQUIRE(settings_.unstable || stencil::is_stable(p),
             "alpha * dt = " + std::to_string(p.r) + " is above the stability limit " +
                 std::to_string(stencil::stability_limit(p.shape)) + " of the " +
                 stencil::shape_name(p.shape) +
                 " stencil: lower --dt or --alpha, or pass --unstable to watch it blow up");
  for (const auto& probe : settings_.probes)
    WS_REQUIRE(probe[0] < p.nx && probe[1] < p.ny && probe[2] < p.nz,
               "probe (" + std::to_string(probe[0]) + ", " + std::to_string(probe[1]) + ", " +
                   std::to_string(probe[2]) + ") is outside the " + std::to_string(p.nx) + "x" +
                   std::to_string(p.ny) + (p.dim == 3 ? "x" + std::to_string(p.nz) : "") + " grid");
  if (settings_.teach) {
    teach_.reset();
    sim_.reset();
    for (auto& image : images_) image.reset();
    reset_teach();
    return;
  }
  std::vector<float> field = make_field(field_label_);
  std::vector<float> material = make_material();
  apply_painted(material, field);
  teach_.reset();
  auto sim = stencil::Simulation::create(backend(), p);
  sim->set_field(field);
  if (p.materials) sim->set_material(material);
  sim_ = std::move(sim);
  ++material_version_;
  time_steps_ = 0;
  step_ = 0;
  if (settings_.steps > 0) advance(settings_.steps);
  upload_images();
}

void HeatScene::reset_teach() {
  const stencil::Params p = run_params();
  std::vector<float> field = make_field(field_label_);
  std::vector<float> material = make_material();
  apply_painted(material, field);
  // --steps: the traced launch starts from the field after that many time steps (on the CPU).
  if (settings_.steps > 0) stencil::run_cpu(p, field, material, settings_.steps);
  teach_ = stencil::teach(p, field, material, backend());
  teach_check_.clear();
  if (backend() == Backend::Cuda) {
    const stencil::TeachRun cpu = stencil::teach(p, field, material, Backend::Cpu);
    teach_check_ = compare_traces(cpu.trace, teach_->trace);
  }
  teach_counters_ = compute_counters(teach_->trace);
  teach_snapshots_ = replay_snapshots(teach_->trace);
  step_ = std::min<int>(step_, step_count() - 1);
}

int HeatScene::step_count() const {
  if (teach_) return std::max<int>(1, static_cast<int>(teach_->trace.steps.size()));
  return 1;
}

void HeatScene::seek(int step) {
  step_ = std::clamp(step, 0, step_count() - 1);
}

void HeatScene::advance(int time_steps) {
  if (!sim_ || time_steps <= 0) return;
  // Every 32nd call waits for the GPU to time the steps; the others leave the queue running.
  const bool timed = backend() == Backend::Cpu || (advances_++ % 32) == 0;
  const auto start = std::chrono::steady_clock::now();
  sim_->advance(time_steps);
  if (timed) {
    sim_->synchronize();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    step_ms_ = step_ms_ == 0 ? ms / time_steps : 0.8 * step_ms_ + 0.2 * ms / time_steps;
  }
  time_steps_ += time_steps;
}

void HeatScene::tick(float dt) {
  if (!context_ || !context_->has_gl) return;
  frame_ms_ = frame_ms_ == 0 ? dt * 1000.0 : 0.9 * frame_ms_ + 0.1 * dt * 1000.0;
  // Step, then colour the new field. (Colouring first and stepping after was measured too: no
  // faster on the H200, see docs/performance.md.)
  if (!settings_.teach && sim_ && running_) advance(settings_.steps_per_frame);
  upload_images();
}

std::array<int, 3> HeatScene::slice_index() const {
  const stencil::Params& p = settings_.grid;
  const int sizes[3] = {p.nx, p.ny, p.nz};
  std::array<int, 3> s = settings_.slice;
  for (int a = 0; a < 3; ++a) s[a] = s[a] < 0 ? sizes[a] / 2 : std::min(s[a], sizes[a] - 1);
  return s;
}

std::vector<std::pair<int, int>> HeatScene::panel_views() const {
  if (settings_.grid.dim == 2) return {{2, 0}};
  const std::array<int, 3> s = slice_index();
  return {{0, s[0]}, {1, s[1]}, {2, s[2]}, {2, stencil::kMaxProjection}};
}

void HeatScene::upload_images() {
  if (!context_ || !context_->has_gl || !sim_) return;
  const stencil::Params& p = sim_->params();
  const std::vector<std::pair<int, int>> views = panel_views();
  const int panels = static_cast<int>(views.size());
  image_notice_.clear();
  for (int k = 0; k < panels; ++k) {
    const auto [axis, index] = views[k];
    int width = 0, height = 0;
    stencil::slice_shape(p, axis, width, height);
    auto& image = images_[k];
    if (!image) image = std::make_unique<interop::ValueImage>(backend());
    image->set_colormap(settings_.colormap);
    const float lo = settings_.lo, hi = settings_.hi > settings_.lo ? settings_.hi : lo + 1;
    const float* device = backend() == Backend::Cuda ? (p.dim == 3 ? sim_->device_slice(axis, index)
                                                                   : sim_->device_field())
                                                     : nullptr;
    if (device) {
      image->set_device_values(device, int64_t(width) * height, width, lo, hi);
    } else {
      const std::vector<float> values = sim_->slice(axis, index);
      image->set_values(values.data(), int64_t(values.size()), width, lo, hi);
    }
    if (!image->notice().empty()) image_notice_ = image->notice();
  }
  for (int k = panels; k < int(images_.size()); ++k) images_[k].reset();
}

bool HeatScene::cell_at(gfx::Vec2 point, std::array<int, 3>& cell) const {
  for (const HeatPanel& panel : panels_) {
    if (panel.index == stencil::kMaxProjection) continue;  // a projection has no single cell
    if (point.x < panel.min.x || point.y < panel.min.y || point.x >= panel.max.x ||
        point.y >= panel.max.y)
      continue;
    const int u = std::clamp(
        static_cast<int>((point.x - panel.min.x) / (panel.max.x - panel.min.x) * panel.width), 0,
        panel.width - 1);
    const int v = std::clamp(
        static_cast<int>((point.y - panel.min.y) / (panel.max.y - panel.min.y) * panel.height), 0,
        panel.height - 1);
    const std::array<int, 3> s = slice_index();
    // slice_shape: axis 0 shows (y, z), axis 1 (x, z), axis 2 (x, y).
    if (panel.axis == 0) cell = {s[0], u, v};
    if (panel.axis == 1) cell = {u, s[1], v};
    if (panel.axis == 2) cell = {u, v, settings_.grid.dim == 3 ? s[2] : 0};
    return true;
  }
  return false;
}

void HeatScene::paint_at(gfx::Vec2 point, bool erase) {
  std::array<int, 3> cell;
  if (!sim_ || !cell_at(point, cell)) return;
  stencil::Brush b = brush_;
  if (erase) b.kind = stencil::Brush::Kind::Erase;
  b.x = static_cast<float>(cell[0]);
  b.y = static_cast<float>(cell[1]);
  b.z = static_cast<float>(cell[2]);
  // Walls, conductors and pinned cells live in the material map: switch it on at the first stroke.
  if (!sim_->params().materials && b.kind != stencil::Brush::Kind::Erase) {
    stencil::Params p = sim_->params();
    p.materials = true;
    sim_->set_material(std::vector<float>(p.cells(), 1.0f));
    sim_->set_params(p);
  }
  sim_->paint(b);
  ++material_version_;
  settings_.material = "painted";  // the map now differs from its source: sessions keep it whole
  painted_dirty_ = true;
}

void HeatScene::pointer(const Pointer& p) {
  if (teach_) {
    // The hovered cell's block becomes the one drawn in detail.
    const TeachGeometry& g = teach_geo_;
    const stencil::Params& tp = teach_->params;
    if (g.cell <= 0) return;
    const int x = static_cast<int>(std::floor((p.point.x - g.grid_min.x) / g.cell));
    const int y = static_cast<int>(std::floor((p.point.y - g.grid_min.y) / g.cell));
    if (x < 0 || y < 0 || x >= tp.nx || y >= tp.ny) return;
    const int t = tp.tile, gx = (tp.nx + t - 1) / t, gy = (tp.ny + t - 1) / t;
    const int bz =
        tp.dim == 3 ? (tp.variant == stencil::Variant::Basic ? g.plane : g.plane / t) : 0;
    focus_block_ = x / t + gx * (y / t + gy * bz);
    return;
  }
  std::array<int, 3> cell;
  if (probe_tool_ || p.shift) {
    if (p.left_clicked && cell_at(p.point, cell) && settings_.probes.size() < 8)
      settings_.probes.push_back(cell);
    return;
  }
  if (p.left_down) paint_at(p.point, false);
  if (p.right_down) paint_at(p.point, true);
}

nlohmann::json HeatScene::results_json() const {
  const stencil::Params p = run_params();
  nlohmann::json j = {{"scene", "heat"},
                      {"params", params_to_json()},
                      {"backend", backend_name(backend())},
                      {"r", p.r},
                      {"stability_limit", stencil::stability_limit(p.shape)},
                      {"stable", stencil::is_stable(p)},
                      {"field_source", field_label_}};
  const stencil::Cost cost = stencil::cost(p);
  j["cost"] = {{"loads_per_output", cost.loads_per_output},
               {"flops_per_output", cost.flops_per_output},
               {"bytes_per_output", cost.bytes_per_output},
               {"op_per_byte", cost.op_per_byte},
               {"halo_fraction", cost.halo_fraction},
               {"shared_bytes_per_block", cost.shared_bytes_per_block},
               {"threads_per_block", cost.threads_per_block},
               {"active_fraction", cost.active_fraction}};
  std::vector<float> field;
  if (teach_) {
    field = teach_->after;
    j["time_steps"] = settings_.steps + teach_->time_steps;
    j["trace_steps"] = teach_->trace.steps.size();
    j["counters"] = {{"steps", teach_counters_.steps},
                     {"ops", teach_counters_.ops},
                     {"useful_ops", teach_counters_.useful_ops},
                     {"lanes_consumed", teach_counters_.lanes_consumed},
                     {"divergent_warps", teach_counters_.divergent_warps},
                     {"global_requests", teach_counters_.global_requests},
                     {"bank_conflicts", teach_counters_.bank_conflicts},
                     {"barriers", teach_counters_.barriers}};
    if (backend() == Backend::Cuda) j["cpu_check"] = teach_check_.empty() ? "match" : teach_check_;
  } else if (sim_) {
    field = sim_->field();
    j["time_steps"] = time_steps_;
  }
  j["simulated_time"] = double(j["time_steps"].get<int64_t>()) * settings_.dt;
  // Over the finite cells; an unstable run that overflowed says how many are not.
  double sum = 0, lo = INFINITY, hi = -INFINITY;
  int64_t finite = 0;
  for (float v : field) {
    if (!std::isfinite(v)) continue;
    ++finite;
    sum += v;
    lo = std::min<double>(lo, v);
    hi = std::max<double>(hi, v);
  }
  const int64_t not_finite = int64_t(field.size()) - finite;
  j["stats"] = {{"sum", sum},
                {"min", finite ? lo : NAN},
                {"max", finite ? hi : NAN},
                {"mean", finite ? sum / double(finite) : NAN},
                {"non_finite_cells", not_finite}};
  nlohmann::json probes = nlohmann::json::array();
  for (const auto& c : settings_.probes) {
    const int64_t i = c[0] + int64_t(p.nx) * (c[1] + int64_t(p.ny) * c[2]);
    probes.push_back({{"x", c[0]}, {"y", c[1]}, {"z", c[2]}, {"value", field.at(i)}});
  }
  j["probes"] = probes;
  // The whole field for small grids: rows of x for each y (and a list of planes in 3D).
  if (p.nx <= 64 && p.ny <= 64 && p.nz <= 64) {
    nlohmann::json planes = nlohmann::json::array();
    for (int z = 0; z < p.nz; ++z) {
      nlohmann::json rows = nlohmann::json::array();
      for (int y = 0; y < p.ny; ++y) {
        const auto* row = field.data() + int64_t(p.nx) * (y + int64_t(p.ny) * z);
        rows.push_back(std::vector<float>(row, row + p.nx));
      }
      planes.push_back(rows);
    }
    j["field"] = p.dim == 3 ? planes : planes[0];
  }
  char summary[200];
  if (not_finite > 0)
    std::snprintf(summary, sizeof summary,
                  "t = %g: %lld of %zu cells overflowed to inf or NaN (the scheme is unstable)",
                  j["simulated_time"].get<double>(), static_cast<long long>(not_finite),
                  field.size());
  else
    std::snprintf(summary, sizeof summary, "t = %g, sum %.6g, min %.4g, max %.4g, mean %.4g",
                  j["simulated_time"].get<double>(), sum, lo, hi,
                  field.empty() ? 0.0 : sum / double(field.size()));
  j["summary"] = summary;
  return j;
}

}  // namespace ws::app
