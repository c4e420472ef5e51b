// Segmented scan as a mode of the scan scene: typed segments "[1 2] [6 7 1] [1 2 3 4]", an
// operator, inclusive or exclusive; the segmented Kogge-Stone network step by step with segment
// boundaries and head flags drawn, checked against a per-segment serial scan (mismatches in red).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cell_rows.h"
#include "common/counters.h"
#include "fast_panel.h"
#include "scenes/scan/scan_app_mode.h"
#include "segmented_scan/segmented_scan.h"

namespace ws::app {

class SegmentedMode : public ScanAppMode {
 public:
  SegmentedMode();
  const char* id() const override { return "segmented"; }
  const char* title() const override { return "Segmented scan"; }
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset(Backend backend) override;
  int step_count() const override;
  int current_step() const override { return step_; }
  CodeRef code() const override;
  void seek(int step) override;
  void ui(Backend backend) override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  nlohmann::json results_json() const override;

 private:
  int buffer_index(const char* name) const;
  std::vector<scan_apps::CellRow> build_rows(const gfx::Palette& p) const;
  std::vector<int> segment_of() const;  // the segment index of every position
  void panel_parameters(Backend backend);

  // parameters
  std::string segments_text_;
  segscan::Params params_;

  // state
  segscan::Segments segments_;
  std::optional<segscan::TeachRun> run_;
  std::vector<double> reference_;  // the per-segment serial scan
  Counters counters_;
  std::vector<std::vector<std::vector<double>>> snapshots_;
  Backend backend_ = Backend::Cpu;
  std::string cpu_check_;  // CUDA runs: "" when the trace equals the CPU twin's
  int step_ = 0;
  std::string error_;
  scan_apps::FastPanel fast_{20};

  // Rows drawn by the last draw(): which trace step each network row shows (-1: not a step).
  mutable std::vector<int> row_step_;
  mutable std::vector<scan_apps::CellRow> hover_rows_;
  mutable scan_apps::RowsGeometry hover_geometry_;
};

}  // namespace ws::app
