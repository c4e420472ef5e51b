// Every variant, finish, operator and type against std::accumulate, over the sweep sizes and
// several seeds.
#include <gtest/gtest.h>

#include <cmath>

#include "common/error.h"
#include "exact_inputs_test_support.h"
#include "reduce_test_support.h"

namespace ws::test {
namespace {

using reduce::Finish;
using reduce::Params;
using reduce::Variant;

struct Case {
  Variant variant;
  Finish finish;
};

class ReduceCpuResults : public ::testing::TestWithParam<Case> {};

TEST_P(ReduceCpuResults, MatchesStdAccumulateForEveryOperatorTypeAndSize) {
  const Case c = GetParam();
  for (ValueType type : {ValueType::Int32, ValueType::Float32}) {
    for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min, BinaryOp::Max}) {
      for (int64_t n : sweep_sizes()) {
        for (uint64_t seed : {1ull, 2ull}) {
          Params p;
          p.variant = c.variant;
          p.finish = c.finish;
          p.op = op;
          p.type = type;
          const auto values = operator_inputs(op, type, n, seed * 7919 + n);
          const double expected = std_reference(op, type, values);
          // ±2^twos: a reference of 0 would pass a kernel that drops inputs.
          if (op == BinaryOp::Product) {
            ASSERT_EQ(std::fabs(expected), std::ldexp(1.0, static_cast<int>(product_twos(n))))
                << type_name(type) << " n=" << n;
          }
          const auto run = reduce::teach_cpu(p, values);
          // Products of ±1 and ±2 are exact in any order.
          const double tolerance = type == ValueType::Int32 || op == BinaryOp::Product
                                       ? 0
                                       : float_tolerance(op, values, expected);
          ASSERT_NEAR(run.result, expected, tolerance)
              << reduce::info(c.variant).id << "/" << reduce::finish_name(c.finish) << " "
              << op_name(op) << " " << type_name(type) << " n=" << n << " seed=" << seed;
        }
      }
    }
  }
}

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (Variant v : all_variants())
    for (Finish f : {Finish::TwoPass, Finish::Atomic, Finish::LastBlock}) cases.push_back({v, f});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(AllVariants, ReduceCpuResults, ::testing::ValuesIn(all_cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           std::string name = std::string(reduce::info(info.param.variant).id) +
                                              "_" + reduce::finish_name(info.param.finish);
                           for (char& ch : name)
                             if (ch == '-') ch = '_';
                           return name;
                         });

TEST(ReduceCpuResults, EveryExplicitBlockSizeGivesTheSameIntegerResult) {
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 1000, 5);
  const double expected = std_reference(BinaryOp::Sum, ValueType::Int32, values);
  for (Variant v : all_variants())
    for (int block : {32, 64, 128, 256, 512, 1024}) {
      Params p;
      p.variant = v;
      p.block_dim = block;
      if (v == Variant::UnrollLastWarp && block < 64) continue;
      EXPECT_EQ(reduce::teach_cpu(p, values).result, expected)
          << reduce::info(v).id << " block " << block;
    }
}

TEST(ReduceCpuResults, FastModeComputesTheSameAnswerAsTeachMode) {
  for (Variant v : all_variants()) {
    Params p;
    p.variant = v;
    p.block_dim = 128;
    std::vector<int32_t> data(100003);
    generate_typed(Distribution::Uniform, ValueType::Int32, static_cast<int64_t>(data.size()), 3,
                   data.data());
    const std::vector<double> values(data.begin(), data.end());
    const auto fast = reduce::fast_cpu(p, data.data(), static_cast<int64_t>(data.size()), 1);
    EXPECT_EQ(fast.result, std_reference(BinaryOp::Sum, ValueType::Int32, values))
        << reduce::info(v).id;
    EXPECT_GT(fast.median_ms, 0);
  }
}

// Fast mode past the teach sizes: products of ±1 and ±2 (exact, never 0) and float sums whose
// partial sums are all exact, so every variant must give the reference bit for bit.
TEST(ReduceCpuResults, FastModeProductsAndExactFloatSumsMatchExactly) {
  const int64_t n = 100003;
  for (Variant v : all_variants())
    for (ValueType type : {ValueType::Int32, ValueType::Float32})
      for (BinaryOp op : {BinaryOp::Product, BinaryOp::Sum}) {
        if (op == BinaryOp::Sum && type == ValueType::Int32) continue;  // the test above
        const auto values = op == BinaryOp::Product ? product_inputs(n, 8) : exact_sum_inputs(n, 8);
        const double expected = std_reference(op, type, values);
        ASSERT_NE(expected, 0);
        Params p;
        p.variant = v;
        p.op = op;
        p.type = type;
        double result = 0;
        if (type == ValueType::Int32) {
          const std::vector<int32_t> data(values.begin(), values.end());
          result = reduce::fast_cpu(p, data.data(), n, 1).result;
        } else {
          const std::vector<float> data(values.begin(), values.end());
          result = reduce::fast_cpu(p, data.data(), n, 1).result;
        }
        EXPECT_EQ(result, expected)
            << reduce::info(v).id << " " << op_name(op) << " " << type_name(type);
      }
}

TEST(ReduceCpuResults, RejectsSizesAndBlocksThatCannotRun) {
  Params p;
  EXPECT_THROW(reduce::teach_cpu(p, {}), Error);
  EXPECT_THROW(reduce::teach_cpu(p, std::vector<double>(reduce::kTeachMaxN + 1, 1.0)), Error);
  p.block_dim = 96;  // not a power of two
  EXPECT_THROW(reduce::teach_cpu(p, {1, 2, 3}), Error);
  p.block_dim = 32;
  p.variant = Variant::UnrollLastWarp;  // needs two warps
  EXPECT_THROW(reduce::teach_cpu(p, {1, 2, 3}), Error);
  p.variant = Variant::Coarsened;
  p.coarsening = 6;  // not a multiple of the vector width
  EXPECT_THROW(reduce::teach_cpu(p, {1, 2, 3}), Error);
}

}  // namespace
}  // namespace ws::test
