// Launches the device refuses or that fault: a block past the kernel's thread limit is refused
// before the launch (the limit named); a fault in the student's kernel is a LaunchError that says
// the CUDA context is lost (a sticky error) and every later job says so too, in a child process
// (a death test) so that this one stays usable.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "lab_gpu_test_support.h"

namespace ws::lab {
namespace {

using gpu_test::diagnostics_of;
using gpu_test::messages;
using gpu_test::run_on;

TEST(LabGpuLaunch, ABlockPastTheKernelsThreadLimitIsALaunchError) {
  WS_SKIP_WITHOUT_GPU();
  Job job = gpu_test::vector_add(100, Launch{1, 1, 128, 1});
  job.source =
      "__global__ void __launch_bounds__(64) add(ws::Global<const float> a,\n"
      "    ws::Global<const float> b, ws::Global<float> c, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n) c[i] = a[i] + b[i];\n"
      "}\n";
  const Result r = run_on(Backend::Cuda, job);
  ASSERT_TRUE(r.compiled) << messages(r);
  EXPECT_EQ(r.resources.max_threads_per_block, 64);
  const auto errors = diagnostics_of(r, DiagKind::LaunchError);
  ASSERT_EQ(errors.size(), 1u) << messages(r);
  EXPECT_NE(errors[0].message.find("blocks of 128 threads"), std::string::npos)
      << errors[0].message;
  EXPECT_NE(errors[0].message.find("at most 64"), std::string::npos) << errors[0].message;
  EXPECT_TRUE(r.raw.empty());
  job.launch = Launch{2, 1, 64, 1};  // within the limit it runs
  const Result fits = run_on(Backend::Cuda, job);
  EXPECT_TRUE(fits.diagnostics.empty()) << messages(fits);
}

// The child's checks: 0 when the fault and the spent context are reported as they should be.
int fault_then_next_job() {
  Job fault = gpu_test::vector_add(4, Launch{1, 1, 32, 1});
  fault.source =
      "__global__ void add(ws::Global<const float> a, ws::Global<const float> b,\n"
      "                    ws::Global<float> c, int n) {\n"
      "  if (threadIdx.x == 0) c.data[(long long)n << 38] = a[0];  // a terabyte past c\n"
      "}\n";
  const Result r = run_on(Backend::Cuda, fault);
  const auto errors = diagnostics_of(r, DiagKind::LaunchError);
  if (!r.compiled || errors.size() != 1 || errors[0].message.find("sticky") == std::string::npos) {
    std::fprintf(stderr, "the fault: %s\n", messages(r).c_str());
    return 1;
  }
  const Result next = run_on(Backend::Cuda, gpu_test::vector_add(4, Launch{1, 1, 32, 1}));
  if (diagnostics_of(next, DiagKind::LaunchError).empty()) {
    std::fprintf(stderr, "the next job: %s\n", messages(next).c_str());
    return 2;
  }
  return 0;
}

TEST(LabGpuLaunchDeathTest, AFaultSaysTheContextIsLost) {
  WS_SKIP_WITHOUT_GPU();
  GTEST_FLAG_SET(death_test_style, "threadsafe");  // a fresh process: CUDA is not forked
  EXPECT_EXIT(std::exit(fault_then_next_job()), ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace ws::lab
