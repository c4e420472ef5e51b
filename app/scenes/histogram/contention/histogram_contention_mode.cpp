// The contention mode's run, document and panel: the input at full size (the backend's limit),
// the engine's counts of the chosen variant checked against the sequential reference, and the
// contention model of the same launch (of every variant, for inputs up to 4M samples).
#include "histogram_contention_mode.h"

#include <imgui.h>

#include "scenes/histogram/histogram_report.h"

namespace ws::app {

namespace hg = ws::histogram;

void HistogramContentionMode::check(const HistogramSettings& s) const {
  // Files are read here, so a missing, empty or corrupt one never replaces a good input.
  if (s.source == HistogramSource::TextFile || s.source == HistogramSource::Image) {
    HistogramLimits l;
    l.mode = "the contention mode";
    (void)load_histogram_input(s, l);
  }
}

void HistogramContentionMode::detach() {
  engine_.reset();
  run_.reset();
  LiveMode::detach();
}

void HistogramContentionMode::reset() {
  run_.reset();
  const HistogramSettings& s = settings();
  HistogramLimits l;
  l.mode = backend() == Backend::Cuda ? "the contention mode" : "the CPU backend";
  l.max_samples = backend() == Backend::Cuda ? hg::kMaxSamples : kHistogramCpuMaxSamples;
  HistogramContentionRun r;
  r.input = load_histogram_input(s, l);
  r.reference = hg::histogram_reference(r.input.samples, r.input.bins);
  if (!engine_ || engine_->backend() != backend()) engine_ = hg::Engine::create(backend());
  engine_->set_samples(r.input.samples);
  const int64_t n = r.input.samples.size();
  r.launch = hg::resolve_launch(s.variant, n, s.launch);
  hg::RunParams run;
  run.variant = s.variant;
  run.launch = s.launch;
  run.inject_race = s.teach.inject_race && (run.variant == hg::Variant::GlobalAtomic ||
                                            run.variant == hg::Variant::PrivateShared);
  r.counts = engine_->run(r.input.bins, run);
  r.model = hg::contention_model(s.variant, r.input.samples, r.input.bins, s.launch);
  if (n <= kHistogramAllVariantsMax)
    for (const hg::VariantInfo& v : hg::variant_infos())
      r.all_variants.push_back({v.variant, v.variant == s.variant
                                               ? r.model
                                               : hg::contention_model(v.variant, r.input.samples,
                                                                      r.input.bins, s.launch)});
  run_ = std::move(r);
}

void HistogramContentionMode::fill(RunJson& doc) const {
  if (!run_) return;
  const HistogramContentionRun& r = *run_;
  fill_histogram_doc(doc, settings(), r.input, &r.counts, r.reference, r.model, "model");
  doc.extra["launch"] = {{"block", r.launch.block_dim},
                         {"grid", r.launch.grid_dim},
                         {"coarsening", r.launch.coarsening},
                         {"race", settings().teach.inject_race}};
  nlohmann::json variants = nlohmann::json::array();
  for (const auto& [v, c] : r.all_variants)
    variants.push_back({{"variant", hg::info(v).id},
                        {"total_atomics", c.total_atomics()},
                        {"longest_chain", c.longest_chain},
                        {"hottest_bin", c.hottest_bin},
                        {"line", contention_line(v, c, r.input.bins, r.input.letters)}});
  doc.extra["variants"] = std::move(variants);
}

void HistogramContentionMode::ui() {
  const HistogramSettings& s = settings();
  edit(histogram_input_panel(
      s, backend() == Backend::Cuda ? hg::kMaxSamples : kHistogramCpuMaxSamples));
  edit(histogram_bins_panel(settings()));
  edit(histogram_variant_panel(settings(), nullptr));
  if (!run_) return;
  const HistogramContentionRun& r = *run_;
  if (panel_section(tr("Contention"), "hg-contention")) {
    if (r.counts == r.reference)
      ImGui::TextColored(ImVec4(0.2f, 0.7f, 0.3f, 1), "%s",
                         tr("counts == the sequential reference"));
    else
      ImGui::TextColored(ImVec4(0.9f, 0.2f, 0.2f, 1), "%s", tr("counts differ from the reference"));
    for (const auto& [v, c] : r.all_variants)
      ImGui::TextUnformatted(contention_line(v, c, r.input.bins, r.input.letters, true).c_str());
    if (r.all_variants.empty())
      ImGui::TextUnformatted(
          contention_line(settings().variant, r.model, r.input.bins, r.input.letters, true)
              .c_str());
  }
  // Fast mode: the scene's benchmark, on the input shown.
  fast_mode(backend() == Backend::Cuda ? 28 : 24, "",
            TR_NOOP("Fast mode: every variant against CUB"));
  histogram_notes_panel();
}

}  // namespace ws::app
