#include "interop/gl_upload.h"

#include <cstdio>
#include <string>

#ifdef __EMSCRIPTEN__
#include <emscripten/html5.h>
#endif

#include "common/error.h"
#include "render/gl_state.h"

namespace ws::interop {

namespace {

const char* gl_error_name(GLenum error) {
  switch (error) {
    case GL_INVALID_ENUM:
      return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE:
      return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION:
      return "GL_INVALID_OPERATION";
    case GL_INVALID_FRAMEBUFFER_OPERATION:
      return "GL_INVALID_FRAMEBUFFER_OPERATION";
    case GL_OUT_OF_MEMORY:
      return "GL_OUT_OF_MEMORY";
#ifdef GL_STACK_UNDERFLOW  // desktop GL only
    case GL_STACK_UNDERFLOW:
      return "GL_STACK_UNDERFLOW";
    case GL_STACK_OVERFLOW:
      return "GL_STACK_OVERFLOW";
#endif
    default:
      return "GL error";
  }
}

GLint get_int(GLenum name) {
  GLint value = 0;
  glGetIntegerv(name, &value);
  return value;
}

// Saves the texture binding and one buffer binding, binds `texture` and no buffer, and restores
// both. The pixel-store parameters are GL's defaults outside such helpers (render/gl_state.h): set
// here, not read back.
class PixelStateGuard {
 public:
  PixelStateGuard(GLuint texture, bool pack)
      : buffer_target_(pack ? GL_PIXEL_PACK_BUFFER : GL_PIXEL_UNPACK_BUFFER),
        texture_(get_int(GL_TEXTURE_BINDING_2D)),
        buffer_(get_int(pack ? GL_PIXEL_PACK_BUFFER_BINDING : GL_PIXEL_UNPACK_BUFFER_BINDING)) {
    glBindTexture(GL_TEXTURE_2D, texture);
    glBindBuffer(buffer_target_, 0);
    gfx::set_default_pixel_store(pack);
  }
  ~PixelStateGuard() {
    glBindBuffer(buffer_target_, static_cast<GLuint>(buffer_));
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture_));
  }
  PixelStateGuard(const PixelStateGuard&) = delete;
  PixelStateGuard& operator=(const PixelStateGuard&) = delete;

 private:
  GLenum buffer_target_;
  GLint texture_, buffer_;
};

}  // namespace

void check_gl(const char* call) {
  const GLenum error = glGetError();
  if (error == GL_NO_ERROR) return;
  clear_gl_errors();
  char code[16];
  std::snprintf(code, sizeof code, "0x%04X", unsigned(error));
  throw Error(std::string(call) + " failed: " + gl_error_name(error) + " (" + code + ")");
}

void clear_gl_errors() {
  // Bounded: a lost context may keep reporting an error.
  for (int i = 0; i < 16 && glGetError() != GL_NO_ERROR; ++i) {
  }
}

int max_texture_size() {
#ifdef __EMSCRIPTEN__
  // Once per WebGL context: a constant of the context, and getParameter is a call into the browser.
  thread_local EMSCRIPTEN_WEBGL_CONTEXT_HANDLE asked_in = 0;
  thread_local int size = 0;
  const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE current = emscripten_webgl_get_current_context();
  if (current != asked_in || size == 0) {
    size = get_int(GL_MAX_TEXTURE_SIZE);
    asked_in = current;
  }
  return size;
#else
  return get_int(GL_MAX_TEXTURE_SIZE);
#endif
}

void allocate_rgba_texture(GLuint texture, int width, int height) {
  clear_gl_errors();
  PixelStateGuard guard(texture, false);  // no unpack buffer bound: nullptr means "no data"
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
  check_gl("glTexImage2D (RGBA8 value image)");
}

void allocate_unpack_buffer(GLuint buffer, size_t bytes) {
  clear_gl_errors();
  const GLint previous = get_int(GL_PIXEL_UNPACK_BUFFER_BINDING);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buffer);
  glBufferData(GL_PIXEL_UNPACK_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_DRAW);
  glBindBuffer(GL_PIXEL_UNPACK_BUFFER, static_cast<GLuint>(previous));
  check_gl("glBufferData (pixel unpack buffer)");
}

void upload_rgba(GLuint texture, int width, int height, GLuint unpack_buffer, const void* pixels) {
  if (gfx::kCheckEachFrame) clear_gl_errors();
  PixelStateGuard guard(texture, false);
  if (unpack_buffer != 0) {
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, unpack_buffer);
    pixels = nullptr;  // offset 0 into the buffer
  }
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
  if (!gfx::kCheckEachFrame) return;
  check_gl(unpack_buffer != 0 ? "glTexSubImage2D (from pixel unpack buffer)"
                              : "glTexSubImage2D (from host memory)");
}

gfx::Image read_rgba(GLuint texture, int width, int height) {
  gfx::Image image(width, height);
  if (image.empty()) return image;
  clear_gl_errors();
  PixelStateGuard guard(texture, true);
#ifdef __EMSCRIPTEN__
  // WebGL 2 has no glGetTexImage: the texture is read through a framebuffer of its own.
  const GLint previous = get_int(GL_READ_FRAMEBUFFER_BINDING);
  GLuint framebuffer = 0;
  glGenFramebuffers(1, &framebuffer);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(previous));
  glDeleteFramebuffers(1, &framebuffer);
  check_gl("glReadPixels (texture read-back)");
#else
  glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  check_gl("glGetTexImage");
#endif
  return image;
}

}  // namespace ws::interop
