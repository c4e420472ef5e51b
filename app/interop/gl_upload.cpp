#include "interop/gl_upload.h"

#include <cstdio>
#include <string>

#include "common/error.h"

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

// Saves the texture binding, one buffer binding and the pixel-store parameters of one direction
// (unpack for uploads, pack for read-back), sets tightly packed defaults, and restores all of it.
class PixelStateGuard {
 public:
  PixelStateGuard(GLuint texture, bool pack)
      : pack_(pack),
        buffer_target_(pack ? GL_PIXEL_PACK_BUFFER : GL_PIXEL_UNPACK_BUFFER),
        texture_(get_int(GL_TEXTURE_BINDING_2D)),
        buffer_(get_int(pack ? GL_PIXEL_PACK_BUFFER_BINDING : GL_PIXEL_UNPACK_BUFFER_BINDING)) {
    for (int i = 0; i < 4; ++i) store_[i] = get_int(names()[i]);
    glBindTexture(GL_TEXTURE_2D, texture);
    glBindBuffer(buffer_target_, 0);
    const GLint defaults[4] = {4, 0, 0, 0};
    for (int i = 0; i < 4; ++i) glPixelStorei(names()[i], defaults[i]);
  }
  ~PixelStateGuard() {
    for (int i = 0; i < 4; ++i) glPixelStorei(names()[i], store_[i]);
    glBindBuffer(buffer_target_, static_cast<GLuint>(buffer_));
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture_));
  }
  PixelStateGuard(const PixelStateGuard&) = delete;
  PixelStateGuard& operator=(const PixelStateGuard&) = delete;

 private:
  const GLenum* names() const {
    static const GLenum kUnpack[4] = {GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH,
                                      GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_ROWS};
    static const GLenum kPack[4] = {GL_PACK_ALIGNMENT, GL_PACK_ROW_LENGTH, GL_PACK_SKIP_PIXELS,
                                    GL_PACK_SKIP_ROWS};
    return pack_ ? kPack : kUnpack;
  }

  bool pack_;
  GLenum buffer_target_;
  GLint texture_, buffer_;
  GLint store_[4] = {};
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
  return get_int(GL_MAX_TEXTURE_SIZE);
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
  clear_gl_errors();
  PixelStateGuard guard(texture, false);
  if (unpack_buffer != 0) {
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, unpack_buffer);
    pixels = nullptr;  // offset 0 into the buffer
  }
  glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
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
