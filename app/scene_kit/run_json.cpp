#include "run_json.h"

#include <cmath>

#include "common/error.h"

namespace ws::app {

const char* const kRunJsonKeys[11] = {
    "scene",    "params", "backend",   "input",  "result", "reference", "matches_reference",
    "counters", "steps",  "cpu_check", "summary"};
const char* const kCounterKeys[13] = {
    "steps",          "ops",           "useful_ops",      "work_efficiency",
    "lanes_consumed", "efficiency",    "divergent_warps", "global_requests",
    "bank_conflicts", "max_bank_ways", "atomics",         "max_atomics_per_address",
    "barriers"};
const char* const kStepCounterKeys[10] = {"ops",
                                          "active_threads",
                                          "active_warps",
                                          "lanes_consumed",
                                          "divergent_warps",
                                          "global_requests",
                                          "bank_conflicts",
                                          "max_bank_ways",
                                          "atomics",
                                          "barriers"};

nlohmann::json counters_json(const Counters& c) {
  return {{"steps", c.steps},
          {"ops", c.ops},
          {"useful_ops", c.useful_ops},
          {"work_efficiency", c.work_efficiency},
          {"lanes_consumed", c.lanes_consumed},
          {"efficiency", c.efficiency},
          {"divergent_warps", c.divergent_warps},
          {"global_requests", c.global_requests},
          {"bank_conflicts", c.bank_conflicts},
          {"max_bank_ways", c.max_bank_ways},
          {"atomics", c.atomics},
          {"max_atomics_per_address", c.max_atomics_per_address},
          {"barriers", c.barriers}};
}

nlohmann::json step_counters_json(const StepCounters& c) {
  return {{"ops", c.ops},
          {"active_threads", c.active_threads},
          {"active_warps", c.active_warps},
          {"lanes_consumed", c.lanes_consumed},
          {"divergent_warps", c.divergent_warps},
          {"global_requests", c.global_requests},
          {"bank_conflicts", c.bank_conflicts},
          {"max_bank_ways", c.max_bank_ways},
          {"atomics", c.atomics},
          {"barriers", c.barriers}};
}

nlohmann::json number_or_null(double v) {
  return std::isnan(v) ? nlohmann::json() : nlohmann::json(v);
}

nlohmann::json steps_json(const Trace& trace, const Snapshots& snapshots,
                          const Counters& counters) {
  nlohmann::json steps = nlohmann::json::array();
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    nlohmann::json values = nlohmann::json::object();
    for (size_t b = 0; s < snapshots.size() && b < trace.buffers.size() && b < snapshots[s].size();
         ++b) {
      nlohmann::json cells = nlohmann::json::array();
      for (double v : snapshots[s][b]) cells.push_back(number_or_null(v));
      values[trace.buffers[b].name] = std::move(cells);
    }
    const TraceStep& step = trace.steps[s];
    nlohmann::json j = {{"label", step.label},
                        {"phase", step.phase},
                        {"code_marker", step.code_marker},
                        {"grid_dim", step.grid_dim},
                        {"block_dim", step.block_dim},
                        {"active_threads", active_threads(step)},
                        {"values", std::move(values)}};
    if (s < counters.per_step.size()) j["counters"] = step_counters_json(counters.per_step[s]);
    steps.push_back(std::move(j));
  }
  return steps;
}

nlohmann::json cpu_check_json(const TwinCheck& twin) {
  if (!twin.ran) return nullptr;
  return {{"match", twin.matches()}, {"difference", twin.difference}, {"note", twin.note}};
}

void RunJson::set_trace(const Trace& trace, const TracedRun& traced) {
  counters = counters_json(traced.counters);
  steps = steps_json(trace, traced.snapshots, traced.counters);
  cpu_check = cpu_check_json(traced.twin);
}

nlohmann::json RunJson::to_json() const {
  WS_REQUIRE(!scene.empty(), std::string("run JSON without a scene"));
  nlohmann::json j = {{"scene", scene},
                      {"params", params},
                      {"backend", backend_name(backend)},
                      {"input", input},
                      {"result", result},
                      {"reference", reference},
                      {"matches_reference", matches_reference},
                      {"counters", counters},
                      {"steps", steps},
                      {"cpu_check", cpu_check},
                      {"summary", summary}};
  for (const auto& [key, value] : extra.items()) {
    WS_REQUIRE(!j.contains(key), "run JSON: the scene's key '" + key + "' is a schema key");
    j[key] = value;
  }
  return j;
}

}  // namespace ws::app
