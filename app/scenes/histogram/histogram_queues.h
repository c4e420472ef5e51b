// What a teach trace says about contention: the atomics of one step grouped per counter copy, in
// the order they serialize (the queues the teach view draws), and per bin over the whole run the
// atomics and the longest chain (atomics on one copy of the counter from one warp instruction, the
// contention model's definition).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/trace.h"

namespace ws::app {

// Buffer 0 is the input; the others (global "hist", "private" copies, shared "shared hist" or
// "warp hist" per block) hold counters, `bins` per copy.
bool is_counter_buffer(const Trace& trace, int buffer);

struct CounterQueue {
  int buffer = 0;
  int copy = 0;  // which copy of the histogram in that buffer (a block's, a warp's; 0 for hist)
  int bin = 0;
  std::vector<int32_t> threads;  // in the order they serialize
  std::vector<double> amounts;   // what each added (1, or a run's / a group's length); for
                                 // plain writes the value written
  bool plain = false;            // the injected race: plain reads of the counter, not atomics
  bool writes = false;           // plain: the write-back step (each stores its read value +
                                 // amount; the last store wins)
};

// A counter copy's name as the figures and captions show it: "hist", "private b1", "shared b0",
// "warp b0 w1" (in the current language).
std::string counter_copy_name(const Trace& trace, int buffer, int copy, int bins);

// The copy an event's address belongs to (shared buffers: block-major, as the snapshots are).
int counter_copy(const Trace& trace, const TraceStep& step, const TraceEvent& e, int bins);

// The step's queues, longest first (ties: by buffer, copy, bin). With the injected race the plain
// reads of one counter in one step form the queue (they all read the same old value), and in the
// next step their plain writes of it (each stores what it read + its amount: the updates of all
// but the last store are lost). A counter a thread reads and writes in one step (the sequential
// loop's increment) is no race and forms no queue.
std::vector<CounterQueue> step_queues(const Trace& trace, int step, int bins);

struct TraceContention {
  std::vector<int64_t> atomics;     // per bin
  std::vector<int32_t> chain;       // per bin
  std::vector<int32_t> step_chain;  // per step: the longest chain in it
  int64_t total_atomics = 0;
  int32_t longest_chain = 0;
  int hottest_bin = -1;  // the most atomics waiting (sum of chain - 1), -1 for none
};
TraceContention trace_contention(const Trace& trace, int bins);

}  // namespace ws::app
