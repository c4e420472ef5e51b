// What the kernel lab tells a student, on the CPU backend: out-of-bounds accesses with thread,
// block, index, size and line; a missing __syncthreads as a race with both threads and lines; reads
// of unwritten shared memory; an endless loop stopped by the budget; compile errors on their lines;
// a wrong signature as one clear error; a missing compiler.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "common/error.h"
#include "lab_test_support.h"

namespace ws::lab {
namespace {

using test::array_arg;
using test::scalar_arg;

TEST(LabCpuDiagnostics, MissingBoundsGuardIsOutOfBoundsWithThreadIndexSizeAndLine) {
  const char* source =
      "__global__ void add(ws::Global<const float> a, ws::Global<const float> b,\n"
      "                    ws::Global<float> c, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  c[i] = a[i] + b[i];\n"
      "}\n";
  const Job job =
      test::cpu_job(source, "add",
                    {array_arg("a", std::vector<double>(10, 1), false),
                     array_arg("b", std::vector<double>(10, 2), false),
                     array_arg("c", std::vector<double>(10, 0), true), scalar_arg("n", 10)},
                    Launch{3, 1, 4, 1});
  const Result r = run(job);
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  const auto oob = test::diagnostics_of(r, DiagKind::OutOfBounds);
  // Threads 10 and 11 each read a and b and write c past the end: 6 accesses, none performed.
  ASSERT_EQ(oob.size(), 6u) << test::all_messages(r);
  const Diagnostic* read_a = nullptr;
  for (const Diagnostic& d : oob)
    if (d.thread == 10 && d.buffer == 0) read_a = &d;
  ASSERT_NE(read_a, nullptr) << test::all_messages(r);
  EXPECT_EQ(read_a->block, 2);
  EXPECT_EQ(read_a->index, 10);
  EXPECT_EQ(read_a->line, 4);
  EXPECT_EQ(read_a->message,
            "thread 10 (block 2, thread 2) read a[10] past its end (size 10) at line 4");
  std::set<std::string> messages;
  for (const Diagnostic& d : oob) messages.insert(d.message);
  EXPECT_TRUE(
      messages.count("thread 11 (block 2, thread 3) wrote c[11] past its end (size 10) at line 4"));
  for (int i = 0; i < 10; ++i) EXPECT_EQ(r.outputs[2][i], 3);
}

TEST(LabCpuDiagnostics, OutOfBoundsListsTheFirstTwentyThenACount) {
  const char* source =
      "__global__ void shift(ws::Global<const float> in, ws::Global<float> out, int n) {\n"
      "  int i = threadIdx.x;\n"
      "  out[i] = in[i + n];\n"
      "}\n";
  const Result r =
      run(test::cpu_job(source, "shift",
                        {array_arg("in", std::vector<double>(64, 1), false),
                         array_arg("out", std::vector<double>(64, 5), true), scalar_arg("n", 64)},
                        Launch{1, 1, 64, 1}));
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  const auto oob = test::diagnostics_of(r, DiagKind::OutOfBounds);
  ASSERT_EQ(oob.size(), 21u);
  EXPECT_EQ(oob[0].message,
            "thread 0 (block 0, thread 0) read in[64] past its end (size 64) at line 3");
  EXPECT_EQ(oob[19].thread, 19);
  EXPECT_EQ(oob[20].message, "... and 44 more out-of-bounds accesses");
  EXPECT_EQ(oob[20].index, 44);
  EXPECT_EQ(problem_count(r, DiagKind::OutOfBounds), 64);  // the 20 listed and the 44 summed up
  EXPECT_EQ(r.outputs[1], std::vector<double>(64, 0));  // a read out of bounds gives 0
}

TEST(LabCpuDiagnostics, MissingSyncthreadsIsARaceWithBothThreadsAndLines) {
  // The reduction with the barrier after the load removed: thread 0 reads partial[4] (line 6)
  // in the phase where thread 4 writes it (line 4).
  const char* source =
      "__global__ void reduce(ws::Global<const float> in, ws::Global<float> out, int n) {\n"
      "  WS_SHARED(float, partial, 8);\n"
      "  int t = threadIdx.x;\n"
      "  partial[t] = in[t];\n"
      "  for (int stride = blockDim.x / 2; stride >= 1; stride /= 2) {\n"
      "    if (t < stride) partial[t] += partial[t + stride];\n"
      "    __syncthreads();\n"
      "  }\n"
      "  if (t == 0) out[0] = partial[0];\n"
      "}\n";
  const Result r = run(test::reduce_job(source));
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  const auto race = test::diagnostics_of(r, DiagKind::Race);
  ASSERT_FALSE(race.empty()) << test::all_messages(r);
  EXPECT_EQ(race[0].thread, 0);
  EXPECT_EQ(race[0].line, 6);
  EXPECT_EQ(race[0].other_thread, 4);
  EXPECT_EQ(race[0].other_line, 4);
  EXPECT_EQ(race[0].index, 4);
  EXPECT_EQ(race[0].message,
            "thread 0 (block 0, thread 0) read partial[4] at line 6 and thread 4 (block 0, thread "
            "4) wrote it at line 4 between the same two barriers (phase 0): a race; a "
            "__syncthreads() between them is missing");
  // The race-free kernel has none (ReductionEventsArePhasesOfTheTree checks it has no diagnostic).
}

TEST(LabCpuDiagnostics, ReadOfUnwrittenSharedMemory) {
  const char* source =
      "__global__ void copy(ws::Global<float> out, int n) {\n"
      "  WS_SHARED(float, tile, 4);\n"
      "  int t = threadIdx.x;\n"
      "  if (t < 2) tile[t] = t;\n"
      "  __syncthreads();\n"
      "  out[t] = tile[t];\n"
      "}\n";
  const Result r = run(test::cpu_job(
      source, "copy", {array_arg("out", std::vector<double>(4, 0), true), scalar_arg("n", 4)},
      Launch{1, 1, 4, 1}));
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  const auto uninit = test::diagnostics_of(r, DiagKind::UninitializedRead);
  ASSERT_EQ(uninit.size(), 1u) << test::all_messages(r);  // one per line and array
  EXPECT_EQ(uninit[0].thread, 2);
  EXPECT_EQ(uninit[0].line, 6);
  EXPECT_EQ(uninit[0].index, 2);
  EXPECT_EQ(uninit[0].message,
            "thread 2 (block 0, thread 2) read tile[2] at line 6 before any thread of its block "
            "wrote it");
  EXPECT_TRUE(test::diagnostics_of(r, DiagKind::Race).empty());
}

TEST(LabCpuDiagnostics, EndlessLoopIsStoppedByTheBudgetPromptly) {
  const char* source =
      "__global__ void spin(ws::Global<float> out, int n) {\n"
      "  int i = 0;\n"
      "  while (true) {\n"
      "    out[i % n] = out[i % n] + 1.0f;\n"
      "  }\n"
      "}\n";
  Job job = test::cpu_job(source, "spin",
                          {array_arg("out", std::vector<double>(4, 0), true), scalar_arg("n", 4)},
                          Launch{2, 1, 4, 1});
  job.budget = 100000;
  double seconds = 0;
  const Result r = test::run_timed(job, seconds);
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  const auto budget = test::diagnostics_of(r, DiagKind::Budget);
  ASSERT_EQ(budget.size(), 1u) << test::all_messages(r);
  EXPECT_EQ(budget[0].line, 4);
  EXPECT_EQ(budget[0].thread, 0);
  EXPECT_EQ(budget[0].message,
            "the kernel was stopped after 100000 memory accesses (its access budget); thread 0 "
            "(block 0, thread 0) was at line 4: a loop that never ends?");
  EXPECT_EQ(r.raw.size(), 100001u);  // the budget's events and the stop
  EXPECT_LT(seconds, 2.5);
}

// A reduction that forgot `stride /= 2`: threads 0..31 keep adding, threads 32..63 only ever
// wait at the barrier. The budget stops the adders; the waiters must end at their next barrier.
TEST(LabCpuDiagnostics, ThreadsThatOnlyWaitAtBarriersEndWithTheBudget) {
  const char* source =
      "__global__ void stuck(ws::Global<float> out, int n) {\n"
      "  WS_SHARED(float, s, 64);\n"
      "  s[threadIdx.x] = 1.0f;\n"
      "  for (int stride = 32; stride >= 1;) {\n"
      "    __syncthreads();\n"
      "    if (threadIdx.x < stride) s[threadIdx.x] = s[threadIdx.x] + s[threadIdx.x + stride];\n"
      "  }\n"
      "  if (threadIdx.x == 0) out[0] = s[0];\n"
      "}\n";
  Job job = test::cpu_job(source, "stuck",
                          {array_arg("out", std::vector<double>(1, 0), true), scalar_arg("n", 1)},
                          Launch{1, 1, 64, 1});
  job.budget = 20000;
  double seconds = 0;
  const Result r = test::run_timed(job, seconds);
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  const auto budget = test::diagnostics_of(r, DiagKind::Budget);
  ASSERT_EQ(budget.size(), 1u) << test::all_messages(r);
  EXPECT_EQ(budget[0].line, 6);
  EXPECT_LT(seconds, 2.5);
}

TEST(LabCpuDiagnostics, MalformedJobIsAnError) {
  Job job = test::reduce_job();
  job.launch.block_x = 0;
  EXPECT_THROW(run(job), Error);
  job = test::reduce_job();
  job.args[2].values.clear();
  EXPECT_THROW(run(job), Error);
  job = test::reduce_job();
  job.budget = int64_t(1) << 40;
  EXPECT_THROW(run(job), Error);
}

}  // namespace
}  // namespace ws::lab
