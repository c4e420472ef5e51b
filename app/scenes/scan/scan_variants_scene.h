// The scan itself (prefix sums, PMPP chapter 11), the first mode of the scan scene: variants 1-10
// on the CPU twin or the CUDA kernels, teach mode (the Kogge-Stone network, the Brent-Kung /
// Blelloch tree, the range table, the hierarchical levels, the single-pass look-back timeline,
// counters, code) and fast mode (timings vs the library).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "scan/scan.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/scene_inputs.h"
#include "scene_kit/step_cursor.h"
#include "scene_kit/scene.h"
#include "views/scan/scan_views.h"

namespace ws::app {

// The diagrams the scene draws. Auto picks the one that fits the variant.
enum class ScanView : uint8_t { Auto, Network, Ranges, Levels, Timeline, Trace, Scaling };
const char* scan_view_name(ScanView v);
bool parse_scan_view(const std::string& text, ScanView& out);
// The view Auto stands for with this variant.
ScanView resolve_scan_view(ScanView v, scan::Variant variant);

// The scan's input: typed values or n seeded values, at most scan::kTeachMaxN.
InputLimits scan_input_limits();

// Everything a session, the command line and the panels set for the scan itself.
struct ScanSettings {
  scan::Params params;
  InputSource input = InputSource::defaults(scan_input_limits());
  std::optional<scan::Variant> compare;
  ScanView view = ScanView::Auto;
  // Single-pass variants: record the block timeline at this many elements (record_timeline) and
  // draw it instead of the teach run's; 0 = the teach run's.
  int64_t record = 0;
};

// Parses `j` over `base` (only the keys present change). Throws ws::Error naming the key; `base`
// is not modified. Keys: variant, op, type, inclusive, exclusive, block, coarsening, mapping,
// race, values, n, seed, distribution, compare, view, record.
ScanSettings parse_scan_settings(const nlohmann::json& j, const ScanSettings& base);
nlohmann::json scan_settings_to_json(const ScanSettings& s);

// Teach runs the compare variant and the scaling panel use: `p` changed to `variant` in a form the
// variant accepts (exclusive for kogge-stone-excl, no race off Kogge-Stone, its own block size
// when the chosen one does not suit it).
scan::Params params_for_variant(const scan::Params& p, scan::Variant variant, int64_t n);

// One teach-mode run of one variant, with everything the views need precomputed (on CUDA checked
// against the CPU twin with scan::compare_with_twin).
ScanRun run_scan_variant(Backend backend, const scan::Params& params,
                         const std::vector<double>& input);

// Steps and operations of every variant at each size (teach runs on the CPU twin).
ScalingData compute_scaling(const scan::Params& base, const std::vector<int64_t>& sizes);

class ScanVariantsScene : public Scene {
 public:
  const char* id() const override { return "scan"; }
  const char* title() const override { return TR_NOOP("Scan (prefix sums)"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override { context_ = nullptr; }
  nlohmann::json params_to_json() const override { return scan_settings_to_json(settings_); }
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override;
  int current_step() const override { return cursor_.step(); }
  void seek(int step) override { cursor_.seek(step, step_count()); }
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Lecture mode: the ten variants in order; the current step of the variant said in words
  // (scan_captions.cpp).
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  nlohmann::json results_json() const override;
  // Every variant (or --variant's) and the library at --sizes (log2; default
  // bench::default_scan_sizes), --type (default float32), this scene's operator and scan kind.
  BenchJob bench_job(const BenchRequest& request) const override;

  const ScanSettings& settings() const { return settings_; }
  const ScanRun* primary() const { return primary_ ? &*primary_ : nullptr; }
  const ScanRun* comparison() const { return compare_ ? &*compare_ : nullptr; }
  const std::string& run_error() const { return error_; }
  // Steps and work of every variant at sizes 4..1024 (the scaling view); computed on demand.
  const ScalingData& scaling();

 private:
  void panel_parameters();
  void panel_counters() const;
  void panel_timeline();
  void panel_scaling();

  SceneContext* context_ = nullptr;
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  int step() const { return cursor_.step(); }

  ScanSettings settings_;
  std::vector<double> input_;
  std::optional<ScanRun> primary_, compare_;
  StepCursor cursor_;
  std::string error_;  // the last run's error (e.g. a variant not built yet): shown in its place
  std::string edit_error_;  // the last rejected edit in the panel

  std::optional<ScalingData> scaling_;
  // The "record at size N" timeline (record_timeline), drawn instead of the teach-size one.
  std::optional<scan::Timeline> recorded_timeline_;
  int record_log2_n_ = 16;

  mutable std::vector<ScanHoverPane> hover_panes_;
  FastPanel fast_{20, 10};
};

}  // namespace ws::app
