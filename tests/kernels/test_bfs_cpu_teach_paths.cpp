// Variant 7's teach trace takes the paths its kernels take (bfs_fast.cu, bfs_fast_cluster.cu), at
// the teaching sizes of bfs_teach_cpu.h: on sparse graphs (m < 8 n) the cluster phase first (4
// blocks, the entries in their shared memory, at most 8 entries and a block's share times the
// largest degree at most 8), then the grid kernel, whose top-down levels take a thread per vertex
// when the largest out-degree times its block of 8 fits the append queue of 32, else the tiles.
// Checked here: the kinds of level follow that rule, computed from the reference levels; levels
// and parents are the reference BFS's; the statistics are the fast engine's; the cluster's
// remote reads read another block's copy; its hand-over writes the grid kernel's queue.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "bfs/bfs.h"
#include "bfs/bfs_teach_cpu.h"
#include "bfs_teach_test_support.h"
#include "common/trace.h"
#include "common/trace_cluster.h"
#include "graph/graph.h"
#include "test_paths.h"

namespace ws::bfs {
namespace {

using test::params;
using test::Search;

Graph named(const std::string& spec) {
  Graph g = graph::generate(spec, 3);
  g.name = spec;
  return g;
}

// A grid (the cluster phase, then the grid kernel), a tree and a path, graphs with a hub (tiles
// still), karate, and the small graphs of every shape; alphas that stay top-down or turn.
std::vector<Search> searches() {
  std::vector<Graph> graphs = {named("grid:8x8"),
                               named("grid:6x6"),
                               named("tree:5"),
                               named("path:40"),
                               named("star:64"),
                               named("er:60:6"),
                               named("pmpp"),
                               named("er:64:15"),
                               graph::load_graph(std::string(WS_TEST_GRAPHS_DIR) + "/karate.mtx")};
  for (const test::Case& c : test::small_graphs()) graphs.push_back(c.g);
  std::vector<Search> out;
  for (const Graph& g : graphs)
    for (int32_t source : {0, g.vertices / 2})
      for (double alpha : {0.01, 15.0, 1e9})
        out.push_back({g, params(Variant::Fast, source, 32 * (1 + int(out.size() % 4)), alpha)});
  return out;
}

// What each level should run, from the rule's inputs: the reference levels (the frontier's
// size and largest out-degree), the directions of bfs.h's rule (brute_stats) and the graph's
// average degree. The markers its steps carry, in order.
std::vector<std::vector<std::string>> expected_markers(const Graph& g, const TeachParams& p) {
  const std::vector<int32_t> level = graph::bfs_reference(g, p.source);
  const std::vector<LevelStats> stats = test::brute_stats(g, p);
  const bool sparse = g.edges() < 8 * int64_t(g.vertices);
  enum { Off, Starting, Running } cluster = sparse ? Starting : Off;
  std::vector<std::vector<std::string>> out;
  for (size_t d = 0; d < stats.size(); ++d) {
    int64_t count = 0, largest = 0;
    for (int32_t v = 0; v < g.vertices; ++v)
      if (level[size_t(v)] == int32_t(d)) {
        ++count;
        largest = std::max<int64_t>(largest, g.degree(v));
      }
    const bool fits = count <= 8 && (count + 3) / 4 * largest <= 8;
    const bool top_down = stats[d].direction == Direction::TopDown;
    std::vector<std::string> m;
    const bool load = cluster == Starting && fits;
    const bool counts = cluster == Running || load;
    if (load) m.push_back("@bfs-cluster-load");
    if (counts) m.push_back("@bfs-cluster-counts");
    if (counts && top_down && fits) {  // the cluster expands the level
      m.push_back("@bfs-cluster-entry");
      for (int64_t k = 0; k < (largest + 3) / 4; ++k) m.push_back("@bfs-cluster-edges");
      m.push_back("@bfs-cluster-barrier");
      cluster = Running;
    } else {
      if (counts) m.push_back("@bfs-cluster-handover");
      cluster = Off;
      if (!top_down) {
        m.push_back("@bfs-list-vertex");  // and its chunks: counted by the list tests
      } else if (largest * 8 <= 32) {
        m.push_back("@bfs-threads-entry");
        for (int64_t k = 0; k < (largest + 3) / 4; ++k) m.push_back("@bfs-threads-edges");
      } else {
        for (const char* s : {"@bfs-tile-find", "@bfs-tile-stage", "@bfs-tile-edge"})
          m.push_back(s);
      }
    }
    out.push_back(m);
  }
  return out;
}

// The markers of each level's steps, without the bottom-up chunks and the swaps.
std::vector<std::vector<std::string>> traced_markers(const TeachRun& run) {
  std::vector<std::vector<std::string>> out(run.result.levels.size());
  for (size_t s = 0; s < run.trace.steps.size(); ++s) {
    const std::string& m = run.trace.steps[s].code_marker;
    if (m == "@bfs-list-chunk" || m == "@bfs-swap" || m == "@bfs-list-swap") continue;
    out.at(size_t(run.step_depth[s])).push_back(m);
  }
  return out;
}

TEST(BfsCpuTeachPaths, EachLevelTakesTheKernelsPathByTheRule) {
  std::map<std::string, int> seen;  // marker -> levels with it
  for (const Search& s : searches()) {
    const std::string what = test::describe(s.p, s.g);
    const TeachRun run = teach(s.p, s.g, Backend::Cpu);
    ASSERT_EQ(run.result.level, graph::bfs_reference(s.g, s.p.source)) << what;
    test::expect_parents(s.g, s.p.source, run.result);
    ASSERT_EQ(traced_markers(run), expected_markers(s.g, s.p)) << what;
    for (const auto& level : traced_markers(run))
      for (const std::string& m : std::set<std::string>(level.begin(), level.end())) ++seen[m];
  }
  // Every path came up, each many times.
  for (const char* m : {"@bfs-cluster-load", "@bfs-cluster-entry", "@bfs-cluster-handover",
                        "@bfs-threads-entry", "@bfs-tile-find", "@bfs-list-vertex"})
    EXPECT_GT(seen[m], 10) << m;
}

TEST(BfsCpuTeachPaths, StatisticsFromTheTraceAreTheFastEngines) {
  for (const Search& s : searches()) {
    const std::string what = test::describe(s.p, s.g);
    const TeachRun run = teach(s.p, s.g, Backend::Cpu);
    test::expect_same_stats(run.result.levels, test::brute_stats(s.g, s.p), what + " (rule)");
    test::expect_same_stats(run.result.levels, test::engine_stats(s.g, s.p), what + " (engine)");
  }
}

// The first step of each level with `marker`.
std::map<int32_t, int> steps_with(const TeachRun& run, const std::string& marker) {
  std::map<int32_t, int> out;
  for (size_t s = 0; s < run.trace.steps.size(); ++s)
    if (run.trace.steps[s].code_marker == marker) out.emplace(run.step_depth[s], int(s));
  return out;
}

// A cluster level's threads read their entries where the blocks hold them: a RemoteRead names
// another block's copy (block-major address) and reads the value that copy holds; the blocks'
// counts are read by every block, three remote reads per other block.
TEST(BfsCpuTeachPaths, ClusterThreadsReadOtherBlocksSharedMemoryThroughRemoteReads) {
  const Graph g = named("grid:8x8");  // from a corner, top-down: every level in the cluster
  const TeachRun run = teach(params(Variant::Fast, 0, 32, 0.01), g, Backend::Cpu);
  const Trace& trace = run.trace;
  const auto snapshots = replay_snapshots(trace);
  const int queue = teach_buffer(trace, "cluster queue");
  const int counts = teach_buffer(trace, "cluster counts");
  int remote_entries = 0, levels = 0;
  for (const auto& [d, s] : steps_with(run, "@bfs-cluster-entry")) {
    ++levels;
    const TraceStep& step = trace.steps[size_t(s)];
    std::multiset<int32_t> vertices;  // the entries the threads read, from any block
    for (const TraceEvent& e : step.events) {
      if (e.buffer != queue) continue;
      const int32_t reader = e.thread / step.block_dim;
      const int64_t flat = e.kind == kRemoteRead
                               ? e.address
                               : int64_t(reader) * trace.buffers[size_t(queue)].size + e.address;
      if (e.kind == kRemoteRead) {
        EXPECT_NE(e.address / trace.buffers[size_t(queue)].size, reader) << "level " << d;
        ++remote_entries;
      }
      EXPECT_EQ(e.value, snapshots[size_t(s) - 1][size_t(queue)][size_t(flat)]) << "level " << d;
      vertices.insert(int32_t(e.value));
    }
    std::multiset<int32_t> frontier;
    for (int32_t v = 0; v < g.vertices; ++v)
      if (run.result.level[size_t(v)] == d) frontier.insert(v);
    EXPECT_EQ(vertices, frontier) << "level " << d;
    // The counts step before: each of the 4 blocks reads the other 3 blocks' three fields.
    int remote_counts = 0;
    for (int k = s - 1; k >= 0 && run.step_depth[size_t(k)] == d; --k)
      if (trace.steps[size_t(k)].code_marker == "@bfs-cluster-counts")
        for (const TraceEvent& e : trace.steps[size_t(k)].events)
          remote_counts += e.kind == kRemoteRead;
    EXPECT_EQ(remote_counts, kTeachClusterBlocks * (kTeachClusterBlocks - 1) * 3) << "level " << d;
    (void)counts;
  }
  EXPECT_GT(levels, 3);
  EXPECT_GT(remote_entries, 5);
}

// A level's discoveries in the cluster land in the blocks' next halves: together they are the
// vertices of the next level, and the blocks' counts add up to them.
TEST(BfsCpuTeachPaths, ClusterLevelsPushTheirDiscoveriesToTheBlocksQueues) {
  const Graph g = named("tree:5");  // top-down: levels 0-3 in the cluster, 16 entries too many
  const TeachRun run = teach(params(Variant::Fast, 0, 32, 0.01), g, Backend::Cpu);
  const Trace& trace = run.trace;
  const auto snapshots = replay_snapshots(trace);
  const int queue = teach_buffer(trace, "cluster queue");
  const int counts = teach_buffer(trace, "cluster counts");
  const int size = trace.buffers[size_t(queue)].size, counts_size = 6;
  int levels = 0;
  for (const auto& [d, s] : steps_with(run, "@bfs-cluster-barrier")) {
    std::multiset<int32_t> pushed, expected;
    int64_t counted = 0;
    for (int b = 0; b < kTeachClusterBlocks; ++b) {
      const int held =
          int(snapshots[size_t(s)][size_t(counts)][size_t(b * counts_size + 2 * ((d + 1) % 3))]);
      counted += held;
      for (int k = 0; k < held; ++k)
        pushed.insert(int32_t(snapshots[size_t(s)][size_t(queue)]
                                       [size_t(b * size + ((d + 1) & 1) * kTeachClusterCap + k)]));
    }
    for (int32_t v = 0; v < g.vertices; ++v)
      if (run.result.level[size_t(v)] == d + 1) expected.insert(v);
    EXPECT_EQ(pushed, expected) << "level " << d;
    EXPECT_EQ(counted, run.result.levels[size_t(d)].discovered) << "level " << d;
    ++levels;
  }
  EXPECT_GT(levels, 2);
}

// The hand-over writes the grid kernel's queue: the level's vertices, each with the out-degrees
// of the entries before it summed.
TEST(BfsCpuTeachPaths, TheHandOverWritesTheFrontierWithItsEdgeStarts) {
  int handovers = 0;
  for (const Search& s : searches()) {
    const TeachRun run = teach(s.p, s.g, Backend::Cpu);
    const Trace& trace = run.trace;
    const auto snapshots = replay_snapshots(trace);
    const int frontier = teach_buffer(trace, "frontier");
    const int starts = teach_buffer(trace, "edge start");
    for (const auto& [d, step] : steps_with(run, "@bfs-cluster-handover")) {
      const int64_t count = run.result.levels[size_t(d)].frontier;
      std::multiset<int32_t> queued, expected;
      int64_t sum = 0;
      for (int64_t i = 0; i < count; ++i) {
        const int32_t v = int32_t(snapshots[size_t(step)][size_t(frontier)][size_t(i)]);
        queued.insert(v);
        EXPECT_EQ(snapshots[size_t(step)][size_t(starts)][size_t(i)], double(sum))
            << test::describe(s.p, s.g) << ", level " << d << ", entry " << i;
        sum += s.g.degree(v);
      }
      for (int32_t v = 0; v < s.g.vertices; ++v)
        if (run.result.level[size_t(v)] == d) expected.insert(v);
      EXPECT_EQ(queued, expected) << test::describe(s.p, s.g) << ", level " << d;
      ++handovers;
    }
  }
  EXPECT_GT(handovers, 20);
}

// A frontier of one entry (the hub of a star, too wide for the cluster and for a thread per
// vertex): the tiles' search has one candidate and makes no probe, as the kernel's.
TEST(BfsCpuTeachPaths, AOneEntryFrontiersTileSearchReadsNothing) {
  const TeachRun run = teach(params(Variant::Fast, 0, 32, 0.01), named("star:64"), Backend::Cpu);
  const auto find = steps_with(run, "@bfs-tile-find");
  ASSERT_TRUE(find.count(0));
  EXPECT_EQ(run.result.levels[0].frontier, 1);
  EXPECT_TRUE(run.trace.steps[size_t(find.at(0))].events.empty());
  EXPECT_GT(run.trace.steps[size_t(find.at(0)) + 1].events.size(), 0u);  // the stage step
}

}  // namespace
}  // namespace ws::bfs
