// The code editor in real ImGui frames (a headless GL context, no window): a diagnostic's
// jump focuses the editor on its line, typed characters land there and are reported as a
// change, the caret's line follows, and Ctrl+Z takes the change back.
#include <gtest/gtest.h>

#include "imgui_frame_test_support.h"
#include "shell/headless_context.h"
#include "ui/code_editor.h"

namespace ws::app {
namespace {

TEST(LabEditorFrame, AJumpFocusesTheLineAndTypingEditsIt) {
  auto gl = gfx::HeadlessGl::create();
  gfx::ImguiRuntime imgui;
  CodeEditor editor;
  std::string text = "int a;\nint b;\nint c;\n";
  CodeEditorMarks marks;
  marks.marks = line_marks({{2, true, "read past the end"}}, 4);
  marks.step_lines = {3};
  bool changed = false;
  const auto frame = [&] {
    testing::panels_frame(
        imgui, {}, [] {},
        [&] { changed = editor.draw("##editor", text, marks, ImVec2(400, 300)) || changed; });
  };
  frame();
  EXPECT_EQ(editor.cursor_line(), 0);  // not focused
  editor.jump_to_line(2);
  for (int i = 0; i < 3; ++i) frame();  // focus, then the caret is put on line 2
  EXPECT_EQ(editor.cursor_line(), 2);
  EXPECT_FALSE(changed);
  ImGui::GetIO().AddInputCharacter('x');
  frame();
  EXPECT_TRUE(changed);
  EXPECT_EQ(text, "int a;\nxint b;\nint c;\n");
  EXPECT_EQ(editor.cursor_line(), 2);
  // Ctrl+Z is ImGui's own undo.
  ImGuiIO& io = ImGui::GetIO();
  io.KeyCtrl = true;
  io.KeysDown[ImGuiKey_Z] = true;
  frame();
  io.KeyCtrl = false;
  io.KeysDown[ImGuiKey_Z] = false;
  frame();
  EXPECT_EQ(text, "int a;\nint b;\nint c;\n");
}

}  // namespace
}  // namespace ws::app
