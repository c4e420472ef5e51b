#include "network_facts.h"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace ws::app {

double network_padding_key(ValueType type) {
  return type == ValueType::Float32 ? std::numeric_limits<double>::infinity()
                                    : double(std::numeric_limits<int32_t>::max());
}

NetworkFacts network_facts(const merge::SortTeachRun& run) {
  NetworkFacts f;
  const merge::Network& net = run.network;
  std::vector<double> keys(size_t(net.wires), network_padding_key(run.trace.type));
  std::copy(run.input.begin(), run.input.end(), keys.begin());
  f.wires.push_back(keys);
  for (const merge::NetworkStage& stage : net.stages) {
    for (const merge::Comparator& c : stage.comparators) {
      double& lo = keys[size_t(c.lo)];
      double& hi = keys[size_t(c.hi)];
      if (c.ascending ? lo > hi : lo < hi) std::swap(lo, hi);
    }
    f.wires.push_back(keys);
    f.comparators += int64_t(stage.comparators.size());
  }
  f.stage_shared.assign(net.stages.size(), false);
  f.stage_step.assign(net.stages.size(), -1);
  f.step_stage.assign(run.trace.steps.size(), -1);
  for (size_t step = 0; step < run.trace.steps.size(); ++step) {
    const int stage = step < run.step_stage.size() ? run.step_stage[step] : -1;
    if (stage < 0 || stage >= int(net.stages.size())) continue;
    f.step_stage[step] = stage;
    f.stage_step[size_t(stage)] = int(step);
    f.stage_shared[size_t(stage)] = run.trace.steps[step].phase == "shared";
  }
  return f;
}

int network_stage_near(const NetworkFacts& facts, int step) {
  const int steps = int(facts.step_stage.size());
  if (step < 0 || step >= steps) return -1;
  if (facts.step_stage[size_t(step)] >= 0) return facts.step_stage[size_t(step)];
  return step + 1 < steps ? facts.step_stage[size_t(step) + 1] : -1;  // a load: its first stage
}

int network_colour_group(const merge::SortTeachRun& run, int thread) {
  const int threads = std::max(1, run.network.wires / 2);
  const int block_dim = std::max(1, run.params.block_dim);
  return threads <= 8 ? thread : thread / block_dim;
}

}  // namespace ws::app
