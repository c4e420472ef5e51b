// The graph view without GL (every machine): the overlay rules against their definitions (states
// by formula, edge classes by counting what a BFS level must give), the camera (fit keeps every
// disk inside, zoom keeps the point under the cursor, pan moves by pixels), pick against a brute
// force search, and set_graph / set_positions / set_overlay rejecting bad input without losing the
// graph shown.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "common/error.h"
#include "graph/graph.h"
#include "render/svg_canvas.h"
#include "test_graph_view_support.h"
#include "views/graph/graph_view.h"
#include "views/graph/graph_view_impl.h"

namespace ws::app {
namespace {

using test::make_graph;
using test::parents_of;
using test::random_positions;

std::string error_of(const std::function<void()>& call) {
  try {
    call();
  } catch (const Error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(GraphViewRule, VertexStateFollowsTheDefinition) {
  for (int32_t depth = 0; depth <= 4; ++depth) {
    for (int32_t level = -1; level <= 7; ++level) {
      for (int32_t source : {-1, 0, 3}) {
        for (int32_t v : {0, 3, 5}) {
          VertexState want;
          if (v == source)
            want = VertexState::Source;
          else if (level == -1 || level > depth + 1)
            want = VertexState::Unvisited;
          else if (level < depth)
            want = VertexState::Visited;
          else if (level == depth)
            want = VertexState::Frontier;
          else
            want = VertexState::Discovered;
          EXPECT_EQ(vertex_state(level, v, depth, source), want)
              << "level " << level << " vertex " << v << " depth " << depth << " source " << source;
        }
      }
    }
  }
  EXPECT_STREQ(GraphView::state_name(VertexState::Frontier), "frontier");
  EXPECT_STREQ(GraphView::state_name(VertexState::Discovered), "discovered");
}

// On BFS results of several graphs, at every level: each vertex discovered at depth + 1 has
// exactly one useful edge (its parent edge), each vertex at levels 1..depth one tree edge, and
// the examined edges are exactly the other edges touching the frontier (symmetric) or leaving it
// (directed).
TEST(GraphViewRule, EdgeClassesCountWhatALevelDoes) {
  const std::vector<graph::Graph> graphs = {graph::generate("pmpp"), graph::generate("grid:7x5"),
                                            graph::generate("er:60:3", 3),
                                            graph::generate("kron:7:4", 5)};
  for (const graph::Graph& g : graphs) {
    const std::vector<int32_t> level = graph::bfs_reference(g, 0);
    const std::vector<int32_t> parent = parents_of(g, level);
    const int32_t max_level = *std::max_element(level.begin(), level.end());
    for (int32_t depth = 0; depth <= max_level; ++depth) {
      BfsOverlay o;
      o.depth = depth;
      o.source = 0;
      int64_t useful = 0, tree = 0, examined = 0, examined_want = 0;
      for (int32_t u = 0; u < g.vertices; ++u) {
        for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
          const int32_t v = g.columns[size_t(e)];
          if (u == v || (g.symmetric && v < u)) continue;
          const EdgeClass c = edge_class(u, v, level[size_t(u)], level[size_t(v)],
                                         parent[size_t(u)], parent[size_t(v)], o, g.symmetric);
          useful += c == EdgeClass::Useful;
          tree += c == EdgeClass::Tree;
          examined += c == EdgeClass::Examined;
          // A directed edge u -> v is v's parent edge and is scanned from u only.
          const bool parent_edge =
              parent[size_t(v)] == u || (g.symmetric && parent[size_t(u)] == v);
          const bool touches =
              level[size_t(u)] == depth || (g.symmetric && level[size_t(v)] == depth);
          if (touches && !parent_edge) ++examined_want;
        }
      }
      int64_t at_next = 0, reached_by_depth = 0;
      for (int32_t v = 0; v < g.vertices; ++v) {
        at_next += level[size_t(v)] == depth + 1;
        reached_by_depth += level[size_t(v)] >= 1 && level[size_t(v)] <= depth;
      }
      EXPECT_EQ(useful, at_next) << g.name << " depth " << depth;
      EXPECT_EQ(tree, reached_by_depth) << g.name << " depth " << depth;
      EXPECT_EQ(examined, examined_want) << g.name << " depth " << depth;
    }
  }
  // Switches: no tree, no examined; useful stays while either is on.
  BfsOverlay o;
  o.depth = 1;
  o.show_tree = false;
  // 0 - 1 is 1's parent edge; 1 is in the frontier and scans it: examined once the tree is off.
  EXPECT_EQ(edge_class(0, 1, 0, 1, -1, 0, o, true), EdgeClass::Examined);
  EXPECT_EQ(edge_class(1, 2, 1, 2, 0, 1, o, true), EdgeClass::Useful);
  o.show_examined = false;
  EXPECT_EQ(edge_class(1, 2, 1, 2, 0, 1, o, true), EdgeClass::Plain);
  EXPECT_EQ(edge_class(1, 3, 1, 1, 0, 0, o, true), EdgeClass::Plain);
  o.show_examined = true;
  EXPECT_EQ(edge_class(1, 3, 1, 1, 0, 0, o, true), EdgeClass::Examined);
  // Directed: u -> v is examined from u's side only.
  EXPECT_EQ(edge_class(3, 1, 2, 1, 1, 0, o, false), EdgeClass::Plain);
  EXPECT_EQ(edge_class(1, 3, 1, 2, 0, 7, o, false), EdgeClass::Examined);
}

TEST(GraphViewCamera, FitPutsEveryDiskInside) {
  for (const uint64_t seed : {1u, 2u, 3u}) {
    for (const auto& [w, h] :
         {std::pair{1.0f, 1.0f}, std::pair{1000.0f, 3.0f}, std::pair{0.01f, 50.0f}}) {
      const int32_t n = 5 + int32_t(seed) * 40;
      const graph::Graph g = make_graph(n, {{0, 1}, {1, 2}}, true);
      const auto p = random_positions(n, seed, w, h);
      GraphView view(Backend::Cpu, false);
      view.set_graph(g, p.x, p.y);
      for (const auto& [aw, ah] : {std::pair{640.0f, 480.0f}, std::pair{200.0f, 700.0f}}) {
        view.fit(aw, ah);
        // The source's disk (enlarged when disks are small) with its ring.
        const float r = emphasis_radius(view.vertex_radius()) * kRingOuter;
        for (int32_t v = 0; v < n; ++v) {
          const gfx::Vec2 q = view.to_pixel(v);
          EXPECT_GE(q.x - r, 0) << "seed " << seed << " vertex " << v;
          EXPECT_LE(q.x + r, aw) << "seed " << seed << " vertex " << v;
          EXPECT_GE(q.y - r, 0) << "seed " << seed << " vertex " << v;
          EXPECT_LE(q.y + r, ah) << "seed " << seed << " vertex " << v;
        }
      }
    }
  }
  // Degenerate layouts: one vertex, all on a vertical line.
  GraphView view(Backend::Cpu, false);
  view.set_graph(make_graph(1, {}, true), {3.0f}, {-2.0f});
  view.fit(100, 80);
  EXPECT_NEAR(view.to_pixel(0).x, 50, 1e-3);
  EXPECT_NEAR(view.to_pixel(0).y, 40, 1e-3);
  view.set_graph(make_graph(3, {{0, 1}}, true), {1, 1, 1}, {0, 5, 10});
  view.fit(100, 300);
  EXPECT_LT(view.to_pixel(0).y, 300);
  EXPECT_GT(view.to_pixel(2).y, 0);
  EXPECT_GT(view.to_pixel(0).y, view.to_pixel(2).y) << "layout y grows upwards";
}

TEST(GraphViewCamera, ZoomKeepsThePointUnderTheCursorAndPanMovesByPixels) {
  const auto p = random_positions(50, 7);
  GraphView view(Backend::Cpu, false);
  view.set_graph(make_graph(50, {}, true), p.x, p.y);
  view.fit(400, 300);
  const gfx::Vec2 before = view.to_pixel(17);
  const gfx::Vec2 other = view.to_pixel(3);
  view.zoom(2.5f, before);
  EXPECT_NEAR(view.to_pixel(17).x, before.x, 1e-2);
  EXPECT_NEAR(view.to_pixel(17).y, before.y, 1e-2);
  EXPECT_NEAR(view.to_pixel(3).x - before.x, 2.5f * (other.x - before.x), 1e-2);
  view.zoom(0.4f, {10, 20});
  view.pan({30, -12});
  const gfx::Vec2 a = view.to_pixel(17);
  view.pan({-5, 7});
  EXPECT_NEAR(view.to_pixel(17).x, a.x - 5, 1e-2);
  EXPECT_NEAR(view.to_pixel(17).y, a.y + 7, 1e-2);
  const float scale = view.camera().scale;
  view.zoom(0, {0, 0});
  view.zoom(-1, {0, 0});
  EXPECT_EQ(view.camera().scale, scale) << "non-positive factors are ignored";
}

// pick against a brute-force nearest search, on random and clustered layouts, zoomed in and out.
TEST(GraphViewPick, FindsTheNearestVertexWithinTheRadius) {
  for (const uint64_t seed : {11u, 12u, 13u}) {
    const int32_t n = 300 * int32_t(seed - 10);
    auto p = random_positions(n, seed, 10, 4);
    for (int32_t v = 0; v < n / 3; ++v) {  // a dense cluster
      p.x[size_t(v)] = 5 + 0.01f * p.x[size_t(v)];
      p.y[size_t(v)] = 2 + 0.01f * p.y[size_t(v)];
    }
    GraphView view(Backend::Cpu, false);
    view.set_graph(make_graph(n, {}, true), p.x, p.y);
    view.fit(800, 600);
    std::mt19937 rng(static_cast<unsigned>(seed));
    std::uniform_real_distribution<float> ux(-50, 850), uy(-50, 650);
    for (const float zoom : {1.0f, 40.0f}) {
      view.zoom(zoom, {400, 300});
      for (int k = 0; k < 300; ++k) {
        const gfx::Vec2 click{ux(rng), uy(rng)};
        const float radius = 8;
        const float reach = std::max(radius, view.vertex_radius());
        int32_t want = -1;
        float best = reach;
        for (int32_t v = 0; v < n; ++v) {
          const gfx::Vec2 q = view.to_pixel(v);
          const float d = std::hypot(q.x - click.x, q.y - click.y);
          if (d < best - 1e-3f) {
            best = d;
            want = v;
          }
        }
        const int32_t got = view.pick(click, radius);
        if (want < 0) {
          // Nothing clearly inside: pick may only return a vertex at the very edge.
          if (got >= 0) {
            const gfx::Vec2 q = view.to_pixel(got);
            EXPECT_NEAR(std::hypot(q.x - click.x, q.y - click.y), reach, 1e-2);
          }
        } else {
          ASSERT_GE(got, 0) << "click " << click.x << "," << click.y;
          const gfx::Vec2 q = view.to_pixel(got);
          EXPECT_NEAR(std::hypot(q.x - click.x, q.y - click.y), best, 1e-2)
              << "click " << click.x << "," << click.y << " want " << want << " got " << got;
        }
      }
    }
    EXPECT_EQ(view.pick({-1e6f, -1e6f}), -1);
    view.fit(800, 600);
    EXPECT_EQ(view.pick(view.to_pixel(n - 1), 1), n - 1);
  }
}

TEST(GraphViewPick, IsFastOnAMillionVertices) {
  const int32_t n = 1 << 20;
  const auto p = random_positions(n, 5, 1000, 1000);
  graph::Graph g;
  g.vertices = n;
  g.symmetric = true;
  g.row_offsets.assign(size_t(n) + 1, 0);
  GraphView view(Backend::Cpu, false);
  view.set_graph(g, p.x, p.y);
  view.fit(1920, 1080);
  std::mt19937 rng(3);
  std::uniform_int_distribution<int32_t> pick_vertex(0, n - 1);
  view.zoom(200, {960, 540});
  const auto start = std::chrono::steady_clock::now();
  int found = 0;
  for (int k = 0; k < 2000; ++k) {
    const int32_t v = pick_vertex(rng);
    const int32_t got = view.pick(view.to_pixel(v), 2);
    found += got == v;
  }
  view.fit(1920, 1080);
  for (int k = 0; k < 200; ++k) found += view.pick({float(k * 9), 500}) >= 0 ? 0 : 0;
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  EXPECT_GE(found, 1990) << "picking a vertex at its own centre finds it (ties aside)";
  EXPECT_LT(ms, 500) << "2200 picks on 2^20 vertices took " << ms << " ms";
}

TEST(GraphViewInput, MismatchedSizesThrowAndKeepThePreviousGraph) {
  const graph::Graph g = make_graph(4, {{0, 1}, {1, 2}, {2, 3}}, true);
  GraphView view(Backend::Cpu, false);
  view.set_graph(g, {0, 1, 2, 3}, {0, 0, 0, 0});
  view.fit(400, 100);
  const gfx::Vec2 at2 = view.to_pixel(2);
  const graph::Graph bigger = make_graph(5, {{0, 4}}, true);
  EXPECT_NE(error_of([&] {
              view.set_graph(bigger, {0, 1, 2, 3}, {0, 0, 0, 0});
            }).find("5 vertices"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              view.set_graph(g, {0, 1, 2, 3}, {0, 0, 0});
            }).find("3 y"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              view.set_graph(g, {0, 1, NAN, 3}, {0, 0, 0, 0});
            }).find("vertex 2"),
            std::string::npos);
  graph::Graph broken = g;
  broken.columns[0] = 9;
  EXPECT_NE(error_of([&] {
              view.set_graph(broken, {0, 1, 2, 3}, {0, 0, 0, 0});
            }).find("9"),
            std::string::npos);
  EXPECT_NE(error_of([&] {
              view.set_positions({0, 1}, {0, 1});
            }).find("4 vertices"),
            std::string::npos);
  // Still the first graph, at the same place.
  EXPECT_EQ(view.vertices(), 4);
  EXPECT_EQ(view.pick(at2, 2), 2);
  EXPECT_NEAR(view.to_pixel(2).x, at2.x, 1e-4);
  // Overlays that do not fit the graph.
  BfsOverlay o;
  o.source = 4;
  EXPECT_NE(error_of([&] { view.set_overlay(o); }).find("source 4"), std::string::npos);
  o.source = 0;
  o.on_device = true;
  EXPECT_NE(error_of([&] { view.set_overlay(o); }).find("CUDA"), std::string::npos);
}

TEST(GraphViewInput, CudaBackendIsRefusedWithoutCuda) {
#if defined(WARPSCOPE_HAVE_CUDA)
  try {
    GraphView view(Backend::Cuda, false);  // works with a device
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("CUDA"), std::string::npos) << e.what();
  }
#else
  EXPECT_NE(error_of([] { GraphView view(Backend::Cuda, false); }).find("no CUDA backend"),
            std::string::npos);
#endif
}

// Without GL the view draws on the canvas: an SVG with the graph's circles and lines, path
// "canvas"; labels for small graphs.
TEST(GraphViewCanvas, SvgHasTheGraphAndPathSaysCanvas) {
  const graph::Graph g = graph::generate("pmpp");
  const auto p = random_positions(g.vertices, 4);
  GraphView view(Backend::Cpu, false);
  EXPECT_EQ(view.path(), "none");
  view.set_graph(g, p.x, p.y);
  const std::vector<int32_t> level = graph::bfs_reference(g, 0);
  const std::vector<int32_t> parent = parents_of(g, level);
  BfsOverlay o;
  o.level = level.data();
  o.parent = parent.data();
  o.depth = 1;
  o.source = 0;
  view.set_overlay(o);
  gfx::SvgCanvas svg({500, 400}, std::nullopt);
  view.draw(svg, {0, 0}, {500, 400});
  EXPECT_EQ(view.path(), "canvas");
  const std::string text = svg.str();
  EXPECT_NE(text.find("id=\"graph-vertices\""), std::string::npos);
  EXPECT_NE(text.find("id=\"graph-edges\""), std::string::npos);
  EXPECT_NE(text.find(">L2<"), std::string::npos) << "a discovered vertex shows its level";
  EXPECT_EQ(text.find(">L3<"), std::string::npos) << "levels past depth + 1 stay hidden";
}

}  // namespace
}  // namespace ws::app
