// The interactive application: menu bar (scene, backend, view, export, session), the scene's
// controls, the viewport showing the scene's offscreen target, and the timeline.
#pragma once

#include <nlohmann/json.hpp>

#include <imgui.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "io/session.h"
#include "io/user_settings.h"
#include "open_files.h"
#include "render/figure_fit.h"
#include "render/offscreen_target.h"
#include "scene_kit/scene.h"
#include "shell/window.h"
#include "timeline.h"
#include "ui/animation_export_dialog.h"
#include "ui/lecture_mode.h"

namespace ws::app {

// What the window opens with (cli/commands.h).
using GuiOptions = GuiRequest;

// One scripted input state (GuiOptions::input_script): the mouse from this frame on, or a key
// pressed for this frame alone.
struct ScriptedInput {
  int frame = 0;
  float fx = 0.5f, fy = 0.5f;
  bool left = false, right = false, shift = false;
  std::string key;    // "" = a mouse event; else a key name (lecture_key_code, or "ctrl+o")
  int key_code = -1;  // the GLFW key, or -1 for a typed character ('?')
  bool key_shift = false, key_ctrl = false;
  std::vector<std::string> drop;  // files dropped on the window at this frame
  bool mouse = true;              // sets the mouse (not a key, nor a drop without "at" or buttons)
};
// Throws ws::Error naming the file and the problem.
std::vector<ScriptedInput> load_input_script(const std::string& path);

class GuiApp {
 public:
  explicit GuiApp(const GuiOptions& options);
  int run();

 private:
  void frame(float dt);
  // File > Open's browser and progress, drops on the window, their notice or error (every frame,
  // in lecture mode too).
  void open_files_frame(float dt);
  void menu_bar();
  void viewport_window();
  // The scene's figure at `avail` (screen pixels) where the cursor is, taking the mouse: the
  // viewport's and lecture mode's.
  void figure(ImVec2 avail);
  void lecture_frame(float dt);
  void set_lecture(bool on);
  void controls_window();
  void code_window();
  void timeline_window(float dt);
  void export_popup();
  void switch_scene(const std::string& id);
  // A scene's panel asked for another scene (SceneContext::open_scene): shown at the next frame's
  // start, its parameters applied as an edit (an error is reported, the scene shown stays).
  void open_requested_scene();
  SceneHost scene_host();  // the scenes, for opening files (open_files_)
  void apply_session(const Session& s);
  Session current_session() const;
  void report(const std::string& message);
  // Switches the UI and figure text, remembers the choice (settings) and warns when Chinese has no
  // font.
  void set_language(i18n::Language language);
  void reset_scene();  // errors are reported, the app keeps running
  // Runs `work`; an error is shown in the controls and the app keeps running.
  template <class Work>
  void guarded(Work&& work) {
    try {
      work();
    } catch (const std::exception& e) {
      report(e.what());
    }
  }  // shown in a banner; the app
     // keeps running

  GuiOptions options_;
  UserSettings settings_;
  gfx::AppWindow window_;
  SceneContext context_;
  std::vector<std::unique_ptr<Scene>> scenes_;
  Scene* scene_ = nullptr;
  gfx::OffscreenTarget viewport_;
  Timeline timeline_;
  LectureMode lecture_;
  std::string error_;
  std::optional<std::pair<std::string, nlohmann::json>> requested_scene_;  // open_scene's
  std::string notice_;                                                     // e.g. "wrote fig.png"
  std::string export_path_ = "warpscope_figure.png";
  std::string session_path_ = "warpscope_session.json";
  bool open_export_ = false, open_session_save_ = false, open_session_load_ = false;
  AnimationExportDialog animation_export_;  // File > Export animation...
  std::vector<ScriptedInput> script_;
  OpenFilesUi open_files_{settings_};  // File > Open, recent files, files dropped on the window
  ImVec2 figure_min_{0, 0}, figure_size_{0, 0};  // where the viewport drew the figure (screen)
  // How the figure is scaled to fill the viewport (render/figure_fit.h), and what it was measured
  // for (scene, step, parameters, size, theme, language): measured again when that changes.
  gfx::FigureFit fit_;
  std::string fit_key_;
};

}  // namespace ws::app
