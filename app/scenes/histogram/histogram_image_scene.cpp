#include "histogram_image_scene.h"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "common/error.h"
#include "histogram_bench.h"
#include "histogram_strings.h"
#include "i18n/i18n.h"
#include "interop/pixel_image.h"
#include "io/image_planes.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/run_json.h"

namespace ws::app {

namespace {

const char* const kShippedPhotos[] = {"blackmarble_night.jpg", "bluemarble_day.jpg", "coffee.png",
                                      "astronaut.png", "camera.png"};

histogram::BinSpec byte_bins() {
  return histogram::make_bins(256, 0, 256);
}

// Rec. 601 luminance with the rule of image_planes.h's luminance mode.
std::vector<uint8_t> luminance_of(const std::vector<uint8_t>& planes, int64_t pixels,
                                  int channels) {
  if (channels == 1) return std::vector<uint8_t>(planes.begin(), planes.begin() + pixels);
  std::vector<uint8_t> y(static_cast<size_t>(pixels));
  const uint8_t *r = planes.data(), *g = r + pixels, *b = g + pixels;
  for (int64_t i = 0; i < pixels; ++i)
    y[size_t(i)] = static_cast<uint8_t>((77 * r[i] + 150 * g[i] + 29 * b[i] + 128) >> 8);
  return y;
}

std::vector<uint32_t> inclusive_scan(const std::vector<uint32_t>& counts) {
  std::vector<uint32_t> out(counts.size());
  uint32_t sum = 0;
  for (size_t i = 0; i < counts.size(); ++i) out[i] = sum += counts[i];
  return out;
}

histogram::Samples byte_samples(const uint8_t* data, int64_t n) {
  histogram::Samples s;
  s.type = histogram::SampleType::U8;
  s.u8.assign(data, data + n);
  return s;
}

double elapsed_ms(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

}  // namespace

std::unique_ptr<Scene> make_histogram_image_mode(std::shared_ptr<HistogramSettings> settings) {
  return std::make_unique<HistogramImageScene>(std::move(settings));
}

HistogramImageScene::HistogramImageScene(std::shared_ptr<HistogramSettings> settings)
    : settings_(std::move(settings)) {}

HistogramImageScene::~HistogramImageScene() = default;

SceneCapabilities HistogramImageScene::capabilities() const {
  SceneCapabilities c;
  c.steps = false;
  c.takes_image = true;
  c.benchable = true;
  return c;
}

void HistogramImageScene::attach(SceneContext& context) {
  context_ = &context;
  engine_.reset();
  loaded_key_.clear();
  reset();
}

void HistogramImageScene::detach() {
  original_tex_.reset();
  equalized_tex_.reset();
  original_uploaded_ = false;
  engine_.reset();
  context_ = nullptr;
}

nlohmann::json HistogramImageScene::params_to_json() const {
  return histogram_params_json(*settings_);
}

void HistogramImageScene::params_from_json(const nlohmann::json& params) {
  *settings_ = parse_histogram_params(*settings_, params);
}

std::string HistogramImageScene::image_file() const {
  const HistogramSettings& s = *settings_;
  return s.source == HistogramSource::Image && !s.file.empty()
             ? s.file
             : std::string(kHistogramDefaultImage);
}

void HistogramImageScene::load_image() {
  const std::string file = image_file();
  if (file == loaded_key_ && !planes_.empty()) return;
  // Read into locals first: a bad file throws here and the previous image stays.
  ImagePlanes img = load_image_planes(file, ColourMode::Rgb, 8192);
  const int64_t pixels = int64_t(img.width) * img.height;
  std::vector<uint8_t> lum = luminance_of(img.planes, pixels, img.channels);
  width_ = img.width;
  height_ = img.height;
  channels_ = img.channels;
  planes_ = std::move(img.planes);
  luminance_ = std::move(lum);
  label_ = file + " " + std::to_string(width_) + "x" + std::to_string(height_) +
           (channels_ == 3 ? ", RGB" : ", grey");
  loaded_key_ = file;
  original_uploaded_ = false;
}

void HistogramImageScene::reset() {
  error_.clear();
  if (!engine_ || engine_->backend() != backend()) engine_ = histogram::Engine::create(backend());
  load_image();
  compute();
}

std::vector<ChannelHistogram> HistogramImageScene::channel_histograms(
    const std::vector<uint8_t>& planes, bool with_engine) {
  const int64_t pixels = int64_t(width_) * height_;
  const histogram::BinSpec bins = byte_bins();
  histogram::RunParams run;
  run.variant = settings_->variant;
  run.launch = settings_->launch;
  std::vector<ChannelHistogram> out;
  auto add = [&](const std::string& name, const uint8_t* data) {
    ChannelHistogram h;
    h.name = name;
    const histogram::Samples s = byte_samples(data, pixels);
    if (with_engine) {
      engine_->set_samples(s);
      h.counts = engine_->run(bins, run);
    } else {
      h.counts = histogram::histogram_reference(s, bins);
    }
    h.cumulative = inclusive_scan(h.counts);
    out.push_back(std::move(h));
  };
  if (channels_ == 3) {
    for (int c = 0; c < 3; ++c) add(std::string(1, "RGB"[c]), planes.data() + c * pixels);
    const std::vector<uint8_t> lum = luminance_of(planes, pixels, 3);
    add("luminance", lum.data());
  } else {
    add("luminance", planes.data());
  }
  return out;
}

void HistogramImageScene::compute() {
  const int64_t pixels = int64_t(width_) * height_;
  const histogram::BinSpec bins = byte_bins();
  // The histograms of the original, with the chosen variant, checked against the reference.
  auto start = std::chrono::steady_clock::now();
  original_ = channel_histograms(planes_, true);
  histogram_ms_ = elapsed_ms(start);
  matches_reference_ = true;
  for (int c = 0; c < int(original_.size()); ++c) {
    const uint8_t* plane =
        c < channels_ && channels_ == 3 ? planes_.data() + c * pixels : luminance_.data();
    matches_reference_ =
        matches_reference_ && original_[size_t(c)].counts ==
                                  histogram::histogram_reference(byte_samples(plane, pixels), bins);
  }
  // Equalization on the engine: counts -> scan -> lookup table -> every pixel mapped.
  equalized_.clear();
  equalized_hist_.clear();
  equalized_matches_lut_ = false;
  equalize_ms_ = 0;
  if (settings_->equalize) {
    histogram::Samples all;
    all.type = histogram::SampleType::U8;
    all.u8 = planes_;
    engine_->set_samples(all);
    start = std::chrono::steady_clock::now();
    engine_->equalize(width_, height_, channels_);
    engine_->synchronize();
    equalize_ms_ = elapsed_ms(start);
    equalized_ = engine_->equalized();
  }
  upload_textures();  // before the engine's buffers are reused for the histograms after
  if (!equalized_.empty()) {
    // The host check: each plane through equalization_lut of its counts.
    equalized_matches_lut_ = equalized_.size() == planes_.size();
    for (int c = 0; c < channels_ && equalized_matches_lut_; ++c) {
      const std::vector<uint8_t> lut = histogram::equalization_lut(original_[size_t(c)].counts);
      for (int64_t i = 0; i < pixels; ++i)
        if (equalized_[size_t(c * pixels + i)] != lut[planes_[size_t(c * pixels + i)]]) {
          equalized_matches_lut_ = false;
          break;
        }
    }
    equalized_hist_ = channel_histograms(equalized_, true);
  }
}

void HistogramImageScene::upload_textures() {
  if (!context_ || !context_->has_gl) return;
  if (!original_tex_) original_tex_ = std::make_unique<interop::PixelImage>(backend());
  if (!original_uploaded_) {
    original_tex_->set_planes(planes_.data(), width_, height_, channels_);
    original_uploaded_ = true;
  }
  if (equalized_.empty()) return;
  if (!equalized_tex_) equalized_tex_ = std::make_unique<interop::PixelImage>(backend());
  if (engine_->device_equalized())
    equalized_tex_->set_device_planes(engine_->device_equalized(), width_, height_, channels_);
  else
    equalized_tex_->set_planes(equalized_.data(), width_, height_, channels_);
}

gfx::Image HistogramImageScene::output_image() const {
  const std::vector<uint8_t>& src = equalized_.empty() ? planes_ : equalized_;
  if (src.empty()) return {};
  gfx::Image img(width_, height_);
  const int64_t n = int64_t(width_) * height_;
  for (int64_t i = 0; i < n; ++i) {
    uint8_t* px = &img.rgba[size_t(i) * 4];
    for (int k = 0; k < 3; ++k) px[k] = src[size_t((channels_ == 3 ? k : 0) * n + i)];
    px[3] = 255;
  }
  return img;
}

namespace {

nlohmann::json histograms_json(const std::vector<ChannelHistogram>& set) {
  nlohmann::json out = nlohmann::json::object();
  for (const ChannelHistogram& h : set)
    out[h.name] = {{"counts", h.counts}, {"cumulative", h.cumulative}};
  return out;
}

// How far the cumulative histogram of an equalized channel is from the straight line it should
// follow: through (0, cdf_min) and (255, all pixels), cdf_min being the original's count of its
// darkest level (which maps to 0), at the levels that occur, in units of one output level's share
// ((all - cdf_min) / 255 pixels): rounding to whole levels keeps it at or below 0.5.
double distance_from_line(const ChannelHistogram& after, const ChannelHistogram& before) {
  const double total = after.cumulative.empty() ? 0 : after.cumulative.back();
  double first = 0;
  for (uint32_t v : before.cumulative)
    if (v > 0) {
      first = v;
      break;
    }
  if (total <= first) return 0;
  double worst = 0;
  for (int v = 0; v < 256; ++v) {
    if (after.counts[size_t(v)] == 0) continue;
    const double line = first + (total - first) * v / 255.0;
    worst = std::max(worst, std::abs(after.cumulative[size_t(v)] - line));
  }
  return worst / ((total - first) / 255.0);
}

}  // namespace

nlohmann::json HistogramImageScene::results_json() const {
  RunJson doc;
  doc.scene = kHistogramSceneId;
  doc.params = params_to_json();
  doc.params["mode"] = "image";
  doc.backend = backend();
  doc.input = {{"file", loaded_key_},
               {"width", width_},
               {"height", height_},
               {"channels", channels_},
               {"label", label_}};
  const ChannelHistogram* lum = original_.empty() ? nullptr : &original_.back();
  double top_share = 0;
  int top_bin = -1;
  if (lum && width_ > 0) {
    const auto top = std::max_element(lum->counts.begin(), lum->counts.end());
    top_bin = int(top - lum->counts.begin());
    top_share = double(*top) / (double(width_) * height_);
  }
  doc.result = {{"bins", 256},
                {"variant", histogram::info(settings_->variant).id},
                {"histograms", histograms_json(original_)},
                {"luminance_top_bin", top_bin},
                {"luminance_top_bin_share", top_share}};
  doc.reference = {{"method", "histogram_reference (sequential, host) of each plane"}};
  doc.matches_reference = matches_reference_;
  nlohmann::json eq = nullptr;
  if (!equalized_.empty()) {
    nlohmann::json line = nlohmann::json::object();
    for (size_t c = 0; c < equalized_hist_.size() && c < original_.size(); ++c)
      if (int(c) < channels_)  // the equalized planes (luminance is not equalized itself)
        line[equalized_hist_[c].name] = distance_from_line(equalized_hist_[c], original_[c]);
    eq = {{"histograms", histograms_json(equalized_hist_)},
          {"matches_lut", equalized_matches_lut_},
          {"cumulative_distance_from_line_in_levels", line},
          {"ms", equalize_ms_}};
  }
  doc.extra["equalized"] = eq;
  doc.extra["histogram_ms"] = histogram_ms_;
  char summary[256];
  std::snprintf(
      summary, sizeof summary,
      "%s: %.1f%% of the luminance in bin %d; variant %s %s the reference%s", label_.c_str(),
      top_share * 100, top_bin, histogram::info(settings_->variant).id,
      matches_reference_ ? "matches" : "DIFFERS FROM",
      equalized_.empty() ? "" : (equalized_matches_lut_ ? "; equalized" : "; equalized WRONG"));
  doc.summary = summary;
  return doc.to_json();
}

BenchJob HistogramImageScene::bench_job(const BenchRequest& request) const {
  HistogramSettings s = *settings_;
  if (request.from_scene) {  // the current photo's luminance, tiled to the panel's side
    s.source = HistogramSource::Image;
    s.file = image_file();
  }
  return histogram_bench_job(s, request);
}

void HistogramImageScene::ui() {
  error_line(error_);
  const HistogramSettings& s = *settings_;
  if (ImGui::CollapsingHeader((std::string(tr("Image")) + "###hg-image-header").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    nlohmann::json edit = nlohmann::json::object();
    static std::string file, seen;
    if (image_file() != seen) file = seen = image_file();
    if (text_field((std::string(tr("image file")) + "###hg-image-file").c_str(),
                   tr("a PNG, JPEG, BMP, TGA or PGM path; Enter opens it"), file))
      edit["image"] = file;
    ImGui::TextDisabled("%s", tr("shipped photos:"));
    for (const char* name : kShippedPhotos) {
      ImGui::SameLine();
      if (ImGui::SmallButton(name)) {
        file = name;
        edit["image"] = file;
      }
    }
    std::vector<std::string> variants;
    int index = 0;
    for (const histogram::VariantInfo& v : histogram::variant_infos()) {
      if (v.variant == s.variant) index = int(variants.size());
      variants.push_back(std::to_string(int(v.variant)) + " " + histogram_variant_id_text(v));
    }
    if (combo((std::string(tr("variant")) + "###hg-image-variant").c_str(), index, variants))
      edit["variant"] = index + 1;
    const std::vector<std::string> channels = {"luminance", "r", "g", "b"};
    const std::vector<std::string> shown = {tr("luminance"), "r", "g", "b"};
    int channel = int(std::find(channels.begin(), channels.end(), s.channel) - channels.begin());
    if (channel >= 4) channel = 0;
    if (combo((std::string(tr("cumulative curve of")) + "###hg-curve").c_str(), channel, shown))
      edit["channel"] = channels[size_t(channel)];
    bool equalize = s.equalize;
    if (ImGui::Checkbox((std::string(tr("equalize (R, G, B each through its own lookup table)")) +
                         "###hg-equalize")
                            .c_str(),
                        &equalize))
      edit["equalize"] = equalize;
    apply_edit(*this, edit, error_);
    char ms[2][32];
    std::snprintf(ms[0], sizeof ms[0], "%.2f", histogram_ms_);
    std::snprintf(ms[1], sizeof ms[1], "%.2f", equalize_ms_);
    ImGui::TextWrapped("%s", trf("histograms: {0} ms, equalization: {1} ms on {2} (wall time)",
                                 ms[0], ms[1], backend_name(backend()))
                                 .c_str());
    ImGui::TextColored(
        matches_reference_ ? ImVec4(0.2f, 0.7f, 0.3f, 1) : ImVec4(0.9f, 0.2f, 0.2f, 1), "%s",
        matches_reference_ ? tr("every channel equals the sequential histogram")
                           : tr("a channel differs from the sequential histogram"));
  }
  if (ImGui::CollapsingHeader(
          (std::string(tr("Fast mode: time every variant on this photo")) + "###hg-image-fast")
              .c_str()))
    fast_.ui(backend(), 0, [this](const BenchRequest& r) { return bench_job(r); });
}

void HistogramImageScene::code_ui() {
  const histogram::VariantInfo& v = histogram::info(settings_->variant);
  kernel_source_panel({std::string("kernels/histogram/") + v.source, v.id, "",
                       tr("The image mode counts each channel (256 bins over the byte values) with "
                          "this variant's full-size kernel; shown here is its textbook form, which "
                          "gives the same counts. Equalization then scans the counts with the scan "
                          "scene's kernels into a lookup table.")});
}

}  // namespace ws::app
