// Per-level statistics (bfs.h's rule): the counts the CPU twins report and the shared helpers of
// bfs_level_stats.h (which the CUDA engine reports) both equal a brute-force recount written here
// from the level array: n_f, m_f, m_u and discovered by scanning the vertices, pull's early-exit
// reads by scanning an in-edge list built here, threads and directions by the rule's words.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "bfs/bfs.h"
#include "bfs/bfs_level_stats.h"
#include "bfs_cpu_test_support.h"
#include "graph/graph.h"

namespace ws::bfs {
namespace {

using test::all_variants;
using test::test_graphs;
using test::test_sources;

// in[v]: the sources of the edges into v, by ascending source, then edge order (CSC order).
std::vector<std::vector<int32_t>> in_lists(const Graph& g) {
  std::vector<std::vector<int32_t>> in(size_t(g.vertices));
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e)
      in[size_t(g.columns[size_t(e)])].push_back(u);
  return in;
}

// The statistics of every level by brute force, for variant p.variant.
std::vector<LevelStats> recount(const Graph& g, const std::vector<std::vector<int32_t>>& in,
                                const std::vector<int32_t>& level, const Params& p) {
  int32_t deepest = 0;
  for (int32_t l : level) deepest = std::max(deepest, l);
  std::vector<LevelStats> out;
  Direction dir = Direction::TopDown;
  int64_t previous_n_f = 0;
  int32_t last_bottom_up = -1;  // variant 7's list: what its last bottom-up level left
  for (int32_t d = 0; d <= deepest; ++d) {
    LevelStats s;
    s.depth = d;
    int64_t pulled = 0, pulled_in_chunks = 0, listed = 0;
    for (int32_t v = 0; v < g.vertices; ++v) {
      const int32_t l = level[size_t(v)];
      if (l == d) s.frontier += 1, s.frontier_edges += g.degree(v);
      if (l == d + 1) s.discovered += 1;
      if (l == -1 || l > d) {  // unvisited when depth d is expanded
        s.unvisited_edges += g.degree(v);
        const std::vector<int32_t>& list = in[size_t(v)];
        int64_t read = 0;
        for (int32_t u : list) {
          ++read;
          if (level[size_t(u)] == d) break;
        }
        pulled += read;
        // Variant 7: a thread reads 4 in-edges at a time, so every entry of the chunk with the
        // hit (the list's last chunk may be shorter).
        const int64_t size = int64_t(list.size());
        pulled_in_chunks += std::min(size, (read + 3) / 4 * 4);
      }
      // Variant 7's list after its bottom-up level at depth last_bottom_up: the vertices with
      // in-edges not reached by depth last_bottom_up + 1.
      if (!in[size_t(v)].empty() && (l == -1 || l > last_bottom_up + 1)) ++listed;
    }
    const bool optimizing = p.variant == Variant::DirectionOptimizing || p.variant == Variant::Fast;
    if (optimizing) {
      // The rule in words: from top-down, go bottom-up when m_f > m_u / alpha; from bottom-up,
      // go back when the frontier shrank and n_f < n / beta.
      if (dir == Direction::TopDown) {
        if (double(s.frontier_edges) > double(s.unvisited_edges) / p.alpha)
          dir = Direction::BottomUp;
      } else if (s.frontier < previous_n_f && double(s.frontier) < double(g.vertices) / p.beta) {
        dir = Direction::TopDown;
      }
    }
    s.direction = p.variant == Variant::Pull ? Direction::BottomUp
                  : optimizing               ? dir
                                             : Direction::TopDown;
    previous_n_f = s.frontier;
    if (p.variant == Variant::EdgeCentric) {
      s.edges_examined = s.threads = g.edges();
    } else if (s.direction == Direction::BottomUp) {
      const bool fast = p.variant == Variant::Fast;
      s.edges_examined = fast ? pulled_in_chunks : pulled;
      s.threads = fast && last_bottom_up >= 0 ? listed : g.vertices;
      last_bottom_up = d;
    } else {
      s.edges_examined = s.frontier_edges;
      s.threads = p.variant == Variant::Push ? g.vertices : s.frontier;
    }
    out.push_back(s);
  }
  return out;
}

void expect_same(const std::vector<LevelStats>& got, const std::vector<LevelStats>& want,
                 const std::string& where) {
  ASSERT_EQ(got.size(), want.size()) << where;
  for (size_t d = 0; d < got.size(); ++d) {
    const std::string at = where + ", depth " + std::to_string(d);
    EXPECT_EQ(got[d].depth, want[d].depth) << at;
    EXPECT_EQ(got[d].frontier, want[d].frontier) << at << " (n_f)";
    EXPECT_EQ(got[d].frontier_edges, want[d].frontier_edges) << at << " (m_f)";
    EXPECT_EQ(got[d].unvisited_edges, want[d].unvisited_edges) << at << " (m_u)";
    EXPECT_EQ(got[d].discovered, want[d].discovered) << at;
    EXPECT_EQ(got[d].edges_examined, want[d].edges_examined) << at;
    EXPECT_EQ(got[d].threads, want[d].threads) << at;
    EXPECT_EQ(got[d].direction, want[d].direction) << at;
  }
}

TEST(BfsCpuStats, TwinsAndHelpersEqualABruteForceRecount) {
  auto engine = Engine::create(Backend::Cpu);
  for (const auto& [name, g] : test_graphs()) {
    if (g.vertices > 6000) continue;  // the recount is O((n + m) D); bcspwr10 in, 4elt out
    engine->set_graph(g);
    const Graph csc = transpose(g);
    const auto in = in_lists(g);
    for (int32_t source : test_sources(g))
      for (Variant v : all_variants()) {
        Params p;
        p.variant = v;
        p.source = source;
        const Result r = engine->run(p);
        const std::vector<LevelStats> want = recount(g, in, r.level, p);
        const std::string where = name + ", source " + std::to_string(source) + ", " + info(v).id;
        expect_same(r.levels, want, where + " (CPU twin)");
        expect_same(level_stats(p, g, csc, r.level), want, where + " (level_stats)");
      }
  }
}

TEST(BfsCpuStats, DirectionOptimizingSwitchesBothWaysWithTheParameters) {
  const Graph g = graph::generate("kron:10:16", 5);
  auto engine = Engine::create(Backend::Cpu);
  engine->set_graph(g);
  const Graph csc = transpose(g);
  const auto in = in_lists(g);
  struct Case {
    double alpha, beta;
  };
  int32_t source = 0;  // a vertex of the big component with a few edges
  while (g.degree(source) == 0 || g.degree(source) > 8) ++source;
  bool saw_bottom_up = false, saw_return = false;
  for (Case c : {Case{15, 18}, Case{1, 18}, Case{100, 2}, Case{1e-3, 18}, Case{1e6, 1e6}}) {
    for (Variant v : {Variant::DirectionOptimizing, Variant::Fast}) {
      Params p;
      p.variant = v;
      p.source = source;
      p.alpha = c.alpha;
      p.beta = c.beta;
      const Result r = engine->run(p);
      const std::string where = std::string(info(v).id) + " alpha " + std::to_string(c.alpha) +
                                " beta " + std::to_string(c.beta);
      expect_same(r.levels, recount(g, in, r.level, p), where);
      expect_same(level_stats(p, g, csc, r.level), r.levels, where + " (level_stats)");
      for (size_t d = 1; d < r.levels.size(); ++d) {
        saw_bottom_up |= r.levels[d].direction == Direction::BottomUp;
        saw_return |= r.levels[d - 1].direction == Direction::BottomUp &&
                      r.levels[d].direction == Direction::TopDown;
      }
      ASSERT_GE(r.levels.size(), 4u) << where;
      if (c.alpha == 1e-3) {  // m_f > 1000 m_u does not hold while most edges are unvisited
        EXPECT_EQ(r.levels[1].direction, Direction::TopDown) << where;
      }
    }
  }
  EXPECT_TRUE(saw_bottom_up);
  EXPECT_TRUE(saw_return);
}

TEST(BfsCpuStats, LevelZeroCanGoBottomUp) {
  // From a star's centre m_f = n - 1 exceeds m_u / 15 (m_u = n - 1): bottom-up at once.
  const Graph g = graph::generate("star:40");
  auto engine = Engine::create(Backend::Cpu);
  engine->set_graph(g);
  for (Variant v : {Variant::DirectionOptimizing, Variant::Fast}) {
    Params p;
    p.variant = v;
    p.source = 0;
    ASSERT_EQ(g.degree(0), 39);
    const Result r = engine->run(p);
    ASSERT_EQ(r.levels.size(), 2u);
    EXPECT_EQ(r.levels[0].direction, Direction::BottomUp) << info(v).id;
    EXPECT_EQ(r.levels[0].threads, 40) << info(v).id;
    EXPECT_EQ(r.levels[0].edges_examined, 39) << info(v).id;  // each leaf reads its one in-edge
    EXPECT_EQ(r.level, graph::bfs_reference(g, 0)) << info(v).id;
  }
}

TEST(BfsCpuStats, FastCountsTheChunksOfItsInLists) {
  // A star with 40 leaves from leaf 1, bottom-up at once (alpha 1e9): the centre's in-list is
  // 1, 2, ..., 40 and its parent 1 comes first. Variant 3 reads 1 entry there, variant 7 the
  // whole first chunk of 4; each other leaf reads its one in-edge (the centre, not in the
  // frontier).
  const Graph g = graph::generate("star:41");
  auto engine = Engine::create(Backend::Cpu);
  engine->set_graph(g);
  for (Variant v : {Variant::DirectionOptimizing, Variant::Fast}) {
    Params p;
    p.variant = v;
    p.source = 1;
    p.alpha = 1e9;
    const Result r = engine->run(p);
    ASSERT_GE(r.levels.size(), 1u);
    EXPECT_EQ(r.levels[0].direction, Direction::BottomUp) << info(v).id;
    EXPECT_EQ(r.levels[0].edges_examined, (v == Variant::Fast ? 4 : 1) + 39) << info(v).id;
    EXPECT_EQ(r.level, graph::bfs_reference(g, 1)) << info(v).id;
  }
  const Graph csc = transpose(g);
  const std::vector<int32_t> level = graph::bfs_reference(g, 1);
  EXPECT_EQ(pull_edges_examined(csc, level, 1, true), (std::vector<int64_t>{4 + 39}));
  EXPECT_EQ(pull_edges_examined(csc, level, 1, false), (std::vector<int64_t>{1 + 39}));
  EXPECT_EQ(bottom_up_reads(3, 40, true), 4);
  EXPECT_EQ(bottom_up_reads(4, 40, true), 8);
  EXPECT_EQ(bottom_up_reads(37, 38, true), 38);  // the last chunk holds only 2 entries
  EXPECT_EQ(bottom_up_reads(5, 40, false), 6);   // variant 3: one entry at a time
  EXPECT_EQ(bottom_up_reads(-1, 40, true), 40);
}

TEST(BfsCpuStats, FastLaterBottomUpLevelsTakeOnlyTheVerticesLeft) {
  // A path 0 - 1 - ... - 9 and vertex 10 alone, from 0, bottom-up on every level (alpha 1e9;
  // the frontier never shrinks, so it stays there): the first level takes all 11 vertices;
  // vertex 10 has no in-edges and is never listed, so each later level takes the path's vertices
  // not yet reached.
  const Graph g =
      graph::build_csr(11, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {7, 8}, {8, 9}},
                       {}, true, false, false);
  auto engine = Engine::create(Backend::Cpu);
  engine->set_graph(g);
  Params p;
  p.variant = Variant::Fast;
  p.source = 0;
  p.alpha = 1e9;
  const Result r = engine->run(p);
  ASSERT_EQ(r.levels.size(), 10u);
  for (size_t d = 0; d < r.levels.size(); ++d) {
    EXPECT_EQ(r.levels[d].direction, Direction::BottomUp) << d;
    // after level d - 1 the vertices d + 1 .. 9 are left (vertex d was found there)
    EXPECT_EQ(r.levels[d].threads, d == 0 ? 11 : int64_t(9 - d)) << d;
  }
  const Graph csc = transpose(g);
  const std::vector<Direction> dirs(r.levels.size(), Direction::BottomUp);
  const std::vector<int64_t> threads = fast_bottom_up_threads(csc, r.level, dirs);
  for (size_t d = 0; d < threads.size(); ++d) EXPECT_EQ(threads[d], r.levels[d].threads) << d;
}

TEST(BfsCpuStats, PullStopsAtTheFirstFrontierInNeighbourAmongMultiEdges) {
  // Vertex 3's in-edges in CSC order: 0, 1, 1, 2 (a doubled edge). From 0: at depth 0 vertex 3
  // reads one entry (0 is the frontier); vertices 1 and 2 read theirs.
  const Graph g = graph::build_csr(4, {{1, 3}, {0, 3}, {2, 3}, {1, 3}, {0, 1}, {1, 2}}, {}, false,
                                   false, false);
  const Graph csc = transpose(g);
  ASSERT_EQ(std::vector<int32_t>(csc.columns.begin() + csc.row_offsets[3], csc.columns.end()),
            (std::vector<int32_t>{0, 1, 1, 2}));
  const std::vector<int32_t> level = graph::bfs_reference(g, 0);
  EXPECT_EQ(level, (std::vector<int32_t>{0, 1, 2, 1}));
  // depth 0: 1 reads {0} (1), 2 reads {1} (1), 3 reads {0} (1) -> 3.
  // depth 1: 2 reads {1} (1) -> 1. depth 2: nothing unvisited -> 0.
  EXPECT_EQ(pull_edges_examined(csc, level, 3), (std::vector<int64_t>{3, 1, 0}));
  const auto counts = level_counts(g, level);
  ASSERT_EQ(counts.size(), 3u);
  EXPECT_EQ(counts[0].unvisited_edges, g.edges() - g.degree(0));
  EXPECT_EQ(counts[1].frontier, 2);
  EXPECT_EQ(counts[2].unvisited_edges, 0);
}

TEST(BfsCpuStats, OptimizingDirectionsFollowTheRuleOnHandMadeCounts) {
  // n = 1000, alpha 15, beta 18: n / beta = 55.6.
  auto level = [](int64_t n_f, int64_t m_f, int64_t m_u) {
    LevelStats s;
    s.frontier = n_f;
    s.frontier_edges = m_f;
    s.unvisited_edges = m_u;
    return s;
  };
  const std::vector<LevelStats> counts = {
      level(1, 10, 3000),    // 10 <= 200: top-down
      level(10, 300, 2700),  // 300 > 180: bottom-up
      level(500, 0, 0),      // grew: stay bottom-up
      level(60, 0, 0),       // shrank but 60 >= 55.6: stay
      level(50, 0, 0),       // shrank and 50 < 55.6: top-down
      level(70, 100, 1600),  // 100 <= 106.7: top-down
  };
  const std::vector<Direction> want = {Direction::TopDown,  Direction::BottomUp,
                                       Direction::BottomUp, Direction::BottomUp,
                                       Direction::TopDown,  Direction::TopDown};
  EXPECT_EQ(optimizing_directions(counts, 1000, 15, 18), want);
}

}  // namespace
}  // namespace ws::bfs
