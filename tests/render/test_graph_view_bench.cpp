// Frame time of the graph view on ~1M-edge graphs (Kronecker scale 16 with edge factors 16 and 8,
// a 700 x 700 grid by default; WS_GRAPH_VIEW_BENCH_SPEC picks others, comma-separated,
// WS_GRAPH_VIEW_BENCH_FRAMES the frame count): per frame a new level (set_overlay) and a draw at
// 1920 x 1080 through render_figure_into, finished with glFinish. Each graph is drawn with quads,
// with unthinned lines and with the automatic choice (CUDA backend when there is one; the CPU
// backend with the automatic choice too). Disabled in the suite; run with
//   test_bfs_render --gtest_also_run_disabled_tests --gtest_filter='*GraphViewBench*'
// It prints a table (graph, backend, path, edge drawing, median set_overlay / draw / frame ms).
// DISABLED_Passes times each GL pass (GL timer queries) of the automatic drawing and of variants
// set through the view's style hook (the previous drawing: tree edges as unthinned quads; tree
// edges as lines or quads, thinned or not; capped widths), on the fastest backend; with
// WS_GRAPH_VIEW_BENCH_OUT it writes each variant's picture of a middle level there as PNG.
#include <gtest/gtest.h>

#include <GL/glew.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "gl_environment.h"
#include "graph/graph.h"
#include "interop/graph_buffers.h"
#include "graph_layout/graph_layout.h"
#include "render/figure.h"
#include "render/image.h"
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
void bench_passes(const std::string& spec);

std::vector<std::string> bench_specs() {
  const char* env = std::getenv("WS_GRAPH_VIEW_BENCH_SPEC");
  const std::string specs = env != nullptr ? env : "kron:16:16,kron:16:8,grid:700x700";
  std::vector<std::string> out;
  size_t begin = 0;
  while (begin < specs.size()) {
    size_t end = specs.find(',', begin);
    if (end == std::string::npos) end = specs.size();
    out.push_back(specs.substr(begin, end - begin));
    begin = end + 1;
  }
  return out;
}

int bench_frames() {
  const char* frames_env = std::getenv("WS_GRAPH_VIEW_BENCH_FRAMES");
  return frames_env != nullptr ? std::max(1, std::atoi(frames_env)) : 20;
}

TEST(GraphViewBench, DISABLED_Passes) {
  if (!gfx::test::gl_setup_error().empty()) GTEST_SKIP() << gfx::test::gl_setup_error();
  for (const std::string& spec : bench_specs()) bench_passes(spec);
}

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

// One benchmark graph: its positions, a BFS from the highest-degree vertex (a Kronecker graph's
// vertex 0 may be isolated), and with a device the levels and parents in device memory, so each
// frame's overlay can be coloured by CUDA as in the app.
struct BenchInput {
  graph::Graph g;
  graph_layout::Positions pos;
  int32_t source = 0;
  std::vector<int32_t> level, parent;
  int32_t levels = 0;
#if defined(WARPSCOPE_HAVE_CUDA)
  DeviceBuffer<int32_t> d_level, d_parent;
#endif

  explicit BenchInput(const std::string& spec, bool device)
      : g(graph::generate(spec, 1)), pos(graph_layout::initial_positions(g, 1)) {
    for (int32_t v = 0; v < g.vertices; ++v)
      if (g.degree(v) > g.degree(source)) source = v;
    level = graph::bfs_reference(g, source);
    parent = test::parents_of(g, level);
    levels = *std::max_element(level.begin(), level.end()) + 1;
#if defined(WARPSCOPE_HAVE_CUDA)
    if (device) {
      d_level = DeviceBuffer<int32_t>(level.size());
      d_parent = DeviceBuffer<int32_t>(parent.size());
      d_level.upload(level);
      d_parent.upload(parent);
    }
#else
    (void)device;
#endif
  }

  // Frame f (from -2: two warm-up frames) steps through the levels.
  BfsOverlay overlay(int f, Backend backend) const {
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
#else
    (void)backend;
#endif
    return ov;
  }
};

void bench_graph(const std::string& spec) {
  std::vector<Backend> backends = {Backend::Cpu};
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_device_available()) backends.push_back(Backend::Cuda);
#endif
  const BenchInput in(spec, backends.size() > 1);
  const graph::Graph& g = in.g;
  const graph_layout::Positions& pos = in.pos;
  std::printf("# %s: %d vertices, %lld directed edges, %d levels; GL %s\n", spec.c_str(),
              g.vertices, static_cast<long long>(g.edges()), in.levels,
              reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
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
    const int frames = bench_frames();
    for (int f = -2; f < frames; ++f) {
      const BfsOverlay ov = in.overlay(f, backend);
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

struct Variant {
  const char* name;
  std::function<void(interop::GraphDrawStyle&)> hook;  // null: the view's own choice
};

void bench_passes(const std::string& spec) {
  Backend backend = Backend::Cpu;
#if defined(WARPSCOPE_HAVE_CUDA)
  if (cuda_device_available()) backend = Backend::Cuda;
#endif
  const BenchInput in(spec, backend == Backend::Cuda);
  const graph::Graph& g = in.g;
  const graph_layout::Positions& pos = in.pos;
  const int32_t levels = in.levels;
  std::printf("# passes, %s: %d vertices, %d levels, backend %s, GL %s, median GPU ms per pass\n",
              spec.c_str(), g.vertices, levels, backend_name(backend),
              reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  using Style = interop::GraphDrawStyle;
  const auto old_tree = [](Style& s) {  // the drawing before tree thinning
    s.tree_lines = false;
    s.useful_lines = false;
    s.tree_stride = 1;
    s.edge_depth = true;
  };
  const std::vector<Variant> variants = {
      {"auto (new default)", nullptr},
      {"old: tree quads, depth", old_tree},
      {"tree quads, no depth",
       [=](Style& s) {
         old_tree(s);
         s.edge_depth = false;
       }},
      {"tree quads 1:4, no depth",
       [=](Style& s) {
         old_tree(s);
         s.edge_depth = false;
         s.tree_stride = 4;
       }},
      {"tree lines 1:1",
       [](Style& s) {
         s.tree_lines = s.edge_lines;
         s.edge_depth = false;
         s.tree_stride = 1;
       }},
      {"tree lines 1:2",
       [](Style& s) {
         s.tree_lines = s.edge_lines;
         s.edge_depth = false;
         s.tree_stride = 2;
       }},
      {"tree lines 1:8",
       [](Style& s) {
         s.tree_lines = s.edge_lines;
         s.edge_depth = false;
         s.tree_stride = 8;
       }},
      {"auto, useful quads",
       [](Style& s) {
         s.useful_lines = false;
         s.edge_depth = !s.tree_lines;
       }},
      {"auto + useful width <= 1.5",
       [](Style& s) {
         s.edge_width[interop::kEdgeUseful] = std::min(s.edge_width[interop::kEdgeUseful], 1.5f);
       }},
      {"auto, plain lines 2x thinner",
       [](Style& s) { s.line_stride = std::max(1, s.line_stride) * 2; }},
      {"auto, no vertices",
       [](Style& s) {
         for (float& r : s.vertex_radius) r = 0;
       }},
  };
  const char* out_dir = std::getenv("WS_GRAPH_VIEW_BENCH_OUT");
  for (const Variant& variant : variants) {
    GraphView view(backend, true);
    view.set_mode(GraphView::Mode::Gl);
    view.set_graph(g, pos.x, pos.y);
    view.set_pass_timing(true);
    view.set_gl_style_hook(variant.hook);
    gfx::OffscreenTarget target;
    gfx::FigureOptions o;
    o.width = 1920;
    o.height = 1080;
    o.supersample = 1;
    std::map<std::string, std::vector<double>> passes;
    std::vector<std::string> order;
    std::vector<double> overlay_ms, frame_ms, gpu_ms;
    const int frames = bench_frames();
    for (int f = -2; f < frames; ++f) {
      const BfsOverlay ov = in.overlay(f, backend);
      glFinish();
      const auto start = Clock::now();
      view.set_overlay(ov);
      const double a = ms_since(start);
      gfx::render_figure_into(
          target,
          [&](gfx::Canvas& c) {
            view.draw(c, {0, 0}, {1920, 1080});
          },
          o);
      glFinish();
      const double frame = ms_since(start);
      if (f < 0) continue;
      overlay_ms.push_back(a);
      frame_ms.push_back(frame);
      double sum = 0;
      for (const auto& [name, ms] : view.gl_pass_ms()) {
        if (passes.find(name) == passes.end()) order.push_back(name);
        passes[name].push_back(ms);
        sum += ms;
      }
      gpu_ms.push_back(sum);
    }
    std::printf("%-12s %-30s overlay %6.2f | frame %6.2f (max %6.2f) | gpu passes %6.2f |",
                spec.c_str(), variant.name, median(overlay_ms), median(frame_ms),
                *std::max_element(frame_ms.begin(), frame_ms.end()), median(gpu_ms));
    for (const std::string& name : order)
      std::printf(" %s %.2f (max %.2f);", name.c_str(), median(passes[name]),
                  *std::max_element(passes[name].begin(), passes[name].end()));
    std::printf(" [%s]\n", view.edge_drawing().c_str());
    if (out_dir != nullptr) {
      BfsOverlay ov = in.overlay(-2, Backend::Cpu);
      ov.depth = std::min(2, levels - 1);
      GraphView cpu_view(Backend::Cpu, true);
      cpu_view.set_mode(GraphView::Mode::Gl);
      cpu_view.set_graph(g, pos.x, pos.y);
      cpu_view.set_gl_style_hook(variant.hook);
      cpu_view.set_overlay(ov);
      const gfx::Image image = gfx::render_figure(
          [&](gfx::Canvas& c) {
            cpu_view.draw(c, {0, 0}, {1920, 1080});
          },
          o);
      std::string name = spec + "_" + variant.name;
      for (char& ch : name)
        if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
      const std::string file = std::string(out_dir) + "/" + name + ".png";
      gfx::write_png(image, file);
    }
  }
}

}  // namespace
}  // namespace ws::app
