// The counters of the teach traces at ghost cells of zero: a lane at a ghost cell sits out that
// tap's reads (a Skip), so every warp-level read of the filter is one weight, broadcast to the
// lanes that read it (PMPP 7.3), and the global sectors count whole tap instructions.
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "common/counters.h"
#include "conv_test_support.h"

namespace ws::conv {
namespace {

using test::random_filter;
using test::random_plane;

TeachRun run_of(Variant v, const Plane& in, const Filter& f, int tile) {
  TeachParams p;
  p.variant = v;
  p.boundary = Boundary::Zero;
  p.tile = tile;
  return teach(p, in, f, Backend::Cpu);
}

// The book's 1D example (PMPP 7.2): N = 8 2 5 4 1 7 3, F = 1 3 5 3 1 (radius 2).
const Plane kBookInput{7, 1, {8, 2, 5, 4, 1, 7, 3}};
const Filter kBookFilter{5, 1, {1, 3, 5, 3, 1}};

// Distinct (step, warp, weight) read from F: with the reads grouped right, each one is one
// warp-level instruction (every lane walks the weights in the same order).
int64_t distinct_weight_reads(const Trace& t) {
  std::set<std::tuple<size_t, int64_t, int32_t>> reads;
  for (size_t s = 0; s < t.steps.size(); ++s) {
    const int bt = t.steps[s].block_dim;
    const int64_t warps_per_block = (bt + t.warp_size - 1) / t.warp_size;
    for (const TraceEvent& e : t.steps[s].events)
      if (e.buffer == 1 && e.kind == EventKind::Read)
        reads.insert({s, e.thread / bt * warps_per_block + e.thread % bt / t.warp_size, e.address});
  }
  return int64_t(reads.size());
}

TEST(ConvTeachCounters, BookExampleBroadcastsEveryWeightUnderZeroGhosts) {
  // Tile 8: one block of 8 threads (one warp) for variants 2 and 4; the 7 outputs read all 5
  // weights in their one compute step: 5 warp reads. Variant 3's output tile is 8 - 2r = 4: two
  // blocks, one warp each: 10. Variant 5 (2 outputs per thread) reads each weight once per row
  // per thread, one block: 5. Lanes at the edges skip some taps; they read no other weight.
  const std::pair<Variant, int64_t> expected[] = {{Variant::ConstantMemory, 5},
                                                  {Variant::TiledInput, 10},
                                                  {Variant::TiledOutput, 5},
                                                  {Variant::Fast, 5}};
  for (const auto& [v, reads] : expected) {
    const Counters c = compute_counters(run_of(v, kBookInput, kBookFilter, 8).trace);
    EXPECT_EQ(c.constant_reads, reads) << info(v).id;
    EXPECT_EQ(c.constant_serialization, 0) << info(v).id;
  }
}

TEST(ConvTeachCounters, BookExampleBasicSectorsPerStepByHand) {
  // One warp of 7 working lanes. Per tap i every lane in bounds reads N[x - 2 + i] and then
  // F[i]: 10 warp-level loads (5 of N, 5 of F). N is 7 floats = 28 bytes and F 5 floats = 20
  // bytes, each inside one aligned 32-byte sector, so each load is one sector: 10 in the compute
  // step. The store writes P[0..6], 28 bytes: 1 sector.
  const TeachRun run = run_of(Variant::Basic, kBookInput, kBookFilter, 8);
  const Counters c = compute_counters(run.trace);
  ASSERT_EQ(c.per_step.size(), 2u);
  EXPECT_EQ(c.per_step[0].global_requests, 10);
  EXPECT_EQ(c.per_step[1].global_requests, 1);
  // Lanes 0, 1, 5, 6 sit out 2, 1, 1, 2 taps: 7 * 5 - 6 = 29 reads of N and of F each.
  int64_t reads = 0, skips = 0;
  for (const TraceEvent& e : run.trace.steps[0].events) {
    reads += e.kind == EventKind::Read;
    skips += e.kind == EventKind::Skip;
  }
  EXPECT_EQ(reads, 2 * 29);
  EXPECT_EQ(skips, 2 * 6);
}

TEST(ConvTeachCounters, NoWarpSerializesTheFilterIn2D) {
  // 12 x 10 with a 5 x 5 filter and 8 x 8 blocks: warps of 4 image rows, many at the edges.
  const Plane in = random_plane(12, 10, 3);
  const Filter f = random_filter(2, 2, 4);
  for (Variant v : test::all_variants()) {
    if (v == Variant::Basic) continue;  // its filter is in global memory
    const TeachRun run = run_of(v, in, f, 8);
    const Counters c = compute_counters(run.trace);
    for (size_t s = 0; s < c.per_step.size(); ++s)
      EXPECT_EQ(c.per_step[s].constant_serialization, 0) << info(v).id << " step " << s;
    EXPECT_EQ(c.constant_reads, distinct_weight_reads(run.trace)) << info(v).id;
  }
}

TEST(ConvTeachCounters, EveryGlobalWeightReadIsOneSectorIn2D) {
  // Variants 1 and 2 run the same schedule; only F's memory differs. Every warp read of a weight
  // is one address, one sector: the basic kernel's extra global sectors are exactly the constant
  // kernel's constant reads (the 25 weights span 4 sectors, so mixed taps would cost more).
  const Plane in = random_plane(12, 10, 5);
  const Filter f = random_filter(2, 2, 6);
  const Counters basic = compute_counters(run_of(Variant::Basic, in, f, 8).trace);
  const Counters constant = compute_counters(run_of(Variant::ConstantMemory, in, f, 8).trace);
  EXPECT_GT(constant.constant_reads, 0);
  EXPECT_EQ(basic.global_requests - constant.global_requests, constant.constant_reads);
}

}  // namespace
}  // namespace ws::conv
