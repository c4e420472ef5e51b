// Helpers of the graph view's tests (test_graph_view*.cpp): hand-made graphs, BFS parents from
// levels (an independent rule: the smallest-id in-neighbour one level up), seeded positions, and
// "which of these colours is this pixel nearest to".
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <algorithm>
#include <cstdlib>
#include <random>
#include <utility>
#include <vector>

#include "graph/graph.h"
#include "render/canvas.h"
#include "render/image.h"

namespace ws::app::test {

// A CSR graph from an edge list; symmetric graphs get both directions.
inline graph::Graph make_graph(int32_t n, const std::vector<std::pair<int32_t, int32_t>>& edges,
                               bool symmetric) {
  std::vector<std::vector<int32_t>> adj(static_cast<size_t>(n));
  for (const auto& [u, v] : edges) {
    adj[size_t(u)].push_back(v);
    if (symmetric) adj[size_t(v)].push_back(u);
  }
  graph::Graph g;
  g.vertices = n;
  g.symmetric = symmetric;
  g.row_offsets.push_back(0);
  for (auto& row : adj) {
    std::sort(row.begin(), row.end());
    g.columns.insert(g.columns.end(), row.begin(), row.end());
    g.row_offsets.push_back(int64_t(g.columns.size()));
  }
  return g;
}

// parent[v] = the smallest u with an edge u -> v and level[u] == level[v] - 1; -1 for the source
// and unreached vertices.
inline std::vector<int32_t> parents_of(const graph::Graph& g, const std::vector<int32_t>& level) {
  std::vector<int32_t> parent(size_t(g.vertices), -1);
  for (int32_t u = 0; u < g.vertices; ++u) {
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      const int32_t v = g.columns[size_t(e)];
      if (level[size_t(u)] >= 0 && level[size_t(v)] == level[size_t(u)] + 1 &&
          (parent[size_t(v)] < 0 || u < parent[size_t(v)]))
        parent[size_t(v)] = u;
    }
  }
  return parent;
}

struct Positions {
  std::vector<float> x, y;
};

inline Positions random_positions(int32_t n, uint64_t seed, float w = 1, float h = 1) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> ux(0, w), uy(0, h);
  Positions p;
  for (int32_t v = 0; v < n; ++v) {
    p.x.push_back(ux(rng));
    p.y.push_back(uy(rng));
  }
  return p;
}

inline int color_distance(const uint8_t* pixel, gfx::Color c) {
  return std::abs(pixel[0] - c.r) + std::abs(pixel[1] - c.g) + std::abs(pixel[2] - c.b);
}

// Index of the candidate nearest to the pixel's RGB.
inline size_t nearest_color(const uint8_t* pixel, const std::vector<gfx::Color>& candidates) {
  size_t best = 0;
  for (size_t i = 1; i < candidates.size(); ++i) {
    if (color_distance(pixel, candidates[i]) < color_distance(pixel, candidates[best])) best = i;
  }
  return best;
}

// The colour an edge of colour c (straight alpha) leaves over the background where it fully
// covers a pixel.
inline gfx::Color over(gfx::Color c, gfx::Color background) {
  const auto mix = [&](uint8_t a, uint8_t b) {
    return uint8_t((a * c.a + b * (255 - c.a) + 127) / 255);
  };
  return {mix(c.r, background.r), mix(c.g, background.g), mix(c.b, background.b), 255};
}

}  // namespace ws::app::test
