// Teach mode: one traced run of a variant on a small input (histogram_teach_input_limits; a longer
// text, file or image is cut to its first samples and the header says so), step by step; the
// figure and its hover (histogram_teach_view.cpp), the captions (histogram_teach_caption.cpp).
#pragma once

#include "histogram_teach_run.h"
#include "scene_kit/traced_mode.h"
#include "scenes/histogram/histogram_panels.h"

namespace ws::app {
class HistogramTeachMode : public TracedMode<HistogramSettings, histogram::TeachRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  void check(const HistogramSettings& s) const override;  // the input loads within the limits

 protected:
  void prepare() override;
  histogram::TeachRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;

 private:
  HistogramInput input_;
};
}  // namespace ws::app
