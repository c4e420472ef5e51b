// The access patterns' traces: the layout access.h promises the views, the values every thread
// moves (a[e] = e, so a value names the element it came from), the seeded index arrays, and the
// checks of the parameters.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "common/error.h"
#include "common/trace.h"
#include "memory/access.h"

namespace ws::mem {
namespace {

// The last snapshot of buffer `b`: what the run left there.
std::vector<double> access_final(const AccessRun& run, int b) {
  return replay_snapshots(run.trace).back()[static_cast<size_t>(b)];
}

TEST(AccessTrace, EveryPatternHasItsFourBuffersAndOneAccessStep) {
  for (const PatternInfo& info : pattern_infos()) {
    AccessParams p;
    p.pattern = info.variant;
    const AccessRun run = run_access(p, Backend::Cpu);
    ASSERT_EQ(run.trace.buffers.size(), 4u) << info.id;
    EXPECT_EQ(run.trace.buffers[kBufA].name, "a");
    EXPECT_EQ(run.trace.buffers[kBufIdx].name, "idx");
    EXPECT_EQ(run.trace.buffers[kBufOut].name, "out");
    EXPECT_EQ(run.trace.buffers[kBufTile].space, MemSpace::Shared);
    int access_steps = 0;
    for (const TraceStep& s : run.trace.steps) access_steps += s.phase == kAccessPhase;
    EXPECT_EQ(access_steps, 1) << info.id;
    EXPECT_EQ(run.trace.steps.at(static_cast<size_t>(run.access_step)).phase, kAccessPhase);
  }
}

TEST(AccessTrace, StridedCopiesEveryStrideThElement) {
  AccessParams p;
  p.pattern = Pattern::Strided;
  p.stride = 5;
  p.warps = 2;
  const std::vector<double> out = access_final(run_access(p, Backend::Cpu), kBufOut);
  ASSERT_EQ(out.size(), 64u);
  for (int t = 0; t < 64; ++t) EXPECT_EQ(out[t], 5.0 * t);
}

TEST(AccessTrace, ColumnAndTransposeMoveTheElementsTheyName) {
  AccessParams p;
  p.pattern = Pattern::Column;
  p.width = 10;
  p.warps = 3;
  const std::vector<double> col = access_final(run_access(p, Backend::Cpu), kBufOut);
  for (int t = 0; t < 96; ++t) EXPECT_EQ(col[t], (t % 32) * 10 + (t / 32)) << t;
  p.pattern = Pattern::Transpose;
  p.width = 16;
  p.warps = 2;  // a 4 x 16 matrix, transposed to 16 x 4
  const std::vector<double> tr = access_final(run_access(p, Backend::Cpu), kBufOut);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 16; ++c) EXPECT_EQ(tr[c * 4 + r], r * 16 + c);
}

TEST(AccessTrace, GatherAndScatterFollowTheSeededIndices) {
  AccessParams p;
  p.pattern = Pattern::Gather;
  p.warps = 2;
  p.seed = 11;
  const AccessRun gather = run_access(p, Backend::Cpu);
  ASSERT_EQ(gather.idx.size(), 64u);
  EXPECT_EQ(gather.idx, index_array(p));  // the same seed, the same indices
  const std::vector<double> out = access_final(gather, kBufOut);
  std::set<int> distinct;
  for (int t = 0; t < 64; ++t) {
    EXPECT_EQ(out[t], gather.idx[t]);
    EXPECT_GE(gather.idx[t], 0);
    EXPECT_LT(gather.idx[t], 32 * 64);
    distinct.insert(gather.idx[t]);
  }
  EXPECT_GT(distinct.size(), 50u);  // spread, not a constant
  p.seed = 12;
  EXPECT_NE(index_array(p), gather.idx);
  p.pattern = Pattern::Scatter;
  const AccessRun scatter = run_access(p, Backend::Cpu);
  const std::vector<double> target = access_final(scatter, kBufOut);
  for (int t = 0; t < 64; ++t) {
    const int i = scatter.idx[t];
    // Colliding lanes: the last writer wins; every written slot holds one of its writers.
    bool from_a_writer = false;
    for (int u = 0; u < 64; ++u) from_a_writer |= scatter.idx[u] == i && target[i] == u;
    EXPECT_TRUE(from_a_writer) << t;
  }
}

TEST(AccessTrace, LocalGatherPermutesEachWindow) {
  AccessParams p;
  p.pattern = Pattern::LocalGather;
  p.warps = 2;
  p.window = 16;
  const std::vector<int32_t> idx = index_array(p);
  for (int base = 0; base < 64; base += 16) {
    std::vector<int32_t> w(idx.begin() + base, idx.begin() + base + 16);
    std::sort(w.begin(), w.end());
    for (int i = 0; i < 16; ++i) EXPECT_EQ(w[i], base + i);
  }
}

TEST(AccessTrace, StencilSumsItsThreeNeighbours) {
  AccessParams p;
  p.pattern = Pattern::Stencil;
  const std::vector<double> out = access_final(run_access(p, Backend::Cpu), kBufOut);
  for (int t = 0; t < 32; ++t) EXPECT_EQ(out[t], 3.0 * t + 3);
}

TEST(AccessTrace, CornerTurningTransposesTheTileThroughSharedMemory) {
  AccessParams p;
  p.pattern = Pattern::CornerTurning;
  p.warps = 8;
  p.width = 48;
  p.tile_pad = 1;
  const AccessRun run = run_access(p, Backend::Cpu);
  EXPECT_EQ(run.trace.steps.front().barriers, 1);
  const std::vector<double> out = access_final(run, kBufOut);
  for (int c = 0; c < 32; ++c)
    for (int r = 0; r < 32; ++r) EXPECT_EQ(out[c * 32 + r], r * 48 + c);
}

TEST(AccessTrace, BadParametersAreRejectedNamingTheOption) {
  const auto message = [](AccessParams p) {
    try {
      run_access(p, Backend::Cpu);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  AccessParams p;
  p.stride = 65;
  EXPECT_NE(message(p).find("--stride 65"), std::string::npos);
  p = {};
  p.elem_bytes = 3;
  EXPECT_NE(message(p).find("--elem-bytes 3: accepted 1, 2, 4, 8, 16"), std::string::npos);
  p = {};
  p.warps = 0;
  EXPECT_NE(message(p).find("--warps"), std::string::npos);
  p = {};
  p.pattern = Pattern::CornerTurning;
  p.width = 16;
  EXPECT_NE(message(p).find("--width 16"), std::string::npos);
  p = {};
  p.pattern = static_cast<Pattern>(11);
  EXPECT_NE(message(p).find("corner-turning"), std::string::npos);
}

TEST(AccessTrace, PatternsParseByIdAndNumber) {
  Pattern out = Pattern::Row;
  EXPECT_TRUE(parse_pattern("corner-turning", out));
  EXPECT_EQ(out, Pattern::CornerTurning);
  EXPECT_TRUE(parse_pattern("3", out));
  EXPECT_EQ(out, Pattern::Strided);
  EXPECT_FALSE(parse_pattern("diagonal", out));
  EXPECT_EQ(pattern_infos().size(), 10u);
}

}  // namespace
}  // namespace ws::mem
