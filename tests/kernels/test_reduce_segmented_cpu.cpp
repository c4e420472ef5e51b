// The segmented reduction (one total per segment, segmented Kogge-Stone in one block): the
// lecture's example, one-element segments, empty segments refused by the parser, every operator
// and type against a per-segment loop written here, and the trace's shape (levels, the last
// element of each segment writing its total).
#include <gtest/gtest.h>

#include <string>

#include "common/counters.h"
#include "common/error.h"
#include "common/split_mix.h"
#include "reduce/segmented_reduce.h"
#include "reduce_test_support.h"
#include "segmented_scan/segmented_scan.h"

namespace ws::test {
namespace {

reduce::SegmentedInput input_of(const std::string& text) {
  const segscan::Segments s = segscan::parse_segments(text);
  return {s.values, s.heads};
}

// Integer sums per segment, straight from the lengths.
std::vector<double> sums_by_lengths(const std::vector<double>& values,
                                    const std::vector<int>& lengths) {
  std::vector<double> sums;
  size_t at = 0;
  for (int len : lengths) {
    double s = 0;
    for (int k = 0; k < len; ++k) s += values[at++];
    sums.push_back(s);
  }
  return sums;
}

TEST(ReduceSegmentedCpu, TheLecturesExampleGivesOneTotalPerSegment) {
  const auto in = input_of("[1 2] [6 7 1] [1 2 3 4]");
  const auto run = reduce::segmented_teach_cpu(BinaryOp::Sum, ValueType::Int32, in);
  EXPECT_EQ(run.totals, (std::vector<double>{3, 14, 10}));
  // 9 values: load, offsets 1, 2, 4, 8, segment totals.
  ASSERT_EQ(run.trace.steps.size(), 6u);
  EXPECT_EQ(run.trace.steps[4].label, "offset 8");
  // Exactly the last elements (1, 4, 8) write a total.
  std::vector<int> writers;
  for (const TraceEvent& e : run.trace.steps.back().events)
    if (e.kind == EventKind::Write) writers.push_back(e.thread);
  EXPECT_EQ(writers, (std::vector<int>{1, 4, 8}));
  EXPECT_EQ(run.trace.buffers[5].name, "totals");
  EXPECT_EQ(run.trace.buffers[5].size, 3);
}

TEST(ReduceSegmentedCpu, OneElementSegmentsAreTheirOwnTotals) {
  const auto run = reduce::segmented_teach_cpu(BinaryOp::Sum, ValueType::Int32,
                                               input_of("[5] [1 2] [7] [9] [3 3 3]"));
  EXPECT_EQ(run.totals, (std::vector<double>{5, 3, 7, 9, 9}));
  const auto single =
      reduce::segmented_teach_cpu(BinaryOp::Max, ValueType::Int32, input_of("[42]"));
  EXPECT_EQ(single.totals, (std::vector<double>{42}));
  EXPECT_EQ(single.trace.steps.size(), 2u);  // load and store: no level
}

TEST(ReduceSegmentedCpu, EmptySegmentsAndBadInputsAreRefused) {
  EXPECT_THROW(input_of("[1 2] [] [3]"), Error);  // a head flag needs an element
  EXPECT_THROW(reduce::segmented_teach_cpu(BinaryOp::Sum, ValueType::Int32, {}), Error);
  reduce::SegmentedInput no_head{{1, 2}, {0, 1}};
  EXPECT_THROW(reduce::segmented_teach_cpu(BinaryOp::Sum, ValueType::Int32, no_head), Error);
  reduce::SegmentedInput big{std::vector<double>(1025, 1.0), std::vector<uint8_t>(1025, 1)};
  try {
    reduce::segmented_teach_cpu(BinaryOp::Sum, ValueType::Int32, big);
    FAIL() << "1025 values accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("--segments"), std::string::npos) << e.what();
  }
}

TEST(ReduceSegmentedCpu, RandomSegmentsMatchAPerSegmentLoopForEveryOperatorAndType) {
  SplitMix64 rng{77};
  for (int trial = 0; trial < 60; ++trial) {
    const int n = 1 + static_cast<int>(rng.next() % 1024);
    std::vector<int> lengths;
    for (int left = n; left > 0;) {
      const int len = std::min(left, 1 + static_cast<int>(rng.next() % (trial % 3 == 0 ? 3 : 70)));
      lengths.push_back(len);
      left -= len;
    }
    reduce::SegmentedInput in;
    for (int len : lengths)
      for (int k = 0; k < len; ++k) {
        in.values.push_back(static_cast<int>(rng.next() % 21) - 10);
        in.heads.push_back(k == 0);
      }
    const auto sums = sums_by_lengths(in.values, lengths);
    EXPECT_EQ(reduce::segmented_teach_cpu(BinaryOp::Sum, ValueType::Int32, in).totals, sums)
        << "n=" << n;
    // Small integers: float sums are exact in any order.
    EXPECT_EQ(reduce::segmented_teach_cpu(BinaryOp::Sum, ValueType::Float32, in).totals, sums);
    for (BinaryOp op : {BinaryOp::Min, BinaryOp::Max, BinaryOp::Product}) {
      std::vector<double> expected;
      size_t at = 0;
      for (int len : lengths) {
        const std::vector<double> part(in.values.begin() + at, in.values.begin() + at + len);
        expected.push_back(std_reference(op, ValueType::Int32, part));
        at += len;
      }
      EXPECT_EQ(reduce::segmented_teach_cpu(op, ValueType::Int32, in).totals, expected)
          << op_name(op) << " n=" << n;
      EXPECT_EQ(reduce::segmented_serial(op, ValueType::Int32, in), expected) << op_name(op);
    }
  }
}

// Each level reads and writes only within a segment: a thread stops once a head lies in its
// window, so with segments of one element nothing is active after the load.
TEST(ReduceSegmentedCpu, ThreadsStopAtTheirSegmentsHead) {
  const auto run = reduce::segmented_teach_cpu(BinaryOp::Sum, ValueType::Int32,
                                               input_of("[1] [2] [3] [4] [5] [6] [7] [8]"));
  for (size_t s = 1; s + 1 < run.trace.steps.size(); ++s)
    EXPECT_TRUE(run.trace.steps[s].events.empty()) << run.trace.steps[s].label;
  const Counters c = compute_counters(run.trace);
  EXPECT_EQ(c.ops, 0);
}

}  // namespace
}  // namespace ws::test
