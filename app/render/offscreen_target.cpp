#include "render/offscreen_target.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include "common/error.h"

namespace ws::gfx {

namespace {

std::string hex(GLenum value) {
  char text[16];
  std::snprintf(text, sizeof text, "0x%04X", unsigned(value));
  return text;
}

// Binds `fbo` for drawing and reading for the lifetime of the scope.
class ScopedFramebuffer {
 public:
  explicit ScopedFramebuffer(GLuint fbo) {
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  }
  ~ScopedFramebuffer() {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(draw_));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(read_));
  }
  ScopedFramebuffer(const ScopedFramebuffer&) = delete;
  ScopedFramebuffer& operator=(const ScopedFramebuffer&) = delete;

 private:
  GLint draw_ = 0, read_ = 0;
};

}  // namespace

OffscreenTarget::OffscreenTarget(int width, int height) {
  resize(width, height);
}

void OffscreenTarget::resize(int width, int height) {
  WS_REQUIRE(width > 0 && height > 0, "offscreen target size must be positive, got " +
                                          std::to_string(width) + "x" + std::to_string(height));
  // Same size: nothing to ask GL (a figure resizes its target every frame).
  if (width == width_ && height == height_ && texture_) return;
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  WS_REQUIRE(width <= max_size && height <= max_size,
             "offscreen target " + std::to_string(width) + "x" + std::to_string(height) +
                 " exceeds GL_MAX_TEXTURE_SIZE " + std::to_string(max_size));
  WS_REQUIRE(!bound_, "cannot resize an offscreen target while it is bound");
  if (!framebuffer_) framebuffer_ = Framebuffer::create();
  if (!texture_) texture_ = Texture::create();

  GLint previous_texture = 0;
  glGetIntegerv(GL_TEXTURE_BINDING_2D, &previous_texture);
  glBindTexture(GL_TEXTURE_2D, texture_.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, GLuint(previous_texture));

  ScopedFramebuffer scope(framebuffer_.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_.id(), 0);
  const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  WS_REQUIRE(status == GL_FRAMEBUFFER_COMPLETE,
             "offscreen framebuffer incomplete (status " + hex(status) + ")");
  width_ = width;
  height_ = height;
}

void OffscreenTarget::bind() {
  WS_REQUIRE(framebuffer_, "offscreen target bound before resize()");
  WS_REQUIRE(!bound_, "offscreen target is already bound");
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &saved_draw_fbo_);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &saved_read_fbo_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_.id());
  glViewport(0, 0, width_, height_);  // not restored: whoever draws sets it (render/gl_state.h)
  bound_ = true;
}

void OffscreenTarget::unbind() {
  if (!bound_) return;
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, GLuint(saved_draw_fbo_));
  glBindFramebuffer(GL_READ_FRAMEBUFFER, GLuint(saved_read_fbo_));
  bound_ = false;
}

void OffscreenTarget::clear(Color c) {
  clear_rgba(c.r / 255.f, c.g / 255.f, c.b / 255.f, c.a / 255.f);
}

void OffscreenTarget::clear_transparent() {
  clear_rgba(0, 0, 0, 0);
}

void OffscreenTarget::clear_rgba(float r, float g, float b, float a) {
  WS_REQUIRE(framebuffer_, "offscreen target cleared before resize()");
  // glClearBuffer leaves the clear colour alone, and nothing in the app masks colour channels or
  // leaves the scissor test on outside ImGui's render (which sets its own): no state is read back
  // (each read is a synchronous round trip in WebGL, docs/web.md).
  const GLfloat colour[4] = {r, g, b, a};
  if (bound_) {
    glDisable(GL_SCISSOR_TEST);
    glClearBufferfv(GL_COLOR, 0, colour);
    return;
  }
  ScopedFramebuffer scope(framebuffer_.id());
  glDisable(GL_SCISSOR_TEST);
  glClearBufferfv(GL_COLOR, 0, colour);
}

Image OffscreenTarget::read_pixels() const {
  WS_REQUIRE(framebuffer_, "offscreen target read before resize()");
  Image image(width_, height_);
  ScopedFramebuffer scope(framebuffer_.id());
  GLint pack_alignment = 4, pack_buffer = 0;
  glGetIntegerv(GL_PACK_ALIGNMENT, &pack_alignment);
  glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &pack_buffer);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_COLOR_ATTACHMENT0);
  glReadPixels(0, 0, width_, height_, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  glPixelStorei(GL_PACK_ALIGNMENT, pack_alignment);
  glBindBuffer(GL_PIXEL_PACK_BUFFER, GLuint(pack_buffer));
  // GL rows are bottom-up; Image rows are top-down.
  const size_t row = size_t(width_) * 4;
  for (int y = 0; y < height_ / 2; ++y) {
    std::swap_ranges(image.rgba.begin() + y * row, image.rgba.begin() + (y + 1) * row,
                     image.rgba.begin() + (height_ - 1 - y) * row);
  }
  return image;
}

}  // namespace ws::gfx
