// File > Export animation...: the dialog that records the current scene as an animated GIF or an
// MP4 (ffmpeg) — every step or a range of them, or frames of a running simulation — and its
// progress bar with Cancel. Frames need the GL context of the window, so the recording runs on the
// UI thread a few frames per UI frame (io/scene_animation.h), and the window stays responsive;
// afterwards the scene is back on the step it showed.
#pragma once

#include <memory>
#include <string>

#include "scene_kit/scene_animation.h"
#include "render/palette.h"
#include "scene_kit/scene.h"

namespace ws::app {

class AnimationExportDialog {
 public:
  AnimationExportDialog();
  ~AnimationExportDialog();
  // Shows the dialog from the next frame() on (the File menu).
  void open() { open_requested_ = true; }
  // Every UI frame, inside the ImGui frame: the dialog, and while exporting the next frames of the
  // animation. `notice` gets "wrote f.gif" or "cancelled" when an export ends; `error` gets an
  // export's failure (bad settings are shown in the dialog itself, which stays open).
  void frame(Scene& scene, gfx::Theme theme, std::string& notice, std::string& error);
  // An export is running: the shell leaves the scene alone (no tick(): the recording advances a
  // simulation itself, frame by frame).
  bool busy() const { return animation_ != nullptr; }

 private:
  void settings_ui(Scene& scene, gfx::Theme theme);
  void progress_ui(std::string& notice, std::string& error);
  void start(Scene& scene, gfx::Theme theme);

  bool open_requested_ = false;
  std::string path_ = "warpscope_animation.gif";
  int size_[2] = {1280, 720};
  float scale_ = 1;
  int fps_steps_ = kDefaultStepFps, fps_live_ = kDefaultLiveFps;
  bool all_steps_ = true;
  int first_step_ = 1, last_step_ = 1;  // 1-based, as the timeline shows them
  int live_frames_ = 60;
  bool transparent_ = false;
  std::string problem_;  // why Export did not start, shown in the dialog
  Scene* recording_ = nullptr;
  std::unique_ptr<SceneAnimation> animation_;
};

}  // namespace ws::app
