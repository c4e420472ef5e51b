// AppWindow on the desktop: GLFW's OpenGL 4.3 core context, monitors and full screen
// (window_platform.h; the browser's versions are in window_screen_web.cpp).
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdlib>

#include "shell/window.h"
#include "shell/window_platform.h"

namespace ws::gfx {

namespace {

// The monitor under the window's centre, else the primary monitor (null when there is none).
GLFWmonitor* monitor_of(GLFWwindow* window) {
  int x = 0, y = 0, w = 0, h = 0;
  glfwGetWindowPos(window, &x, &y);
  glfwGetWindowSize(window, &w, &h);
  const int cx = x + w / 2, cy = y + h / 2;
  int count = 0;
  GLFWmonitor** monitors = glfwGetMonitors(&count);
  for (int i = 0; i < count; ++i) {
    int mx = 0, my = 0;
    glfwGetMonitorPos(monitors[i], &mx, &my);
    const GLFWvidmode* mode = glfwGetVideoMode(monitors[i]);
    if (mode && cx >= mx && cx < mx + mode->width && cy >= my && cy < my + mode->height)
      return monitors[i];
  }
  return glfwGetPrimaryMonitor();
}

}  // namespace

const char* const kContextName = "an OpenGL 4.3 core";

bool display_available() {
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  return (display && *display) || (wayland && *wayland);
}

void set_context_hints() {
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 4);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
}

std::string glfw_error_text() {
  const char* description = nullptr;
  const int code = glfwGetError(&description);
  if (code == GLFW_NO_ERROR) return "no GLFW error reported";
  return description ? description : "GLFW error " + std::to_string(code);
}

float content_scale(GLFWwindow* window) {
  float scale_x = 1, scale_y = 1;
  glfwGetWindowContentScale(window, &scale_x, &scale_y);
  return scale_x;
}

void follow_page_size(GLFWwindow*) {}
void after_swap() {}
void connect_page_text() {}

bool AppWindow::set_fullscreen(bool on) {
  if (on == fullscreen()) return true;
  if (!on) {
    glfwSetWindowMonitor(window_, nullptr, windowed_x_, windowed_y_, std::max(1, windowed_w_),
                         std::max(1, windowed_h_), 0);
    return true;
  }
  GLFWmonitor* monitor = monitor_of(window_);
  const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
  if (!mode) return false;
  glfwGetWindowPos(window_, &windowed_x_, &windowed_y_);
  glfwGetWindowSize(window_, &windowed_w_, &windowed_h_);
  glfwSetWindowMonitor(window_, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  return true;
}

bool AppWindow::fullscreen() const {
  return glfwGetWindowMonitor(window_) != nullptr;
}

void AppWindow::fill_work_area() {
  if (fullscreen()) return;
  GLFWmonitor* monitor = monitor_of(window_);
  if (!monitor) return;
  int x = 0, y = 0, w = 0, h = 0;
  glfwGetMonitorWorkarea(monitor, &x, &y, &w, &h);
  if (w <= 0 || h <= 0) return;
  glfwSetWindowPos(window_, x, y);
  glfwSetWindowSize(window_, w, h);
}

}  // namespace ws::gfx
