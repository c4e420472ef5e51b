// What the graph view's GL code does differently on desktop OpenGL and on WebGL 2 (the browser):
//   - the per-vertex and per-edge arrays reach the shaders through texture-buffer views of GL
//     buffers on the desktop; WebGL 2 has no texture buffers, so there each array is a 2D texture
//     of kViewRowWidth elements a row (graph_buffers_web.cpp), and the shaders' header maps
//     samplerBuffer and texelFetch(view, i) onto it: the GLSL ES 3.00 version of shaders/graph_*;
//   - GL timer queries (the benchmark's pass times) exist on the desktop only.
#pragma once

#include <GL/glew.h>

namespace ws::interop {

#ifdef __EMSCRIPTEN__
inline constexpr GLenum kViewTarget = GL_TEXTURE_2D;
inline constexpr GLenum kViewBinding = GL_TEXTURE_BINDING_2D;
inline constexpr int kViewRowWidth = 2048;
inline constexpr int kMinContextVersion = 30;  // OpenGL ES 3.0 (WebGL 2), as major * 10 + minor
inline constexpr bool kTimerQueries = false;
inline constexpr GLenum kTimeElapsed = 0;
inline void query_result_ns(GLuint, GLuint64* ns) {
  *ns = 0;
}
#else
inline constexpr GLenum kViewTarget = GL_TEXTURE_BUFFER;
inline constexpr GLenum kViewBinding = GL_TEXTURE_BINDING_BUFFER;
inline constexpr int kMinContextVersion = 33;  // OpenGL 3.3 core
inline constexpr bool kTimerQueries = true;
inline constexpr GLenum kTimeElapsed = GL_TIME_ELAPSED;
inline void query_result_ns(GLuint query, GLuint64* ns) {
  glGetQueryObjectui64v(query, GL_QUERY_RESULT, ns);  // waits for the pass
}
#endif

// The line the shaders' sources are compiled after: "#version 430 core" (or 330 core) for the
// context's version; in the browser GLSL ES 3.00 with the texture-buffer mapping above.
inline const char* graph_glsl_header(GLint major, GLint minor) {
#ifdef __EMSCRIPTEN__
  (void)major;
  (void)minor;
  return "#version 300 es\n"
         "precision highp float;\n"
         "precision highp int;\n"
         "precision highp sampler2D;\n"
         "precision highp isampler2D;\n"
         "precision highp usampler2D;\n"
         "#define samplerBuffer sampler2D\n"
         "#define isamplerBuffer isampler2D\n"
         "#define usamplerBuffer usampler2D\n"
         "#define texelFetch(view, i) texelFetch(view, ivec2((i) % 2048, (i) / 2048), 0)";
#else
  return major * 10 + minor >= 43 ? "#version 430 core" : "#version 330 core";
#endif
}

}  // namespace ws::interop
