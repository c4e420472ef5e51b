// Every variant, finish, operator and type against std::accumulate, over the sweep sizes and
// several seeds.
#include <gtest/gtest.h>

#include "common/error.h"
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
          const auto values = generate_values(Distribution::Uniform, type, n, seed * 7919 + n);
          const double expected = std_reference(op, type, values);
          const auto run = reduce::teach_cpu(p, values);
          const double tolerance =
              type == ValueType::Int32 ? 0 : float_tolerance(op, values, expected);
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
