// The shape of a BFS teach trace as the views read it: steps labelled per level with their
// depth, code markers that stand in kernels/bfs/bfs_teach.cu where the code panel looks, the
// lock-step rounds (idle threads: the load imbalance), the queues' atomics per level, and the
// queue contents replayed from the events.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "bfs/bfs.h"
#include "bfs/bfs_teach_cpu.h"
#include "bfs_teach_test_support.h"
#include "code_panel_test_support.h"
#include "common/counters.h"
#include "common/trace.h"
#include "test_paths.h"

namespace ws::bfs {
namespace {

using test::kAllVariants;
using test::params;

Graph karate() {
  return graph::load_graph(std::string(WS_TEST_GRAPHS_DIR) + "/karate.mtx");
}

std::string teach_source() {
  return ws::test::kernel_source("kernels/bfs/bfs_teach.cu");
}

TEST(BfsCpuTeachTrace, EveryMarkerIsInTheKernelSource) {
  const std::string source = teach_source();
  ASSERT_FALSE(source.empty()) << "kernels/bfs/bfs_teach.cu not found (set WARPSCOPE_SOURCE_DIR)";
  const auto parts = ws::test::kernel_sections(source);
  const Graph g = karate();
  for (Variant v : kAllVariants) {
    const std::string section = std::string("variant ") + info(v).id;
    ASSERT_TRUE(parts.count(section)) << section;
    for (double alpha : {15.0, 0.5}) {  // 3 and 7 take both directions with alpha 0.5
      const TeachRun run = teach(params(v, 0, 32, alpha), g, Backend::Cpu);
      for (const TraceStep& s : run.trace.steps) {
        ASSERT_FALSE(s.code_marker.empty()) << s.label;
        bool found = ws::test::has_marker(parts.at(section), s.code_marker);
        for (const auto& [title, lines] : parts)
          if (title.rfind("helper ", 0) == 0)
            found = found || ws::test::has_marker(lines, s.code_marker);
        EXPECT_TRUE(found) << info(v).id << ": " << s.label << " names " << s.code_marker;
      }
    }
  }
}

TEST(BfsCpuTeachTrace, StepsAreLabelledPerLevelWithTheirDepth) {
  const Graph g = graph::generate("pmpp");
  for (Variant v : kAllVariants) {
    const TeachRun run = teach(params(v, 0), g, Backend::Cpu);
    ASSERT_EQ(run.step_depth.size(), run.trace.steps.size());
    ASSERT_EQ(run.step_depth.front(), 0);
    for (size_t s = 0; s < run.trace.steps.size(); ++s) {
      const TraceStep& step = run.trace.steps[s];
      const int32_t d = run.step_depth[s];
      if (s > 0) {
        ASSERT_GE(d, run.step_depth[s - 1]);
        ASSERT_LE(d, run.step_depth[s - 1] + 1);
      }
      const std::string level = "level " + std::to_string(d);
      EXPECT_EQ(step.label.rfind(level, 0), 0u) << step.label;
      EXPECT_EQ(step.phase.rfind(level, 0), 0u) << step.phase;
      // 7's top-down and cluster steps launch its kernels' blocks at teaching size.
      if (v == Variant::Fast && step.block_dim != 32)
        EXPECT_EQ(step.block_dim, kTeachBlock) << step.label;
      else
        EXPECT_EQ(step.block_dim, 32) << step.label;
    }
    EXPECT_EQ(run.step_depth.back(), int32_t(run.result.levels.size()) - 1);
  }
  // Direction-optimizing names the direction: with alpha 0.5 the pmpp graph goes bottom-up.
  const TeachRun run = teach(params(Variant::DirectionOptimizing, 0, 32, 0.5), g, Backend::Cpu);
  std::set<std::string> phases;
  for (const TraceStep& s : run.trace.steps) phases.insert(s.phase);
  EXPECT_TRUE(phases.count("level 0 \u00b7 top-down")) << *phases.begin();
  bool bottom_up = false;
  for (const TraceStep& s : run.trace.steps)
    bottom_up = bottom_up || s.label.find(" \u00b7 bottom-up \u00b7 edge 1") != std::string::npos;
  EXPECT_TRUE(bottom_up);
}

// Push: in step "edge k" of level d exactly the frontier vertices with at least k out-edges act;
// the others sit idle (the load imbalance). Edge-centric: every edge's thread acts every level.
TEST(BfsCpuTeachTrace, LockStepRoundsShowTheIdleThreads) {
  for (const char* spec : {"star:30", "tree:4", "er:50:4"}) {
    const Graph g = graph::generate(spec, 2);
    const std::vector<int32_t> level = graph::bfs_reference(g, 0);
    const TeachRun run = teach(params(Variant::Push, 0), g, Backend::Cpu);
    std::map<std::pair<int32_t, int>, int64_t> rounds;  // (depth, k) -> threads seen
    for (size_t s = 0; s < run.trace.steps.size(); ++s) {
      const TraceStep& step = run.trace.steps[s];
      const std::string tag = ": edge ";
      const size_t at = step.label.find(tag);
      if (at == std::string::npos) {
        EXPECT_EQ(int64_t(active_threads(step).size()), g.vertices) << step.label;
        continue;
      }
      const int k = std::atoi(step.label.c_str() + at + tag.size());
      int64_t expected = 0;
      for (int32_t v = 0; v < g.vertices; ++v)
        expected += level[v] == run.step_depth[s] && g.degree(v) >= k;
      EXPECT_EQ(int64_t(active_threads(step).size()), expected) << spec << ", " << step.label;
      rounds[{run.step_depth[s], k}] = expected;
    }
    EXPECT_FALSE(rounds.empty());
    const TeachRun edges = teach(params(Variant::EdgeCentric, 0), g, Backend::Cpu);
    for (const TraceStep& step : edges.trace.steps)
      EXPECT_EQ(int64_t(active_threads(step).size()), g.edges()) << step.label;
  }
}

// The atomics on the queue tail per level: one per discovery for the global queue (and for the
// direction-optimizing search), one per block with discoveries for the block queue, whose shared
// tails take one per discovery. Push, pull and edge-centric have none. 7's bottom-up levels also
// add one to "left tail" per vertex they leave unvisited with in-edges, and every level of 7 one
// to "next edges" per discovery (operand: its out-degree, the edge range it reserves).
TEST(BfsCpuTeachTrace, TailAtomicsPerLevel) {
  const Graph g = karate();
  for (Variant v : kAllVariants)
    for (int block : {32, 64}) {
      const TeachRun run = teach(params(v, 0, block), g, Backend::Cpu);
      const int tail = teach_buffer(run.trace, "tail");
      const int block_tail = teach_buffer(run.trace, "block tail");
      const int left_tail = teach_buffer(run.trace, "left tail");
      const int next_edges = teach_buffer(run.trace, "next edges");
      const Counters counters = compute_counters(run.trace);
      std::map<int32_t, int64_t> tail_atomics, tail_added, block_atomics, left_atomics, all_atomics,
          edge_atomics, edges_added;
      std::map<int32_t, std::set<int32_t>> blocks_adding;
      for (size_t s = 0; s < run.trace.steps.size(); ++s) {
        const int32_t d = run.step_depth[s];
        all_atomics[d] += counters.per_step[s].atomics;
        for (const TraceEvent& e : run.trace.steps[s].events) {
          if (e.kind != EventKind::Atomic) continue;
          if (e.buffer == tail) {
            ++tail_atomics[d];
            tail_added[d] += int64_t(e.value);
          } else if (e.buffer == block_tail) {
            ++block_atomics[d];
            blocks_adding[d].insert(e.thread / block);
          } else if (e.buffer == left_tail) {
            ++left_atomics[d];
          } else if (e.buffer == next_edges) {
            ++edge_atomics[d];
            edges_added[d] += int64_t(e.value);
          } else {
            ADD_FAILURE() << "an atomic on " << run.trace.buffers[e.buffer].name;
          }
        }
      }
      for (const LevelStats& s : run.result.levels) {
        const int32_t d = s.depth;
        const std::string what = std::string(info(v).id) + ", level " + std::to_string(d);
        EXPECT_EQ(all_atomics[d],
                  tail_atomics[d] + block_atomics[d] + left_atomics[d] + edge_atomics[d])
            << what;
        int64_t discovered_edges = 0;  // the out-degrees of the level's discoveries
        for (int32_t u = 0; u < g.vertices; ++u)
          if (run.result.level[u] == d + 1) discovered_edges += g.degree(u);
        EXPECT_EQ(edge_atomics[d], v == Variant::Fast ? s.discovered : 0) << what;
        EXPECT_EQ(edges_added[d], v == Variant::Fast ? discovered_edges : 0) << what;
        if (v != Variant::Fast || s.direction == Direction::TopDown) {
          EXPECT_EQ(left_atomics[d], 0) << what;
        } else {
          const std::vector<int32_t>& level = run.result.level;
          int64_t left = 0;  // unvisited after the level, with in-edges
          for (int32_t u = 0; u < g.vertices; ++u)
            left += (level[u] < 0 || level[u] > d + 1) && test::in_neighbours(g, u).size() > 0;
          EXPECT_EQ(left_atomics[d], left) << what;
        }
        if (v == Variant::Push || v == Variant::Pull || v == Variant::EdgeCentric) {
          EXPECT_EQ(all_atomics[d], 0) << what;
        } else if (v == Variant::BlockQueue) {
          EXPECT_EQ(block_atomics[d], s.discovered) << what;
          EXPECT_EQ(tail_atomics[d], int64_t(blocks_adding[d].size())) << what;
          EXPECT_EQ(tail_added[d], s.discovered) << what;
          if (block >= g.vertices) {
            EXPECT_EQ(tail_atomics[d], s.discovered > 0 ? 1 : 0) << what;
          }
        } else {
          EXPECT_EQ(tail_atomics[d], s.discovered) << what;
        }
      }
    }
}

// After each level of a queue variant the frontier buffer holds exactly the next level's
// vertices, each once, and "tail" is back to 0.
TEST(BfsCpuTeachTrace, QueuesReplayToTheNextLevel) {
  for (const Graph& g : {karate(), graph::generate("grid:8x8"), graph::generate("er:60:5", 4)}) {
    const std::vector<int32_t> level = graph::bfs_reference(g, 1);
    for (Variant v : {Variant::GlobalQueue, Variant::BlockQueue, Variant::DirectionOptimizing}) {
      const TeachRun run = teach(params(v, 1, 32, 15, 18), g, Backend::Cpu);
      const auto snapshots = replay_snapshots(run.trace);
      const int frontier = teach_buffer(run.trace, "frontier");
      const int tail = teach_buffer(run.trace, "tail");
      ASSERT_GE(frontier, 0);
      int swaps = 0;
      for (size_t s = 0; s < run.trace.steps.size(); ++s) {
        if (run.trace.steps[s].code_marker != "@bfs-swap") continue;
        ++swaps;
        const int32_t d = run.step_depth[s];
        std::multiset<int32_t> expected, got;
        for (int32_t u = 0; u < g.vertices; ++u)
          if (level[u] == d + 1) expected.insert(u);
        for (size_t i = 0; i < expected.size(); ++i) got.insert(int32_t(snapshots[s][frontier][i]));
        EXPECT_EQ(got, expected) << info(v).id << ", level " << d;
        EXPECT_EQ(snapshots[s][tail][0], 0);
      }
      EXPECT_EQ(swaps, int(run.result.levels.size()) - 1) << info(v).id;
    }
  }
}

// Pull stops at the first parent: 0 joins 1..5, and each of 6..9 joins all of 1..5. In level 1
// every one of 6..9 finds vertex 1 (its first in-neighbour) in the frontier and stops there: 4
// edges, not 20. In level 0, each of 1..9 walks its in-edges looking for 0.
TEST(BfsCpuTeachTrace, PullStopsAtTheFirstParent) {
  std::vector<std::pair<int32_t, int32_t>> edges;
  for (int32_t u = 1; u <= 5; ++u) {
    edges.push_back({0, u});
    for (int32_t v = 6; v <= 9; ++v) edges.push_back({u, v});
  }
  const Graph g = test::from_edges(10, edges, true, "two layers");
  for (Variant v : {Variant::Pull, Variant::DirectionOptimizing}) {
    const TeachRun run = teach(params(v, 0, 32, 1e9, 1e9), g, Backend::Cpu);  // 3: bottom-up
    ASSERT_EQ(run.result.levels.size(), 3u);
    EXPECT_EQ(run.result.levels[0].direction, Direction::BottomUp) << info(v).id;
    EXPECT_EQ(run.result.levels[0].edges_examined, 5 + 4 * 5) << info(v).id;
    EXPECT_EQ(run.result.levels[1].edges_examined, 4) << info(v).id;
    EXPECT_EQ(run.result.levels[2].edges_examined, 0) << info(v).id;
  }
}

}  // namespace
}  // namespace ws::bfs
