// The summed-area-table scene's teach mode: one traced run of a variant on a small image (up to
// 32x32), step by step: the row phase, then the column phase (or the tiles and their look-back),
// the values in the cells, which thread touched which cell, and the memory counters per step.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "sat/sat.h"
#include "i18n/i18n.h"
#include "sat_input.h"
#include "sat_settings.h"
#include "scene_kit/step_cursor.h"
#include "scene_kit/teach_pipeline.h"
#include "scene_kit/scene.h"
#include "views/value_grid.h"

namespace ws::app {

class SatTeachScene : public Scene {
 public:
  explicit SatTeachScene(std::shared_ptr<SatSettings> settings);
  const char* id() const override { return "teach"; }
  const char* title() const override { return TR_NOOP("teach one run"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override;
  int current_step() const override { return cursor_.step(); }
  void seek(int step) override { cursor_.seek(step, step_count()); }
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Lecture mode (sat_captions.cpp).
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  nlohmann::json results_json() const override;
  BenchJob bench_job(const BenchRequest& request) const override;

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  std::shared_ptr<SatSettings> settings_;
  SceneContext* context_ = nullptr;
  std::string error_;
  SatInput input_;
  std::optional<Taught<sat::TeachRun>> taught_;
  StepCursor cursor_;
  // Where draw() put each buffer's grid (hover), by trace buffer index.
  mutable std::vector<std::pair<int, GridGeometry>> grids_;
  mutable std::vector<int> strides_;      // per grid: elements from one row to the next
  mutable std::vector<int64_t> offsets_;  // per grid: the shown block's first element
};

}  // namespace ws::app
