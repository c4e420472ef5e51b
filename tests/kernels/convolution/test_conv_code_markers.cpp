// The code panel's view of the kernels: every variant's source file (VariantInfo::source) has its
// "@variant id" section, and every step of its trace names a marker comment inside it.
#include <gtest/gtest.h>

#include "code_panel_test_support.h"
#include "conv_test_support.h"

namespace ws::conv {
namespace {

TEST(ConvCodeMarkers, EveryStepsMarkerIsInItsVariantsSection) {
  for (Variant v : test::all_variants()) {
    const std::string file = std::string("kernels/convolution/") + info(v).source;
    const std::string source = ws::test::kernel_source(file);
    if (source.empty()) GTEST_SKIP() << file << " not found (set WARPSCOPE_SOURCE_DIR)";
    const auto sections = ws::test::kernel_sections(source);
    const auto section = sections.find(std::string("variant ") + info(v).id);
    ASSERT_NE(section, sections.end()) << file << " has no // @variant " << info(v).id;
    TeachParams p;
    p.variant = v;
    const TeachRun run =
        teach(p, test::random_plane(9, 9, 1), test::random_filter(1, 1, 1), Backend::Cpu);
    for (const TraceStep& s : run.trace.steps)
      EXPECT_TRUE(ws::test::has_marker(section->second, s.code_marker))
          << info(v).id << ": step '" << s.label << "' marker " << s.code_marker;
  }
}

}  // namespace
}  // namespace ws::conv
