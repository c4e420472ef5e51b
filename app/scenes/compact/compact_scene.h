// Stream compaction, a mode of the scan scene: predicate flags -> exclusive scan -> scatter, step
// by step on typed values, random data or the pixels of an image (keep the pixels above a
// threshold), with fast mode against the library (CUB DeviceSelect::If / std::copy_if).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "compact/compact.h"
#include "i18n/i18n.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/scene_inputs.h"
#include "scene_kit/step_cursor.h"
#include "scene_kit/teach_pipeline.h"
#include "scene_kit/scene.h"
#include "views/cell_rows.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

// The inputs compaction takes: typed values, random data, or an image's pixels (up to 4096).
InputLimits compact_input_limits();

// One teach run with what the view needs precomputed.
struct CompactRun {
  compact::TeachRun run;
  TracedRun traced;               // counters, snapshots, the CPU-twin check of a CUDA run
  std::vector<double> reference;  // std::copy_if
  std::string input_label;
  int image_width = 0, image_height = 0;  // > 0: the input is an image's pixels, row-major
};

class CompactScene : public Scene {
 public:
  CompactScene();
  const char* id() const override { return "compact"; }
  const char* title() const override { return TR_NOOP("Stream compaction"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override { context_ = nullptr; }
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override;
  int current_step() const override { return cursor_.step(); }
  void seek(int step) override { cursor_.seek(step, step_count()); }
  void ui() override;
  void code_ui() override;
  // The kernel and the current step's statement the code panel shows.
  KernelSource kernel_source() const;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Lecture mode: what the current step does and why (flags, scan, scatter), with its facts.
  std::string caption() const override;
  nlohmann::json results_json() const override;
  BenchJob bench_job(const BenchRequest& request) const override;

  const CompactRun* run() const { return run_ ? &*run_ : nullptr; }

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  int step() const { return cursor_.step(); }
  void draw_rows_view(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size, const gfx::Palette& p,
                      float font) const;
  void draw_image_view(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size, const gfx::Palette& p,
                       float font) const;
  std::vector<CellRow> build_rows(const gfx::Palette& p) const;
  int buffer_index(const char* name) const;
  int block_size() const;  // threads per block of the scan (the shared XY buffer's size)
  const std::vector<double>& snapshot(const char* buffer) const;
  void panel_parameters();

  SceneContext* context_ = nullptr;

  // parameters
  compact::Params params_;
  InputSource input_;

  // state
  std::optional<CompactRun> run_;
  StepCursor cursor_;
  std::string error_;
  FastPanel fast_{20, 5};

  // Where the last draw() put things (draw is const: a cache for describe_at).
  mutable std::vector<CellRow> hover_rows_;
  mutable RowsGeometry hover_geometry_;
  struct ImageHover {
    gfx::Vec2 min, max;
    int width = 0, height = 0;
    int what = 0;  // 0 input image, 1 flags, 2 output strip
  };
  mutable std::vector<ImageHover> image_hover_;
};

}  // namespace ws::app
