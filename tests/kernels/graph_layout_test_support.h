// Shared by the layout tests (tests/kernels/test_graph_layout_cpu_*.cpp and
// tests/gpu/test_graph_layout_gpu_*.cpp): the quality measure (mean edge length over the mean
// distance of random vertex pairs: about 1 for random positions, far below 1 for a layout that
// draws neighbours together), finiteness, the closest pair, and small graphs built by hand.
#pragma once

#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "graph/graph.h"
#include "graph/graph_csr.h"
#include "graph_layout/graph_layout.h"
#include "shipped_graphs_test_support.h"

namespace ws::graph_layout::test {

inline double distance(const Positions& p, int32_t u, int32_t v) {
  return std::hypot(double(p.x[size_t(u)]) - p.x[size_t(v)],
                    double(p.y[size_t(u)]) - p.y[size_t(v)]);
}

// Mean length of the edges (u != v) over the mean distance of `pairs` seeded random pairs of
// distinct vertices. A random placement gives about 1.
inline double edge_length_ratio(const graph::Graph& g, const Positions& p, int pairs = 4000) {
  double edges = 0;
  int64_t count = 0;
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      const int32_t v = g.columns[size_t(e)];
      if (u == v) continue;
      edges += distance(p, u, v);
      ++count;
    }
  uint64_t state = 12345;
  auto next = [&state](int32_t n) {  // xorshift64: a test-local generator, not the layout's
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return int32_t(state % uint64_t(n));
  };
  double pair_sum = 0;
  int drawn = 0;
  while (drawn < pairs) {
    const int32_t u = next(g.vertices), v = next(g.vertices);
    if (u == v) continue;
    pair_sum += distance(p, u, v);
    ++drawn;
  }
  return (edges / double(count)) / (pair_sum / double(drawn));
}

inline bool all_finite(const Positions& p) {
  for (size_t i = 0; i < p.x.size(); ++i)
    if (!std::isfinite(p.x[i]) || !std::isfinite(p.y[i])) return false;
  return true;
}

// The smallest distance between two distinct vertices (brute force; small graphs).
inline double min_pair_distance(const Positions& p) {
  double best = std::numeric_limits<double>::infinity();
  const int32_t n = int32_t(p.x.size());
  for (int32_t u = 0; u < n; ++u)
    for (int32_t v = u + 1; v < n; ++v) best = std::min(best, distance(p, u, v));
  return best;
}

// An undirected graph from an edge list (both directions stored), no coordinates.
inline graph::Graph undirected(int32_t n, std::vector<std::pair<int32_t, int32_t>> edges,
                               bool remove_self_loops = true) {
  return graph::build_csr(n, std::move(edges), {}, /*symmetrize=*/true, remove_self_loops,
                          /*remove_duplicates=*/true);
}

// A W x H 4-neighbour grid without coordinates (so it is laid out, not drawn at them).
inline graph::Graph grid_without_coordinates(int32_t w, int32_t h) {
  std::vector<std::pair<int32_t, int32_t>> edges;
  for (int32_t r = 0; r < h; ++r)
    for (int32_t c = 0; c < w; ++c) {
      if (c + 1 < w) edges.emplace_back(r * w + c, r * w + c + 1);
      if (r + 1 < h) edges.emplace_back(r * w + c, (r + 1) * w + c);
    }
  return undirected(w * h, std::move(edges));
}

inline std::string graphs_dir() {
  return ws::test::shipped_graphs_dir();
}

// Points XDG_CACHE_HOME at a fresh temporary directory for the scope of a test (removed after),
// so layout() never touches the user's cache; restores the previous value.
class ScopedCacheHome {
 public:
  ScopedCacheHome() {
    const char* old = std::getenv("XDG_CACHE_HOME");
    had_old_ = old != nullptr;
    if (had_old_) old_ = old;
    std::string pattern = (std::filesystem::temp_directory_path() / "ws_layout_XXXXXX").string();
    if (::mkdtemp(pattern.data()) != nullptr) dir_ = pattern;
    ::setenv("XDG_CACHE_HOME", dir_.c_str(), 1);
  }
  ~ScopedCacheHome() {
    if (had_old_)
      ::setenv("XDG_CACHE_HOME", old_.c_str(), 1);
    else
      ::unsetenv("XDG_CACHE_HOME");
    std::error_code ec;
    if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
  }
  ScopedCacheHome(const ScopedCacheHome&) = delete;
  ScopedCacheHome& operator=(const ScopedCacheHome&) = delete;
  const std::string& dir() const { return dir_; }

 private:
  std::string dir_, old_;
  bool had_old_ = false;
};

}  // namespace ws::graph_layout::test
