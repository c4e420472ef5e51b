// The counters against the numbers worked out by hand in PMPP 10.4: 256 elements reduced by one
// block of 128 threads. Divergent version: (4+4+4+4+4+4+2+1) warps = 27 * 32 = 864 lanes for 255
// operations (29.5%); convergent version: (4+2+1+1+1+1+1+1) = 12 * 32 = 384 lanes (66.4%).
#include <gtest/gtest.h>

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
