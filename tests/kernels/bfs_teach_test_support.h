// Shared by the BFS teach tests (tests/kernels/test_bfs_cpu_teach*.cpp and
// tests/gpu/test_bfs_gpu_teach*.cpp): the variants, small graphs of every shape, and checks
// written independently of the teach code (a brute-force recount of the per-level statistics, the
// parent checks from the graph's edges).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "bfs/bfs.h"
#include "graph/graph.h"
#include "graph/graph_csr.h"

namespace ws::bfs::test {

inline const Variant kAllVariants[] = {
    Variant::Push,        Variant::Pull,        Variant::DirectionOptimizing,
    Variant::EdgeCentric, Variant::GlobalQueue, Variant::BlockQueue,
    Variant::Fast};

inline TeachParams params(Variant v, int32_t source, int block_dim = 32, double alpha = 15,
                          double beta = 18) {
  TeachParams p;
  p.variant = v;
  p.source = source;
  p.block_dim = block_dim;
  p.alpha = alpha;
  p.beta = beta;
  return p;
}

inline std::string describe(const TeachParams& p, const Graph& g) {
  return std::string(info(p.variant).id) + " on " + g.name + " from " + std::to_string(p.source) +
         ", block " + std::to_string(p.block_dim) + ", alpha " + std::to_string(p.alpha) +
         ", beta " + std::to_string(p.beta);
}

inline Graph from_edges(int32_t n, std::vector<std::pair<int32_t, int32_t>> edges, bool symmetrize,
                        const std::string& name) {
  Graph g = graph::build_csr(n, std::move(edges), {}, symmetrize, false, false);
  g.name = name;
  return g;
}

// A teach request on a graph.
struct Search {
  Graph g;
  TeachParams p;
};

// Small graphs of every shape within the teach limits, with a source each.
struct Case {
  Graph g;
  int32_t source;
};
inline std::vector<Case> small_graphs() {
  std::vector<Case> out;
  for (const char* spec : {"pmpp", "path:12", "star:20", "tree:4", "grid:8x8", "er:40:3"}) {
    Graph g = graph::generate(spec, 3);
    g.name = spec;
    out.push_back({g, 0});
    out.push_back({g, g.vertices / 2});
  }
  // Two components, and an isolated vertex as the source of a third run.
  out.push_back({from_edges(12, {{0, 1}, {1, 2}, {2, 0}, {5, 6}, {6, 7}, {7, 8}, {3, 4}}, true,
                            "two components"),
                 6});
  out.push_back({from_edges(12, {{0, 1}, {1, 2}, {5, 6}}, true, "isolated source"), 10});
  // Self-loops and repeated edges, kept.
  out.push_back({from_edges(7,
                            {{0, 0},
                             {0, 1},
                             {0, 1},
                             {1, 1},
                             {1, 2},
                             {2, 3},
                             {2, 3},
                             {3, 4},
                             {4, 4},
                             {4, 5},
                             {5, 6},
                             {6, 6}},
                            true, "self-loops and multi-edges"),
                 0});
  // Every pair joined (992 directed edges: many claims of one vertex in one step, 31 blocks of
  // edge threads), and a random graph near the edge limit.
  std::vector<std::pair<int32_t, int32_t>> pairs;
  for (int32_t u = 0; u < 32; ++u)
    for (int32_t v = u + 1; v < 32; ++v) pairs.push_back({u, v});
  out.push_back({from_edges(32, pairs, true, "complete:32"), 3});
  Graph dense = graph::generate("er:64:15", 9);
  dense.name = "er:64:15";
  out.push_back({dense, 7});
  // A directed graph: the CSC differs from the CSR.
  out.push_back(
      {from_edges(9, {{0, 1}, {0, 2}, {1, 3}, {3, 0}, {2, 4}, {4, 5}, {5, 2}, {6, 7}, {8, 0}},
                  false, "directed"),
       0});
  return out;
}

inline bool has_edge(const Graph& g, int32_t u, int32_t v) {
  for (int64_t k = g.row_offsets[u]; k < g.row_offsets[u + 1]; ++k)
    if (g.columns[k] == v) return true;
  return false;
}

// The parents of a result: the source's own, a reached vertex's one level up with the edge, and
// none for unreached vertices.
inline void expect_parents(const Graph& g, int32_t source, const Result& r) {
  ASSERT_EQ(r.parent.size(), size_t(g.vertices));
  for (int32_t v = 0; v < g.vertices; ++v) {
    const int32_t p = r.parent[v];
    if (v == source) {
      ASSERT_EQ(p, source);
    } else if (r.level[v] < 0) {
      ASSERT_EQ(p, -1) << "unreached vertex " << v;
    } else {
      ASSERT_GE(p, 0) << "vertex " << v;
      ASSERT_EQ(r.level[p], r.level[v] - 1) << "vertex " << v << ", parent " << p;
      ASSERT_TRUE(has_edge(g, p, v)) << p << " -> " << v;
    }
  }
}

// The in-neighbours of v in CSC order (sources ascending, each edge once), by brute force.
inline std::vector<int32_t> in_neighbours(const Graph& g, int32_t v) {
  std::vector<int32_t> out;
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t k = g.row_offsets[u]; k < g.row_offsets[u + 1]; ++k)
      if (g.columns[k] == v) out.push_back(u);
  return out;
}

// The per-level statistics by bfs.h's rule, recounted from the reference levels alone. Variant
// 7's bottom-up levels: its list (every vertex the first time, then the vertices the last
// bottom-up level left unvisited with in-edges) gets the threads, and a thread reads its
// in-edges 4 at a time up to the end of the chunk holding the first frontier one.
inline std::vector<LevelStats> brute_stats(const Graph& g, const TeachParams& p) {
  const std::vector<int32_t> level = graph::bfs_reference(g, p.source);
  const int32_t n = g.vertices;
  const int32_t deepest = *std::max_element(level.begin(), level.end());
  std::vector<LevelStats> out;
  Direction direction = Direction::TopDown;
  int64_t previous = 0;
  const bool dir_opt = p.variant == Variant::DirectionOptimizing || p.variant == Variant::Fast;
  std::vector<int32_t> list;  // 7: the list of its next bottom-up level
  for (int32_t v = 0; v < n; ++v) list.push_back(v);
  for (int32_t d = 0; d <= deepest; ++d) {
    LevelStats s;
    s.depth = d;
    for (int32_t v = 0; v < n; ++v) {
      const bool unvisited = level[v] < 0 || level[v] > d;
      if (level[v] == d) {
        ++s.frontier;
        s.frontier_edges += g.degree(v);
      }
      if (unvisited) s.unvisited_edges += g.degree(v);
      if (level[v] == d + 1) ++s.discovered;
    }
    if (p.variant == Variant::Pull) direction = Direction::BottomUp;
    if (dir_opt)
      direction = next_direction(direction, s.frontier, previous, s.frontier_edges,
                                 s.unvisited_edges, n, p.alpha, p.beta);
    s.direction = direction;
    previous = s.frontier;
    if (p.variant == Variant::EdgeCentric) {
      s.edges_examined = g.edges();
      s.threads = g.edges();
    } else if (direction == Direction::BottomUp && p.variant == Variant::Fast) {
      s.threads = int64_t(list.size());
      std::vector<int32_t> left;
      for (int32_t v : list) {
        if (!(level[v] < 0 || level[v] > d)) continue;
        const std::vector<int32_t> in = in_neighbours(g, v);
        int64_t read = int64_t(in.size());
        for (size_t k = 0; k < in.size(); ++k)
          if (level[in[k]] == d) {
            read = std::min<int64_t>(read, int64_t(k / 4 + 1) * 4);
            break;
          }
        s.edges_examined += read;
        if ((level[v] < 0 || level[v] > d + 1) && !in.empty()) left.push_back(v);
      }
      list = left;
    } else if (direction == Direction::BottomUp) {
      s.threads = n;
      // Every unvisited vertex walks its in-edges (sources ascending, the CSC order) up to the
      // first from level d.
      for (int32_t v = 0; v < n; ++v) {
        if (!(level[v] < 0 || level[v] > d)) continue;
        for (int32_t u = 0; u < n; ++u) {
          bool found = false;
          for (int64_t k = g.row_offsets[u]; k < g.row_offsets[u + 1]; ++k)
            if (g.columns[k] == v) {
              ++s.edges_examined;
              if (level[u] == d) {
                found = true;
                break;
              }
            }
          if (found) break;
        }
      }
    } else {
      s.edges_examined = s.frontier_edges;
      s.threads = p.variant == Variant::Push ? n : s.frontier;
    }
    out.push_back(s);
  }
  return out;
}

inline void expect_same_stats(const std::vector<LevelStats>& a, const std::vector<LevelStats>& b,
                              const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  for (size_t i = 0; i < a.size(); ++i) {
    const std::string where = what + ", level " + std::to_string(i);
    EXPECT_EQ(a[i].depth, b[i].depth) << where;
    EXPECT_EQ(a[i].frontier, b[i].frontier) << where;
    EXPECT_EQ(a[i].frontier_edges, b[i].frontier_edges) << where;
    EXPECT_EQ(a[i].unvisited_edges, b[i].unvisited_edges) << where;
    EXPECT_EQ(a[i].edges_examined, b[i].edges_examined) << where;
    EXPECT_EQ(a[i].discovered, b[i].discovered) << where;
    EXPECT_EQ(a[i].threads, b[i].threads) << where;
    EXPECT_EQ(a[i].direction, b[i].direction) << where;
  }
}

// The CPU engine's statistics for the same search as `t` (its twins count them as they run;
// variant 7's is the twin of the full-size kernel, whose tiles, chunks of 4 and lists the teach
// kernels trace).
inline std::vector<LevelStats> engine_stats(const Graph& g, const TeachParams& t) {
  static std::unique_ptr<Engine> engine = Engine::create(Backend::Cpu);
  engine->set_graph(g);
  Params p;
  p.variant = t.variant;
  p.source = t.source;
  p.alpha = t.alpha;
  p.beta = t.beta;
  p.block_dim = t.block_dim;
  return engine->run(p).levels;
}

}  // namespace ws::bfs::test
