// The histogram scene's run documents: the kit's RunJson filled with the counts, the sequential
// reference's, the bins, the variant and the contention per bin (atomics, longest chain, from the
// teach trace or the model: histogram::Contention), for `warpscope run --json` in teach and
// contention mode; and the one line per variant the views and the terminal show.
#pragma once

#include <string>
#include <vector>

#include "histogram_input.h"
#include "histogram_settings.h"
#include "scene_kit/run_json.h"

namespace ws::app {

// Input, result {counts, in_range}, reference {counts}, matches_reference, the summary and the
// scene's keys "bins", "variant", "contention" (`from`: "trace" or "model"). `counts` null: no
// run.
void fill_histogram_doc(RunJson& doc, const HistogramSettings& s, const HistogramInput& in,
                        const std::vector<uint32_t>* counts, const std::vector<uint32_t>& reference,
                        const histogram::Contention& contention, const char* from);

// "variant 2: 38 atomics, longest chain 9 on bin 3 (m-p)" in English (the documents and the
// terminal), or with `shown` in the current language (the panels and figures).
std::string contention_line(histogram::Variant v, const histogram::Contention& c,
                            const histogram::BinSpec& bins, bool letters, bool shown = false);

}  // namespace ws::app
