// Teach mode's limits: one table (the kit checks it, moves by it and fits by it), and the input
// limits load_histogram_input takes, derived from it.
#include "histogram_teach_run.h"
#include "scenes/histogram/histogram_panels.h"

namespace ws::app {

namespace hg = ws::histogram;

std::vector<ModeLimit<HistogramSettings>> histogram_teach_limits() {
  using S = HistogramSettings;
  using V = std::optional<int64_t>;
  const std::string max_n = std::to_string(hg::kTeachMaxSamples);
  const std::string max_bins = std::to_string(hg::kTeachMaxBins);
  return {
      {"block", [](const S& s) { return V(s.teach.block_dim); }, 32, 256,
       "--block {0}: teach mode draws blocks of 32..256 threads (the contention mode takes up to "
       "1024)",
       "", [](S& s) { s.teach.block_dim = 32; }},
      {"grid", [](const S& s) { return V(s.teach.grid_dim); }, 0, 64,
       "--grid {0}: teach mode draws 1..64 blocks (0: enough for the samples)", "",
       [](S& s) { s.teach.grid_dim = 2; }},
      // 0: the variant's own (teach mode runs 4 per thread).
      {"coarsening", [](const S& s) { return V(s.teach.coarsening); }, 0, 32,
       "--coarsening {0}: teach mode takes 1..32 samples per thread", "",
       [](S& s) { s.teach.coarsening = 4; }},
      // Synthetic samples only: a longer text, file or image is cut to its first samples.
      {"n",
       [](const S& s) { return s.source == HistogramSource::Synthetic ? V(s.n) : std::nullopt; }, 1,
       hg::kTeachMaxSamples,
       "--n {0}: teach mode traces up to " + max_n +
           " samples (--mode contention takes up to 2^28)",
       "contention", [](S& s) { s.n = 256; }},
      // The count `bins` gives (bins of a width or over the data's range: their count is checked
      // when the input is loaded, histogram_teach_input_limits).
      {"bins", [](const S& s) { return !s.auto_range && s.width <= 0 ? V(s.bins) : std::nullopt; },
       1, hg::kTeachMaxBins,
       "--bins {0}: teach mode draws up to " + max_bins +
           " bins (the contention mode takes up to 65536)",
       "contention", [](S& s) { s.bins = hg::kTeachMaxBins; }},
  };
}

HistogramLimits histogram_teach_input_limits() {
  const std::vector<ModeLimit<HistogramSettings>> limits = histogram_teach_limits();
  HistogramLimits l;
  l.max_samples = limit_max(limits, "n");
  l.max_bins = static_cast<int>(limit_max(limits, "bins"));
  l.truncate = true;
  l.mode = "teach mode";
  return l;
}

}  // namespace ws::app
