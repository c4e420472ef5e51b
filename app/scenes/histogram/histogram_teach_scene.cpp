#include "histogram_teach_scene.h"

#include <imgui.h>

#include "common/error.h"
#include "histogram_bench.h"
#include "histogram_panels.h"
#include "histogram_report.h"
#include "histogram_strings.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/run_json.h"

namespace ws::app {

namespace hg = ws::histogram;

HistogramTeachScene::HistogramTeachScene(std::shared_ptr<HistogramSettings> settings)
    : settings_(std::move(settings)) {}

SceneCapabilities HistogramTeachScene::capabilities() const {
  return histogram_mode_capabilities(true);
}

HistogramLimits HistogramTeachScene::limits() {
  HistogramLimits l;
  l.max_samples = hg::kTeachMaxSamples;
  l.max_bins = hg::kTeachMaxBins;
  l.truncate = true;
  l.mode = "teach mode";
  return l;
}

hg::TeachParams HistogramTeachScene::teach_params(int64_t n) const {
  hg::TeachParams p = settings_->teach;
  p.variant = settings_->variant;
  if (p.grid_dim <= 0) {
    const bool coarse =
        p.variant == hg::Variant::CoarseContiguous || p.variant == hg::Variant::CoarseInterleaved ||
        p.variant == hg::Variant::Aggregated || p.variant == hg::Variant::WarpAggregated;
    const int64_t per_block = int64_t(p.block_dim) * (coarse ? std::max(p.coarsening, 1) : 1);
    p.grid_dim = static_cast<int>(std::clamp<int64_t>((n + per_block - 1) / per_block, 1, 64));
  }
  if (p.coarsening <= 0) p.coarsening = 4;
  return p;
}

void HistogramTeachScene::attach(SceneContext& context) {
  context_ = &context;
  reset();
}

void HistogramTeachScene::detach() {
  taught_.reset();
  context_ = nullptr;
}

nlohmann::json HistogramTeachScene::params_to_json() const {
  return histogram_params_json(*settings_);
}

void HistogramTeachScene::params_from_json(const nlohmann::json& params) {
  HistogramSettings s = parse_histogram_params(*settings_, params);
  const hg::TeachParams& t = s.teach;
  if (t.block_dim > 256)
    throw Error("--block " + std::to_string(t.block_dim) +
                ": teach mode draws blocks of 32..256 threads (the contention mode takes up to "
                "1024)");
  if (t.grid_dim > 64)
    throw Error("--grid " + std::to_string(t.grid_dim) +
                ": teach mode draws 1..64 blocks (0: enough for the samples)");
  if (t.coarsening > 32)
    throw Error("--coarsening " + std::to_string(t.coarsening) +
                ": teach mode takes 1..32 samples per thread");
  if (s.source == HistogramSource::Synthetic && s.n > hg::kTeachMaxSamples)
    throw Error("--n " + std::to_string(s.n) + ": teach mode traces up to " +
                std::to_string(hg::kTeachMaxSamples) +
                " samples (--mode contention takes up to 2^28)");
  (void)load_histogram_input(s, limits());  // a bad input throws here, before anything changes
  *settings_ = std::move(s);
}

void HistogramTeachScene::reset() {
  error_.clear();
  taught_.reset();
  input_ = load_histogram_input(*settings_, limits());
  const hg::TeachParams p = teach_params(input_.samples.size());
  taught_ = teach_and_check(
      backend(), [&](Backend b) { return hg::teach(p, input_.samples, input_.bins, b); });
  contention_ = trace_contention(taught_->run.trace, input_.bins.count);
  seek(cursor_.step());
}

int HistogramTeachScene::step_count() const {
  return step_count_of({taught_ ? &taught_->run.trace : nullptr});
}

nlohmann::json HistogramTeachScene::results_json() const {
  BinContention c;
  c.atomics = contention_.atomics;
  c.chain = contention_.chain;
  c.total_atomics = contention_.total_atomics;
  c.longest_chain = contention_.longest_chain;
  c.hottest_bin = contention_.hottest_bin;
  c.source = "trace";
  const std::vector<uint32_t> reference =
      taught_ ? taught_->run.expected : hg::histogram_reference(input_.samples, input_.bins);
  RunJson doc = histogram_run_json(*settings_, backend(), input_,
                                   taught_ ? &taught_->run.counts : nullptr, reference, c, "teach");
  if (taught_) {
    doc.set_trace(taught_->run.trace, taught_->traced);
    const hg::TeachParams& p = taught_->run.params;
    doc.extra["launch"] = {{"block", p.block_dim},
                           {"grid", p.grid_dim},
                           {"coarsening", p.coarsening},
                           {"race", p.inject_race}};
    if (p.inject_race) {
      int64_t lost = 0;
      for (size_t b = 0; b < reference.size(); ++b)
        lost += int64_t(reference[b]) - int64_t(taught_->run.counts[b]);
      doc.extra["lost_updates"] = lost;
    }
  }
  doc.params = params_to_json();
  return doc.to_json();
}

BenchJob HistogramTeachScene::bench_job(const BenchRequest& request) const {
  return histogram_bench_job(*settings_, request);
}

void HistogramTeachScene::ui() {
  error_line(error_);
  histogram_input_controls(*this, *settings_, error_, hg::kTeachMaxSamples);
  histogram_bins_controls(*this, *settings_, error_);
  histogram_variant_controls(*this, *settings_, error_, true);
  if (!taught_) return;
  if (ImGui::CollapsingHeader((std::string(tr("This step")) + "###hg-this-step").c_str(),
                              ImGuiTreeNodeFlags_DefaultOpen)) {
    const hg::TeachRun& run = taught_->run;
    const TraceStep& s = run.trace.steps.at(size_t(cursor_.step()));
    ImGui::TextWrapped(
        "%s", trf("Step {0} of {1}: {2} (phase {3})", cursor_.step() + 1, run.trace.steps.size(),
                  histogram_step_label_text(s.label), histogram_phase_text(s.phase))
                  .c_str());
    if (input_.truncated)
      ImGui::TextWrapped("%s", trf("Teach mode traces the first {0} of the input's {1} samples.",
                                   hg::kTeachMaxSamples, input_.total)
                                   .c_str());
    ImGui::TextWrapped("%s", histogram_variant_lesson_text(hg::info(run.params.variant)).c_str());
    twin_check_line(taught_->traced.twin);
    const size_t step = size_t(cursor_.step());
    const int32_t step_chain =
        step < contention_.step_chain.size() ? contention_.step_chain[step] : 0;
    counters_table(
        "histogram-counters",
        {histogram_variant_id_text(hg::info(run.params.variant)), &taught_->traced.counters},
        nullptr, cursor_.step(),
        {{tr("longest atomic chain, this step"), std::to_string(step_chain), ""},
         {tr("longest atomic chain, run"), std::to_string(contention_.longest_chain), ""}});
  }
  histogram_notes_panel();
}

void HistogramTeachScene::code_ui() {
  std::string marker;
  if (taught_ && cursor_.step() < static_cast<int>(taught_->run.trace.steps.size()))
    marker = taught_->run.trace.steps[size_t(cursor_.step())].code_marker;
  histogram_code_panel(settings_->variant, marker);
}

}  // namespace ws::app
