// Move-only owners of OpenGL object names, so a texture or framebuffer is deleted exactly once even
// when an exception unwinds the code that made it. Creation is explicit (T::create()): a
// default-constructed handle owns nothing and needs no GL context.
#pragma once

#include <GL/glew.h>

#include <utility>

namespace ws::gfx {

// Per-kind create/delete, defined in gl_objects.cpp (GLEW's entry points are runtime pointers).
struct TextureKind {
  static GLuint create();
  static void destroy(GLuint id);
};
struct FramebufferKind {
  static GLuint create();
  static void destroy(GLuint id);
};
struct RenderbufferKind {
  static GLuint create();
  static void destroy(GLuint id);
};
struct BufferKind {
  static GLuint create();
  static void destroy(GLuint id);
};

template <class Kind>
class GlHandle {
 public:
  GlHandle() = default;
  // Generates a name; throws ws::Error when GL returns none (no current context).
  static GlHandle create() {
    GlHandle handle;
    handle.id_ = Kind::create();
    return handle;
  }
  ~GlHandle() { reset(); }

  GlHandle(GlHandle&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
  GlHandle& operator=(GlHandle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, 0);
    }
    return *this;
  }
  GlHandle(const GlHandle&) = delete;
  GlHandle& operator=(const GlHandle&) = delete;

  GLuint id() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() {
    if (id_ != 0) Kind::destroy(id_);
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

using Texture = GlHandle<TextureKind>;
using Framebuffer = GlHandle<FramebufferKind>;
using Renderbuffer = GlHandle<RenderbufferKind>;
using Buffer = GlHandle<BufferKind>;

}  // namespace ws::gfx
