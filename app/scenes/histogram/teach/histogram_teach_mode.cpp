// Teach mode's run, document and panel: the input within teach mode's limits, the traced run of
// the variant (grid 0: enough blocks for the samples, at most 64), its contention per bin from
// the trace, and the panel with this step's counters.
#include "histogram_teach_mode.h"

#include <imgui.h>

#include <algorithm>

#include "i18n/wording.h"
#include "scenes/histogram/histogram_report.h"

namespace ws::app {

namespace hg = ws::histogram;

namespace {

// The launch of the traced run: grid 0 = enough blocks for the samples (at most 64), coarsening 0
// = 4 per thread.
hg::TeachParams teach_params(const HistogramSettings& s, int64_t n) {
  hg::TeachParams p = s.teach;
  p.variant = s.variant;
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

}  // namespace

void HistogramTeachMode::check(const HistogramSettings& s) const {
  (void)load_histogram_input(s, histogram_teach_input_limits());  // a file, the bins of the data
}

void HistogramTeachMode::prepare() {
  input_ = load_histogram_input(settings(), histogram_teach_input_limits());
}

hg::TeachRun HistogramTeachMode::run(Backend backend, int /*which*/) const {
  return hg::teach(teach_params(settings(), input_.samples.size()), input_.samples, input_.bins,
                   backend);
}

void HistogramTeachMode::fill(RunJson& doc) const {
  const Taught<hg::TeachRun>* t = taught();
  const std::vector<uint32_t> reference =
      t ? t->run.expected : hg::histogram_reference(input_.samples, input_.bins);
  const hg::Contention contention =
      t ? hg::trace_contention(t->run.trace, input_.bins.count) : hg::Contention{};
  fill_histogram_doc(doc, settings(), input_, t ? &t->run.counts : nullptr, reference, contention,
                     "trace");
  if (!t) return;
  const hg::TeachParams& p = t->run.params;
  doc.extra["launch"] = {{"block", p.block_dim},
                         {"grid", p.grid_dim},
                         {"coarsening", p.coarsening},
                         {"race", p.inject_race}};
  if (p.inject_race) {
    int64_t lost = 0;
    for (size_t b = 0; b < reference.size(); ++b)
      lost += int64_t(reference[b]) - int64_t(t->run.counts[b]);
    doc.extra["lost_updates"] = lost;
  }
}

void HistogramTeachMode::ui() {
  static const std::vector<ModeLimit<HistogramSettings>> limits = histogram_teach_limits();
  edit(histogram_input_panel(settings(), limit_max(limits, "n")));
  edit(histogram_bins_panel(settings()));
  edit(histogram_variant_panel(settings(), &limits));
  const Taught<hg::TeachRun>* t = taught();
  if (!t) return;
  if (panel_section(tr("This step"), "hg-this-step")) {
    const hg::TeachRun& run = t->run;
    const TraceStep& s = run.trace.steps.at(size_t(step()));
    ImGui::TextWrapped("%s", trf("Step {0} of {1}: {2} (phase {3})", step() + 1,
                                 run.trace.steps.size(), kernel_text(s.label), kernel_text(s.phase))
                                 .c_str());
    if (input_.truncated)
      ImGui::TextWrapped("%s", trf("Teach mode traces the first {0} of the input's {1} samples.",
                                   input_.samples.size(), input_.total)
                                   .c_str());
    ImGui::TextWrapped("%s", kernel_text(hg::info(run.params.variant).lesson).c_str());
    twin_check_line(t->traced.twin);
    const Counters& counters = t->traced.counters;
    const int64_t step_chain = counters.per_step.at(size_t(step())).max_atomic_chain;
    counters_table(
        "histogram-counters", {kernel_text(hg::info(run.params.variant).id), &counters}, nullptr,
        step(),
        {{tr("longest atomic chain, this step"), std::to_string(step_chain), ""},
         {tr("longest atomic chain, run"), std::to_string(counters.longest_atomic_chain), ""}});
  }
  histogram_notes_panel();
}

}  // namespace ws::app
