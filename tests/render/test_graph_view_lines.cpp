// The graph view's line drawing of large graphs (GraphView::EdgeDrawing): plain and examined edges
// as 1-pixel lines, tree and useful edges as quads found by vertex. On a mid-size grid graph
// (axis-aligned edges, so every midpoint is clear of other edges and disks) the lines path and the
// quads path put the same class colour at every edge's midpoint, and that class is the one the
// shared rule (edge_class) gives; Auto picks lines only when many edges are on screen and thins
// them only when their pixels outnumber the target's many times over, and says so.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "gl_environment.h"
#include "graph/graph.h"
#include "interop/graph_buffers.h"
#include "render/figure.h"
#include "render/palette.h"
#include "test_graph_view_support.h"
#include "views/graph/graph_view.h"

namespace ws::app {
namespace {

using test::nearest_color;
using test::over;
using test::parents_of;

#define WS_SKIP_WITHOUT_GL()                                                  \
  do {                                                                        \
    if (!::ws::gfx::test::gl_setup_error().empty())                           \
      GTEST_SKIP() << "no GL context: " << ::ws::gfx::test::gl_setup_error(); \
  } while (0)

gfx::FigureOptions options(int w, int h, gfx::Theme theme) {
  gfx::FigureOptions o;
  o.width = w;
  o.height = h;
  o.supersample = 1;
  o.theme = theme;
  return o;
}

gfx::Image draw(GraphView& view, int w, int h, gfx::Theme theme) {
  return gfx::render_figure(
      [&](gfx::Canvas& c) {
        view.draw(c, {0, 0}, {float(w), float(h)});
      },
      options(w, h, theme));
}

// The pixel of the 3 x 3 block at p that differs most from the background.
const uint8_t* strongest(const gfx::Image& image, gfx::Vec2 p, gfx::Color bg) {
  const uint8_t* best = image.pixel(int(p.x), int(p.y));
  for (int dy = -1; dy <= 1; ++dy) {
    for (int dx = -1; dx <= 1; ++dx) {
      const uint8_t* q = image.pixel(int(p.x) + dx, int(p.y) + dy);
      if (test::color_distance(q, bg) > test::color_distance(best, bg)) best = q;
    }
  }
  return best;
}

TEST(GraphViewLines, LinesAndQuadsPutTheSameClassAtEdgeMidpoints) {
  WS_SKIP_WITHOUT_GL();
  const graph::Graph g = graph::generate("grid:36x24", 1);
  ASSERT_EQ(g.x.size(), size_t(g.vertices));
  struct Case {
    int32_t source, depth;
    gfx::Theme theme;
  };
  const Case cases[] = {{0, 9, gfx::Theme::Light},
                        {g.vertices / 2 + 7, 6, gfx::Theme::Dark},
                        {g.vertices - 1, 20, gfx::Theme::Light}};
  constexpr int kW = 900, kH = 620;
  for (const Case& c : cases) {
    const std::vector<int32_t> level = graph::bfs_reference(g, c.source);
    const std::vector<int32_t> parent = parents_of(g, level);
    BfsOverlay o;
    o.level = level.data();
    o.parent = parent.data();
    o.source = c.source;
    o.depth = c.depth;
    GraphView view(Backend::Cpu, true);
    view.set_labels(false);
    view.set_theme(c.theme);
    view.set_mode(GraphView::Mode::Gl);
    view.set_graph(g, g.x, g.y);
    view.set_overlay(o);
    view.fit(kW, kH);
    // Quads, lines, and lines with the tree edges as lines too (no depth test: draw order).
    constexpr int kImages = 3;
    const char* names[kImages] = {"quads", "lines", "lines + tree and useful lines"};
    gfx::Image images[kImages];
    const GraphView::EdgeDrawing drawings[kImages] = {GraphView::EdgeDrawing::Quads,
                                                      GraphView::EdgeDrawing::Lines,
                                                      GraphView::EdgeDrawing::Lines};
    for (int k = 0; k < kImages; ++k) {
      view.set_edge_drawing(drawings[k]);
      if (k == 2) {
        view.set_gl_style_hook([](interop::GraphDrawStyle& s) {
          s.tree_lines = true;
          s.useful_lines = true;
          s.edge_depth = false;
        });
      }
      images[k] = draw(view, kW, kH, c.theme);
      view.set_gl_style_hook(nullptr);
      EXPECT_EQ(view.edge_drawing(), k == 0 ? "quads" : "lines");
    }
    const gfx::Color bg = gfx::palette(c.theme).background;
    std::vector<gfx::Color> candidates = {bg};
    for (int k = 0; k <= 3; ++k)
      candidates.push_back(over(GraphView::edge_color(EdgeClass(k), c.theme), bg));
    int seen[4] = {0, 0, 0, 0}, checked = 0;
    for (int32_t u = 0; u < g.vertices; ++u) {
      for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
        const int32_t v = g.columns[size_t(e)];
        if (v < u || u == c.source || v == c.source) continue;  // the source's ring reaches out
        const gfx::Vec2 a = view.to_pixel(u), b = view.to_pixel(v);
        ASSERT_LT(std::hypot(b.x - a.x, b.y - a.y), 40.0f) << "grid edges join neighbours";
        const gfx::Vec2 mid = (a + b) * 0.5f;
        const EdgeClass want = edge_class(u, v, level[size_t(u)], level[size_t(v)],
                                          parent[size_t(u)], parent[size_t(v)], o, true);
        ++seen[int(want)];
        ++checked;
        for (int k = 0; k < kImages; ++k) {
          EXPECT_EQ(nearest_color(strongest(images[k], mid, bg), candidates), 1 + size_t(want))
              << names[k] << " source " << c.source << " depth " << c.depth << " edge " << u << "-"
              << v << " (" << GraphView::edge_class_name(want) << ")";
        }
      }
    }
    EXPECT_GT(checked, 1500);
    for (int k = 0; k < 4; ++k)
      EXPECT_GT(seen[k], 0) << "every class appears: " << GraphView::edge_class_name(EdgeClass(k));
    // Vertices are drawn over the lines in both.
    for (const int32_t v : {c.source, 1, g.vertices - 2}) {
      const gfx::Vec2 p = view.to_pixel(v);
      const uint8_t* q = images[0].pixel(int(p.x), int(p.y));
      for (int k = 1; k < kImages; ++k) {
        const uint8_t* l = images[k].pixel(int(p.x), int(p.y));
        EXPECT_LE(std::abs(q[0] - l[0]) + std::abs(q[1] - l[1]) + std::abs(q[2] - l[2]), 6)
            << "vertex " << v << " " << names[k];
      }
    }
  }
}

// A grid of more than kLineMinEdges edges: lines when it fills the view, quads when zoomed in on a
// corner, thinned (and said so) only when its edges' pixels outnumber the target's many times.
TEST(GraphViewLines, AutoPicksLinesAndThinningByWhatIsOnScreen) {
  WS_SKIP_WITHOUT_GL();
  const graph::Graph g = graph::generate("grid:240x240", 1);
  ASSERT_GT(int64_t(g.edges() / 2), kLineMinEdges);
  GraphView view(Backend::Cpu, true);
  view.set_mode(GraphView::Mode::Gl);
  view.set_graph(g, g.x, g.y);
  constexpr int kW = 320, kH = 240;
  view.fit(kW, kH);
  draw(view, kW, kH, gfx::Theme::Light);
  // ~115k edges of ~1 pixel over 77k pixels: more edges than pixels, so thinned at least 1:2.
  EXPECT_EQ(view.edge_drawing().rfind("lines, edges thinned 1:", 0), 0u) << view.edge_drawing();
  view.set_edge_drawing(GraphView::EdgeDrawing::Auto, false);
  draw(view, kW, kH, gfx::Theme::Light);
  EXPECT_EQ(view.edge_drawing(), "lines");
  view.set_edge_drawing(GraphView::EdgeDrawing::Auto, true);
  view.zoom(30, {0, 0});  // a corner: a few hundred edges on screen
  draw(view, kW, kH, gfx::Theme::Light);
  EXPECT_EQ(view.edge_drawing(), "quads");
  view.set_mode(GraphView::Mode::Canvas);
  draw(view, kW, kH, gfx::Theme::Light);
  EXPECT_EQ(view.edge_drawing(), "");
  // Long edges (random positions): thinned harder than the grid's short ones.
  const graph::Graph r = graph::generate("er:20000:12", 2);
  ASSERT_GT(int64_t(r.edges() / 2), kLineMinEdges);
  const auto p = test::random_positions(r.vertices, 2);
  view.set_mode(GraphView::Mode::Gl);
  view.set_graph(r, p.x, p.y);
  draw(view, kW, kH, gfx::Theme::Light);
  const std::string prefix = "lines, edges thinned 1:";
  ASSERT_EQ(view.edge_drawing().rfind(prefix, 0), 0u) << view.edge_drawing();
  // ~120k edges of ~100 pixels over 77k pixels at 24x overdraw: about 1:6.
  EXPECT_GE(std::stoi(view.edge_drawing().substr(prefix.size())), 4) << view.edge_drawing();
}

// Thinned tree edges (GraphDrawStyle::tree_stride, as quads and as lines): about one tree edge in
// k is drawn (the tree colour at its midpoint), the others not at all, as thinned lines; every
// useful edge, this level's, is still drawn in its colour.
TEST(GraphViewLines, ThinnedTreeKeepsOneInKAndEveryUsefulEdge) {
  WS_SKIP_WITHOUT_GL();
  const graph::Graph g = graph::generate("grid:40x30", 1);
  constexpr int kW = 1000, kH = 760;
  for (const int32_t source : {0, 611}) {
    const std::vector<int32_t> level = graph::bfs_reference(g, source);
    const std::vector<int32_t> parent = parents_of(g, level);
    BfsOverlay o;
    o.level = level.data();
    o.parent = parent.data();
    o.source = source;
    o.depth = 24;
    GraphView view(Backend::Cpu, true);
    view.set_labels(false);
    view.set_mode(GraphView::Mode::Gl);
    view.set_edge_drawing(GraphView::EdgeDrawing::Lines);
    view.set_graph(g, g.x, g.y);
    view.set_overlay(o);
    view.fit(kW, kH);
    for (const bool tree_lines : {false, true}) {
      constexpr int kStride = 3;
      view.set_gl_style_hook([&](interop::GraphDrawStyle& s) {
        s.tree_lines = tree_lines;
        s.edge_depth = !tree_lines;
        s.tree_stride = kStride;
        s.edge_color[interop::kEdgeTree].a = 235;  // not raised: the tree colour as unthinned
      });
      const gfx::Image image = draw(view, kW, kH, gfx::Theme::Light);
      const gfx::Color bg = gfx::palette(gfx::Theme::Light).background;
      std::vector<gfx::Color> candidates = {bg};
      for (int k = 0; k <= 3; ++k)
        candidates.push_back(over(GraphView::edge_color(EdgeClass(k), gfx::Theme::Light), bg));
      int tree = 0, tree_kept = 0, useful = 0, useful_kept = 0;
      for (int32_t u = 0; u < g.vertices; ++u) {
        for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
          const int32_t v = g.columns[size_t(e)];
          if (v < u || u == source || v == source) continue;
          const EdgeClass want = edge_class(u, v, level[size_t(u)], level[size_t(v)],
                                            parent[size_t(u)], parent[size_t(v)], o, true);
          const gfx::Vec2 mid = (view.to_pixel(u) + view.to_pixel(v)) * 0.5f;
          const size_t got = nearest_color(strongest(image, mid, bg), candidates);
          if (want == EdgeClass::Tree) {
            ++tree;
            tree_kept += got == 1 + size_t(EdgeClass::Tree);
            EXPECT_NE(got, 1 + size_t(EdgeClass::Useful)) << "edge " << u << "-" << v;
          } else if (want == EdgeClass::Useful) {
            ++useful;
            useful_kept += got == 1 + size_t(EdgeClass::Useful);
          }
        }
      }
      ASSERT_GT(tree, 150) << "source " << source;
      ASSERT_GT(useful, 10) << "source " << source;
      EXPECT_EQ(useful_kept, useful) << "source " << source << " tree lines " << tree_lines;
      const double share = double(tree_kept) / tree;
      EXPECT_GT(share, 0.5 / kStride) << "source " << source << " tree lines " << tree_lines;
      EXPECT_LT(share, 1.6 / kStride) << "source " << source << " tree lines " << tree_lines;
    }
  }
}

// Auto on a large graph with long edges at a late level: the tree edges are thinned too, and
// edge_drawing() says so; without thinning neither the lines nor the tree are. A level with
// thousands of useful edges draws them as lines (all of them), and says so.
TEST(GraphViewLines, AutoThinsADenseTreeAndSaysSo) {
  WS_SKIP_WITHOUT_GL();
  const graph::Graph r = graph::generate("er:20000:12", 3);
  const auto p = test::random_positions(r.vertices, 3);
  const std::vector<int32_t> level = graph::bfs_reference(r, 0);
  const std::vector<int32_t> parent = parents_of(r, level);
  BfsOverlay o;
  o.level = level.data();
  o.parent = parent.data();
  o.source = 0;
  o.depth = *std::max_element(level.begin(), level.end());
  GraphView view(Backend::Cpu, true);
  view.set_mode(GraphView::Mode::Gl);
  view.set_graph(r, p.x, p.y);
  view.set_overlay(o);
  constexpr int kW = 320, kH = 240;
  draw(view, kW, kH, gfx::Theme::Light);
  const std::string said = view.edge_drawing();
  const std::string tree = "; tree edges thinned 1:";
  ASSERT_NE(said.find(tree), std::string::npos) << said;
  // ~20000 tree edges of ~100 pixels over 77k pixels at 4x: about 1:6.
  EXPECT_GE(std::stoi(said.substr(said.find(tree) + tree.size())), 3) << said;
  EXPECT_EQ(said.rfind("lines, edges thinned 1:", 0), 0u) << said;
  view.set_edge_drawing(GraphView::EdgeDrawing::Auto, false);
  draw(view, kW, kH, gfx::Theme::Light);
  EXPECT_EQ(view.edge_drawing(), "lines");
  EXPECT_EQ(said.find("useful edges as lines"), std::string::npos) << "none at the last level";
  // At level 0 the tree has no edge of class tree yet (the source's are useful): nothing thinned.
  o.depth = 0;
  view.set_overlay(o);
  view.set_edge_drawing(GraphView::EdgeDrawing::Auto, true);
  draw(view, kW, kH, gfx::Theme::Light);
  EXPECT_EQ(view.edge_drawing().find(tree), std::string::npos) << view.edge_drawing();
  EXPECT_EQ(view.edge_drawing().find("useful"), std::string::npos) << view.edge_drawing();
  // Level 3 finds thousands of vertices: their useful edges become lines, and it is said.
  o.depth = 3;
  view.set_overlay(o);
  draw(view, kW, kH, gfx::Theme::Light);
  EXPECT_NE(view.edge_drawing().find("; useful edges as lines"), std::string::npos)
      << view.edge_drawing();
}

// Small graphs keep the quads on the GL path too.
TEST(GraphViewLines, SmallGraphsKeepQuads) {
  WS_SKIP_WITHOUT_GL();
  const graph::Graph g = graph::generate("grid:30x30", 1);
  GraphView view(Backend::Cpu, true);
  view.set_mode(GraphView::Mode::Gl);
  view.set_graph(g, g.x, g.y);
  draw(view, 400, 300, gfx::Theme::Light);
  EXPECT_EQ(view.path(), "gl");
  EXPECT_EQ(view.edge_drawing(), "quads");
}

}  // namespace
}  // namespace ws::app
