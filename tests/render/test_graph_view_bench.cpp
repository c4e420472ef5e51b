// Frame time of the graph view on ~1M-edge graphs (Kronecker scale 16 with edge factors 16 and 8,
// a 700 x 700 grid by default; WS_GRAPH_VIEW_BENCH_SPEC picks others, comma-separated,
// WS_GRAPH_VIEW_BENCH_FRAMES the frame count): per frame a new level (set_overlay) and a draw at
// 1920 x 1080 through render_figure_into, finished with glFinish. Each graph is drawn with quads,
// with unthinned lines and with the automatic choice (CUDA backend when there is one; the CPU
// backend with the automatic choice too). Disabled in the suite; run with
//   test_bfs_render --gtest_also_run_disabled_tests --gtest_filter='*GraphViewBench*'
// It prints a table (graph, backend, path, edge drawing, median set_overlay / draw / frame ms).
#include <gtest/gtest.h>

#include <GL/glew.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gl_environment.h"
#include "graph/graph.h"
#include "graph_layout/graph_layout.h"
#include "render/figure.h"
#include "render/offscreen_target.h"
#include "test_graph_view_support.h"
#include "views/graph/graph_view.h"

#if defined(WARPSCOPE_HAVE_CUDA)
#include "common/cuda_device.h"
#include "common/device_buffer.cuh"
#endif

namespace ws::app {
namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

void bench_graph(const std::string& spec);

TEST(GraphViewBench, DISABLED_FrameTime) {
  if (!gfx::test::gl_setup_error().empty()) GTEST_SKIP() << gfx::test::gl_setup_error();
  const char* env = std::getenv("WS_GRAPH_VIEW_BENCH_SPEC");
  const std::string specs = env != nullptr ? env : "kron:16:16,kron:16:8,grid:700x700";
  std::printf("%-12s %-7s %-8s %-34s %10s %10s %10s\n", "graph", "backend", "path", "edge drawing",
              "overlay ms", "draw ms", "frame ms");
  size_t begin = 0;
  while (begin < specs.size()) {
    size_t end = specs.find(',', begin);
    if (end == std::string::npos) end = specs.size();
    bench_graph(specs.substr(begin, end - begin));
    begin = end + 1;
  }
}

void bench_graph(const std::string& spec) {
  const graph::Graph g = graph::generate(spec, 1);
  const graph_layout::Positions pos = graph_layout::initial_positions(g, 1);
  int32_t source = 0;  // the highest degree: a Kronecker graph's vertex 0 may be isolated
  for (int32_t v = 0; v < g.vertices; ++v)
    if (g.degree(v) > g.degree(source)) source = v;
  const std::vector<int32_t> level = graph::bfs_reference(g, source);
  const std::vector<int32_t> parent = test::parents_of(g, level);
  const int32_t levels = *std::max_element(level.begin(), level.end()) + 1;
  std::printf("# %s: %d vertices, %lld directed edges, %d levels; GL %s\n", spec.c_str(),
              g.vertices, static_cast<long long>(g.edges()), levels,
              reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  std::vector<Backend> backends = {Backend::Cpu};
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_device_available()) backends.push_back(Backend::Cuda);
  DeviceBuffer<int32_t> d_level, d_parent;
  if (backends.size() > 1) {
    d_level = DeviceBuffer<int32_t>(level.size());
    d_parent = DeviceBuffer<int32_t>(parent.size());
    d_level.upload(level);
    d_parent.upload(parent);
  }
#endif
  struct Row {
    Backend backend;
    GraphView::EdgeDrawing drawing;
    bool thinning;
  };
  std::vector<Row> rows;
  const Backend fast = backends.back();
  rows.push_back({fast, GraphView::EdgeDrawing::Quads, true});
  rows.push_back({fast, GraphView::EdgeDrawing::Lines, false});
  rows.push_back({fast, GraphView::EdgeDrawing::Auto, true});
  if (fast != Backend::Cpu) rows.push_back({Backend::Cpu, GraphView::EdgeDrawing::Auto, true});
  for (const Row& row : rows) {
    const Backend backend = row.backend;
    GraphView view(backend, true);
    view.set_mode(GraphView::Mode::Gl);
    view.set_edge_drawing(row.drawing, row.thinning);
    view.set_graph(g, pos.x, pos.y);
    gfx::OffscreenTarget target;
    gfx::FigureOptions o;
    o.width = 1920;
    o.height = 1080;
    o.supersample = 1;
    std::vector<double> overlay_ms, draw_ms, frame_ms;
    const char* frames_env = std::getenv("WS_GRAPH_VIEW_BENCH_FRAMES");
    const int frames = frames_env != nullptr ? std::max(1, std::atoi(frames_env)) : 20;
    for (int f = -2; f < frames; ++f) {
      BfsOverlay ov;
      ov.depth = (f + 2) % levels;
      ov.source = source;
      ov.level = level.data();
      ov.parent = parent.data();
#if defined(WARPSCOPE_HAVE_CUDA)
      if (backend == Backend::Cuda) {
        ov.level = d_level.data();
        ov.parent = d_parent.data();
        ov.on_device = true;
      }
#endif
      glFinish();
      const auto start = Clock::now();
      view.set_overlay(ov);
      const double a = ms_since(start);
      const auto d = Clock::now();
      gfx::render_figure_into(
          target,
          [&](gfx::Canvas& c) {
            view.draw(c, {0, 0}, {1920, 1080});
          },
          o);
      const double b = ms_since(d);
      glFinish();
      const double frame = ms_since(start);
      if (f < 0) continue;
      overlay_ms.push_back(a);
      draw_ms.push_back(b);
      frame_ms.push_back(frame);
    }
    std::printf("%-12s %-7s %-8s %-34s %10.3f %10.3f %10.3f\n", spec.c_str(), backend_name(backend),
                view.path().c_str(), view.edge_drawing().c_str(), median(overlay_ms),
                median(draw_ms), median(frame_ms));
    if (!view.notice().empty()) std::printf("  notice: %s\n", view.notice().c_str());
  }
}

}  // namespace
}  // namespace ws::app
