// GraphBuffers: a graph as GL buffers, drawn by the GLSL programs in shaders/graph_*.{vert,frag}
// into a texture of its own (the graph view shows it with Canvas::image). The buffers:
//   positions  float2 per vertex (x, y in layout units)
//   pairs      int2 per edge: u < v once for a symmetric graph, every u -> v for a directed one
//   states     uint8 per vertex: the vertex state (graph_buffers_state.h)
//   classes    uint8 per edge: the edge class (plain / examined / tree / useful)
//   tree       int32 per vertex: the index of its edge of class tree or useful, -1 none
// The programs pull their data from these buffers by gl_VertexID through texture-buffer views
// ("vertex pulling"): an edge is a screen-space quad of 6 vertices with an anti-aliased width per
// class, a vertex a quad whose fragment shader cuts a round disk with an outline (and a ring for
// the source). A depth buffer keeps emphasis on top in one pass: useful edges over tree edges over
// examined over plain, and source / discovered / frontier vertices over the rest.
// Large graphs (GraphDrawStyle::edge_lines) draw differently, for fill rate: plain and examined
// edges as 1-pixel GL_LINES (shaders/graph_lines.*: 2 vertices per edge, no anti-aliasing, no
// depth), plain first, then examined, optionally only one edge in every `line_stride` (a hashed
// pick per block, the caller raises the alpha to match); then tree and useful edges as quads,
// one per vertex through the tree buffer (n quads, not m); then the vertices. When dense, the tree
// edges may be thinned too (tree_stride, by vertex) and drawn as 1-pixel lines (tree_lines);
// useful edges, this level's, are always all drawn.
// states and classes are written either by glBufferSubData from host memory (set_states) or by a
// CUDA kernel through CUDA-GL interop (graph_buffers_cuda.h registers state_buffer() and
// class_buffer()). Needs the GL context that was current at construction for every call, the
// destructor included. GLSL: "#version 430 core" when the context is 4.3 or newer, else 330 core.
#pragma once

#include <GL/glew.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "interop/graph_buffers_state.h"
#include "render/canvas.h"
#include "render/gl_objects.h"
#include "render/image.h"

namespace ws::interop {

// Everything one draw needs besides the buffers: camera, sizes in pixels and colours.
struct GraphDrawStyle {
  int width = 0, height = 0;         // the target, in pixels
  float center_x = 0, center_y = 0;  // layout coordinates at the target's centre
  float scale = 1;                   // pixels per layout unit (y grows upwards in layout units)
  float vertex_radius[kStateCount] = {4, 4, 4, 4, 4};  // pixels, per state
  float outline_width = 1;                             // pixels (0: none)
  gfx::Color background;
  gfx::Color state_fill[kStateCount], state_outline[kStateCount];
  gfx::Color edge_color[kEdgeClassCount];
  float edge_width[kEdgeClassCount] = {1, 1, 1.5f, 3};  // pixels
  bool directed = false;    // edges fade towards their tail, a direction cue that costs nothing
  bool edge_lines = false;  // plain and examined edges as 1-pixel lines (large graphs)
  int line_stride = 1;      // with edge_lines: one plain / examined edge in every line_stride
  // (Added) With edge_lines, the tree edges (never the useful ones, this level's):
  int tree_stride = 1;        // one in every tree_stride, a hashed pick by child vertex
  bool tree_lines = false;    // as 1-pixel lines (after the examined ones), not quads
  bool useful_lines = false;  // the useful edges too, all of them (implies tree_lines)
  // (Added) With edge_lines: false draws the tree quads then the useful quads by draw order with
  // no depth test (the vertices still use it); true one pass with the depth test.
  bool edge_depth = true;
};

class GraphBuffers {
 public:
  GraphBuffers();  // compiles the programs; throws ws::Error with the compiler log on failure
  ~GraphBuffers();
  GraphBuffers(const GraphBuffers&) = delete;
  GraphBuffers& operator=(const GraphBuffers&) = delete;

  // The largest vertex or edge count the buffers take (GL_MAX_TEXTURE_BUFFER_SIZE).
  static int64_t max_elements();

  // Allocates the buffers for n vertices and the edges in `pairs` (2 ints per edge) and uploads
  // the pairs; states become 0 and classes 0. Throws ws::Error (buffers unchanged) past
  // max_elements(). A CUDA writer must release its registration first (reallocation).
  void set_graph(int32_t n, const std::vector<int32_t>& pairs);
  void set_positions(const float* x, const float* y);  // n each
  // Host path: n states, m classes and n tree-edge indices (graph_states_host) by
  // glBufferSubData.
  void set_states(const uint8_t* states, const uint8_t* classes, const int32_t* tree);

  int32_t vertices() const { return vertices_; }
  int64_t edges() const { return edges_; }
  GLuint state_buffer() const { return states_.id(); }
  GLuint class_buffer() const { return classes_.id(); }
  GLuint tree_buffer() const { return tree_.id(); }

  // Draws into the own texture (resized to style.width x style.height) and returns it: RGBA8,
  // opaque, row 0 the top of the picture (as Canvas::image takes it). Leaves the caller's GL state
  // (framebuffers, viewport, program, bindings, blend / depth / scissor state) as it was.
  GLuint draw(const GraphDrawStyle& style);
  gfx::Image read_back() const;  // the last draw's pixels, top row first
  // The state and class bytes the buffers hold (tests compare the CUDA and host paths).
  void read_states(std::vector<uint8_t>& states, std::vector<uint8_t>& classes) const;

  const char* glsl_version() const { return glsl_version_; }

  // (Added) For benchmarks: with `on`, each draw times its passes with GL timer queries;
  // pass_ms() gives the last draw's passes ("clear", "plain lines", "examined lines", "tree
  // lines", "edge quads" or "tree quads" / "useful quads", "vertices") and their GPU
  // milliseconds, waiting for the draw to finish. Empty while off.
  void set_pass_timing(bool on);
  std::vector<std::pair<std::string, double>> pass_ms() const;

 private:
  void resize_target(int width, int height);
  // set_graph's checks on every platform: n >= 0, whole pairs, both counts within max_elements()
  // (`storage` names what holds the arrays, for the message). Returns the edge count.
  static int64_t checked_edge_count(int32_t n, const std::vector<int32_t>& pairs,
                                    const char* storage);
  // x[v], y[v] as the interleaved pairs the positions array holds.
  static std::vector<float> interleaved(const float* x, const float* y, int32_t n);

  const char* glsl_version_ = "#version 330 core";
  GLuint edge_program_ = 0, line_program_ = 0, vertex_program_ = 0, vao_ = 0;
  gfx::Buffer positions_, pairs_, states_, classes_, tree_;
  gfx::Texture positions_view_, pairs_view_, states_view_, classes_view_,
      tree_view_;  // texture buffers
  gfx::Framebuffer framebuffer_;
  gfx::Texture colour_;
  gfx::Renderbuffer depth_;
  int target_width_ = 0, target_height_ = 0;
  int32_t vertices_ = 0;
  int64_t edges_ = 0;
  bool timing_ = false;
  std::vector<GLuint> queries_;                        // a pool, one per pass
  std::vector<std::pair<std::string, GLuint>> timed_;  // the last draw's passes
};

}  // namespace ws::interop
