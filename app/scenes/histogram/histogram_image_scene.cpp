#include "histogram_image_scene.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "histogram_bench.h"
#include "histogram_image_work.h"
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
  reset();
}

void HistogramImageScene::detach() {
  original_tex_.reset();
  equalized_tex_.reset();
  original_uploaded_ = false;
  work_.cancel();
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

void HistogramImageScene::reset() {
  error_.clear();
  if (!engine_ || engine_->backend() != backend()) engine_ = histogram::Engine::create(backend());
  // The photo is read again only when the file changed; the CPU engine runs on the worker (one
  // per job), CUDA's stays the scene's: its equalized planes go to the screen through interop.
  const std::string file = image_file();
  std::shared_ptr<const HistogramPhoto> photo =
      file == photo_->file && !photo_->planes.empty() ? photo_ : nullptr;
  const HistogramSettings settings = *settings_;
  const bool on_worker = backend() == Backend::Cpu;
  work_.start(
      [file, photo, settings, on_worker](const WorkControl& control) {
        HistogramImageWork w;
        w.settings = settings;
        w.photo = photo ? photo : read_histogram_photo(file);
        control.check();
        control.report(0.1);
        if (on_worker) {
          const std::unique_ptr<histogram::Engine> cpu = histogram::Engine::create(Backend::Cpu);
          w.result = compute_histogram_image(*w.photo, settings, *cpu, &control);
          w.computed = true;
        }
        return w;
      },
      context_ && context_->background_work);
  adopt_finished();
}

void HistogramImageScene::tick(float /*dt*/) {
  // A photo that did not read, or a cancel: the previous one stays, and so do its settings.
  finish_background_work(
      work_, [this] { adopt_finished(); }, error_, [this] { restore_shown_input(); });
}

void HistogramImageScene::restore_shown_input() {
  settings_->source = shown_.source;
  settings_->file = shown_.file;
  settings_->variant = shown_.variant;
  settings_->launch = shown_.launch;
  settings_->equalize = shown_.equalize;
}

void HistogramImageScene::adopt_finished() {
  std::optional<HistogramImageWork> w = work_.take();
  if (!w) return;
  HistogramImageResult result;
  if (w->computed) {
    result = std::move(w->result);
  } else {
    result = compute_histogram_image(*w->photo, w->settings, *engine_, nullptr, [&] {
      // CUDA: the equalized planes straight from the engine's buffers (before they are reused).
      if (engine_->device_equalized() && equalized_tex()) {
        equalized_tex_->set_device_planes(engine_->device_equalized(), w->photo->width,
                                          w->photo->height, w->photo->channels);
        equalized_from_device_ = true;
      }
    });
  }
  if (w->photo != photo_) original_uploaded_ = false;
  photo_ = w->photo;
  width_ = photo_->width;
  height_ = photo_->height;
  channels_ = photo_->channels;
  original_ = std::move(result.original);
  equalized_hist_ = std::move(result.equalized_hist);
  equalized_ = std::move(result.equalized);
  matches_reference_ = result.matches_reference;
  equalized_matches_lut_ = result.equalized_matches_lut;
  histogram_ms_ = result.histogram_ms;
  equalize_ms_ = result.equalize_ms;
  shown_ = w->settings;
  upload_textures();
}

interop::PixelImage* HistogramImageScene::equalized_tex() {
  if (!context_ || !context_->has_gl) return nullptr;
  if (!equalized_tex_) equalized_tex_ = std::make_unique<interop::PixelImage>(backend());
  return equalized_tex_.get();
}

void HistogramImageScene::upload_textures() {
  const bool from_device = equalized_from_device_;
  equalized_from_device_ = false;
  if (!context_ || !context_->has_gl) return;
  if (!original_tex_) original_tex_ = std::make_unique<interop::PixelImage>(backend());
  if (!original_uploaded_) {
    original_tex_->set_planes(photo_->planes.data(), width_, height_, channels_);
    original_uploaded_ = true;
  }
  if (equalized_.empty() || from_device) return;
  equalized_tex()->set_planes(equalized_.data(), width_, height_, channels_);
}

gfx::Image HistogramImageScene::output_image() const {
  const std::vector<uint8_t>& src = equalized_.empty() ? photo_->planes : equalized_;
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
  doc.input = {{"file", photo_->file},
               {"width", width_},
               {"height", height_},
               {"channels", channels_},
               {"label", photo_->label}};
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
      "%s: %.1f%% of the luminance in bin %d; variant %s %s the reference%s", photo_->label.c_str(),
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
    if (background_work_status(work_.busy(), work_.progress(), work_.cancelled_job(),
                               "hg-image-cancel"))
      cancel_background_work();
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
