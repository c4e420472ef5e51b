#include "shell/headless_context.h"

#include <GL/glew.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "common/error.h"

namespace ws::gfx {

namespace {

std::string egl_error() {
  char text[32];
  std::snprintf(text, sizeof text, "EGL error 0x%04X", unsigned(eglGetError()));
  return text;
}

bool has_extension(const char* list, const char* name) {
  if (!list) return false;
  const size_t length = std::strlen(name);
  for (const char* p = list; (p = std::strstr(p, name)) != nullptr; p += length) {
    const bool starts = p == list || p[-1] == ' ';
    const bool ends = p[length] == ' ' || p[length] == '\0';
    if (starts && ends) return true;
  }
  return false;
}

struct Attempt {
  EGLDisplay display = EGL_NO_DISPLAY;
  EGLContext context = EGL_NO_CONTEXT;
  EGLSurface surface = EGL_NO_SURFACE;
};

// Initialises `display` and makes a 4.6..4.3 core context current on it; on failure cleans up,
// appends the reason to `failures` and returns false.
bool try_display(EGLDisplay display, const std::string& label, Attempt& out,
                 std::vector<std::string>& failures) {
  const auto fail = [&](const std::string& what) {
    failures.push_back(label + ": " + what);
    if (display != EGL_NO_DISPLAY) {
      eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      if (out.surface != EGL_NO_SURFACE) eglDestroySurface(display, out.surface);
      if (out.context != EGL_NO_CONTEXT) eglDestroyContext(display, out.context);
      eglTerminate(display);
    }
    out = Attempt{};
    return false;
  };
  if (display == EGL_NO_DISPLAY) return fail("no display (" + egl_error() + ")");
  EGLint major = 0, minor = 0;
  if (!eglInitialize(display, &major, &minor)) {
    failures.push_back(label + ": eglInitialize failed (" + egl_error() + ")");
    return false;
  }
  if (!eglBindAPI(EGL_OPENGL_API))
    return fail("eglBindAPI(EGL_OPENGL_API) failed (" + egl_error() + ")");

  const char* extensions = eglQueryString(display, EGL_EXTENSIONS);
  const bool surfaceless = has_extension(extensions, "EGL_KHR_surfaceless_context");
  const EGLint config_attribs[] = {EGL_SURFACE_TYPE,
                                   surfaceless ? 0 : EGL_PBUFFER_BIT,
                                   EGL_RENDERABLE_TYPE,
                                   EGL_OPENGL_BIT,
                                   EGL_RED_SIZE,
                                   8,
                                   EGL_GREEN_SIZE,
                                   8,
                                   EGL_BLUE_SIZE,
                                   8,
                                   EGL_ALPHA_SIZE,
                                   8,
                                   EGL_NONE};
  EGLConfig config = nullptr;
  EGLint config_count = 0;
  if (!eglChooseConfig(display, config_attribs, &config, 1, &config_count) || config_count < 1) {
    return fail("no RGBA8 OpenGL config (" + egl_error() + ")");
  }

  for (int version = 46; version >= 43 && out.context == EGL_NO_CONTEXT; --version) {
    const EGLint context_attribs[] = {EGL_CONTEXT_MAJOR_VERSION,
                                      version / 10,
                                      EGL_CONTEXT_MINOR_VERSION,
                                      version % 10,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                      EGL_NONE};
    out.context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attribs);
  }
  if (out.context == EGL_NO_CONTEXT) {
    return fail("no OpenGL 4.3+ core context (" + egl_error() + ")");
  }
  if (!surfaceless) {
    const EGLint pbuffer_attribs[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
    out.surface = eglCreatePbufferSurface(display, config, pbuffer_attribs);
    if (out.surface == EGL_NO_SURFACE)
      return fail("eglCreatePbufferSurface failed (" + egl_error() + ")");
  }
  if (!eglMakeCurrent(display, out.surface, out.surface, out.context)) {
    return fail("eglMakeCurrent failed (" + egl_error() + ")");
  }
  out.display = display;
  return true;
}

}  // namespace

std::unique_ptr<HeadlessGl> HeadlessGl::create() {
  std::vector<std::string> failures;
  Attempt attempt;
  std::string platform;

  const char* client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
  auto get_platform_display = reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(
      eglGetProcAddress("eglGetPlatformDisplayEXT"));
  if (!has_extension(client, "EGL_EXT_platform_base")) get_platform_display = nullptr;

  // 1. EGL device platform: a GPU without a window system.
  auto query_devices =
      reinterpret_cast<PFNEGLQUERYDEVICESEXTPROC>(eglGetProcAddress("eglQueryDevicesEXT"));
  const bool can_enumerate = has_extension(client, "EGL_EXT_device_enumeration") ||
                             has_extension(client, "EGL_EXT_device_base");
  if (get_platform_display && query_devices && can_enumerate &&
      has_extension(client, "EGL_EXT_platform_device")) {
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (query_devices(16, devices, &count)) {
      for (EGLint i = 0; i < count && attempt.display == EGL_NO_DISPLAY; ++i) {
        EGLDisplay display = get_platform_display(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        if (try_display(display, "EGL device " + std::to_string(i), attempt, failures)) {
          platform = "EGL device";
        }
      }
      if (count == 0) failures.push_back("EGL device: no devices");
    } else {
      failures.push_back("EGL device: eglQueryDevicesEXT failed (" + egl_error() + ")");
    }
  } else {
    failures.push_back("EGL device: platform not supported by this EGL");
  }

  // 2. Mesa surfaceless (llvmpipe or a render node, no display needed).
  if (attempt.display == EGL_NO_DISPLAY) {
    if (get_platform_display && has_extension(client, "EGL_MESA_platform_surfaceless")) {
      EGLDisplay display =
          get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
      if (try_display(display, "Mesa surfaceless", attempt, failures)) {
        platform = "Mesa surfaceless";
      }
    } else {
      failures.push_back("Mesa surfaceless: platform not supported by this EGL");
    }
  }

  // 3. Whatever the default display is.
  if (attempt.display == EGL_NO_DISPLAY) {
    if (try_display(eglGetDisplay(EGL_DEFAULT_DISPLAY), "EGL default", attempt, failures)) {
      platform = "EGL default";
    }
  }

  if (attempt.display == EGL_NO_DISPLAY) {
    std::string message = "no headless OpenGL 4.3 core context:";
    for (const std::string& failure : failures) message += " [" + failure + "]";
    throw Error(message);
  }

  std::unique_ptr<HeadlessGl> gl(new HeadlessGl());
  gl->display_ = attempt.display;
  gl->context_ = attempt.context;
  gl->surface_ = attempt.surface;
  gl->platform_ = platform;

  // Debian's GLEW is built for GLX: under EGL it loads the GL entry points, then reports
  // GLEW_ERROR_NO_GLX_DISPLAY (4) for the GLX part; that is success for us.
  glewExperimental = GL_TRUE;
  const GLenum glew = glewInit();
  WS_REQUIRE(glew == GLEW_OK || glew == 4,
             std::string("glewInit failed under EGL (") + platform +
                 "): " + reinterpret_cast<const char*>(glewGetErrorString(glew)));
  WS_REQUIRE(glGetString(GL_VERSION) != nullptr,
             "GL entry points not loaded after glewInit (" + platform + ")");
  while (glGetError() != GL_NO_ERROR) {
  }
  return gl;
}

HeadlessGl::~HeadlessGl() {
  EGLDisplay display = static_cast<EGLDisplay>(display_);
  if (display == EGL_NO_DISPLAY) return;
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  if (surface_) eglDestroySurface(display, static_cast<EGLSurface>(surface_));
  if (context_) eglDestroyContext(display, static_cast<EGLContext>(context_));
  eglTerminate(display);
  eglReleaseThread();
}

std::string HeadlessGl::renderer() const {
  const GLubyte* text = glGetString(GL_RENDERER);
  return text ? reinterpret_cast<const char*>(text) : "";
}

std::string HeadlessGl::version() const {
  const GLubyte* text = glGetString(GL_VERSION);
  return text ? reinterpret_cast<const char*>(text) : "";
}

void HeadlessGl::make_current() const {
  EGLDisplay display = static_cast<EGLDisplay>(display_);
  const bool ok =
      eglMakeCurrent(display, static_cast<EGLSurface>(surface_), static_cast<EGLSurface>(surface_),
                     static_cast<EGLContext>(context_));
  WS_REQUIRE(ok, "eglMakeCurrent failed (" + egl_error() + ")");
}

}  // namespace ws::gfx
