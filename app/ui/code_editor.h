// A code editor for a kernel's source, reusable by any panel: ImGui's multiline text input (its
// own editing, selection, clipboard and undo/redo: Ctrl+Z / Ctrl+Y, kept while the editor has
// the focus) under a layer that draws the same text with CUDA syntax colouring
// (views/code_text.h), a line-number gutter, lines with diagnostics marked (red for errors, amber
// for warnings, a dot in the gutter; hovering the line shows the message) and the lines of the
// current step highlighted. DejaVu Sans Mono at the UI's font size when the window loaded it.
#pragma once

#include <imgui.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "views/code_text.h"

namespace ws::app {

// DejaVu Sans Mono as the window loaded it (shell/imgui_runtime.cpp), or null (then the UI font).
ImFont* code_font();

// What the editor marks on the text: diagnostics by line (line_marks) and the lines the step
// shown ran (1-based).
struct CodeEditorMarks {
  std::map<int, LineMark> marks;
  std::set<int> step_lines;
};

class CodeEditor {
 public:
  // Draws the editor over `size` (0: the space left). True when the user changed `text`.
  bool draw(const char* id, std::string& text, const CodeEditorMarks& marks, ImVec2 size);
  // Shows 1-based `line` (scrolled into view, the cursor put there) at the next draw.
  void jump_to_line(int line) { jump_line_ = line; }
  // Scrolls 1-based `line` into view at the next draw when it is out of view (the step's lines
  // as the timeline moves); the focus and the caret stay.
  void show_line(int line) { show_line_ = line; }
  // The line of the cursor (1-based), or 0 while the editor does not have the focus.
  int cursor_line() const { return active_ ? cursor_line_ : 0; }

 private:
  static int text_callback(ImGuiInputTextCallbackData* data);
  void refresh_tokens(const std::string& text);
  void draw_backgrounds(ImDrawList* dl, ImVec2 origin, float width, const CodeEditorMarks& marks,
                        int first, int last) const;
  void draw_gutter(ImDrawList* dl, ImVec2 origin, const CodeEditorMarks& marks, int first,
                   int last) const;
  void draw_tokens(ImDrawList* dl, ImVec2 origin, int first, int last) const;
  void follow_caret_sideways(const std::string& text) const;
  void draw_caret(ImDrawList* dl, ImVec2 origin, const std::string& text) const;
  void marks_tooltip(ImVec2 origin, const CodeEditorMarks& marks) const;

  std::string tokenized_;  // the text the lines and tokens below are of
  std::vector<std::string> lines_;
  std::vector<std::vector<CodeToken>> tokens_;
  float line_height_ = 0, gutter_width_ = 0, char_width_ = 0;
  ImFont* font_ = nullptr;
  std::string* editing_ = nullptr;  // the text during InputTextMultiline (the resize callback)
  int cursor_ = 0, cursor_line_ = 0, shown_cursor_ = -1;
  int jump_line_ = 0, show_line_ = 0;
  bool active_ = false;
};

}  // namespace ws::app
