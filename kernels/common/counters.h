// The teaching counters of PMPP, computed from a Trace in one place for every scene.
#pragma once

#include <cstdint>
#include <vector>

#include "trace.h"

namespace ws {

struct StepCounters {
  int64_t ops = 0;              // operator applications performed in the step
  int64_t active_threads = 0;   // threads with at least one event
  int64_t active_warps = 0;     // warps with at least one active lane
  int64_t lanes_consumed = 0;   // warp_size per operator issue of each active warp (at least one)
  int64_t divergent_warps = 0;  // warps with some, but not all, of their lanes active
  int64_t global_requests = 0;  // distinct 32-byte sectors per warp-level global access, summed
  // Distinct 128-byte lines per warp-level global access, summed: the "memory requests" the
  // lecture chapter and PMPP's first edition count (a warp's access that spans 2 lines: 2).
  int64_t global_lines = 0;
  int64_t bank_conflicts = 0;  // extra shared-memory passes: (ways - 1) per warp access, summed
  int64_t max_bank_ways = 0;   // worst warp access of the step (1 = conflict free)
  int64_t atomics = 0;
  int64_t barriers = 0;
  // The longest serialization of the step: the most Atomic events one warp-level atomic
  // instruction (the n-th atomic on a buffer of each lane of a warp) puts on one address of one
  // buffer copy (shared buffers: of one block). 32 lanes incrementing one counter: 32.
  int64_t max_atomic_chain = 0;
  // Bank conflicts of the step's shared-memory atomics, as bank_conflicts counts them for reads
  // and writes: (ways - 1) per warp-level atomic instruction, where ways is the most distinct
  // words it touches in one bank (lanes on the same word are its chain, not a conflict).
  int64_t atomic_bank_conflicts = 0;
  // Constant memory serves a warp one address per cycle: constant_reads counts warp-level reads
  // of constant buffers, constant_serialization the extra cycles, (distinct addresses - 1) per
  // read (all lanes on one weight: a broadcast, 0).
  int64_t constant_reads = 0;
  int64_t constant_serialization = 0;
};

struct Counters {
  int64_t steps = 0;
  int64_t ops = 0;         // performed, all steps
  int64_t useful_ops = 0;  // the sequential algorithm's count (Trace::serial_ops)
  int64_t lanes_consumed = 0;
  double efficiency = 0;       // useful_ops / lanes_consumed (execution-resource efficiency)
  double work_efficiency = 0;  // useful_ops / ops
  int64_t divergent_warps = 0;
  int64_t global_requests = 0;
  int64_t global_lines = 0;  // StepCounters::global_lines, all steps
  int64_t bank_conflicts = 0;
  int64_t max_bank_ways = 0;
  int64_t atomics = 0;
  int64_t max_atomics_per_address = 0;  // contention on the hottest address
  int64_t barriers = 0;
  int64_t longest_atomic_chain = 0;    // max of StepCounters::max_atomic_chain over the steps
  int64_t atomic_bank_conflicts = 0;   // StepCounters::atomic_bank_conflicts, all steps
  int64_t constant_reads = 0;          // StepCounters::constant_reads, all steps
  int64_t constant_serialization = 0;  // StepCounters::constant_serialization, all steps
  std::vector<StepCounters> per_step;
};

Counters compute_counters(const Trace& trace);

// Contention on one element of a buffer, over all its copies (the blocks of a shared buffer) and
// all steps: the views draw it per counter (the histogram's heatmap).
struct AddressContention {
  int64_t atomics = 0;        // Atomic events on the element
  int64_t longest_chain = 0;  // most from one warp-level atomic instruction on one copy of it
  int64_t waits = 0;          // passes spent waiting: (chain - 1) summed over those instructions
  int64_t longest_queue = 0;  // most on one copy of it in one step (every warp of the step)
};
// One entry per element of trace.buffers[buffer] (size of one copy). Throws ws::Error for a buffer
// index the trace does not have.
std::vector<AddressContention> atomic_contention(const Trace& trace, int buffer);

}  // namespace ws
