// Small lab runs for compute-sanitizer (scripts/device-check.sh runs *ForTheSanitizers* under
// memcheck, racecheck and synccheck): the lab's runtime (upload, recorder, read-back, timing) and
// the header's views, traced and untraced, with an out-of-bounds access the views stop.
#include <gtest/gtest.h>

#include "lab_gpu_test_support.h"

namespace ws::lab {
namespace {

TEST(LabGpu, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  // The unguarded kernel runs traced only: untraced, its views are plain pointers and the access
  // past the end is real.
  const std::vector<std::pair<Job, bool>> jobs = {
      {gpu_test::vector_add(100, Launch{2, 1, 64, 1}), true},
      {gpu_test::vector_add(10, Launch{1, 1, 16, 1}, /*guarded=*/false), false},
      {gpu_test::shared_reduction(100, 2, 32), true}};
  for (const auto& [source_job, also_untraced] : jobs) {
    Job job = source_job;
    for (bool traced : {true, false}) {
      if (!traced && !also_untraced) continue;
      job.backend = Backend::Cuda;
      job.traced = traced;
      job.timing_repeats = traced ? 0 : 2;
      const Result r = run(job);
      ASSERT_TRUE(r.compiled) << gpu_test::messages(r);
      EXPECT_TRUE(gpu_test::diagnostics_of(r, DiagKind::LaunchError).empty())
          << gpu_test::messages(r);
      EXPECT_EQ(r.raw.empty(), !traced);
    }
  }
}

}  // namespace
}  // namespace ws::lab
