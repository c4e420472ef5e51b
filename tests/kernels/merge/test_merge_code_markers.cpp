// The code panel's view of the merge kernels: every variant's source file (MergeInfo::source) has
// its "@variant id" section, and every step of its teach trace names a marker comment inside it.
#include <gtest/gtest.h>

#include <string>

#include "code_panel_test_support.h"
#include "merge_test_support.h"

namespace ws::merge {
namespace {

TEST(MergeCodeMarkers, EveryStepsMarkerIsInItsVariantsSection) {
  const MergeInput in = make_merge_input(MergeGen::Uniform, 9, 7, 1, KeyType::Int32);
  for (const MergeTeachParams& p : mtest::configurations()) {
    const MergeInfo& info = merge_info(p.variant);
    const std::string file = std::string("kernels/merge/") + info.source;
    const std::string source = ws::test::kernel_source(file);
    if (source.empty()) GTEST_SKIP() << file << " not found (set WARPSCOPE_SOURCE_DIR)";
    const auto sections = ws::test::kernel_sections(source);
    const auto section = sections.find(std::string("variant ") + info.id);
    ASSERT_NE(section, sections.end()) << file << " has no // @variant " << info.id;
    const MergeTeachRun run = teach_merge(p, in.a, in.b, Backend::Cpu);
    for (const TraceStep& s : run.trace.steps)
      EXPECT_TRUE(ws::test::has_marker(section->second, s.code_marker))
          << info.id << ": step '" << s.label << "' marker " << s.code_marker;
  }
}

}  // namespace
}  // namespace ws::merge
