// The parallel-reduction scene: variants 1-7 with three finishes, four operators, int32/float32;
// teach mode (trace, tree view, counters, code) and fast mode (timings vs CUB and copy bandwidth).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "reduce/reduce.h"
#include "reduce_bench_job.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/scene_inputs.h"
#include "scene_kit/step_cursor.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/scene.h"
#include "views/trace_tree_view.h"

namespace ws::app {

// One teach-mode run of one variant: what the views need, and what the kit derived from its trace
// (counters, snapshots and, on CUDA, the check against the CPU twin).
struct ReduceRun {
  reduce::Params params;
  reduce::TeachRun run;
  TracedRun traced;
  double reference = 0;     // serial answer
  std::string input_label;  // where the values came from, e.g. "camera.png 512×512 → 64×64"
};

// Where one run's tree was drawn in the figure (for the viewport's hover descriptions).
struct ReduceHoverPane {
  gfx::Vec2 origin;
  TraceTreeKey key;
  const ReduceRun* run = nullptr;
};

// The twin comparison of a reduction: a last-block run is finished on the GPU by whichever block
// draws the last ticket, so that block is renamed to the CPU twin's (grid-1) before comparing.
std::string compare_reduce_traces(const reduce::Params& params, const Trace& twin, Trace& kernel,
                                  std::string* note);

// Whether `result` is the serial `reference` of `input`: exactly for int32 and for min/max, within
// the tolerance of a float order (bench::reduce_reference) for a float32 sum or product.
bool matches_serial(const reduce::Params& params, const std::vector<double>& input, double result,
                    double reference);

class ReduceScene : public Scene {
 public:
  ReduceScene();
  const char* id() const override { return "reduce"; }
  const char* title() const override { return TR_NOOP("Parallel reduction"); }
  SceneCapabilities capabilities() const override {
    SceneCapabilities c;
    c.steps = true;
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
  int current_step() const override { return cursor_.step(); }
  void seek(int step) override { cursor_.seek(step, step_count()); }
  void ui() override;
  void code_ui() override { panel_code(); }
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  nlohmann::json results_json() const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Files opened or dropped on the window (the scene's *_files.cpp).
  nlohmann::json params_for_file(const FileInfo& file) const override;
  // Lecture mode: the keys 1..7 choose the variants; the caption says what the current step of
  // the variant does and why (reduce_caption.cpp).
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  // `warpscope bench`: float32 sums (or --type) of the benchmark's own data, every variant.
  BenchJob bench_job(const BenchRequest& request) const override;

  const ReduceRun& primary() const { return *primary_; }
  const ReduceRun* comparison() const { return compare_ ? &*compare_ : nullptr; }

 private:
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
  InputSource source_;
  std::optional<reduce::Variant> compare_variant_;

  // state
  std::vector<double> input_;
  std::optional<ReduceRun> primary_, compare_;
  StepCursor cursor_;
  std::string error_;  // last parameter/run error, shown in the panel

  // Where the last draw() put each run's tree, for describe_at (draw is const: a cache).
  mutable std::vector<ReduceHoverPane> hover_panes_;

  FastPanel fast_{20, 10};
};

// The inputs the scene takes: up to reduce::kTeachMaxN values, typed, generated or from an image.
InputLimits reduce_input_limits();

// Why `step` of a run with `params` does what it does (the teaching point of that step of that
// variant), in the current language; "" for a step it has nothing to add to the facts.
std::string reduce_step_why(const reduce::Params& params, const TraceStep& step, int warp_size);

}  // namespace ws::app
