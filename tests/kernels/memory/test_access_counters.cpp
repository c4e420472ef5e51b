// The access patterns' counters against sector and line counts worked out by hand: a warp of 32
// lanes, each element at byte e * elem_bytes, 32-byte sectors, 128-byte lines.
#include <gtest/gtest.h>

#include <set>

#include "common/counters.h"
#include "memory/access.h"

namespace ws::mem {
namespace {

AccessParams access_one_warp(Pattern pattern) {
  AccessParams p;
  p.pattern = pattern;
  p.warps = 1;
  return p;
}

// The "access" step's counters of a run on the CPU.
StepCounters access_step_counters(const AccessParams& p) {
  const AccessRun run = run_access(p, Backend::Cpu);
  return compute_counters(run.trace).per_step.at(static_cast<size_t>(run.access_step));
}

TEST(AccessCounters, RowOfFloatsIsFourSectorsOneLine) {
  const StepCounters c = access_step_counters(access_one_warp(Pattern::Row));
  EXPECT_EQ(c.global_requests, 4);  // 128 bytes / 32
  EXPECT_EQ(c.global_lines, 1);
}

TEST(AccessCounters, StrideTwoDoublesTheSectorsAndLines) {
  AccessParams p = access_one_warp(Pattern::Strided);
  p.stride = 2;  // bytes 0, 8, ..., 248: 256 bytes
  const StepCounters c = access_step_counters(p);
  EXPECT_EQ(c.global_requests, 8);
  EXPECT_EQ(c.global_lines, 2);
}

TEST(AccessCounters, StrideOfEightOrMoreGivesEachLaneItsOwnSector) {
  for (int stride : {8, 32, 33, 64}) {
    AccessParams p = access_one_warp(Pattern::Strided);
    p.stride = stride;
    const StepCounters c = access_step_counters(p);
    EXPECT_EQ(c.global_requests, 32) << "stride " << stride;
    // Lines: 32 lanes spread over 32 * stride * 4 bytes; a 128-byte line holds 32 / stride lanes.
    EXPECT_EQ(c.global_lines, stride >= 32 ? 32 : 32 * stride * 4 / 128) << "stride " << stride;
  }
}

TEST(AccessCounters, OffsetOneSpillsIntoOneMoreSectorAndLine) {
  AccessParams p = access_one_warp(Pattern::Misaligned);
  p.offset = 1;  // bytes 4..131
  const StepCounters c = access_step_counters(p);
  EXPECT_EQ(c.global_requests, 5);
  EXPECT_EQ(c.global_lines, 2);
  p.offset = 8;  // bytes 32..159: sectors 1..4, still 4 sectors, 2 lines
  const StepCounters aligned_to_sector = access_step_counters(p);
  EXPECT_EQ(aligned_to_sector.global_requests, 4);
  EXPECT_EQ(aligned_to_sector.global_lines, 2);
  p.offset = 32;  // a whole line on: coalesced again
  EXPECT_EQ(access_step_counters(p).global_lines, 1);
}

TEST(AccessCounters, Float4RowIsSixteenSectorsFourLines) {
  AccessParams p = access_one_warp(Pattern::Row);
  p.elem_bytes = 16;  // 32 x 16 = 512 bytes
  const StepCounters c = access_step_counters(p);
  EXPECT_EQ(c.global_requests, 16);
  EXPECT_EQ(c.global_lines, 4);
}

TEST(AccessCounters, SmallElementsShareOneSector) {
  AccessParams p = access_one_warp(Pattern::Row);
  p.elem_bytes = 1;  // 32 bytes
  EXPECT_EQ(access_step_counters(p).global_requests, 1);
  p.elem_bytes = 2;  // 64 bytes
  EXPECT_EQ(access_step_counters(p).global_requests, 2);
  p.elem_bytes = 8;  // 256 bytes
  EXPECT_EQ(access_step_counters(p).global_lines, 2);
}

TEST(AccessCounters, ColumnWalkOfA32WideMatrixIsASectorPerLane) {
  AccessParams p = access_one_warp(Pattern::Column);
  p.width = 32;  // rows 128 bytes apart
  const StepCounters c = access_step_counters(p);
  EXPECT_EQ(c.global_requests, 32);
  EXPECT_EQ(c.global_lines, 32);
  p.width = 2;  // rows 8 bytes apart: 256 bytes, as stride 2
  EXPECT_EQ(access_step_counters(p).global_requests, 8);
}

TEST(AccessCounters, StencilsShiftedReadsStraddleASector) {
  const StepCounters c = access_step_counters(access_one_warp(Pattern::Stencil));
  // a[t]: bytes 0..127 (4 sectors); a[t+1]: 4..131 (5); a[t+2]: 8..135 (5).
  EXPECT_EQ(c.global_requests, 4 + 5 + 5);
  EXPECT_EQ(c.global_lines, 1 + 2 + 2);
}

TEST(AccessCounters, TransposeReadsARowAndWritesAColumn) {
  AccessParams p = access_one_warp(Pattern::Transpose);
  p.warps = 8;
  p.width = 32;  // 8 x 32: warp w reads row w (4 sectors), writes column w of the 32 x 8 result
  const StepCounters c = access_step_counters(p);
  // Write: lane i to out[i * 8 + w], 32 bytes apart: one sector per lane.
  EXPECT_EQ(c.global_requests, 8 * (4 + 32));
}

TEST(AccessCounters, LocalGatherWithinTheWarpCostsWhatARowCosts) {
  AccessParams p = access_one_warp(Pattern::LocalGather);
  p.window = 32;
  p.seed = 7;
  const StepCounters c = access_step_counters(p);
  EXPECT_EQ(c.global_requests, 4);
  EXPECT_EQ(c.global_lines, 1);
}

TEST(AccessCounters, GatherAndScatterCostTheDistinctSectorsOfTheirIndices) {
  for (Pattern pattern : {Pattern::Gather, Pattern::Scatter}) {
    AccessParams p = access_one_warp(pattern);
    p.warps = 2;
    p.seed = 3;
    const std::vector<int32_t> idx = index_array(p);
    int64_t sectors = 0, lines = 0;
    for (int warp = 0; warp < 2; ++warp) {  // each warp's 32 indices, 4-byte elements
      std::set<int32_t> s, l;
      for (int lane = 0; lane < 32; ++lane) {
        s.insert(idx[warp * 32 + lane] * 4 / 32);
        l.insert(idx[warp * 32 + lane] * 4 / 128);
      }
      sectors += static_cast<int64_t>(s.size());
      lines += static_cast<int64_t>(l.size());
    }
    const StepCounters c = access_step_counters(p);
    EXPECT_EQ(c.global_requests, sectors) << info(pattern).id;
    EXPECT_EQ(c.global_lines, lines) << info(pattern).id;
    EXPECT_GT(sectors, 2 * 8) << "uniform over 2048 elements: mostly a sector per lane";
  }
}

TEST(AccessCounters, CornerTurningLoadsCoalescedAndPaddingRemovesTheBankConflicts) {
  AccessParams p = access_one_warp(Pattern::CornerTurning);
  p.warps = 4;
  p.width = 32;
  const AccessRun run = run_access(p, Backend::Cpu);
  const Counters all = compute_counters(run.trace);
  // Load: 32 rows, each a coalesced 128-byte row of a: 4 sectors, 1 line per warp instruction.
  EXPECT_EQ(all.per_step.at(0).global_requests, 32 * 4);
  EXPECT_EQ(all.per_step.at(0).global_lines, 32);
  EXPECT_EQ(all.per_step.at(0).max_bank_ways, 1);  // the tile's row writes
  // Use: a column of the unpadded tile, 32 words 32 apart: all in one bank.
  const StepCounters use = all.per_step.at(static_cast<size_t>(run.access_step));
  EXPECT_EQ(use.max_bank_ways, 32);
  EXPECT_EQ(use.bank_conflicts, 32 * 31);
  p.tile_pad = 1;  // pitch 33: lane i's word i * 33 + c is in bank (i + c) % 32
  const AccessRun padded = run_access(p, Backend::Cpu);
  const StepCounters fixed =
      compute_counters(padded.trace).per_step.at(static_cast<size_t>(padded.access_step));
  EXPECT_EQ(fixed.max_bank_ways, 1);
  EXPECT_EQ(fixed.bank_conflicts, 0);
}

}  // namespace
}  // namespace ws::mem
