// The GL side of ValueImage, shared by the CPU path and both CUDA paths: errors named by the call
// that raised them, RGBA8 texture storage, whole-texture uploads (from host memory or from a pixel
// unpack buffer) and read-back. Every helper restores the bindings it touches and leaves the
// pixel-store parameters at GL's defaults (render/gl_state.h), so the caller's GL state is kept.
#pragma once

#include <GL/glew.h>

#include <cstddef>

#include "render/image.h"

namespace ws::interop {

// Throws ws::Error "<call> failed: GL_INVALID_VALUE (0x0501)" when glGetError reports an error.
void check_gl(const char* call);
// Drops errors left by earlier, unrelated GL calls, so they are not reported as ours.
void clear_gl_errors();

int max_texture_size();  // GL_MAX_TEXTURE_SIZE (in the browser asked once per context)

// (Re)allocates `texture` as RGBA8 width x height, nearest filtering, clamped edges, one level.
void allocate_rgba_texture(GLuint texture, int width, int height);
// (Re)allocates `buffer` as a GL_STREAM_DRAW pixel-unpack buffer of `bytes` bytes.
void allocate_unpack_buffer(GLuint buffer, size_t bytes);

// glTexSubImage2D of the whole texture: from `unpack_buffer` at offset 0 when it is not 0, else
// from host memory `pixels` (tightly packed rows, row 0 first). Checks glGetError where
// gfx::kCheckEachFrame (not in the browser).
void upload_rgba(GLuint texture, int width, int height, GLuint unpack_buffer, const void* pixels);

// glGetTexImage of level 0: texture row 0 (value row 0) becomes image row 0, the top.
gfx::Image read_rgba(GLuint texture, int width, int height);

}  // namespace ws::interop
