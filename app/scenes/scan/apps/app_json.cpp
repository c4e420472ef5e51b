#include "app_json.h"

#include <cmath>

namespace ws::app::scan_apps {

nlohmann::json counters_json(const Counters& c) {
  return {{"steps", c.steps},
          {"ops", c.ops},
          {"useful_ops", c.useful_ops},
          {"lanes_consumed", c.lanes_consumed},
          {"efficiency", c.efficiency},
          {"work_efficiency", c.work_efficiency},
          {"divergent_warps", c.divergent_warps},
          {"global_requests", c.global_requests},
          {"bank_conflicts", c.bank_conflicts},
          {"barriers", c.barriers}};
}

nlohmann::json steps_json(const Trace& trace,
                          const std::vector<std::vector<std::vector<double>>>& snapshots,
                          const Counters& counters) {
  nlohmann::json steps = nlohmann::json::array();
  for (size_t s = 0; s < trace.steps.size() && s < snapshots.size(); ++s) {
    nlohmann::json values = nlohmann::json::object();
    for (size_t b = 0; b < trace.buffers.size() && b < snapshots[s].size(); ++b) {
      nlohmann::json cells = nlohmann::json::array();
      for (double v : snapshots[s][b])
        cells.push_back(std::isnan(v) ? nlohmann::json() : nlohmann::json(v));
      values[trace.buffers[b].name] = std::move(cells);
    }
    nlohmann::json step = {{"label", trace.steps[s].label},
                           {"phase", trace.steps[s].phase},
                           {"active_threads", active_threads(trace.steps[s]).size()},
                           {"values", std::move(values)}};
    if (s < counters.per_step.size()) {
      const StepCounters& c = counters.per_step[s];
      step["counters"] = {{"ops", c.ops},
                          {"active_threads", c.active_threads},
                          {"lanes_consumed", c.lanes_consumed},
                          {"barriers", c.barriers}};
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace ws::app::scan_apps
