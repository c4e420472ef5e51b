// The lab's one mode: runs the student's kernel (reset: on attach, after an edit, on Run) in the
// background through run_lab, keeps the last finished run and the step shown, and draws the
// exercise panel (lab_panel.cpp), the editor with its diagnostics (lab_code_panel.cpp) and the
// figure (figure/lab_figure.h).
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "common/tr_noop.h"
#include "figure/lab_figure.h"
#include "lab_markdown.h"
#include "lab_run.h"
#include "lab_settings.h"
#include "scene_kit/background_work.h"
#include "scene_kit/live_mode.h"
#include "ui/code_editor.h"
#include "ui/file_browser.h"

namespace ws::app {

// What the lab says in the browser build, where neither g++ nor NVRTC exists.
inline constexpr const char* kNoCompilerInBrowser = TR_NOOP(
    "The browser has no compiler, so the kernel lab cannot run kernels here: read the exercise, "
    "edit your kernel and save it (Save .cu), then run it in the desktop app or with `warpscope "
    "lab --exercise ID --kernel FILE`.");

class LabMode : public LiveMode<LabSettings> {
 public:
  void reset() override;
  void tick(float dt) override;
  bool busy() const override { return work_.busy(); }
  int step_count() const override;
  int current_step() const override { return step_; }
  void seek(int step) override;
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  std::string caption() const override;
  void detach() override;

  // The last finished run (null before the first).
  const LabRun* last_run() const { return run_.get(); }

 protected:
  void fill(RunJson& doc) const override;

 private:
  LabFigureInput figure_input() const;
  void adopt(LabRun run);
  void take_finished();
  // Replaces the source through an edit (another exercise, Load, Reset, Show a solution),
  // remembering the one replaced and its exercise so "Undo replace" can bring them back.
  void replace_source(const nlohmann::json& change);
  void exercise_controls();
  void run_controls();
  void file_controls();
  void solution_controls();
  void statement_panel();
  void diagnostics_list();
  void result_panels();

  BackgroundWork<LabRun> work_;
  std::chrono::steady_clock::time_point started_;  // of the run under way
  std::shared_ptr<const LabRun> run_;
  int step_ = 0;
  mutable LabFigureKey key_;  // where the last figure put its parts (hover)
  CodeEditor editor_;
  int shown_step_ = -1;  // the step and run whose lines the editor last brought into view
  const LabRun* shown_run_ = nullptr;
  struct Replaced {
    std::string exercise, source, file_name;
  };
  std::vector<Replaced> replaced_;
  std::unique_ptr<FileBrowser> browser_;
  bool browser_open_ = false, confirm_solution_ = false;
  std::string save_path_, file_message_;
  // The statement shown, read once per exercise and language: its key, blocks or error.
  std::string statement_key_, statement_error_;
  std::vector<MarkdownBlock> statement_;
};

}  // namespace ws::app
