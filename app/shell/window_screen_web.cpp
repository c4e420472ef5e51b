// AppWindow in the browser (window_platform.h): Emscripten's GLFW over the page's canvas with a
// WebGL 2 context, the page's full screen for lecture mode (warpscopePage in
// web/shell/warpscope_page.js; entering lecture mode asks for it), the canvas following the
// page's size, and one frame per requestAnimationFrame: the app's loop stays the desktop's
// `while`, and Asyncify hands the browser its turn after each frame.
#include <GLFW/glfw3.h>
#include <emscripten.h>

#include "shell/window.h"
#include "shell/page.h"
#include "shell/window_platform.h"
#include "tasks/background_task.h"

namespace ws::gfx {

namespace {

// Resolves at the browser's next animation frame (the page then composites what was drawn).
EM_JS(void, wait_for_animation_frame, (), {
  Asyncify.handleSleep(function(wakeUp) { requestAnimationFrame(function() { wakeUp(); }); });
});

EM_JS(void, page_frame_drawn, (int n), {
  if (globalThis.warpscopePage) globalThis.warpscopePage.frameDrawn(n);
});

EM_JS(int, page_width, (), { return window.innerWidth | 0; });
EM_JS(int, page_height, (), { return window.innerHeight | 0; });
EM_JS(void, page_set_fullscreen, (int on), {
  if (globalThis.warpscopePage) globalThis.warpscopePage.setFullscreen(!!on);
});
EM_JS(int, page_is_fullscreen, (),
      { return globalThis.warpscopePage && globalThis.warpscopePage.isFullscreen() ? 1 : 0; });

}  // namespace

const char* const kContextName = "a WebGL 2";

bool display_available() {
  return true;
}

void set_context_hints() {
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
}

std::string glfw_error_text() {
  return "the browser gave no WebGL 2 context (is WebGL turned off, or the GPU blocklisted?)";
}

float content_scale(GLFWwindow*) {
  return 1.0f;
}

void follow_page_size(GLFWwindow* window) {
  const int w = page_width(), h = page_height();
  int current_w = 0, current_h = 0;
  glfwGetWindowSize(window, &current_w, &current_h);
  if (w > 0 && h > 0 && (w != current_w || h != current_h)) glfwSetWindowSize(window, w, h);
}

// Background work gets up to 8 ms after each frame (fibers in the build without threads), then the
// browser composites the frame and calls back at the next one.
void after_swap() {
  static int frames = 0;
  page_frame_drawn(++frames);                       // the page's loading screen goes at the first
  if (frames % 600 == 0) page::persist_settings();  // ImGui's layout file, every ~10 s
  tasks::run_slices(8.0);
  wait_for_animation_frame();
}

bool AppWindow::set_fullscreen(bool on) {
  page_set_fullscreen(on ? 1 : 0);
  return true;
}

bool AppWindow::fullscreen() const {
  return page_is_fullscreen() != 0;
}

// The desktop's window grows to the monitor's work area (lecture mode); the page takes the screen.
void AppWindow::fill_work_area() {
  page_set_fullscreen(1);
}

}  // namespace ws::gfx
