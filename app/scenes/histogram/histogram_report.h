// The histogram scene's run documents: the kit's RunJson filled with the counts, the sequential
// reference's, the bins, the variant and the contention per bin (atomics, longest chain), for
// `warpscope run --json` in every mode.
#pragma once

#include <string>
#include <vector>

#include "histogram_input.h"
#include "histogram_settings.h"
#include "scene_kit/run_json.h"

namespace ws::app {

// Per bin: the atomics and the longest chain, and the run's totals (from a trace or the model).
struct BinContention {
  std::vector<int64_t> atomics;
  std::vector<int32_t> chain;
  int64_t total_atomics = 0;
  int32_t longest_chain = 0;
  int hottest_bin = -1;
  std::string source;  // "trace" or "model"
};

// The document of one run: input, result {counts, in_range}, reference {counts},
// matches_reference, and the scene's keys "bins", "variant", "contention". `counts` null: no run.
RunJson histogram_run_json(const HistogramSettings& s, Backend backend, const HistogramInput& in,
                           const std::vector<uint32_t>* counts,
                           const std::vector<uint32_t>& reference, const BinContention& contention,
                           const char* mode);

// "variant 2: 38 atomics, longest chain 9 on bin 3 (m-p)": the one line per variant the views and
// the terminal show.
std::string contention_line(histogram::Variant v, const BinContention& c,
                            const histogram::BinSpec& bins, bool letters);
// The same line in the current language (for the panels and figures; the documents keep
// contention_line's English).
std::string contention_line_text(histogram::Variant v, const BinContention& c,
                                 const histogram::BinSpec& bins, bool letters);

}  // namespace ws::app
