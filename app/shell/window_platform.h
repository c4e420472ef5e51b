// What AppWindow does differently on the desktop (window_screen.cpp: GLFW on X11 or Wayland, an
// OpenGL 4.3 core context, monitors) and in the browser (window_screen_web.cpp: Emscripten's GLFW
// over a canvas, WebGL 2, the page's full screen, frames paced by requestAnimationFrame).
#pragma once

#include <string>

struct GLFWwindow;

namespace ws::gfx {

extern const char* const kContextName;  // "an OpenGL 4.3 core" or "a WebGL 2"
void set_context_hints();               // before glfwCreateWindow
std::string glfw_error_text();          // the last GLFW error, in words
float content_scale(GLFWwindow* window);
void follow_page_size(GLFWwindow* window);  // browser: the canvas follows the page's size
void after_swap();                          // browser: waits for the next animation frame
// After ImGui's GLFW backend is installed. Browser: ImGui's copies go to the page (the system
// clipboard), and text the page receives outside key presses (pastes, input methods) reaches
// ImGui as characters (Emscripten's GLFW types keypress characters only and has no clipboard).
// Desktop: nothing (GLFW's clipboard and character callback do both).
void connect_page_text();

}  // namespace ws::gfx
