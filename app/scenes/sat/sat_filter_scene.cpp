#include "sat_filter_scene.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "common/error.h"
#include "interop/pixel_image.h"
#include "sat/sat_filter_cpu.h"
#include "sat_panels.h"
#include "sat_report.h"
#include "sat_strings.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

namespace {

// Per-channel statistics of planes: mean, min, max and a checksum (sum of all samples).
nlohmann::json plane_stats(const std::vector<uint8_t>& planes, int64_t pixels, int channels) {
  nlohmann::json out = nlohmann::json::array();
  for (int c = 0; c < channels; ++c) {
    int64_t sum = 0;
    int lo = 255, hi = 0;
    for (int64_t i = 0; i < pixels; ++i) {
      const int v = planes[size_t(c * pixels + i)];
      sum += v;
      lo = std::min(lo, v);
      hi = std::max(hi, v);
    }
    out.push_back({{"mean", pixels ? double(sum) / pixels : 0.0},
                   {"min", lo},
                   {"max", hi},
                   {"checksum", sum}});
  }
  return out;
}

}  // namespace

SatFilterScene::SatFilterScene(std::shared_ptr<SatSettings> settings)
    : settings_(std::move(settings)) {}

SatFilterScene::~SatFilterScene() = default;

SceneCapabilities SatFilterScene::capabilities() const {
  return sat_mode_capabilities(false);
}

void SatFilterScene::attach(SceneContext& context) {
  context_ = &context;
  engine_.reset();
  in_ = std::make_shared<SatFilterImage>();
  reset();
}

void SatFilterScene::detach() {
  original_tex_.reset();
  filtered_tex_.reset();
  depth_tex_.reset();
  depth_uploaded_ = false;
  work_.cancel();
  engine_.reset();
  context_ = nullptr;
}

nlohmann::json SatFilterScene::params_to_json() const {
  return sat_params_json(*settings_);
}

void SatFilterScene::params_from_json(const nlohmann::json& params) {
  *settings_ = parse_sat_params(*settings_, params);
}

void SatFilterScene::reset() {
  error_.clear();
  const SatSettings s = *settings_;
  // The image is read again only when the input changed (a slider only reruns the filter), the
  // depth map only when it or the image changed. The CPU engine runs on the worker (one per
  // job); CUDA's stays the scene's: its output goes to the screen through interop.
  std::shared_ptr<const SatFilterImage> image =
      engine_ && in_->key == sat_filter_input_key(s) ? in_ : nullptr;
  std::shared_ptr<const std::vector<float>> depth =
      image && depth_ && s.depth == depth_key_ ? depth_ : nullptr;
  const bool on_worker = backend() == Backend::Cpu;
  work_.start(
      [s, image, depth, on_worker](const WorkControl& control) {
        SatFilterWork w;
        w.settings = s;
        w.image = image ? image : read_sat_filter_image(s);
        const SatInput& in = w.image->input;
        if (s.filter.depth_of_field) {
          w.depth = depth ? depth
                          : std::make_shared<const std::vector<float>>(
                                load_sat_depth(s, in.width, in.height));
          w.depth_key = s.depth;
        }
        control.check();
        control.report(0.2);
        if (on_worker) {
          w.engine = sat::Engine::create(Backend::Cpu);
          w.engine->set_image(in.width, in.height, in.channels, w.image->bytes.data());
          if (w.depth) w.engine->set_depth(w.depth->data());
          control.check();
          control.report(0.4);
          w.run = run_sat_filter(*w.engine, s, true, &control);
        }
        return w;
      },
      context_ && context_->background_work);
  adopt_finished();
}

void SatFilterScene::tick(float /*dt*/) {
  // A photo that did not read, or a cancel: the previous one stays, and so do its settings.
  finish_background_work(
      work_, [this] { adopt_finished(); }, error_, [this] { restore_shown_settings(); });
}

void SatFilterScene::restore_shown_settings() {
  const SatSettings now = *settings_;
  *settings_ = shown_;
  settings_->query = now.query;  // the query and teach modes' own
  settings_->tile = now.tile;
}

void SatFilterScene::adopt_finished() {
  std::optional<SatFilterWork> w = work_.take();
  if (!w) return;
  const bool new_input = w->image != in_;
  const SatInput& in = w->image->input;
  if (w->engine) {
    engine_ = std::move(w->engine);
  } else {  // CUDA: the scene's engine, given the image and depth map when they changed
    const bool fresh = !engine_ || engine_->backend() != backend();
    if (fresh) engine_ = sat::Engine::create(backend());
    if (fresh || new_input)
      engine_->set_image(in.width, in.height, in.channels, w->image->bytes.data());
    if (w->depth && (fresh || new_input || w->depth != depth_))
      engine_->set_depth(w->depth->data());
    w->run = run_sat_filter(*engine_, w->settings, false);
  }
  if (new_input) {
    original_uploaded_ = false;
    plot_.clear();
  }
  if (w->depth != depth_) depth_uploaded_ = false;
  in_ = std::move(w->image);
  depth_ = std::move(w->depth);
  depth_key_ = w->depth_key;
  shown_ = w->settings;
  adopt_run(std::move(w->run));
}

void SatFilterScene::adopt_run(SatFilterRun run) {
  compared_ = std::move(run.compared);
  compare_differing_ = run.compare_differing;
  compare_ms_ = run.compare_ms;
  run_ms_ = run.run_ms;
  filtered_valid_ = run.filtered_on_host;
  filtered_ = std::move(run.filtered);
  upload_textures();
}

void SatFilterScene::upload_textures() {
  if (!context_ || !context_->has_gl) return;
  if (!original_tex_) original_tex_ = std::make_unique<interop::PixelImage>(backend());
  if (!filtered_tex_) filtered_tex_ = std::make_unique<interop::PixelImage>(backend());
  const int channels = in_->input.channels == 3 ? 3 : 1;
  if (shown_.filter.depth_of_field && (depth_ && !depth_->empty()) && !depth_uploaded_) {
    // The depth map as grey levels, uploaded once per map (the figure's third panel).
    if (!depth_tex_) depth_tex_ = std::make_unique<interop::PixelImage>(backend());
    std::vector<uint8_t> grey(depth_->size());
    for (size_t i = 0; i < grey.size(); ++i)
      grey[i] = static_cast<uint8_t>(std::clamp((*depth_)[i], 0.0f, 1.0f) * 255.0f + 0.5f);
    depth_tex_->set_planes(grey.data(), in_->input.width, in_->input.height, 1);
    depth_uploaded_ = true;
  }
  if (!original_uploaded_) {
    original_tex_->set_planes(in_->bytes.data(), in_->input.width, in_->input.height, channels);
    original_uploaded_ = true;
  }
  if (engine_->device_filtered())
    filtered_tex_->set_device_planes(engine_->device_filtered(), in_->input.width,
                                     in_->input.height, channels);
  else
    filtered_tex_->set_planes(filtered_on_host().data(), in_->input.width, in_->input.height,
                              channels);
}

const std::vector<uint8_t>& SatFilterScene::filtered_on_host() const {
  if (!filtered_valid_) {
    filtered_ = engine_ ? engine_->filtered() : std::vector<uint8_t>{};
    filtered_valid_ = true;
  }
  return filtered_;
}

gfx::Image SatFilterScene::output_image() const {
  const std::vector<uint8_t>& f = filtered_on_host();
  if (f.empty()) return {};
  gfx::Image img(in_->input.width, in_->input.height);
  const int64_t n = in_->input.pixels();
  for (int64_t i = 0; i < n; ++i) {
    uint8_t* px = &img.rgba[size_t(i) * 4];
    for (int k = 0; k < 3; ++k) px[k] = f[size_t((in_->input.channels == 3 ? k : 0) * n + i)];
    px[3] = 255;
  }
  return img;
}

void SatFilterScene::measure_radius_plot(int repeats) {
  plot_.clear();
  const SatSettings& s = shown_;
  const double pixels = double(in_->input.pixels()) * in_->input.channels;
  // The direct filter costs (2r+1)^2 per pixel: it stops where one run would take too long.
  const double direct_budget = backend() == Backend::Cuda ? 4e10 : 2e8;
  for (int r : {1, 2, 4, 8, 16, 32, 64, 128, 256}) {
    sat::FilterParams f = s.filter;
    f.depth_of_field = false;
    f.radius = r;
    for (sat::FilterMethod m :
         {sat::FilterMethod::Sat, sat::FilterMethod::Separable, sat::FilterMethod::Direct}) {
      if (m == sat::FilterMethod::Direct && pixels * (2.0 * r + 1) * (2.0 * r + 1) > direct_budget)
        continue;
      plot_.push_back({m, r, engine_->time_filter_ms(m, f, s.variant, s.accum, repeats)});
    }
  }
  adopt_run(run_sat_filter(*engine_, shown_, false));  // the engine's output is the shown one again
}

nlohmann::json SatFilterScene::results_json() const {
  const SatSettings& s = shown_;
  std::vector<double> table;
  if (engine_ && s.method == sat::FilterMethod::Sat) table = engine_->sat(0);
  RunJson doc =
      sat_table_json(s, backend(), in_->input, table.empty() ? nullptr : &table, "filter");
  const std::vector<uint8_t>& f = filtered_on_host();
  nlohmann::json filtered = {
      {"method", sat::filter_method_name(s.method)},
      {"radius", s.filter.radius},
      {"depth_of_field", s.filter.depth_of_field},
      {"channels", plane_stats(f, in_->input.pixels(), in_->input.channels)}};
  if (doc.result.is_null()) doc.result = nlohmann::json::object();
  doc.result["filtered"] = filtered;
  // The reference image: the separable running sums (one radius) or the direct filter (depth of
  // field), computed on the CPU; the pixels must be equal with a u32 or f64 table.
  std::vector<uint8_t> ref(f.size());
  const int64_t n = in_->input.pixels();
  bool have_ref = true;
  const double direct_cost = double(n) * in_->input.channels;
  for (int c = 0; c < in_->input.channels; ++c) {
    const uint8_t* img = in_->bytes.data() + c * n;
    if (!s.filter.depth_of_field) {
      sat::filter_separable_cpu(img, in_->input.width, in_->input.height, s.filter,
                                ref.data() + c * n);
    } else if (direct_cost * (2.0 * s.filter.aperture + 1) * (2.0 * s.filter.aperture + 1) < 4e9) {
      sat::filter_direct_cpu(img, in_->input.width, in_->input.height, s.filter, depth_->data(),
                             ref.data() + c * n);
    } else {
      have_ref = false;
    }
  }
  if (have_ref) {
    int64_t differing = 0;
    for (size_t i = 0; i < f.size(); ++i) differing += f[i] != ref[i];
    doc.extra["filter_reference"] = {
        {"method", s.filter.depth_of_field ? "direct (cpu)" : "separable (cpu)"},
        {"differing_samples", differing}};
    if (s.accum != sat::Accum::F32F32 || s.method != sat::FilterMethod::Sat)
      doc.matches_reference =
          doc.matches_reference.is_boolean()
              ? nlohmann::json(doc.matches_reference.get<bool>() && differing == 0)
              : nlohmann::json(differing == 0);
  }
  doc.extra["run_ms"] = run_ms_;
  if (s.compare)
    doc.extra["compare"] = {{"method", sat::filter_method_name(s.compare_method)},
                            {"ms", compare_ms_},
                            {"differing_samples", compare_differing_}};
  doc.params = params_to_json();
  const nlohmann::json stats = filtered["channels"];
  doc.summary += "; filtered " + std::string(sat::filter_method_name(s.method)) +
                 " r=" + std::to_string(s.filter.radius) + ", mean " +
                 (stats.empty() ? std::string("-") : stats[0]["mean"].dump());
  return doc.to_json();
}

BenchJob SatFilterScene::bench_job(const BenchRequest& request) const {
  return sat_bench_job(request, *settings_);
}

void SatFilterScene::ui() {
  error_line(error_);
  sat_input_controls(*this, *settings_, error_, true);
  sat_variant_controls(*this, *settings_, error_, false);
  panel_filter();
  if (ImGui::CollapsingHeader(label_id(tr("Fast mode: time every variant"), "sat-fast").c_str()))
    fast_.ui(backend(), 0, [this](const BenchRequest& r) { return bench_job(r); });
  sat_notes_panel();
}

void SatFilterScene::panel_filter() {
  if (!ImGui::CollapsingHeader(label_id(tr("Filter"), "sat-filter").c_str(),
                               ImGuiTreeNodeFlags_DefaultOpen))
    return;
  const SatSettings& s = *settings_;
  nlohmann::json edit = nlohmann::json::object();
  const std::vector<std::string> methods = {
      tr("via the SAT (4 look-ups)"), tr("separable running sums"), tr("direct (sum the window)")};
  int method = static_cast<int>(s.method);
  if (combo(label_id(tr("method"), "sat-method").c_str(), method, methods))
    edit["method"] = sat::filter_method_name(static_cast<sat::FilterMethod>(method));
  int radius = s.filter.radius;
  const int max_r = std::max(in_->input.width, in_->input.height);
  if (ImGui::SliderInt(label_id(tr("radius"), "sat-radius").c_str(), &radius, 0, std::max(max_r, 1),
                       "%d", ImGuiSliderFlags_Logarithmic))
    edit["radius"] = radius;
  bool compare = s.compare;
  if (ImGui::Checkbox(label_id(tr("compare with"), "sat-compare").c_str(), &compare))
    edit["compare"] = compare ? sat::filter_method_name(s.compare_method) : "";
  if (s.compare) {
    ImGui::SameLine();
    int other = static_cast<int>(s.compare_method);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 12);
    if (combo("##compare", other, methods))
      edit["compare"] = sat::filter_method_name(static_cast<sat::FilterMethod>(other));
  }
  // The "depth" values, and what the list shows for each.
  const std::vector<std::string> depths = {"none (box filter)", "ramp", "bowl", "step"};
  int depth = 0;
  for (int k = 1; k < 4; ++k)
    if (s.depth == depths[k]) depth = k;
  if (!s.depth.empty() && depth == 0) depth = -1;
  // ("##" ends what ImGui shows: "step" alone would be the timeline's word in the catalog.)
  std::vector<std::string> depth_items = {tr("none (box filter)"), tr("ramp"), tr("bowl"),
                                          tr("step##depth map")};
  if (depth < 0) {
    depth_items.push_back(trf("file: {0}", s.depth));
    depth = 4;
  }
  if (combo(label_id(tr("depth of field"), "sat-depth").c_str(), depth, depth_items) && depth < 4)
    edit["depth"] = depth == 0 ? "" : depths[depth];
  static std::string depth_file;
  if (text_field(label_id(tr("depth map file"), "sat-depth-file").c_str(),
                 tr("a grey image of the image's size; Enter loads it"), depth_file))
    edit["depth"] = depth_file;
  if (s.filter.depth_of_field) {
    float focus = s.filter.focus, aperture = s.filter.aperture;
    if (ImGui::SliderFloat(label_id(tr("focus"), "sat-focus").c_str(), &focus, 0, 1))
      edit["focus"] = focus;
    if (ImGui::SliderFloat(label_id(tr("aperture (max radius)"), "sat-aperture").c_str(), &aperture,
                           0, 128))
      edit["aperture"] = aperture;
  }
  apply_edit(*this, edit, error_);
  if (background_work_status(work_.busy(), work_.progress(), work_.cancelled_job(),
                             "sat-filter-cancel"))
    cancel_background_work();
  char ms[32];
  std::snprintf(ms, sizeof ms, "%.3f", run_ms_);
  ImGui::TextUnformatted(
      (s.method == sat::FilterMethod::Sat
           ? trf("table + filter: {0} ms on {1} (wall time, incl. synchronisation)", ms,
                 backend_name(backend()))
           : trf("no table + filter: {0} ms on {1} (wall time, incl. synchronisation)", ms,
                 backend_name(backend())))
          .c_str());
  if (ImGui::Button(label_id(tr("Measure time against radius"), "sat-measure").c_str())) {
    try {
      measure_radius_plot();
    } catch (const Error& e) {
      error_ = e.what();
    }
  }
  ImGui::SameLine();
  ImGui::TextDisabled("%s",
                      tr("SAT, separable and direct at r = 1..256 (direct while affordable)"));
}

void SatFilterScene::code_ui() {
  sat_code_panel(settings_->variant, "");
}

}  // namespace ws::app
