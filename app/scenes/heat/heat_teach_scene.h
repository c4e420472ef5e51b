// The heat scene's teach mode: one traced launch of a variant on a small grid that shows the
// tiles, the halo cells and which thread loaded or wrote what, step by step.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "heat_settings.h"
#include "i18n/i18n.h"
#include "scene_kit/step_cursor.h"
#include "scene_kit/teach_pipeline.h"
#include "scene_kit/scene.h"
#include "views/stencil/stencil_teach_figure.h"

namespace ws::app {

class HeatTeachScene : public Scene {
 public:
  explicit HeatTeachScene(std::shared_ptr<HeatSettings> settings);
  const char* id() const override { return "teach"; }
  const char* title() const override { return TR_NOOP("teach one launch"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  // As the live mode's, and the grid must be small enough to trace every thread.
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override;
  int current_step() const override { return cursor_.step(); }
  void seek(int step) override { cursor_.seek(step, step_count()); }
  void pointer(const Pointer& p) override;
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Lecture mode: the variants this dimension runs; the caption says what the current step of the
  // variant does and why (heat_caption.cpp).
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  nlohmann::json results_json() const override;
  BenchJob bench_job(const BenchRequest& request) const override;

  // The traced launch shown (null before attach).
  const stencil::TeachRun* teach_run() const { return taught_ ? &taught_->run : nullptr; }

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  void panel_teach();

  std::shared_ptr<HeatSettings> settings_;
  SceneContext* context_ = nullptr;
  std::string error_;
  std::string field_label_;
  std::optional<Taught<stencil::TeachRun>> taught_;  // the traced launch, counters, snapshots
  StepCursor cursor_;
  int focus_block_ = -1;              // the block under the mouse (-1: the middle one)
  mutable StencilTeachGeometry geo_;  // where draw() put the grid and tile: hover and focus
};

// Why `step` of a traced launch with `params` does what it does (the teaching point of that step
// of that variant: tiles and halos, loads against outputs, coarsening in z, register tiling,
// temporal blocking), in the current language.
std::string heat_teach_why(const stencil::Params& params, const TraceStep& step);

}  // namespace ws::app
