// Teach mode on the GPU: every variant's traced kernels record exactly their CPU twin's trace
// and give the same result (levels, parents, per-level statistics), over graphs of every shape,
// sources and block sizes; small runs for compute-sanitizer (memcheck, racecheck, synccheck).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "../kernels/bfs_teach_test_support.h"
#include "bfs/bfs.h"
#include "bfs/bfs_teach_cpu.h"
#include "common/error.h"
#include "common/trace.h"
#include "../kernels/shipped_graphs_test_support.h"
#include "gpu_test_support.h"

namespace ws::bfs {
namespace {

using test::kAllVariants;
using test::params;

void expect_twins(const TeachParams& p, const Graph& g) {
  const std::string what = test::describe(p, g);
  const TeachRun cpu = teach(p, g, Backend::Cpu);
  const TeachRun gpu = teach(p, g, Backend::Cuda);
  ASSERT_EQ(compare_traces(cpu.trace, gpu.trace), "") << what;
  ASSERT_EQ(gpu.result.level, cpu.result.level) << what;
  ASSERT_EQ(gpu.result.parent, cpu.result.parent) << what;
  ASSERT_EQ(gpu.result.level, graph::bfs_reference(g, p.source)) << what;
  test::expect_same_stats(gpu.result.levels, cpu.result.levels, what);
  ASSERT_EQ(gpu.result.reached, cpu.result.reached) << what;
  ASSERT_EQ(gpu.result.traversed_edges, cpu.result.traversed_edges) << what;
}

TEST(BfsGpuTeach, TracesEqualTheCpuTwins) {
  WS_SKIP_WITHOUT_GPU();
  int k = 0;
  for (const test::Case& c : test::small_graphs())
    for (Variant v : kAllVariants) {
      const int block = 32 * (1 + (k++ % 4));
      expect_twins(params(v, c.source, block), c.g);
    }
}

TEST(BfsGpuTeach, KarateFromSeveralSourcesAndDirectionSettings) {
  WS_SKIP_WITHOUT_GPU();
  const Graph g = graph::load_graph(ws::test::shipped_graphs_dir() + "/karate.mtx");
  for (Variant v : kAllVariants)
    for (int32_t source : {0, 16, 33})
      for (int block : {32, 96}) expect_twins(params(v, source, block), g);
  for (Variant v : {Variant::DirectionOptimizing, Variant::Fast})
    for (double alpha : {0.01, 0.5, 2.0, 100.0})
      for (double beta : {1.0, 18.0, 200.0}) expect_twins(params(v, 5, 64, alpha, beta), g);
  // 7's tiles on a hub (top-down throughout with a small alpha: 63 edges, 8 tiles).
  for (int block : {32, 128})
    expect_twins(params(Variant::Fast, 0, block, 0.01), graph::generate("star:64"));
}

// 7's bottom-up levels (a thread per list entry, 4 in-edges a step, the list of the vertices
// left): alphas that turn bottom-up at once or soon, betas that stay there (the later levels take
// the list) or turn back, on graphs of every shape. Each case has bottom-up levels on the CPU,
// and at least 10 have two or more (a list read).
TEST(BfsGpuTeach, FastBottomUpListsAndChunksEqualTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<test::Case> cases = test::small_graphs();
  cases.push_back({graph::load_graph(ws::test::shipped_graphs_dir() + "/karate.mtx"), 0});
  cases.push_back({graph::generate("pmpp"), 0});
  int bottom_up = 0, listed = 0, k = 0;
  for (const test::Case& c : cases)
    for (double alpha : {2.0, 1e9})
      for (double beta : {1.0, 1e9}) {
        const TeachParams p = params(Variant::Fast, c.source, 32 * (1 + (k++ % 4)), alpha, beta);
        int levels = 0;
        for (const LevelStats& s : teach(p, c.g, Backend::Cpu).result.levels)
          levels += s.direction == Direction::BottomUp;
        bottom_up += levels > 0;
        listed += levels > 1;
        expect_twins(p, c.g);
      }
  EXPECT_GT(bottom_up, 30);
  EXPECT_GT(listed, 10);
}

// 7's top-down levels (tiles of kTeachTile frontier edges, a block each: find the entries, stage
// them in shared memory, a thread per edge; the next queue's edge starts; or, by the rule of
// bfs_teach_cpu.h, the cluster or a thread per vertex): small alphas keep the search top-down,
// larger ones mix it with bottom-up levels (whose appends write edge starts too). At least 20
// top-down levels have more than a tile's edges, and at least 10 of them run as tiles.
TEST(BfsGpuTeach, FastTopDownTilesEqualTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<test::Case> cases = test::small_graphs();
  const Graph karate = graph::load_graph(ws::test::shipped_graphs_dir() + "/karate.mtx");
  cases.push_back({karate, 0});
  cases.push_back({karate, 33});
  cases.push_back({graph::generate("pmpp"), 0});
  cases.push_back({graph::generate("star:64"), 0});
  cases.push_back({graph::generate("er:60:6", 3), 5});
  int wide = 0, tiled = 0, k = 0;
  for (const test::Case& c : cases)
    for (double alpha : {0.01, 15.0}) {
      const TeachParams p = params(Variant::Fast, c.source, 32 * (1 + (k++ % 4)), alpha, 18);
      const TeachRun cpu = teach(p, c.g, Backend::Cpu);
      for (const LevelStats& s : cpu.result.levels)
        wide += s.direction == Direction::TopDown && s.frontier_edges > kTeachTile;
      for (const TraceStep& s : cpu.trace.steps)
        tiled += s.code_marker == "@bfs-tile-edge" && s.grid_dim > 1;
      expect_twins(p, c.g);
    }
  EXPECT_GT(wide, 20);
  EXPECT_GT(tiled, 10);
}

// 7's paths at teaching size (bfs_teach_cpu.h): the cluster phase on sparse graphs (the load,
// the blocks' counts and entries read through distributed shared memory, the expansions with
// their atomicCAS claims and pushes to the blocks' queues, the cluster barrier, the hand-over to
// the grid kernel), then the grid kernel's thread-per-vertex levels, its tiles where a hub is in
// the frontier, and its bottom-up lists: a grid from its corner and its middle (cluster, then
// the grid kernel), a tree and a path, a star and a dense graph (hubs: tiles), karate.
TEST(BfsGpuTeach, FastClusterThreadsAndTilesEqualTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<test::Case> cases;
  for (const char* spec : {"grid:8x8", "grid:6x6", "tree:5", "path:40", "star:64", "er:64:15"}) {
    Graph g = graph::generate(spec, 3);
    g.name = spec;
    cases.push_back({g, 0});
    cases.push_back({g, g.vertices / 2});
  }
  const Graph karate = graph::load_graph(ws::test::shipped_graphs_dir() + "/karate.mtx");
  for (int32_t source : {0, 16, 33}) cases.push_back({karate, source});
  std::map<std::string, int> seen;  // marker -> steps
  int k = 0;
  for (const test::Case& c : cases)
    for (double alpha : {0.01, 15.0, 1e9}) {
      const TeachParams p = params(Variant::Fast, c.source, 32 * (1 + (k++ % 4)), alpha, 18);
      for (const TraceStep& s : teach(p, c.g, Backend::Cpu).trace.steps) ++seen[s.code_marker];
      expect_twins(p, c.g);
    }
  for (const char* m :
       {"@bfs-cluster-load", "@bfs-cluster-counts", "@bfs-cluster-entry", "@bfs-cluster-edges",
        "@bfs-cluster-barrier", "@bfs-cluster-handover", "@bfs-threads-entry", "@bfs-threads-edges",
        "@bfs-tile-edge", "@bfs-list-chunk"})
    EXPECT_GT(seen[m], 5) << m;
}

// One small run of each variant for compute-sanitizer: memcheck, racecheck and synccheck clean.
TEST(BfsGpuTeach, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  const Graph g = graph::generate("grid:5x5");
  for (Variant v : kAllVariants) expect_twins(params(v, 12, 32), g);
  expect_twins(params(Variant::Fast, 12, 32, 1e9, 1e9), g);  // 7's bottom-up lists and chunks
  // 7's cluster phase, its hand-over and the grid kernel's threads (a frontier of 9 is too many
  // for the cluster), then its tiles (a star's hub).
  expect_twins(params(Variant::Fast, 14, 32, 0.01), graph::generate("grid:6x6"));
  expect_twins(params(Variant::Fast, 0, 32, 0.01), graph::generate("star:20"));
}

TEST(BfsGpuTeach, BadRequestsThrow) {
  WS_SKIP_WITHOUT_GPU();
  const Graph big = graph::generate("path:65");
  EXPECT_THROW(teach(params(Variant::Push, 0), big, Backend::Cuda), Error);
  EXPECT_THROW(teach(params(Variant::Push, 9), graph::generate("pmpp"), Backend::Cuda), Error);
}

}  // namespace
}  // namespace ws::bfs
