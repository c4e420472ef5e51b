// The GL state the app keeps between its draws, written down so that code on a frame's path sets
// what it needs instead of reading the state back: in WebGL each glGet*, glIsEnabled and
// glGetError may be a synchronous round trip to the GPU process, which first finishes the drawing
// queued before it (docs/web.md, "Where a frame's time goes").
//  - Pixel store: GL's defaults (alignment 4, row length and skipped pixels and rows 0, for pack
//    and unpack). Code that changes them sets the defaults back (set_default_pixel_store).
//  - Outside ImGui's render (which sets its own): the scissor test off, every colour channel
//    written (nothing in the app masks channels).
//  - The viewport: whoever draws sets it (the window, an offscreen target's bind, ImGui, the
//    graph view); nothing relies on it afterwards, so nothing reads it back to restore it.
#pragma once

#include <GL/glew.h>

namespace ws::gfx {

// GL's default pixel-store parameters for uploads (unpack) or read-back (pack).
inline void set_default_pixel_store(bool pack) {
  glPixelStorei(pack ? GL_PACK_ALIGNMENT : GL_UNPACK_ALIGNMENT, 4);
  glPixelStorei(pack ? GL_PACK_ROW_LENGTH : GL_UNPACK_ROW_LENGTH, 0);
  glPixelStorei(pack ? GL_PACK_SKIP_PIXELS : GL_UNPACK_SKIP_PIXELS, 0);
  glPixelStorei(pack ? GL_PACK_SKIP_ROWS : GL_UNPACK_SKIP_ROWS, 0);
}

// Whether GL work done on every frame (uploads, the graph view's draw) asks glGetError. In the
// browser it does not (one getError waited for the whole previous frame's drawing): WebGL reports
// its errors in the browser's console, and allocations (new sizes, new graphs) still check.
#ifdef __EMSCRIPTEN__
inline constexpr bool kCheckEachFrame = false;
#else
inline constexpr bool kCheckEachFrame = true;
#endif

}  // namespace ws::gfx
