// The code panel's view of the access kernels: every pattern's source file has its "@variant id"
// section, and every step of its trace names a marker comment inside it.
#include <gtest/gtest.h>

#include <string>

#include "code_panel_test_support.h"
#include "memory/access.h"

namespace ws::mem {
namespace {

TEST(AccessCodeMarkers, EveryStepsMarkerIsInItsPatternsSection) {
  for (const PatternInfo& info : pattern_infos()) {
    const std::string file = std::string("kernels/memory/") + info.source;
    const std::string source = ws::test::kernel_source(file);
    if (source.empty()) GTEST_SKIP() << file << " not found (set WARPSCOPE_SOURCE_DIR)";
    const auto sections = ws::test::kernel_sections(source);
    const auto section = sections.find(std::string("variant ") + info.id);
    ASSERT_NE(section, sections.end()) << file << " has no // @variant " << info.id;
    AccessParams p;
    p.pattern = info.variant;
    const AccessRun run = run_access(p, Backend::Cpu);
    for (const TraceStep& s : run.trace.steps)
      EXPECT_TRUE(ws::test::has_marker(section->second, s.code_marker))
          << info.id << ": step '" << s.label << "' marker " << s.code_marker;
  }
}

}  // namespace
}  // namespace ws::mem
