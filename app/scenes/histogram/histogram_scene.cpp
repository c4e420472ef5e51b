#include "histogram_scene.h"

#include <imgui.h>

#include "histogram_contention_scene.h"
#include "histogram_teach_scene.h"
#include "scene_kit/panel_widgets.h"
#include "histogram_bench.h"
#include "histogram_image_scene.h"
#include "i18n/i18n.h"

namespace ws::app {

namespace hg = ws::histogram;

namespace {

std::vector<std::unique_ptr<Scene>> histogram_modes(
    const std::shared_ptr<HistogramSettings>& settings) {
  std::vector<std::unique_ptr<Scene>> modes;
  modes.push_back(std::make_unique<HistogramTeachScene>(settings));
  modes.push_back(std::make_unique<HistogramContentionScene>(settings));
  modes.push_back(make_histogram_image_mode(settings));
  return modes;
}

// The mode buttons' text (the mode ids, which the command line takes).
const char* mode_label(const std::string& id) {
  if (id == "teach") return tr("teach");
  if (id == "contention") return tr("contention");
  if (id == "image") return tr("image");
  return id.c_str();
}

// The settings that decide the input and bins (what a stash compares).
bool same_input(const HistogramSettings& a, const HistogramSettings& b) {
  return histogram_params_json(a) == histogram_params_json(b);
}

}  // namespace

HistogramScene::HistogramScene() : HistogramScene(std::make_shared<HistogramSettings>()) {}

HistogramScene::HistogramScene(std::shared_ptr<HistogramSettings> settings)
    : ModeSwitch(kHistogramSceneId, TR_NOOP("Histogram (atomics and contention)"),
                 histogram_modes(settings)),
      settings_(std::move(settings)) {}

std::string HistogramScene::infer_mode(const nlohmann::json& params) const {
  if (!params.is_object() || mode() != "teach") return "";
  // Inputs teach mode cannot show whole go to the contention mode: an image, more samples or
  // more bins than a traced run draws.
  if (params.contains("image") && params["image"].is_string() &&
      !params["image"].get<std::string>().empty())
    return "contention";
  if (params.contains("n")) {
    try {
      if (std::stoll(params["n"].is_string() ? params["n"].get<std::string>()
                                             : params["n"].dump()) > hg::kTeachMaxSamples)
        return "contention";
    } catch (const std::exception&) {
    }
  }
  if (params.contains("bins")) {
    try {
      if (std::stoll(params["bins"].is_string() ? params["bins"].get<std::string>()
                                                : params["bins"].dump()) > hg::kTeachMaxBins)
        return "contention";
    } catch (const std::exception&) {
    }
  }
  return "";
}

void HistogramScene::on_switch(Scene& /*from*/, Scene& to) {
  HistogramSettings& s = *settings_;
  const std::string mode = to.id();
  if (mode == "teach") {
    if (stashed_valid_ && same_input(s, replaced_by_)) s = stashed_;
    stashed_valid_ = false;
    if (variant_given_ && s.variant == hg::Variant::WarpAggregated) s.variant = variant_before_;
    variant_given_ = false;
    // A traced run draws every thread: a small launch, at most 1024 samples and 256 bins.
    if (s.teach.block_dim > 256) s.teach.block_dim = 32;
    if (s.teach.grid_dim > 64) s.teach.grid_dim = 2;
    if (s.teach.coarsening < 1 || s.teach.coarsening > 32) s.teach.coarsening = 4;
    if (s.source == HistogramSource::Synthetic && s.n > hg::kTeachMaxSamples) s.n = 256;
    if (!s.auto_range && s.width <= 0 && s.bins > hg::kTeachMaxBins) s.bins = hg::kTeachMaxBins;
    return;
  }
  // The contention and image modes want a full-size input: the textbook's phrase gives way to a
  // million Zipf samples over 256 bins (the user's own input stays), and a teaching launch to the
  // full-size one.
  stashed_valid_ = false;
  if (mode == "contention" && s.source == HistogramSource::Text && s.text == kTextbookPhrase) {
    stashed_ = s;
    s.source = HistogramSource::Synthetic;
    s.dist = hg::Dist::Zipf;
    s.skew = 1.2;
    s.n = int64_t{1} << 20;
    s.bins = 256;
    s.lo = 0;
    s.hi = 256;
    s.width = 0;
    s.auto_range = false;
    replaced_by_ = s;
    stashed_valid_ = true;
  }
  s.launch.block_dim = 256;
  s.launch.grid_dim = 0;
  s.launch.coarsening = 0;
  // A photograph's histograms with the teaching default (global atomics, tens of milliseconds)
  // would make the image mode feel broken: it starts on the fastest variant, and teach mode gets
  // the variant back.
  if (mode == "image" && s.variant == hg::Variant::GlobalAtomic) {
    variant_before_ = s.variant;
    variant_given_ = true;
    s.variant = hg::Variant::WarpAggregated;
  }
}

void HistogramScene::params_from_json(const nlohmann::json& params) {
  const HistogramSettings before = *settings_;
  const HistogramSettings stashed = stashed_, replaced = replaced_by_;
  const bool valid = stashed_valid_, given = variant_given_;
  const hg::Variant variant_before = variant_before_;
  try {
    ModeSwitch::params_from_json(params);
  } catch (...) {
    *settings_ = before;
    stashed_ = stashed;
    replaced_by_ = replaced;
    stashed_valid_ = valid;
    variant_given_ = given;
    variant_before_ = variant_before;
    throw;
  }
}

void HistogramScene::ui() {
  error_line(error_);
  const std::vector<std::string> ids = capabilities().modes;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (i) ImGui::SameLine();
    const bool on = mode() == ids[i];
    const std::string label = std::string(mode_label(ids[i])) + "###mode-" + ids[i];
    if (ImGui::RadioButton(label.c_str(), on) && !on) apply_edit(*this, {{"mode", ids[i]}}, error_);
  }
  active().ui();
}

BenchJob HistogramScene::bench_job(const BenchRequest& request) const {
  // "skew" is a benchmark, not a mode: the throughput-against-skew sweep.
  if (request.mode == "skew") return histogram_bench_job(*settings_, request);
  return ModeSwitch::bench_job(request);
}

}  // namespace ws::app
