// A framebuffer with an RGBA8 colour texture. Scenes render into one, the GUI shows its texture in
// the viewport window, and screenshots, figure export and golden tests read it back: the same
// pixels on screen and in files, at any size.
#pragma once

#include <GL/glew.h>

#include "render/canvas.h"
#include "render/gl_objects.h"
#include "render/image.h"

namespace ws::gfx {

class OffscreenTarget {
 public:
  OffscreenTarget() = default;  // owns nothing until the first resize()
  // Needs a current GL context; throws ws::Error if the framebuffer is incomplete.
  OffscreenTarget(int width, int height);

  // (Re)allocates the colour texture when the size changes; contents are undefined afterwards.
  void resize(int width, int height);
  int width() const { return width_; }
  int height() const { return height_; }

  // Draws go here until unbind(), which restores the framebuffer bindings that were current at
  // bind(). bind() sets the viewport to the target; nothing restores it: whoever draws next sets
  // its own (render/gl_state.h). Not reentrant.
  void bind();
  void unbind();
  bool bound() const { return bound_; }

  // Clears the whole target, bound or not (turns the scissor test off; leaves the clear colour).
  void clear(Color color);
  void clear_transparent();

  // Top-down RGBA8 copy of the target. Over a transparent clear the colours are premultiplied.
  Image read_pixels() const;

  // For ImGui::Image((ImTextureID)(intptr_t)target.texture(), ...). Origin bottom-left as in GL,
  // so pass uv0 = (0, 1), uv1 = (1, 0) to show it upright.
  GLuint texture() const { return texture_.id(); }

 private:
  void clear_rgba(float r, float g, float b, float a);

  Framebuffer framebuffer_;
  Texture texture_;
  int width_ = 0, height_ = 0;
  bool bound_ = false;
  GLint saved_draw_fbo_ = 0, saved_read_fbo_ = 0;
};

}  // namespace ws::gfx
