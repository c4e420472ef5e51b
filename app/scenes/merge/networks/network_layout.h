// Where the network diagram puts its stages: each stage a column of sub-columns, so comparators
// of one stage whose wire spans overlap stand side by side (at most kMaxSubColumns; beyond that
// they share one), the stages of one k grouped with a gap between groups.
#pragma once

#include <vector>

#include "merge/network.h"

namespace ws::app {

inline constexpr int kMaxSubColumns = 6;

struct NetworkColumns {
  std::vector<int> sub_columns;             // per stage
  std::vector<float> stage_x;               // per stage: left edge, in units
  std::vector<std::vector<int>> placement;  // [stage][comparator]: its sub-column
  float units = 0;                          // the whole width, in units
  // The x (in units) of a comparator's line.
  float comparator_x(int stage, int comparator) const {
    return stage_x[size_t(stage)] + 0.5f + float(placement[size_t(stage)][size_t(comparator)]);
  }
  float stage_width(int stage) const { return float(sub_columns[size_t(stage)]); }
};

NetworkColumns network_columns(const merge::Network& net);

}  // namespace ws::app
