// JSON pieces every scan application's results share: per-step snapshots and the counters.
#pragma once

#include <nlohmann/json.hpp>
#include <vector>

#include "common/counters.h"
#include "common/trace.h"

namespace ws::app::scan_apps {

nlohmann::json counters_json(const Counters& c);
// One object per step: label, phase, the step's counters and every buffer after it (NaN = not
// written yet, as null).
nlohmann::json steps_json(const Trace& trace,
                          const std::vector<std::vector<std::vector<double>>>& snapshots,
                          const Counters& counters);

}  // namespace ws::app::scan_apps
