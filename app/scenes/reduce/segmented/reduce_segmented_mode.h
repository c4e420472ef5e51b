// The reduction scene's segmented mode (the lecture's "segment reduce"): one total per segment of
// `--segments "[1 2] [6 7 1] [1 2 3 4]"` (the segmented scan's flags), by a segmented Kogge-Stone
// in one block (kernels/reduce/segmented_reduce.h): the levels as rows of the trace figure, the
// segments and their totals against a serial loop per segment.
#pragma once

#include <string>
#include <vector>

#include "../reduce_settings.h"
#include "reduce/segmented_reduce.h"
#include "scene_kit/traced_mode.h"

namespace ws::app {

struct ReduceSegmentedRun : reduce::SegmentedRun {
  BinaryOp op = BinaryOp::Sum;
  ValueType type = ValueType::Int32;
  reduce::SegmentedInput input;
  std::vector<double> reference;  // the serial loop's totals
};

// The segments of the settings' text (ws::segscan::parse_segments); throws ws::Error naming
// --segments.
reduce::SegmentedInput parse_reduce_segments(const std::string& text);

class ReduceSegmentedMode : public TracedMode<ReduceSettings, ReduceSegmentedRun> {
 public:
  void ui() override;
  void draw(gfx::Canvas& canvas, gfx::Theme theme) const override;
  std::string caption() const override;
  KernelSource kernel_source() const override;

 protected:
  ReduceSegmentedRun run(Backend backend, int which) const override;
  void fill(RunJson& doc) const override;
};

// Why step `step` of a segmented run does what it does, in the current language.
std::string segmented_step_why(const TraceStep& step);

}  // namespace ws::app
