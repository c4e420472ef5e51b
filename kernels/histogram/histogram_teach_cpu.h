// The CPU twins of the traced histogram kernels (histogram_teach.cu) and what they share with the
// CUDA launch: the step layout of a teach run and the small trace model the twins write into. A
// twin runs its kernel's schedule round by round (every thread of the launch in one round, in
// thread order) and calls read / write / atomic / update exactly where the CUDA kernel calls its
// recorder, so both backends emit the same trace (the format: histogram_teach_cpu.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/trace.h"
#include "../common/trace_model.h"
#include "histogram.h"

namespace ws::histogram {

// Buffer indices every teach trace has; the variant's own copies come third.
inline constexpr int kInBuffer = 0;
inline constexpr int kHistBuffer = 1;
inline constexpr int kCopyBuffer = 2;        // "private" (3), "shared hist" (4-7), "warp hist" (8)
inline constexpr int kSequentialGroup = 32;  // variant 1: samples per step

// Which steps a run has, in order: [init] count rounds [flush] [merge rounds]. With the injected
// race every counter update takes two steps ("read counter", then "write counter"), so a round is
// `parts` steps.
struct TeachLayout {
  Variant variant = Variant::GlobalAtomic;
  int64_t n = 0;
  int block_dim = 32, grid_dim = 1;
  int coarsening = 1;        // 5: the samples per thread, at least ceil(n / p)
  int threads = 32;          // p = block_dim * grid_dim (1 for variant 1)
  int rounds = 1;            // count-phase rounds (variant 1: groups of kSequentialGroup samples)
  int parts = 1;             // steps per round: 2 with the injected race (variants 2-8)
  bool init = false;         // 4-8: a step zeroing the shared copies
  bool flush = false;        // 7: the final flush of each thread's run
  int merge_rounds = 0;      // 3-8: ceil(bins / block_dim)
  int copies_per_block = 0;  // 8: warp sub-histograms per block
  int first_count = 0, first_flush = 0, first_merge = 0, steps = 0;

  int count_step(int round, int part) const { return first_count + round * parts + part; }
  int flush_step(int part) const { return first_flush + part; }
  int merge_step(int round, int part) const { return first_merge + round * parts + part; }
};
TeachLayout teach_layout(const TeachParams& params, int64_t n, int bins);

// The sample thread t takes in round r of the count phase, or -1 (variants 2-8).
int64_t sample_of(const TeachLayout& l, int thread, int round);

// Throws ws::Error for a request teach() cannot run, naming what is accepted.
void check_teach_request(const TeachParams& params, const Samples& samples, const BinSpec& bins);

// The trace being built: buffers with their current contents (counts are exact in a double),
// steps made up front, events appended to the current step. Atomics and writes land at once;
// update() with the race reads now and keeps the write for write_pending() in the next step.
class TeachModel : public TraceModel {
 public:
  TeachModel(TeachRun& run, const TeachLayout& layout);

  // Every histogram buffer holds int32 values (the counters; the samples are shown as values).
  int add_buffer(const std::string& name, MemSpace space, int size, int blocks,
                 const std::vector<double>& initial, int elem_bytes = 0);
  // atomicAdd on a 32-bit counter: wraps modulo 2^32 as the GPU's does.
  void atomic(int thread, int buffer, int address, double operand);
  // The counter update of every variant: atomicAdd(counter, amount), or with the injected race a
  // plain read whose write (the read value + amount) write_pending() stores in the next step.
  void update(int thread, int buffer, int address, double amount);
  void write_pending();
  // Ends round `round` of a phase whose first part is at the current step: with the race, the
  // step of the pending writes.
  void end_round(int write_step);

  void finish();  // sorts the events into the steps, sets the run's counts

 private:
  struct Pending {
    int thread, buffer, address;
    double value;
  };
  TeachRun& run_;
  TeachLayout layout_;
  std::vector<Pending> pending_;
};

// A TeachRun with params, bins, input and expected filled in, the trace's type and serial count
// set, and its steps made from the layout (labels, phases, code markers, launch shapes).
TeachRun start_run(const TeachParams& params, const Samples& samples, const BinSpec& bins,
                   const TeachLayout& layout);
// Buffers 0 "in" and 1 "hist" (zeros).
void add_in_and_hist(TeachModel& m, const TeachRun& run, SampleType type);
// 4-8: the init step: thread j of each block zeroes elements j, j + block_dim, ... of the
// block's shared buffer `copy` (size elements per block).
void zero_shared_copy(TeachModel& m, const TeachLayout& l, int copy, int size);
// 3-8: the merge rounds: thread j of block b takes bins j + k * block_dim; `count_of` gives the
// block's count of a bin, reading it from the copies (recording the reads).
template <class CountOf>
void merge_into_hist(TeachModel& m, const TeachLayout& l, int bins, CountOf count_of) {
  for (int k = 0; k < l.merge_rounds; ++k) {
    m.at(l.merge_step(k, 0));
    for (int t = 0; t < l.threads; ++t) {
      const int block = t / l.block_dim, bin = t % l.block_dim + k * l.block_dim;
      if (bin >= bins) continue;
      const double c = count_of(t, block, bin);
      if (c != 0) m.update(t, kHistBuffer, bin, c);
    }
    m.end_round(l.merge_step(k, 1));
  }
}

// The twins, one per family file (histogram_teach_<family>_cpu.cpp), and the CUDA teach run
// (histogram_teach.cu; histogram_teach_none.cpp in CPU-only builds).
TeachRun teach_cpu_sequential(const TeachParams& p, const Samples& s, const BinSpec& b);
TeachRun teach_cpu_global(const TeachParams& p, const Samples& s, const BinSpec& b);      // 2, 3
TeachRun teach_cpu_shared(const TeachParams& p, const Samples& s, const BinSpec& b);      // 4-6
TeachRun teach_cpu_aggregated(const TeachParams& p, const Samples& s, const BinSpec& b);  // 7
TeachRun teach_cpu_warp(const TeachParams& p, const Samples& s, const BinSpec& b);        // 8
TeachRun teach_cpu(const TeachParams& p, const Samples& s, const BinSpec& b);
TeachRun teach_cuda(const TeachParams& p, const Samples& s, const BinSpec& b);

}  // namespace ws::histogram
