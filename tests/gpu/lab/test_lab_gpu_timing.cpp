// The kernel lab's untraced CUDA build: the same outputs as the traced one, a median time over the
// repeats, and the compiled kernel's resources (registers, shared memory, occupancy, PTX, SASS or
// the note saying why not).
#include <gtest/gtest.h>

#include "lab_gpu_test_support.h"

namespace ws::lab {
namespace {

using gpu_test::messages;
using gpu_test::run_on;

TEST(LabGpuTiming, UntracedRunIsTimedAndComputesTheSameOutputs) {
  WS_SKIP_WITHOUT_GPU();
  Job job = gpu_test::vector_add(1 << 16, Launch{256, 1, 256, 1});
  const Result traced = run_on(Backend::Cuda, job);
  job.traced = false;
  job.timing_repeats = 5;
  const Result timed = run_on(Backend::Cuda, job);
  ASSERT_TRUE(timed.compiled) << messages(timed);
  EXPECT_TRUE(timed.diagnostics.empty()) << messages(timed);
  EXPECT_GT(timed.ms, 0.0);
  EXPECT_LT(timed.ms, 100.0);
  EXPECT_EQ(timed.outputs[2], traced.outputs[2]);
  EXPECT_TRUE(timed.raw.empty());
  EXPECT_EQ(traced.ms, -1);  // traced runs are not timed
  // The untraced PTX has no recorder.
  EXPECT_EQ(timed.resources.ptx.find("ws_lab_recorder"), std::string::npos);
  EXPECT_NE(traced.resources.ptx.find("ws_lab_recorder"), std::string::npos);
}

TEST(LabGpuTiming, ResourcesOfTheCompiledKernelAreKnown) {
  WS_SKIP_WITHOUT_GPU();
  Job job = gpu_test::shared_reduction(128, 2, 32);
  job.traced = false;
  const Result r = run_on(Backend::Cuda, job);
  ASSERT_TRUE(r.compiled) << messages(r);
  const Resources& res = r.resources;
  ASSERT_TRUE(res.known) << res.note;
  EXPECT_GT(res.registers, 0);
  EXPECT_GE(res.shared_bytes, 64 * 4);  // WS_SHARED(float, partial, 64)
  EXPECT_GE(res.max_threads_per_block, 32);
  EXPECT_GE(res.active_blocks_per_sm, 1);
  EXPECT_GT(res.occupancy, 0.0);
  EXPECT_LE(res.occupancy, 1.0);
  EXPECT_NE(res.ptx.find(".entry"), std::string::npos);
  if (res.sass.empty()) {
    EXPECT_NE(res.note.find("no SASS"), std::string::npos) << res.note;
  } else {
    EXPECT_NE(res.sass.find("BAR"), std::string::npos);  // __syncthreads
    bool line_11 = false;                                // the tree's add
    for (const auto& [index, line] : res.sass_lines) line_11 = line_11 || line == 11;
    EXPECT_TRUE(res.sass_lines.empty() || line_11) << res.note;
  }
}

}  // namespace
}  // namespace ws::lab
