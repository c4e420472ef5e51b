// An OpenGL 4.3+ core context without a window system, for figure batches, servers and tests.
// Tries the EGL device platform first (a real GPU, e.g. NVIDIA, with no X server), then Mesa's
// surfaceless platform, then the default EGL display; the context is made current on this thread.
#pragma once

#include <memory>
#include <string>

namespace ws::gfx {

class HeadlessGl {
 public:
  // Throws ws::Error listing what each platform attempt failed on (with EGL error codes in hex).
  static std::unique_ptr<HeadlessGl> create();
  ~HeadlessGl();
  HeadlessGl(const HeadlessGl&) = delete;
  HeadlessGl& operator=(const HeadlessGl&) = delete;

  std::string renderer() const;  // GL_RENDERER
  std::string version() const;   // GL_VERSION
  // "EGL device", "Mesa surfaceless" or "EGL default".
  const std::string& platform() const { return platform_; }
  // Makes the context current on the calling thread again.
  void make_current() const;

 private:
  HeadlessGl() = default;

#ifndef __EMSCRIPTEN__  // the browser has no headless context (headless_context_web.cpp)
  // EGL handles as void* (EGLDisplay, EGLContext, EGLSurface) to keep EGL out of this header.
  void* display_ = nullptr;
  void* context_ = nullptr;
  void* surface_ = nullptr;  // a 16x16 pbuffer when EGL_KHR_surfaceless_context is missing
#endif
  std::string platform_;
};

}  // namespace ws::gfx
