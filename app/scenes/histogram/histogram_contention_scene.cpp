#include "histogram_contention_scene.h"

#include <imgui.h>

#include "common/error.h"
#include "histogram_bench.h"
#include "histogram_panels.h"
#include "histogram_strings.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/run_json.h"

namespace ws::app {

namespace hg = ws::histogram;

namespace {

BinContention from_model(const hg::Contention& m) {
  BinContention c;
  c.atomics = m.atomics;
  c.chain = m.chain;
  for (int64_t a : m.atomics) c.total_atomics += a;
  c.longest_chain = m.longest_chain;
  c.hottest_bin = m.hottest_bin;
  c.source = "model";
  return c;
}

}  // namespace

HistogramContentionScene::HistogramContentionScene(std::shared_ptr<HistogramSettings> settings)
    : settings_(std::move(settings)) {}

SceneCapabilities HistogramContentionScene::capabilities() const {
  return histogram_mode_capabilities(false);
}

void HistogramContentionScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void HistogramContentionScene::detach() {
  engine_.reset();
  ran_ = false;
  context_ = nullptr;
}

nlohmann::json HistogramContentionScene::params_to_json() const {
  nlohmann::json j = histogram_params_json(*settings_);
  j["block"] = settings_->launch.block_dim;
  j["grid"] = settings_->launch.grid_dim;
  j["coarsening"] = settings_->launch.coarsening;
  return j;
}

void HistogramContentionScene::params_from_json(const nlohmann::json& params) {
  HistogramSettings s = parse_histogram_params(*settings_, params);
  // Files are read here, so a missing, empty or corrupt one never replaces a good input.
  if (s.source == HistogramSource::TextFile || s.source == HistogramSource::Image) {
    HistogramLimits l;
    l.mode = "the contention mode";
    (void)load_histogram_input(s, l);
  }
  *settings_ = std::move(s);
}

void HistogramContentionScene::reset() {
  error_.clear();
  ran_ = false;
  HistogramLimits l;
  l.mode = backend() == Backend::Cuda ? "the contention mode" : "the CPU backend";
  l.max_samples = backend() == Backend::Cuda ? hg::kMaxSamples : kHistogramCpuMaxSamples;
  input_ = load_histogram_input(*settings_, l);
  reference_ = hg::histogram_reference(input_.samples, input_.bins);
  if (!engine_ || engine_->backend() != backend()) engine_ = hg::Engine::create(backend());
  engine_->set_samples(input_.samples);
  const int64_t n = input_.samples.size();
  launch_ = hg::resolve_launch(settings_->variant, n, settings_->launch);
  hg::RunParams run;
  run.variant = settings_->variant;
  run.launch = settings_->launch;
  run.inject_race = settings_->teach.inject_race && (run.variant == hg::Variant::GlobalAtomic ||
                                                     run.variant == hg::Variant::PrivateShared);
  counts_ = engine_->run(input_.bins, run);
  model_ = from_model(
      hg::contention_model(settings_->variant, input_.samples, input_.bins, settings_->launch));
  all_variants_.clear();
  if (n <= kHistogramAllVariantsMax)
    for (const hg::VariantInfo& v : hg::variant_infos())
      all_variants_.push_back(
          {v.variant, v.variant == settings_->variant
                          ? model_
                          : from_model(hg::contention_model(v.variant, input_.samples, input_.bins,
                                                            settings_->launch))});
  ran_ = true;
}

nlohmann::json HistogramContentionScene::results_json() const {
  RunJson doc = histogram_run_json(*settings_, backend(), input_, ran_ ? &counts_ : nullptr,
                                   reference_, model_, "contention");
  doc.params = params_to_json();
  doc.extra["launch"] = {{"block", launch_.block_dim},
                         {"grid", launch_.grid_dim},
                         {"coarsening", launch_.coarsening},
                         {"race", settings_->teach.inject_race}};
  nlohmann::json variants = nlohmann::json::array();
  for (const auto& [v, c] : all_variants_)
    variants.push_back({{"variant", hg::info(v).id},
                        {"total_atomics", c.total_atomics},
                        {"longest_chain", c.longest_chain},
                        {"hottest_bin", c.hottest_bin},
                        {"line", contention_line(v, c, input_.bins, input_.letters)}});
  doc.extra["variants"] = std::move(variants);
  return doc.to_json();
}

BenchJob HistogramContentionScene::bench_job(const BenchRequest& request) const {
  return histogram_bench_job(*settings_, request);
}

void HistogramContentionScene::ui() {
  error_line(error_);
  histogram_input_controls(*this, *settings_, error_,
                           backend() == Backend::Cuda ? hg::kMaxSamples : kHistogramCpuMaxSamples);
  histogram_bins_controls(*this, *settings_, error_);
  histogram_variant_controls(*this, *settings_, error_, false);
  if (!ran_) return;
  if (ImGui::CollapsingHeader((std::string(tr("Contention")) + "###hg-contention").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    if (counts_ == reference_)
      ImGui::TextColored(ImVec4(0.2f, 0.7f, 0.3f, 1), "%s",
                         tr("counts == the sequential reference"));
    else
      ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s", tr("counts differ from the reference"));
    for (const auto& [v, c] : all_variants_)
      ImGui::TextUnformatted(contention_line_text(v, c, input_.bins, input_.letters).c_str());
    if (all_variants_.empty())
      ImGui::TextUnformatted(
          contention_line_text(settings_->variant, model_, input_.bins, input_.letters).c_str());
  }
  if (ImGui::CollapsingHeader(
          (std::string(tr("Fast mode: every variant against CUB")) + "###hg-fast").c_str()))
    fast_.ui(backend(), backend() == Backend::Cuda ? 28 : 24,
             [this](const BenchRequest& r) { return bench_job(r); });
  histogram_notes_panel();
}

void HistogramContentionScene::code_ui() {
  histogram_code_panel(settings_->variant, "");
}

}  // namespace ws::app
