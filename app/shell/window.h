// The interactive shell: a GLFW window with an OpenGL 4.3 core context (in the browser a canvas
// with WebGL 2: window_platform.h), vsync and ImGui (through ImguiRuntime and the GLFW backend).
// The ImGui layout persists in $XDG_CONFIG_HOME/warpscope/imgui.ini (else
// ~/.config/warpscope/imgui.ini).
#pragma once

#include <functional>

#include <memory>
#include <string>
#include <vector>

#include "render/image.h"
#include "render/palette.h"

struct GLFWwindow;

namespace ws::gfx {

class ImguiRuntime;

class AppWindow {
 public:
  // Throws ws::Error naming the problem (no display, no OpenGL 4.3 core, GLEW, fonts).
  AppWindow(const std::string& title, int width, int height);
  ~AppWindow();
  AppWindow(const AppWindow&) = delete;
  AppWindow& operator=(const AppWindow&) = delete;

  // Polls events and starts an ImGui frame; false (and no frame) once the window should close.
  // `override_input` (optional) runs after the platform backend has read the mouse and keyboard
  // and before ImGui::NewFrame: scripted input for tests and recorded demos.
  bool begin_frame(const std::function<void()>& override_input = {});
  // Clears with the theme background, renders ImGui and swaps.
  void end_frame();
  // The last frame as it was rendered (redrawn from ImGui's draw data into the back buffer and
  // read back): top-down RGBA at framebuffer size. Call after end_frame(), before begin_frame().
  Image screenshot();

  void set_font_size(float pixels);
  float font_size() const;
  void set_theme(Theme theme);
  Theme theme() const;

  // Files dropped on the window (GLFW's drop callback), in the order dropped, since the last
  // call; the list is emptied. `drop` is the entry point the callback feeds (scripted input
  // drops files through it too).
  std::vector<std::string> take_dropped_paths();
  void drop(const std::vector<std::string>& paths);
  // Full screen on the monitor the window is on (else the primary one) at its current video mode;
  // leaving restores the window's earlier position and size. False when there is no monitor.
  bool set_fullscreen(bool on);
  bool fullscreen() const;
  // Places and sizes the window over that monitor's work area (the screen less its panels).
  void fill_work_area();

  GLFWwindow* handle() const { return window_; }
  ImguiRuntime& imgui() { return *imgui_; }

 private:
  void render_draw_data();

  GLFWwindow* window_ = nullptr;
  std::unique_ptr<ImguiRuntime> imgui_;
  bool glfw_backend_ = false;
  std::vector<std::string> dropped_;
#ifndef __EMSCRIPTEN__
  // Where the window was before full screen (window_screen.cpp); the browser's page keeps that.
  int windowed_x_ = 0, windowed_y_ = 0, windowed_w_ = 0, windowed_h_ = 0;
#endif
};

// True when a window can open: a display (DISPLAY or WAYLAND_DISPLAY) on the desktop; always in
// the browser (the page's canvas).
bool display_available();

// $XDG_CONFIG_HOME/warpscope/FILE, else ~/.config/warpscope/FILE, creating the folder; "" when
// neither variable is set or the folder cannot be made.
std::string config_path(const std::string& file);
// $XDG_CONFIG_HOME/warpscope/imgui.ini, else ~/.config/warpscope/imgui.ini, creating the folder;
// "" when neither variable is set or the folder cannot be made (the layout is then not saved).
std::string imgui_ini_path();

}  // namespace ws::gfx
