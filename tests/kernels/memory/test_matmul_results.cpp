// Every variant's product equals the direct fmaf chain in k order bit for bit (odd sizes, primes,
// non-multiples of the tile, 1 x J x 1), and the float result lies within the rounding bound of
// the exact (double) product.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "matmul_test_support.h"

namespace ws::mem {
namespace {

using namespace matmul_test;

struct MatmulSizes {
  int I, J, K;
};
const std::vector<MatmulSizes>& matmul_odd_sizes() {
  static const std::vector<MatmulSizes> s = {{1, 1, 1},   {1, 13, 1},  {3, 5, 7},   {16, 16, 16},
                                             {5, 16, 11}, {13, 2, 9},  {7, 11, 13}, {16, 1, 16},
                                             {2, 15, 3},  {9, 10, 12}, {1, 16, 16}, {16, 7, 1}};
  return s;
}

TEST(MatmulResults, FloatReferenceIsTheDirectFmaChain) {
  for (int I : {1, 2, 17, 33})
    for (int J : {1, 3, 31, 33})
      for (int K : {1, 5, 29, 32}) {
        const FloatMatrix M = random_matrix(I, J, 11u + I), N = random_matrix(J, K, 23u + K);
        EXPECT_EQ(count_bit_differences(matmul_float(M, N), direct_product(M, N)), 0)
            << I << " x " << J << " x " << K;
      }
}

TEST(MatmulResults, EveryTeachVariantMatchesTheFloatReferenceBitForBit) {
  for (MatmulVariant v : all_matmul_variants())
    for (int tile : {2, 3, 4, 8})
      for (const MatmulSizes& s : matmul_odd_sizes()) {
        const MatmulTeachParams p = teach_params(v, tile, 3, 2);
        const FloatMatrix M = random_matrix(s.I, s.J, 5u + s.J), N = random_matrix(s.J, s.K, 9u);
        const MatmulTeachRun run = teach_matmul(p, M, N, Backend::Cpu);
        const std::vector<float> out(run.output.begin(), run.output.end());
        EXPECT_EQ(count_bit_differences(out, direct_product(M, N)), 0)
            << matmul_info(v).id << " tile " << p.tile << " at " << s.I << " x " << s.J << " x "
            << s.K;
      }
}

TEST(MatmulResults, FullSizeCpuRunIsTheFmaChain) {
  for (MatmulVariant v : all_matmul_variants()) {
    const FloatMatrix M = random_matrix(31, 37, 3u), N = random_matrix(37, 29, 4u);
    EXPECT_EQ(count_bit_differences(run_matmul(v, M, N, 16, Backend::Cpu), direct_product(M, N)), 0)
        << matmul_info(v).id;
  }
}

TEST(MatmulResults, FloatResultIsWithinTheRoundingBound) {
  for (int n : {1, 7, 33, 64}) {
    const FloatMatrix M = random_matrix(n, n + 3, 77u), N = random_matrix(n + 3, n, 78u);
    const std::vector<float> f = matmul_float(M, N);
    const std::vector<double> exact = matmul_reference(M, N), bound = matmul_error_bound(M, N);
    for (size_t i = 0; i < f.size(); ++i)
      ASSERT_LE(std::fabs(double(f[i]) - exact[i]), bound[i]) << "n " << n << " element " << i;
  }
}

TEST(MatmulResults, ReferenceOfASmallProductByHand) {
  // [1 2; 3 4] [5 6; 7 8] = [19 22; 43 50]
  const FloatMatrix M{2, 2, {1, 2, 3, 4}}, N{2, 2, {5, 6, 7, 8}};
  EXPECT_EQ(matmul_reference(M, N), (std::vector<double>{19, 22, 43, 50}));
  EXPECT_EQ(matmul_float(M, N), (std::vector<float>{19, 22, 43, 50}));
}

TEST(MatmulResults, MismatchedShapesAreRejectedWithAMessage) {
  const FloatMatrix M = random_matrix(3, 4, 1u), N = random_matrix(5, 2, 2u);
  try {
    matmul_float(M, N);
    FAIL() << "M 3 x 4 times N 5 x 2 was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("4 columns but N has 5 rows"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(run_matmul(MatmulVariant::Tiled, random_matrix(3, 4, 1u), random_matrix(4, 2, 1u),
                          12, Backend::Cpu),
               Error);  // full-size tiles are 8, 16, 32
}

}  // namespace
}  // namespace ws::mem
