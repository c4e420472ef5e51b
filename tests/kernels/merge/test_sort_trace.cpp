// The sorts' teach traces: the networks' steps are their stages, shared where j < tile and global
// otherwise, with the load and store steps around each shared run, worked by hand for 16 wires;
// every compare-exchange is five events; bank conflicts of bitonic shared stages worked by hand;
// merge sort's passes, ping-pong buffers and co-rank ranges; the code markers.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "code_panel_test_support.h"
#include "common/counters.h"
#include "sort_test_support.h"

namespace ws::merge {
namespace {

SortTeachRun network_run(SortVariant v, int n, int block_dim) {
  SortTeachParams p;
  p.variant = v;
  p.block_dim = block_dim;
  return teach_sort(p, test::sort_test_keys(test::KeyShape::Uniform, n, 3, KeyType::Int32),
                    Backend::Cpu);
}

// 16 wires, 2 threads a block: tile 4. Bitonic runs stages (k, j) with j < 4 in shared memory.
// By hand: k 2: j 1; k 4: j 2, 1 (one shared run of 3 stages); k 8: j 4 global, then j 2, 1
// shared; k 16: j 8, 4 global, then j 2, 1 shared. Odd-even: the first shared run, then all
// seven later stages global.
TEST(SortTrace, NetworkStepsAreTheStagesSplitAtTheTile) {
  const std::vector<std::string> bitonic_phases = {
      "load",   "shared", "shared", "shared", "store", "global", "load",   "shared",
      "shared", "store",  "global", "global", "load",  "shared", "shared", "store"};
  const std::vector<std::string> odd_even_phases = {"load",   "shared", "shared", "shared",
                                                    "store",  "global", "global", "global",
                                                    "global", "global", "global", "global"};
  const std::vector<std::pair<int, int>> stages = {{2, 1}, {4, 2},  {4, 1},  {8, 4},  {8, 2},
                                                   {8, 1}, {16, 8}, {16, 4}, {16, 2}, {16, 1}};
  for (SortVariant v : {SortVariant::Bitonic, SortVariant::OddEven}) {
    const SortTeachRun run = network_run(v, 13, 2);
    const std::vector<std::string>& phases =
        v == SortVariant::Bitonic ? bitonic_phases : odd_even_phases;
    ASSERT_EQ(run.tile, 4);
    ASSERT_EQ(run.network.wires, 16);
    ASSERT_EQ(run.trace.steps.size(), phases.size());
    size_t stage = 0;
    for (size_t s = 0; s < phases.size(); ++s) {
      const TraceStep& step = run.trace.steps[s];
      EXPECT_EQ(step.phase, phases[s]) << s;
      EXPECT_EQ(step.grid_dim, 4);
      EXPECT_EQ(step.block_dim, 2);
      EXPECT_EQ(step.barriers, step.phase == "load" || step.phase == "shared" ? 1 : 0) << s;
      if (step.phase == "load" || step.phase == "store") {
        EXPECT_EQ(run.step_stage[s], -1);
        EXPECT_EQ(step.events.size(), 16u * 2u);  // every wire read and written once
        continue;
      }
      ASSERT_EQ(run.step_stage[s], int(stage));
      const NetworkStage& ns = run.network.stages[stage];
      EXPECT_EQ(ns.k, stages[stage].first);
      EXPECT_EQ(ns.j, stages[stage].second);
      EXPECT_EQ(step.events.size(), ns.comparators.size() * 5) << ns.label();
      std::set<int32_t> owners, active;
      for (const Comparator& c : ns.comparators) owners.insert(c.thread);
      for (const TraceEvent& e : step.events) active.insert(e.thread);
      EXPECT_EQ(active, owners) << ns.label();
      ++stage;
    }
    EXPECT_EQ(stage, run.network.stages.size());
  }
}

// One compare-exchange, by hand: bitonic on [3, 1] is one stage (k 2, j 1) in one block.
TEST(SortTrace, CompareExchangeIsTwoReadsAnOpAndTwoWrites) {
  SortTeachParams p;
  const SortTeachRun run = teach_sort(p, {3, 1}, Backend::Cpu);
  ASSERT_EQ(run.trace.steps.size(), 3u);  // load, the stage, store
  const std::vector<TraceEvent>& e = run.trace.steps[1].events;
  ASSERT_EQ(e.size(), 5u);
  const EventKind kinds[] = {EventKind::Read, EventKind::Read, EventKind::Op, EventKind::Write,
                             EventKind::Write};
  const int addresses[] = {0, 1, 0, 0, 1};
  const double values[] = {3, 1, 1, 1, 3};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(e[i].kind, kinds[i]) << i;
    EXPECT_EQ(e[i].address, addresses[i]) << i;
    EXPECT_EQ(e[i].value, values[i]) << i;
    EXPECT_EQ(e[i].buffer, 1);  // the shared tile
  }
  EXPECT_EQ(run.output, (std::vector<double>{1, 3}));
}

// Bitonic on 64 keys with 32 threads: one warp, one 64-key tile, every stage shared. Stage
// (k 2, j 1): lane t compares tile[2t] and tile[2t + 1]; the first read's words 0, 2, ..., 62 fall
// in banks 2t mod 32, lanes t and t + 16 on one bank: 2-way, and so are the second read (2t + 1)
// and both writes: 4 warp accesses, 1 extra pass each = 4 conflicts. Stage (k 64, j 32): lane t
// compares tile[t] and tile[t + 32]: 32 consecutive words, conflict free. Stage (k 32, j 16):
// lanes 0..15 take words 0..15, lanes 16..31 words 32..47 (lo = 2t - (t & 15)): 2-way again.
TEST(SortTrace, BitonicSharedStageBankConflictsByHand) {
  const SortTeachRun run = network_run(SortVariant::Bitonic, 64, 32);
  const Counters c = compute_counters(run.trace);
  auto step_of = [&](int k, int j) {
    for (size_t s = 0; s < run.step_stage.size(); ++s) {
      const int stage = run.step_stage[s];
      if (stage >= 0 && run.network.stages[size_t(stage)].k == k &&
          run.network.stages[size_t(stage)].j == j)
        return s;
    }
    return size_t(0);
  };
  EXPECT_EQ(c.per_step[step_of(2, 1)].bank_conflicts, 4);
  EXPECT_EQ(c.per_step[step_of(2, 1)].max_bank_ways, 2);
  EXPECT_EQ(c.per_step[step_of(64, 32)].bank_conflicts, 0);
  EXPECT_EQ(c.per_step[step_of(32, 16)].bank_conflicts, 4);
  EXPECT_EQ(c.per_step[step_of(2, 1)].divergent_warps, 0);
}

// Odd-even's idle lanes: in stage (k 4, j 1) of 8 wires only threads 1 and 3 have a comparator
// ((t & 1) >= 1): joins (2, 3)... by the rule pos = 2t - (t & 0) = 2t, pair (pos - 1, pos):
// thread 1 (1, 2), thread 3 (5, 6). Half the warp's lanes idle: a divergent warp.
TEST(SortTrace, OddEvenIdleLanesShowAsDivergence) {
  const SortTeachRun run = network_run(SortVariant::OddEven, 8, 4);
  const NetworkStage& s = run.network.stages[2];
  ASSERT_EQ(s.k, 4);
  ASSERT_EQ(s.j, 1);
  ASSERT_EQ(s.comparators.size(), 2u);
  EXPECT_EQ(s.comparators[0].thread, 1);
  EXPECT_EQ(s.comparators[0].lo, 1);
  EXPECT_EQ(s.comparators[0].hi, 2);
  EXPECT_EQ(s.comparators[1].thread, 3);
  EXPECT_EQ(s.comparators[1].lo, 5);
  EXPECT_EQ(s.comparators[1].hi, 6);
  const Counters c = compute_counters(run.trace);
  EXPECT_EQ(c.per_step[3].divergent_warps, 1);  // steps: load, (2,1), (4,2), (4,1), ...
  EXPECT_EQ(c.per_step[3].active_threads, 2);
}

// Merge sort on 10 keys, 2 threads of 4 outputs a block: passes of width 1, 2, 4, 8 (ceil(log2
// 10) = 4), ping-pong keys -> tmp -> keys -> tmp -> keys, so the result ends in "keys".
TEST(SortTrace, MergeSortPassesPingPongAndCoverTheOutput) {
  SortTeachParams p;
  p.variant = SortVariant::MergeSort;
  p.block_dim = 2;
  p.per_thread = 4;
  const std::vector<double> keys = {5, 3, 9, 1, 3, 8, 2, 7, 6, 0};
  const SortTeachRun run = teach_sort(p, keys, Backend::Cpu);
  ASSERT_EQ(run.passes.size(), 4u);
  ASSERT_EQ(run.trace.steps.size(), 8u);
  EXPECT_EQ(run.result_buffer, 0);
  EXPECT_EQ(run.grid_dim, 2);  // ceil(10 / 4) = 3 threads, 2 a block
  for (size_t pass = 0; pass < 4; ++pass) {
    EXPECT_EQ(run.passes[pass].width, 1 << pass);
    EXPECT_EQ(run.passes[pass].input_buffer, int(pass % 2));
    EXPECT_EQ(run.trace.steps[2 * pass].phase, "corank");
    EXPECT_EQ(run.trace.steps[2 * pass + 1].phase, "merge");
    std::vector<int> written(10, 0);  // every output written exactly once a pass
    for (const TraceEvent& e : run.trace.steps[2 * pass + 1].events)
      if (e.kind == EventKind::Write) {
        EXPECT_EQ(e.buffer, 1 - int(pass % 2));
        ++written[size_t(e.address)];
      }
    EXPECT_EQ(written, std::vector<int>(10, 1)) << "pass " << pass;
    for (const MergeSortThreadRange& r : run.passes[pass].ranges) {
      EXPECT_EQ(r.i_begin + r.j_begin, r.k_begin);
      EXPECT_EQ(r.i_end + r.j_end, r.k_end);
    }
  }
  // Pass 3 merges [1 2 3 3 5 7 8 9] with [0 6]: thread 0's outputs 0..3 are 0 1 2 3, from
  // A[0, 3) and B[0, 1): co-rank of k 4 is i 3, j 1.
  const MergeSortThreadRange& r0 = run.passes[3].ranges[0];
  EXPECT_EQ(r0.thread, 0);
  EXPECT_EQ(r0.i_end, 3);
  EXPECT_EQ(r0.j_end, 1);
  EXPECT_EQ(run.output, (std::vector<double>{0, 1, 2, 3, 3, 5, 6, 7, 8, 9}));
}

TEST(SortTrace, EveryStepsMarkerIsInItsVariantsSection) {
  for (const SortInfo& info : sort_infos()) {
    if (info.variant == SortVariant::Fast) continue;  // F's file; taught as merge sort
    const std::string file = std::string("kernels/merge/") + info.source;
    const std::string source = ws::test::kernel_source(file);
    if (source.empty()) GTEST_SKIP() << file << " not found (set WARPSCOPE_SOURCE_DIR)";
    const auto sections = ws::test::kernel_sections(source);
    const auto section = sections.find(std::string("variant ") + info.id);
    ASSERT_NE(section, sections.end()) << file << " has no // @variant " << info.id;
    SortTeachParams p;
    p.variant = info.variant;
    const SortTeachRun run = teach_sort(
        p, test::sort_test_keys(test::KeyShape::Uniform, 40, 4, KeyType::Int32), Backend::Cpu);
    std::set<std::string> phases;
    for (const TraceStep& s : run.trace.steps) {
      phases.insert(s.phase);
      EXPECT_TRUE(ws::test::has_marker(section->second, s.code_marker))
          << info.id << ": step '" << s.label << "' marker " << s.code_marker;
    }
    EXPECT_GE(phases.size(), 2u);
  }
}

}  // namespace
}  // namespace ws::merge
