// Teach traces: the layout the views rely on, which threads load and which idle, every output
// written once, constant-memory broadcast, and bad requests rejected with their messages.
#include <gtest/gtest.h>

#include <map>
#include <set>

#include "common/counters.h"
#include "common/error.h"
#include "conv_test_support.h"

namespace ws::conv {
namespace {

using test::random_filter;
using test::random_plane;

TeachRun run_of(Variant v, const Plane& in, const Filter& f, Boundary b, int tile) {
  TeachParams p;
  p.variant = v;
  p.boundary = b;
  p.tile = tile;
  return teach(p, in, f, Backend::Cpu);
}

std::set<int32_t> threads_in(const TraceStep& s) {
  std::set<int32_t> t;
  for (const TraceEvent& e : s.events) t.insert(e.thread);
  return t;
}

TEST(ConvTeachTrace, StepsAreLoadThenOneComputeStepPerFilterRowThenStore) {
  const Plane in = random_plane(12, 10, 1);
  for (Variant v : test::all_variants()) {
    const TeachRun run = run_of(v, in, random_filter(2, 2, 2), Boundary::Zero, 8);
    const bool tiled = is_tiled(v);
    ASSERT_EQ(run.trace.steps.size(), size_t(5 + 1 + (tiled ? 1 : 0))) << info(v).id;
    size_t s = 0;
    if (tiled) {
      EXPECT_EQ(run.trace.steps[s].phase, "load");
      EXPECT_EQ(run.trace.steps[s++].barriers, 1);
    }
    for (int j = 0; j < 5; ++j) EXPECT_EQ(run.trace.steps[s++].phase, "compute");
    EXPECT_EQ(run.trace.steps[s].phase, "store");
    ASSERT_GE(run.trace.buffers.size(), tiled ? 4u : 3u);
    EXPECT_EQ(run.trace.buffers[0].name, "N");
    EXPECT_EQ(run.trace.buffers[1].space,
              v == Variant::Basic ? MemSpace::Global : MemSpace::Constant);
    EXPECT_EQ(run.trace.buffers[2].name, "P");
    if (tiled) {
      EXPECT_EQ(run.trace.buffers[3].space, MemSpace::Shared);
    }
  }
}

TEST(ConvTeachTrace, EveryOutputIsWrittenOnceByOneThreadInTheStoreStep) {
  const Plane in = random_plane(13, 11, 4);
  for (Variant v : test::all_variants()) {
    const TeachRun run = run_of(v, in, random_filter(1, 2, 5), Boundary::Mirror, 8);
    std::map<int32_t, int> writes;
    for (const TraceEvent& e : run.trace.steps.back().events)
      if (e.kind == EventKind::Write && e.buffer == 2) ++writes[e.address];
    ASSERT_EQ(writes.size(), size_t(in.size())) << info(v).id;
    for (const auto& [address, count] : writes) EXPECT_EQ(count, 1) << address;
    for (size_t s = 0; s + 1 < run.trace.steps.size(); ++s)
      for (const TraceEvent& e : run.trace.steps[s].events)
        EXPECT_FALSE(e.kind == EventKind::Write && e.buffer == 2) << "P written before store";
  }
}

TEST(ConvTeachTrace, TiledInputHaloThreadsLoadAndThenIdle) {
  // 16 x 16 input, radius 2, tile 8: output tiles of 4 x 4, a 4 x 4 grid of 64-thread blocks.
  const Plane in = random_plane(16, 16, 6);
  const TeachRun run = run_of(Variant::TiledInput, in, random_filter(2, 2, 7), Boundary::Zero, 8);
  EXPECT_EQ(run.geometry.grid_x, 4);
  EXPECT_EQ(run.geometry.out_tile_x, 4);
  const std::set<int32_t> loaders = threads_in(run.trace.steps[0]);
  EXPECT_EQ(loaders.size(), size_t(16 * 64));  // every thread of every block loads
  for (size_t s = 1; s + 1 < run.trace.steps.size(); ++s) {
    const std::set<int32_t> computing = threads_in(run.trace.steps[s]);
    EXPECT_EQ(computing.size(), size_t(16 * 16));  // one per output
    for (int32_t t : computing) {
      const int tx = t % 64 % 8, ty = t % 64 / 8;
      EXPECT_TRUE(tx >= 2 && tx < 6 && ty >= 2 && ty < 6) << "halo thread " << t << " computed";
    }
  }
  // Ghost cells under Zero are written as 0 into N_s without a read of N.
  int64_t reads = 0, writes = 0;
  for (const TraceEvent& e : run.trace.steps[0].events) {
    reads += e.kind == EventKind::Read;
    writes += e.kind == EventKind::Write;
  }
  EXPECT_EQ(writes, 16 * 64);
  EXPECT_LT(reads, writes);
}

TEST(ConvTeachTrace, ConstantMemoryBroadcastsOneWeightToTheWarp) {
  const Plane in = random_plane(32, 8, 8);
  const Filter f = random_filter(2, 2, 9);
  const Counters constant =
      compute_counters(run_of(Variant::ConstantMemory, in, f, Boundary::Clamp, 8).trace);
  EXPECT_GT(constant.constant_reads, 0);
  EXPECT_EQ(constant.constant_serialization, 0);  // every lane reads the same tap at once
  const Counters basic = compute_counters(run_of(Variant::Basic, in, f, Boundary::Clamp, 8).trace);
  EXPECT_EQ(basic.constant_reads, 0);
  // The filter's reads leave global memory: fewer sectors than the basic kernel's.
  EXPECT_LT(constant.global_requests, basic.global_requests);
  // The tiled kernel reads its inputs from shared memory: fewer global sectors still.
  const Counters tiled =
      compute_counters(run_of(Variant::TiledInput, in, f, Boundary::Clamp, 8).trace);
  EXPECT_LT(tiled.global_requests, constant.global_requests);
}

TEST(ConvTeachTrace, ReplayingTheTraceGivesTheOutput) {
  const Plane in = random_plane(9, 7, 10);
  for (Variant v : test::all_variants()) {
    const TeachRun run = run_of(v, in, random_filter(1, 1, 11), Boundary::Zero, 4);
    const auto snapshots = replay_snapshots(run.trace);
    EXPECT_EQ(snapshots.back()[2], run.output) << info(v).id;
  }
}

std::string teach_error(const TeachParams& p, const Plane& in, const Filter& f) {
  try {
    teach(p, in, f, Backend::Cpu);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(ConvTeachTrace, BadRequestsAreRejectedWithTheirMessages) {
  const Plane small = random_plane(8, 8, 1);
  TeachParams p;
  p.variant = Variant::TiledInput;
  p.tile = 8;
  EXPECT_EQ(teach_error(p, small, random_filter(5, 5, 1)),
            "radius 5 needs a tile of at least 11 for tiled-input");
  p.variant = Variant::TiledOutput;
  EXPECT_NE(teach_error(p, small, random_filter(8, 8, 1)).find("0..7"), std::string::npos);
  EXPECT_NE(teach_error(p, random_plane(33, 4, 1), random_filter(1, 1, 1)).find("32 x 32"),
            std::string::npos);
  EXPECT_NE(teach_error(p, random_plane(257, 1, 1), random_filter(1, 0, 1)).find("1..256"),
            std::string::npos);
  p.tile = 3;
  EXPECT_NE(teach_error(p, small, random_filter(1, 1, 1)).find("4..32"), std::string::npos);
  p.tile = 8;
  p.variant = Variant::Fast;
  p.outputs_per_thread = 9;
  EXPECT_NE(teach_error(p, small, random_filter(1, 1, 1)).find("1..8"), std::string::npos);
  p.outputs_per_thread = 8;
  p.tile = 32;
  EXPECT_NE(teach_error(p, small, random_filter(7, 7, 1)).find("shared memory"), std::string::npos);
  p.tile = 8;
  EXPECT_NE(teach_error(p, small, Filter{2, 1, {1, 1}}).find("centre"), std::string::npos);
  EXPECT_EQ(teach_error(p, small, random_filter(1, 1, 1)), "");
}

TEST(ConvTeachTrace, TileOriginsIncludeTheHalo) {
  const Plane in = random_plane(16, 16, 1);
  const TeachRun run = run_of(Variant::TiledInput, in, random_filter(2, 2, 1), Boundary::Zero, 8);
  EXPECT_EQ(run.tile_origin_x(0), -2);
  EXPECT_EQ(run.tile_origin_y(0), -2);
  EXPECT_EQ(run.tile_origin_x(1), 2);  // output tile 4 wide
  EXPECT_EQ(run.tile_origin_y(4), 2);  // the second row of blocks
}

}  // namespace
}  // namespace ws::conv
