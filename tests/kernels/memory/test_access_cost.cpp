// The per-instruction cost the view draws (access_cost, bank_ways, warp_instructions), against
// counts worked out by hand, and its agreement with ws::compute_counters on every pattern.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "common/counters.h"
#include "common/error.h"
#include "memory/access.h"

namespace ws::mem {
namespace {

std::vector<int64_t> access_bytes(int lanes, int64_t first, int64_t step) {
  std::vector<int64_t> b;
  for (int i = 0; i < lanes; ++i) b.push_back(first + i * step);
  return b;
}

TEST(AccessCost, CoalescedFloatsUseEveryByteMoved) {
  const AccessCost c = access_cost(access_bytes(32, 0, 4), 4);
  EXPECT_EQ(c.sectors, 4);
  EXPECT_EQ(c.lines, 1);
  EXPECT_EQ(c.useful_bytes, 128);
  EXPECT_EQ(c.moved_bytes, 128);
  EXPECT_DOUBLE_EQ(c.efficiency, 1.0);
  EXPECT_EQ(c.sector_ids, (std::vector<int64_t>{0, 1, 2, 3}));
}

TEST(AccessCost, StrideTwoUsesHalfAndMisalignedUsesFourFifths) {
  EXPECT_DOUBLE_EQ(access_cost(access_bytes(32, 0, 8), 4).efficiency, 0.5);
  const AccessCost off = access_cost(access_bytes(32, 4, 4), 4);
  EXPECT_EQ(off.sectors, 5);
  EXPECT_DOUBLE_EQ(off.efficiency, 128.0 / 160.0);
  EXPECT_EQ(off.line_ids, (std::vector<int64_t>{0, 1}));
}

TEST(AccessCost, ScatteredFloatsUseAnEighthOfEachSector) {
  const AccessCost c = access_cost(access_bytes(32, 0, 1024), 4);
  EXPECT_EQ(c.sectors, 32);
  EXPECT_EQ(c.lines, 32);
  EXPECT_DOUBLE_EQ(c.efficiency, 4.0 / 32.0);
}

TEST(AccessCost, ABroadcastIsOneSectorOfWhichFourBytesAreUseful) {
  const AccessCost c = access_cost(std::vector<int64_t>(32, 64), 4);
  EXPECT_EQ(c.sectors, 1);
  EXPECT_EQ(c.useful_bytes, 4);
  EXPECT_DOUBLE_EQ(c.efficiency, 4.0 / 32.0);
}

TEST(AccessCost, AnElementAcrossASectorBoundaryTouchesBoth) {
  const AccessCost c = access_cost({28}, 8);  // bytes 28..35
  EXPECT_EQ(c.sectors, 2);
  EXPECT_EQ(c.lines, 1);
  EXPECT_EQ(access_cost({}, 4).sectors, 0);
}

TEST(AccessCost, BankWaysCountDistinctWordsPerBank) {
  EXPECT_EQ(bank_ways(access_bytes(32, 0, 4), 4), 1);
  EXPECT_EQ(bank_ways(access_bytes(32, 0, 8), 4), 2);       // stride 2 words: 2 ways
  EXPECT_EQ(bank_ways(access_bytes(32, 0, 128), 4), 32);    // a column of a 32-wide tile
  EXPECT_EQ(bank_ways(access_bytes(32, 0, 132), 4), 1);     // padded to 33
  EXPECT_EQ(bank_ways(std::vector<int64_t>(32, 0), 4), 1);  // one word: a broadcast
}

TEST(AccessCost, WarpInstructionsAgreeWithTheCountersOnEveryPattern) {
  for (const PatternInfo& info : pattern_infos()) {
    AccessParams p;
    p.pattern = info.variant;
    p.warps = 3;
    p.width = 40;
    p.tile_pad = 0;
    const AccessRun run = run_access(p, Backend::Cpu);
    const Counters counters = compute_counters(run.trace);
    for (size_t s = 0; s < run.trace.steps.size(); ++s) {
      int64_t sectors = 0, lines = 0, worst_ways = 1;
      for (const WarpInstruction& w : warp_instructions(run.trace, static_cast<int>(s))) {
        sectors += w.cost.sectors;
        lines += w.cost.lines;
        worst_ways = std::max(worst_ways, w.bank_ways);
        EXPECT_EQ(w.byte_addresses.size(), w.lanes.size()) << info.id;
      }
      EXPECT_EQ(sectors, counters.per_step[s].global_requests) << info.id << " step " << s;
      EXPECT_EQ(lines, counters.per_step[s].global_lines) << info.id << " step " << s;
      EXPECT_EQ(worst_ways, std::max<int64_t>(1, counters.per_step[s].max_bank_ways)) << info.id;
    }
  }
}

TEST(AccessCost, WarpInstructionsRejectAStepOutOfRange) {
  const AccessRun run = run_access(AccessParams{}, Backend::Cpu);
  EXPECT_THROW(warp_instructions(run.trace, 9), Error);
}

}  // namespace
}  // namespace ws::mem
