// The scan (prefix sums) scene, PMPP chapter 11: variants 1-10 on the CPU twin or the CUDA
// kernels, teach mode (the Kogge-Stone network, the Brent-Kung / Blelloch tree, the range table,
// the hierarchical levels, the single-pass look-back timeline, counters, code) and fast mode
// (timings vs the library). Its "mode" parameter switches to an application of scan (stream
// compaction, radix sort, segmented scan: scan_app_mode.h), to which it then forwards everything.
#pragma once

#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/counters.h"
#include "common/inputs.h"
#include "scan/scan.h"
#include "scan_app_mode.h"
#include "scan_views.h"
#include "scenes/scene.h"

namespace ws::app {

// The diagrams the scene draws. Auto picks the one that fits the variant.
enum class ScanView : uint8_t { Auto, Network, Ranges, Levels, Timeline, Trace, Scaling };
const char* scan_view_name(ScanView v);
bool parse_scan_view(const std::string& text, ScanView& out);
// The view Auto stands for with this variant.
ScanView resolve_scan_view(ScanView v, scan::Variant variant);

// Everything a session, the command line and the panels set for the scan itself.
struct ScanSettings {
  scan::Params params;
  std::string values_text = "3 1 7 0 4 1 6 3 5 2 8 1 9 4 2 6";  // typed values; "" = generated
  int64_t n = 16;
  uint64_t seed = 1;
  Distribution distribution = Distribution::Uniform;
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
// The input the settings describe, and a label saying where it came from.
std::vector<double> scan_settings_input(const ScanSettings& s, std::string& label);

// Teach runs the compare variant and the scaling panel use: `p` changed to `variant` in a form the
// variant accepts (exclusive for kogge-stone-excl, no race off Kogge-Stone, its own block size
// when the chosen one does not suit it).
scan::Params params_for_variant(const scan::Params& p, scan::Variant variant, int64_t n);

// One teach-mode run of one variant, with everything the views need precomputed.
ScanRun run_scan_variant(Backend backend, const scan::Params& params,
                         const std::vector<double>& input);

class ScanScene : public Scene {
 public:
  ScanScene();
  ~ScanScene() override;
  const char* id() const override { return "scan"; }
  const char* title() const override { return "Parallel scan (prefix sums)"; }
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
  int current_step() const override;
  void seek(int step) override;
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  nlohmann::json results_json() const override;

  const ScanSettings& settings() const { return settings_; }
  const ScanRun* primary() const { return primary_ ? &*primary_ : nullptr; }
  const ScanRun* comparison() const { return compare_ ? &*compare_ : nullptr; }
  const std::string& run_error() const { return error_; }
  // The active application mode, or null in "scan" mode.
  ScanAppMode* app_mode() const;
  // Steps and work of every variant at sizes 4..1024 (the scaling view); computed on demand.
  const ScalingData& scaling();

 private:
  void panel_parameters();
  void panel_counters() const;
  void panel_timeline();
  void panel_scaling();
  void panel_fast_mode();
  void apply_edit(const nlohmann::json& edit);

  SceneContext* context_ = nullptr;
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }

  ScanSettings settings_;
  std::string mode_ = "scan";
  std::vector<std::unique_ptr<ScanAppMode>> modes_;

  std::vector<double> input_;
  std::optional<ScanRun> primary_, compare_;
  int step_ = 0;
  std::string error_;  // the last run's error (e.g. a variant not built yet): shown in its place
  std::string edit_error_;  // the last rejected edit in the panel

  std::optional<ScalingData> scaling_;
  // The "record at size N" timeline (record_timeline), drawn instead of the teach-size one.
  std::optional<scan::Timeline> recorded_timeline_;
  int record_log2_n_ = 16;

  mutable std::vector<ScanHoverPane> hover_panes_;

  struct FastRow {
    std::string name;
    double ms = 0, gbps = 0, pct_copy = 0, ratio_to_library = 0;
    bool verified = false;
  };
  struct FastOutcome {
    std::vector<FastRow> rows;
    double copy_gbps = 0;
    std::string library;
    std::string error;
  };
  int fast_log2_n_ = 20;
  int fast_repeats_ = 10;
  std::future<FastOutcome> fast_job_;
  FastOutcome fast_;
};

}  // namespace ws::app
