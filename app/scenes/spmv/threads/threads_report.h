// The threads mode's part of the run document (docs/run-json.md's "extra"): each thread's row
// and iterations, each step's facts, the whole run's summary, the atomics on each y element in
// serialization order, and the other variants' summaries on the same input.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "threads_facts.h"

namespace ws::app {

nlohmann::json threads_json(const spmv::SpmvTeachRun& run, const ThreadsAnalysis& analysis,
                            const std::vector<ThreadsSummary>& variants);
nlohmann::json threads_summary_json(const ThreadsSummary& s);
// y against the dense reference (long double per row): within (row length + 2) units of the
// type's rounding of sum |a x| per row.
bool threads_matches_reference(const spmv::SpmvTeachRun& run, const std::vector<double>& reference);

}  // namespace ws::app
