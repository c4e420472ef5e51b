// GraphBuffers' programs and drawing (graph_buffers.h): the GLSL sources embedded from shaders/
// (generated/interop/graph_shaders.h), compiled with the context's "#version", and one draw per
// frame: edges (6 vertices each; or 1-pixel lines plus tree / useful quads by vertex for large
// graphs, the tree edges optionally thinned and as lines too) then vertices (6 each) into a colour
// texture with a depth buffer, with every piece of GL state it changes restored afterwards (in the
// browser: left at WebGL's defaults, not read back); each pass optionally timed by a GL timer
// query (set_pass_timing).
#include <algorithm>
#include <string>

#include "common/error.h"
#include "interop/gl_upload.h"
#include "interop/graph_buffers.h"
#include "interop/graph_gl_platform.h"
#include "interop/graph_shaders.h"
#include "render/gl_state.h"

namespace ws::interop {

namespace {

GLuint compile(GLenum kind, const char* version, const char* source, const char* name) {
  const GLuint shader = glCreateShader(kind);
  WS_REQUIRE(shader != 0,
             std::string("glCreateShader returned no name (is a GL context current?)"));
  const std::string head = std::string(version) + "\n";
  const char* parts[2] = {head.c_str(), source};
  glShaderSource(shader, 2, parts, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::string log(size_t(std::max(length, 1)), '\0');
    glGetShaderInfoLog(shader, GLsizei(log.size()), nullptr, log.data());
    glDeleteShader(shader);
    throw Error(std::string("shaders/") + name + " does not compile (" + version +
                "): " + log.c_str());
  }
  return shader;
}

GLuint link(const char* version, const char* vert, const char* frag, const char* name) {
  const GLuint vs = compile(GL_VERTEX_SHADER, version, vert, (std::string(name) + ".vert").c_str());
  GLuint fs = 0;
  try {
    fs = compile(GL_FRAGMENT_SHADER, version, frag, (std::string(name) + ".frag").c_str());
  } catch (...) {
    glDeleteShader(vs);
    throw;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);  // flagged: freed with the program
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    GLint length = 0;
    glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
    std::string log(size_t(std::max(length, 1)), '\0');
    glGetProgramInfoLog(program, GLsizei(log.size()), nullptr, log.data());
    glDeleteProgram(program);
    throw Error(std::string("shaders/") + name + ".{vert,frag} do not link: " + log.c_str());
  }
  return program;
}

void set_colors(GLuint program, const char* name, const gfx::Color* colors, int count) {
  float values[4 * 8];
  for (int i = 0; i < count; ++i) {
    values[4 * i + 0] = colors[i].r / 255.0f;
    values[4 * i + 1] = colors[i].g / 255.0f;
    values[4 * i + 2] = colors[i].b / 255.0f;
    values[4 * i + 3] = colors[i].a / 255.0f;
  }
  glUniform4fv(glGetUniformLocation(program, name), count, values);
}

void set_camera(GLuint program, const GraphDrawStyle& s) {
  glUniform2f(glGetUniformLocation(program, "u_center"), s.center_x, s.center_y);
  glUniform1f(glGetUniformLocation(program, "u_scale"), s.scale);
  glUniform2f(glGetUniformLocation(program, "u_target"), float(s.width), float(s.height));
}

#ifdef __EMSCRIPTEN__
// In the browser the draw reads no state back (each read may be a synchronous WebGL round trip
// that waits for the drawing queued before it): it restores the framebuffer bindings (which the
// browser answers without one) and leaves WebGL's defaults for the rest, all that the app relies
// on between its draws (render/gl_state.h; ImGui's render sets its own, web/shim).
class DrawStateGuard {
 public:
  DrawStateGuard() {
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_fbo_);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_fbo_);
  }
  ~DrawStateGuard() {
    glUseProgram(0);
    glBindVertexArray(0);
    for (int i = kUnits - 1; i >= 0; --i) {  // ends with unit 0 active
      glActiveTexture(GLenum(GL_TEXTURE0 + i));
      glBindTexture(kViewTarget, 0);
    }
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(draw_fbo_));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(read_fbo_));
    glDisable(GL_BLEND);  // the draw turned the scissor test, culling and stencil off
    glDisable(GL_DEPTH_TEST);
    glBlendFuncSeparate(GL_ONE, GL_ZERO, GL_ONE, GL_ZERO);
    glBlendEquationSeparate(GL_FUNC_ADD, GL_FUNC_ADD);
    glDepthFunc(GL_LESS);
  }
  DrawStateGuard(const DrawStateGuard&) = delete;
  DrawStateGuard& operator=(const DrawStateGuard&) = delete;

  static constexpr int kUnits = 4;

 private:
  GLint draw_fbo_ = 0, read_fbo_ = 0;
};
#else
// Saves the GL state a draw changes and restores it at scope exit (the GUI's, a figure's).
class DrawStateGuard {
 public:
  DrawStateGuard() {
    glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vao_);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active_texture_);
    for (int i = 0; i < kUnits; ++i) {
      glActiveTexture(GLenum(GL_TEXTURE0 + i));
      glGetIntegerv(kViewBinding, &buffer_textures_[i]);
    }
    glActiveTexture(GLenum(active_texture_));
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_fbo_);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_fbo_);
    glGetIntegerv(GL_VIEWPORT, viewport_);
    for (int i = 0; i < kCaps; ++i) enabled_[i] = glIsEnabled(kCapList[i]);
    glGetIntegerv(GL_BLEND_SRC_RGB, &blend_[0]);
    glGetIntegerv(GL_BLEND_DST_RGB, &blend_[1]);
    glGetIntegerv(GL_BLEND_SRC_ALPHA, &blend_[2]);
    glGetIntegerv(GL_BLEND_DST_ALPHA, &blend_[3]);
    glGetIntegerv(GL_BLEND_EQUATION_RGB, &equation_[0]);
    glGetIntegerv(GL_BLEND_EQUATION_ALPHA, &equation_[1]);
    glGetIntegerv(GL_DEPTH_FUNC, &depth_func_);
    glGetBooleanv(GL_DEPTH_WRITEMASK, &depth_mask_);
    glGetBooleanv(GL_COLOR_WRITEMASK, color_mask_);
    glGetFloatv(GL_COLOR_CLEAR_VALUE, clear_color_);
    glGetFloatv(GL_DEPTH_CLEAR_VALUE, &clear_depth_);
  }
  ~DrawStateGuard() {
    glUseProgram(GLuint(program_));
    glBindVertexArray(GLuint(vao_));
    for (int i = 0; i < kUnits; ++i) {
      glActiveTexture(GLenum(GL_TEXTURE0 + i));
      glBindTexture(kViewTarget, GLuint(buffer_textures_[i]));
    }
    glActiveTexture(GLenum(active_texture_));
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(draw_fbo_));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(read_fbo_));
    glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
    for (int i = 0; i < kCaps; ++i) {
      if (enabled_[i])
        glEnable(kCapList[i]);
      else
        glDisable(kCapList[i]);
    }
    glBlendFuncSeparate(GLenum(blend_[0]), GLenum(blend_[1]), GLenum(blend_[2]), GLenum(blend_[3]));
    glBlendEquationSeparate(GLenum(equation_[0]), GLenum(equation_[1]));
    glDepthFunc(GLenum(depth_func_));
    glDepthMask(depth_mask_);
    glColorMask(color_mask_[0], color_mask_[1], color_mask_[2], color_mask_[3]);
    glClearColor(clear_color_[0], clear_color_[1], clear_color_[2], clear_color_[3]);
    glClearDepthf(clear_depth_);
  }
  DrawStateGuard(const DrawStateGuard&) = delete;
  DrawStateGuard& operator=(const DrawStateGuard&) = delete;

  static constexpr int kUnits = 4;

 private:
  static constexpr int kCaps = 5;
  static constexpr GLenum kCapList[kCaps] = {GL_BLEND, GL_DEPTH_TEST, GL_SCISSOR_TEST, GL_CULL_FACE,
                                             GL_STENCIL_TEST};
  GLint program_ = 0, vao_ = 0, active_texture_ = GL_TEXTURE0;
  GLint buffer_textures_[kUnits] = {};
  GLint draw_fbo_ = 0, read_fbo_ = 0, viewport_[4] = {};
  GLboolean enabled_[kCaps] = {};
  GLint blend_[4] = {}, equation_[2] = {}, depth_func_ = GL_LESS;
  GLboolean depth_mask_ = GL_TRUE, color_mask_[4] = {GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE};
  GLfloat clear_color_[4] = {}, clear_depth_ = 1;
};
#endif

void bind_buffer_texture(int unit, GLuint view) {
  glActiveTexture(GLenum(GL_TEXTURE0 + unit));
  glBindTexture(kViewTarget, view);
}

}  // namespace

int64_t GraphBuffers::checked_edge_count(int32_t n, const std::vector<int32_t>& pairs,
                                         const char* storage) {
  WS_REQUIRE(n >= 0 && pairs.size() % 2 == 0,
             std::string("GraphBuffers::set_graph: negative vertex count or odd pair list"));
  const int64_t m = int64_t(pairs.size() / 2);
  const int64_t limit = max_elements();
  WS_REQUIRE(n <= limit && m <= limit,
             std::string("the graph view's ") + storage + " take at most " + std::to_string(limit) +
                 " vertices and edges; this graph has " + std::to_string(n) + " vertices and " +
                 std::to_string(m) + " edges to draw");
  return m;
}

std::vector<float> GraphBuffers::interleaved(const float* x, const float* y, int32_t n) {
  std::vector<float> xy(size_t(n) * 2);
  for (size_t v = 0; v < size_t(n); ++v) {
    xy[2 * v] = x[v];
    xy[2 * v + 1] = y[v];
  }
  return xy;
}

GraphBuffers::GraphBuffers() {
  GLint major = 0, minor = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  WS_REQUIRE(major * 10 + minor >= kMinContextVersion,
             "the graph view needs OpenGL 3.3 or newer, or WebGL 2 (the context has " +
                 std::to_string(major) + "." + std::to_string(minor) + ")");
  glsl_version_ = graph_glsl_header(major, minor);
  edge_program_ =
      link(glsl_version_, shaders::graph_edges_vert, shaders::graph_edges_frag, "graph_edges");
  try {
    line_program_ =
        link(glsl_version_, shaders::graph_lines_vert, shaders::graph_lines_frag, "graph_lines");
    vertex_program_ = link(glsl_version_, shaders::graph_vertices_vert,
                           shaders::graph_vertices_frag, "graph_vertices");
  } catch (...) {
    glDeleteProgram(edge_program_);
    glDeleteProgram(line_program_);  // 0 is ignored
    throw;
  }
  glGenVertexArrays(1, &vao_);  // core profiles draw only with a vertex array bound (ours: empty)
  GLint previous = 0;
  glGetIntegerv(GL_CURRENT_PROGRAM, &previous);
  // Texture units of the views: positions 0, pairs / states 1, classes 2, tree 3.
  for (const GLuint program : {edge_program_, line_program_}) {
    glUseProgram(program);
    glUniform1i(glGetUniformLocation(program, "u_positions"), 0);
    glUniform1i(glGetUniformLocation(program, "u_pairs"), 1);
    glUniform1i(glGetUniformLocation(program, "u_classes"), 2);
  }
  glUseProgram(edge_program_);
  glUniform1i(glGetUniformLocation(edge_program_, "u_tree"), 3);
  glUseProgram(line_program_);
  glUniform1i(glGetUniformLocation(line_program_, "u_tree"), 3);
  glUseProgram(vertex_program_);
  glUniform1i(glGetUniformLocation(vertex_program_, "u_positions"), 0);
  glUniform1i(glGetUniformLocation(vertex_program_, "u_states"), 1);
  glUseProgram(GLuint(previous));
}

GraphBuffers::~GraphBuffers() {
  if (!queries_.empty()) glDeleteQueries(GLsizei(queries_.size()), queries_.data());
  if (vao_ != 0) glDeleteVertexArrays(1, &vao_);
  glDeleteProgram(edge_program_);
  glDeleteProgram(line_program_);
  glDeleteProgram(vertex_program_);
}

void GraphBuffers::resize_target(int width, int height) {
  if (width == target_width_ && height == target_height_ && colour_) return;
  const int max_size = max_texture_size();
  WS_REQUIRE(width > 0 && height > 0 && width <= max_size && height <= max_size,
             "graph view target " + std::to_string(width) + "x" + std::to_string(height) +
                 " is empty or exceeds GL_MAX_TEXTURE_SIZE " + std::to_string(max_size));
  if (!framebuffer_) {
    framebuffer_ = gfx::Framebuffer::create();
    colour_ = gfx::Texture::create();
    depth_ = gfx::Renderbuffer::create();
  }
  target_width_ = target_height_ = 0;
  clear_gl_errors();
  GLint texture = 0, renderbuffer = 0, fbo = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture);
  glGetIntegerv(GL_RENDERBUFFER_BINDING, &renderbuffer);
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
  glBindTexture(GL_TEXTURE_2D, colour_.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, GLuint(texture));
  glBindRenderbuffer(GL_RENDERBUFFER, depth_.id());
  glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, width, height);
  glBindRenderbuffer(GL_RENDERBUFFER, GLuint(renderbuffer));
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer_.id());
  glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_.id(), 0);
  glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.id());
  const GLenum status = glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER);
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(fbo));
  check_gl("graph view target");
  WS_REQUIRE(status == GL_FRAMEBUFFER_COMPLETE,
             "graph view framebuffer incomplete (status " + std::to_string(status) + ")");
  target_width_ = width;
  target_height_ = height;
}

void GraphBuffers::set_pass_timing(bool on) {
  timing_ = on;
  timed_.clear();
}

std::vector<std::pair<std::string, double>> GraphBuffers::pass_ms() const {
  std::vector<std::pair<std::string, double>> out;
  for (const auto& [name, query] : timed_) {
    GLuint64 ns = 0;
    query_result_ns(query, &ns);  // waits for the pass
    out.emplace_back(name, double(ns) * 1e-6);
  }
  return out;
}

GLuint GraphBuffers::draw(const GraphDrawStyle& style) {
  resize_target(style.width, style.height);
  if (gfx::kCheckEachFrame) clear_gl_errors();
  timed_.clear();
  // With timing on, each pass between begin_pass and end_pass gets a GL_TIME_ELAPSED query.
  const auto begin_pass = [&](const char* name) {
    if (!timing_ || !kTimerQueries) return;
    if (timed_.size() == queries_.size()) {
      queries_.push_back(0);
      glGenQueries(1, &queries_.back());
    }
    timed_.emplace_back(name, queries_[timed_.size()]);
    glBeginQuery(kTimeElapsed, timed_.back().second);
  };
  const auto end_pass = [&] {
    if (timing_ && kTimerQueries) glEndQuery(kTimeElapsed);
  };
  {
    DrawStateGuard guard;
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
    glViewport(0, 0, style.width, style.height);
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_STENCIL_TEST);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_TRUE);
    glClearColor(style.background.r / 255.0f, style.background.g / 255.0f,
                 style.background.b / 255.0f, 1.0f);
    glClearDepthf(1.0f);
    begin_pass("clear");
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    end_pass();
    glEnable(GL_BLEND);
    glBlendEquationSeparate(GL_FUNC_ADD, GL_FUNC_ADD);
    // Straight alpha over an opaque background: the target stays opaque.
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    glBindVertexArray(vao_);

    // Useful lines take the tree edges with them: lines are drawn before quads.
    const bool tree_lines = style.edge_lines && (style.tree_lines || style.useful_lines);
    const bool useful_lines = style.edge_lines && style.useful_lines;
    const int tree_stride = style.edge_lines ? std::max(1, style.tree_stride) : 1;
    if (edges_ > 0 && style.edge_lines) {
      // Plain, then examined (then tree): 1-pixel lines, blended in that order, no depth test or
      // writes.
      glDisable(GL_DEPTH_TEST);
      glUseProgram(line_program_);
      set_camera(line_program_, style);
      const int stride = std::max(1, style.line_stride);
      glUniform1i(glGetUniformLocation(line_program_, "u_edges"), GLint(edges_));
      glUniform1i(glGetUniformLocation(line_program_, "u_directed"), style.directed ? 1 : 0);
      bind_buffer_texture(0, positions_view_.id());
      bind_buffer_texture(1, pairs_view_.id());
      bind_buffer_texture(2, classes_view_.id());
      bind_buffer_texture(3, tree_view_.id());
      const int64_t lines = (edges_ + stride - 1) / stride;
      glUniform1i(glGetUniformLocation(line_program_, "u_by_vertex"), 0);
      glUniform1i(glGetUniformLocation(line_program_, "u_stride"), stride);
      for (const int cls : {int(kEdgePlain), int(kEdgeExamined)}) {
        begin_pass(cls == kEdgePlain ? "plain lines" : "examined lines");
        glUniform1i(glGetUniformLocation(line_program_, "u_class"), cls);
        set_colors(line_program_, "u_color", &style.edge_color[cls], 1);
        glDrawArrays(GL_LINES, 0, GLsizei(lines * 2));
        end_pass();
      }
      // By vertex: its parent edge when of class tree (thinned), then useful (all).
      for (const int cls : {int(kEdgeTree), int(kEdgeUseful)}) {
        if (vertices_ == 0 || !(cls == kEdgeTree ? tree_lines : useful_lines)) continue;
        begin_pass(cls == kEdgeTree ? "tree lines" : "useful lines");
        glUniform1i(glGetUniformLocation(line_program_, "u_by_vertex"), 1);
        glUniform1i(glGetUniformLocation(line_program_, "u_stride"),
                    cls == kEdgeTree ? tree_stride : 1);
        glUniform1i(glGetUniformLocation(line_program_, "u_class"), cls);
        set_colors(line_program_, "u_color", &style.edge_color[cls], 1);
        glDrawArrays(GL_LINES, 0, GLsizei(int64_t(vertices_) * 2));
        end_pass();
      }
      glEnable(GL_DEPTH_TEST);
    }
    if (edges_ > 0) {
      glUseProgram(edge_program_);
      set_camera(edge_program_, style);
      set_colors(edge_program_, "u_color", style.edge_color, kEdgeClassCount);
      glUniform1fv(glGetUniformLocation(edge_program_, "u_width"), kEdgeClassCount,
                   style.edge_width);
      // Clip-space depth: useful over tree over examined over plain, all below the vertices.
      const float depth[kEdgeClassCount] = {0.9f, 0.8f, 0.7f, 0.6f};
      glUniform1fv(glGetUniformLocation(edge_program_, "u_depth"), kEdgeClassCount, depth);
      glUniform1i(glGetUniformLocation(edge_program_, "u_directed"), style.directed ? 1 : 0);
      glUniform1i(glGetUniformLocation(edge_program_, "u_by_vertex"), style.edge_lines ? 1 : 0);
      glUniform1i(glGetUniformLocation(edge_program_, "u_tree_stride"), tree_stride);
      bind_buffer_texture(0, positions_view_.id());
      bind_buffer_texture(1, pairs_view_.id());
      bind_buffer_texture(2, classes_view_.id());
      bind_buffer_texture(3, tree_view_.id());
      const GLint only_class = glGetUniformLocation(edge_program_, "u_only_class");
      if (!style.edge_lines) {  // every edge, one pass, depth orders the classes
        begin_pass("edge quads");
        glUniform1i(only_class, -1);
        glDrawArrays(GL_TRIANGLES, 0, GLsizei(edges_ * 6));
        end_pass();
      } else if (!tree_lines && !useful_lines &&
                 style.edge_depth) {  // tree and useful quads by vertex, one pass
        begin_pass("tree+useful quads");
        glUniform1i(only_class, -1);
        glDrawArrays(GL_TRIANGLES, 0, GLsizei(int64_t(vertices_) * 6));
        end_pass();
      } else {  // by draw order (tree, if not lines, then useful): no depth test or writes
        glDisable(GL_DEPTH_TEST);
        if (!tree_lines) {
          begin_pass("tree quads");
          glUniform1i(only_class, kEdgeTree);
          glDrawArrays(GL_TRIANGLES, 0, GLsizei(int64_t(vertices_) * 6));
          end_pass();
        }
        if (!useful_lines) {
          begin_pass("useful quads");
          glUniform1i(only_class, kEdgeUseful);
          glDrawArrays(GL_TRIANGLES, 0, GLsizei(int64_t(vertices_) * 6));
          end_pass();
        }
        glEnable(GL_DEPTH_TEST);
      }
    }
    if (vertices_ > 0) {
      begin_pass("vertices");
      glUseProgram(vertex_program_);
      set_camera(vertex_program_, style);
      glUniform1fv(glGetUniformLocation(vertex_program_, "u_radius"), kStateCount,
                   style.vertex_radius);
      glUniform1f(glGetUniformLocation(vertex_program_, "u_outline"), style.outline_width);
      set_colors(vertex_program_, "u_fill", style.state_fill, kStateCount);
      set_colors(vertex_program_, "u_stroke", style.state_outline, kStateCount);
      // Source over discovered over frontier over visited over unvisited.
      const float depth[kStateCount] = {0.4f, 0.3f, 0.2f, 0.1f, 0.0f};
      glUniform1fv(glGetUniformLocation(vertex_program_, "u_depth"), kStateCount, depth);
      bind_buffer_texture(0, positions_view_.id());
      bind_buffer_texture(1, states_view_.id());
      glDrawArrays(GL_TRIANGLES, 0, GLsizei(int64_t(vertices_) * 6));
      end_pass();
    }
  }
  if (gfx::kCheckEachFrame) check_gl("graph view draw");
  return colour_.id();
}

gfx::Image GraphBuffers::read_back() const {
  if (!colour_) return gfx::Image();
  return read_rgba(colour_.id(), target_width_, target_height_);
}

}  // namespace ws::interop
