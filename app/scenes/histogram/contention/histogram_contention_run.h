// What the contention mode computes and draws: the input at full size, the engine's counts of the
// chosen variant against the sequential reference, the contention model of the same launch (and
// of every variant, up to kHistogramAllVariantsMax samples).
#pragma once

#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "scenes/histogram/histogram_input.h"

namespace ws::app {

// Synthetic samples the CPU backend takes (the engine and the model both run on the host).
inline constexpr int64_t kHistogramCpuMaxSamples = int64_t{1} << 24;
// Up to this many samples the figure lists the model's line for every variant.
inline constexpr int64_t kHistogramAllVariantsMax = int64_t{1} << 22;

struct HistogramContentionRun {
  HistogramInput input;
  std::vector<uint32_t> counts, reference;
  histogram::Contention model;
  histogram::LaunchShape launch;  // as resolved for the run
  std::vector<std::pair<histogram::Variant, histogram::Contention>> all_variants;
};

}  // namespace ws::app
