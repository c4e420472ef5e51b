// GraphBuffers' buffers (graph_buffers.h): allocation, uploads, and the texture-buffer views the
// programs read them through. The programs and the drawing are in graph_buffers_draw.cpp.
#include "interop/graph_buffers.h"

#include <algorithm>
#include <string>

#include "common/error.h"
#include "interop/gl_upload.h"

namespace ws::interop {

namespace {

// Restores GL_ARRAY_BUFFER's binding (buffer uploads bind there).
class ArrayBufferGuard {
 public:
  ArrayBufferGuard() { glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &previous_); }
  ~ArrayBufferGuard() { glBindBuffer(GL_ARRAY_BUFFER, GLuint(previous_)); }
  ArrayBufferGuard(const ArrayBufferGuard&) = delete;
  ArrayBufferGuard& operator=(const ArrayBufferGuard&) = delete;

 private:
  GLint previous_ = 0;
};

// (Re)allocates `buffer` with `bytes` (at least 1: an empty graph still has valid views) and
// uploads `data` when given.
void allocate(GLuint buffer, size_t bytes, const void* data, GLenum usage) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer);
  glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(bytes == 0 ? 1 : bytes), bytes == 0 ? nullptr : data,
               usage);
}

void attach_view(GLuint view, GLenum format, GLuint buffer) {
  GLint previous = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_BUFFER, &previous);
  glBindTexture(GL_TEXTURE_BUFFER, view);
  glTexBuffer(GL_TEXTURE_BUFFER, format, buffer);
  glBindTexture(GL_TEXTURE_BUFFER, GLuint(previous));
}

}  // namespace

int64_t GraphBuffers::max_elements() {
  GLint size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_BUFFER_SIZE, &size);
  return int64_t(size);
}

void GraphBuffers::set_graph(int32_t n, const std::vector<int32_t>& pairs) {
  const int64_t m = checked_edge_count(n, pairs, "GL buffers (GL_MAX_TEXTURE_BUFFER_SIZE)");
  if (!positions_) {
    positions_ = gfx::Buffer::create();
    pairs_ = gfx::Buffer::create();
    states_ = gfx::Buffer::create();
    classes_ = gfx::Buffer::create();
    tree_ = gfx::Buffer::create();
    positions_view_ = gfx::Texture::create();
    pairs_view_ = gfx::Texture::create();
    states_view_ = gfx::Texture::create();
    classes_view_ = gfx::Texture::create();
    tree_view_ = gfx::Texture::create();
  }
  clear_gl_errors();
  {
    ArrayBufferGuard guard;
    const std::vector<uint8_t> zeros(size_t(std::max<int64_t>(n, m)), 0);
    allocate(positions_.id(), size_t(n) * 2 * sizeof(float), nullptr, GL_DYNAMIC_DRAW);
    allocate(pairs_.id(), pairs.size() * sizeof(int32_t), pairs.data(), GL_STATIC_DRAW);
    allocate(states_.id(), size_t(n), zeros.data(), GL_DYNAMIC_DRAW);
    allocate(classes_.id(), size_t(m), zeros.data(), GL_DYNAMIC_DRAW);
    const std::vector<int32_t> none(size_t(n), -1);
    allocate(tree_.id(), size_t(n) * sizeof(int32_t), none.data(), GL_DYNAMIC_DRAW);
  }
  vertices_ = 0;  // no graph if the views fail
  edges_ = 0;
  check_gl("glBufferData (graph buffers)");
  attach_view(positions_view_.id(), GL_RG32F, positions_.id());
  attach_view(pairs_view_.id(), GL_RG32I, pairs_.id());
  attach_view(states_view_.id(), GL_R8UI, states_.id());
  attach_view(classes_view_.id(), GL_R8UI, classes_.id());
  attach_view(tree_view_.id(), GL_R32I, tree_.id());
  check_gl("glTexBuffer (graph buffers)");
  vertices_ = n;
  edges_ = m;
}

void GraphBuffers::set_positions(const float* x, const float* y) {
  if (vertices_ == 0) return;
  const std::vector<float> xy = interleaved(x, y, vertices_);
  ArrayBufferGuard guard;
  clear_gl_errors();
  glBindBuffer(GL_ARRAY_BUFFER, positions_.id());
  glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(xy.size() * sizeof(float)), xy.data());
  check_gl("glBufferSubData (graph positions)");
}

void GraphBuffers::set_states(const uint8_t* states, const uint8_t* classes, const int32_t* tree) {
  ArrayBufferGuard guard;
  clear_gl_errors();
  if (vertices_ > 0) {
    glBindBuffer(GL_ARRAY_BUFFER, states_.id());
    glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(vertices_), states);
    glBindBuffer(GL_ARRAY_BUFFER, tree_.id());
    glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(size_t(vertices_) * sizeof(int32_t)), tree);
  }
  if (edges_ > 0) {
    glBindBuffer(GL_ARRAY_BUFFER, classes_.id());
    glBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(edges_), classes);
  }
  check_gl("glBufferSubData (graph states)");
}

void GraphBuffers::read_states(std::vector<uint8_t>& states, std::vector<uint8_t>& classes) const {
  states.assign(size_t(vertices_), 0);
  classes.assign(size_t(edges_), 0);
  ArrayBufferGuard guard;
  clear_gl_errors();
  if (vertices_ > 0) {
    glBindBuffer(GL_ARRAY_BUFFER, states_.id());
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(vertices_), states.data());
  }
  if (edges_ > 0) {
    glBindBuffer(GL_ARRAY_BUFFER, classes_.id());
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, GLsizeiptr(edges_), classes.data());
  }
  check_gl("glGetBufferSubData (graph states)");
}

}  // namespace ws::interop
