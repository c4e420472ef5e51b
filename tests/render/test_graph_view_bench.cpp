// Frame time of the graph view on a ~1M-edge graph (Kronecker scale 16, edge factor 16 by default;
// WS_GRAPH_VIEW_BENCH_SPEC picks another): per frame a new level (set_overlay) and a draw at
// 1920 x 1080 through render_figure_into, finished with glFinish. Disabled in the suite; run with
//   test_bfs_render --gtest_also_run_disabled_tests --gtest_filter='*GraphViewBench*'
// It prints a table (backend, path, median set_overlay / draw / frame milliseconds).
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

TEST(GraphViewBench, DISABLED_FrameTime) {
  if (!gfx::test::gl_setup_error().empty()) GTEST_SKIP() << gfx::test::gl_setup_error();
  const char* env = std::getenv("WS_GRAPH_VIEW_BENCH_SPEC");
  const std::string spec = env != nullptr ? env : "kron:16:16";
  const graph::Graph g = graph::generate(spec, 1);
  const graph_layout::Positions pos = graph_layout::initial_positions(g, 1);
  const std::vector<int32_t> level = graph::bfs_reference(g, 0);
  const std::vector<int32_t> parent = test::parents_of(g, level);
  const int32_t levels = *std::max_element(level.begin(), level.end()) + 1;
  std::printf("graph %s: %d vertices, %lld directed edges, %d levels; GL %s\n", spec.c_str(),
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
  std::printf("%-8s %-8s %12s %12s %12s %12s\n", "backend", "path", "overlay ms", "draw ms",
              "frame ms", "set_graph ms");
  for (const Backend backend : backends) {
    GraphView view(backend, true);
    view.set_mode(GraphView::Mode::Gl);
    auto t = Clock::now();
    view.set_graph(g, pos.x, pos.y);
    const double set_graph_ms = ms_since(t);
    gfx::OffscreenTarget target;
    gfx::FigureOptions o;
    o.width = 1920;
    o.height = 1080;
    o.supersample = 1;
    std::vector<double> overlay_ms, draw_ms, frame_ms;
    const int frames = 40;
    for (int f = -5; f < frames; ++f) {
      BfsOverlay ov;
      ov.depth = (f + 5) % levels;
      ov.source = 0;
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
    std::printf("%-8s %-8s %12.3f %12.3f %12.3f %12.1f\n", backend_name(backend),
                view.path().c_str(), median(overlay_ms), median(draw_ms), median(frame_ms),
                set_graph_ms);
    if (!view.notice().empty()) std::printf("  notice: %s\n", view.notice().c_str());
  }
}

}  // namespace
}  // namespace ws::app
