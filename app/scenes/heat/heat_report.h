// What both heat modes report: the `run --json` document around a field (its statistics, probes,
// the field itself on small grids, the analytic cost) and the benchmark of every variant.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "heat_settings.h"
#include "scene_kit/bench_report.h"
#include "scene_kit/run_json.h"

namespace ws::app {

// input: where the field came from; result: sum, min, max, mean and non-finite cells of `field`
// (over its finite cells), the probes, and the field on grids up to 64 a side (rows of x for each
// y; a list of planes in 3D); extras: time steps, simulated time, r, the stability limit and the
// analytic cost. Counters and steps are left to a traced run.
RunJson heat_run_json(const HeatSettings& s, Backend backend, const std::string& field_label,
                      const std::vector<float>& field, int64_t time_steps);

// `warpscope bench --scene heat` and fast mode: every variant valid at each grid (--sizes N, NxM
// or NxMxL; the backend's defaults otherwise), each checked against the basic variant.
BenchJob heat_bench_job(const BenchRequest& request);

}  // namespace ws::app
