// The CPU baseline (time_cpu_baseline): the tuned multithreaded direction-optimizing BFS gives
// bfs_reference's levels and passes verify() with 1, 2 and 4 threads, takes variant 3's
// directions and reports variant 3's counts (bfs_level_stats.h), and names its thread count.
// (Variant 7 reads more on bottom-up levels: the warp steps of long in-lists.)
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <thread>

#include "bfs/bfs.h"
#include "bfs/bfs_level_stats.h"
#include "bfs_cpu_test_support.h"
#include "common/error.h"
#include "graph/graph.h"

namespace ws::bfs {
namespace {

using test::test_graphs;
using test::test_sources;

TEST(BfsCpuBaseline, LevelsEqualTheReferenceWithOneTwoAndFourThreads) {
  for (const auto& [name, g] : test_graphs()) {
    const Graph csc = transpose(g);
    for (int32_t source : test_sources(g)) {
      const std::vector<int32_t> reference = graph::bfs_reference(g, source);
      Params p;
      p.variant = Variant::DirectionOptimizing;
      p.source = source;
      const std::vector<LevelStats> want = level_stats(p, g, csc, reference);
      for (int threads : {1, 2, 4}) {
        const std::string where =
            name + ", source " + std::to_string(source) + ", " + std::to_string(threads);
        const CpuBaseline b = time_cpu_baseline(g, source, 1, threads);
        ASSERT_EQ(b.result.level, reference) << where;
        EXPECT_EQ(verify(g, source, b.result.level, b.result.parent), "") << where;
        EXPECT_EQ(b.threads, threads) << where;
        EXPECT_EQ(b.result.traversed_edges, traversed_edges(g, reference)) << where;
        ASSERT_EQ(b.result.levels.size(), want.size()) << where;
        for (size_t d = 0; d < want.size(); ++d) {
          const LevelStats &got = b.result.levels[d], &w = want[d];
          EXPECT_EQ(got.direction, w.direction) << where << " depth " << d;
          EXPECT_EQ(got.frontier, w.frontier) << where << " depth " << d;
          EXPECT_EQ(got.frontier_edges, w.frontier_edges) << where << " depth " << d;
          EXPECT_EQ(got.unvisited_edges, w.unvisited_edges) << where << " depth " << d;
          EXPECT_EQ(got.discovered, w.discovered) << where << " depth " << d;
          EXPECT_EQ(got.edges_examined, w.edges_examined) << where << " depth " << d;
        }
      }
    }
  }
}

TEST(BfsCpuBaseline, RepeatsAlphaBetaAndTheName) {
  const Graph g = graph::generate("kron:11:16", 7);
  int32_t source = 0;
  while (g.degree(source) == 0) ++source;
  const std::vector<int32_t> reference = graph::bfs_reference(g, source);
  const CpuBaseline b = time_cpu_baseline(g, source, 3, 2, 4, 30);
  EXPECT_EQ(b.result.level, reference);
  EXPECT_GT(b.ms, 0);
  EXPECT_TRUE(std::isfinite(b.ms));
  EXPECT_EQ(b.name, "CPU direction-optimizing BFS, 2 threads");
  Params p;
  p.variant = Variant::DirectionOptimizing;
  p.source = source;
  p.alpha = 4;
  p.beta = 30;
  const auto want = level_stats(p, g, transpose(g), reference);
  ASSERT_EQ(b.result.levels.size(), want.size());
  for (size_t d = 0; d < want.size(); ++d)
    EXPECT_EQ(b.result.levels[d].direction, want[d].direction) << d;
  EXPECT_EQ(time_cpu_baseline(g, source, 1, 1).name, "CPU direction-optimizing BFS, 1 thread");
  const CpuBaseline all = time_cpu_baseline(g, source, 1, 0);
  // Automatic: all hardware threads, but at most one per 32768 vertices and edges.
  const int64_t work = int64_t(g.vertices) + g.edges();
  EXPECT_EQ(all.threads, int(std::min<int64_t>(std::max(1u, std::thread::hardware_concurrency()),
                                               std::max<int64_t>(1, work / 32768))));
  EXPECT_NE(all.name.find(std::to_string(all.threads) + " thread"), std::string::npos);
  EXPECT_EQ(all.result.level, reference);
}

TEST(BfsCpuBaseline, RejectsBadArguments) {
  const Graph g = graph::generate("path:5");
  EXPECT_THROW(time_cpu_baseline(g, 5, 1), Error);
  EXPECT_THROW(time_cpu_baseline(g, 0, 1, -1), Error);
  EXPECT_THROW(time_cpu_baseline(g, 0, 1, 1, 0), Error);
  EXPECT_THROW(time_cpu_baseline(g, 0, 1, 1, 15, -1), Error);
}

}  // namespace
}  // namespace ws::bfs
