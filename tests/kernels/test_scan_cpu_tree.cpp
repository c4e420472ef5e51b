// Brent-Kung (variant 4, both thread-index mappings) and Blelloch (variant 5) on the CPU twin:
// results against std::inclusive_scan / std::exclusive_scan, fast mode against teach mode, trace
// structure, closed-form operation counts, and the mappings' divergence.
#include <gtest/gtest.h>

#include <algorithm>
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

Params tree(Variant v, Mapping mapping = Mapping::Contiguous) {
  Params p;
  p.variant = v;
  p.mapping = mapping;
  return p;
}

const std::vector<Params>& trees() {
  static const std::vector<Params> all = {tree(Variant::BrentKung, Mapping::Contiguous),
                                          tree(Variant::BrentKung, Mapping::Divergent),
                                          tree(Variant::Blelloch)};
  return all;
}

std::vector<Params> every_combination() {
  std::vector<Params> all;
  for (const Params& base : trees())
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false}) {
          Params p = base;
          p.op = op;
          p.type = type;
          p.inclusive = inclusive;
          all.push_back(p);
        }
  return all;
}

using testing::fast_result;

TEST(ScanTreeCpu, EveryOperatorTypeAndDirectionMatchesTheStandardLibrary) {
  for (const Params& p : every_combination()) {
    for (int64_t n : testing::teach_sizes(2048)) {
      const auto values = test::operator_inputs(p.op, p.type, n, 17 + n);
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

TEST(ScanTreeCpu, RandomSeedsAndExplicitBlocks) {
  for (const Params& base : every_combination()) {
    for (uint64_t seed : {1u, 2u, 3u}) {
      for (int block : {1, 32, 512}) {
        Params p = base;
        p.block_dim = block;
        const int64_t n = std::max<int64_t>(1, 2 * block - static_cast<int64_t>(seed) * 3);
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

TEST(ScanTreeCpu, FastModeEqualsTeachModeBitForBit) {
  for (const Params& p : every_combination()) {
    for (int64_t n : {1, 2, 3, 64, 100, 2048}) {
      const auto values = test::operator_inputs(p.op, p.type, n, 5);
      EXPECT_EQ(fast_result(p, values), teach_cpu(p, values).result) << testing::describe(p, n);
    }
  }
}

TEST(ScanTreeCpu, FastModeScansManySectionsCarryingTheTotal) {
  for (const Params& base : every_combination()) {
    for (int block : {0, 32}) {
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
}

TEST(ScanTreeCpu, TraceReadsEveryInputAndReplaysToTheResult) {
  for (const Params& p : every_combination()) {
    for (int64_t n : {1, 5, 64, 65, 300}) {
      const auto values = generate_values(Distribution::Uniform, p.type, n, 3);
      const TeachRun run = teach_cpu(p, values);
      const std::string context = testing::describe(p, n);
      // Blelloch's inclusive store reads every input a second time
      const int reads = p.variant == Variant::Blelloch && p.inclusive ? 2 : 1;
      const std::vector<int> counted = testing::input_reads(run.trace);
      for (int64_t i = 0; i < n; ++i) EXPECT_EQ(counted[i], reads) << context << " input " << i;
      EXPECT_EQ(testing::final_output(run.trace), run.result) << context;
      EXPECT_EQ(run.trace.serial_ops, p.inclusive ? n - 1 : std::max<int64_t>(0, n - 2));
    }
  }
}

TEST(ScanTreeCpu, StepsPhasesAndBarriersFollowTheKernel) {
  for (const Params& base : every_combination()) {
    Params p = base;
    p.block_dim = 32;  // a section of 64: 6 up-sweep levels
    const TeachRun run = teach_cpu(p, generate_values(Distribution::Uniform, p.type, 50, 1));
    std::vector<std::string> phases;
    for (const TraceStep& s : run.trace.steps) {
      phases.push_back(s.phase);
      EXPECT_EQ(s.barriers, s.phase == "store" ? 0 : 1) << s.label;
    }
    std::vector<std::string> expected = {"load"};
    expected.insert(expected.end(), 6, "up-sweep");
    if (p.variant == Variant::Blelloch) {
      expected.push_back("root");
      expected.insert(expected.end(), 6, "down-sweep");
    } else {
      expected.insert(expected.end(), 5, "down-sweep");
    }
    expected.push_back("store");
    EXPECT_EQ(phases, expected) << testing::describe(p, 50);
    EXPECT_EQ(run.trace.steps[1].label, "up-sweep: stride 1");
    EXPECT_EQ(run.trace.steps[7].label,
              p.variant == Variant::Blelloch ? "root" : "down-sweep: stride 16");
  }
}

TEST(ScanTreeCpu, OperationCountsMatchTheClosedForms) {
  for (const Params& p : every_combination()) {
    for (int64_t n = 2; n <= 2048; n *= 2) {
      const TeachRun run = teach_cpu(p, generate_values(Distribution::Uniform, p.type, n, 2));
      const Counters c = compute_counters(run.trace);
      const int64_t log2n = testing::log2_exact(n);
      const std::string context = testing::describe(p, n);
      if (p.variant == Variant::BrentKung) {
        EXPECT_EQ(c.ops, 2 * n - 2 - log2n) << context;
        EXPECT_EQ(c.steps, 2 * log2n + 1) << context;  // load, 2 log2 n - 1 levels, store
      } else {
        EXPECT_EQ(c.ops, 2 * (n - 1) + (p.inclusive ? n : 0)) << context;
        EXPECT_EQ(c.steps, 2 * log2n + 3) << context;  // load, up, root, down, store
      }
    }
  }
}

TEST(ScanTreeCpu, TheDivergentMappingDivergesWhereTheContiguousOneDoesNot) {
  Params contiguous = tree(Variant::BrentKung, Mapping::Contiguous);
  Params divergent = tree(Variant::BrentKung, Mapping::Divergent);
  contiguous.block_dim = divergent.block_dim = 256;
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 512, 6);
  const TeachRun a = teach_cpu(contiguous, values), b = teach_cpu(divergent, values);
  EXPECT_EQ(a.result, b.result);
  const Counters ca = compute_counters(a.trace), cb = compute_counters(b.trace);
  EXPECT_EQ(ca.ops, cb.ops);
  EXPECT_GT(cb.divergent_warps, ca.divergent_warps);
  // The first up-sweep level: every odd thread of every warp (divergent) against all threads.
  EXPECT_EQ(ca.per_step[1].divergent_warps, 0);
  EXPECT_EQ(cb.per_step[1].divergent_warps, 256 / 32);
  // Contiguous threads only diverge once fewer than a warp's worth of nodes is left.
  for (size_t s = 1; s + 1 < ca.per_step.size(); ++s)
    EXPECT_LE(ca.per_step[s].divergent_warps, 1) << a.trace.steps[s].label;
  EXPECT_GT(cb.lanes_consumed, ca.lanes_consumed);
}

TEST(ScanTreeCpu, RejectsWhatTheKernelCannotRun) {
  Params p = tree(Variant::BrentKung);
  EXPECT_THROW(teach_cpu(p, {}), Error);
  p.block_dim = 16;
  EXPECT_THROW(teach_cpu(p, std::vector<double>(33, 1.0)), Error);
  p.race = true;
  p.block_dim = 0;
  EXPECT_THROW(teach_cpu(p, std::vector<double>(8, 1.0)), Error);
}

}  // namespace
}  // namespace ws::scan
