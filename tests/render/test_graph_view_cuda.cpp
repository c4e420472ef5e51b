// The graph view's CUDA path (GPU machines; skipped without GL or a CUDA device): colours written
// by the kernel straight into the registered GL buffers from device level / parent arrays equal
// the host path's byte for byte (states, edge classes and the drawn picture), on symmetric and
// directed graphs at several levels; the forced fallback ("gl+copy") gives the same; the canvas
// path reads device levels too.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gl_environment.h"
#include "graph/graph.h"
#include "graph_layout/graph_layout.h"
#include "render/figure.h"
#include "test_graph_view_support.h"
#include "views/graph/graph_view.h"

#if defined(WARPSCOPE_HAVE_CUDA)
#include "common/cuda_device.h"
#include "common/device_buffer.cuh"
#endif

namespace ws::app {
namespace {

#if defined(WARPSCOPE_HAVE_CUDA)

using test::parents_of;

gfx::Image draw_into_figure(GraphView& view) {
  gfx::FigureOptions o;
  o.width = 320;
  o.height = 240;
  o.supersample = 1;
  return gfx::render_figure([&](gfx::Canvas& c) { view.draw(c, {0, 0}, {320, 240}); }, o);
}

TEST(GraphViewCuda, DeviceOverlayEqualsTheHostPath) {
  if (!gfx::test::gl_setup_error().empty()) GTEST_SKIP() << gfx::test::gl_setup_error();
  if (!cuda_device_available()) GTEST_SKIP() << cuda_device_description();
  for (const char* spec : {"kron:10:8", "grid:40x30", "pmpp"}) {
    const graph::Graph g = graph::generate(spec, 9);
    const graph_layout::Positions pos = graph_layout::initial_positions(g, 3);
    const int32_t source = g.vertices / 3;
    const std::vector<int32_t> level = graph::bfs_reference(g, source);
    const std::vector<int32_t> parent = parents_of(g, level);
    DeviceBuffer<int32_t> d_level(level.size()), d_parent(parent.size());
    d_level.upload(level);
    d_parent.upload(parent);
    GraphView host(Backend::Cpu, true), cuda(Backend::Cuda, true);
    for (GraphView* view : {&host, &cuda}) {
      view->set_mode(GraphView::Mode::Gl);
      view->set_labels(false);
      view->set_graph(g, pos.x, pos.y);
    }
    for (const int32_t depth : {0, 1, 3, 7}) {
      for (const bool fallback : {false, true}) {
        BfsOverlay o;
        o.level = level.data();
        o.parent = parent.data();
        o.depth = depth;
        o.source = source;
        o.show_examined = depth != 3;
        host.set_overlay(o);
        o.level = d_level.data();
        o.parent = d_parent.data();
        o.on_device = true;
        cuda.force_fallback(fallback);
        cuda.set_overlay(o);
        std::vector<uint8_t> hs, hc, cs, cc;
        host.read_gl_buffers(hs, hc);
        cuda.read_gl_buffers(cs, cc);
        const std::string label =
            std::string(spec) + " depth " + std::to_string(depth) + (fallback ? " (fallback)" : "");
        EXPECT_EQ(hs, cs) << label << ": vertex states";
        EXPECT_EQ(hc, cc) << label << ": edge classes";
        const gfx::Image a = draw_into_figure(host), b = draw_into_figure(cuda);
        EXPECT_EQ(a.rgba, b.rgba) << label << ": pictures";
        // The line drawing reads the per-vertex tree / useful edges the kernel wrote.
        for (GraphView* view : {&host, &cuda})
          view->set_edge_drawing(GraphView::EdgeDrawing::Lines);
        const gfx::Image la = draw_into_figure(host), lb = draw_into_figure(cuda);
        EXPECT_EQ(la.rgba, lb.rgba) << label << ": pictures with lines";
        EXPECT_NE(la.rgba, a.rgba) << label << ": lines differ from quads somewhere";
        for (GraphView* view : {&host, &cuda}) view->set_edge_drawing(GraphView::EdgeDrawing::Auto);
        EXPECT_EQ(host.path(), "gl");
        if (fallback) {
          EXPECT_EQ(cuda.path(), "gl+copy") << label;
          EXPECT_NE(cuda.notice(), "");
        } else {
          // Interop works on the GPU machines' EGL device; elsewhere the copy path says why.
          EXPECT_TRUE(cuda.path() == "gl+cuda" || !cuda.notice().empty())
              << label << ": " << cuda.path();
        }
      }
    }
    // The canvas path with device levels (small figures of a CUDA run).
    cuda.set_mode(GraphView::Mode::Canvas);
    host.set_mode(GraphView::Mode::Canvas);
    const gfx::Image a = draw_into_figure(host), b = draw_into_figure(cuda);
    EXPECT_EQ(cuda.path(), "canvas");
    EXPECT_EQ(a.rgba, b.rgba) << spec << ": canvas pictures";
  }
}

#else

TEST(GraphViewCuda, NeedsACudaBuild) {
  GTEST_SKIP() << "CPU-only build";
}

#endif

}  // namespace
}  // namespace ws::app
