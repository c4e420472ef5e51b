// Teach mode on the CPU: every variant's traced search gives bfs_reference's levels, valid
// parents and bfs.h's per-level statistics (recounted by brute force), on the textbook graph,
// karate and small graphs of every shape; the trace replays to the result.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "bfs/bfs.h"
#include "bfs_teach_test_support.h"
#include "common/trace.h"
#include "graph/graph.h"
#include "test_paths.h"

namespace ws::bfs {
namespace {

using test::kAllVariants;
using test::params;

// The level buffer at the end of the replayed trace, as int32.
std::vector<int32_t> replayed(const TeachRun& run, const char* name) {
  const int b = teach_buffer(run.trace, name);
  EXPECT_GE(b, 0) << name;
  if (b < 0 || run.trace.steps.empty()) return {};
  const auto snapshots = replay_snapshots(run.trace);
  const std::vector<double>& v = snapshots.back()[size_t(b)];
  return std::vector<int32_t>(v.begin(), v.end());
}

void expect_good_run(const Graph& g, const TeachParams& p) {
  const std::string what = test::describe(p, g);
  const TeachRun run = teach(p, g, Backend::Cpu);
  const std::vector<int32_t> reference = graph::bfs_reference(g, p.source);
  ASSERT_EQ(run.result.level, reference) << what;
  test::expect_parents(g, p.source, run.result);
  EXPECT_EQ(verify(g, p.source, run.result.level, run.result.parent), "") << what;
  EXPECT_EQ(run.result.traversed_edges, traversed_edges(g, reference)) << what;
  test::expect_same_stats(run.result.levels, test::brute_stats(g, p), what);
  test::expect_same_stats(run.result.levels, test::engine_stats(g, p), what + " (CPU engine)");
  EXPECT_EQ(replayed(run, "level"), reference) << what;
  EXPECT_EQ(replayed(run, "parent"), run.result.parent) << what;
  EXPECT_EQ(run.step_depth.size(), run.trace.steps.size()) << what;
  int64_t reached = 0;
  for (int32_t l : reference) reached += l >= 0;
  EXPECT_EQ(run.result.reached, reached) << what;
  for (const LevelStats& s : run.result.levels) EXPECT_EQ(s.ms, 0) << what;
}

TEST(BfsCpuTeach, TheTextbookGraph) {
  const Graph g = graph::generate("pmpp");
  for (Variant v : kAllVariants) {
    const TeachRun run = teach(params(v, 0), g, Backend::Cpu);
    const std::vector<int32_t>& level = run.result.level;
    for (int32_t u : {1, 2}) EXPECT_EQ(level[u], 1) << info(v).id;
    for (int32_t u : {3, 4, 5, 6, 7}) EXPECT_EQ(level[u], 2) << info(v).id;
    EXPECT_EQ(level[8], 3) << info(v).id;
    ASSERT_EQ(run.result.levels.size(), 4u) << info(v).id;
    EXPECT_EQ(run.result.levels[0].discovered, 2);
    EXPECT_EQ(run.result.levels[1].discovered, 5);
    EXPECT_EQ(run.result.levels[2].discovered, 1);
    EXPECT_EQ(run.result.levels[3].discovered, 0);
    expect_good_run(g, params(v, 0));
  }
}

TEST(BfsCpuTeach, SmallGraphsOfEveryShape) {
  int k = 0;
  for (const test::Case& c : test::small_graphs())
    for (Variant v : kAllVariants) {
      const int block = 32 * (1 + (k++ % 4));
      expect_good_run(c.g, params(v, c.source, block));
    }
}

TEST(BfsCpuTeach, Karate) {
  const Graph g = graph::load_graph(std::string(WS_TEST_GRAPHS_DIR) + "/karate.mtx");
  ASSERT_EQ(g.vertices, 34);
  for (Variant v : kAllVariants)
    for (int32_t source : {0, 33, 16})
      expect_good_run(g, params(v, source, source == 16 ? 64 : 32));
}

}  // namespace
}  // namespace ws::bfs
