// Bad SpMV requests get a ws::Error naming the option and what is accepted.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "spmv_variant_test_support.h"

namespace ws::spmv {
namespace {

using ktest::variant_error_of;

bool mentions(const std::string& message, const std::string& piece) {
  return message.find(piece) != std::string::npos;
}

TEST(SpmvVariantsErrors, VariantAndTypeNamesListWhatIsAccepted) {
  EXPECT_EQ(parse_spmv_variant("csr-vector"), SpmvVariant::CsrVector);
  EXPECT_EQ(parse_spmv_variant("3"), SpmvVariant::Ell);
  const std::string bad = variant_error_of([] { parse_spmv_variant("dia"); });
  EXPECT_TRUE(mentions(bad, "--variant")) << bad;
  EXPECT_TRUE(mentions(bad, "coo, csr, ell, hybrid, jds, csr-vector, fast or 1..7")) << bad;
  EXPECT_EQ(parse_spmv_value_type("double"), ValueType::Float64);
  EXPECT_EQ(parse_spmv_value_type("f32"), ValueType::Float32);
  const std::string type = variant_error_of([] { parse_spmv_value_type("int32", "--type"); });
  EXPECT_TRUE(mentions(type, "--type") && mentions(type, "float64")) << type;
  EXPECT_EQ(std::string(type_name(ValueType::Float64)), "float64");
}

TEST(SpmvVariantsErrors, TeachLimitsNameTheOption) {
  const CsrMatrix book = ktest::book_matrix();
  const std::vector<double> x = {1, 1, 1, 1};
  auto teach = [&](SpmvTeachParams p, const CsrMatrix& m, const std::vector<double>& xs) {
    return variant_error_of([&] { teach_spmv(p, m, xs, Backend::Cpu); });
  };
  const SpmvTeachParams csr = ktest::teach_params(SpmvVariant::Csr, ValueType::Float32);
  const CsrMatrix tall = ktest::random_matrix(65, 3, 1, 0.5);
  EXPECT_TRUE(mentions(teach(csr, tall, std::vector<double>(3, 1.0)), "--matrix: 65 rows"));
  const CsrMatrix dense = ktest::random_matrix(40, 40, 1, 1.0);
  EXPECT_TRUE(mentions(teach(csr, dense, std::vector<double>(40, 1.0)), "1600 nonzeros"));
  EXPECT_TRUE(mentions(teach(csr, book, {1, 1, 1}), "--x: 3 values for 4 columns"));
  SpmvTeachParams p = csr;
  p.block_dim = 0;
  EXPECT_TRUE(mentions(teach(p, book, x), "--threads: 0"));
  p = ktest::teach_params(SpmvVariant::CsrVector, ValueType::Float32, 48);
  EXPECT_TRUE(mentions(teach(p, book, x), "multiple of 32"));
  p = ktest::teach_params(SpmvVariant::Hybrid, ValueType::Float32);
  p.hybrid_width = 4;
  EXPECT_TRUE(mentions(teach(p, book, x), "--ell-width: 4; accepted -1"));
  EXPECT_TRUE(mentions(teach(p, book, x), "0..3"));
  p = ktest::teach_params(SpmvVariant::Csr, ValueType::Int32);
  EXPECT_TRUE(mentions(teach(p, book, x), "--type: int32"));
  p = ktest::teach_params(SpmvVariant::Fast, ValueType::Float32);
  EXPECT_TRUE(mentions(teach(p, book, x), "fast"));
}

TEST(SpmvVariantsErrors, FullSizeRunsCheckX) {
  const std::string msg = variant_error_of(
      [] { spmv_cpu<float>(SpmvVariant::Csr, ktest::book_matrix(), std::vector<float>(3, 1.f)); });
  EXPECT_TRUE(mentions(msg, "3 values for 4 columns")) << msg;
}

#ifndef WARPSCOPE_HAVE_CUDA
TEST(SpmvVariantsErrors, CpuOnlyBuildSaysTheCudaBackendIsMissing) {
  const std::string msg = variant_error_of([] {
    teach_spmv(ktest::teach_params(SpmvVariant::Csr, ValueType::Float32), ktest::book_matrix(),
               {1, 1, 1, 1}, Backend::Cuda);
  });
  EXPECT_TRUE(mentions(msg, "--backend cuda")) << msg;
  EXPECT_TRUE(mentions(variant_error_of([] {
                         spmv_on_device<float>(SpmvVariant::Csr, ktest::book_matrix(),
                                               std::vector<float>(4, 1.f));
                       }),
                       "no CUDA backend"));
}
#endif

}  // namespace
}  // namespace ws::spmv
