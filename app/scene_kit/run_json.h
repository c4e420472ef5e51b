// One schema for `warpscope run --json`, the same in every scene (docs/run-json.md):
//   scene, params, backend, input, result, reference, matches_reference, counters, steps,
//   cpu_check, summary
// plus keys of the scene's own after them. Counters have the same field names everywhere.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "common/counters.h"
#include "common/trace.h"
#include "teach_pipeline.h"

namespace ws::app {

// The keys every `run --json` document has, in order.
extern const char* const kRunJsonKeys[11];
// The names of the total counters and of the per-step counters, as written.
extern const char* const kCounterKeys[13];
extern const char* const kStepCounterKeys[10];

nlohmann::json counters_json(const Counters& c);
nlohmann::json step_counters_json(const StepCounters& c);
// One object per step: label, phase, code_marker, grid_dim, block_dim, active_threads (the thread
// ids), values (every buffer after the step; NaN, not written yet, as null) and counters.
nlohmann::json steps_json(const Trace& trace, const Snapshots& snapshots, const Counters& counters);
// null on the CPU backend; else {match, difference, note}.
nlohmann::json cpu_check_json(const TwinCheck& twin);
// NaN as null (JSON has no NaN).
nlohmann::json number_or_null(double v);

// The document of one run. Fields left null are written as null, so every key is always there.
struct RunJson {
  std::string scene;
  nlohmann::json params = nlohmann::json::object();
  Backend backend = Backend::Cpu;
  nlohmann::json input, result, reference;
  nlohmann::json matches_reference;  // bool, or null when there is no reference to check
  nlohmann::json counters;           // counters_json(), or null for a run without a trace
  nlohmann::json steps = nlohmann::json::array();
  nlohmann::json cpu_check;                         // cpu_check_json()
  std::string summary;                              // one line for the terminal
  nlohmann::json extra = nlohmann::json::object();  // the scene's own keys

  // Counters, steps and cpu_check of a traced run.
  void set_trace(const Trace& trace, const TracedRun& traced);
  nlohmann::json to_json() const;
};

}  // namespace ws::app
