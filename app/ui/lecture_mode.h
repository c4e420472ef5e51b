// Lecture mode (View > Lecture mode, `warpscope gui --lecture`): the scene's figure fills the
// window above a caption bar that says, in a large font, where the lesson is (scene · variant ·
// step k / n) and what the current step does; the panels and the menu bar hide (the menu comes
// back while the mouse rests at the top edge). Keys a presenter's remote sends drive the timeline:
// forward, back, play/pause, first/last, the code panel, variants 1..9, full screen, help.
#pragma once

#include <imgui.h>

#include <functional>
#include <set>
#include <string>
#include <vector>

#include "scene_kit/scene.h"
#include "shell/window.h"
#include "timeline.h"
#include "ui/lecture_layout.h"

namespace ws::app {

// What a key does in lecture mode (the same for every key bound to it).
enum class LectureAction {
  Forward,     // Right, Down, PageDown, Enter
  Back,        // Left, Up, PageUp, Backspace
  PlayPause,   // Space (a live simulation: pause and run it)
  First,       // Home
  Last,        // End
  ToggleCode,  // C: the kernel source over the figure
  Variant,     // 1..9: the scene's lecture_variants()[k - 1]
  FullScreen,  // F11
  Help,        // H or ?
  Escape,      // Esc: closes an overlay, else leaves lecture mode
};
struct LectureKeyPress {
  LectureAction action = LectureAction::Forward;
  int variant = 0;  // 1..9 for LectureAction::Variant
};

// The key a scripted input names ("Right", "PageDown", "Space", "F11", "C", "H", "?", "1".."9",
// ...) as the GLFW key code the window receives, with `shift` set for "?". False for a name it
// does not know; lecture_key_names() lists those it does.
bool lecture_key_code(const std::string& name, int& key, bool& shift);
std::string lecture_key_names();

class LectureMode {
 public:
  bool active() const { return active_; }
  // Entering starts with no overlay; leaving closes them, runs a paused simulation again and
  // leaves full screen (through `window` when given).
  void set_active(bool on, gfx::AppWindow* window = nullptr);

  // The keys pressed this frame, read from ImGui (nothing while a text field has focus).
  static std::vector<LectureKeyPress> keys_this_frame();

  // Applies one key to `scene` and `timeline` (full screen and leaving act on `window` when
  // given). A variant the scene does not offer, or one that fails to apply, leaves the parameters
  // as they were and says why in message().
  void press(const LectureKeyPress& key, Scene& scene, Timeline& timeline,
             gfx::AppWindow* window = nullptr);

  // True while Space has paused a live simulation: the window stops calling Scene::tick.
  bool holds_simulation() const { return active_ && hold_simulation_; }
  bool code_shown() const { return show_code_; }
  bool help_shown() const { return show_help_; }
  const std::string& message() const { return message_; }
  // An error from elsewhere in the window (the panels that would show it are hidden).
  void set_message(const std::string& message) { message_ = message; }

  // The caption under the figure: the scene's (or the kit's "Step k of n"), or for a live
  // simulation what Space does.
  std::string caption(const Scene& scene) const;
  // "title · mode · variant · step k / n" for the caption bar's first line.
  static std::string header(const Scene& scene);

  // One frame of lecture mode over the whole window: playback, the figure (drawn by `figure` in
  // a window of the given size at the layout's figure rectangle), the caption bar, and the code
  // and help overlays.
  using FigureFn = std::function<void(ImVec2 size)>;
  void frame(Scene& scene, Timeline& timeline, gfx::AppWindow& window, float dt,
             const FigureFn& figure);

 private:
  void caption_bar(const Scene& scene, const LectureLayout& layout, gfx::AppWindow& window);
  void code_overlay(Scene& scene, const LectureLayout& layout);
  void help_overlay(const Scene& scene, const LectureLayout& layout);

  bool active_ = false;
  bool show_code_ = false, show_help_ = false;
  bool hold_simulation_ = false;
  std::string message_;  // an error or notice from the last key, shown on the caption bar
  std::set<std::string> reported_;  // captions already reported as not fitting (stderr, once)
};

}  // namespace ws::app
