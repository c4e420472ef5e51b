// Graphs for the BFS CPU tests (test_bfs_cpu_*.cpp): the shipped samples, generated families at
// several seeds, directed graphs with self-loops and multi-edges, disconnected graphs, and the
// sources worth starting from on each (a middle vertex, the largest degree, a vertex without
// out-edges). Loaded once per test executable.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "bfs/bfs.h"
#include "graph/graph.h"
#include "graph/graph_csr.h"
#include "test_paths.h"

namespace ws::bfs::test {

struct NamedGraph {
  std::string name;
  Graph graph;
};

inline std::string sample_path(const std::string& file) {
  const std::string p = std::string(WS_TEST_GRAPHS_DIR) + "/" + file;
  return std::filesystem::exists(p) ? p : "";
}

// n vertices, m directed edges u -> v drawn uniformly (seeded), self-loops and repeats kept.
inline Graph random_directed(int32_t n, int64_t m, uint64_t seed, bool symmetrize = false) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int32_t> pick(0, n - 1);
  std::vector<std::pair<int32_t, int32_t>> edges;
  for (int64_t i = 0; i < m; ++i) edges.emplace_back(pick(rng), pick(rng));
  Graph g = graph::build_csr(n, std::move(edges), {}, symmetrize, /*remove_self_loops=*/false,
                             /*remove_duplicates=*/false);
  g.name = std::string(symmetrize ? "random-symmetric" : "random-directed") + ":" +
           std::to_string(n) + ":" + std::to_string(m) + ":" + std::to_string(seed);
  return g;
}

// The edges u -> v of g with u < v only: a directed acyclic version of a symmetric graph.
inline Graph one_way(const Graph& g) {
  std::vector<std::pair<int32_t, int32_t>> edges;
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e)
      if (u < g.columns[size_t(e)]) edges.emplace_back(u, g.columns[size_t(e)]);
  Graph d = graph::build_csr(g.vertices, std::move(edges), {}, false, false, false);
  d.name = "one-way " + g.name;
  return d;
}

// A path 0..9, a star 10..19 around 10, a triangle 20..22 with a doubled edge and a self-loop,
// and isolated vertices 23..27.
inline Graph disconnected() {
  std::vector<std::pair<int32_t, int32_t>> edges;
  for (int32_t v = 0; v < 9; ++v) edges.emplace_back(v, v + 1);
  for (int32_t v = 11; v < 20; ++v) edges.emplace_back(10, v);
  edges.insert(edges.end(), {{20, 21}, {21, 22}, {22, 20}, {20, 21}, {21, 21}});
  Graph g = graph::build_csr(28, std::move(edges), {}, /*symmetrize=*/true, false, false);
  g.name = "disconnected";
  return g;
}

inline std::vector<NamedGraph> make_test_graphs() {
  std::vector<NamedGraph> out;
  auto add = [&](std::string name, Graph g) { out.push_back({std::move(name), std::move(g)}); };
  for (const char* file : {"karate.mtx", "bcspwr10.mtx", "4elt.graph", "facebook_combined.txt"}) {
    const std::string p = sample_path(file);
    if (p.empty()) continue;
    add(file, graph::load_graph(p));
  }
  if (!sample_path("facebook_combined.txt").empty()) {
    graph::LoadOptions o;
    o.symmetrize = true;
    add("facebook_combined.txt symmetrized",
        graph::load_graph(sample_path("facebook_combined.txt"), o));
  }
  if (!sample_path("minnesota_edges.txt").empty()) {
    graph::LoadOptions o;
    o.symmetrize = true;
    o.coordinates = sample_path("minnesota_coords.txt");
    add("minnesota", graph::load_graph(sample_path("minnesota_edges.txt"), o));
  }
  for (uint64_t seed : {1, 2, 3}) {
    add("er:200:3 seed " + std::to_string(seed), graph::generate("er:200:3", seed));
    add("kron:8:8 seed " + std::to_string(seed), graph::generate("kron:8:8", seed));
    add("random-directed seed " + std::to_string(seed), random_directed(150, 400, seed));
    add("random-symmetric multi seed " + std::to_string(seed),
        random_directed(120, 300, seed, true));
  }
  add("er:400:1.2 (disconnected)", graph::generate("er:400:1.2", 4));
  add("kron:10:16", graph::generate("kron:10:16", 5));
  add("grid:7x5", graph::generate("grid:7x5", 1));
  add("grid:40x3", graph::generate("grid:40x3", 1));
  add("path:30", graph::generate("path:30", 1));
  add("star:25", graph::generate("star:25", 1));
  add("tree:6", graph::generate("tree:6", 1));
  add("pmpp", graph::generate("pmpp", 1));
  add("one-way kron:9:8", one_way(graph::generate("kron:9:8", 6)));
  add("one-way grid:9x9", one_way(graph::generate("grid:9x9", 1)));
  add("disconnected", disconnected());
  return out;
}

inline const std::vector<NamedGraph>& test_graphs() {
  static const std::vector<NamedGraph> graphs = make_test_graphs();
  return graphs;
}

// Sources worth a search: 0, the middle vertex, the last, the largest out-degree, and the first
// vertex without out-edges (an isolated source: one level).
inline std::vector<int32_t> test_sources(const Graph& g) {
  std::vector<int32_t> s = {0, g.vertices / 2, g.vertices - 1};
  int32_t hub = 0, bare = -1;
  for (int32_t v = 0; v < g.vertices; ++v) {
    if (g.degree(v) > g.degree(hub)) hub = v;
    if (bare < 0 && g.degree(v) == 0) bare = v;
  }
  s.push_back(hub);
  if (bare >= 0) s.push_back(bare);
  std::sort(s.begin(), s.end());
  s.erase(std::unique(s.begin(), s.end()), s.end());
  return s;
}

inline std::vector<Variant> all_variants() {
  std::vector<Variant> v;
  for (const VariantInfo& i : variant_infos()) v.push_back(i.variant);
  return v;
}

}  // namespace ws::bfs::test
