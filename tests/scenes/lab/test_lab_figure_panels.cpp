// The lab's result panels: drawn in an ImGui frame from a run with problems (counters, output,
// times on both backends, resources known and not); the numbers they show computed apart.
#include <gtest/gtest.h>

#include "gl_environment.h"
#include "imgui_frame_test_support.h"
#include "lab_figure_test_support.h"
#include "scenes/lab/figure/lab_panels.h"

namespace ws::app {
namespace {

TEST(LabFigurePanels, DrawInAnImGuiFrame) {
  WS_REQUIRE_GL();
  lab::Result r = lab_fig_test::run_once(lab_fig_test::kUnguardedSource, 56);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  lab::Diagnostic wrong;
  wrong.kind = lab::DiagKind::WrongAnswer;
  wrong.buffer = 1;
  wrong.index = 1;
  wrong.line = 12;
  wrong.message = "out[1]: expected 5, got 4";
  r.diagnostics.push_back(wrong);
  const LabFigureData data = lab_figure_data(r);
  const lab::Job job = lab_fig_test::reduce_job(lab_fig_test::kUnguardedSource, 56);
  const std::vector<std::vector<double>> expected = {{}, {1, 5}, {}};
  lab::Resources known;
  known.known = true;
  known.registers = 18;
  known.occupancy = 1.0;
  known.sass = "LDG.E R2, [R2]\nFADD R0, R2, R3\nSTS [R4], R0\n";
  known.ptx = ".version 8.0\n";
  known.sass_lines = {{0, 6}, {1, 6}, {2, 7}};
  const LabTimes cpu = lab_times(Backend::Cpu, 3.5, 3.0, -1, "", lab_bytes_moved(job.args));
  const LabTimes cuda{Backend::Cuda, 0.02, 0.01, 0.008, "CUB", 1 << 20, 3000};
  for (int frame = 0; frame < 2; ++frame)
    testing::panels_frame(
        gfx::test::imgui_runtime(), {},
        [&] {
          EXPECT_EQ(lab_counters_panel(r, data, 0), -1);
          EXPECT_EQ(lab_output_panel(r, &job.args, &expected), 0);
          lab_time_panel(cpu);
          lab_time_panel(cuda);
        },
        [&] {
          lab_resources_panel(known, Backend::Cuda, 6);
          lab_resources_panel(lab::Resources{}, Backend::Cpu, 6);
        });
  // in (56 floats) and out (2 floats): 232 bytes, none on the CPU compared with a copy.
  EXPECT_EQ(cpu.bytes, (56 + 2) * 4);
  EXPECT_EQ(cpu.copy_gbps, 0);
  EXPECT_EQ(sass_lines_of(known, 6), (std::vector<int>{0, 1}));
  EXPECT_EQ(sass_lines_of(known, 7), (std::vector<int>{2}));
  EXPECT_TRUE(sass_lines_of(known, 9).empty());
}

TEST(LabFigurePanels, SectorsPerRequestOfAContiguousLoad) {
  const lab::Result& r =
      lab_fig_test::run_once(lab_fig_test::kReduceSource, lab_fig_test::kBlock * 4);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  const LabFigureData data = lab_figure_data(r);
  // Phase 0: a block's 16 threads are one warp; each of its two loads reads 16 contiguous floats
  // (64 bytes, 32-byte aligned): 2 sectors a request. Phase 1 touches shared memory only; the
  // last phase's one store out[b] per block is 1 sector.
  EXPECT_DOUBLE_EQ(sectors_per_request(data, 0), 2.0);
  EXPECT_DOUBLE_EQ(sectors_per_request(data, 1), 0.0);
  EXPECT_DOUBLE_EQ(sectors_per_request(data, int(r.trace.steps.size()) - 1), 1.0);
}

}  // namespace
}  // namespace ws::app
