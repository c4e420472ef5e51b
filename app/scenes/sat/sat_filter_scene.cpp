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

std::string input_key(const SatSettings& s) {
  return s.values + "|" + s.image + "|" + std::to_string(s.random_size[0]) + "x" +
         std::to_string(s.random_size[1]) + "|" + std::to_string(s.seed) + "|" +
         (s.rgb ? "rgb" : "lum");
}

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
  input_key_.clear();
  reset();
}

void SatFilterScene::detach() {
  original_tex_.reset();
  filtered_tex_.reset();
  depth_tex_.reset();
  depth_uploaded_ = false;
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
  const SatSettings& s = *settings_;
  // The image is read again only when the input changed: a slider only reruns the filter.
  const std::string key = input_key(s);
  if (key != input_key_ || !engine_ || engine_->backend() != backend()) {
    SatInput input = load_sat_input(s, sat::kMaxSide, s.rgb);
    std::vector<uint8_t> bytes = input.bytes_planes();
    if (!engine_ || engine_->backend() != backend()) engine_ = sat::Engine::create(backend());
    engine_->set_image(input.width, input.height, input.channels, bytes.data());
    input_ = std::move(input);
    image_bytes_ = std::move(bytes);
    input_key_ = key;
    depth_key_.clear();
    original_uploaded_ = false;
    plot_.clear();
  }
  if (s.filter.depth_of_field && s.depth != depth_key_) {
    depth_ = load_sat_depth(s, input_.width, input_.height);
    engine_->set_depth(depth_.data());
    depth_key_ = s.depth;
    depth_uploaded_ = false;
  }
  run_filter();
}

void SatFilterScene::run_filter() {
  const SatSettings& s = *settings_;
  compared_.clear();
  compare_differing_ = 0;
  if (s.compare) {
    // The second method first (its pixels copied to the host), then the first, whose output the
    // engine keeps for the textures.
    const auto start = std::chrono::steady_clock::now();
    if (s.compare_method == sat::FilterMethod::Sat) engine_->compute_sat(s.variant, s.accum);
    engine_->filter(s.compare_method, s.filter);
    engine_->synchronize();
    compare_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    compared_ = engine_->filtered();
  }
  const auto start = std::chrono::steady_clock::now();
  if (s.method == sat::FilterMethod::Sat) engine_->compute_sat(s.variant, s.accum);
  engine_->filter(s.method, s.filter);
  engine_->synchronize();
  run_ms_ =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  filtered_valid_ = false;
  if (s.compare) {
    const std::vector<uint8_t>& f = filtered_on_host();
    for (size_t i = 0; i < f.size() && i < compared_.size(); ++i)
      compare_differing_ += f[i] != compared_[i];
  }
  upload_textures();
}

void SatFilterScene::upload_textures() {
  if (!context_ || !context_->has_gl) return;
  if (!original_tex_) original_tex_ = std::make_unique<interop::PixelImage>(backend());
  if (!filtered_tex_) filtered_tex_ = std::make_unique<interop::PixelImage>(backend());
  const int channels = input_.channels == 3 ? 3 : 1;
  if (settings_->filter.depth_of_field && !depth_.empty() && !depth_uploaded_) {
    // The depth map as grey levels, uploaded once per map (the figure's third panel).
    if (!depth_tex_) depth_tex_ = std::make_unique<interop::PixelImage>(backend());
    std::vector<uint8_t> grey(depth_.size());
    for (size_t i = 0; i < grey.size(); ++i)
      grey[i] = static_cast<uint8_t>(std::clamp(depth_[i], 0.0f, 1.0f) * 255.0f + 0.5f);
    depth_tex_->set_planes(grey.data(), input_.width, input_.height, 1);
    depth_uploaded_ = true;
  }
  if (!original_uploaded_) {
    original_tex_->set_planes(image_bytes_.data(), input_.width, input_.height, channels);
    original_uploaded_ = true;
  }
  if (engine_->device_filtered())
    filtered_tex_->set_device_planes(engine_->device_filtered(), input_.width, input_.height,
                                     channels);
  else
    filtered_tex_->set_planes(filtered_on_host().data(), input_.width, input_.height, channels);
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
  gfx::Image img(input_.width, input_.height);
  const int64_t n = input_.pixels();
  for (int64_t i = 0; i < n; ++i) {
    uint8_t* px = &img.rgba[size_t(i) * 4];
    for (int k = 0; k < 3; ++k) px[k] = f[size_t((input_.channels == 3 ? k : 0) * n + i)];
    px[3] = 255;
  }
  return img;
}

void SatFilterScene::measure_radius_plot(int repeats) {
  plot_.clear();
  const SatSettings& s = *settings_;
  const double pixels = double(input_.pixels()) * input_.channels;
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
  run_filter();  // the engine's output is the current settings' again
}

nlohmann::json SatFilterScene::results_json() const {
  const SatSettings& s = *settings_;
  std::vector<double> table;
  if (engine_ && s.method == sat::FilterMethod::Sat) table = engine_->sat(0);
  RunJson doc = sat_table_json(s, backend(), input_, table.empty() ? nullptr : &table, "filter");
  const std::vector<uint8_t>& f = filtered_on_host();
  nlohmann::json filtered = {{"method", sat::filter_method_name(s.method)},
                             {"radius", s.filter.radius},
                             {"depth_of_field", s.filter.depth_of_field},
                             {"channels", plane_stats(f, input_.pixels(), input_.channels)}};
  if (doc.result.is_null()) doc.result = nlohmann::json::object();
  doc.result["filtered"] = filtered;
  // The reference image: the separable running sums (one radius) or the direct filter (depth of
  // field), computed on the CPU; the pixels must be equal with a u32 or f64 table.
  std::vector<uint8_t> ref(f.size());
  const int64_t n = input_.pixels();
  bool have_ref = true;
  const double direct_cost = double(n) * input_.channels;
  for (int c = 0; c < input_.channels; ++c) {
    const uint8_t* img = image_bytes_.data() + c * n;
    if (!s.filter.depth_of_field) {
      sat::filter_separable_cpu(img, input_.width, input_.height, s.filter, ref.data() + c * n);
    } else if (direct_cost * (2.0 * s.filter.aperture + 1) * (2.0 * s.filter.aperture + 1) < 4e9) {
      sat::filter_direct_cpu(img, input_.width, input_.height, s.filter, depth_.data(),
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
  const int max_r = std::max(input_.width, input_.height);
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
