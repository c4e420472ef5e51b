// The browser build's GL/glew.h: WebGL 2 through Emscripten's OpenGL ES 3.0 headers, which need no
// loader. The app's sources include GL/glew.h as on the desktop; glewInit() here succeeds at once.
#pragma once

#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>

#define GLEW_OK 0
#define glewExperimental ws_glew_experimental_unused
inline unsigned char ws_glew_experimental_unused = 0;
inline unsigned glewInit() {
  return GLEW_OK;
}
inline const unsigned char* glewGetErrorString(unsigned) {
  return reinterpret_cast<const unsigned char*>("no error (WebGL 2)");
}
