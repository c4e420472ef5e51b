// Segmented scan, a mode of the scan scene: typed segments "[1 2] [6 7 1] [1 2 3 4]", an
// operator, inclusive or exclusive; the segmented Kogge-Stone network step by step with segment
// boundaries and head flags drawn, checked against a per-segment serial scan (mismatches in red).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/step_cursor.h"
#include "scene_kit/teach_pipeline.h"
#include "scene_kit/scene.h"
#include "segmented_scan/segmented_scan.h"
#include "views/cell_rows.h"
#include "scene_kit/panel_widgets.h"

namespace ws::app {

class SegmentedScene : public Scene {
 public:
  SegmentedScene();
  const char* id() const override { return "segmented"; }
  const char* title() const override { return TR_NOOP("Segmented scan"); }
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
  // Lecture mode: what the current step does and why (head flags stop a window), with its facts.
  std::string caption() const override;
  nlohmann::json results_json() const override;
  // Our segmented scan at full size, checked against the serial per-segment loop (there is no
  // library baseline).
  BenchJob bench_job(const BenchRequest& request) const override;

 private:
  int buffer_index(const char* name) const;
  std::vector<CellRow> build_rows(const gfx::Palette& p) const;
  std::vector<int> segment_of() const;  // the segment index of every position
  void panel_parameters();
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  int step() const { return cursor_.step(); }

  SceneContext* context_ = nullptr;

  // parameters
  std::string segments_text_;
  segscan::Params params_;

  // state
  segscan::Segments segments_;
  std::optional<segscan::TeachRun> run_;
  std::vector<double> reference_;  // the per-segment serial scan
  TracedRun traced_;               // counters, snapshots, the CPU-twin check of a CUDA run
  StepCursor cursor_;
  std::string error_;
  FastPanel fast_{20, 5};

  // Rows drawn by the last draw(): which trace step each network row shows (-1: not a step).
  mutable std::vector<int> row_step_;
  mutable std::vector<CellRow> hover_rows_;
  mutable RowsGeometry hover_geometry_;
};

}  // namespace ws::app
