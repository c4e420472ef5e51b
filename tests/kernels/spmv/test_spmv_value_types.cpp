// Float64, the value type the SpMV scene added to ws::ValueType: its name, typed values kept in
// double precision, and 8-byte elements in the memory counters (a warp's 32 doubles span twice
// the sectors of 32 floats).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/counters.h"
#include "common/inputs.h"
#include "spmv_variant_test_support.h"

namespace ws::spmv {
namespace {

TEST(SpmvVariantsValueTypes, Float64IsNamedAndKeepsDoublePrecision) {
  EXPECT_EQ(std::string(type_name(ValueType::Float64)), "float64");
  EXPECT_FALSE(parse_type("float64").has_value());  // the operator scenes take int32, float32
  EXPECT_EQ(parse_values("0.1 2", ValueType::Float64), (std::vector<double>{0.1, 2.0}));
  EXPECT_EQ(parse_values("0.1", ValueType::Float32), (std::vector<double>{double(0.1f)}));
  EXPECT_NE(0.1, double(0.1f));
  const std::vector<double> g = generate_values(Distribution::Uniform, ValueType::Float64, 8, 3);
  ASSERT_EQ(g.size(), 8u);
  for (double v : g) EXPECT_TRUE(v >= 0.0 && v < 1.0) << v;
}

// One full row of 32 nonzeros under csr-vector, one warp: its stride-0 step reads col[0..31]
// (128 bytes: 4 sectors), val[0..31] and x[0..31] (4 sectors each as floats, 8 as doubles).
TEST(SpmvVariantsValueTypes, SectorsOfAWarpsLoadsDoubleForFloat64) {
  std::vector<int32_t> rows(32, 0), cols(32);
  std::vector<double> vals(32, 1.0);
  for (int j = 0; j < 32; ++j) cols[size_t(j)] = j;
  const CsrMatrix row = from_triplets(1, 32, rows, cols, vals);
  const std::vector<double> x(32, 1.0);
  for (auto [type, sectors] :
       {std::pair{ValueType::Float32, 4 + 4 + 4}, std::pair{ValueType::Float64, 4 + 8 + 8}}) {
    const SpmvTeachRun run =
        teach_spmv(ktest::teach_params(SpmvVariant::CsrVector, type), row, x, Backend::Cpu);
    ASSERT_EQ(run.trace.steps[1].label, "stride 0");
    EXPECT_EQ(compute_counters(run.trace).per_step[1].global_requests, sectors) << type_name(type);
    EXPECT_EQ(run.y, std::vector<double>{32.0});
  }
}

}  // namespace
}  // namespace ws::spmv
