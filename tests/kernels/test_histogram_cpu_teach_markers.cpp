// The code panel's view of teach mode: every step of every variant (with and without the race)
// names a marker comment that stands in the variant's "@variant <id>" section of
// kernels/histogram/histogram_teach.cu, or in one of its "@helper" sections, as the app's code
// panel looks them up.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "histogram/histogram.h"
#include "code_panel_test_support.h"
#include "histogram_teach_test_support.h"

namespace ws::histogram {
namespace {

std::string teach_source() {
  return ws::test::kernel_source("kernels/histogram/histogram_teach.cu");
}

TEST(HistogramCpuTeachMarkers, EveryStepHighlightsALineOfItsKernel) {
  const std::string source = teach_source();
  ASSERT_FALSE(source.empty()) << "kernels/histogram/histogram_teach.cu not found";
  const auto all = ws::test::kernel_sections(source);
  const BinSpec b = test::bins(40, 0, 256);
  const Samples s = test::random_samples(100, SampleType::F32, b, 1);
  for (Variant v : test::kAllVariants) {
    EXPECT_STREQ(info(v).source, "histogram_teach.cu");
    const auto section = all.find(std::string("variant ") + info(v).id);
    ASSERT_NE(section, all.end()) << "no @variant " << info(v).id;
    for (bool race : {false, true}) {
      const TeachRun run = teach(test::params(v, 32, 2, 4, race), s, b, Backend::Cpu);
      for (const TraceStep& step : run.trace.steps) {
        bool found = ws::test::has_marker(section->second, step.code_marker);
        for (const auto& [title, lines] : all)
          if (title.rfind("helper ", 0) == 0)
            found = found || ws::test::has_marker(lines, step.code_marker);
        EXPECT_TRUE(found) << info(v).id << ": step '" << step.label << "' marker "
                           << step.code_marker;
      }
    }
  }
}

}  // namespace
}  // namespace ws::histogram
