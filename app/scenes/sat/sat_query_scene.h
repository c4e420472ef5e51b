// The summed-area-table scene's query mode: drag a rectangle on the image; its four corners A, B,
// C, D light up on the table, and the sum and mean come from D - B - C + A, checked against a
// direct sum of the rectangle's pixels.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "sat_input.h"
#include "sat_settings.h"
#include "scene_kit/scene.h"
#include "views/value_grid.h"

namespace ws::app {

// The arithmetic of one query: the corners' table values and what they give.
struct SatQuery {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // clamped to the image, inclusive
  double a = 0, b = 0, c = 0, d = 0;   // table values (0 outside the table)
  double sum = 0, direct = 0;          // by the four look-ups; by adding the pixels
  int64_t count = 0;
  double mean() const { return count > 0 ? sum / count : 0; }
  bool matches() const { return sum == direct; }
};

class SatQueryScene : public Scene {
 public:
  explicit SatQueryScene(std::shared_ptr<SatSettings> settings);
  const char* id() const override { return "query"; }
  const char* title() const override { return TR_NOOP("query a rectangle"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override { return 1; }
  int current_step() const override { return 0; }
  void seek(int /*step*/) override {}
  void pointer(const Pointer& p) override;
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Lecture mode (sat_captions.cpp).
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  nlohmann::json results_json() const override;
  BenchJob bench_job(const BenchRequest& request) const override;

  SatQuery query() const;

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  // The image cell under `point` on the image panel (false elsewhere).
  bool image_cell(gfx::Vec2 point, int& x, int& y) const;
  // computed_on_ in the current language: "cpu register-tiled" (a short variant name in Chinese).
  std::string computed_on_text() const;

  std::shared_ptr<SatSettings> settings_;
  SceneContext* context_ = nullptr;
  std::string error_;
  SatInput input_;
  std::vector<double> table_;  // channel 0's table in the accumulation type
  std::string computed_on_;
  // What computed the table, for computed_on_text (computed_on_ is the JSON's, in English).
  bool computed_sequential_ = false;
  Backend computed_backend_ = Backend::Cpu;
  sat::Variant computed_variant_ = sat::Variant::RowColumn;
  std::string shown_input_;  // the input of the last reset (a new one may drop the rectangle)    //
                             // "cuda register-tiled", "cpu sequential"
  int drag_x_ = -1, drag_y_ = -1;
  // Where draw() put the two panels: the image's and the table's cells.
  mutable GridGeometry image_geo_, table_geo_;
};

// The largest image the query mode shows (bigger ones are averaged down).
inline constexpr int kSatQueryMax = 1024;

}  // namespace ws::app
