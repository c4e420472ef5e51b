// The code panel: for every variant and finish, every step of a run names a statement that the
// panel finds and highlights in the real kernel source (kernels/reduce/reduce.cu).
#include <gtest/gtest.h>

#include "common/inputs.h"
#include "reduce/reduce.h"
#include "ui/code_panel.h"

namespace ws::app {
namespace {

TEST(CodePanel, EveryStepOfEveryVariantHighlightsAStatement) {
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 300, 1);
  for (const auto& info : reduce::variant_infos())
    for (reduce::Finish f :
         {reduce::Finish::TwoPass, reduce::Finish::Atomic, reduce::Finish::LastBlock}) {
      reduce::Params p;
      p.variant = info.variant;
      p.finish = f;
      const auto run = reduce::teach_cpu(p, values);
      for (const auto& step : run.trace.steps) {
        const SourceSection section =
            load_step_source("kernels/reduce/reduce.cu", info.id, step.code_marker);
        ASSERT_FALSE(section.lines.empty()) << info.id << ": no source section";
        EXPECT_GE(find_marker_line(section, step.code_marker), 0)
            << info.id << " / " << reduce::finish_name(f) << ": step '" << step.label << "' marker "
            << step.code_marker << " not found in " << section.title;
      }
    }
}

TEST(CodePanel, TheVariantSectionComesFirst) {
  const SourceSection s = load_step_source("kernels/reduce/reduce.cu", "sequential", "@tree");
  EXPECT_EQ(s.title, "variant sequential");
  EXPECT_GT(s.first_line, 1);
  EXPECT_TRUE(load_step_source("kernels/reduce/reduce.cu", "no-such-variant", "").lines.empty());
}

}  // namespace
}  // namespace ws::app
