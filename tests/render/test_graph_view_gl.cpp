// The graph view's GL path (headless EGL, every machine; skipped without GL): a hand-made graph at
// a known camera lands with each vertex's state colour at its centre, each edge's class colour at
// its midpoint and the background elsewhere; the canvas path agrees at the same pixels; random
// graphs agree between the two paths at every unobstructed vertex; the caller's GL state is left
// alone; and the shipped graphs are written as PNG / SVG into WS_RENDER_OUT_DIR for a look.
#include <gtest/gtest.h>

#include <GL/glew.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gl_environment.h"
#include "graph/graph.h"
#include "graph_layout/graph_layout.h"
#include "render/figure.h"
#include "../kernels/shipped_graphs_test_support.h"
#include "render/palette.h"
#include "test_graph_view_support.h"
#include "views/graph/graph_view.h"

namespace ws::app {
namespace {

using test::make_graph;
using test::nearest_color;
using test::over;
using test::parents_of;
using test::random_positions;

#define WS_SKIP_WITHOUT_GL()                                                  \
  do {                                                                        \
    if (!::ws::gfx::test::gl_setup_error().empty())                           \
      GTEST_SKIP() << "no GL context: " << ::ws::gfx::test::gl_setup_error(); \
  } while (0)

gfx::FigureOptions options(int w, int h, gfx::Theme theme = gfx::Theme::Light) {
  gfx::FigureOptions o;
  o.width = w;
  o.height = h;
  o.supersample = 1;
  o.theme = theme;
  return o;
}

std::vector<gfx::Color> state_colors(gfx::Theme theme) {
  std::vector<gfx::Color> c;
  for (int s = 0; s <= 4; ++s) c.push_back(GraphView::state_color(VertexState(s), theme));
  return c;
}

// Candidates for an edge's midpoint: the background and each class over it.
std::vector<gfx::Color> edge_colors(gfx::Theme theme) {
  const gfx::Color bg = gfx::palette(theme).background;
  std::vector<gfx::Color> c = {bg};
  for (int k = 0; k <= 3; ++k) c.push_back(over(GraphView::edge_color(EdgeClass(k), theme), bg));
  return c;
}

// The square 0 (0,0), 1 (1,0), 2 (0,1), 3 (1,1) with edges 0-1, 0-2, 1-3, BFS from 0 shown at
// depth 1: 0 source, 1 and 2 frontier, 3 discovered; 0-1 and 0-2 tree edges, 1-3 useful.
struct Square {
  graph::Graph g = make_graph(4, {{0, 1}, {0, 2}, {1, 3}}, true);
  std::vector<float> x = {0, 1, 0, 1}, y = {0, 0, 1, 1};
  std::vector<int32_t> level = {0, 1, 1, 2};
  std::vector<int32_t> parent = {-1, 0, 0, 1};
  BfsOverlay overlay() const {
    BfsOverlay o;
    o.level = level.data();
    o.parent = parent.data();
    o.depth = 1;
    o.source = 0;
    return o;
  }
};

void expect_square(const gfx::Image& image, const GraphView& view, gfx::Vec2 min, gfx::Theme theme,
                   const std::string& label) {
  const VertexState want[4] = {VertexState::Source, VertexState::Frontier, VertexState::Frontier,
                               VertexState::Discovered};
  const gfx::Color bg = gfx::palette(theme).background;
  for (int32_t v = 0; v < 4; ++v) {
    const gfx::Vec2 p = min + view.to_pixel(v);
    const uint8_t* px = image.pixel(int(p.x), int(p.y));
    const gfx::Color c = GraphView::state_color(want[v], theme);
    EXPECT_LE(test::color_distance(px, c), 6)
        << label << ": vertex " << v << " at " << p.x << "," << p.y << " is " << int(px[0]) << ","
        << int(px[1]) << "," << int(px[2]) << ", want " << GraphView::state_name(want[v]);
  }
  // The pixel of the 3 x 3 block at an edge's midpoint that differs most from the background
  // (ImGui's lines sit half a pixel off its circles, the GL lines do not).
  const auto mid = [&](int32_t a, int32_t b) {
    const gfx::Vec2 p = min + (view.to_pixel(a) + view.to_pixel(b)) * 0.5f;
    const uint8_t* best = image.pixel(int(p.x), int(p.y));
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const uint8_t* q = image.pixel(int(p.x) + dx, int(p.y) + dy);
        if (test::color_distance(q, bg) > test::color_distance(best, bg)) best = q;
      }
    }
    return best;
  };
  const std::vector<gfx::Color> edges = edge_colors(theme);
  EXPECT_EQ(nearest_color(mid(1, 3), edges), 1 + size_t(EdgeClass::Useful)) << label;
  EXPECT_EQ(nearest_color(mid(0, 1), edges), 1 + size_t(EdgeClass::Tree)) << label;
  EXPECT_EQ(nearest_color(mid(0, 2), edges), 1 + size_t(EdgeClass::Tree)) << label;
  // No edge 2-3 and nothing in the middle of the square.
  for (const uint8_t* px : {mid(2, 3), mid(0, 3)}) {
    EXPECT_LE(test::color_distance(px, bg), 0) << label << ": background expected";
  }
}

TEST(GraphViewGl, HandMadeGraphLandsAtKnownPixels) {
  WS_SKIP_WITHOUT_GL();
  const Square sq;
  for (const gfx::Theme theme : {gfx::Theme::Light, gfx::Theme::Dark}) {
    GraphView view(Backend::Cpu, true);
    view.set_theme(theme);
    view.set_labels(false);
    view.set_graph(sq.g, sq.x, sq.y);
    view.set_overlay(sq.overlay());
    const gfx::Vec2 min{20, 10}, max{220, 170};
    view.fit(max.x - min.x, max.y - min.y);
    for (const GraphView::Mode mode : {GraphView::Mode::Gl, GraphView::Mode::Canvas}) {
      view.set_mode(mode);
      const gfx::Image image = gfx::render_figure([&](gfx::Canvas& c) { view.draw(c, min, max); },
                                                  options(240, 180, theme));
      const std::string label =
          std::string(mode == GraphView::Mode::Gl ? "gl " : "canvas ") + gfx::theme_name(theme);
      EXPECT_EQ(view.path(), mode == GraphView::Mode::Gl ? "gl" : "canvas");
      expect_square(image, view, min, theme, label);
      // Outside the drawing area: the figure's background, untouched.
      EXPECT_LE(test::color_distance(image.pixel(5, 5), gfx::palette(theme).background), 0);
      if (mode == GraphView::Mode::Gl) {
        // The view's own texture (its origin at the area's corner) holds the same picture.
        expect_square(view.read_gl_pixels(), view, {0, 0}, theme, label + " texture");
      }
    }
  }
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Random graphs, several seeds: at every vertex whose disk no other disk touches, the GL and the
// canvas path show the colour of its state.
TEST(GraphViewGl, GlAndCanvasAgreeAtVertexCentres) {
  WS_SKIP_WITHOUT_GL();
  for (const uint64_t seed : {1u, 2u, 3u}) {
    const graph::Graph g = graph::generate("er:40:3", seed);
    const auto p = random_positions(g.vertices, seed, 3, 2);
    const std::vector<int32_t> level = graph::bfs_reference(g, int32_t(seed));
    const std::vector<int32_t> parent = parents_of(g, level);
    GraphView view(Backend::Cpu, true);
    view.set_labels(false);
    view.set_graph(g, p.x, p.y);
    BfsOverlay o;
    o.level = level.data();
    o.parent = parent.data();
    o.source = int32_t(seed);
    o.depth = int32_t(seed % 3);
    view.set_overlay(o);
    view.fit(300, 200);
    gfx::Image images[2];
    for (int k = 0; k < 2; ++k) {
      view.set_mode(k == 0 ? GraphView::Mode::Gl : GraphView::Mode::Canvas);
      images[k] = gfx::render_figure(
          [&](gfx::Canvas& c) {
            view.draw(c, {0, 0}, {300, 200});
          },
          options(300, 200));
    }
    const float r = view.vertex_radius();
    const std::vector<gfx::Color> colors = state_colors(gfx::Theme::Light);
    int checked = 0;
    for (int32_t v = 0; v < g.vertices; ++v) {
      const gfx::Vec2 q = view.to_pixel(v);
      bool alone = true;
      for (int32_t u = 0; u < g.vertices && alone; ++u) {
        const gfx::Vec2 w = view.to_pixel(u);
        alone = u == v || std::hypot(w.x - q.x, w.y - q.y) > 2 * 1.75f * r + 2;
      }
      if (!alone) continue;
      ++checked;
      const size_t want = size_t(vertex_state(level[size_t(v)], v, o.depth, o.source));
      for (int k = 0; k < 2; ++k) {
        const uint8_t* px = images[k].pixel(int(q.x), int(q.y));
        EXPECT_EQ(nearest_color(px, colors), want)
            << (k == 0 ? "gl" : "canvas") << " seed " << seed << " vertex " << v;
        EXPECT_LE(test::color_distance(px, colors[want]), 6);
      }
    }
    EXPECT_GE(checked, 10) << "seed " << seed;
  }
}

// The graph view's draw inside a figure gives back the program, the framebuffer and the state
// the app keeps between draws (render/gl_state.h: blending and depth test off, the scissor test
// off); the viewport is whoever draws next's to set.
TEST(GraphViewGl, LeavesTheCallersGlStateAlone) {
  WS_SKIP_WITHOUT_GL();
  const Square sq;
  GraphView view(Backend::Cpu, true);
  view.set_mode(GraphView::Mode::Gl);
  view.set_graph(sq.g, sq.x, sq.y);
  view.set_overlay(sq.overlay());
  GLint program = 0, fbo = 0;
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_BLEND);
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
  (void)gfx::render_figure(
      [&](gfx::Canvas& c) {
        view.draw(c, {0, 0}, {64, 48});
      },
      options(64, 48));
  GLint after = 0, fbo_after = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &after);
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo_after);
  EXPECT_EQ(after, program);
  EXPECT_EQ(fbo_after, fbo);
  EXPECT_FALSE(glIsEnabled(GL_SCISSOR_TEST));
  EXPECT_FALSE(glIsEnabled(GL_BLEND));
  EXPECT_FALSE(glIsEnabled(GL_DEPTH_TEST));
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

// Auto mode: the canvas for small graphs, the GL buffers past kVectorMaxEdges.
TEST(GraphViewGl, AutoModePicksThePathBySize) {
  WS_SKIP_WITHOUT_GL();
  GraphView view(Backend::Cpu, true);
  const graph::Graph small = graph::generate("grid:10x10");
  view.set_graph(small, small.x, small.y);
  (void)gfx::render_figure(
      [&](gfx::Canvas& c) {
        view.draw(c, {0, 0}, {100, 100});
      },
      options(100, 100));
  EXPECT_EQ(view.path(), "canvas");
  const graph::Graph big = graph::generate("grid:150x150");  // 44700 edges
  view.set_graph(big, big.x, big.y);
  (void)gfx::render_figure(
      [&](gfx::Canvas& c) {
        view.draw(c, {0, 0}, {100, 100});
      },
      options(100, 100));
  EXPECT_EQ(view.path(), "gl");
  (void)gfx::render_figure(
      [&](gfx::Canvas& c) {
        view.draw(c, {0, 0}, {100, 100}, true);
      },
      options(100, 100));
  EXPECT_EQ(view.path(), "canvas") << "vector = true forces the canvas";
}

// ---- The shipped graphs, written out for a look (and checked for every state's colour).

graph_layout::Positions positions_for(const graph::Graph& g, int iterations) {
  if (g.has_coordinates()) return {g.x, g.y};
  graph_layout::Params params;
  params.iterations = iterations;
  auto sim = graph_layout::Simulation::create(Backend::Cpu, g, params);
  sim->step(iterations);
  return sim->positions();
}

int count_near(const gfx::Image& image, gfx::Color c) {
  int count = 0;
  for (int y = 0; y < image.height; ++y)
    for (int x = 0; x < image.width; ++x) count += test::color_distance(image.pixel(x, y), c) <= 6;
  return count;
}

TEST(GraphViewGl, ShippedGraphsRenderWithEveryState) {
  WS_SKIP_WITHOUT_GL();
  struct Case {
    const char* name;
    std::string path, coords;
    int depth, iterations, width, height;
  };
  const std::string dir = ws::test::shipped_graphs_dir();
  const Case cases[] = {
      {"karate", dir + "/karate.mtx", "", 2, 300, 900, 640},
      {"minnesota", dir + "/minnesota_edges.txt", dir + "/minnesota_coords.txt", 25, 0, 900, 900},
      {"4elt", dir + "/4elt.graph", "", 30, 100, 900, 900},
  };
  const std::string out = gfx::test::render_output_dir();
  std::filesystem::create_directories(out);
  for (const Case& c : cases) {
    graph::LoadOptions load;
    load.coordinates = c.coords;
    load.symmetrize = true;
    const graph::Graph g = graph::load_graph(c.path, load);
    const graph_layout::Positions pos = positions_for(g, c.iterations);
    const std::vector<int32_t> level = graph::bfs_reference(g, 0);
    const std::vector<int32_t> parent = parents_of(g, level);
    for (const gfx::Theme theme : {gfx::Theme::Light, gfx::Theme::Dark}) {
      // The canvas path for the light theme and graphs it draws on screen (the slow one here).
      const bool canvas_too = theme == gfx::Theme::Light && g.edges() <= 2 * kVectorMaxEdges;
      GraphView view(Backend::Cpu, true);
      view.set_theme(theme);
      view.set_graph(g, pos.x, pos.y);
      BfsOverlay o;
      o.level = level.data();
      o.parent = parent.data();
      o.source = 0;
      o.depth = c.depth;
      view.set_overlay(o);
      for (const GraphView::Mode mode : {GraphView::Mode::Gl, GraphView::Mode::Canvas}) {
        if (mode == GraphView::Mode::Canvas && !canvas_too) continue;
        view.set_mode(mode);
        gfx::FigureOptions fo = options(c.width, c.height, theme);
        fo.supersample = 2;
        const gfx::Image image = gfx::render_figure(
            [&](gfx::Canvas& canvas) {
              view.draw(canvas, {0, 0}, {float(c.width), float(c.height)});
            },
            fo);
        const std::string file = out + "/graph_view_" + c.name + "_" + view.path() + "_" +
                                 gfx::theme_name(theme) + ".png";
        gfx::write_png(image, file);
        for (const VertexState s : {VertexState::Visited, VertexState::Frontier,
                                    VertexState::Discovered, VertexState::Source}) {
          EXPECT_GT(count_near(image, GraphView::state_color(s, theme)), 0)
              << c.name << " " << file << ": no " << GraphView::state_name(s) << " pixels";
        }
      }
      if (canvas_too) {
        std::ofstream(out + "/graph_view_" + c.name + ".svg") << gfx::render_figure_svg(
            [&](gfx::Canvas& canvas) {
              view.draw(canvas, {0, 0}, {float(c.width), float(c.height)}, true);
            },
            options(c.width, c.height));
      }
    }
  }
}

}  // namespace
}  // namespace ws::app
