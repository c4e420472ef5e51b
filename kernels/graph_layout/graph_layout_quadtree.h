// The CPU twin's Barnes-Hut quadtree (Barnes & Hut, Nature 1986): cells split into four quadrants
// until a cell holds at most kLeafSize vertices; each cell keeps its total mass and centre of
// mass. The repulsion on a vertex opens a cell when cell size / distance >= theta (or when the
// vertex lies inside the cell) and otherwise takes the whole cell as one body at its centre of
// mass. Build O(n log n), one vertex's repulsion O(log n) for theta > 0.
#pragma once

#include <cstdint>
#include <vector>

#include "graph_layout_parts.h"

namespace ws::graph_layout::detail {

class QuadTree {
 public:
  static constexpr int kLeafSize = 8;
  static constexpr int kMaxDepth = 40;  // coincident vertices share a leaf past this depth

  void build(const double* x, const double* y, const float* mass, int32_t n);

  // ForceAtlas2 repulsion on vertex v at (x, y) with mass m: the sum over the other vertices u of
  // k_r m m_u / d, directed away from u; added to (fx, fy).
  void add_repulsion(int32_t v, double x, double y, double m, double k_r, double theta, double& fx,
                     double& fy) const;

 private:
  struct Cell {
    double x0, y0, size;  // the square [x0, x0 + size) x [y0, y0 + size)
    double cx, cy, mass;  // centre of mass, total mass
    int32_t begin, end;   // its vertices: order_[begin .. end)
    int32_t child[4];     // -1: none
    bool leaf;
  };
  int32_t build_cell(int32_t begin, int32_t end, double x0, double y0, double size, int depth);

  const double* x_ = nullptr;
  const double* y_ = nullptr;
  const float* mass_ = nullptr;
  std::vector<Cell> cells_;
  std::vector<int32_t> order_;
  std::vector<double> sx_, sy_, sm_;  // positions and masses in order_, so a leaf reads in a row
};

// The repulsion of u on v (both masses given), exact, added to (fx, fy); coincident vertices
// push apart along x by id.
inline void add_pair_repulsion(int32_t v, double xv, double yv, double mv, int32_t u, double xu,
                               double yu, double mu, double k_r, double& fx, double& fy) {
  const double dx = xv - xu, dy = yv - yu;
  const double d2 = dx * dx + dy * dy;
  if (d2 < kMinDistance * kMinDistance) {
    fx += (v < u ? -1.0 : 1.0) * k_r * mv * mu / kMinDistance;
    return;
  }
  const double f = k_r * mv * mu / d2;  // |F| = k_r m_v m_u / d, along (dx, dy) / d
  fx += dx * f;
  fy += dy * f;
}

}  // namespace ws::graph_layout::detail
