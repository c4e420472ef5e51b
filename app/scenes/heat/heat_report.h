// What both heat modes report: their keys of the `run --json` document around a field (its
// statistics, probes, the field itself on small grids, the analytic cost), and the kernel source
// the code panel shows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "heat_settings.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/run_json.h"

namespace ws::app {

// input: where the field came from; result: sum, min, max, mean and non-finite cells of `field`
// (over its finite cells), the probes, and the field on grids up to 64 a side (rows of x for each
// y; a list of planes in 3D); extras: time steps, simulated time, r, the stability limit and the
// analytic cost. Counters and steps are left to a traced run.
void heat_fill(RunJson& doc, const HeatSettings& s, const std::string& field_label,
               const std::vector<float>& field, int64_t time_steps);

// The code panel (both modes' rows): the variant's kernel in kernels/stencil/stencil.cu, the
// statement `marker` highlighted (the teach step's; "" in live mode).
KernelSource heat_kernel_source(const HeatSettings& s, const std::string& marker);

}  // namespace ws::app
