// Teach mode's limits and the names it gives the counters.
#pragma once

#include <string>
#include <vector>

#include "common/trace.h"
#include "scene_kit/modal_scene.h"
#include "scenes/histogram/histogram_input.h"

namespace ws::app {

// Teach mode's limits, one row each (a traced run draws every thread: a small launch, at most
// kTeachMaxSamples synthetic samples and kTeachMaxBins bins); n and bins beyond them, given
// without a mode, move to the contention mode (histogram_teach_limits.cpp).
std::vector<ModeLimit<HistogramSettings>> histogram_teach_limits();
// What load_histogram_input takes in teach mode: the maxima of the "n" and "bins" rows, a longer
// text, file or image cut to its first samples.
HistogramLimits histogram_teach_input_limits();

// A counter copy's name as the figures and captions show it: "hist", "private b1", "shared b0",
// "warp b0 w1" (in the current language).
std::string counter_copy_name(const Trace& trace, int buffer, int copy, int bins);

}  // namespace ws::app
