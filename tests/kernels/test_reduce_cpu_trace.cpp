// Trace invariants of the CPU reference: every input consumed exactly once, tree depth, program
// order, and a replay of the trace that ends in the result.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "common/counters.h"
#include "common/error.h"
#include "reduce_test_support.h"

namespace ws::test {
namespace {

using reduce::Finish;
using reduce::Params;
using reduce::Variant;

int count_phase(const Trace& trace, const std::string& phase) {
  int count = 0;
  for (const auto& s : trace.steps) count += s.phase == phase;
  return count;
}

TEST(ReduceCpuTrace, EveryInputElementIsReadExactlyOnce) {
  for (Variant v : all_variants())
    for (Finish f : {Finish::TwoPass, Finish::Atomic, Finish::LastBlock})
      for (int64_t n : {1, 5, 64, 100, 1000, 4096}) {
        Params p;
        p.variant = v;
        p.finish = f;
        const auto values = generate_values(Distribution::Uniform, ValueType::Int32, n, 11);
        const auto run = reduce::teach_cpu(p, values);
        std::map<int32_t, int> reads;
        for (const auto& step : run.trace.steps)
          for (const auto& e : step.events)
            if (e.buffer == 0 && e.kind == EventKind::Read) {
              ++reads[e.address];
              EXPECT_EQ(e.value, values[e.address]) << "read value of input " << e.address;
            }
        ASSERT_EQ(static_cast<int64_t>(reads.size()), n) << reduce::info(v).id;
        for (const auto& [address, count] : reads)
          ASSERT_EQ(count, 1) << reduce::info(v).id << " reads input " << address << " " << count
                              << " times";
      }
}

TEST(ReduceCpuTrace, TreeDepthIsCeilLog2NForOneBlock) {
  for (Variant v :
       {Variant::InterleavedDivergent, Variant::InterleavedStrided, Variant::Sequential})
    for (int64_t n = 2; n <= 2048; n = n * 3 / 2 + 1) {
      Params p;
      p.variant = v;
      const int levels = static_cast<int>(std::ceil(std::log2(static_cast<double>(n))));
      p.block_dim = 1 << (levels - 1);  // one block of n rounded up to a power of two
      const auto run =
          reduce::teach_cpu(p, generate_values(Distribution::Uniform, ValueType::Int32, n, 3));
      EXPECT_EQ(count_phase(run.trace, "tree"), levels) << reduce::info(v).id << " n=" << n;
      EXPECT_EQ(run.trace.steps.front().grid_dim, 1);
    }
}

TEST(ReduceCpuTrace, ReplayingTheTraceEndsInTheResult) {
  for (Variant v : all_variants())
    for (Finish f : {Finish::TwoPass, Finish::Atomic, Finish::LastBlock}) {
      Params p;
      p.variant = v;
      p.finish = f;
      p.type = ValueType::Float32;
      const auto values = generate_values(Distribution::Uniform, ValueType::Float32, 777, 5);
      const auto run = reduce::teach_cpu(p, values);
      const auto snapshots = replay_snapshots(run.trace);
      int result_buffer = -1;
      for (size_t b = 0; b < run.trace.buffers.size(); ++b)
        if (run.trace.buffers[b].name == "result") result_buffer = static_cast<int>(b);
      ASSERT_GE(result_buffer, 0);
      EXPECT_EQ(snapshots.back()[result_buffer][0], run.result) << reduce::info(v).id;
      // Before any step the result is unwritten, except the atomic finish's identity.
      EXPECT_EQ(std::isnan(run.trace.buffers[result_buffer].initial[0]), f != Finish::Atomic);
    }
}

TEST(ReduceCpuTrace, EventsAreGroupedByThreadInProgramOrder) {
  Params p;
  p.variant = Variant::WarpShuffle;
  const auto run =
      reduce::teach_cpu(p, generate_values(Distribution::Uniform, ValueType::Int32, 300, 2));
  for (const auto& step : run.trace.steps)
    for (size_t i = 1; i < step.events.size(); ++i)
      ASSERT_LE(step.events[i - 1].thread, step.events[i].thread) << step.label;
  // A shuffle step: each lane reads a register, applies the operator, writes its own register.
  const TraceStep* shuffle = nullptr;
  for (const auto& step : run.trace.steps)
    if (step.label == "warp shuffle 16") shuffle = &step;
  ASSERT_NE(shuffle, nullptr);
  ASSERT_GE(shuffle->events.size(), 3u);
  EXPECT_EQ(shuffle->events[0].kind, EventKind::Read);
  EXPECT_EQ(shuffle->events[0].address, 16);  // lane 0 reads lane 16
  EXPECT_EQ(shuffle->events[1].kind, EventKind::Op);
  EXPECT_EQ(shuffle->events[2].kind, EventKind::Write);
}

TEST(ReduceCpuTrace, CompareTracesFindsTheFirstDifference) {
  Params p;
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 64, 1);
  const auto a = reduce::teach_cpu(p, values);
  auto b = a;
  EXPECT_EQ(compare_traces(a.trace, b.trace), "");
  b.trace.steps[2].events[1].value += 1;
  const std::string diff = compare_traces(a.trace, b.trace);
  EXPECT_NE(diff.find("step 2"), std::string::npos) << diff;
  EXPECT_NE(diff.find("event 1"), std::string::npos) << diff;
}

TEST(ReduceCpuTrace, DistributeEventsRejectsAStepOutOfRange) {
  Trace trace;
  trace.steps.resize(2);
  TraceEvent e{};
  e.step = 5;
  EXPECT_THROW(distribute_events({e}, trace), Error);
}

}  // namespace
}  // namespace ws::test
