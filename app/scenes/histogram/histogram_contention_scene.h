// The histogram scene's contention mode: any input at full size (synthetic samples up to 2^28 on
// CUDA, 2^24 on the CPU backend; images; text files), the chosen variant run through the engine
// (its counts checked against the sequential reference) and the contention model of the same
// launch: the histogram next to the contention heatmap (atomics per bin as bars coloured by the
// longest chain), the hot bins labelled and one line per variant.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "histogram/histogram.h"
#include "histogram_input.h"
#include "histogram_report.h"
#include "histogram_settings.h"
#include "i18n/i18n.h"
#include "scene_kit/fast_panel.h"
#include "scene_kit/scene.h"

namespace ws::app {

// Synthetic samples the CPU backend takes (the engine and the model both run on the host).
inline constexpr int64_t kHistogramCpuMaxSamples = int64_t{1} << 24;
// Up to this many samples the figure lists the model's line for every variant.
inline constexpr int64_t kHistogramAllVariantsMax = int64_t{1} << 22;

class HistogramContentionScene : public Scene {
 public:
  explicit HistogramContentionScene(std::shared_ptr<HistogramSettings> settings);
  const char* id() const override { return "contention"; }
  const char* title() const override { return TR_NOOP("contention at full size"); }
  SceneCapabilities capabilities() const override;
  void attach(SceneContext& context) override;
  void detach() override;
  nlohmann::json params_to_json() const override;
  void params_from_json(const nlohmann::json& params) override;
  void reset() override;
  int step_count() const override { return 1; }
  int current_step() const override { return 0; }
  void seek(int) override {}
  void ui() override;
  void code_ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string describe_at(gfx::Vec2 point) const override;
  // Lecture mode (histogram_captions.cpp): the eight variants, and what the figure shows and why.
  std::vector<std::string> lecture_variants() const override;
  std::string caption() const override;
  nlohmann::json results_json() const override;
  BenchJob bench_job(const BenchRequest& request) const override;

  const std::vector<uint32_t>& counts() const { return counts_; }
  const BinContention& contention() const { return model_; }

 private:
  Backend backend() const { return context_ ? context_->backend : Backend::Cpu; }
  std::shared_ptr<HistogramSettings> settings_;
  SceneContext* context_ = nullptr;
  FastPanel fast_{20, 10};  // the current input's distribution and bins, at 2^20 by default
  std::string error_;
  HistogramInput input_;
  bool ran_ = false;
  std::unique_ptr<histogram::Engine> engine_;
  std::vector<uint32_t> counts_, reference_;
  BinContention model_;
  histogram::LaunchShape launch_;  // as resolved for the run
  std::vector<std::pair<histogram::Variant, BinContention>> all_variants_;
  // Hover: the plot's columns.
  mutable float plot_x0_ = 0, plot_x1_ = 0, plot_y0_ = 0, plot_y1_ = 0;
  mutable int columns_ = 0, bins_per_column_ = 1;
};

}  // namespace ws::app
