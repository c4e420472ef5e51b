// The counters against the numbers worked out by hand in PMPP 10.4: 256 elements reduced by one
// block of 128 threads. Divergent version: (4+4+4+4+4+4+2+1) warps = 27 * 32 = 864 lanes for 255
// operations (29.5%); convergent version: (4+2+1+1+1+1+1+1) = 12 * 32 = 384 lanes (66.4%).
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <ostream>
#include <string>
#include <tuple>
#include <vector>

#include "common/counters.h"
#include "reduce_test_support.h"

namespace ws::test {
namespace {

using reduce::Params;
using reduce::Variant;

// A teach run of `variant` over n seeded int32 values with blocks of `block` threads.
reduce::TeachRun run_of(Variant variant, int block, int64_t n = 256,
                        reduce::Finish finish = reduce::Finish::TwoPass, int coarsening = 16) {
  Params p;
  p.variant = variant;
  p.block_dim = block;
  p.finish = finish;
  p.coarsening = coarsening;
  return reduce::teach_cpu(p, generate_values(Distribution::Uniform, ValueType::Int32, n, 4));
}

struct PhaseTotals {
  int64_t lanes = 0, ops = 0, divergent = 0, bank_conflicts = 0, steps = 0;
};

PhaseTotals tree_totals(Variant v) {
  const auto run = run_of(v, 128);
  const Counters c = compute_counters(run.trace);
  PhaseTotals t;
  for (size_t s = 0; s < run.trace.steps.size(); ++s) {
    if (run.trace.steps[s].phase != "tree") continue;
    t.lanes += c.per_step[s].lanes_consumed;
    t.ops += c.per_step[s].ops;
    t.divergent += c.per_step[s].divergent_warps;
    t.bank_conflicts += c.per_step[s].bank_conflicts;
    ++t.steps;
  }
  return t;
}

TEST(CountersWorkedExamples, DivergentTreeConsumes864LanesFor255Operations) {
  const PhaseTotals t = tree_totals(Variant::InterleavedDivergent);
  EXPECT_EQ(t.steps, 8);
  EXPECT_EQ(t.ops, 255);
  EXPECT_EQ(t.lanes, 864);
  EXPECT_NEAR(static_cast<double>(t.ops) / t.lanes, 0.295, 0.001);
  // Every level after the first leaves some lanes idle in every warp it touches: 4*5 + 2 + 1.
  EXPECT_EQ(t.divergent, 23);
}

TEST(CountersWorkedExamples, ConvergentTreeConsumes384LanesFor255Operations) {
  const PhaseTotals t = tree_totals(Variant::Sequential);
  EXPECT_EQ(t.steps, 8);
  EXPECT_EQ(t.ops, 255);
  EXPECT_EQ(t.lanes, 384);
  EXPECT_NEAR(static_cast<double>(t.ops) / t.lanes, 0.664, 0.001);
  EXPECT_EQ(t.divergent, 5);  // only the levels with fewer than 32 active threads
  EXPECT_EQ(t.bank_conflicts, 0);
}

// PMPP 10.4 counts six iterations in which all four warps stay active (strides 1..32: thread 0
// of each warp is active while the stride is at most 32) but prints 736 = (4*5 + 2 + 1) * 32
// lanes, five such iterations. The trace says six: 6*128 + 64 + 32 = 864.
TEST(CountersWorkedExamples, DivergentTreeKeepsAllFourWarpsForSixLevelsNotFive) {
  const auto run = run_of(Variant::InterleavedDivergent, 128);
  const Counters c = compute_counters(run.trace);
  std::vector<int64_t> lanes, warps;
  for (size_t s = 0; s < run.trace.steps.size(); ++s)
    if (run.trace.steps[s].phase == "tree") {
      lanes.push_back(c.per_step[s].lanes_consumed);
      warps.push_back(c.per_step[s].active_warps);
    }
  EXPECT_EQ(lanes, (std::vector<int64_t>{128, 128, 128, 128, 128, 128, 64, 32}));
  EXPECT_EQ(warps, (std::vector<int64_t>{4, 4, 4, 4, 4, 4, 2, 1}));
  EXPECT_EQ(std::count(warps.begin(), warps.end(), 4), 6);
  EXPECT_NE(std::accumulate(lanes.begin(), lanes.end(), int64_t{0}), 736);  // the book's misprint
}

// The counters of one phase (the trace's step.phase), summed over its steps.
struct PhaseCounters {
  int64_t steps = 0, ops = 0, lanes = 0, active_threads = 0, active_warps = 0, divergent = 0;
  int64_t global_requests = 0, atomics = 0, barriers = 0;
  bool operator==(const PhaseCounters& o) const {
    return std::tie(steps, ops, lanes, active_threads, active_warps, divergent, global_requests,
                    atomics, barriers) == std::tie(o.steps, o.ops, o.lanes, o.active_threads,
                                                   o.active_warps, o.divergent, o.global_requests,
                                                   o.atomics, o.barriers);
  }
};

std::ostream& operator<<(std::ostream& os, const PhaseCounters& p) {
  return os << "{steps " << p.steps << ", ops " << p.ops << ", lanes " << p.lanes
            << ", active threads " << p.active_threads << ", active warps " << p.active_warps
            << ", divergent " << p.divergent << ", global requests " << p.global_requests
            << ", atomics " << p.atomics << ", barriers " << p.barriers << "}";
}

PhaseCounters phase_counters(const reduce::TeachRun& run, const std::string& phase) {
  const Counters c = compute_counters(run.trace);
  PhaseCounters p;
  for (size_t s = 0; s < run.trace.steps.size(); ++s) {
    if (run.trace.steps[s].phase != phase) continue;
    const StepCounters& k = c.per_step[s];
    ++p.steps;
    p.ops += k.ops;
    p.lanes += k.lanes_consumed;
    p.active_threads += k.active_threads;
    p.active_warps += k.active_warps;
    p.divergent += k.divergent_warps;
    p.global_requests += k.global_requests;
    p.atomics += k.atomics;
    p.barriers += k.barriers;
  }
  return p;
}

// PMPP 10.4's convergent kernel (256 values, one block of 128 threads, two-pass finish), every
// phase worked by hand. A step in which no thread applies the operator (load, store) still
// issues its instructions to every active warp: warp_size lanes per active warp.
TEST(CountersWorkedExamples, ConvergentReductionEveryPhase) {
  const auto run = run_of(Variant::Sequential, 128);
  ASSERT_EQ(run.trace.steps.size(), 10u);  // load, 8 tree levels, store
  // load: 128 threads copy in[t] and in[t + 128] to shared; no operator. 4 warps * 32 = 128
  // lanes; 2 warp-level loads per warp, each 32 x 4 bytes = 4 sectors: 2 * 4 * 4 = 32 requests;
  // one __syncthreads.
  EXPECT_EQ(phase_counters(run, "load"), (PhaseCounters{1, 0, 128, 128, 4, 0, 32, 0, 1}));
  // tree: strides 128, 64, 32, 16, 8, 4, 2, 1 -> 128 + 64 + 32 + 5 * 32 = 384 lanes (threads
  // 128 + 64 + ... + 1 = 255, one operation each); warps 4 + 2 + 1 * 6 = 12, of which the five
  // with fewer than 32 threads diverge; shared memory only; a barrier per level.
  EXPECT_EQ(phase_counters(run, "tree"), (PhaseCounters{8, 255, 384, 255, 12, 5, 0, 0, 8}));
  // finish (store result): thread 0 reads shared[0] and writes result[0]: one thread of one warp
  // (divergent), 32 lanes, one global sector, no barrier.
  EXPECT_EQ(phase_counters(run, "finish"), (PhaseCounters{1, 0, 32, 1, 1, 1, 1, 0, 0}));
  const Counters c = compute_counters(run.trace);
  EXPECT_EQ(c.lanes_consumed, 128 + 384 + 32);
  EXPECT_EQ(c.global_requests, 32 + 1);
  EXPECT_EQ(c.barriers, 1 + 8);
  EXPECT_NEAR(c.efficiency, 255.0 / 544, 1e-12);
}

// Variant 6 (warp shuffle), 256 values, blocks of 64 threads (2 blocks), last-block finish: the
// load, warp, and finish phases of two blocks and of the last block's second reduction.
TEST(CountersWorkedExamples, WarpShuffleLastBlockEveryPhase) {
  const auto run = run_of(Variant::WarpShuffle, 64, 256, reduce::Finish::LastBlock);
  ASSERT_EQ(run.trace.steps.front().grid_dim, 2);
  // load + first add: 128 threads read in[g], in[g + 64], add once, keep it in a register.
  // 4 warps * 32 = 128 lanes; 2 loads per warp of 4 sectors: 32 requests; no barrier.
  EXPECT_EQ(phase_counters(run, "load"), (PhaseCounters{1, 128, 128, 128, 4, 0, 32, 0, 0}));
  // warp: both blocks shuffle 16..1 with 128 threads (5 * 128 ops, 5 * 128 lanes); lane 0 of 4
  // warps writes its total to shared (4 threads, 4 divergent warps, 128 lanes, 1 barrier); the
  // first warp of each block loads the totals (64 threads, 64 lanes); it shuffles 16..1 (5 * 64
  // ops and lanes). Then the last block alone: 64 threads shuffle (5 * 64), lanes 0 and 32 write
  // totals (2 threads, 2 divergent warps, 64 lanes, 1 barrier), its first warp loads them (32)
  // and shuffles (5 * 32).
  //   steps   5 + 1 + 1 + 5 + 5 + 1 + 1 + 5 = 24
  //   ops     640 + 320 + 320 + 160 = 1440
  //   lanes   640 + 128 + 64 + 320 + 320 + 64 + 32 + 160 = 1728
  //   threads 640 + 4 + 64 + 320 + 320 + 2 + 32 + 160 = 1542
  //   warps   20 + 4 + 2 + 10 + 10 + 2 + 1 + 5 = 54
  EXPECT_EQ(phase_counters(run, "warp"), (PhaseCounters{24, 1440, 1728, 1542, 54, 6, 0, 0, 2}));
  // finish: thread 0 of each block stores its partial (2 threads in 2 warps, 64 lanes, 1 sector
  // each); each takes a ticket (2 atomics, 64 lanes, 1 barrier for the fence); the last block's
  // 64 threads gather the 2 partials (threads 0 and 1 add, one sector; 2 warps, 64 lanes);
  // thread 64 writes the result and resets the counter (32 lanes, 2 sectors).
  //   lanes 64 + 64 + 64 + 32 = 224, divergent 2 + 2 + 0 + 1 = 5, requests 2 + 0 + 1 + 2 = 5
  EXPECT_EQ(phase_counters(run, "finish"), (PhaseCounters{4, 2, 224, 69, 7, 5, 5, 2, 1}));
}

TEST(CountersWorkedExamples, StridedIndexConflictsGrowWithTheStride) {
  const auto run = run_of(Variant::InterleavedStrided, 128);
  const Counters c = compute_counters(run.trace);
  // step 1 = stride 1: 4 warps x 3 accesses (two reads, one write) at index 2t: 2-way conflicts.
  ASSERT_EQ(run.trace.steps[1].label, "stride 1");
  EXPECT_EQ(c.per_step[1].max_bank_ways, 2);
  EXPECT_EQ(c.per_step[1].bank_conflicts, 4 * 3 * 1);
  // stride 2: 64 threads (2 warps) at index 4t: 4-way.
  EXPECT_EQ(c.per_step[2].max_bank_ways, 4);
  EXPECT_EQ(c.per_step[2].bank_conflicts, 2 * 3 * 3);
  EXPECT_EQ(c.per_step[2].divergent_warps, 0);  // contiguous threads: no divergence
}

TEST(CountersWorkedExamples, CoalescedLoadTouchesFourSectorsPerWarpAccess) {
  const auto run = run_of(Variant::Sequential, 128);
  const Counters c = compute_counters(run.trace);
  ASSERT_EQ(run.trace.steps[0].label, "load");
  // 2 loads per thread, 4 warps, 32 lanes x 4 bytes = 128 bytes = 4 sectors each.
  EXPECT_EQ(c.per_step[0].global_requests, 2 * 4 * 4);
  EXPECT_EQ(c.per_step[0].barriers, 1);
}

TEST(CountersWorkedExamples, VectorLoadsCountAsOneWarpAccess) {
  const auto run = run_of(Variant::Coarsened, 32, 128, reduce::Finish::TwoPass, 4);
  const Counters c = compute_counters(run.trace);
  // One 16-byte load per lane: 32 x 16 bytes = 512 bytes = 16 sectors, one warp-level access.
  EXPECT_EQ(c.per_step[0].global_requests, 16);
}

TEST(CountersWorkedExamples, AtomicFinishCountsOneAtomicPerBlockOnOneAddress) {
  const auto run = run_of(Variant::Sequential, 32, 640, reduce::Finish::Atomic);
  const Counters c = compute_counters(run.trace);
  EXPECT_EQ(c.atomics, 10);
  EXPECT_EQ(c.max_atomics_per_address, 10);
}

}  // namespace
}  // namespace ws::test
