// GraphView's camera (graph_view.h): fit, zoom about a pixel, pan, and pick through a uniform grid
// (PickGrid, about two vertices per cell: a click looks at a few cells, not a million vertices).
#include <algorithm>
#include <cmath>

#include "views/graph/graph_view.h"
#include "views/graph/graph_view_impl.h"

namespace ws::app {

void PickGrid::build(const std::vector<float>& x, const std::vector<float>& y, float max_x,
                     float max_y) {
  const size_t n = x.size();
  min_x = n > 0 ? *std::min_element(x.begin(), x.end()) : 0.0f;
  min_y = n > 0 ? *std::min_element(y.begin(), y.end()) : 0.0f;
  const float w = std::max(max_x - min_x, 0.0f), h = std::max(max_y - min_y, 0.0f);
  const float extent = std::max(w, h);
  // About two vertices per cell over the box's area (a line of vertices: along its length).
  const double cells = std::max<double>(1.0, double(n) / 2.0);
  double c = w > 0 && h > 0 ? std::sqrt(double(w) * h / cells) : double(extent) / cells;
  if (!(c > 0)) c = 1;
  c = std::max(c, double(extent) / 4096.0);  // at most 4096 cells a side
  cell = float(c);
  nx = std::max(1, int32_t(std::floor(w / cell)) + 1);
  ny = std::max(1, int32_t(std::floor(h / cell)) + 1);
  const size_t count = size_t(nx) * size_t(ny);
  start.assign(count + 1, 0);
  items.assign(n, 0);
  const auto cell_of = [&](size_t v) {
    const int32_t cx = std::min(nx - 1, int32_t((x[v] - min_x) / cell));
    const int32_t cy = std::min(ny - 1, int32_t((y[v] - min_y) / cell));
    return size_t(cy) * size_t(nx) + size_t(cx);
  };
  for (size_t v = 0; v < n; ++v) ++start[cell_of(v) + 1];
  for (size_t i = 0; i < count; ++i) start[i + 1] += start[i];
  std::vector<int32_t> fill(start.begin(), start.end() - 1);
  for (size_t v = 0; v < n; ++v) items[size_t(fill[cell_of(v)]++)] = int32_t(v);
}

int32_t PickGrid::nearest(const std::vector<float>& x, const std::vector<float>& y, float px,
                          float py, float r) const {
  if (items.empty() || !(r >= 0)) return -1;
  const float fx0 = (px - r - min_x) / cell, fx1 = (px + r - min_x) / cell;
  const float fy0 = (py - r - min_y) / cell, fy1 = (py + r - min_y) / cell;
  if (fx1 < 0 || fy1 < 0 || fx0 >= float(nx) || fy0 >= float(ny)) return -1;
  const int32_t cx0 = std::max(0, int32_t(fx0)), cx1 = std::min(nx - 1, int32_t(fx1));
  const int32_t cy0 = std::max(0, int32_t(fy0)), cy1 = std::min(ny - 1, int32_t(fy1));
  int32_t best = -1;
  float best_d2 = r * r;
  for (int32_t cy = cy0; cy <= cy1; ++cy) {
    for (int32_t cx = cx0; cx <= cx1; ++cx) {
      const size_t c = size_t(cy) * size_t(nx) + size_t(cx);
      for (int32_t i = start[c]; i < start[c + 1]; ++i) {
        const int32_t v = items[size_t(i)];
        const float dx = x[size_t(v)] - px, dy = y[size_t(v)] - py;
        const float d2 = dx * dx + dy * dy;
        if (d2 < best_d2 || (d2 == best_d2 && (best < 0 || v < best))) {
          best = v;
          best_d2 = d2;
        }
      }
    }
  }
  return best;
}

void GraphView::fit(float width, float height) {
  Impl& s = *impl_;
  s.area = {std::max(width, 1.0f), std::max(height, 1.0f)};
  s.needs_fit = false;
  // Room for the largest disk with the source's ring, and for labels beside the disks.
  float margin = kMaxVertexRadius * kRingOuter + 4 + (s.show_labels() ? 14.0f : 0.0f);
  margin = std::min(margin, 0.25f * std::min(s.area.x, s.area.y));
  const float w = s.max_x - s.min_x, h = s.max_y - s.min_y;
  const float room_x = s.area.x - 2 * margin, room_y = s.area.y - 2 * margin;
  float scale = 1;
  if (w > 0 && h > 0)
    scale = std::min(room_x / w, room_y / h);
  else if (w > 0)
    scale = room_x / w;
  else if (h > 0)
    scale = room_y / h;
  camera_.scale = scale > 0 && std::isfinite(scale) ? scale : 1.0f;
  camera_.cx = 0.5f * (s.min_x + s.max_x);
  camera_.cy = 0.5f * (s.min_y + s.max_y);
}

void GraphView::zoom(float factor, gfx::Vec2 about_pixel) {
  const Impl& s = *impl_;
  if (!(factor > 0) || !std::isfinite(factor)) return;
  // The layout point under the pixel stays under it.
  const float lx = camera_.cx + (about_pixel.x - 0.5f * s.area.x) / camera_.scale;
  const float ly = camera_.cy - (about_pixel.y - 0.5f * s.area.y) / camera_.scale;
  const float scale = std::clamp(camera_.scale * factor, 1e-12f, 1e12f);
  camera_.scale = scale;
  camera_.cx = lx - (about_pixel.x - 0.5f * s.area.x) / scale;
  camera_.cy = ly + (about_pixel.y - 0.5f * s.area.y) / scale;
}

void GraphView::pan(gfx::Vec2 pixels) {
  camera_.cx -= pixels.x / camera_.scale;
  camera_.cy += pixels.y / camera_.scale;
}

float GraphView::vertex_radius() const {
  const Impl& s = *impl_;
  return std::clamp(0.35f * s.spacing * camera_.scale, kMinVertexRadius, kMaxVertexRadius);
}

gfx::Vec2 GraphView::to_pixel(int32_t v) const {
  const Impl& s = *impl_;
  return {(s.x[size_t(v)] - camera_.cx) * camera_.scale + 0.5f * s.area.x,
          0.5f * s.area.y - (s.y[size_t(v)] - camera_.cy) * camera_.scale};
}

int32_t GraphView::pick(gfx::Vec2 pixel, float radius) const {
  const Impl& s = *impl_;
  if (s.n == 0) return -1;
  const float lx = camera_.cx + (pixel.x - 0.5f * s.area.x) / camera_.scale;
  const float ly = camera_.cy - (pixel.y - 0.5f * s.area.y) / camera_.scale;
  const float r = std::max(radius, vertex_radius()) / camera_.scale;
  return s.grid.nearest(s.x, s.y, lx, ly, r);
}

}  // namespace ws::app
