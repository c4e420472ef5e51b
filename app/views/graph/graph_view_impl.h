// GraphView's private state, shared by its source files: graph_view.cpp (graph, overlay, paths),
// graph_view_camera.cpp (fit, zoom, pan, pick), graph_view_draw.cpp (GL and canvas drawing,
// labels), graph_view_style.cpp (colours and sizes).
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "interop/graph_buffers.h"
#include "interop/graph_buffers_cuda.h"
#include "interop/graph_buffers_state.h"
#include "views/graph/graph_view.h"

namespace ws::app {

// Sizes in logical pixels.
inline constexpr float kMinVertexRadius = 1.5f;
inline constexpr float kMaxVertexRadius = 11.0f;
inline constexpr float kRingOuter = 1.75f;  // the source's ring, in disk radii (as the shader)
inline constexpr float kRingInner = 1.35f;
inline constexpr float kOutlineMinRadius = 3.0f;  // smaller disks have no outline

// A uniform grid over the layout's bounding box (about two vertices per cell), built at
// set_positions, so pick() looks at a few cells instead of every vertex.
struct PickGrid {
  float min_x = 0, min_y = 0, cell = 1;
  int32_t nx = 0, ny = 0;
  std::vector<int32_t> start;  // nx * ny + 1 offsets into items
  std::vector<int32_t> items;  // vertex ids, cell by cell

  void build(const std::vector<float>& x, const std::vector<float>& y, float max_x, float max_y);
  // The nearest vertex to (px, py) within r layout units, or -1.
  int32_t nearest(const std::vector<float>& x, const std::vector<float>& y, float px, float py,
                  float r) const;
};

// The disk of the frontier, discovered and source vertices grows when disks are small, so the
// level's vertices stand out in a large graph (r = 11: the same; r = 1.5: 1.75 x).
inline float emphasis_radius(float r) {
  return r * (1 + std::clamp((6 - r) / 6, 0.0f, 0.75f));
}
inline float state_radius(float r, int state) {
  return state >= interop::kStateFrontier ? emphasis_radius(r) : r;
}

// Colours and widths of one theme (graph_view_style.cpp).
struct GraphStyle {
  gfx::Color background, label, label_muted;
  gfx::Color fill[interop::kStateCount], outline[interop::kStateCount];
  gfx::Color edge[interop::kEdgeClassCount];
  float edge_width[interop::kEdgeClassCount];
};
const GraphStyle& graph_style(gfx::Theme theme);
// An edge class's colour and width at a density of `spacing_pixels` between vertices on screen:
// where the graph is dense, plain, examined and tree edges fade and thin (a million edges stay a
// texture, not a blot); useful edges stay strong.
struct EdgeLook {
  gfx::Color color;
  float width;
};
EdgeLook edge_look(const GraphStyle& style, int cls, float spacing_pixels);

struct GraphView::Impl {
  Backend backend = Backend::Cpu;
  bool has_gl = false;
  gfx::Theme theme = gfx::Theme::Light;
  Mode mode = Mode::Auto;

  // The graph.
  int32_t n = 0;
  bool symmetric = true;
  std::vector<int32_t> pairs;  // u, v per drawn edge (u < v once when symmetric, no self-loops)
  std::vector<int64_t> original_ids;
  std::vector<float> x, y;
  float min_x = 0, min_y = 0, max_x = 0, max_y = 0;
  // Layout units between vertices: the larger of the median nearest-neighbour distance and 0.6 x
  // the mean spacing over the bounding box (road maps cluster points along their roads).
  float spacing = 1;
  float mean_edge_length = 0;  // layout units, over up to 65536 edges spread evenly
  PickGrid grid;
  bool needs_fit = true;
  gfx::Vec2 area{0, 0};  // the drawing area of the last fit / draw, logical pixels

  // The overlay: states and classes on the host and / or in the GL buffers.
  BfsOverlay overlay;  // host pointers are not kept (nulled); device pointers are
  bool has_level = false;
  std::vector<int32_t> label_level;  // host levels for labels (n <= kLabelMaxVertices)
  std::vector<uint8_t> states, classes;
  std::vector<int32_t> tree;  // per vertex its tree / useful edge, -1 none (GL line drawing)
  int64_t tree_edges = -1;    // edges of class tree now; -1 not yet asked (device)
  int64_t useful_edges = -1;  // edges of class useful now; -1 not yet asked (device)
  std::function<void(interop::GraphDrawStyle&)> style_hook;
  bool host_valid = true, gl_valid = true;
  std::string gl_path = "gl";  // how the GL buffers got their colours
  std::string path = "none";   // the last draw's
  std::string notice;
  EdgeDrawing edge_drawing = EdgeDrawing::Auto;
  bool line_thinning = true;
  std::string drawing;  // edge_drawing()

  std::unique_ptr<interop::GraphBuffers> gl;  // before the writer: unregistered first
  std::unique_ptr<interop::GraphDeviceWriter> cuda;

  int64_t edge_count() const { return int64_t(pairs.size() / 2); }
  bool uses_gl() const {
    if (!gl) return false;
    if (mode == Mode::Gl) return true;
    return mode == Mode::Auto && edge_count() > kVectorMaxEdges;
  }
  bool labels = true;
  bool show_labels() const { return labels && n > 0 && n <= kLabelMaxVertices; }
  interop::GraphStateParams params() const;
  void ensure_host();       // states / classes on the host for the current overlay
  void ensure_gl();         // the GL buffers coloured for the current overlay
  void count_tree_edges();  // tree_edges, useful_edges from the host's classes
};

}  // namespace ws::app
