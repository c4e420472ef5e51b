// The parallel-reduction scene: variants 1-7 with three finishes, four operators, int32/float32;
// teach mode (trace, tree view, counters, code) and fast mode (timings vs CUB and copy bandwidth).
#pragma once

#include <future>
#include <optional>
#include <string>
#include <vector>

#include "common/counters.h"
#include "common/inputs.h"
#include "reduce_bench.h"
#include "reduce/float_orders.h"
#include "reduce/reduce.h"
#include "scenes/scene.h"
#include "views/trace_tree_view.h"

namespace ws::app {

// One teach-mode run of one variant, with everything the views need precomputed.
struct ReduceRun {
  reduce::Params params;
  reduce::TeachRun run;
  Counters counters;
  std::vector<std::vector<std::vector<double>>> snapshots;  // [step][buffer][element]
  double reference = 0;                                     // serial answer
  Backend backend = Backend::Cpu;
  std::string input_label;  // where the values came from, e.g. "camera.png 512×512 → 64×64"
  std::string cpu_check;    // "" when the CPU reference trace matches (or the run was on the CPU)
  std::vector<std::vector<std::vector<bool>>> mismatch;  // [step][buffer][element] vs CPU
};

// Where one run's tree was drawn in the figure (for the viewport's hover descriptions).
struct ReduceHoverPane {
  gfx::Vec2 origin;
  TraceTreeKey key;
  const ReduceRun* run = nullptr;
};

class ReduceScene : public Scene {
 public:
  ReduceScene();
  const char* id() const override { return "reduce"; }
  const char* title() const override { return "Parallel reduction"; }
  SceneCapabilities capabilities() const override {
    SceneCapabilities c;
    c.takes_image = true;
    c.benchable = true;
    return c;
  }
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override;
  int current_step() const override { return step_; }
  void seek(int step) override;
  void ui() override;
  void code_ui() override { panel_code(); }
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  nlohmann::json results_json() const override;
  std::string describe_at(gfx::Vec2 point) const override;

  const ReduceRun& primary() const { return *primary_; }
  const ReduceRun* comparison() const { return compare_ ? &*compare_ : nullptr; }

 private:
  std::vector<double> make_input(std::string& label) const;
  ReduceRun run_variant(const reduce::Params& params, const std::vector<double>& input) const;
  void panel_parameters();
  void panel_counters() const;
  void panel_float_lesson() const;
  void panel_fast_mode();
  void panel_code() const;

  SceneContext* context_ = nullptr;
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }

  // parameters
  reduce::Params params_;
  std::string values_text_;  // typed values; empty = generated
  std::string image_path_;   // pixel intensities of an image; empty = none
  int64_t n_ = 16;
  uint64_t seed_ = 1;
  Distribution distribution_ = Distribution::Uniform;
  std::optional<reduce::Variant> compare_variant_;

  // state
  std::vector<double> input_;
  std::optional<ReduceRun> primary_, compare_;
  int step_ = 0;
  std::string error_;  // last parameter/run error, shown in the panel

  // Where the last draw() put each run's tree, for describe_at (draw is const: a cache).
  mutable std::vector<ReduceHoverPane> hover_panes_;

  // fast mode
  // fast mode: the benchmark of bench/ runs on a worker thread so the window stays live
  struct FastOutcome {
    std::vector<bench::BenchRow> rows;
    double copy_gbps = 0;
    std::string error;
  };
  int fast_log2_n_ = 20;
  int fast_repeats_ = 10;
  std::future<FastOutcome> fast_job_;
  FastOutcome fast_;
};

}  // namespace ws::app
