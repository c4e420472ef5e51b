// The kernel lab's CPU backend runs students' kernels: exact outputs, the launch's indices, the
// events of the book's reduction computed by hand, the trace replaying to the outputs.
#include <gtest/gtest.h>

#include <cmath>
#include <tuple>

#include "lab_test_support.h"

namespace ws::lab {
namespace {

using test::array_arg;
using test::scalar_arg;

const char* kVectorAdd =
    "__global__ void add(ws::Global<const float> a, ws::Global<const float> b,\n"  // 1
    "                    ws::Global<float> c, int n) {\n"                          // 2
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"                           // 3
    "  if (i < n) c[i] = a[i] + b[i];\n"                                           // 4
    "}\n";

Job vector_add_job(const char* source = kVectorAdd) {
  std::vector<double> a, b;
  for (int i = 0; i < 10; ++i) {
    a.push_back(0.5 * i);
    b.push_back(i * i);
  }
  return test::cpu_job(source, "add",
                       {array_arg("a", a, false), array_arg("b", b, false),
                        array_arg("c", std::vector<double>(10, -1), true), scalar_arg("n", 10)},
                       Launch{3, 1, 4, 1});
}

TEST(LabCpuRun, VectorAddComputesEveryElementExactly) {
  const Result r = run(vector_add_job());
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  EXPECT_TRUE(r.diagnostics.empty()) << test::all_messages(r);
  ASSERT_EQ(r.outputs.size(), 4u);
  EXPECT_TRUE(r.outputs[0].empty());  // read-only arrays and scalars come back empty
  ASSERT_EQ(r.outputs[2].size(), 10u);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(r.outputs[2][i], 0.5 * i + i * i) << i;
  // One phase (no barrier); threads 10 and 11 (past n) touch nothing: 3 events for each of 10.
  ASSERT_EQ(r.trace.steps.size(), 1u);
  EXPECT_EQ(r.trace.steps[0].events.size(), 30u);
  EXPECT_EQ(r.trace.steps[0].grid_dim, 3);
  EXPECT_EQ(r.trace.steps[0].block_dim, 4);
  for (size_t e = 0; e < r.lines[0].size(); ++e) EXPECT_EQ(r.lines[0][e], 4);
  const TraceEvent& last = r.trace.steps[0].events.back();
  EXPECT_EQ(last.thread, 9);
  EXPECT_EQ(last.kind, EventKind::Write);
  EXPECT_EQ(last.buffer, 2);
  EXPECT_EQ(last.address, 9);
  EXPECT_EQ(last.value, 4.5 + 81);
  ASSERT_EQ(r.trace.buffers.size(), 3u);
  EXPECT_EQ(r.trace.buffers[1].name, "b");
  EXPECT_EQ(r.trace.type, ValueType::Float32);
  EXPECT_EQ(r.backend_name.rfind("cpu (c++ ", 0), 0u) << r.backend_name;  // and its version
}

TEST(LabCpuRun, TwoDimensionalLaunchSetsEveryIndex) {
  const char* source =
      "__global__ void ids(ws::Global<int> out, int width) {\n"
      "  int col = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  int row = blockIdx.y * blockDim.y + threadIdx.y;\n"
      "  out[row * width + col] = 1000 * gridDim.y + 100 * blockDim.y + 10 * threadIdx.y +\n"
      "                           blockIdx.y;\n"
      "}\n";
  // 2 x 3 blocks of 3 x 2 threads: a 6-wide, 6-tall image.
  Job job = test::cpu_job(
      source, "ids",
      {array_arg("out", std::vector<double>(36, 0), true, ElemType::I32), scalar_arg("width", 6)},
      Launch{2, 3, 3, 2});
  const Result r = run(job);
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  for (int row = 0; row < 6; ++row)
    for (int col = 0; col < 6; ++col)
      EXPECT_EQ(r.outputs[0][row * 6 + col], 3000 + 200 + 10 * (row % 2) + row / 2)
          << row << "," << col;
  EXPECT_EQ(r.trace.type, ValueType::Int32);
  // Thread ids: linear block (y * grid_x + x) * 6 + ty * 3 + tx.
  std::vector<int> threads;
  for (const TraceEvent& e : r.trace.steps[0].events) threads.push_back(e.thread);
  ASSERT_EQ(threads.size(), 36u);
  const TraceEvent& e = r.trace.steps[0].events[10];  // thread 10: block (1, 0), ty 1, tx 1
  EXPECT_EQ(e.thread, 10);
  EXPECT_EQ(e.address, 1 * 6 + 4);  // row 1, col 3 + 1
}

// The reduction's events, by hand: phase 0 loads (in[t], then partial[t]); each tree level's
// `partial[t] += partial[t + stride]` reads the right operand first, then partial[t], then writes;
// the last phase writes out[0].
TEST(LabCpuRun, ReductionEventsArePhasesOfTheTree) {
  const Result r = run(test::reduce_job());
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  EXPECT_TRUE(r.diagnostics.empty()) << test::all_messages(r);
  EXPECT_EQ(r.outputs[1][0], 36);

  struct Expected {
    int step, thread, buffer, index;
    EventKind kind;
    double value;
    int line;
  };
  std::vector<Expected> expected;
  double partial[8];
  for (int t = 0; t < 8; ++t) {
    partial[t] = t + 1;
    expected.push_back({0, t, 0, t, EventKind::Read, t + 1.0, 4});
    expected.push_back({0, t, 2, t, EventKind::Write, t + 1.0, 4});
  }
  int step = 1;
  for (int stride = 4; stride >= 1; stride /= 2, ++step)
    for (int t = 0; t < stride; ++t) {
      expected.push_back({step, t, 2, t + stride, EventKind::Read, partial[t + stride], 7});
      expected.push_back({step, t, 2, t, EventKind::Read, partial[t], 7});
      partial[t] += partial[t + stride];
      expected.push_back({step, t, 2, t, EventKind::Write, partial[t], 7});
    }
  expected.push_back({4, 0, 2, 0, EventKind::Read, 36, 10});
  expected.push_back({4, 0, 1, 0, EventKind::Write, 36, 10});

  ASSERT_EQ(r.trace.steps.size(), 5u);
  std::vector<Expected> got;
  for (size_t s = 0; s < r.trace.steps.size(); ++s) {
    EXPECT_EQ(r.trace.steps[s].label, "phase " + std::to_string(s));
    for (size_t e = 0; e < r.trace.steps[s].events.size(); ++e) {
      const TraceEvent& ev = r.trace.steps[s].events[e];
      got.push_back({ev.step, ev.thread, ev.buffer, ev.address, ev.kind, ev.value, r.lines[s][e]});
    }
  }
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) {
    const Expected& g = got[i];
    const Expected& x = expected[i];
    EXPECT_EQ(std::tie(g.step, g.thread, g.buffer, g.index, g.kind, g.value, g.line),
              std::tie(x.step, x.thread, x.buffer, x.index, x.kind, x.value, x.line))
        << "event " << i;
  }
  // The shared array is named from its declaration, one copy per block, unwritten at the start.
  ASSERT_EQ(r.trace.buffers.size(), 3u);
  EXPECT_EQ(r.trace.buffers[2].name, "partial");
  EXPECT_EQ(r.trace.buffers[2].space, MemSpace::Shared);
  EXPECT_EQ(r.trace.buffers[2].size, 8);
  EXPECT_TRUE(std::isnan(r.trace.buffers[2].initial[0]));
  // raw: sorted by (thread, seq), seq counting each thread's events from 0.
  ASSERT_EQ(r.raw.size(), expected.size());
  EXPECT_EQ(r.raw[0].thread, 0);
  EXPECT_EQ(r.raw[0].seq, 0);
  int seq = 0;
  for (const LabEvent& e : r.raw)
    if (e.thread == 0) {
      EXPECT_EQ(e.seq, seq++);
    }
  EXPECT_EQ(seq, 2 + 3 * 3 + 2);
}

// Each block has its own shared array: two blocks of four reduce their halves, both writing
// partial[0..3] in the same phases without racing.
TEST(LabCpuRun, SharedArraysArePerBlock) {
  const char* source =
      "#define BLOCK 4\n"
      "__global__ void reduce(ws::Global<const float> in, ws::Global<float> out, int n) {\n"
      "  WS_SHARED(float, partial, BLOCK);\n"
      "  int t = threadIdx.x;\n"
      "  partial[t] = in[blockIdx.x * blockDim.x + t];\n"
      "  for (int stride = blockDim.x / 2; stride >= 1; stride /= 2) {\n"
      "    __syncthreads();\n"
      "    if (t < stride) partial[t] += partial[t + stride];\n"
      "  }\n"
      "  if (t == 0) out[blockIdx.x] = partial[0];\n"
      "}\n";
  Job job = test::reduce_job(source);
  job.args[1].values = {0, 0};
  job.launch = Launch{2, 1, 4, 1};
  const Result r = run(job);
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  EXPECT_TRUE(r.diagnostics.empty()) << test::all_messages(r);
  EXPECT_EQ(r.outputs[1], std::vector<double>({1 + 2 + 3 + 4, 5 + 6 + 7 + 8}));
  ASSERT_EQ(r.trace.buffers.size(), 3u);
  EXPECT_EQ(r.trace.buffers[2].name, "partial");
  EXPECT_EQ(r.trace.buffers[2].size, 4);  // BLOCK, from the #define
  EXPECT_EQ(r.trace.buffers[2].blocks, 2);
  EXPECT_EQ(r.trace.buffers[2].initial.size(), 8u);
  // Phase 2 (stride 1): thread 0 and thread 4 (block 1's first) each add partial[1] into
  // partial[0].
  std::vector<int> threads;
  for (const TraceEvent& e : r.trace.steps[2].events) threads.push_back(e.thread);
  EXPECT_EQ(threads, std::vector<int>({0, 0, 0, 0, 0, 4, 4, 4, 4, 4}));
}

// Every run starts from a freshly loaded module, as on CUDA: a __device__ global starts at zero.
TEST(LabCpuRun, EveryRunStartsWithFreshGlobals) {
  const char* source =
      "__device__ int launches;\n"
      "__global__ void count(ws::Global<int> out, int n) {\n"
      "  if (threadIdx.x == 0) out[0] = ++launches;\n"
      "}\n";
  const Job job = test::cpu_job(
      source, "count", {array_arg("out", {0}, true, ElemType::I32), scalar_arg("n", 1)}, Launch{});
  for (int run_index = 0; run_index < 2; ++run_index) {
    const Result r = run(job);
    ASSERT_TRUE(r.compiled) << test::all_messages(r);
    EXPECT_EQ(r.outputs[0][0], 1) << "run " << run_index;
  }
}

TEST(LabCpuRun, TraceReplaysToTheOutputs) {
  for (const Job& job : {vector_add_job(), test::reduce_job()}) {
    const Result r = run(job);
    ASSERT_TRUE(r.compiled) << test::all_messages(r);
    const auto snapshots = replay_snapshots(r.trace);
    ASSERT_FALSE(snapshots.empty());
    int buffer = 0;
    for (size_t a = 0; a < job.args.size(); ++a) {
      if (!job.args[a].is_array) continue;
      if (job.args[a].writable) {
        EXPECT_EQ(snapshots.back()[buffer], r.outputs[a]) << job.kernel;
      }
      ++buffer;
    }
  }
}

}  // namespace
}  // namespace ws::lab
