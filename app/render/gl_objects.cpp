#include "render/gl_objects.h"

#include "common/error.h"

namespace ws::gfx {

namespace {

GLuint checked(GLuint id, const char* what) {
  WS_REQUIRE(id != 0, std::string(what) + " returned no name (is a GL context current?)");
  return id;
}

}  // namespace

GLuint TextureKind::create() {
  GLuint id = 0;
  glGenTextures(1, &id);
  return checked(id, "glGenTextures");
}
void TextureKind::destroy(GLuint id) {
  glDeleteTextures(1, &id);
}

GLuint FramebufferKind::create() {
  GLuint id = 0;
  glGenFramebuffers(1, &id);
  return checked(id, "glGenFramebuffers");
}
void FramebufferKind::destroy(GLuint id) {
  glDeleteFramebuffers(1, &id);
}

GLuint RenderbufferKind::create() {
  GLuint id = 0;
  glGenRenderbuffers(1, &id);
  return checked(id, "glGenRenderbuffers");
}
void RenderbufferKind::destroy(GLuint id) {
  glDeleteRenderbuffers(1, &id);
}

GLuint BufferKind::create() {
  GLuint id = 0;
  glGenBuffers(1, &id);
  return checked(id, "glGenBuffers");
}
void BufferKind::destroy(GLuint id) {
  glDeleteBuffers(1, &id);
}

}  // namespace ws::gfx
