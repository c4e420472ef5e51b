#include "ui/code_editor.h"

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>

namespace ws::app {

namespace {

constexpr const char* kMonoFontName = "DejaVu Sans Mono";

}  // namespace

ImFont* code_font() {
  for (ImFont* font : ImGui::GetIO().Fonts->Fonts)
    if (font->ConfigData &&
        std::strncmp(font->ConfigData->Name, kMonoFontName, std::strlen(kMonoFontName)) == 0)
      return font;
  return nullptr;
}

namespace {

bool dark_background() {
  const ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
  return 0.3f * bg.x + 0.59f * bg.y + 0.11f * bg.z < 0.5f;
}

ImU32 token_colour(CodeTokenKind kind, bool dark) {
  switch (kind) {
    case CodeTokenKind::Keyword:
      return dark ? IM_COL32(110, 170, 255, 255) : IM_COL32(20, 70, 190, 255);
    case CodeTokenKind::WsName:
      return dark ? IM_COL32(90, 210, 200, 255) : IM_COL32(0, 125, 120, 255);
    case CodeTokenKind::Number:
      return dark ? IM_COL32(240, 170, 90, 255) : IM_COL32(170, 80, 0, 255);
    case CodeTokenKind::Comment:
      return dark ? IM_COL32(130, 170, 120, 255) : IM_COL32(70, 130, 60, 255);
    case CodeTokenKind::String:
      return dark ? IM_COL32(220, 140, 200, 255) : IM_COL32(160, 30, 120, 255);
    case CodeTokenKind::Preprocessor:
      return dark ? IM_COL32(190, 150, 255, 255) : IM_COL32(110, 60, 170, 255);
    case CodeTokenKind::Plain:
      break;
  }
  return ImGui::GetColorU32(ImGuiCol_Text);
}

ImU32 mark_colour(bool error, bool dark) {
  if (error) return dark ? IM_COL32(150, 40, 40, 150) : IM_COL32(255, 190, 190, 255);
  return dark ? IM_COL32(140, 100, 20, 150) : IM_COL32(255, 225, 150, 255);
}

ImU32 step_colour(bool dark) {
  return dark ? IM_COL32(50, 80, 130, 170) : IM_COL32(205, 225, 255, 255);
}

int digits(int n) {
  int d = 1;
  while (n >= 10) {
    n /= 10;
    ++d;
  }
  return d;
}

}  // namespace

int CodeEditor::text_callback(ImGuiInputTextCallbackData* data) {
  auto* editor = static_cast<CodeEditor*>(data->UserData);
  if (data->EventFlag == ImGuiInputTextFlags_CallbackResize) {
    std::string& text = *editor->editing_;
    text.resize(size_t(data->BufTextLen));
    data->Buf = text.data();
    return 0;
  }
  if (editor->jump_line_ > 0) {
    const int offset =
        offset_of_line(std::string(data->Buf, size_t(data->BufTextLen)), editor->jump_line_);
    data->CursorPos = data->SelectionStart = data->SelectionEnd = offset;
    editor->jump_line_ = 0;
  }
  editor->cursor_ = data->CursorPos;
  return 0;
}

void CodeEditor::refresh_tokens(const std::string& text) {
  if (text == tokenized_ && !lines_.empty()) return;
  tokenized_ = text;
  lines_ = split_code_lines(text);
  tokens_ = tokenize_cuda(lines_);
}

bool CodeEditor::draw(const char* id, std::string& text, const CodeEditorMarks& marks,
                      ImVec2 size) {
  font_ = code_font();
  if (font_) ImGui::PushFont(font_);
  refresh_tokens(text);
  const ImGuiStyle& style = ImGui::GetStyle();
  line_height_ = ImGui::GetFontSize();  // InputTextMultiline advances a line by the font size
  char_width_ = ImGui::CalcTextSize("0").x;
  gutter_width_ = char_width_ * float(std::max(3, digits(int(lines_.size()))) + 2);
  float longest = 0;
  for (const std::string& line : lines_)
    longest = std::max(longest, ImGui::CalcTextSize(line.c_str(), line.c_str() + line.size()).x);

  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_FrameBg));
  ImGui::BeginChild(id, size, true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PopStyleColor();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 text_origin(origin.x + gutter_width_ + style.FramePadding.x,
                           origin.y + style.FramePadding.y);
  const float width = std::max(ImGui::GetContentRegionAvail().x - gutter_width_,
                               longest + 4 * char_width_ + 2 * style.FramePadding.x);
  const float height = float(lines_.size() + 2) * line_height_ + 2 * style.FramePadding.y;
  const float scroll = ImGui::GetScrollY(), view = ImGui::GetWindowHeight();
  const int first = std::max(0, int((scroll - style.FramePadding.y) / line_height_) - 1);
  const int last = std::min(int(lines_.size()) - 1, int((scroll + view) / line_height_) + 1);
  draw_backgrounds(dl, text_origin, width, marks, first, last);
  draw_tokens(dl, text_origin, first, last);
  // The gutter stays at the left edge when the text scrolls sideways, over what slides under it.
  const float gutter_left = origin.x + ImGui::GetScrollX();
  const float window_top = ImGui::GetWindowPos().y;
  for (const ImGuiCol layer : {ImGuiCol_WindowBg, ImGuiCol_FrameBg})  // as the child's own
    dl->AddRectFilled(ImVec2(gutter_left, window_top),
                      ImVec2(gutter_left + gutter_width_, window_top + view),
                      ImGui::GetColorU32(layer));
  draw_gutter(dl, ImVec2(gutter_left, text_origin.y), marks, first, last);

  // The input itself: its text, frame and caret transparent, so the layer above shows through;
  // its selection is drawn translucent over the layer.
  ImGui::SetCursorScreenPos(ImVec2(origin.x + gutter_width_, origin.y));
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleColor(ImGuiCol_FrameBg, IM_COL32(0, 0, 0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_FrameBorderSize, 0.0f);
  if (jump_line_ > 0) ImGui::SetKeyboardFocusHere();
  editing_ = &text;
  const bool changed = ImGui::InputTextMultiline(
      "##code", text.data(), text.capacity() + 1, ImVec2(width, height),
      ImGuiInputTextFlags_AllowTabInput | ImGuiInputTextFlags_CallbackResize |
          ImGuiInputTextFlags_CallbackAlways,
      &CodeEditor::text_callback, this);
  editing_ = nullptr;
  ImGui::PopStyleVar();
  ImGui::PopStyleColor(2);
  active_ = ImGui::IsItemActive();
  if (changed) refresh_tokens(text);

  if (active_) {
    draw_caret(dl, text_origin, text);
    cursor_line_ = position_of(text, cursor_).line + 1;
    follow_caret_sideways(text);
    // The child scrolls, not the input (it is as tall as its text): follow the caret.
    if (cursor_ != shown_cursor_) {
      const float y = float(cursor_line_ - 1) * line_height_ + style.FramePadding.y;
      if (y < scroll) ImGui::SetScrollY(y);
      if (y + 2 * line_height_ > scroll + view) ImGui::SetScrollY(y + 2 * line_height_ - view);
      shown_cursor_ = cursor_;
    }
  }
  if (show_line_ > 0) {
    const float y = float(show_line_ - 1) * line_height_ + style.FramePadding.y;
    if (y < scroll || y + 2 * line_height_ > scroll + view)
      ImGui::SetScrollY(std::max(0.0f, y - view / 3));
    show_line_ = 0;
  }
  if (jump_line_ > 0) {  // not focused yet: at least show the line
    ImGui::SetScrollY(std::max(0.0f, float(jump_line_ - 1) * line_height_ - view / 3));
  }
  marks_tooltip(text_origin, marks);
  ImGui::EndChild();
  if (font_) ImGui::PopFont();
  return changed;
}

void CodeEditor::draw_backgrounds(ImDrawList* dl, ImVec2 origin, float width,
                                  const CodeEditorMarks& marks, int first, int last) const {
  const bool dark = dark_background();
  const float left = origin.x - ImGui::GetStyle().FramePadding.x;
  for (int i = first; i <= last; ++i) {
    const int line = i + 1;
    const float top = origin.y + float(i) * line_height_;
    const auto mark = marks.marks.find(line);
    ImU32 fill = 0;
    if (mark != marks.marks.end())
      fill = mark_colour(mark->second.error, dark);
    else if (marks.step_lines.count(line))
      fill = step_colour(dark);
    if (fill) dl->AddRectFilled(ImVec2(left, top), ImVec2(left + width, top + line_height_), fill);
    // A step line that also has a diagnostic keeps the step's colour as a bar on its left.
    if (mark != marks.marks.end() && marks.step_lines.count(line))
      dl->AddRectFilled(ImVec2(left, top), ImVec2(left + 4, top + line_height_), step_colour(dark));
  }
}

void CodeEditor::draw_gutter(ImDrawList* dl, ImVec2 origin, const CodeEditorMarks& marks, int first,
                             int last) const {
  const bool dark = dark_background();
  const ImU32 number = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (int i = first; i <= last; ++i) {
    const int line = i + 1;
    const float top = origin.y + float(i) * line_height_;
    const std::string label = std::to_string(line);
    const float w = ImGui::CalcTextSize(label.c_str()).x;
    dl->AddText(ImVec2(origin.x + gutter_width_ - char_width_ - w, top), number, label.c_str());
    const auto mark = marks.marks.find(line);
    if (mark != marks.marks.end()) {
      const ImU32 dot = mark->second.error
                            ? (dark ? IM_COL32(255, 90, 90, 255) : IM_COL32(210, 30, 30, 255))
                            : IM_COL32(230, 150, 0, 255);
      dl->AddCircleFilled(ImVec2(origin.x + char_width_ * 0.6f, top + line_height_ / 2),
                          line_height_ * 0.25f, dot);
    }
  }
}

void CodeEditor::draw_tokens(ImDrawList* dl, ImVec2 origin, int first, int last) const {
  const bool dark = dark_background();
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  for (int i = first; i <= last; ++i) {
    const std::string& line = lines_[size_t(i)];
    const float top = origin.y + float(i) * line_height_;
    for (const CodeToken& t : tokens_[size_t(i)]) {
      const char* begin = line.c_str() + t.begin;
      const float x = font->CalcTextSizeA(size, FLT_MAX, 0, line.c_str(), begin).x;
      dl->AddText(font, size, ImVec2(origin.x + x, top), token_colour(t.kind, dark), begin,
                  line.c_str() + t.end);
    }
  }
}

void CodeEditor::follow_caret_sideways(const std::string& text) const {
  // Focusing the input scrolls the child to the input's left edge, which would slide the first
  // columns under the gutter: while it has the focus, the child scrolls sideways only as far as
  // the caret needs.
  const CodePosition p = position_of(text, cursor_);
  if (size_t(p.line) >= lines_.size()) return;
  const std::string& line = lines_[size_t(p.line)];
  const size_t column = std::min(line.size(), size_t(p.column));
  const float caret = ImGui::CalcTextSize(line.c_str(), line.c_str() + column).x;
  const float visible = ImGui::GetWindowWidth() - gutter_width_ - 4 * char_width_;
  ImGui::SetScrollX(std::max(0.0f, caret - visible));
}

void CodeEditor::draw_caret(ImDrawList* dl, ImVec2 origin, const std::string& text) const {
  if (std::fmod(ImGui::GetTime(), 1.2) > 0.8) return;  // blinks as ImGui's does
  const CodePosition p = position_of(text, cursor_);
  if (size_t(p.line) >= lines_.size()) return;
  const std::string& line = lines_[size_t(p.line)];
  const size_t column = std::min(line.size(), size_t(p.column));
  const float x =
      ImGui::GetFont()
          ->CalcTextSizeA(ImGui::GetFontSize(), FLT_MAX, 0, line.c_str(), line.c_str() + column)
          .x;
  const float top = origin.y + float(p.line) * line_height_;
  dl->AddLine(ImVec2(origin.x + x, top), ImVec2(origin.x + x, top + line_height_ - 1),
              ImGui::GetColorU32(ImGuiCol_Text), 1.5f);
}

void CodeEditor::marks_tooltip(ImVec2 origin, const CodeEditorMarks& marks) const {
  if (marks.marks.empty() ||
      !ImGui::IsWindowHovered(ImGuiHoveredFlags_ChildWindows |
                              ImGuiHoveredFlags_AllowWhenBlockedByActiveItem))
    return;
  const float y = ImGui::GetMousePos().y - origin.y;
  if (y < 0) return;
  const auto mark = marks.marks.find(int(y / line_height_) + 1);
  if (mark == marks.marks.end()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
  ImGui::TextUnformatted(mark->second.message.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace ws::app
