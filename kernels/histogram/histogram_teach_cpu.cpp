// Teach mode for the histograms: the dispatch (CPU twin or CUDA kernels), the checks of a
// request, the step layout and the trace model the CPU twins share.
//
// The trace format (both backends emit exactly the same one, event for event):
// - Buffers: 0 "in" (global, n samples, elem_bytes 1 for u8 and 4 for f32), 1 "hist" (global,
//   `bins` Int32 counters, zero at first), then the variant's own copies:
//     3    "private"      global, grid_dim copies of `bins` counters (copy b at b * bins), zeroed
//                         by the host like "hist"
//     4-7  "shared hist"  shared, `bins` counters per block, unwritten until the init step
//     8    "warp hist"    shared, block_dim / 32 copies of `bins` counters per block (warp w's
//                         copy at w * bins), unwritten until the init step
// - Steps, each with a phase the views group by, and the launch shape (variant 1: 1 x 1):
//     "init"   4-8: "zero the shared copy": thread j writes 0 to elements j, j + block_dim, ...
//     "count"  1: "samples a-b", kSequentialGroup samples per step: read the sample, read its
//              counter, write it + 1 (a plain increment: one thread, no atomics).
//              2-8: "round r": thread t reads the sample the variant's mapping gives it
//              (sample_of) and updates a counter: an Atomic event whose value is the operand
//              (1; 7: the length of the run it flushes; 8: the size of the lane group).
//              7 ends with "flush the last run".
//     "merge"  3-8: "merge round k": thread j of block b reads its block's count of bin
//              j + k * block_dim (8: every warp copy's) and, when it is not 0, adds it to "hist"
//              with one Atomic (operand = the count).
//   With inject_race every update becomes two steps, "<round>: read counter" (the sample read,
//   and a Read of the counter) and "<round>: write counter" (a Write of the read value + the
//   amount). Threads that read one counter in the same step each write what they read plus their
//   own amount, so only the last write stays: the lost updates of PMPP Fig. 9.4/9.5 are two or
//   more Writes to one counter in one step (of one value when the amounts are equal). The writes
//   land in thread order (the CUDA kernel makes them one thread at a time: which of two racing
//   stores wins is otherwise undefined), so replay_snapshots gives the run's counts.
//   TraceStep::code_marker is a marker comment in histogram_teach.cu.
// - Threads: blockIdx.x * blockDim.x + threadIdx.x. A thread's events in a step follow its program
//   order. Samples outside [lo, hi) are read but update nothing.
// - Trace::type Int32 (the counts), elem_bytes 4; serial_ops = n (the sequential loop's
//   increments, one per sample).
#include "histogram_teach_cpu.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "../common/error.h"

namespace ws::histogram {

namespace {

constexpr int kMaxTeachBlock = 256;
constexpr int kMaxTeachGrid = 64;
constexpr int kMaxTeachCoarsening = 64;

bool uses_coarsening(Variant v) {
  return v == Variant::CoarseContiguous || v == Variant::CoarseInterleaved ||
         v == Variant::Aggregated || v == Variant::WarpAggregated;
}

std::string round_label(const std::string& what, int part, int parts) {
  if (parts == 1) return what;
  return what + (part == 0 ? ": read counter" : ": write counter");
}

// The step's marker: the variant's update line, or with the race the racy read and write of the
// counter-update helper.
std::string update_marker(const std::string& marker, int part, int parts) {
  if (parts == 1) return marker;
  return part == 0 ? "@hist-race-read" : "@hist-race-write";
}

}  // namespace

void check_teach_request(const TeachParams& params, const Samples& samples, const BinSpec& bins) {
  const int v = int(params.variant);
  if (v < 1 || v > 8)
    throw Error("unknown histogram variant " + std::to_string(v) + "; the variants are 1..8");
  if (params.block_dim < 32 || params.block_dim > kMaxTeachBlock || params.block_dim % 32 != 0)
    throw Error("teach mode's block size must be a multiple of 32 from 32 to " +
                std::to_string(kMaxTeachBlock) + ", not " + std::to_string(params.block_dim));
  if (params.grid_dim < 1 || params.grid_dim > kMaxTeachGrid)
    throw Error("teach mode's grid must have 1.." + std::to_string(kMaxTeachGrid) +
                " blocks, not " + std::to_string(params.grid_dim));
  if (uses_coarsening(params.variant) &&
      (params.coarsening < 1 || params.coarsening > kMaxTeachCoarsening))
    throw Error("the coarsening (samples per thread) must be 1.." +
                std::to_string(kMaxTeachCoarsening) + ", not " + std::to_string(params.coarsening));
  if (samples.size() > kTeachMaxSamples)
    throw Error("teach mode takes up to " + std::to_string(kTeachMaxSamples) + " samples, not " +
                std::to_string(samples.size()) + "; fast mode runs larger inputs");
  if (samples.type != SampleType::U8 && samples.type != SampleType::F32)
    throw Error("unknown sample type " + std::to_string(int(samples.type)));
  if (bins.count < 1 || bins.count > kTeachMaxBins)
    throw Error("teach mode takes 1.." + std::to_string(kTeachMaxBins) + " bins, not " +
                std::to_string(bins.count) + "; fast mode takes up to " + std::to_string(kMaxBins));
  validate(bins);
}

TeachRun teach(const TeachParams& params, const Samples& samples, const BinSpec& bins,
               Backend backend) {
  check_teach_request(params, samples, bins);
  if (backend == Backend::Cuda) return teach_cuda(params, samples, bins);
  return teach_cpu(params, samples, bins);
}

TeachRun teach_cpu(const TeachParams& p, const Samples& s, const BinSpec& b) {
  check_teach_request(p, s, b);
  switch (p.variant) {
    case Variant::Sequential:
      return teach_cpu_sequential(p, s, b);
    case Variant::GlobalAtomic:
    case Variant::PrivateGlobal:
      return teach_cpu_global(p, s, b);
    case Variant::PrivateShared:
    case Variant::CoarseContiguous:
    case Variant::CoarseInterleaved:
      return teach_cpu_shared(p, s, b);
    case Variant::Aggregated:
      return teach_cpu_aggregated(p, s, b);
    case Variant::WarpAggregated:
      return teach_cpu_warp(p, s, b);
  }
  throw Error("no teach twin for this variant");  // check_teach_request rejected it already
}

// ---------------------------------------------------------------------------------------------
// The layout.

int64_t sample_of(const TeachLayout& l, int thread, int round) {
  int64_t i = -1;
  if (l.variant == Variant::CoarseContiguous) {
    // Thread t takes C contiguous samples t C .. t C + C - 1 (C: at least n / p, see teach_layout).
    i = round < l.coarsening ? int64_t(thread) * l.coarsening + round : l.n;
  } else {
    i = int64_t(round) * l.threads + thread;  // interleaved: t, t + p, t + 2p, ...
  }
  return i < l.n ? i : -1;
}

TeachLayout teach_layout(const TeachParams& params, int64_t n, int bins) {
  TeachLayout l;
  l.variant = params.variant;
  l.n = n;
  l.coarsening = std::max(1, params.coarsening);
  const bool seq = params.variant == Variant::Sequential;
  l.block_dim = seq ? 1 : params.block_dim;
  l.grid_dim = seq ? 1 : params.grid_dim;
  l.threads = l.block_dim * l.grid_dim;
  l.parts = params.inject_race && !seq ? 2 : 1;
  if (seq) {
    l.rounds = int((n + kSequentialGroup - 1) / kSequentialGroup);
  } else if (params.variant == Variant::CoarseContiguous) {
    // Contiguous runs of C cover only p C samples: a grid too small for n takes longer runs,
    // C = ceil(n / p) (resolve_launch, as the contention model does). Thread 0 has the most.
    l.coarsening = resolve_launch(params.variant, n,
                                  LaunchShape{params.block_dim, params.grid_dim, params.coarsening})
                       .coarsening;
    l.rounds = int(std::min<int64_t>(l.coarsening, n));
  } else {
    l.rounds = int((n + l.threads - 1) / l.threads);
  }
  l.rounds = std::max(l.rounds, 1);  // an empty input still has one (empty) round
  l.init = int(params.variant) >= int(Variant::PrivateShared);
  l.flush = params.variant == Variant::Aggregated;
  l.merge_rounds = int(params.variant) >= int(Variant::PrivateGlobal)
                       ? (bins + l.block_dim - 1) / l.block_dim
                       : 0;
  l.copies_per_block = params.variant == Variant::WarpAggregated ? l.block_dim / 32 : 1;
  int step = 0;
  if (l.init) ++step;
  l.first_count = step;
  step += l.rounds * l.parts;
  l.first_flush = step;
  if (l.flush) step += l.parts;
  l.first_merge = step;
  step += l.merge_rounds * l.parts;
  l.steps = step;
  return l;
}

// ---------------------------------------------------------------------------------------------
// The run and the model.

TeachRun start_run(const TeachParams& params, const Samples& samples, const BinSpec& bins,
                   const TeachLayout& l) {
  TeachRun run;
  run.params = params;
  run.bins = bins;
  run.input.resize(size_t(samples.size()));
  for (int64_t i = 0; i < samples.size(); ++i) run.input[size_t(i)] = samples.at(i);
  run.expected = histogram_reference(samples, bins);
  Trace& t = run.trace;
  t.op = BinaryOp::Sum;
  t.op_label = "+";
  t.type = ValueType::Int32;
  t.elem_bytes = 4;
  t.serial_ops = samples.size();

  auto add = [&](const std::string& label, const std::string& phase, const std::string& marker,
                 int barriers) {
    TraceStep s;
    s.label = label;
    s.phase = phase;
    s.code_marker = marker;
    s.grid_dim = l.grid_dim;
    s.block_dim = l.block_dim;
    s.barriers = barriers;
    t.steps.push_back(std::move(s));
  };
  if (l.init)
    add(l.variant == Variant::WarpAggregated ? "zero the warp copies" : "zero the shared copy",
        "init", "@hist-init", 1);
  const bool merges = l.merge_rounds > 0;
  for (int r = 0; r < l.rounds; ++r) {
    std::string what;
    if (l.variant == Variant::Sequential) {
      const int64_t a = int64_t(r) * kSequentialGroup;
      const int64_t b = std::min<int64_t>(l.n, a + kSequentialGroup) - 1;
      what = l.n == 0 ? "no samples"
                      : "samples " + std::to_string(a) + "-" + std::to_string(b) + " (" +
                            std::to_string(kSequentialGroup) + " per step)";
    } else {
      what = "round " + std::to_string(r);
    }
    for (int part = 0; part < l.parts; ++part) {
      // The block barrier before the merge ends the count phase (3: a grid-wide one).
      const bool last = r == l.rounds - 1 && part == l.parts - 1 && !l.flush;
      add(round_label(what, part, l.parts), "count",
          update_marker(l.variant == Variant::Sequential ? "@hist-seq" : "@hist-count", part,
                        l.parts),
          last && merges ? 1 : 0);
    }
  }
  if (l.flush)
    for (int part = 0; part < l.parts; ++part)
      add(round_label("flush the last run", part, l.parts), "count",
          update_marker("@hist-flush", part, l.parts), part == l.parts - 1 ? 1 : 0);
  for (int k = 0; k < l.merge_rounds; ++k) {
    const int first = k * l.block_dim;
    const int last = std::min(bins.count, first + l.block_dim) - 1;
    const std::string what = "merge round " + std::to_string(k) + " (bins " +
                             std::to_string(first) + "-" + std::to_string(last) + ")";
    for (int part = 0; part < l.parts; ++part)
      add(round_label(what, part, l.parts), "merge", update_marker("@hist-merge", part, l.parts),
          0);
  }
  return run;
}

void add_in_and_hist(TeachModel& m, const TeachRun& run, SampleType type) {
  m.add_buffer("in", MemSpace::Global, int(run.input.size()), 1, run.input,
               type == SampleType::U8 ? 1 : 4);
  m.add_buffer("hist", MemSpace::Global, run.bins.count, 1,
               std::vector<double>(size_t(run.bins.count), 0.0));
}

void zero_shared_copy(TeachModel& m, const TeachLayout& l, int copy, int size) {
  m.at(0);
  for (int t = 0; t < l.threads; ++t)
    for (int e = t % l.block_dim; e < size; e += l.block_dim) m.write(t, copy, e, 0);
}

TeachModel::TeachModel(TeachRun& run, const TeachLayout& layout)
    : TraceModel(run.trace), run_(run), layout_(layout) {}

int TeachModel::add_buffer(const std::string& name, MemSpace space, int size, int blocks,
                           const std::vector<double>& initial, int elem_bytes) {
  const int b = TraceModel::add_buffer(name, space, size, blocks, initial, elem_bytes);
  trace_.buffers[size_t(b)].type = ValueType::Int32;
  return b;
}

void TeachModel::atomic(int thread, int buffer, int address, double operand) {
  double& v = cell(thread, buffer, address);
  v = double(uint32_t(uint32_t(v) + uint32_t(operand)));
  emit(EventKind::Atomic, thread, buffer, address, operand);
}

void TeachModel::update(int thread, int buffer, int address, double amount) {
  if (layout_.parts == 1) {
    atomic(thread, buffer, address, amount);
    return;
  }
  const double old = read(thread, buffer, address);
  pending_.push_back({thread, buffer, address, double(uint32_t(uint32_t(old) + uint32_t(amount)))});
}

void TeachModel::write_pending() {
  for (const Pending& p : pending_) write(p.thread, p.buffer, p.address, p.value);
  pending_.clear();
}

void TeachModel::end_round(int write_step) {
  if (layout_.parts == 1) return;
  at(write_step);
  write_pending();
}

void TeachModel::finish() {
  WS_REQUIRE(pending_.empty(), "the model ended with counter writes pending");
  TraceModel::finish();
  const std::vector<double>& hist = state(kHistBuffer);
  run_.counts.assign(hist.size(), 0);
  for (size_t i = 0; i < hist.size(); ++i) run_.counts[i] = uint32_t(hist[i]);
}

}  // namespace ws::histogram
