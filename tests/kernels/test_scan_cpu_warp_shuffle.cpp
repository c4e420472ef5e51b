// The warp-shuffle scan (variant 10) on the CPU twin: results against std::inclusive_scan /
// std::exclusive_scan, fast mode against teach mode, the shuffle rule (a lane whose source is
// below lane 0 keeps its value), steps and barriers, and the closed-form operation count.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/counters.h"
#include "common/error.h"
#include "scan/scan.h"
#include "exact_inputs_test_support.h"
#include "scan_section_test_support.h"

namespace ws::scan {
namespace {

using testing::kAllOps;
using testing::kAllTypes;

Params make(BinaryOp op, ValueType type, bool inclusive, int block_dim = 0) {
  Params p;
  p.variant = Variant::WarpShuffle;
  p.op = op;
  p.type = type;
  p.inclusive = inclusive;
  p.block_dim = block_dim;
  return p;
}

// After the last step output cell i holds x_0..x_i (inclusive) or x_0..x_(i-1) with the identity
// first (exclusive), and no step ever combines ranges that do not meet (replay_ranges).
void expect_output_ranges(const TeachRun& run, bool inclusive, const std::string& context) {
  const auto ranges = replay_ranges(run.trace);
  for (size_t s = 0; s < ranges.size(); ++s)
    for (size_t b = 0; b < ranges[s].size(); ++b)
      for (const Range& r : ranges[s][b])
        ASSERT_NE(r.kind, Range::Broken) << context << " step " << s << " buffer " << b;
  const std::vector<Range>& out = ranges.back().at(1);
  for (size_t i = 0; i < out.size(); ++i) {
    if (!inclusive && i == 0) {
      EXPECT_EQ(out[i].kind, Range::Identity) << context;
      continue;
    }
    const int32_t hi = static_cast<int32_t>(inclusive ? i : i - 1);
    EXPECT_EQ(out[i].kind, Range::Span) << context << " at " << i;
    EXPECT_EQ(out[i].lo, 0) << context << " at " << i;
    EXPECT_EQ(out[i].hi, hi) << context << " at " << i;
  }
}

using testing::fast_result;

TEST(ScanWarpShuffleCpu, EveryOperatorTypeAndDirectionMatchesTheStandardLibrary) {
  for (BinaryOp op : kAllOps)
    for (ValueType type : kAllTypes)
      for (bool inclusive : {true, false})
        for (int64_t n : testing::teach_sizes(1024))
          for (uint64_t seed : {1u, 2u}) {
            const Params p = make(op, type, inclusive);
            const auto values = test::operator_inputs(op, type, n, seed * 100 + n);
            const TeachRun run = teach_cpu(p, values);
            testing::expect_scan_near(run.result, testing::std_scan(op, type, inclusive, values),
                                      type, op, testing::describe(p, n));
            if (type == ValueType::Float32 && op == BinaryOp::Sum) {  // the order's own bound
              EXPECT_TRUE(testing::float_sum_scan_within_depth(run.result, values, inclusive,
                                                               testing::tree_order_depth(n)))
                  << testing::describe(p, n);
            }
          }
}

TEST(ScanWarpShuffleCpu, FastModeEqualsTeachModeExactly) {
  for (int block_dim : {0, 32, 64, 1024})
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false})
          for (int64_t n : {int64_t{1}, int64_t{31}, int64_t{33}, int64_t{64}, int64_t{97}}) {
            const Params p = make(op, type, inclusive, block_dim);
            if (n > resolve_block_dim(p, n)) continue;  // teach: one section
            const auto values = test::operator_inputs(op, type, n, 3 + n);
            EXPECT_EQ(fast_result(p, values), teach_cpu(p, values).result)
                << testing::describe(p, n);
          }
}

TEST(ScanWarpShuffleCpu, FastModeScansLargeInputsBlockByBlock) {
  const int64_t n = (int64_t{1} << 20) + 3;
  for (int block_dim : {0, 32, 256})  // 32: four levels of block sums
    for (bool inclusive : {true, false}) {
      const Params p = make(BinaryOp::Sum, ValueType::Int32, inclusive, block_dim);
      const auto values = generate_values(Distribution::Uniform, p.type, n, 17);
      testing::expect_scan_near(fast_result(p, values),
                                testing::std_scan(p.op, p.type, inclusive, values), p.type, p.op,
                                testing::describe(p, n));
    }
  const Params p = make(BinaryOp::Min, ValueType::Float32, false, 128);
  const auto values = generate_values(Distribution::Uniform, p.type, n, 2);
  testing::expect_scan_near(fast_result(p, values), testing::std_scan(p.op, p.type, false, values),
                            p.type, p.op, testing::describe(p, n));
}

TEST(ScanWarpShuffleCpu, LanesBelowTheOffsetKeepTheirValue) {
  const Params p = make(BinaryOp::Sum, ValueType::Int32, true, 32);
  const auto values = generate_values(Distribution::Uniform, p.type, 32, 9);
  const TeachRun run = teach_cpu(p, values);
  const auto snapshots = replay_snapshots(run.trace);
  const int regs = 2;
  ASSERT_EQ(run.trace.buffers.at(regs).name, "registers");
  ASSERT_EQ(run.trace.buffers.at(regs).space, MemSpace::Register);
  for (int k = 0; k < 5; ++k) {
    const int offset = 1 << k;
    const TraceStep& step = run.trace.steps.at(1 + k);
    EXPECT_EQ(step.label, "offset " + std::to_string(offset));
    EXPECT_EQ(step.barriers, 0);
    EXPECT_EQ(static_cast<int>(active_threads(step).size()), 32 - offset);
    EXPECT_EQ(active_threads(step).front(), offset);
    const auto& before = snapshots.at(k)[regs];
    const auto& after = snapshots.at(1 + k)[regs];
    for (int lane = 0; lane < 32; ++lane) {
      if (lane < offset) {
        EXPECT_EQ(after[lane], before[lane]) << "lane " << lane << " offset " << offset;
      } else {
        EXPECT_EQ(after[lane], static_cast<double>(static_cast<int32_t>(before[lane - offset]) +
                                                   static_cast<int32_t>(before[lane])));
      }
    }
  }
}

TEST(ScanWarpShuffleCpu, StepsBarriersAndOperationCounts) {
  for (int block_dim : {32, 64, 256, 1024}) {
    const Params p = make(BinaryOp::Sum, ValueType::Int32, true, block_dim);
    const int64_t n = block_dim;
    const auto values = generate_values(Distribution::Uniform, p.type, n, 4);
    const TeachRun run = teach_cpu(p, values);
    const Trace& t = run.trace;
    const int64_t W = block_dim / 32;
    const int log_w = testing::log2_exact(W);
    const size_t expected_steps = 1 + 5 + (W > 1 ? 4 + log_w : 0) + 1;
    ASSERT_EQ(t.steps.size(), expected_steps) << block_dim;
    int64_t barriers = 0;
    for (const TraceStep& s : t.steps) barriers += s.barriers;
    EXPECT_EQ(barriers, W > 1 ? 2 : 0);  // after the warp totals and after their scan
    EXPECT_EQ(t.steps.front().phase, "load");
    EXPECT_EQ(t.steps.back().phase, "store");
    // 32 * 5 - 31 per warp, Kogge-Stone over W totals, 32 per warp after the first.
    const int64_t ops = 129 * W + (W * log_w - (W - 1)) + 32 * (W - 1);
    EXPECT_EQ(compute_counters(t).ops, ops) << block_dim;
    EXPECT_EQ(testing::input_reads(t), std::vector<int>(size_t(n), 1));
    EXPECT_EQ(testing::final_output(t), run.result);
    EXPECT_EQ(run.result, testing::std_scan(p.op, p.type, true, values));
  }
}

TEST(ScanWarpShuffleCpu, PartialWarpsStillMatchTheirReplay) {
  for (int64_t n : {int64_t{33}, int64_t{95}, int64_t{100}})
    for (bool inclusive : {true, false}) {
      const Params p = make(BinaryOp::Max, ValueType::Float32, inclusive, 128);
      const auto values = generate_values(Distribution::Uniform, p.type, n, 6);
      const TeachRun run = teach_cpu(p, values);
      EXPECT_EQ(testing::final_output(run.trace), run.result) << n;
      EXPECT_EQ(testing::input_reads(run.trace), std::vector<int>(size_t(n), 1)) << n;
      EXPECT_EQ(run.trace.serial_ops, inclusive ? n - 1 : n - 2);
    }
}

TEST(ScanWarpShuffleCpu, RejectsWhatItCannotRun) {
  Params p = make(BinaryOp::Sum, ValueType::Int32, true, 16);
  EXPECT_THROW(teach_cpu(p, std::vector<double>(8, 1.0)), Error);  // less than a warp
  p.block_dim = 32;
  EXPECT_THROW(teach_cpu(p, std::vector<double>(33, 1.0)), Error);  // more than one section
}

TEST(ScanWarpShuffleCpu, EveryOutputCellHoldsItsPrefixRange) {
  for (int block_dim : {32, 64, 1024})
    for (bool inclusive : {true, false})
      for (int64_t n : {int64_t{1}, int64_t{31}, int64_t{32}, int64_t{33}, int64_t{64}}) {
        const Params p = make(BinaryOp::Sum, ValueType::Int32, inclusive, block_dim);
        if (n > block_dim) continue;
        const auto values = generate_values(Distribution::Uniform, p.type, n, 12);
        expect_output_ranges(teach_cpu(p, values), inclusive, testing::describe(p, n));
      }
}

}  // namespace
}  // namespace ws::scan
