// GraphView::draw (graph_view.h): the GL path (the buffers drawn into a texture by the programs in
// shaders/graph_*, shown with Canvas::image; quads, or 1-pixel lines thinned by zoom when many
// edges are on screen, the tree edges then thinned too when dense) or the canvas path (lines and
// circles: SVG figures, small graphs), with the same colours, widths and order of emphasis; then
// the labels (vertex id, and the level once reached) through the canvas, each only where it
// overlaps nothing.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "render/draw_list_canvas.h"
#include "views/graph/graph_view.h"
#include "views/graph/graph_view_impl.h"

namespace ws::app {

namespace {

constexpr int64_t kArrowMaxEdges = 2000;  // directed graphs get arrow heads up to this many edges
constexpr float kPi = 3.14159265358979f;

struct Box {
  float x0, y0, x1, y1;
  bool overlaps(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
  bool inside(gfx::Vec2 min, gfx::Vec2 max) const {
    return x0 >= min.x && y0 >= min.y && x1 <= max.x && y1 <= max.y;
  }
};

// Liang-Barsky: clips segment a-b to [min, max]; false when nothing is left.
bool clip(gfx::Vec2& a, gfx::Vec2& b, gfx::Vec2 min, gfx::Vec2 max) {
  float t0 = 0, t1 = 1;
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float p[4] = {-dx, dx, -dy, dy};
  const float q[4] = {a.x - min.x, max.x - a.x, a.y - min.y, max.y - a.y};
  for (int i = 0; i < 4; ++i) {
    if (p[i] == 0) {
      if (q[i] < 0) return false;
      continue;
    }
    const float t = q[i] / p[i];
    if (p[i] < 0)
      t0 = std::max(t0, t);
    else
      t1 = std::min(t1, t);
    if (t0 > t1) return false;
  }
  const gfx::Vec2 start = a;
  a = {start.x + t0 * dx, start.y + t0 * dy};
  b = {start.x + t1 * dx, start.y + t1 * dy};
  return true;
}

bool contains(gfx::Vec2 p, gfx::Vec2 min, gfx::Vec2 max) {
  return p.x >= min.x && p.y >= min.y && p.x <= max.x && p.y <= max.y;
}

gfx::Color text_on(gfx::Color fill) {
  const float luma = 0.299f * fill.r + 0.587f * fill.g + 0.114f * fill.b;
  return luma > 140 ? gfx::Color{20, 20, 24} : gfx::Color{250, 250, 252};
}

}  // namespace

void GraphView::draw(gfx::Canvas& canvas, gfx::Vec2 min, gfx::Vec2 max, bool vector) {
  Impl& s = *impl_;
  const gfx::Vec2 area{max.x - min.x, max.y - min.y};
  if (!(area.x > 0) || !(area.y > 0)) return;
  if (s.needs_fit) fit(area.x, area.y);
  s.area = area;
  const GraphStyle& style = graph_style(s.theme);
  const float radius = vertex_radius();
  const float spacing_pixels = s.spacing * camera_.scale;
  const float outline = radius >= kOutlineMinRadius ? 1.0f : 0.0f;

  if (!vector && s.uses_gl()) {
    float pixels_per_unit = 1;
    if (const auto* screen = dynamic_cast<const gfx::DrawListCanvas*>(&canvas))
      pixels_per_unit = screen->scale();
    interop::GraphDrawStyle gl;
    gl.width = std::max(1, int(std::lround(area.x * pixels_per_unit)));
    gl.height = std::max(1, int(std::lround(area.y * pixels_per_unit)));
    gl.center_x = camera_.cx;
    gl.center_y = camera_.cy;
    gl.scale = camera_.scale * pixels_per_unit;
    for (int i = 0; i < interop::kStateCount; ++i)
      gl.vertex_radius[i] = state_radius(radius, i) * pixels_per_unit;
    gl.outline_width = outline * pixels_per_unit;
    gl.background = style.background;
    for (int i = 0; i < interop::kStateCount; ++i) {
      gl.state_fill[i] = style.fill[i];
      gl.state_outline[i] = style.outline[i];
    }
    for (int i = 0; i < interop::kEdgeClassCount; ++i) {
      const EdgeLook look = edge_look(style, i, spacing_pixels);
      gl.edge_color[i] = look.color;
      gl.edge_width[i] = look.width * pixels_per_unit;
    }
    gl.directed = !s.symmetric;
    // Lines or quads, and how thin, from the edges on screen: the share of the layout's bounding
    // box inside the target (edges are spread over it) and the mean edge length in pixels.
    const float bx0 = (s.min_x - camera_.cx) * camera_.scale + 0.5f * area.x;
    const float bx1 = (s.max_x - camera_.cx) * camera_.scale + 0.5f * area.x;
    const float by0 = 0.5f * area.y - (s.max_y - camera_.cy) * camera_.scale;
    const float by1 = 0.5f * area.y - (s.min_y - camera_.cy) * camera_.scale;
    const float ix = std::max(0.0f, std::min(bx1, area.x) - std::max(bx0, 0.0f));
    const float iy = std::max(0.0f, std::min(by1, area.y) - std::max(by0, 0.0f));
    const float bw = std::max(bx1 - bx0, 1.0f), bh = std::max(by1 - by0, 1.0f);
    const double on_screen =
        double(s.edge_count()) *
        std::clamp(double(std::min(ix, bw)) * std::min(iy, bh) / (double(bw) * bh), 0.0, 1.0);
    const bool lines = s.edge_drawing == EdgeDrawing::Lines ||
                       (s.edge_drawing == EdgeDrawing::Auto && on_screen > double(kLineMinEdges));
    int stride = 1;
    if (lines && s.line_thinning) {
      const double target_pixels = double(gl.width) * gl.height;
      const double diagonal = std::hypot(double(gl.width), double(gl.height));
      const double length = std::clamp(double(s.mean_edge_length) * gl.scale, 1.0, diagonal);
      const double k =
          std::max(on_screen * length / (kLineOverdraw * target_pixels), on_screen / target_pixels);
      stride = int(std::clamp(std::ceil(k - 1e-3), 1.0, 1024.0));
    }
    gl.edge_lines = lines;
    gl.line_stride = stride;
    if (stride > 1) {  // one edge in `stride`, each covering what `stride` would: 1 - (1 - a)^k
      for (const int cls : {int(interop::kEdgePlain), int(interop::kEdgeExamined)}) {
        const float a = gl.edge_color[cls].a / 255.0f;
        gl.edge_color[cls].a = uint8_t(std::lround(255 * (1 - std::pow(1 - a, float(stride)))));
      }
    }
    // Tree edges (not this level's useful ones) with lines: as 1-pixel lines when about that thin
    // anyway, and thinned like the lines past kTreeOverdraw x the target's pixels. Their count
    // comes from the colouring (the CUDA kernel counts them on the device path).
    s.ensure_gl();
    if (s.tree_edges < 0 && s.cuda && s.gl_path == "gl+cuda")
      s.cuda->emphasised_edges(s.tree_edges, s.useful_edges);
    int tree_stride = 1;
    if (lines) {
      const double share = s.edge_count() > 0 ? on_screen / double(s.edge_count()) : 0.0;
      const double tree = (s.tree_edges >= 0 ? double(s.tree_edges) : double(s.n)) * share;
      const double useful = (s.useful_edges >= 0 ? double(s.useful_edges) : double(s.n)) * share;
      const double target_pixels = double(gl.width) * gl.height;
      const double diagonal = std::hypot(double(gl.width), double(gl.height));
      const double length = std::clamp(double(s.mean_edge_length) * gl.scale, 1.0, diagonal);
      // Short tree edges (a grid) stay quads: one pass with the useful ones is cheaper there.
      gl.tree_lines = gl.edge_width[interop::kEdgeTree] <= kTreeLineWidth * pixels_per_unit &&
                      tree * length > kUsefulQuadPixels * target_pixels;
      if (s.line_thinning) {
        const double width = gl.tree_lines ? 1.0 : gl.edge_width[interop::kEdgeTree] + 1.0;
        const double k = tree * length * width / (kTreeOverdraw * target_pixels);
        tree_stride = int(std::clamp(std::ceil(k - 1e-3), 1.0, 1024.0));
        gl.useful_lines = useful * length > kUsefulQuadPixels * target_pixels;
        gl.tree_lines = gl.tree_lines || gl.useful_lines;  // lines go under quads
      }
    }
    gl.tree_stride = tree_stride;
    gl.edge_depth = !gl.tree_lines && !gl.useful_lines;
    if (tree_stride > 1) {
      const float a = gl.edge_color[interop::kEdgeTree].a / 255.0f;
      gl.edge_color[interop::kEdgeTree].a =
          uint8_t(std::lround(255 * (1 - std::pow(1 - a, float(tree_stride)))));
    }
    s.drawing = !lines       ? "quads"
                : stride > 1 ? "lines, edges thinned 1:" + std::to_string(stride) + " at this zoom"
                             : "lines";
    if (tree_stride > 1) s.drawing += "; tree edges thinned 1:" + std::to_string(tree_stride);
    if (gl.useful_lines) s.drawing += "; useful edges as lines";
    if (s.style_hook) s.style_hook(gl);
    const GLuint texture = s.gl->draw(gl);
    Impl* impl = &s;
    canvas.image(min, max, {texture, [impl] { return impl->gl->read_back(); }, true});
    s.path = s.gl_path;
  } else {
    s.ensure_host();
    canvas.begin_group("graph");
    canvas.rect_filled(min, max, style.background);
    const auto at = [&](int32_t v) { return min + to_pixel(v); };
    canvas.begin_group("graph-edges");
    const bool arrows = !s.symmetric && s.edge_count() <= kArrowMaxEdges;
    for (int cls = 0; cls < interop::kEdgeClassCount; ++cls) {
      const EdgeLook look = edge_look(style, cls, spacing_pixels);
      const gfx::Color color = look.color;
      const float width = look.width;
      for (int64_t e = 0; e < s.edge_count(); ++e) {
        if (s.classes[size_t(e)] != cls) continue;
        gfx::Vec2 a = at(s.pairs[size_t(2 * e)]), b = at(s.pairs[size_t(2 * e + 1)]);
        if (arrows && contains(a, min, max) && contains(b, min, max)) {
          const gfx::Vec2 d = b - a;
          const float length = std::hypot(d.x, d.y);
          if (length > 2 * radius + 4) {
            const float head = std::max(5.0f, 2.5f * width);
            canvas.arrow(a, b - d * ((radius + 1) / length), color, width, head);
            continue;
          }
        }
        if (clip(a, b, min, max)) canvas.line(a, b, color, width);
      }
    }
    canvas.end_group();
    canvas.begin_group("graph-vertices");
    for (int state = 0; state < interop::kStateCount; ++state) {
      const float r = state_radius(radius, state);
      for (int32_t v = 0; v < s.n; ++v) {
        if (s.states[size_t(v)] != state) continue;
        const gfx::Vec2 p = at(v);
        if (!contains(p, min, max)) continue;
        if (outline > 0) {
          canvas.circle_filled(p, r, style.outline[state]);
          canvas.circle_filled(p, r - outline, style.fill[state]);
        } else {
          canvas.circle_filled(p, r, style.fill[state]);
        }
        if (state == interop::kStateSource) {  // the ring, as segments (no fill under it)
          const float ring = 0.5f * (kRingInner + kRingOuter) * r;
          const float thickness = (kRingOuter - kRingInner) * r;
          constexpr int kSegments = 40;
          for (int k = 0; k < kSegments; ++k) {
            const float a0 = 2 * kPi * k / kSegments, a1 = 2 * kPi * (k + 1) / kSegments;
            canvas.line({p.x + ring * std::cos(a0), p.y + ring * std::sin(a0)},
                        {p.x + ring * std::cos(a1), p.y + ring * std::sin(a1)},
                        style.outline[state], thickness);
          }
        }
      }
    }
    canvas.end_group();
    canvas.end_group();
    s.path = "canvas";
    s.drawing.clear();
  }

  // Labels: the id in the disk when it fits, else beside it; the level ("L2") once reached, beside
  // the disk. Each is drawn only where it overlaps no other label and no other disk. The source
  // first, then this level's vertices, so the labels that matter win the space.
  if (!s.show_labels()) return;
  s.ensure_host();
  const float font = std::clamp(radius * 1.15f, 9.0f, 13.0f);
  const float small = std::max(8.0f, font * 0.85f);
  std::vector<int32_t> order(size_t(s.n));
  for (int32_t v = 0; v < s.n; ++v) order[size_t(v)] = v;
  std::stable_sort(order.begin(), order.end(),
                   [&](int32_t a, int32_t b) { return s.states[size_t(a)] > s.states[size_t(b)]; });
  const auto reach_of = [&](int32_t v) {
    const int state = s.states[size_t(v)];
    return state_radius(radius, state) * (state == interop::kStateSource ? kRingOuter : 1.0f);
  };
  std::vector<Box> disks(size_t(s.n));
  for (int32_t v = 0; v < s.n; ++v) {
    const gfx::Vec2 p = min + to_pixel(v);
    const float r = reach_of(v);
    disks[size_t(v)] = {p.x - r, p.y - r, p.x + r, p.y + r};
  }
  std::vector<Box> placed;
  const auto free_for = [&](const Box& b, int32_t v) {
    if (!b.inside(min, max)) return false;
    for (const Box& other : placed)
      if (b.overlaps(other)) return false;
    for (int32_t u = 0; u < s.n; ++u)
      if (u != v && b.overlaps(disks[size_t(u)])) return false;
    return true;
  };
  canvas.begin_group("graph-labels");
  for (const int32_t v : order) {
    const gfx::Vec2 p = min + to_pixel(v);
    if (!contains(p, min, max)) continue;
    const uint8_t state = s.states[size_t(v)];
    const float r = state_radius(radius, state), reach = reach_of(v);
    const std::string id =
        std::to_string(s.original_ids.empty() ? int64_t(v) : s.original_ids[size_t(v)]);
    const gfx::Vec2 id_size = canvas.text_size(id, font);
    const bool inside = id_size.x <= 2 * r - 2 && id_size.y <= 2 * r + 2;
    if (inside) {
      // Inside its own disk: hidden only when another disk covers this one's centre.
      bool covered = false;
      for (int32_t u = 0; u < s.n && !covered; ++u) {
        const Box& d = disks[size_t(u)];
        covered = u != v && s.states[size_t(u)] >= state && p.x > d.x0 && p.x < d.x1 &&
                  p.y > d.y0 && p.y < d.y1;
      }
      if (!covered)
        canvas.text(p, id, font, text_on(style.fill[state]), gfx::HAlign::Center,
                    gfx::VAlign::Middle);
    }
    std::string level;
    if (!s.label_level.empty() && state != interop::kStateUnvisited &&
        s.label_level[size_t(v)] >= 0)
      level = "L" + std::to_string(s.label_level[size_t(v)]);
    const gfx::Vec2 level_size = level.empty() ? gfx::Vec2{} : canvas.text_size(level, small);
    // Beside the disk: the id (when it did not fit inside) above the level.
    float y = p.y - 0.5f * ((inside ? 0.0f : id_size.y) + level_size.y);
    const float x = p.x + reach + 2;
    if (!inside) {
      const Box box{x, y, x + id_size.x, y + id_size.y};
      if (free_for(box, v)) {
        placed.push_back(box);
        canvas.text({x, y}, id, font, style.label, gfx::HAlign::Left, gfx::VAlign::Top);
      }
      y += id_size.y;
    }
    if (!level.empty()) {
      const Box box{x, y, x + level_size.x, y + level_size.y};
      if (free_for(box, v)) {
        placed.push_back(box);
        canvas.text({x, y}, level, small, style.label_muted, gfx::HAlign::Left, gfx::VAlign::Top);
      }
    }
  }
  canvas.end_group();
}

}  // namespace ws::app
