#include "heat_live_scene.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "heat_inputs.h"
#include "heat_panels.h"
#include "heat_report.h"
#include "i18n/i18n.h"
#include "interop/value_image.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

HeatLiveScene::HeatLiveScene(std::shared_ptr<HeatSettings> settings)
    : settings_(std::move(settings)) {}

HeatLiveScene::~HeatLiveScene() = default;

SceneCapabilities HeatLiveScene::capabilities() const {
  SceneCapabilities c;
  c.steps = false;
  c.live = true;
  c.grid_size = true;
  c.takes_image = true;
  c.benchable = true;
  return c;
}

void HeatLiveScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void HeatLiveScene::detach() {
  keep_painted();
  for (auto& image : images_) image.reset();  // GL objects go while the context is current
  sim_.reset();
  context_ = nullptr;
}

nlohmann::json HeatLiveScene::params_to_json() const {
  return heat_params_json(*settings_, painted_text());
}

void HeatLiveScene::params_from_json(const nlohmann::json& params) {
  *settings_ = parse_heat_params(*settings_, params);
}

std::string HeatLiveScene::painted_text() const {
  if (painted_dirty_ && sim_) return encode_painted(sim_->material(), sim_->field());
  return settings_->material == "painted" ? settings_->painted : "";
}

void HeatLiveScene::keep_painted() {
  // Only onto the grid it was painted on (a new size starts without it).
  if (painted_dirty_ && sim_ && sim_->params().cells() == settings_->grid.cells())
    settings_->painted = encode_painted(sim_->material(), sim_->field());
  painted_dirty_ = false;
}

void HeatLiveScene::reset() {
  error_.clear();
  // Strokes painted on the running simulation stay: a reset restarts the temperatures, not the
  // walls and heaters (they go into the session too).
  keep_painted();
  require_runnable(*settings_);
  const stencil::Params p = settings_->run_params();
  HeatStart start = heat_start(*settings_);
  field_label_ = start.label;
  auto sim = stencil::Simulation::create(backend(), p);
  sim->set_field(start.field);
  if (p.materials) sim->set_material(start.material);
  sim_ = std::move(sim);
  ++material_version_;
  time_steps_ = 0;
  if (settings_->steps > 0) advance(settings_->steps);
  upload_images();
}

void HeatLiveScene::advance(int time_steps) {
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

void HeatLiveScene::tick(float dt) {
  if (!context_ || !context_->has_gl) return;
  frame_ms_ = frame_ms_ == 0 ? dt * 1000.0 : 0.9 * frame_ms_ + 0.1 * dt * 1000.0;
  // Step, then colour the new field. (Colouring first and stepping after was measured too: no
  // faster on the H200, see docs/performance.md.)
  if (sim_ && running_) advance(settings_->steps_per_frame);
  upload_images();
}

void HeatLiveScene::frame_drawn() {
  // Every tick() colours every image again (upload_images), which takes the mapping back.
  for (auto& image : images_)
    if (image) image->prepare_write();
}

void HeatLiveScene::tick_skipped() {
  for (auto& image : images_)
    if (image) image->release_prepared_write();
}

void HeatLiveScene::advance_frame() {
  // What tick() does while running, without the frame-time bookkeeping of the window.
  if (sim_) advance(settings_->steps_per_frame);
  upload_images();
}

std::vector<std::pair<int, int>> HeatLiveScene::panel_views() const {
  return field_panel_views(settings_->grid.dim, settings_->slice_index());
}

void HeatLiveScene::upload_images() {
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
    if (!image) {
      image = std::make_unique<interop::ValueImage>(backend());
      image->set_handoff(interop::Handoff::MapAhead);  // mapped by frame_drawn()
    }
    image->set_colormap(settings_->colormap);
    const float lo = settings_->lo, hi = settings_->hi > lo ? settings_->hi : lo + 1;
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

bool HeatLiveScene::cell_at(gfx::Vec2 point, std::array<int, 3>& cell) const {
  return field_panel_cell_at(panels_, point, settings_->grid.dim, settings_->slice_index(), cell);
}

void HeatLiveScene::paint_at(gfx::Vec2 point, bool erase) {
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
  settings_->material = "painted";  // the map now differs from its source: sessions keep it whole
  painted_dirty_ = true;
}

void HeatLiveScene::pointer(const Pointer& p) {
  std::array<int, 3> cell;
  if (probe_tool_ || p.shift) {
    if (p.left_clicked && cell_at(p.point, cell) && settings_->probes.size() < 8)
      settings_->probes.push_back(cell);
    return;
  }
  if (p.left_down) paint_at(p.point, false);
  if (p.right_down) paint_at(p.point, true);
}

const std::vector<float>& HeatLiveScene::material_on_host() const {
  if (sim_ && sim_->params().materials && material_cache_version_ != material_version_) {
    material_cache_ = sim_->material();  // downloaded once per change, not per frame
    material_cache_version_ = material_version_;
  }
  return material_cache_;
}

std::string HeatLiveScene::describe_at(gfx::Vec2 point) const {
  std::array<int, 3> cell;
  if (!sim_ || !cell_at(point, cell)) return "";
  const float v = sim_->probe(cell[0], cell[1], cell[2]);
  char value[64];
  std::snprintf(value, sizeof value, "%.4f", v);
  const std::string where = std::to_string(cell[0]) + ", " + std::to_string(cell[1]) +
                            (settings_->grid.dim == 3 ? ", " + std::to_string(cell[2]) : "");
  std::string text = trf("cell ({0}): temperature {1} ", where, value);
  if (sim_->params().materials && material_cache_version_ == material_version_) {
    const stencil::Params& p = sim_->params();
    const float m = material_cache_.at(cell[0] + size_t(p.nx) * (cell[1] + size_t(p.ny) * cell[2]));
    std::snprintf(value, sizeof value, "%.3g", m);
    text += "\n" + (m < 0 ? std::string(tr("pinned (a heater or cooler)"))
                          : trf("conductivity {0}", value));
  }
  return text;
}

nlohmann::json HeatLiveScene::results_json() const {
  RunJson doc = heat_run_json(*settings_, backend(), field_label_,
                              sim_ ? sim_->field() : std::vector<float>(), time_steps_);
  doc.params = params_to_json();
  return doc.to_json();
}

BenchJob HeatLiveScene::bench_job(const BenchRequest& request) const {
  return heat_bench_job(request);
}

void HeatLiveScene::ui() {
  error_line(error_);
  if (ImGui::CollapsingHeader((std::string(tr("Simulation")) + "###heat-simulation").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    heat_grid_controls(*this, *settings_, false, error_, sim_.get());
    panel_run();
  }
  panel_paint();
  heat_view_panel(*settings_, sim_.get(), error_, [this] { upload_images(); });
  heat_cost_panel(settings_->run_params());
  if (ImGui::CollapsingHeader(
          (std::string(tr("Fast mode (every variant per time step)")) + "###heat-fast").c_str())) {
    ImGui::TextWrapped("%s", tr("Every stencil variant on a grid of this size, per time step, "
                                "against the copy bandwidth; each checked against the basic "
                                "variant bit for bit."));
    fast_.ui(
        backend(), 0, [this](const BenchRequest& r) { return bench_job(r); },
        TR_NOOP("Time every variant"));
  }
}

void HeatLiveScene::code_ui() {
  heat_code_panel(settings_->grid.variant, "");
}

void HeatLiveScene::panel_run() {
  if (!sim_) return;
  if (ImGui::Button((std::string(running_ ? tr("pause") : tr("run")) + "###run-pause").c_str()))
    running_ = !running_;
  ImGui::SameLine();
  if (ImGui::Button((std::string(tr("single step")) + "###single-step").c_str())) {
    running_ = false;
    advance(1);
    upload_images();
  }
  ImGui::SameLine();
  if (ImGui::Button((std::string(tr("reset")) + "###reset").c_str()))
    apply_edit(*this, params_to_json(), error_);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
  ImGui::SliderInt((std::string(tr("steps per frame")) + "###steps-per-frame").c_str(),
                   &settings_->steps_per_frame, 1, 200, "%d", ImGuiSliderFlags_Logarithmic);
  char clock[64], timing[64], frame[64];
  std::snprintf(clock, sizeof clock, "%.4g", double(time_steps_) * settings_->dt);
  std::snprintf(timing, sizeof timing, "%.3f", step_ms_);
  std::snprintf(frame, sizeof frame, "%.1f", frame_ms_);
  ImGui::TextUnformatted(
      trf("t = {0}  ({1} steps)", clock, static_cast<long long>(time_steps_)).c_str());
  ImGui::TextUnformatted(
      trf("{0} ms per time step, frame {1} ms ({2})", timing, frame, backend_name(backend()))
          .c_str());
  if (!image_notice_.empty())
    ImGui::TextWrapped("%s", trf("display: {0}", tr_text(image_notice_)).c_str());
}

void HeatLiveScene::panel_paint() {
  if (!ImGui::CollapsingHeader((std::string(tr("Paint")) + "###heat-paint").c_str(),
                               ImGuiTreeNodeFlags_DefaultOpen))
    return;
  int kind = static_cast<int>(brush_.kind);
  if (combo((std::string(tr("brush")) + "###brush").c_str(), kind,
            {tr("heat source"), tr("cold sink"), tr("insulating wall"), tr("conductivity"),
             tr("erase")})) {
    brush_.kind = static_cast<stencil::Brush::Kind>(kind);
    // Each brush starts from its natural value: hot 1, cold 0, a poor conductor 0.2.
    if (brush_.kind == stencil::Brush::Kind::Heat) brush_.temperature = 1;
    if (brush_.kind == stencil::Brush::Kind::Cool) brush_.temperature = 0;
    if (brush_.kind == stencil::Brush::Kind::Conductor) brush_.temperature = 0.2f;
  }
  // The translated "%.1f cells" keeps its one conversion (the catalog check makes sure).
  ImGui::SliderFloat((std::string(tr("radius")) + "###radius").c_str(), &brush_.radius, 0.5f, 64.0f,
                     tr("%.1f cells"), ImGuiSliderFlags_Logarithmic);
  if (brush_.kind == stencil::Brush::Kind::Conductor)
    ImGui::SliderFloat((std::string(tr("conductivity")) + "###brush-value").c_str(),
                       &brush_.temperature, 0.0f, 1.0f, "%.2f");
  else if (brush_.kind != stencil::Brush::Kind::Wall && brush_.kind != stencil::Brush::Kind::Erase)
    ImGui::SliderFloat((std::string(tr("temperature")) + "###brush-value").c_str(),
                       &brush_.temperature, -1.0f, 2.0f, "%.2f");
  ImGui::Checkbox(
      (std::string(tr("probe tool (click adds a probe; or shift-click)")) + "###probe").c_str(),
      &probe_tool_);
  ImGui::TextDisabled("%s", tr("left drag paints, right drag erases"));
}

}  // namespace ws::app
