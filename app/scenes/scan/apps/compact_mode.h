// Stream compaction as a mode of the scan scene: predicate flags -> exclusive scan -> scatter,
// step by step on typed values, random data or the pixels of an image (keep the pixels above a
// threshold), with fast mode against the library (CUB DeviceSelect::If / std::copy_if).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cell_rows.h"
#include "common/counters.h"
#include "common/inputs.h"
#include "compact/compact.h"
#include "fast_panel.h"
#include "scenes/scan/scan_app_mode.h"

namespace ws::app {

// One teach run with what the view needs precomputed.
struct CompactRun {
  compact::TeachRun run;
  Counters counters;
  std::vector<std::vector<std::vector<double>>> snapshots;  // [step][buffer][element]
  std::vector<double> reference;                            // std::copy_if
  Backend backend = Backend::Cpu;
  std::string input_label;
  int image_width = 0, image_height = 0;  // > 0: the input is an image's pixels, row-major
  std::string cpu_check;  // CUDA runs: "" when the trace equals the CPU twin's, else the difference
};

class CompactMode : public ScanAppMode {
 public:
  CompactMode();
  const char* id() const override { return "compact"; }
  const char* title() const override { return "Stream compaction"; }
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

  const CompactRun* run() const { return run_ ? &*run_ : nullptr; }

 private:
  std::vector<double> make_input(std::string& label, int& width, int& height) const;
  void draw_rows_view(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size, const gfx::Palette& p,
                      float font) const;
  void draw_image_view(gfx::Canvas& c, gfx::Vec2 origin, gfx::Vec2 size, const gfx::Palette& p,
                       float font) const;
  std::vector<scan_apps::CellRow> build_rows(const gfx::Palette& p) const;
  int buffer_index(const char* name) const;
  int block_size() const;  // threads per block of the scan (the shared XY buffer's size)
  const std::vector<double>& snapshot(const char* buffer) const;
  void panel_parameters(Backend backend);

  // parameters
  compact::Params params_;
  std::string values_text_;
  std::string image_path_;
  int64_t n_ = 32;
  uint64_t seed_ = 1;
  Distribution distribution_ = Distribution::Uniform;

  // state
  std::optional<CompactRun> run_;
  int step_ = 0;
  std::string error_;
  scan_apps::FastPanel fast_{20};

  // Where the last draw() put things (draw is const: a cache for describe_at).
  mutable std::vector<scan_apps::CellRow> hover_rows_;
  mutable scan_apps::RowsGeometry hover_geometry_;
  struct ImageHover {
    gfx::Vec2 min, max;
    int width = 0, height = 0;
    int what = 0;  // 0 input image, 1 flags, 2 output strip
  };
  mutable std::vector<ImageHover> image_hover_;
};

}  // namespace ws::app
