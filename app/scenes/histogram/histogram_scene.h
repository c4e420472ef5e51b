// The histogram scene (issue 13, PMPP chapter 9): output conflicts you can watch. Modes over one
// HistogramSettings: teach (a traced run on up to 1024 samples, the atomics that collide drawn as
// queues per counter), contention (any input at full size: the histogram next to the contention
// heatmap, atomics and longest chain per bin) and image (the image helper's: channel histograms
// and live equalization).
#pragma once

#include <memory>

#include "histogram_settings.h"
#include "scene_kit/mode_switch.h"

namespace ws::app {

class HistogramScene : public ModeSwitch {
 public:
  HistogramScene();
  // As ModeSwitch's, and a switch that fails (a bad value) leaves the settings as they were.
  void params_from_json(const nlohmann::json& params) override;
  void ui() override;
  // The modes' benchmark, and `--mode skew`: the throughput-against-skew sweep.
  BenchJob bench_job(const BenchRequest& request) const override;

 protected:
  std::string infer_mode(const nlohmann::json& params) const override;
  void on_switch(Scene& from, Scene& to) override;

 private:
  explicit HistogramScene(std::shared_ptr<HistogramSettings> settings);
  std::shared_ptr<HistogramSettings> settings_;
  std::string error_;
  // The teaching input a switch to the contention mode replaced (the textbook's phrase gives way
  // to a million skewed samples), given back on the way to teach mode unless the user chose
  // another input meanwhile.
  HistogramSettings stashed_;
  HistogramSettings replaced_by_;  // what the switch put in its place
  bool stashed_valid_ = false;
  // The variant the image mode replaced with the fastest (given back on the way to teach mode).
  histogram::Variant variant_before_ = histogram::Variant::GlobalAtomic;
  bool variant_given_ = false;
};

}  // namespace ws::app
