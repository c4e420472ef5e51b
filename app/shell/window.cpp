#include "shell/window.h"

#include <GL/glew.h>
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "common/error.h"
#include "shell/imgui_runtime.h"
#include "shell/window_platform.h"

namespace ws::gfx {

namespace {

void on_drop(GLFWwindow* window, int count, const char** paths) {
  auto* self = static_cast<AppWindow*>(glfwGetWindowUserPointer(window));
  if (!self || count <= 0 || !paths) return;
  std::vector<std::string> list;
  for (int i = 0; i < count; ++i)
    if (paths[i]) list.emplace_back(paths[i]);
  self->drop(list);
}

}  // namespace

std::string config_path(const std::string& file) {
  namespace fs = std::filesystem;
  fs::path folder;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg) {
    folder = fs::path(xdg) / "warpscope";
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    folder = fs::path(home) / ".config" / "warpscope";
  } else {
    return "";
  }
  std::error_code error;
  fs::create_directories(folder, error);
  if (error) return "";
  return (folder / file).string();
}

std::string imgui_ini_path() {
  return config_path("imgui.ini");
}

AppWindow::AppWindow(const std::string& title, int width, int height) {
  WS_REQUIRE(width > 0 && height > 0, "window size must be positive");
  if (!glfwInit()) {
    throw Error("cannot start GLFW: " + glfw_error_text() +
                " (no display? set DISPLAY or use xvfb-run)");
  }
  set_context_hints();
  window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
  if (!window_) {
    const std::string reason = glfw_error_text();
    glfwTerminate();
    throw Error("cannot open " + std::string(kContextName) + " window: " + reason);
  }
  try {
    glfwMakeContextCurrent(window_);
    glfwSwapInterval(1);
    glewExperimental = GL_TRUE;
    const GLenum glew = glewInit();
    // 4 = GLEW_ERROR_NO_GLX_DISPLAY: GLFW on an EGL platform (Wayland); entry points are loaded.
    WS_REQUIRE(
        glew == GLEW_OK || glew == 4,
        std::string("glewInit failed: ") + reinterpret_cast<const char*>(glewGetErrorString(glew)));
    while (glGetError() != GL_NO_ERROR) {
    }
    ImguiRuntimeOptions options;
    options.font_size = 18.0f * std::max(1.0f, content_scale(window_));
    options.ini_path = imgui_ini_path();
    imgui_ = std::make_unique<ImguiRuntime>(options);
    WS_REQUIRE(ImGui_ImplGlfw_InitForOpenGL(window_, true), "ImGui GLFW backend failed to start");
    glfw_backend_ = true;
    connect_page_text();
    // Files dropped from a file manager (the ImGui backend installs no drop callback of its own).
    glfwSetWindowUserPointer(window_, this);
    glfwSetDropCallback(window_, on_drop);
  } catch (...) {
    imgui_.reset();
    glfwDestroyWindow(window_);
    glfwTerminate();
    throw;
  }
}

AppWindow::~AppWindow() {
  if (glfw_backend_) ImGui_ImplGlfw_Shutdown();
  imgui_.reset();
  glfwDestroyWindow(window_);
  glfwTerminate();
}

bool AppWindow::begin_frame(const std::function<void()>& override_input) {
  follow_page_size(window_);
  glfwPollEvents();
  if (glfwWindowShouldClose(window_)) return false;
  imgui_->prepare_frame();
  ImGui_ImplGlfw_NewFrame();
  if (override_input) {
    // A scripted run owns the input: another window taking the focus (GUI tests sharing one X
    // server) must not clear the scripted keys, as ImGui does for a window that lost it.
    ImGui::GetIO().AppFocusLost = false;
    override_input();
  }
  ImGui::NewFrame();
  return true;
}

void AppWindow::render_draw_data() {
  int width = 0, height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, width, height);
  const Color bg = palette(imgui_->theme()).background;
  glClearColor(bg.r / 255.f, bg.g / 255.f, bg.b / 255.f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void AppWindow::end_frame() {
  ImGui::Render();
  render_draw_data();
  glfwSwapBuffers(window_);
  after_swap();
}

Image AppWindow::screenshot() {
  ImDrawData* data = ImGui::GetDrawData();
  WS_REQUIRE(data && data->Valid, "AppWindow::screenshot needs a rendered frame (after end_frame)");
  render_draw_data();
  int width = 0, height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  Image image(width, height);
  GLint pack_alignment = 4;
  glGetIntegerv(GL_PACK_ALIGNMENT, &pack_alignment);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  glPixelStorei(GL_PACK_ALIGNMENT, pack_alignment);
  const size_t row = size_t(width) * 4;
  for (int y = 0; y < height / 2; ++y) {
    std::swap_ranges(image.rgba.begin() + y * row, image.rgba.begin() + (y + 1) * row,
                     image.rgba.begin() + (height - 1 - y) * row);
  }
  // The default framebuffer may have no alpha channel worth keeping: a screenshot is opaque.
  for (size_t i = 3; i < image.rgba.size(); i += 4) image.rgba[i] = 255;
  return image;
}

std::vector<std::string> AppWindow::take_dropped_paths() {
  std::vector<std::string> out;
  out.swap(dropped_);
  return out;
}

void AppWindow::drop(const std::vector<std::string>& paths) {
  dropped_.insert(dropped_.end(), paths.begin(), paths.end());
}

void AppWindow::set_font_size(float pixels) {
  imgui_->set_font_size(pixels);
}
float AppWindow::font_size() const {
  return imgui_->font_size();
}
void AppWindow::set_theme(Theme theme) {
  imgui_->apply_theme(theme);
}
Theme AppWindow::theme() const {
  return imgui_->theme();
}

}  // namespace ws::gfx
