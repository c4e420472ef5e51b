// What the kernel lab tells a student on the GPU, as on the CPU backend: out-of-bounds accesses
// and shared-memory races with the same threads and lines; an endless loop stopped by the access
// budget with the next job running normally; a launch the device refuses as a LaunchError that
// leaves the process usable; compile errors on the student's line.
#include <gtest/gtest.h>

#include <chrono>

#include "lab_gpu_test_support.h"

namespace ws::lab {
namespace {

using gpu_test::diagnostic_key;
using gpu_test::diagnostics_of;
using gpu_test::messages;
using gpu_test::run_on;

std::vector<std::string> keys(const Result& r, DiagKind kind) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diagnostics_of(r, kind)) out.push_back(diagnostic_key(d));
  return out;
}

TEST(LabGpuDiagnostics, MissingBoundsGuardIsReportedAsOnTheCpu) {
  WS_SKIP_WITHOUT_GPU();
  const Job job = gpu_test::vector_add(10, Launch{3, 1, 4, 1}, /*guarded=*/false);
  const Result cpu = run_on(Backend::Cpu, job);
  const Result cuda = run_on(Backend::Cuda, job);
  ASSERT_TRUE(cuda.compiled) << messages(cuda);
  const auto oob = diagnostics_of(cuda, DiagKind::OutOfBounds);
  ASSERT_EQ(oob.size(), 6u) << messages(cuda);  // threads 10, 11: a, b read and c written
  EXPECT_EQ(keys(cuda, DiagKind::OutOfBounds), keys(cpu, DiagKind::OutOfBounds));
  const auto cpu_oob = diagnostics_of(cpu, DiagKind::OutOfBounds);
  for (size_t i = 0; i < oob.size() && i < cpu_oob.size(); ++i)
    EXPECT_EQ(oob[i].message, cpu_oob[i].message);
  EXPECT_EQ(oob[0].line, 4);
  EXPECT_EQ(oob[0].block, 2);
  EXPECT_EQ(gpu_test::event_difference(cpu.raw, cuda.raw), "");
  // The bad accesses were not performed: c holds the 10 sums only.
  EXPECT_EQ(cpu.outputs[2], cuda.outputs[2]);
}

TEST(LabGpuDiagnostics, MissingSyncthreadsIsARaceAsOnTheCpu) {
  WS_SKIP_WITHOUT_GPU();
  const Job job = gpu_test::shared_reduction(64, 1, 32, /*synced=*/false);
  const Result cpu = run_on(Backend::Cpu, job);
  const Result cuda = run_on(Backend::Cuda, job);
  ASSERT_TRUE(cuda.compiled) << messages(cuda);
  const auto race = diagnostics_of(cuda, DiagKind::Race);
  ASSERT_FALSE(race.empty()) << messages(cuda);
  // The same accesses in the same phases (the values read may differ: that is the race).
  EXPECT_EQ(gpu_test::event_difference(cpu.raw, cuda.raw, /*with_values=*/false), "");
  EXPECT_EQ(keys(cuda, DiagKind::Race), keys(cpu, DiagKind::Race));
  EXPECT_EQ(race[0].line, 11);       // partial[t + stride] read ...
  EXPECT_EQ(race[0].other_line, 8);  // ... while its owner writes it
}

TEST(LabGpuDiagnostics, EndlessLoopIsStoppedByTheBudgetAndTheNextJobRuns) {
  WS_SKIP_WITHOUT_GPU();
  Job spin = gpu_test::job_of(
      "__global__ void spin(ws::Global<float> out, int n) {\n"
      "  int i = 0;\n"
      "  while (true) {\n"
      "    out[i % n] = out[i % n] + 1.0f;\n"
      "  }\n"
      "}\n",
      "spin",
      {gpu_test::array_arg("out", std::vector<double>(4, 0), true), gpu_test::scalar_arg("n", 4)},
      Launch{4, 1, 64, 1});
  spin.budget = 100000;
  const auto start = std::chrono::steady_clock::now();
  const Result stopped = run_on(Backend::Cuda, spin);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(stopped.compiled) << messages(stopped);
  const auto budget = diagnostics_of(stopped, DiagKind::Budget);
  ASSERT_EQ(budget.size(), 1u) << messages(stopped);
  EXPECT_EQ(budget[0].line, 4);
  EXPECT_TRUE(diagnostics_of(stopped, DiagKind::LaunchError).empty()) << messages(stopped);
  EXPECT_EQ(stopped.raw.size(), 100001u);  // the budget's events and the stop
  EXPECT_LT(seconds, 2.5);
  const Result next = run_on(Backend::Cuda, gpu_test::vector_add(100, Launch{1, 1, 128, 1}));
  ASSERT_TRUE(next.compiled) << messages(next);
  EXPECT_TRUE(next.diagnostics.empty()) << messages(next);
  EXPECT_EQ(next.outputs[2][99], double(float(float(0.25 * 99 - 3) + float(1.0 / 100))));
}

// A reduction that forgot `stride /= 2`: threads 0..31 of each block keep adding, threads 32..63
// only wait at the barrier. Once the budget stops the adders, the waiters end at their next
// barrier (the header checks the stop there), so the kernel ends instead of hanging.
TEST(LabGpuDiagnostics, ThreadsThatOnlyWaitAtBarriersEndWithTheBudget) {
  WS_SKIP_WITHOUT_GPU();
  Job stuck = gpu_test::job_of(
      "__global__ void stuck(ws::Global<float> out, int n) {\n"
      "  WS_SHARED(float, s, 64);\n"
      "  s[threadIdx.x] = 1.0f;\n"
      "  for (int stride = 32; stride >= 1;) {\n"
      "    __syncthreads();\n"
      "    if (threadIdx.x < stride) s[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + stride];\n"
      "  }\n"
      "  if (threadIdx.x == 0) out[blockIdx.x] = s[0];\n"
      "}\n",
      "stuck",
      {gpu_test::array_arg("out", std::vector<double>(2, 0), true), gpu_test::scalar_arg("n", 2)},
      Launch{2, 1, 64, 1});
  stuck.budget = 20000;
  const auto start = std::chrono::steady_clock::now();
  const Result stopped = run_on(Backend::Cuda, stuck);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSERT_TRUE(stopped.compiled) << messages(stopped);
  const auto budget = diagnostics_of(stopped, DiagKind::Budget);
  ASSERT_EQ(budget.size(), 1u) << messages(stopped);
  EXPECT_EQ(budget[0].line, 6);
  EXPECT_TRUE(diagnostics_of(stopped, DiagKind::LaunchError).empty()) << messages(stopped);
  EXPECT_LT(seconds, 2.5);
  const Result next = run_on(Backend::Cuda, gpu_test::vector_add(10, Launch{1, 1, 32, 1}));
  EXPECT_TRUE(next.diagnostics.empty()) << messages(next);
}

TEST(LabGpuDiagnostics, ALaunchTheDeviceRefusesIsALaunchErrorAndTheNextJobRuns) {
  WS_SKIP_WITHOUT_GPU();
  // 65536 blocks in y: past the device's limit of 65535.
  const Result refused = run_on(Backend::Cuda, gpu_test::vector_add(10, Launch{1, 65536, 32, 1}));
  ASSERT_TRUE(refused.compiled) << messages(refused);
  const auto errors = diagnostics_of(refused, DiagKind::LaunchError);
  ASSERT_EQ(errors.size(), 1u) << messages(refused);
  // The H200's driver (580) answers cudaErrorInvalidValue; the runtime documents
  // cudaErrorInvalidConfiguration: either names the refusal.
  EXPECT_NE(errors[0].message.find("could not run: CUDA error cudaErrorInvalid"), std::string::npos)
      << errors[0].message;
  EXPECT_EQ(errors[0].message.find("sticky"), std::string::npos) << errors[0].message;
  EXPECT_TRUE(refused.raw.empty());
  const Result next = run_on(Backend::Cuda, gpu_test::vector_add(10, Launch{1, 1, 32, 1}));
  EXPECT_TRUE(next.diagnostics.empty()) << messages(next);
  ASSERT_EQ(next.outputs[2].size(), 10u);
  EXPECT_EQ(next.outputs[2][3], double(float(float(0.25 * 3 - 3) + float(1.0 / 4))));
}

TEST(LabGpuDiagnostics, CompileErrorsAreOnTheStudentsLineAsOnTheCpu) {
  WS_SKIP_WITHOUT_GPU();
  Job job = gpu_test::vector_add(10, Launch{1, 1, 32, 1});
  job.source =
      "__global__ void add(ws::Global<const float> a, ws::Global<const float> b,\n"
      "                    ws::Global<float> c, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  if (i < n) c[i] = a[i] + bb[i];\n"
      "}\n";
  const Result cpu = run_on(Backend::Cpu, job);
  const Result cuda = run_on(Backend::Cuda, job);
  EXPECT_FALSE(cuda.compiled);
  const auto errors = diagnostics_of(cuda, DiagKind::CompileError);
  ASSERT_EQ(errors.size(), 1u) << messages(cuda);
  EXPECT_EQ(errors[0].line, 4);
  EXPECT_EQ(errors[0].column, 28);
  ASSERT_FALSE(diagnostics_of(cpu, DiagKind::CompileError).empty()) << messages(cpu);
  EXPECT_EQ(diagnostics_of(cpu, DiagKind::CompileError)[0].line, 4);
}

}  // namespace
}  // namespace ws::lab
