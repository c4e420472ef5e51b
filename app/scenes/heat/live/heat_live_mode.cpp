#include "heat_live_mode.h"

#include <imgui.h>

#include <chrono>

#include "i18n/i18n.h"
#include "interop/value_image.h"
#include "scenes/heat/heat_inputs.h"
#include "scenes/heat/heat_panels.h"
#include "scenes/heat/heat_report.h"

namespace ws::app {

HeatLive::HeatLive() = default;
HeatLive::~HeatLive() = default;

void HeatLive::restart(Backend backend, const HeatSettings& s) {
  require_runnable(s);
  const stencil::Params p = s.run_params();
  HeatStart start = heat_start(s);
  auto next = stencil::Simulation::create(backend, p);
  next->set_field(start.field);
  if (p.materials) next->set_material(start.material);
  sim = std::move(next);
  field_label = start.label;
  ++material_version;
  time_steps = 0;
  if (s.steps > 0) advance(backend, s.steps);
}

void HeatLive::advance(Backend backend, int steps) {
  if (!sim || steps <= 0) return;
  // Every 32nd call waits for the GPU to time the steps; the others leave the queue running.
  const bool timed = backend == Backend::Cpu || (advances++ % 32) == 0;
  const auto start = std::chrono::steady_clock::now();
  sim->advance(steps);
  if (timed) {
    sim->synchronize();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    step_ms = step_ms == 0 ? ms / steps : 0.8 * step_ms + 0.2 * ms / steps;
  }
  time_steps += steps;
}

void HeatLive::upload_images(Backend backend, const HeatSettings& s) {
  if (!sim) return;
  const stencil::Params& p = sim->params();
  const std::vector<std::pair<int, int>> views = field_panel_views(s.grid.dim, s.slice_index());
  const int shown = static_cast<int>(views.size());
  image_notice.clear();
  for (int k = 0; k < shown; ++k) {
    const auto [axis, index] = views[k];
    int width = 0, height = 0;
    stencil::slice_shape(p, axis, width, height);
    auto& image = images[k];
    if (!image) {
      image = std::make_unique<interop::ValueImage>(backend);
      image->set_handoff(interop::Handoff::MapAhead);  // mapped by frame_drawn()
    }
    image->set_colormap(s.colormap);
    const float lo = s.lo, hi = s.hi > lo ? s.hi : lo + 1;
    const float* device = backend == Backend::Cuda
                              ? (p.dim == 3 ? sim->device_slice(axis, index) : sim->device_field())
                              : nullptr;
    if (device) {
      image->set_device_values(device, int64_t(width) * height, width, lo, hi);
    } else {
      const std::vector<float> values = sim->slice(axis, index);
      image->set_values(values.data(), int64_t(values.size()), width, lo, hi);
    }
    if (!image->notice().empty()) image_notice = image->notice();
  }
  for (int k = shown; k < int(images.size()); ++k) images[k].reset();
}

bool HeatLive::cell_at(gfx::Vec2 point, const HeatSettings& s, std::array<int, 3>& cell) const {
  return field_panel_cell_at(panels, point, s.grid.dim, s.slice_index(), cell);
}

bool HeatLive::paint_at(gfx::Vec2 point, bool erase, const HeatSettings& s) {
  std::array<int, 3> cell;
  if (!sim || !cell_at(point, s, cell)) return false;
  stencil::Brush b = brush;
  if (erase) b.kind = stencil::Brush::Kind::Erase;
  b.x = static_cast<float>(cell[0]);
  b.y = static_cast<float>(cell[1]);
  b.z = static_cast<float>(cell[2]);
  // Walls, conductors and pinned cells live in the material map: switch it on at the first stroke.
  if (!sim->params().materials && b.kind != stencil::Brush::Kind::Erase) {
    stencil::Params p = sim->params();
    p.materials = true;
    sim->set_material(std::vector<float>(p.cells(), 1.0f));
    sim->set_params(p);
  }
  sim->paint(b);
  ++material_version;
  return true;
}

const std::vector<float>& HeatLive::material_on_host() const {
  if (sim && sim->params().materials && material_cache_version != material_version) {
    material_cache = sim->material();  // downloaded once per change, not per frame
    material_cache_version = material_version;
  }
  return material_cache;
}

HeatLiveMode::HeatLiveMode() {
  // The benchmark's grids: 2D N x N, 3D N^3; 1024 x 1024 first, quick on any backend.
  fast_.set_size_choices(
      {"1024", "2048", "4096", "8192", "128x128x128", "256x256x256", "512x512x512"}, 0);
}

void HeatLiveMode::reset() {
  // Strokes painted on the running simulation stay: they are in the settings (pointer()), so a
  // reset restarts the temperatures, not the walls and heaters.
  live_.restart(backend(), settings());
  if (context() && context()->has_gl) live_.upload_images(backend(), settings());
}

void HeatLiveMode::detach() {
  for (auto& image : live_.images) image.reset();  // GL objects go while the context is current
  live_.sim.reset();
  LiveMode::detach();
}

void HeatLiveMode::tick(float dt) {
  if (!context() || !context()->has_gl) return;
  live_.frame_ms = live_.frame_ms == 0 ? dt * 1000.0 : 0.9 * live_.frame_ms + 0.1 * dt * 1000.0;
  // Step, then colour the new field. (Colouring first and stepping after was measured too: no
  // faster on the H200, see docs/performance.md.)
  if (live_.running) live_.advance(backend(), settings().steps_per_frame);
  live_.upload_images(backend(), settings());
}

// CUDA: maps the field textures for the next frame's colormap right after the window queued this
// frame's draw (Handoff::MapAhead: a 4096^2 frame in 0.63 ms instead of 3.1 ms on an H200,
// docs/performance.md); every tick() colours every image again, which takes the mapping back.
void HeatLiveMode::frame_drawn() {
  for (auto& image : live_.images)
    if (image) image->prepare_write();
}

void HeatLiveMode::tick_skipped() {
  for (auto& image : live_.images)
    if (image) image->release_prepared_write();
}

void HeatLiveMode::advance_frame() {
  // What tick() does while running, without the frame-time bookkeeping of the window.
  live_.advance(backend(), settings().steps_per_frame);
  if (context() && context()->has_gl) live_.upload_images(backend(), settings());
}

void HeatLiveMode::pointer(const Scene::Pointer& p) {
  HeatSettings& s = settings_to_keep();
  std::array<int, 3> cell;
  if (live_.probe_tool || p.shift) {
    if (p.left_clicked && live_.cell_at(p.point, s, cell) && s.probes.size() < 8)
      s.probes.push_back(cell);
    return;
  }
  bool painted = p.left_down && live_.paint_at(p.point, false, s);
  painted = (p.right_down && live_.paint_at(p.point, true, s)) || painted;
  if (!painted) return;
  // The map now differs from its source: the settings keep it whole (sessions, a switch to teach
  // mode, a reset), written at each frame that paints (the run's materials and pinned
  // temperatures, which only painting changes).
  s.material = "painted";
  s.painted = encode_painted(live_.sim->material(), live_.sim->field());
}

void HeatLiveMode::ui() {
  HeatSettings& s = settings_to_keep();
  if (panel_section(tr("Simulation"), "heat-simulation")) {
    edit(heat_grid_controls(s, false, live_.sim.get(), *this));
    if (live_.sim && heat_run_panel(live_, s, backend())) edit(scene().params_to_json());
  }
  heat_paint_panel(live_);
  if (heat_view_panel(s, live_.sim.get(), *this) && context() && context()->has_gl)
    live_.upload_images(backend(), s);
  heat_cost_panel(s.run_params());
  // Fast mode times the scene's benchmark (HeatScene::bench_job, the same from either mode).
  fast_mode(0,
            tr("Every stencil variant on a grid of this size, per time step, against the copy "
               "bandwidth; each checked against the basic variant bit for bit."),
            TR_NOOP("Fast mode (every variant per time step)"));
}

void HeatLiveMode::draw(gfx::Canvas& canvas, gfx::Theme theme) const {
  draw_heat_live(canvas, theme, live_, settings(), hover());
}

std::string HeatLiveMode::caption() const {
  return heat_live_caption(live_, settings());
}

void HeatLiveMode::fill(RunJson& doc) const {
  heat_fill(doc, settings(), live_.field_label,
            live_.sim ? live_.sim->field() : std::vector<float>(), live_.time_steps);
}

}  // namespace ws::app
