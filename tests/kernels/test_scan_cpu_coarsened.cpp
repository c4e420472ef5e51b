// Coarsened three-phase (6) and hierarchical (7) scans on the CPU twin: results against
// std::inclusive_scan / std::exclusive_scan, fast mode (the hierarchy with plain loops) against
// teach mode, trace structure (steps, barriers, levels), and closed-form operation counts.
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

Params make(Variant v, BinaryOp op, ValueType type, bool inclusive, int block_dim = 0,
            int coarsening = 4) {
  Params p;
  p.variant = v;
  p.op = op;
  p.type = type;
  p.inclusive = inclusive;
  p.block_dim = block_dim;
  p.coarsening = coarsening;
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

// Block size and coarsening pairs: automatic, tiny sections (many levels for 7), and a section
// that is not a power of two.
struct Shape {
  int block_dim, coarsening;
};
constexpr Shape kShapes[] = {{0, 4}, {2, 2}, {4, 3}, {32, 1}};

TEST(ScanCoarsenedCpu, EveryOperatorTypeAndDirectionMatchesTheStandardLibrary) {
  for (Variant v : {Variant::Coarsened, Variant::Hierarchical})
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false}) {
          const Params p = make(v, op, type, inclusive);
          for (int64_t n : testing::teach_sizes(v == Variant::Coarsened ? 1024 : 2049)) {
            const auto values = test::operator_inputs(op, type, n, 11 + n);
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
}

TEST(ScanCoarsenedCpu, SmallAndOddSectionsMatchTheStandardLibrary) {
  for (const Shape& shape : kShapes)
    for (bool inclusive : {true, false})
      for (uint64_t seed : {1u, 2u, 3u}) {
        for (int64_t n : testing::teach_sizes(300)) {
          Params p = make(Variant::Hierarchical, BinaryOp::Sum, ValueType::Int32, inclusive,
                          shape.block_dim, shape.coarsening);
          const auto values = generate_values(Distribution::Uniform, p.type, n, seed * 1000 + n);
          const auto expected = testing::std_scan(p.op, p.type, inclusive, values);
          testing::expect_scan_near(teach_cpu(p, values).result, expected, p.type, p.op,
                                    testing::describe(p, n));
          p.variant = Variant::Coarsened;
          const int b = resolve_block_dim(p, n);
          if (n > section_size(p, b)) continue;  // one section only
          testing::expect_scan_near(teach_cpu(p, values).result, expected, p.type, p.op,
                                    testing::describe(p, n));
        }
      }
}

TEST(ScanCoarsenedCpu, FastModeEqualsTeachModeExactly) {
  for (Variant v : {Variant::Coarsened, Variant::Hierarchical})
    for (const Shape& shape : kShapes)
      for (BinaryOp op : kAllOps)
        for (ValueType type : kAllTypes)
          for (bool inclusive : {true, false})
            for (int64_t n : {int64_t{1}, int64_t{5}, int64_t{64}, int64_t{127}, int64_t{200}}) {
              const Params p = make(v, op, type, inclusive, shape.block_dim, shape.coarsening);
              if (v == Variant::Coarsened && n > section_size(p, resolve_block_dim(p, n))) continue;
              const auto values = test::operator_inputs(op, type, n, 5 + n);
              EXPECT_EQ(fast_result(p, values), teach_cpu(p, values).result)
                  << testing::describe(p, n);
            }
}

TEST(ScanCoarsenedCpu, FastModeScansLargeInputsThroughSeveralLevels) {
  const int64_t n = (int64_t{1} << 20) + 3;
  for (Variant v : {Variant::Coarsened, Variant::Hierarchical})
    for (const Shape& shape : {Shape{0, 4}, Shape{32, 2}})  // 2 levels; 4 levels (64 per block)
      for (bool inclusive : {true, false}) {
        const Params p =
            make(v, BinaryOp::Sum, ValueType::Int32, inclusive, shape.block_dim, shape.coarsening);
        const auto values = generate_values(Distribution::Uniform, p.type, n, 99);
        testing::expect_scan_near(fast_result(p, values),
                                  testing::std_scan(p.op, p.type, inclusive, values), p.type, p.op,
                                  testing::describe(p, n));
      }
  const Params p = make(Variant::Hierarchical, BinaryOp::Max, ValueType::Float32, true, 64, 8);
  const auto values = generate_values(Distribution::Uniform, p.type, n, 4);
  testing::expect_scan_near(fast_result(p, values), testing::std_scan(p.op, p.type, true, values),
                            p.type, p.op, testing::describe(p, n));
}

TEST(ScanCoarsenedCpu, CoarsenedTraceHasThreePhasesAroundTheKoggeStoneSteps) {
  for (int block_dim : {1, 4, 16})
    for (int c : {1, 3, 4}) {
      const Params p =
          make(Variant::Coarsened, BinaryOp::Sum, ValueType::Int32, true, block_dim, c);
      const int64_t n = int64_t{block_dim} * c;
      const auto values = generate_values(Distribution::Uniform, p.type, n, 3);
      const TeachRun run = teach_cpu(p, values);
      const Trace& t = run.trace;
      const int log_b = testing::log2_exact(block_dim);
      ASSERT_EQ(t.steps.size(), size_t(4 + log_b)) << testing::describe(p, n);
      EXPECT_EQ(t.steps.front().phase, "load");
      EXPECT_EQ(t.steps[1].phase, "thread scan");
      for (int k = 0; k < log_b; ++k) {
        EXPECT_EQ(t.steps[2 + k].phase, "section scan");
        EXPECT_EQ(t.steps[2 + k].label, "stride " + std::to_string(1 << k));
        EXPECT_EQ(t.steps[2 + k].barriers, 2);
      }
      EXPECT_EQ(t.steps[2 + log_b].phase, "add back");
      EXPECT_EQ(t.steps.back().phase, "store");
      EXPECT_EQ(t.steps.back().barriers, 0);
      EXPECT_EQ(t.buffers.at(0).name, "input");
      EXPECT_EQ(t.buffers.at(1).name, "output");
      EXPECT_EQ(run.level_sizes, std::vector<int64_t>{n});
      EXPECT_EQ(testing::input_reads(t), std::vector<int>(size_t(n), 1));
      EXPECT_EQ(testing::final_output(t), run.result);

      // Work: B(c-1) serial steps, Kogge-Stone over B totals, (B-1)(c-1) add-backs.
      const int64_t B = block_dim;
      const int64_t ks = B * log_b - (B - 1);
      EXPECT_EQ(testing::op_events(t.steps[1]), B * (c - 1));
      EXPECT_EQ(compute_counters(t).ops, B * (c - 1) + ks + (B - 1) * (c - 1))
          << testing::describe(p, n);
      EXPECT_EQ(t.serial_ops, n - 1);
    }
}

TEST(ScanCoarsenedCpu, HierarchicalTraceListsItsLevels) {
  // Sections of 4: 64 -> 16 -> 4 (three levels), 65 -> 17 -> 5 -> 2 (four).
  for (auto [n, levels] :
       {std::pair<int64_t, std::vector<int64_t>>{64, {64, 16, 4}}, {65, {65, 17, 5, 2}}, {4, {4}}})
    for (bool inclusive : {true, false}) {
      const Params p =
          make(Variant::Hierarchical, BinaryOp::Sum, ValueType::Int32, inclusive, 2, 2);
      const auto values = generate_values(Distribution::Uniform, p.type, n, 8);
      const TeachRun run = teach_cpu(p, values);
      EXPECT_EQ(run.level_sizes, levels);
      const size_t L = levels.size();
      // Each level: load, thread scan, one Kogge-Stone step (B = 2), add back, store; then one
      // add-back kernel per level below the top.
      ASSERT_EQ(run.trace.steps.size(), 5 * L + (L - 1));
      for (size_t l = 0; l < L; ++l)
        EXPECT_EQ(run.trace.steps[5 * l].label, "level " + std::to_string(l) + ": load");
      for (size_t l = 0; l + 1 < L; ++l) {
        const TraceStep& s = run.trace.steps[5 * L + (L - 2 - l)];
        EXPECT_EQ(s.label, "level " + std::to_string(l) + ": add block sums");
        EXPECT_EQ(s.code_marker, "@add-sums");
        EXPECT_EQ(testing::op_events(s), levels[l] - 4);  // every element past the first block
      }
      EXPECT_EQ(testing::input_reads(run.trace), std::vector<int>(size_t(n), 1));
      EXPECT_EQ(testing::final_output(run.trace), run.result);
      EXPECT_EQ(run.result, testing::std_scan(p.op, p.type, inclusive, values));
    }
}

TEST(ScanCoarsenedCpu, RejectsWhatItCannotRun) {
  Params p = make(Variant::Hierarchical, BinaryOp::Sum, ValueType::Int32, true, 1, 1);
  const auto values = generate_values(Distribution::Uniform, p.type, 10, 1);
  try {
    teach_cpu(p, values);
    FAIL() << "a section of one element cannot make a hierarchy";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("sections of at least 2"), std::string::npos) << e.what();
  }
  p.variant = Variant::Coarsened;
  p.block_dim = 4;
  EXPECT_THROW(teach_cpu(p, values), Error);  // 10 values, a section of 4
  p.coarsening = 0;
  EXPECT_THROW(teach_cpu(p, std::vector<double>(3, 1.0)), Error);
}

TEST(ScanCoarsenedCpu, EveryOutputCellHoldsItsPrefixRange) {
  for (Variant v : {Variant::Coarsened, Variant::Hierarchical})
    for (const Shape& shape : kShapes)
      for (bool inclusive : {true, false})
        for (int64_t n : {int64_t{1}, int64_t{7}, int64_t{32}, int64_t{100}}) {
          const Params p = make(v, BinaryOp::Sum, ValueType::Int32, inclusive, shape.block_dim,
                                shape.coarsening);
          if (v == Variant::Coarsened && n > section_size(p, resolve_block_dim(p, n))) continue;
          const auto values = generate_values(Distribution::Uniform, p.type, n, 12);
          expect_output_ranges(teach_cpu(p, values), inclusive, testing::describe(p, n));
        }
}

}  // namespace
}  // namespace ws::scan
