// The code panel's view of the matmul kernels: every variant's source file (MatmulVariantInfo::
// source) has its "@variant id" section, and every step of its teach trace names a marker comment
// inside it.
#include <gtest/gtest.h>

#include "code_panel_test_support.h"
#include "matmul_test_support.h"

namespace ws::mem {
namespace {

TEST(MatmulCodeMarkers, EveryStepsMarkerIsInItsVariantsSection) {
  for (MatmulVariant v : matmul_test::all_matmul_variants()) {
    const std::string file = std::string("kernels/memory/") + matmul_info(v).source;
    const std::string source = ws::test::kernel_source(file);
    if (source.empty()) GTEST_SKIP() << file << " not found (set WARPSCOPE_SOURCE_DIR)";
    const auto sections = ws::test::kernel_sections(source);
    const auto section = sections.find(std::string("variant ") + matmul_info(v).id);
    ASSERT_NE(section, sections.end()) << file << " has no // @variant " << matmul_info(v).id;
    const MatmulTeachRun run =
        teach_matmul(matmul_test::teach_params(v, 4), matmul_test::random_matrix(5, 6, 1u),
                     matmul_test::random_matrix(6, 7, 2u), Backend::Cpu);
    for (const TraceStep& s : run.trace.steps)
      EXPECT_TRUE(ws::test::has_marker(section->second, s.code_marker))
          << matmul_info(v).id << ": step '" << s.label << "' marker " << s.code_marker;
  }
}

}  // namespace
}  // namespace ws::mem
