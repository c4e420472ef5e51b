// A mode: one row of a scene's table of modes (the heat scene's live simulation and its teach
// mode, the histogram's teach, contention and image modes). The scene (ModalScene) owns the
// settings, reads the parameters and draws the mode bar; the active mode answers everything else
// the shell asks (Scene's hooks), each hook with a default. TracedMode (traced_mode.h) and
// LiveMode (live_mode.h) answer most of them, so a mode writes its run, its figure, its caption
// and its panel.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fast_panel.h"
#include "hover_map.h"
#include "panel_widgets.h"
#include "run_json.h"
#include "scene.h"

namespace ws::app {

class Mode {
 public:
  virtual ~Mode() = default;

  // The mode becomes the one shown in `context` (the scene was attached, or switched to it): by
  // default it remembers the context and computes its run.
  virtual void attach(SceneContext& context);
  virtual void detach() { context_ = nullptr; }
  virtual void reset() {}
  virtual int step_count() const { return 1; }
  virtual int current_step() const { return 0; }
  virtual void seek(int /*step*/) {}
  virtual void tick(float /*dt*/) {}
  virtual bool live() const { return false; }
  virtual bool busy() const { return false; }
  virtual void frame_drawn() {}
  virtual void tick_skipped() {}
  virtual void advance_frame() {}
  virtual void pointer(const Scene::Pointer& /*p*/) {}
  // The mode's panel, below the scene's mode bar and error line.
  virtual void ui() {}
  // The code panel: the kernel_source() panel, when there is one.
  virtual void code_ui();
  // The figure (Scene::draw).
  virtual void draw(gfx::Canvas& canvas, gfx::Theme theme) const = 0;
  // What lies at `point`: by default what the last draw put in the hover map there.
  virtual std::string describe_at(gfx::Vec2 point) const { return hover_.describe(point); }
  // Parameters that make this mode show `file` (the scene adds "mode"), or null.
  virtual nlohmann::json params_for_file(const FileInfo& /*file*/) const { return nullptr; }
  virtual std::vector<std::string> lecture_variants() const { return {}; }
  virtual std::string caption() const { return ""; }
  // The run document (Scene::results_json); run_json() starts it.
  virtual nlohmann::json results_json() const = 0;
  virtual gfx::Image output_image() const { return {}; }
  // The mode's benchmark; by default it has none (ws::Error).
  virtual BenchJob bench_job(const BenchRequest& request) const;

  // What the code panel shows: the kernel of the variant shown and the step's statement (a
  // mode's row may give it instead, from the settings and code_marker()); {} for none.
  virtual KernelSource kernel_source() const { return {}; }
  // The code marker of the step shown ("" for none): the statement the code panel highlights.
  virtual std::string code_marker() const { return ""; }
  // A new figure is about to be drawn: the hover map starts empty (ModeTable::draw).
  void begin_figure() const { hover_.clear(); }

  // The error line the scene shows above this mode's panel: the last edit that was refused, or
  // a run that failed.
  const std::string& error() const { return error_; }
  void set_error(std::string message) { error_ = std::move(message); }

  // Wiring, by the scene that holds the mode in its table.
  void set_scene(Scene& scene) { scene_ = &scene; }

 protected:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  SceneContext* context() const { return context_; }
  Scene& scene() const { return *scene_; }
  // An edit from the panel, applied to the whole scene: parsed once, then reset; a refused edit
  // changes nothing and its message goes to the error line.
  void edit(const nlohmann::json& change);
  // The run document with what every mode writes: scene, params (the scene's, with "mode") and
  // backend.
  RunJson run_json() const;
  // A link from the panel to another scene (SceneContext::open_scene): shows `scene_id` with
  // `params` after this frame; false where nothing can switch (no window), so the panel says
  // where to go instead of offering a button.
  bool can_open_scene() const { return context_ && context_->open_scene; }
  void open_scene(const std::string& scene_id, const nlohmann::json& params) const {
    if (can_open_scene()) context_->open_scene(scene_id, params);
  }
  // Where the figure put what (draw adds regions; describe_at answers from them).
  HoverMap& hover() const { return hover_; }
  // The fast-mode panel (fast_) under a collapsing header, after the line `about` (what it times):
  // it runs this mode's bench_job (its report translated) with sizes up to 2^log2_max.
  void fast_mode(int log2_max, const std::string& about = "",
                 const char* header = TR_NOOP("Fast mode (full size, timed)"));
  // The fast-mode panel's controls and last report (a mode whose benchmark takes other sizes
  // calls fast_.set_size_choices in its constructor).
  FastPanel fast_{20, 10};

 private:
  Scene* scene_ = nullptr;
  SceneContext* context_ = nullptr;
  std::string error_;
  mutable HoverMap hover_;
};

// A mode of a scene whose settings are a `Settings`: it reads them (the scene writes them).
template <class Settings>
class ModeOf : public Mode {
 public:
  const Settings& settings() const { return *settings_; }
  // What only this mode can check before an edit that leaves the scene on it commits (a file it
  // must read, a combination it cannot show): throws ws::Error naming the option.
  virtual void check(const Settings& /*settings*/) const {}

  // Wiring, by the scene: the settings it owns.
  void set_settings(Settings& settings) { settings_ = &settings; }

 protected:
  // The settings the mode itself must change without an edit: what it produced that they must
  // remember (strokes painted on a running simulation), or those of the result still shown after
  // a background job failed. Not parsed; the caller keeps them valid.
  Settings& settings_to_keep() { return *settings_; }

 private:
  Settings* settings_ = nullptr;
};

}  // namespace ws::app
