// The CPU twin's Barnes-Hut quadtree: built by recursive four-way partitions of the vertex order
// (deterministic: std::partition on a fixed input order), traversed per vertex with an explicit
// stack.
#include "graph_layout_quadtree.h"

#include <algorithm>
#include <cmath>

namespace ws::graph_layout::detail {

void QuadTree::build(const double* x, const double* y, const float* mass, int32_t n) {
  x_ = x;
  y_ = y;
  mass_ = mass;
  cells_.clear();
  order_.resize(size_t(n));
  for (int32_t i = 0; i < n; ++i) order_[size_t(i)] = i;
  if (n == 0) return;
  double lo_x = x[0], hi_x = x[0], lo_y = y[0], hi_y = y[0];
  for (int32_t i = 1; i < n; ++i) {
    lo_x = std::min(lo_x, x[i]);
    hi_x = std::max(hi_x, x[i]);
    lo_y = std::min(lo_y, y[i]);
    hi_y = std::max(hi_y, y[i]);
  }
  const double size = std::max({hi_x - lo_x, hi_y - lo_y, 1e-9}) * (1.0 + 1e-9);
  cells_.reserve(size_t(n) / 2 + 16);
  build_cell(0, n, lo_x, lo_y, size, 0);
  sx_.resize(size_t(n));
  sy_.resize(size_t(n));
  sm_.resize(size_t(n));
  for (int32_t i = 0; i < n; ++i) {
    const int32_t v = order_[size_t(i)];
    sx_[size_t(i)] = x[v];
    sy_[size_t(i)] = y[v];
    sm_[size_t(i)] = mass[v];
  }
}

int32_t QuadTree::build_cell(int32_t begin, int32_t end, double x0, double y0, double size,
                             int depth) {
  const int32_t id = int32_t(cells_.size());
  cells_.push_back(Cell{x0, y0, size, 0, 0, 0, begin, end, {-1, -1, -1, -1}, true});
  double m = 0, mx = 0, my = 0;
  for (int32_t i = begin; i < end; ++i) {
    const int32_t v = order_[size_t(i)];
    m += mass_[v];
    mx += mass_[v] * x_[v];
    my += mass_[v] * y_[v];
  }
  Cell& c = cells_[size_t(id)];
  c.mass = m;
  c.cx = mx / m;
  c.cy = my / m;
  if (end - begin <= kLeafSize || depth >= kMaxDepth) return id;
  c.leaf = false;

  const double half = size * 0.5, xm = x0 + half, ym = y0 + half;
  int32_t* first = order_.data() + begin;
  int32_t* last = order_.data() + end;
  int32_t* mid_y = std::partition(first, last, [&](int32_t v) { return y_[v] < ym; });
  int32_t* mid_lo = std::partition(first, mid_y, [&](int32_t v) { return x_[v] < xm; });
  int32_t* mid_hi = std::partition(mid_y, last, [&](int32_t v) { return x_[v] < xm; });
  const int32_t bounds[5] = {begin, int32_t(mid_lo - order_.data()), int32_t(mid_y - order_.data()),
                             int32_t(mid_hi - order_.data()), end};
  const double qx[4] = {x0, xm, x0, xm}, qy[4] = {y0, y0, ym, ym};
  for (int q = 0; q < 4; ++q) {
    if (bounds[q] == bounds[q + 1]) continue;
    const int32_t child = build_cell(bounds[q], bounds[q + 1], qx[q], qy[q], half, depth + 1);
    cells_[size_t(id)].child[q] = child;  // cells_ may have grown: index, not reference
  }
  return id;
}

void QuadTree::add_repulsion(int32_t v, double x, double y, double m, double k_r, double theta,
                             double& fx, double& fy) const {
  if (cells_.empty()) return;
  int32_t stack[4 * kMaxDepth + 8];
  int top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const Cell& c = cells_[size_t(stack[--top])];
    if (c.leaf) {
      for (int32_t i = c.begin; i < c.end; ++i) {
        const int32_t u = order_[size_t(i)];
        if (u != v)
          add_pair_repulsion(v, x, y, m, u, sx_[size_t(i)], sy_[size_t(i)], sm_[size_t(i)], k_r, fx,
                             fy);
      }
      continue;
    }
    const bool inside = x >= c.x0 && x < c.x0 + c.size && y >= c.y0 && y < c.y0 + c.size;
    if (!inside) {
      const double dx = x - c.cx, dy = y - c.cy;
      const double d2 = dx * dx + dy * dy;
      if (c.size * c.size < theta * theta * d2) {  // size / d < theta: one body
        const double f = k_r * m * c.mass / d2;
        fx += dx * f;
        fy += dy * f;
        continue;
      }
    }
    for (int q = 3; q >= 0; --q)
      if (c.child[q] >= 0) stack[top++] = c.child[q];
  }
}

}  // namespace ws::graph_layout::detail
