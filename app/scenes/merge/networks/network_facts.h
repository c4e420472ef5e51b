// What the networks mode draws and says, derived once per run from the network (network.h) and
// the trace (sort.h's layout): the keys on every wire before and after every stage (the network
// applied to the padded input, independently of the kernels), the memory each stage ran in
// (shared or global, from the trace step that ran it), and each step's stage.
#pragma once

#include <string>
#include <vector>

#include "merge/sort.h"

namespace ws::app {

struct NetworkFacts {
  // [s][w]: the key on wire w before stage s (s = stages: after the last); padding wires hold the
  // key type's largest value.
  std::vector<std::vector<double>> wires;
  std::vector<bool> stage_shared;  // per stage: ran in shared memory (else one global launch)
  std::vector<int> stage_step;     // per stage: the trace step that ran it (-1: none)
  std::vector<int> step_stage;     // per trace step: its stage, -1 for a load or a store
  int64_t comparators = 0;
};

NetworkFacts network_facts(const merge::SortTeachRun& run);

// The key type's largest value (the padding wires' key).
double network_padding_key(ValueType type);

// The stage step `step` shows: its own, or for a load the next stage and for a store the last
// one before it (-1: none).
int network_stage_near(const NetworkFacts& facts, int step);

// The thread's colour group in the figure: the thread itself for up to 8 threads a stage, else
// its block (the blocks are what the shared stages split the wires into).
int network_colour_group(const merge::SortTeachRun& run, int thread);

}  // namespace ws::app
