// Teach mode on the GPU: every variant's traced kernels record exactly their CPU twin's trace
// and give the same result (levels, parents, per-level statistics), over graphs of every shape,
// sources and block sizes; small runs for compute-sanitizer (memcheck, racecheck, synccheck).
#include <gtest/gtest.h>

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
// them in shared memory, a thread per edge; the next queue's edge starts): small alphas keep the
// search top-down, larger ones mix it with bottom-up levels (whose appends write edge starts too).
// At least 20 top-down levels span several tiles.
TEST(BfsGpuTeach, FastTopDownTilesEqualTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<test::Case> cases = test::small_graphs();
  const Graph karate = graph::load_graph(ws::test::shipped_graphs_dir() + "/karate.mtx");
  cases.push_back({karate, 0});
  cases.push_back({karate, 33});
  cases.push_back({graph::generate("pmpp"), 0});
  cases.push_back({graph::generate("star:64"), 0});
  cases.push_back({graph::generate("er:60:6", 3), 5});
  int tiled = 0, k = 0;
  for (const test::Case& c : cases)
    for (double alpha : {0.01, 15.0}) {
      const TeachParams p = params(Variant::Fast, c.source, 32 * (1 + (k++ % 4)), alpha, 18);
      for (const LevelStats& s : teach(p, c.g, Backend::Cpu).result.levels)
        tiled += s.direction == Direction::TopDown && s.frontier_edges > kTeachTile;
      expect_twins(p, c.g);
    }
  EXPECT_GT(tiled, 20);
}

// One small run of each variant for compute-sanitizer: memcheck, racecheck and synccheck clean.
TEST(BfsGpuTeach, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  const Graph g = graph::generate("grid:5x5");
  for (Variant v : kAllVariants) expect_twins(params(v, 12, 32), g);
  expect_twins(params(Variant::Fast, 12, 32, 1e9, 1e9), g);  // 7's bottom-up lists and chunks
  expect_twins(params(Variant::Fast, 12, 32, 0.01), g);      // 7's top-down tiles (several)
}

TEST(BfsGpuTeach, BadRequestsThrow) {
  WS_SKIP_WITHOUT_GPU();
  const Graph big = graph::generate("path:65");
  EXPECT_THROW(teach(params(Variant::Push, 0), big, Backend::Cuda), Error);
  EXPECT_THROW(teach(params(Variant::Push, 9), graph::generate("pmpp"), Backend::Cuda), Error);
}

}  // namespace
}  // namespace ws::bfs
