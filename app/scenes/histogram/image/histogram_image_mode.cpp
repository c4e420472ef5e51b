// The image mode's run, document and panel: the photo read (again only when the file changed) and
// counted on a worker in the window (the CPU engine, one per job) or here (CUDA's engine, whose
// equalized planes reach the screen through interop), the result adopted with the settings it was
// computed with, and a failed or cancelled job leaving the photo shown and its settings.
#include "histogram_image_mode.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "io/image_planes.h"

namespace ws::app {

namespace {

// The equalized texture, made on first use; null without GL.
interop::PixelImage* equalized_texture(HistogramImageScreen& screen, const SceneContext* context,
                                       Backend backend) {
  if (!context || !context->has_gl) return nullptr;
  if (!screen.equalized) screen.equalized = std::make_unique<interop::PixelImage>(backend);
  return screen.equalized.get();
}

void upload_textures(HistogramImageScreen& screen, const HistogramImageShown& shown,
                     const SceneContext* context, Backend backend) {
  const bool from_device = screen.equalized_from_device;
  screen.equalized_from_device = false;
  if (!context || !context->has_gl) return;
  const HistogramPhoto& photo = *shown.photo;
  if (!screen.original) screen.original = std::make_unique<interop::PixelImage>(backend);
  if (!screen.original_uploaded) {
    screen.original->set_planes(photo.planes.data(), photo.width, photo.height, photo.channels);
    screen.original_uploaded = true;
  }
  const std::vector<uint8_t>& equalized = shown.result.equalized;
  if (equalized.empty() || from_device) return;
  equalized_texture(screen, context, backend)
      ->set_planes(equalized.data(), photo.width, photo.height, photo.channels);
}

// Adopts the finished job's photo and histograms (computing them on CUDA first); throws the
// job's error (the previous photo stays).
void adopt_finished(HistogramImageState& state, const SceneContext* context, Backend backend) {
  std::optional<HistogramImageWork> w = state.work.take();
  if (!w) return;
  HistogramImageScreen& screen = state.screen;
  HistogramImageResult result;
  if (w->computed) {
    result = std::move(w->result);
  } else {
    result = compute_histogram_image(*w->photo, w->settings, *screen.engine, nullptr, [&] {
      // CUDA: the equalized planes straight from the engine's buffers (before they are reused).
      interop::PixelImage* tex = equalized_texture(screen, context, backend);
      if (screen.engine->device_equalized() && tex) {
        tex->set_device_planes(screen.engine->device_equalized(), w->photo->width, w->photo->height,
                               w->photo->channels);
        screen.equalized_from_device = true;
      }
    });
  }
  if (w->photo != state.shown.photo) screen.original_uploaded = false;
  state.shown = {w->photo, std::move(result), w->settings};
  upload_textures(screen, state.shown, context, backend);
}

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

HistogramImageMode::HistogramImageMode() {
  fast_.set_size_choices({"256", "1024", "4096", "8192"}, 3);
}

void HistogramImageMode::detach() {
  HistogramImageScreen& screen = state_.screen;
  screen.original.reset();
  screen.equalized.reset();
  screen.original_uploaded = false;
  state_.work.cancel();
  screen.engine.reset();
  LiveMode::detach();
}

void HistogramImageMode::reset() {
  set_error("");
  HistogramImageScreen& screen = state_.screen;
  if (!screen.engine || screen.engine->backend() != backend())
    screen.engine = histogram::Engine::create(backend());
  // The photo is read again only when the file changed.
  const std::string file = histogram_image_file(settings());
  const std::shared_ptr<const HistogramPhoto>& shown = state_.shown.photo;
  std::shared_ptr<const HistogramPhoto> photo =
      file == shown->file && !shown->planes.empty() ? shown : nullptr;
  const HistogramSettings settings = this->settings();
  const bool on_worker = backend() == Backend::Cpu;
  const bool in_background = context() && context()->background_work;
  state_.work.start(
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
      in_background);
  // In place: adopted now (its error goes to the caller). A worker's result, or its error, waits
  // for tick(), which keeps the previous photo and settings when it failed.
  if (!in_background) adopt_finished(state_, context(), backend());
}

void HistogramImageMode::tick(float /*dt*/) {
  // A photo that did not read, or a cancel: the previous one stays, and so do its settings.
  std::string error;
  finish_background_work(
      state_.work, [this] { adopt_finished(state_, context(), backend()); }, error,
      [this] {
        const HistogramSettings& was = state_.shown.settings;
        HistogramSettings& s = settings_to_keep();
        s.source = was.source;
        s.file = was.file;
        s.variant = was.variant;
        s.launch = was.launch;
        s.equalize = was.equalize;
      });
  if (!error.empty()) set_error(error);
}

gfx::Image HistogramImageMode::output_image() const {
  const HistogramPhoto& photo = *state_.shown.photo;
  const std::vector<uint8_t>& equalized = state_.shown.result.equalized;
  const std::vector<uint8_t>& src = equalized.empty() ? photo.planes : equalized;
  return planes_to_image(src, photo.width, photo.height, photo.channels);
}

void HistogramImageMode::fill(RunJson& doc) const {
  const HistogramPhoto& photo = *state_.shown.photo;
  const HistogramImageResult& r = state_.shown.result;
  const histogram::Variant variant = settings().variant;
  doc.input = {{"file", photo.file},
               {"width", photo.width},
               {"height", photo.height},
               {"channels", photo.channels},
               {"label", photo.label}};
  const ChannelHistogram* lum = r.original.empty() ? nullptr : &r.original.back();
  double top_share = 0;
  int top_bin = -1;
  if (lum && photo.width > 0) {
    const auto top = std::max_element(lum->counts.begin(), lum->counts.end());
    top_bin = int(top - lum->counts.begin());
    top_share = double(*top) / (double(photo.width) * photo.height);
  }
  doc.result = {{"bins", 256},
                {"variant", histogram::info(variant).id},
                {"histograms", histograms_json(r.original)},
                {"luminance_top_bin", top_bin},
                {"luminance_top_bin_share", top_share}};
  doc.reference = {{"method", "histogram_reference (sequential, host) of each plane"}};
  doc.matches_reference = r.matches_reference;
  nlohmann::json eq = nullptr;
  if (!r.equalized.empty()) {
    nlohmann::json line = nlohmann::json::object();
    for (size_t c = 0; c < r.equalized_hist.size() && c < r.original.size(); ++c)
      if (int(c) < photo.channels)  // the equalized planes (luminance is not equalized itself)
        line[r.equalized_hist[c].name] = distance_from_line(r.equalized_hist[c], r.original[c]);
    eq = {{"histograms", histograms_json(r.equalized_hist)},
          {"matches_lut", r.equalized_matches_lut},
          {"cumulative_distance_from_line_in_levels", line},
          {"ms", r.equalize_ms}};
  }
  doc.extra["equalized"] = eq;
  doc.extra["histogram_ms"] = r.histogram_ms;
  char summary[256];
  std::snprintf(
      summary, sizeof summary,
      "%s: %.1f%% of the luminance in bin %d; variant %s %s the reference%s", photo.label.c_str(),
      top_share * 100, top_bin, histogram::info(variant).id,
      r.matches_reference ? "matches" : "DIFFERS FROM",
      r.equalized.empty() ? "" : (r.equalized_matches_lut ? "; equalized" : "; equalized WRONG"));
  doc.summary = summary;
}

void HistogramImageMode::ui() {
  const HistogramSettings& s = settings();
  const HistogramImageResult& r = state_.shown.result;
  if (panel_section(tr("Image"), "hg-image-header")) {
    nlohmann::json change = nlohmann::json::object();
    static std::string file, seen;
    if (histogram_image_file(s) != seen) file = seen = histogram_image_file(s);
    if (text_field(label_id(tr("image file"), "hg-image-file").c_str(),
                   tr("a PNG, JPEG, BMP, TGA or PGM path; Enter opens it"), file))
      change["image"] = file;
    if (const std::string photo = histogram_shipped_photos(); !photo.empty())
      change["image"] = file = photo;
    std::vector<std::string> variants;
    int index = 0;
    for (const histogram::VariantInfo& v : histogram::variant_infos()) {
      if (v.variant == s.variant) index = int(variants.size());
      variants.push_back(std::to_string(int(v.variant)) + " " + kernel_text(v.id));
    }
    if (combo(label_id(tr("variant"), "hg-image-variant").c_str(), index, variants))
      change["variant"] = index + 1;
    const std::vector<std::string> channels = {"luminance", "r", "g", "b"};
    const std::vector<std::string> shown = {tr("luminance"), "r", "g", "b"};
    int channel = int(std::find(channels.begin(), channels.end(), s.channel) - channels.begin());
    if (channel >= 4) channel = 0;
    if (combo(label_id(tr("cumulative curve of"), "hg-curve").c_str(), channel, shown))
      change["channel"] = channels[size_t(channel)];
    bool equalize = s.equalize;
    if (ImGui::Checkbox(
            label_id(tr("equalize (R, G, B each through its own lookup table)"), "hg-equalize")
                .c_str(),
            &equalize))
      change["equalize"] = equalize;
    edit(change);
    if (background_work_status(state_.work.busy(), state_.work.progress(),
                               state_.work.cancelled_job(), "hg-image-cancel"))
      cancel_background_work();
    char ms[2][32];
    std::snprintf(ms[0], sizeof ms[0], "%.2f", r.histogram_ms);
    std::snprintf(ms[1], sizeof ms[1], "%.2f", r.equalize_ms);
    ImGui::TextWrapped("%s", trf("histograms: {0} ms, equalization: {1} ms on {2} (wall time)",
                                 ms[0], ms[1], backend_name(backend()))
                                 .c_str());
    ImGui::TextColored(
        r.matches_reference ? ImVec4(0.2f, 0.7f, 0.3f, 1) : ImVec4(0.9f, 0.2f, 0.2f, 1), "%s",
        r.matches_reference ? tr("every channel equals the sequential histogram")
                            : tr("a channel differs from the sequential histogram"));
  }
  // Fast mode: the scene's benchmark, on this photo.
  fast_mode(0, "", TR_NOOP("Fast mode: time every variant on this photo"));
}

}  // namespace ws::app
