// Kogge-Stone (variants 1, 2, 3) on the CPU twin: results against std::inclusive_scan /
// std::exclusive_scan, fast mode against teach mode, trace structure, closed-form operation
// counts, and the race toggle's modelled schedule.
#include <gtest/gtest.h>

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

constexpr Variant kKoggeStones[] = {Variant::KoggeStone, Variant::KoggeStoneDouble,
                                    Variant::KoggeStoneExclusive};

std::vector<Params> every_combination() {
  std::vector<Params> all;
  for (Variant v : kKoggeStones)
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false}) {
          if (v == Variant::KoggeStoneExclusive && inclusive) continue;
          Params p;
          p.variant = v;
          p.op = op;
          p.type = type;
          p.inclusive = inclusive;
          all.push_back(p);
        }
  return all;
}

using testing::fast_result;

TEST(ScanKoggeStoneCpu, EveryOperatorTypeAndDirectionMatchesTheStandardLibrary) {
  for (const Params& p : every_combination()) {
    for (int64_t n : testing::teach_sizes(1024)) {
      const auto values = test::operator_inputs(p.op, p.type, n, 7 + n);
      const TeachRun run = teach_cpu(p, values);
      testing::expect_scan_near(run.result, testing::std_scan(p.op, p.type, p.inclusive, values),
                                p.type, p.op, testing::describe(p, n));
      if (p.type == ValueType::Float32 && p.op == BinaryOp::Sum) {  // the order's own bound
        EXPECT_TRUE(testing::float_sum_scan_within_depth(run.result, values, p.inclusive,
                                                         testing::tree_order_depth(n)))
            << testing::describe(p, n);
      }
    }
  }
}

TEST(ScanKoggeStoneCpu, RandomSeedsAndExplicitBlocks) {
  for (const Params& base : every_combination()) {
    for (uint64_t seed : {1u, 2u, 3u}) {
      for (int block : {32, 128, 1024}) {
        Params p = base;
        p.block_dim = block;
        const int64_t n = block - static_cast<int64_t>(seed) * 5;
        // Few huge values make products 0 (a zero factor); they get ±1 and ±2.
        const auto values = p.op == BinaryOp::Product
                                ? test::product_inputs(n, seed)
                                : generate_values(Distribution::FewHuge, p.type, n, seed);
        testing::expect_scan_near(teach_cpu(p, values).result,
                                  testing::std_scan(p.op, p.type, p.inclusive, values), p.type,
                                  p.op, testing::describe(p, n));
      }
    }
  }
}

TEST(ScanKoggeStoneCpu, TheSerialReferenceAgreesWithTheStandardLibrary) {
  for (const Params& p : every_combination()) {
    const auto values = generate_values(Distribution::Uniform, p.type, 100, 11);
    EXPECT_EQ(scan_serial(p.op, p.type, p.inclusive, values),
              testing::std_scan(p.op, p.type, p.inclusive, values));
  }
}

TEST(ScanKoggeStoneCpu, FastModeEqualsTeachModeBitForBit) {
  for (const Params& p : every_combination()) {
    for (int64_t n : {1, 2, 31, 64, 100, 1024}) {
      const auto values = test::operator_inputs(p.op, p.type, n, 5);
      EXPECT_EQ(fast_result(p, values), teach_cpu(p, values).result) << testing::describe(p, n);
    }
  }
}

TEST(ScanKoggeStoneCpu, FastModeScansManySectionsCarryingTheTotal) {
  for (const Params& base : every_combination()) {
    for (int block : {0, 64}) {
      Params p = base;
      p.block_dim = block;
      const int64_t n = (int64_t{1} << 16) + 3;
      const auto values = test::operator_inputs(p.op, p.type, n, 9);
      const auto result = fast_result(p, values);
      testing::expect_scan_near(result, testing::std_scan(p.op, p.type, p.inclusive, values),
                                p.type, p.op, testing::describe(p, n));
      if (p.type == ValueType::Float32 && p.op == BinaryOp::Sum) {  // the order's own bound
        EXPECT_TRUE(testing::float_sum_scan_within_depth(result, values, p.inclusive,
                                                         testing::tree_order_depth(n)))
            << testing::describe(p, n);
      }
    }
  }
  Params product;
  product.op = BinaryOp::Product;
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 5000, 4);
  EXPECT_EQ(fast_result(product, values),
            testing::std_scan(BinaryOp::Product, ValueType::Int32, true, values));
}

// The bound of the float sum scans catches one element left out of every prefix after it: here
// x[1000] = 0.094 of 2^16 + 3 values, which 4 (n + 1) eps |ref| (about 16 at that position) let
// through; depth * eps * sum|x| is 0.003 there.
TEST(ScanKoggeStoneCpu, TheFloatSumBoundCatchesOneDroppedElement) {
  Params p;
  p.type = ValueType::Float32;
  p.block_dim = 64;
  const int64_t n = (int64_t{1} << 16) + 3;
  const auto values = generate_values(Distribution::Uniform, p.type, n, 9);
  auto result = fast_result(p, values);
  const int depth = testing::tree_order_depth(n);
  EXPECT_TRUE(testing::float_sum_scan_within_depth(result, values, true, depth));
  const int64_t k = 1000;
  for (int64_t i = k; i < n; ++i) result[i] = static_cast<float>(result[i] - values[k]);
  EXPECT_FALSE(testing::float_sum_scan_within_depth(result, values, true, depth));
}

TEST(ScanKoggeStoneCpu, TraceReadsEveryInputOnceAndReplaysToTheResult) {
  for (const Params& p : every_combination()) {
    for (int64_t n : {1, 5, 32, 33, 200}) {
      const auto values = generate_values(Distribution::Uniform, p.type, n, 3);
      const TeachRun run = teach_cpu(p, values);
      const std::string context = testing::describe(p, n);
      const std::vector<int> reads = testing::input_reads(run.trace);
      for (int64_t i = 0; i < n; ++i) {
        // the shifted load reads the last input only into the padding past n (n < block)
        if (p.variant == Variant::KoggeStoneExclusive && i == n - 1)
          EXPECT_LE(reads[i], 1) << context;
        else
          EXPECT_EQ(reads[i], 1) << context << " input " << i;
      }
      EXPECT_EQ(testing::final_output(run.trace), run.result) << context;
      EXPECT_EQ(run.trace.buffers[0].name, "input");
      EXPECT_EQ(run.trace.buffers[1].name, "output");
      EXPECT_EQ(run.level_sizes, std::vector<int64_t>{n});
      EXPECT_EQ(run.trace.serial_ops, p.inclusive ? n - 1 : std::max<int64_t>(0, n - 2));
    }
  }
}

TEST(ScanKoggeStoneCpu, StepsBarriersAndMarkersFollowTheKernel) {
  for (const Params& base : every_combination()) {
    Params p = base;
    p.block_dim = 64;
    const TeachRun run = teach_cpu(p, generate_values(Distribution::Uniform, p.type, 50, 1));
    const auto& steps = run.trace.steps;
    ASSERT_EQ(steps.size(), 1u + 6u + 1u) << testing::describe(p, 50);
    EXPECT_EQ(steps.front().phase, "load");
    EXPECT_EQ(steps.front().code_marker, "@load");
    EXPECT_EQ(steps.front().barriers, 1);
    const bool in_place = p.variant != Variant::KoggeStoneDouble;
    for (int k = 0; k < 6; ++k) {
      const TraceStep& s = steps[1 + k];
      const int stride = 1 << k;
      EXPECT_EQ(s.label, "stride " + std::to_string(stride));
      EXPECT_EQ(s.phase, "scan");
      EXPECT_EQ(s.code_marker, in_place ? "@ks-step" : "@ks-double-step");
      EXPECT_EQ(s.barriers, in_place ? 2 : 1);
      EXPECT_EQ(testing::op_events(s), 64 - stride);
      EXPECT_EQ(s.block_dim, 64);
      EXPECT_EQ(s.grid_dim, 1);
    }
    EXPECT_EQ(steps.back().phase, "store");
    EXPECT_EQ(steps.back().barriers, 0);
  }
}

TEST(ScanKoggeStoneCpu, OperationCountsMatchTheClosedForm) {
  for (const Params& p : every_combination()) {
    for (int64_t n = 1; n <= 1024; n *= 2) {
      const TeachRun run = teach_cpu(p, generate_values(Distribution::Uniform, p.type, n, 2));
      const Counters c = compute_counters(run.trace);
      const int64_t log2n = testing::log2_exact(n);
      EXPECT_EQ(c.ops, n * log2n - (n - 1)) << testing::describe(p, n);
      EXPECT_EQ(c.steps, log2n + 2);
      EXPECT_EQ(c.useful_ops, run.trace.serial_ops);
    }
  }
}

Params race_params(int block) {
  Params p;
  p.race = true;
  p.block_dim = block;
  return p;
}

TEST(ScanKoggeStoneCpu, RaceWithTwoWarpsGivesAWrongResultTheReferenceCatches) {
  const Params p = race_params(64);
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 64, 21);
  const TeachRun run = teach_cpu(p, values);
  const auto reference = scan_serial(p.op, p.type, true, values);
  EXPECT_EQ(reference, testing::std_scan(p.op, p.type, true, values));
  EXPECT_NE(run.result, reference);
  // The first warp runs first and reads only its own lanes: its 32 results are right.
  for (int i = 0; i < 32; ++i) EXPECT_EQ(run.result[i], reference[i]) << i;
  // All-ones input: position i must hold i + 1; the race counts some inputs twice.
  const TeachRun ones = teach_cpu(p, std::vector<double>(64, 1.0));
  int64_t too_large = 0;
  for (int i = 0; i < 64; ++i) too_large += ones.result[i] > i + 1;
  EXPECT_GT(too_large, 0);
  // Fast mode runs the same modelled schedule.
  EXPECT_EQ(fast_result(p, values), run.result);
  EXPECT_EQ(run.trace.steps[1].barriers, 1);
}

TEST(ScanKoggeStoneCpu, RaceWithinOneWarpHappensToBeRight) {
  for (int64_t n : {1, 2, 17, 32}) {
    Params p = race_params(0);
    const auto values = generate_values(Distribution::Uniform, ValueType::Int32, n, 22);
    EXPECT_EQ(teach_cpu(p, values).result, scan_serial(p.op, p.type, true, values)) << n;
  }
}

TEST(ScanKoggeStoneCpu, RejectsWhatTheKernelCannotRun) {
  Params p;
  EXPECT_THROW(teach_cpu(p, {}), Error);
  p.block_dim = 32;
  EXPECT_THROW(teach_cpu(p, std::vector<double>(33, 1.0)), Error);
  p.variant = Variant::KoggeStoneDouble;
  p.race = true;
  EXPECT_THROW(teach_cpu(p, std::vector<double>(8, 1.0)), Error);
}

}  // namespace
}  // namespace ws::scan
