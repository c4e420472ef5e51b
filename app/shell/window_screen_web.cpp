// AppWindow in the browser (window_platform.h): Emscripten's GLFW over the page's canvas with a
// WebGL 2 context, the page's full screen for lecture mode (warpscopePage in
// web/shell/warpscope_page.js; entering lecture mode asks for it), the canvas following the
// page's size, and one frame per requestAnimationFrame: the app's loop stays the desktop's
// `while`, and Asyncify hands the browser its turn after each frame. Text that arrives outside
// key presses (pastes, input methods) and ImGui's copies go through the page (connect_page_text).
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>

#include <string>

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

// Whether an ImGui text field is active: the page then gives its hidden text field the focus,
// where input methods compose.
EM_JS(void, page_wants_text, (int on), {
  if (globalThis.warpscopePage) globalThis.warpscopePage.wantsText(!!on);
});

EM_JS(void, page_copy_text, (const char* text), {
  if (globalThis.warpscopePage) globalThis.warpscopePage.copyText(UTF8ToString(text));
});

// The text cursor's place in the canvas: an input method shows its candidates there.
EM_JS(void, page_text_cursor, (int x, int y), {
  if (globalThis.warpscopePage) globalThis.warpscopePage.textCursor(x, y);
});

// ImGui's clipboard in the page. Its copies go to the system clipboard (the page's copyText) and
// stay here too, so its Ctrl+V pastes them where the browser lets no page write that clipboard.
// The page's paste event brings the system clipboard's text (ws_web_paste) just before the frame
// in which ImGui sees the Ctrl+V that caused it; a paste ImGui does not see as its shortcut (the
// browser's menu, Cmd+V on a Mac) is typed as characters after that frame.
struct PageClipboard {
  std::string text;
  bool paste_pending = false;  // a paste event arrived; ImGui has not asked for the text since
};

PageClipboard& clipboard() {
  static PageClipboard state;
  return state;
}

const char* clipboard_text(void*) {
  clipboard().paste_pending = false;
  return clipboard().text.c_str();
}

void copy_to_page(void*, const char* text) {
  clipboard().text = text ? text : "";
  page_copy_text(clipboard().text.c_str());
}

// After a frame: the text of a paste event that frame's ImGui did not take through its shortcut.
void type_unclaimed_paste() {
  PageClipboard& state = clipboard();
  if (!state.paste_pending) return;
  state.paste_pending = false;
  ImGui::GetIO().AddInputCharactersUTF8(state.text.c_str());
}

void text_cursor_at(int x, int y) {
  page_text_cursor(x, y);
}

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
  type_unclaimed_paste();
  page_wants_text(ImGui::GetIO().WantTextInput ? 1 : 0);
  page_frame_drawn(++frames);                       // the page's loading screen goes at the first
  if (frames % 600 == 0) page::persist_settings();  // ImGui's layout file, every ~10 s
  tasks::run_slices(8.0);
  wait_for_animation_frame();
}

void connect_page_text() {
  ImGuiIO& io = ImGui::GetIO();
  io.GetClipboardTextFn = clipboard_text;
  io.SetClipboardTextFn = copy_to_page;
  io.ClipboardUserData = nullptr;
  io.ImeSetInputScreenPosFn = text_cursor_at;
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

// Called by the page (web/shell/warpscope_page.js) with what an input method committed, or text
// inserted without a key press. ImGui takes it as typed characters, as GLFW's character callback
// hands it a keypress's, between the app's frames on the page's thread.
extern "C" EMSCRIPTEN_KEEPALIVE void ws_web_text_input(const char* utf8) {
  if (utf8 && ImGui::GetCurrentContext()) ImGui::GetIO().AddInputCharactersUTF8(utf8);
}

// Called by the page with the text of a paste event (PageClipboard above).
extern "C" EMSCRIPTEN_KEEPALIVE void ws_web_paste(const char* utf8) {
  ws::gfx::PageClipboard& state = ws::gfx::clipboard();
  state.text = utf8 ? utf8 : "";
  state.paste_pending = !state.text.empty();
}
