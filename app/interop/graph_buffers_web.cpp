// GraphBuffers' arrays in the browser (graph_buffers.h, graph_gl_platform.h): WebGL 2 has no
// texture buffers, so each array (positions, pairs, states, classes, tree) is a 2D texture of
// kViewRowWidth elements a row that the shaders read with texelFetch; uploads go straight into the
// textures (there is no CUDA writer in the browser). The GL buffers of the desktop stay unused.
#include <algorithm>
#include <string>
#include <vector>

#include "common/error.h"
#include "interop/gl_upload.h"
#include "interop/graph_buffers.h"
#include "interop/graph_gl_platform.h"

namespace ws::interop {

namespace {

struct ElementFormat {
  GLenum internal, format, type;
  int bytes;  // per element
};
constexpr ElementFormat kPositions{GL_RG32F, GL_RG, GL_FLOAT, 8};
constexpr ElementFormat kPairs{GL_RG32I, GL_RG_INTEGER, GL_INT, 8};
constexpr ElementFormat kBytes{GL_R8UI, GL_RED_INTEGER, GL_UNSIGNED_BYTE, 1};
constexpr ElementFormat kIndices{GL_R32I, GL_RED_INTEGER, GL_INT, 4};

int rows_for(int64_t count) {
  return int(std::max<int64_t>(1, (count + kViewRowWidth - 1) / kViewRowWidth));
}

// Restores the 2D texture binding; the unpack alignment is 1 for the uploads and GL's default (4)
// again after them (render/gl_state.h: not read back).
class UploadGuard {
 public:
  UploadGuard() {
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture_);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  }
  ~UploadGuard() {
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glBindTexture(GL_TEXTURE_2D, GLuint(texture_));
  }
  UploadGuard(const UploadGuard&) = delete;
  UploadGuard& operator=(const UploadGuard&) = delete;

 private:
  GLint texture_ = 0;
};

// Sizes `texture` for `count` elements (nearest filtering: integer textures need it).
void allocate(GLuint texture, const ElementFormat& f, int64_t count) {
  glBindTexture(GL_TEXTURE_2D, texture);
  glTexImage2D(GL_TEXTURE_2D, 0, GLint(f.internal), kViewRowWidth, rows_for(count), 0, f.format,
               f.type, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

// Writes `count` elements from `data` at element 0: the full rows, then the last partial one.
void upload(GLuint texture, const ElementFormat& f, const void* data, int64_t count) {
  if (count <= 0) return;
  glBindTexture(GL_TEXTURE_2D, texture);
  const int64_t full_rows = count / kViewRowWidth;
  const auto* bytes = static_cast<const unsigned char*>(data);
  if (full_rows > 0)
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, kViewRowWidth, GLsizei(full_rows), f.format, f.type,
                    bytes);
  const int64_t rest = count - full_rows * kViewRowWidth;
  if (rest > 0)
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, GLint(full_rows), GLsizei(rest), 1, f.format, f.type,
                    bytes + full_rows * kViewRowWidth * f.bytes);
}

}  // namespace

int64_t GraphBuffers::max_elements() {
  return int64_t(max_texture_size()) * kViewRowWidth;
}

void GraphBuffers::set_graph(int32_t n, const std::vector<int32_t>& pairs) {
  const int64_t m = checked_edge_count(n, pairs, "WebGL textures");
  if (!positions_view_) {
    positions_view_ = gfx::Texture::create();
    pairs_view_ = gfx::Texture::create();
    states_view_ = gfx::Texture::create();
    classes_view_ = gfx::Texture::create();
    tree_view_ = gfx::Texture::create();
  }
  vertices_ = 0;  // no graph if the textures fail
  edges_ = 0;
  clear_gl_errors();
  UploadGuard guard;
  allocate(positions_view_.id(), kPositions, n);
  allocate(pairs_view_.id(), kPairs, m);
  upload(pairs_view_.id(), kPairs, pairs.data(), m);
  allocate(states_view_.id(), kBytes, n);
  allocate(classes_view_.id(), kBytes, m);
  allocate(tree_view_.id(), kIndices, n);
  const std::vector<uint8_t> zeros(size_t(std::max<int64_t>(n, m)), 0);
  upload(states_view_.id(), kBytes, zeros.data(), n);
  upload(classes_view_.id(), kBytes, zeros.data(), m);
  const std::vector<int32_t> none(size_t(n), -1);
  upload(tree_view_.id(), kIndices, none.data(), n);
  check_gl("glTexImage2D (graph textures)");
  vertices_ = n;
  edges_ = m;
}

void GraphBuffers::set_positions(const float* x, const float* y) {
  if (vertices_ == 0) return;
  const std::vector<float> xy = interleaved(x, y, vertices_);
  UploadGuard guard;  // every frame of a layout: no glGetError (render/gl_state.h)
  upload(positions_view_.id(), kPositions, xy.data(), vertices_);
}

void GraphBuffers::set_states(const uint8_t* states, const uint8_t* classes, const int32_t* tree) {
  UploadGuard guard;  // every step: no glGetError (render/gl_state.h)
  upload(states_view_.id(), kBytes, states, vertices_);
  upload(tree_view_.id(), kIndices, tree, vertices_);
  upload(classes_view_.id(), kBytes, classes, edges_);
}

void GraphBuffers::read_states(std::vector<uint8_t>&, std::vector<uint8_t>&) const {
  throw Error(
      "reading the graph's states back from WebGL is not supported (a test of the CUDA "
      "path, which the browser has not)");
}

}  // namespace ws::interop
