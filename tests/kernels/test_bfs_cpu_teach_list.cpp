// Variant 7's bottom-up levels in teach mode trace what its kernel does (bfs_fast.cu): a thread per
// entry of a list (every vertex in the first bottom-up level, then the vertices the last one left
// unvisited with in-edges), in-edges read 4 at a time up to the chunk with the first frontier
// in-neighbour. So the list lengths are fast_bottom_up_threads, the in-edges each vertex reads are
// bottom_up_reads (chunked), and the level statistics counted from the trace are the fast
// engine's (bfs_fast_cpu.cpp), on the graphs where bottom-up levels happen.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bfs/bfs.h"
#include "bfs/bfs_level_stats.h"
#include "bfs_teach_test_support.h"
#include "common/trace.h"
#include "graph/graph.h"
#include "test_paths.h"

namespace ws::bfs {
namespace {

using test::params;
using test::Search;

// Variant 7 on graphs and alphas that take bottom-up levels (a large alpha turns sooner), and
// betas that keep some bottom-up for several levels (several lists) or turn back to top-down.
std::vector<Search> searches() {
  std::vector<Search> out;
  std::vector<Graph> graphs = {
      graph::generate("pmpp"), graph::load_graph(std::string(WS_TEST_GRAPHS_DIR) + "/karate.mtx"),
      graph::generate("grid:6x6"), graph::generate("er:60:5", 4), graph::generate("tree:4")};
  for (const test::Case& c : test::small_graphs()) graphs.push_back(c.g);
  for (const Graph& g : graphs)
    for (double alpha : {0.5, 2.0, 15.0, 1e9})
      for (double beta : {1.0, 18.0, 1e9}) {
        const int32_t source = g.vertices > 5 ? 5 : 0;
        out.push_back({g, params(Variant::Fast, source, 32 + 32 * (out.size() % 4), alpha, beta)});
      }
  return out;
}

int bottom_up_levels(const TeachRun& run) {
  int k = 0;
  for (const LevelStats& s : run.result.levels) k += s.direction == Direction::BottomUp;
  return k;
}

TEST(BfsCpuTeachList, StatisticsFromTheTraceAreTheFastEngines) {
  int with_bottom_up = 0, with_lists = 0;
  for (const Search& s : searches()) {
    const std::string what = test::describe(s.p, s.g);
    const TeachRun run = teach(s.p, s.g, Backend::Cpu);
    ASSERT_EQ(run.result.level, graph::bfs_reference(s.g, s.p.source)) << what;
    test::expect_parents(s.g, s.p.source, run.result);
    test::expect_same_stats(run.result.levels, test::engine_stats(s.g, s.p), what);
    with_bottom_up += bottom_up_levels(run) > 0;
    with_lists += bottom_up_levels(run) > 1;
  }
  EXPECT_GT(with_bottom_up, 20);
  EXPECT_GT(with_lists, 10);  // later bottom-up levels take a list
}

TEST(BfsCpuTeachList, TheTextbookGraphAndKarateGoBottomUpAndCountTheChunks) {
  // The brief's two graphs: pmpp with alpha 0.5 and karate with alpha 2 take bottom-up levels,
  // and their edges examined are the chunked reads, not one in-edge at a time.
  const Graph karate = graph::load_graph(std::string(WS_TEST_GRAPHS_DIR) + "/karate.mtx");
  for (const auto& [g, alpha] : {std::pair{graph::generate("pmpp"), 0.5}, std::pair{karate, 2.0}}) {
    const TeachParams p = params(Variant::Fast, 0, 32, alpha, 18);
    const TeachRun run = teach(p, g, Backend::Cpu);
    ASSERT_GT(bottom_up_levels(run), 0) << g.name;
    const std::vector<LevelStats> engine = test::engine_stats(g, p);
    const Graph csc = transpose(g);
    const std::vector<int64_t> chunked =
        pull_edges_examined(csc, run.result.level, int32_t(run.result.levels.size()), true);
    for (size_t d = 0; d < run.result.levels.size(); ++d) {
      if (run.result.levels[d].direction != Direction::BottomUp) continue;
      EXPECT_EQ(run.result.levels[d].edges_examined, engine[d].edges_examined) << d;
      // The unvisited vertices a list leaves out have no in-edges: the same reads as every one.
      EXPECT_EQ(run.result.levels[d].edges_examined, chunked[d]) << g.name << ", level " << d;
    }
  }
}

// In every bottom-up level of 7, each vertex of the list that is unvisited reads its in-edges
// in order, at most 4 a step in consecutive steps, bottom_up_reads(hit, degree, chunked) of them
// in all (hit: the first in-neighbour in the frontier, found here by brute force), and takes
// that in-neighbour as its parent.
TEST(BfsCpuTeachList, EachVertexReadsItsInEdgesInChunksOfFourUpToItsParent) {
  int checked = 0;
  for (const Search& s : searches()) {
    const std::string what = test::describe(s.p, s.g);
    const TeachRun run = teach(s.p, s.g, Backend::Cpu);
    const std::vector<int32_t>& level = run.result.level;
    const int rows = teach_buffer(run.trace, "rows"), list = teach_buffer(run.trace, "list");
    ASSERT_GE(list, 0) << what;
    const Graph csc = transpose(s.g);
    // Per (depth, vertex): the rows entries read, step by step.
    std::map<std::pair<int32_t, int32_t>, std::vector<std::vector<int64_t>>> reads;
    std::map<int32_t, int> chunk_steps;  // depth -> steps of chunks
    for (size_t k = 0; k < run.trace.steps.size(); ++k) {
      const TraceStep& step = run.trace.steps[k];
      if (step.code_marker != "@bfs-list-chunk") continue;
      const int32_t d = run.step_depth[k];
      ++chunk_steps[d];
      std::map<int32_t, std::vector<int64_t>> by_vertex;
      for (const TraceEvent& e : step.events)
        if (e.kind == EventKind::Read && e.buffer == rows) {
          // The thread's vertex: the CSC column holding the entry.
          int32_t v = 0;
          while (int64_t(csc.row_offsets[v + 1]) <= e.address) ++v;
          by_vertex[v].push_back(e.address);
        }
      for (auto& [v, entries] : by_vertex) reads[{d, v}].push_back(entries);
    }
    for (const auto& [key, steps] : reads) {
      const auto [d, v] = key;
      const std::vector<int32_t> in = test::in_neighbours(s.g, v);
      int64_t hit = -1;
      for (size_t k = 0; k < in.size() && hit < 0; ++k)
        if (level[in[k]] == d) hit = int64_t(k);
      int64_t next = csc.row_offsets[v], total = 0;
      for (const std::vector<int64_t>& chunk : steps) {
        ASSERT_LE(chunk.size(), 4u) << what;
        for (int64_t e : chunk) EXPECT_EQ(e, next++) << what << ", vertex " << v;
        total += int64_t(chunk.size());
      }
      EXPECT_EQ(total, bottom_up_reads(hit, int64_t(in.size()), true))
          << what << ", level " << d << ", vertex " << v;
      if (hit >= 0) {
        EXPECT_EQ(run.result.parent[v], in[size_t(hit)]) << what << ", vertex " << v;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 500);
}

// The threads of each bottom-up level are its list: fast_bottom_up_threads long, and, from the
// second bottom-up level on, the list buffer holds exactly the vertices the last bottom-up level
// left unvisited with in-edges (in the order they were appended). The "left tail" atomics add
// them one by one.
TEST(BfsCpuTeachList, ListsAreTheVerticesTheLastBottomUpLevelLeft) {
  int listed_levels = 0;
  for (const Search& s : searches()) {
    const std::string what = test::describe(s.p, s.g);
    const TeachRun run = teach(s.p, s.g, Backend::Cpu);
    const Graph csc = transpose(s.g);
    std::vector<Direction> dirs;
    for (const LevelStats& l : run.result.levels) dirs.push_back(l.direction);
    const std::vector<int64_t> threads = fast_bottom_up_threads(csc, run.result.level, dirs);
    const auto snapshots = replay_snapshots(run.trace);
    const int list = teach_buffer(run.trace, "list"),
              left_tail = teach_buffer(run.trace, "left tail");
    const std::vector<int32_t>& level = run.result.level;
    std::map<int32_t, int64_t> keeps;  // depth -> atomics on "left tail"
    std::map<int32_t, int> first_step;
    for (size_t k = 0; k < run.trace.steps.size(); ++k) {
      const int32_t d = run.step_depth[k];
      if (!first_step.count(d)) first_step[d] = int(k);
      for (const TraceEvent& e : run.trace.steps[k].events)
        if (e.kind == EventKind::Atomic && e.buffer == left_tail) {
          EXPECT_EQ(e.value, 1) << what;
          ++keeps[d];
        }
    }
    int32_t last_bottom_up = -1;
    for (size_t d = 0; d < run.result.levels.size(); ++d) {
      const LevelStats& l = run.result.levels[d];
      if (l.direction != Direction::BottomUp) continue;
      EXPECT_EQ(l.threads, threads[d]) << what << ", level " << d;
      // What this level leaves: the vertices unvisited after it with in-edges (all of them are
      // in its list, which holds every such vertex of the last bottom-up level).
      int64_t left = 0;
      for (int32_t v = 0; v < s.g.vertices; ++v)
        left += (level[v] < 0 || level[v] > int32_t(d) + 1) &&
                csc.row_offsets[v + 1] > csc.row_offsets[v];
      EXPECT_EQ(keeps[int32_t(d)], left) << what << ", level " << d;
      if (last_bottom_up >= 0) {
        ++listed_levels;
        // The list at the level's start (the snapshot before its first step).
        const std::vector<double>& now =
            snapshots[size_t(first_step[int32_t(d)]) - 1][size_t(list)];
        std::vector<int32_t> got;
        for (int64_t i = 0; i < l.threads; ++i) got.push_back(int32_t(now[size_t(i)]));
        std::vector<int32_t> want;
        for (int32_t v = 0; v < s.g.vertices; ++v)
          if ((level[v] < 0 || level[v] > last_bottom_up + 1) &&
              csc.row_offsets[v + 1] > csc.row_offsets[v])
            want.push_back(v);
        std::sort(got.begin(), got.end());  // appended in thread order, step by step
        EXPECT_EQ(got, want) << what << ", level " << d;
      }
      last_bottom_up = int32_t(d);
    }
  }
  EXPECT_GT(listed_levels, 10);
}

}  // namespace
}  // namespace ws::bfs
