// The CPU engine: every variant gives bfs_reference's levels and passes the Graph500 / GAP checks
// on every shipped and generated graph (directed, disconnected, self-loops, multi-edges) from
// several sources; the textbook's 9-vertex example exactly; isolated sources; the engine's
// argument checks and graph replacement.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "bfs/bfs.h"
#include "bfs_cpu_test_support.h"
#include "common/error.h"
#include "graph/graph.h"
#include "test_paths.h"

namespace ws::bfs {
namespace {

using test::all_variants;
using test::test_graphs;
using test::test_sources;

Params params(Variant v, int32_t source) {
  Params p;
  p.variant = v;
  p.source = source;
  return p;
}

TEST(BfsCpuEngine, TheShippedGraphsAreAmongTheTestGraphs) {
  std::vector<std::string> names;
  for (const auto& ng : test_graphs()) names.push_back(ng.name);
  for (const char* file : {"karate.mtx", "minnesota", "bcspwr10.mtx", "4elt.graph",
                           "facebook_combined.txt", "facebook_combined.txt symmetrized"})
    EXPECT_NE(std::find(names.begin(), names.end(), file), names.end())
        << file << " was not loaded from " << WS_TEST_GRAPHS_DIR;
}

TEST(BfsCpuEngine, EveryVariantGivesTheReferenceLevelsOnEveryGraph) {
  auto engine = Engine::create(Backend::Cpu);
  ASSERT_EQ(engine->backend(), Backend::Cpu);
  for (const auto& [name, g] : test_graphs()) {
    engine->set_graph(g);
    ASSERT_EQ(engine->vertices(), g.vertices);
    ASSERT_EQ(engine->edges(), g.edges());
    for (int32_t source : test_sources(g)) {
      const std::vector<int32_t> reference = graph::bfs_reference(g, source);
      const int32_t deepest = *std::max_element(reference.begin(), reference.end());
      const int64_t reached =
          std::count_if(reference.begin(), reference.end(), [](int32_t l) { return l >= 0; });
      for (Variant v : all_variants()) {
        const std::string where = name + ", source " + std::to_string(source) + ", " + info(v).id;
        const Result r = engine->run(params(v, source));
        ASSERT_EQ(r.level, reference) << where;
        EXPECT_EQ(verify(g, source, r.level, r.parent), "") << where;
        EXPECT_EQ(r.reached, reached) << where;
        EXPECT_EQ(r.traversed_edges, traversed_edges(g, r.level)) << where;
        EXPECT_GE(r.ms, 0) << where;
        ASSERT_EQ(r.levels.size(), size_t(deepest) + 1) << where;
        for (size_t d = 0; d < r.levels.size(); ++d) {
          EXPECT_EQ(r.levels[d].depth, int32_t(d)) << where;
          EXPECT_EQ(r.levels[d].ms, 0) << where << ": the CPU engine does not time levels";
        }
        EXPECT_EQ(r.levels.back().discovered, 0) << where;
      }
    }
  }
}

TEST(BfsCpuEngine, ParentsAreTheSameEveryRun) {
  auto engine = Engine::create(Backend::Cpu);
  const Graph g = graph::generate("kron:9:8", 11);
  engine->set_graph(g);
  for (Variant v : all_variants()) {
    const Result a = engine->run(params(v, 5)), b = engine->run(params(v, 5));
    EXPECT_EQ(a.parent, b.parent) << info(v).id;
    EXPECT_EQ(verify(g, 5, a.level, a.parent), "") << info(v).id;
  }
}

// PMPP ch. 15's 9-vertex example, as the issue states it: from vertex 0 the levels are {1, 2},
// {3, 4, 5, 6, 7}, {8}.
TEST(BfsCpuEngine, TextbookExampleLevelsExactly) {
  const std::vector<std::vector<int32_t>> issue_levels = {{0}, {1, 2}, {3, 4, 5, 6, 7}, {8}};
  std::vector<int32_t> expected(9, -1);
  for (size_t l = 0; l < issue_levels.size(); ++l)
    for (int32_t v : issue_levels[l]) expected[size_t(v)] = int32_t(l);
  const Graph g = graph::generate("pmpp");
  ASSERT_EQ(g.vertices, 9);
  auto engine = Engine::create(Backend::Cpu);
  engine->set_graph(g);
  for (Variant v : all_variants()) {
    const Result r = engine->run(params(v, 0));
    EXPECT_EQ(r.level, expected) << info(v).id;
    EXPECT_EQ(verify(g, 0, r.level, r.parent), "") << info(v).id;
    ASSERT_EQ(r.levels.size(), 4u) << info(v).id;
    for (size_t l = 0; l < 4; ++l) {
      EXPECT_EQ(r.levels[l].frontier, int64_t(issue_levels[l].size())) << info(v).id << l;
      EXPECT_EQ(r.levels[l].discovered, l + 1 < 4 ? int64_t(issue_levels[l + 1].size()) : 0)
          << info(v).id << l;
    }
    EXPECT_EQ(r.reached, 9) << info(v).id;
  }
}

TEST(BfsCpuEngine, IsolatedSourceHasOneLevelAndDiscoversNothing) {
  // Vertex 23 of test::disconnected() has no edges; in the one-way grid the last vertex has
  // in-edges but no out-edges.
  const Graph iso = test::disconnected();
  const Graph sink = test::one_way(graph::generate("grid:5x4"));
  for (const auto& [graph, source] : {std::make_pair(&iso, 23), std::make_pair(&sink, 19)}) {
    const Graph& g = *graph;
    ASSERT_EQ(g.degree(source), 0);
    auto engine = Engine::create(Backend::Cpu);
    engine->set_graph(g);
    for (Variant v : all_variants()) {
      const Result r = engine->run(params(v, source));
      ASSERT_EQ(r.levels.size(), 1u) << g.name << " " << info(v).id;
      EXPECT_EQ(r.levels[0].frontier, 1);
      EXPECT_EQ(r.levels[0].frontier_edges, 0);
      EXPECT_EQ(r.levels[0].discovered, 0);
      EXPECT_EQ(r.reached, 1);
      EXPECT_EQ(r.traversed_edges, 0);
      for (int32_t u = 0; u < g.vertices; ++u) {
        EXPECT_EQ(r.level[size_t(u)], u == source ? 0 : -1);
        EXPECT_EQ(r.parent[size_t(u)], u == source ? source : -1);
      }
    }
  }
}

TEST(BfsCpuEngine, DirectedGraphsFollowEdgeDirections) {
  // 0 -> 1 -> 2 and 3 -> 2: from 0, vertex 3 is unreachable although 2 -> 3 is not an edge; pull
  // must look at in-edges (2's in-neighbours are 1 and 3), not out-edges.
  const Graph g = graph::build_csr(4, {{0, 1}, {1, 2}, {3, 2}}, {}, false, false, false);
  auto engine = Engine::create(Backend::Cpu);
  engine->set_graph(g);
  for (Variant v : all_variants()) {
    const Result r = engine->run(params(v, 0));
    EXPECT_EQ(r.level, (std::vector<int32_t>{0, 1, 2, -1})) << info(v).id;
    EXPECT_EQ(r.parent, (std::vector<int32_t>{0, 0, 1, -1})) << info(v).id;
    const Result from3 = engine->run(params(v, 3));
    EXPECT_EQ(from3.level, (std::vector<int32_t>{-1, -1, 1, 0})) << info(v).id;
  }
}

TEST(BfsCpuEngine, BlockSizeChangesNothingButTheModel) {
  const Graph g = graph::generate("kron:10:8", 2);
  auto engine = Engine::create(Backend::Cpu);
  engine->set_graph(g);
  const std::vector<int32_t> reference = graph::bfs_reference(g, 1);
  for (int block_dim : {32, 96, 1024}) {
    Params p = params(Variant::BlockQueue, 1);
    p.block_dim = block_dim;
    const Result r = engine->run(p);
    EXPECT_EQ(r.level, reference) << block_dim;
    EXPECT_EQ(verify(g, 1, r.level, r.parent), "") << block_dim;
  }
}

TEST(BfsCpuEngine, RejectsBadParamsAndMissingGraphs) {
  auto engine = Engine::create(Backend::Cpu);
  EXPECT_THROW(engine->run(params(Variant::Push, 0)), Error);  // no graph yet
  const Graph g = graph::generate("path:10");
  engine->set_graph(g);
  EXPECT_THROW(engine->run(params(Variant::Push, 10)), Error);
  EXPECT_THROW(engine->run(params(Variant::Push, -1)), Error);
  Params p = params(Variant::DirectionOptimizing, 0);
  p.alpha = 0;
  EXPECT_THROW(engine->run(p), Error);
  EXPECT_THROW(engine->time_ms(p, 1), Error);
  p = params(Variant::BlockQueue, 0);
  p.block_dim = 48;
  EXPECT_THROW(engine->run(p), Error);
}

TEST(BfsCpuEngine, ABrokenGraphIsRefusedAndThePreviousOneKept) {
  auto engine = Engine::create(Backend::Cpu);
  const Graph good = graph::generate("grid:4x4");
  engine->set_graph(good);
  Graph bad = good;
  bad.columns[3] = 99;  // past the vertex count
  EXPECT_THROW(engine->set_graph(bad), Error);
  EXPECT_EQ(engine->vertices(), 16);
  EXPECT_EQ(engine->run(params(Variant::Pull, 0)).level, graph::bfs_reference(good, 0));
  // A new graph replaces the old one, CSC and COO forms included.
  const Graph next = test::random_directed(50, 120, 9);
  engine->set_graph(next);
  for (Variant v : all_variants())
    EXPECT_EQ(engine->run(params(v, 7)).level, graph::bfs_reference(next, 7)) << info(v).id;
}

TEST(BfsCpuEngine, TimeIsAPositiveMedian) {
  auto engine = Engine::create(Backend::Cpu);
  engine->set_graph(graph::generate("kron:10:8", 1));
  for (Variant v : all_variants()) {
    const double ms = engine->time_ms(params(v, 0), 3);
    EXPECT_GT(ms, 0) << info(v).id;
    EXPECT_TRUE(std::isfinite(ms)) << info(v).id;
  }
}

}  // namespace
}  // namespace ws::bfs
