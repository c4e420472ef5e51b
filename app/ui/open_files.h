// Opening files in the window: File > Open... (Ctrl+O) through the file browser, File > Open
// recent, and files dropped on the window. Each file is planned (file_router.h), its image or
// graph decoded on a worker thread (FilePreload) while a progress bar with Cancel shows and the
// window stays responsive, then applied on the UI thread, where the scene's loader finds the
// decoded data ready. Several files (a drop of many) open one after the other. GuiApp owns one and
// calls it from its menu and once per frame.
#pragma once

#include <chrono>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "file_browser.h"
#include "file_router.h"
#include "io/file_preload.h"
#include "io/user_settings.h"

namespace ws::app {

class OpenFilesUi {
 public:
  // `settings` (the window's) gets each file opened as a recent file, and is saved.
  explicit OpenFilesUi(UserSettings& settings);

  // The File menu's entries: Open... (Ctrl+O) and Open recent.
  void menu_items();
  // Once per frame, after the menu: Ctrl+O, the `dropped` files, the browser, the progress window,
  // and applying a file whose decoding finished. `dt` is the last frame's time (for the timings).
  void frame(SceneHost& host, const std::vector<std::string>& dropped, float dt);

  // Queues files to open, in order (the drop callback and the tests come here).
  void open(const std::vector<std::string>& paths);
  void open_browser() { browser_open_ = true; }
  // The progress window's Cancel: the worker stops, the scene keeps what it shows.
  void cancel() { preload_.cancel(); }
  // Files queued or decoding, or the frames after an apply still being timed.
  bool busy() const { return preload_.running() || !queue_.empty() || frames_after_ >= 0; }

  // What happened since the last call, for the controls panel ("" = nothing new): the notices of
  // the files opened, and the errors.
  std::string take_notice();
  std::string take_error();

  // Timings of the last file opened through a worker, for the log (WARPSCOPE_VERBOSE=1) and the
  // measurements in docs/architecture.md.
  struct Timing {
    std::string path;
    double worker_s = 0;            // decoding on the worker
    double apply_s = 0;             // applying on the UI thread (the scene's parameters and reset)
    double longest_decoding_s = 0;  // the longest frame while the worker ran
    int frames = 0;                 // frames drawn while the worker ran
    double longest_after_s = 0;     // the longest of the frames from the apply to kFramesAfter
                                    // frames later (the apply's own frame, first draws)
    double typical_frame_s = 0;     // the median of the last frames before the open started
  };
  static constexpr int kFramesAfter = 5;
  const std::optional<Timing>& last_timing() const { return timing_; }

 private:
  void start_next(SceneHost& host);
  void finish(SceneHost& host);
  void apply(SceneHost& host, const OpenPlan& plan);
  void progress_window();
  void note(const std::string& text) { notices_.push_back(text); }

  UserSettings& settings_;
  FileBrowser browser_;
  bool browser_open_ = false;
  std::deque<std::string> queue_;
  std::optional<OpenPlan> pending_;  // waiting for the worker
  FilePreload preload_;
  std::chrono::steady_clock::time_point started_;
  Timing running_timing_;
  int frames_after_ = -1;            // counting the frames after an apply (-1: not timing)
  std::deque<float> recent_frames_;  // the last frames' times while nothing was opening
  std::optional<Timing> timing_;
  std::vector<std::string> notices_, errors_;
};

}  // namespace ws::app
