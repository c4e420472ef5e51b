// The histogram scene's teach mode: one traced run of a variant on a small input (up to 1024
// samples, 256 bins; a longer text, file or image is cut to its first 1024 samples and the header
// says so), step by step: which thread read which sample, the bin it hit, the atomics that
// collided on one counter drawn as a queue in the order they serialize, the private copies and
// the merge, the histogram against the sequential one (the injected race's lost updates marked),
// and the counters.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "histogram/histogram.h"
#include "histogram_input.h"
#include "histogram_queues.h"
#include "histogram_settings.h"
#include "i18n/i18n.h"
#include "scene_kit/step_cursor.h"
#include "scene_kit/teach_pipeline.h"
#include "scene_kit/scene.h"
#include "views/cell_rows.h"

namespace ws::app {

class HistogramTeachScene : public Scene {
 public:
  explicit HistogramTeachScene(std::shared_ptr<HistogramSettings> settings);
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
  // Lecture mode (histogram_captions.cpp): the eight variants, and what the figure shows and why.
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  nlohmann::json results_json() const override;
  BenchJob bench_job(const BenchRequest& request) const override;

  // The run shown (null before attach or after a failed reset).
  const histogram::TeachRun* run() const { return taught_ ? &taught_->run : nullptr; }

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  // The limits of this mode, as load_histogram_input takes them.
  static HistogramLimits limits();
  // The launch of the traced run: grid 0 = enough blocks for the samples (at most 64).
  histogram::TeachParams teach_params(int64_t n) const;
  std::shared_ptr<HistogramSettings> settings_;
  SceneContext* context_ = nullptr;
  std::string error_;
  HistogramInput input_;
  std::optional<Taught<histogram::TeachRun>> taught_;
  TraceContention contention_;
  StepCursor cursor_;
  // Hover: what draw() laid out.
  mutable std::vector<CellRow> rows_;
  mutable RowsGeometry rows_geometry_;
  struct Box {
    gfx::Vec2 min, max;
    std::string text;
  };
  mutable std::vector<Box> boxes_;  // queue boxes and bars
};

}  // namespace ws::app
