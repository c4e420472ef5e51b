// Force-included into Dear ImGui's OpenGL 3 backend (imgui_impl_opengl3.cpp) in the browser build
// only (cmake/web.cmake); the desktop compiles the backend as Debian ships it.
//
// Why: ImGui_ImplOpenGL3_RenderDrawData reads back 18 pieces of GL state (13 glGetIntegerv, 5
// glIsEnabled) before it draws and restores them after. In WebGL most of them (viewport, scissor
// box, blend state) are a synchronous round trip to the GPU process that first finishes the
// drawing queued before it: in Chromium on SwiftShader the first of them in a frame took most of
// the frame (docs/web.md, "Where a frame's time goes").
//
// What instead: inside this backend, those reads answer WebGL's default state, so that the
// "restore" leaves the context in it: blend off with the function ONE, ZERO (colour and alpha)
// and the equation FUNC_ADD; cull face, depth, stencil and scissor tests off; no program, no 2D
// texture on unit 0, no vertex array, no array buffer, texture unit 0 active; the viewport and the
// scissor box 0, 0, 0, 0. The app owns the whole WebGL context and relies on no other state after
// ImGui draws: the window's clear (AppWindow::render_draw_data) sets its framebuffer, viewport and
// clear colour and needs the scissor test off; an offscreen target's clear and bind set their
// framebuffer, viewport and scissor test; the graph view and the texture uploads set (and restore)
// everything they use. Every other read (GL_MAJOR_VERSION at Init, ...) still asks WebGL.
#pragma once

#include <GLES3/gl3.h>

namespace ws_imgui_web {

inline void get_integerv(GLenum name, GLint* value) {
  switch (name) {
    case GL_ACTIVE_TEXTURE:
      *value = GL_TEXTURE0;
      return;
    case GL_CURRENT_PROGRAM:
    case GL_TEXTURE_BINDING_2D:
    case GL_ARRAY_BUFFER_BINDING:
    case GL_VERTEX_ARRAY_BINDING:
      *value = 0;
      return;
    case GL_BLEND_SRC_RGB:
    case GL_BLEND_SRC_ALPHA:
      *value = GL_ONE;
      return;
    case GL_BLEND_DST_RGB:
    case GL_BLEND_DST_ALPHA:
      *value = GL_ZERO;
      return;
    case GL_BLEND_EQUATION_RGB:
    case GL_BLEND_EQUATION_ALPHA:
      *value = GL_FUNC_ADD;
      return;
    case GL_VIEWPORT:
    case GL_SCISSOR_BOX:
      value[0] = value[1] = value[2] = value[3] = 0;
      return;
    default:
      glGetIntegerv(name, value);
  }
}

inline GLboolean is_enabled(GLenum capability) {
  switch (capability) {
    case GL_BLEND:
    case GL_CULL_FACE:
    case GL_DEPTH_TEST:
    case GL_STENCIL_TEST:
    case GL_SCISSOR_TEST:
      return GL_FALSE;
    default:
      return glIsEnabled(capability);
  }
}

}  // namespace ws_imgui_web

// The backend includes <GLES3/gl3.h> again after this (include guard: no redeclaration), and its
// calls below become ours.
#define glGetIntegerv ws_imgui_web::get_integerv
#define glIsEnabled ws_imgui_web::is_enabled
