// GraphView: a graph drawn at its layout positions, vertices coloured by their BFS state, for the
// BFS scene (and any later graph scene). Two paths, one picture:
//  - GL (the GUI and PNG figures): vertex and edge buffers (VBOs) drawn by the GLSL programs in
//    shaders/ into an offscreen texture that the canvas shows as an image. With Backend::Cuda the
//    colour buffers are registered with CUDA (cudaGraphicsGLRegisterBuffer) and a kernel writes
//    them straight from the engine's device level / parent arrays; Backend::Cpu fills them on the
//    host. So a 100k-vertex graph pans and zooms at 60 fps.
//  - Canvas (SVG figures, and on screen the labels): circles and lines through gfx::Canvas, used
//    for everything when the graph is small (<= kVectorMaxEdges edges) or no GL context exists.
// Small graphs (<= kLabelMaxVertices vertices) show vertex ids and levels as text.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "common/backend.h"
#include "graph/graph.h"
#include "render/canvas.h"
#include "render/image.h"
#include "render/palette.h"

namespace ws::interop {
struct GraphDrawStyle;
}

namespace ws::app {

inline constexpr int64_t kVectorMaxEdges = 20000;
inline constexpr int32_t kLabelMaxVertices = 200;
// (Added) The GL path draws plain and examined edges as 1-pixel lines past this many edges on
// screen (EdgeDrawing::Auto), and thins them past kLineOverdraw times the target's pixels.
inline constexpr int64_t kLineMinEdges = 100000;
inline constexpr float kLineOverdraw = 12.0f;
// (Added) With lines, the tree edges (never this level's useful ones) go as 1-pixel lines too when
// their width is at most kTreeLineWidth pixels and their length passes kUsefulQuadPixels x the
// target's pixels, and with thinning they are drawn one in k (by vertex, alpha raised as for the
// lines) past kTreeOverdraw times the target's pixels.
inline constexpr float kTreeLineWidth = 1.5f;
inline constexpr float kTreeOverdraw = 4.0f;
// (Added) With lines, this level's useful edges (never thinned) go as 1-pixel lines instead of
// thick quads when their length passes kUsefulQuadPixels x the target's pixels (a hub's level:
// tens of thousands of long quads cost more than a frame on an H100); edge_drawing() says so.
inline constexpr float kUsefulQuadPixels = 1.0f;

// The state a vertex is drawn in, given the level shown (`depth`: the frontier being expanded).
enum class VertexState : uint8_t {
  Unvisited = 0,   // level -1 or > depth + 1
  Visited = 1,     // level < depth
  Frontier = 2,    // level == depth
  Discovered = 3,  // level == depth + 1: found while expanding this level
  Source = 4,
};

// How an edge is drawn (added by the view helper): plain (thin, faint), examined (an out-edge of
// the frontier, tinted), tree (a parent edge of a vertex reached by depth + 1, dark), useful (a
// tree edge found this level, thick in the frontier colour). Later classes are drawn on top.
enum class EdgeClass : uint8_t { Plain = 0, Examined = 1, Tree = 2, Useful = 3 };

// What the view shows of a BFS, in host memory (any backend) or device memory (CUDA: pointers the
// engine owns; no copy to the host).
struct BfsOverlay {
  const int32_t* level = nullptr;   // per vertex, -1 unreached; null: every vertex unvisited
  const int32_t* parent = nullptr;  // per vertex, -1 none; null: no tree edges
  bool on_device = false;           // the two pointers are CUDA device pointers
  int32_t depth = 0;                // the level shown
  int32_t source = -1;
  bool show_examined = true;  // the out-edges of the frontier (this level's work)
  bool show_tree = true;      // parent edges of vertices up to depth + 1 (the BFS tree)
};

struct GraphCamera {
  float cx = 0, cy = 0;  // layout coordinates at the view's centre
  float scale = 1;       // pixels per layout unit
};

class GraphView {
 public:
  // The GL path needs a current GL context at construction and for every call after it (destroy
  // the view before the context); without one (has_gl false) the view draws through the canvas
  // only. Backend::Cuda throws ws::Error in a CPU-only build or without a device.
  GraphView(Backend backend, bool has_gl);
  ~GraphView();
  GraphView(const GraphView&) = delete;
  GraphView& operator=(const GraphView&) = delete;

  // A new graph (uploads the edge list once) and its positions (x, y per vertex). Throws
  // ws::Error when sizes disagree or the buffers do not fit; the previous graph stays then.
  void set_graph(const graph::Graph& g, const std::vector<float>& x, const std::vector<float>& y);
  // New positions for the same graph (a layout step, a dragged vertex).
  void set_positions(const std::vector<float>& x, const std::vector<float>& y);
  void set_overlay(const BfsOverlay& overlay);  // recolours (on the device with CUDA)

  // Camera: fit the whole graph into a w x h pixel area; zoom about a pixel; pan by pixels.
  // Pixels are relative to the drawing area's top-left corner; its size is the last fit()'s or
  // draw()'s. Layout y grows upwards (maps are drawn north up).
  void fit(float width, float height);
  void zoom(float factor, gfx::Vec2 about_pixel);
  void pan(gfx::Vec2 pixels);
  const GraphCamera& camera() const { return camera_; }
  // The vertex nearest to a pixel of the drawing area within `radius` pixels, or -1.
  int32_t pick(gfx::Vec2 pixel, float radius = 8) const;

  // Draws into [min, max] of the canvas: GL texture + labels, or all vector on the canvas path
  // (`vector` forces it: SVG figures).
  void draw(gfx::Canvas& canvas, gfx::Vec2 min, gfx::Vec2 max, bool vector = false);

  // The colour legend of the states (the scene draws it beside the graph).
  static gfx::Color state_color(VertexState s);
  // "unvisited", "visited", "frontier", ...: English, a key (tr_text where shown).
  static const char* state_name(VertexState s);
  // (Added) The same per theme (state_color(s) is the light theme's), the edge colours, and the
  // theme the view draws in (background, unvisited grey, tree edges, labels). Default: light.
  static gfx::Color state_color(VertexState s, gfx::Theme theme);
  static gfx::Color edge_color(EdgeClass c, gfx::Theme theme);
  static const char* edge_class_name(EdgeClass c);  // "plain", "examined", "tree", "useful"
  void set_theme(gfx::Theme theme);

  // Which path draw() took last, for the UI and tests: "gl+cuda" (colours written by CUDA into
  // the registered GL buffers), "gl+copy" (device levels copied to the host and coloured there:
  // interop unavailable), "gl" (host colouring, glBufferSubData), "canvas".
  const std::string& path() const;
  // (Added) Why the CUDA path is not taken (interop unavailable or forced off); empty otherwise.
  const std::string& notice() const;

  // (Added) Which drawing draw() uses: Auto takes the canvas for small graphs (<= kVectorMaxEdges
  // edges) and without GL, the GL buffers otherwise; Gl forces the buffers whenever GL exists
  // (tests, benchmarks); Canvas forces circles and lines.
  enum class Mode { Auto, Gl, Canvas };
  void set_mode(Mode mode);
  // (Added) How the GL path draws edges. Quads: every edge an anti-aliased quad of its class's
  // width (unthinned 1-pixel lines are slower than these quads on an H100 for long edges, so the
  // lines pay through the thinning). Lines: plain and examined edges as 1-pixel lines without
  // anti-aliasing (fill rate: a million edges), tree and useful edges still as quads. Auto: lines
  // when more than kLineMinEdges edges are on screen at this zoom, quads otherwise. With
  // `thinning`, lines whose estimated pixels pass kLineOverdraw x the target's (or that outnumber
  // its pixels) are drawn one in k, k chosen per frame, with the alpha raised to 1 - (1 - a)^k so
  // the texture's expected density stays the same; edge_drawing() says so.
  enum class EdgeDrawing { Auto, Quads, Lines };
  void set_edge_drawing(EdgeDrawing drawing, bool thinning = true);
  // (Added) What the last GL draw did with its edges, for the UI: "quads", "lines" or "lines,
  // edges thinned 1:K at this zoom", followed by "; tree edges thinned 1:J" when the tree edges
  // are thinned too (this level's useful edges never are) and "; useful edges as lines" when
  // those are 1-pixel lines; empty after a canvas draw.
  const std::string& edge_drawing() const;
  // (Added) CUDA backend: true colours on the host even with device levels (the tests compare
  // both paths); false tries CUDA-GL interop again.
  void force_fallback(bool on);

  // (Added) Geometry for the scene and the tests: the disk radius in pixels at the current zoom,
  // and a vertex's pixel position in the drawing area (origin at its top-left).
  float vertex_radius() const;
  gfx::Vec2 to_pixel(int32_t v) const;
  int32_t vertices() const;
  // (Added) Labels on or off (on by default; they show only for <= kLabelMaxVertices vertices).
  void set_labels(bool on);
  // (Added) For tests: the GL path's last picture (RGBA, top row first; empty before a GL draw),
  // and the state / class bytes the GL buffers hold now (empty without GL).
  gfx::Image read_gl_pixels() const;
  void read_gl_buffers(std::vector<uint8_t>& states, std::vector<uint8_t>& classes) const;
  // (Added) For benchmarks: with `on`, the GL draws time their passes (GL timer queries);
  // gl_pass_ms() gives the last GL draw's passes and GPU milliseconds (waiting for it), empty
  // while off or without GL. A style hook, when set, may change the GL draw's style
  // (interop/graph_buffers.h) just before it draws: experiments with widths and thinning.
  void set_pass_timing(bool on);
  std::vector<std::pair<std::string, double>> gl_pass_ms() const;
  void set_gl_style_hook(std::function<void(interop::GraphDrawStyle&)> hook);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  GraphCamera camera_;
};

// The state of one vertex for the overlay rule above (the host path and the tests use it; the CUDA
// kernel applies the same rule).
VertexState vertex_state(int32_t level, int32_t vertex, int32_t depth, int32_t source);
// (Added) The class of edge u -> v (for a symmetric graph the pair {u, v}) for the overlay rule:
// levels lu, lv (-1 unreached) and parents pu, pv (-1 none) of its ends.
EdgeClass edge_class(int32_t u, int32_t v, int32_t lu, int32_t lv, int32_t pu, int32_t pv,
                     const BfsOverlay& overlay, bool symmetric);

}  // namespace ws::app
