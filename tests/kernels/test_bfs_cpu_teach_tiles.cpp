// Variant 7's top-down levels in teach mode trace what its kernel does (bfs_fast.cu's
// top_down_tiles): the frontier queue carries edge_start, the prefix sum of its entries'
// out-degrees, so the frontier's m_f edges are one index space; tiles of kTeachTile consecutive
// edges, a block each; thread t of the level takes edge t, finds its entry by a binary search of
// the staged edge starts and claims the target. Checked here by brute force on the trace: the
// tiles cover the frontier's edges exactly once, each thread reads the edge its entry's range
// holds, edge_start is the queue's degree prefix sum, a hub's row spreads over several tiles, and
// the statistics are the fast engine's.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "bfs/bfs.h"
#include "bfs/bfs_teach_cpu.h"
#include "bfs_teach_test_support.h"
#include "common/trace.h"
#include "graph/graph.h"
#include "test_paths.h"

namespace ws::bfs {
namespace {

using test::params;

Graph karate() {
  return graph::load_graph(std::string(WS_TEST_GRAPHS_DIR) + "/karate.mtx");
}

// Graphs and sources whose searches at a small alpha stay top-down (m_f > m_u / alpha never)
// and whose frontiers hold vertices of more than 4 out-edges (the levels that take tiles; the
// others take a thread per vertex or run in the cluster: test_bfs_cpu_teach_paths.cpp).
std::vector<std::pair<Graph, int32_t>> searches() {
  return {{karate(), 0},
          {karate(), 33},
          {graph::generate("star:64"), 0},
          {graph::generate("er:60:6", 3), 5},
          {graph::generate("er:64:15", 9), 0},
          {graph::generate("er:64:15", 9), 7}};
}

// The first step of each level with the given marker.
std::map<int32_t, int> steps_with(const TeachRun& run, const std::string& marker) {
  std::map<int32_t, int> out;
  for (size_t s = 0; s < run.trace.steps.size(); ++s)
    if (run.trace.steps[s].code_marker == marker) out.emplace(run.step_depth[s], int(s));
  return out;
}

std::vector<int32_t> as_ints(const std::vector<double>& v, size_t count) {
  return std::vector<int32_t>(v.begin(), v.begin() + std::ptrdiff_t(count));
}

TEST(BfsCpuTeachTiles, EachThreadTakesTheEdgeItsEntrysRangeHoldsAndTheTilesCoverTheFrontier) {
  int levels = 0;
  for (const auto& [g, source] : searches()) {
    const TeachParams p = params(Variant::Fast, source, 64, 0.01);
    const TeachRun run = teach(p, g, Backend::Cpu);
    const std::string what = test::describe(p, g);
    ASSERT_EQ(run.result.level, graph::bfs_reference(g, source)) << what;
    test::expect_parents(g, source, run.result);
    const Trace& trace = run.trace;
    const auto snapshots = replay_snapshots(trace);
    const int frontier_buf = teach_buffer(trace, "frontier");
    const int start_buf = teach_buffer(trace, "edge start");
    const int columns = teach_buffer(trace, "columns");
    const int tile_start = teach_buffer(trace, "tile start");
    for (const auto& [d, s] : steps_with(run, "@bfs-tile-edge")) {
      const LevelStats& stats = run.result.levels.at(size_t(d));
      ASSERT_EQ(stats.direction, Direction::TopDown) << what;
      // The level's queue as the find step saw it (before the step: the level's first).
      const int find = s - 2;
      ASSERT_EQ(trace.steps[size_t(find)].code_marker, "@bfs-tile-find");
      const std::vector<double>& before = find > 0
                                              ? snapshots[size_t(find) - 1][size_t(frontier_buf)]
                                              : trace.buffers[size_t(frontier_buf)].initial;
      const std::vector<double>& starts_before =
          find > 0 ? snapshots[size_t(find) - 1][size_t(start_buf)]
                   : trace.buffers[size_t(start_buf)].initial;
      const std::vector<int32_t> queue = as_ints(before, size_t(stats.frontier));
      const std::vector<int32_t> starts = as_ints(starts_before, size_t(stats.frontier));
      // edge_start is the prefix sum of the queue's out-degrees.
      int64_t sum = 0;
      for (size_t i = 0; i < queue.size(); ++i) {
        EXPECT_EQ(starts[i], sum) << what << ", level " << d << ", entry " << i;
        sum += g.degree(queue[i]);
      }
      ASSERT_EQ(sum, stats.frontier_edges) << what;
      // Thread e reads columns at the CSR index of frontier edge e, once; nothing else.
      std::map<int32_t, std::vector<int64_t>> read_by;
      std::set<int32_t> blocks_searching;
      for (const TraceEvent& e : trace.steps[size_t(s)].events) {
        if (e.kind == EventKind::Read && e.buffer == columns)
          read_by[e.thread].push_back(e.address);
        if (e.kind == EventKind::Read && e.buffer == tile_start)
          blocks_searching.insert(e.thread / kTeachTile);
      }
      ASSERT_EQ(int64_t(read_by.size()), stats.frontier_edges) << what << ", level " << d;
      for (int32_t e = 0; e < int32_t(stats.frontier_edges); ++e) {
        size_t i = 0;  // the entry whose range holds e: starts[i] <= e < starts[i + 1]
        while (i + 1 < queue.size() && starts[i + 1] <= e) ++i;
        const int64_t csr = g.row_offsets[size_t(queue[i])] + (e - starts[i]);
        ASSERT_EQ(read_by[e], std::vector<int64_t>{csr})
            << what << ", level " << d << ", edge " << e;
      }
      // Every tile's block searched its staged starts; the launch is one block per tile.
      const int64_t tiles = (stats.frontier_edges + kTeachTile - 1) / kTeachTile;
      EXPECT_EQ(int64_t(blocks_searching.size()), tiles) << what;
      EXPECT_EQ(trace.steps[size_t(s)].grid_dim, std::max<int64_t>(tiles, 1)) << what;
      EXPECT_EQ(trace.steps[size_t(s)].block_dim, kTeachTile) << what;
      ++levels;
    }
  }
  EXPECT_GT(levels, 10);
}

// The find step: thread 0 of each tile's block reads edge start entries only; the stage step
// copies the entries from the first holding the tile's first edge to the one holding its last
// into the block's shared tile arrays.
TEST(BfsCpuTeachTiles, BlocksFindAndStageTheEntriesTheirTileSpans) {
  const Graph g = karate();
  const TeachRun run = teach(params(Variant::Fast, 33, 32, 0.01), g, Backend::Cpu);
  const Trace& trace = run.trace;
  const auto snapshots = replay_snapshots(trace);
  const int start_buf = teach_buffer(trace, "edge start");
  const int tile_start = teach_buffer(trace, "tile start");
  int staged = 0;
  for (const auto& [d, s] : steps_with(run, "@bfs-tile-stage")) {
    for (const TraceEvent& e : trace.steps[size_t(s) - 1].events) {
      EXPECT_EQ(e.thread % kTeachTile, 0) << "level " << d;
      EXPECT_EQ(e.buffer, start_buf) << "level " << d;
      EXPECT_EQ(e.kind, EventKind::Read) << "level " << d;
    }
    const std::vector<double>& starts = snapshots[size_t(s)][size_t(start_buf)];
    const int64_t count = run.result.levels[size_t(d)].frontier;
    const int64_t edges = run.result.levels[size_t(d)].frontier_edges;
    std::map<int, std::vector<double>> written;  // per block, in order
    for (const TraceEvent& e : trace.steps[size_t(s)].events)
      if (e.kind == EventKind::Write && e.buffer == tile_start) {
        std::vector<double>& w = written[e.thread / kTeachTile];
        if (w.size() <= size_t(e.address)) w.resize(size_t(e.address) + 1);
        w[size_t(e.address)] = e.value;
      }
    for (int64_t tile = 0; tile * kTeachTile < edges; ++tile) {
      const int64_t ts = tile * kTeachTile, last = std::min(edges, ts + kTeachTile) - 1;
      int64_t i0 = 0, i1 = 0;  // the last entries starting at or before ts and last
      for (int64_t i = 0; i < count; ++i) {
        if (starts[size_t(i)] <= ts) i0 = i;
        if (starts[size_t(i)] <= last) i1 = i;
      }
      const std::vector<double> expected(starts.begin() + i0, starts.begin() + i1 + 1);
      EXPECT_EQ(written[int(tile)], expected) << "level " << d << ", tile " << tile;
      ++staged;
    }
  }
  EXPECT_GT(staged, 5);
}

// A hub's row is spread over several tiles (blocks): karate's vertices 0 (16 edges) and 33 (17)
// and a star's centre (63: all 8 tiles of its level), where a thread or a warp per vertex would
// walk it alone.
TEST(BfsCpuTeachTiles, AHubsRowSpreadsOverSeveralBlocks) {
  for (const auto& [spec, source, tiles] :
       {std::tuple{"karate", 0, 2}, std::tuple{"karate", 33, 3}, std::tuple{"star:64", 0, 8}}) {
    const Graph g = std::string(spec) == "karate" ? karate() : graph::generate(spec);
    const TeachRun run = teach(params(Variant::Fast, source, 32, 0.01), g, Backend::Cpu);
    const int columns = teach_buffer(run.trace, "columns");
    const int s = steps_with(run, "@bfs-tile-edge").at(0);
    std::set<int32_t> blocks;
    for (const TraceEvent& e : run.trace.steps[size_t(s)].events)
      if (e.kind == EventKind::Read && e.buffer == columns) blocks.insert(e.thread / kTeachTile);
    EXPECT_EQ(int(blocks.size()), tiles) << spec << " from " << source;
    EXPECT_EQ(run.result.levels[0].threads, 1) << spec;  // the statistics rule: the frontier
  }
}

TEST(BfsCpuTeachTiles, StatisticsFromTheTraceAreTheFastEngines) {
  for (const auto& [g, source] : searches())
    for (double alpha : {0.01, 15.0}) {
      const TeachParams p = params(Variant::Fast, source, 32, alpha, 18);
      const TeachRun run = teach(p, g, Backend::Cpu);
      const std::vector<LevelStats> engine = test::engine_stats(g, p);
      test::expect_same_stats(run.result.levels, engine, test::describe(p, g));
      for (const LevelStats& s : run.result.levels)
        if (s.direction == Direction::TopDown) {
          EXPECT_EQ(s.edges_examined, s.frontier_edges) << test::describe(p, g);
        }
    }
}

}  // namespace
}  // namespace ws::bfs
