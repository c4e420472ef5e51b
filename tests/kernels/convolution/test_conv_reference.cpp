// The references and the boundary rules: the book's 1D example, ghost_index, identity and shift
// filters under every boundary, the float order against the double reference.
#include <gtest/gtest.h>

#include <cmath>

#include "common/error.h"
#include "conv_test_support.h"

namespace ws::conv {
namespace {

using test::random_filter;
using test::random_plane;

TEST(ConvReference, TheBooks1DExample) {
  const Plane x{7, 1, {8, 2, 5, 4, 1, 7, 3}};
  const Filter f{5, 1, {1, 3, 5, 3, 1}};
  const std::vector<double> want = {51, 53, 52, 47, 46, 51, 37};
  EXPECT_EQ(convolve_reference(x, f, Boundary::Zero), want);
  const std::vector<float> got = convolve_float(x, f, Boundary::Zero);
  EXPECT_EQ(std::vector<double>(got.begin(), got.end()), want);
}

TEST(ConvReference, GhostIndexFollowsEachRule) {
  // Zero: nothing is read outside; clamp: the nearest edge; mirror: reflect-101.
  EXPECT_EQ(ghost_index(-1, 5, Boundary::Zero), -1);
  EXPECT_EQ(ghost_index(5, 5, Boundary::Zero), -1);
  EXPECT_EQ(ghost_index(3, 5, Boundary::Zero), 3);
  EXPECT_EQ(ghost_index(-3, 5, Boundary::Clamp), 0);
  EXPECT_EQ(ghost_index(9, 5, Boundary::Clamp), 4);
  EXPECT_EQ(ghost_index(-1, 5, Boundary::Mirror), 1);
  EXPECT_EQ(ghost_index(-2, 5, Boundary::Mirror), 2);
  EXPECT_EQ(ghost_index(5, 5, Boundary::Mirror), 3);
  EXPECT_EQ(ghost_index(6, 5, Boundary::Mirror), 2);
  EXPECT_EQ(ghost_index(-7, 1, Boundary::Mirror), 0);
  // Repeated reflection stays inside for any distance.
  for (int n = 1; n <= 6; ++n)
    for (int i = -40; i <= 40; ++i) {
      const int64_t g = ghost_index(i, n, Boundary::Mirror);
      EXPECT_GE(g, 0);
      EXPECT_LT(g, n);
      if (n > 1) {
        EXPECT_EQ(ghost_index(-i, n, Boundary::Mirror), ghost_index(i, n, Boundary::Mirror));
      }
    }
}

TEST(ConvReference, ShiftFiltersReadTheGhostCellOfEachRule) {
  // A single 1 at (i, j) of a 5 x 3 filter: P[y][x] = N[y - 1 + j][x - 2 + i] through ghost_index.
  const Plane in = random_plane(6, 4, 11);
  for (Boundary b : test::all_boundaries())
    for (int j = 0; j < 3; ++j)
      for (int i = 0; i < 5; ++i) {
        Filter f{5, 3, std::vector<float>(15, 0.0f)};
        f.weights[size_t(j) * 5 + i] = 1.0f;
        const std::vector<double> out = convolve_reference(in, f, b);
        for (int y = 0; y < 4; ++y)
          for (int x = 0; x < 6; ++x) {
            const int64_t row = ghost_index(y - 1 + j, 4, b), col = ghost_index(x - 2 + i, 6, b);
            const double want = row < 0 || col < 0 ? 0.0 : in.values[size_t(row * 6 + col)];
            ASSERT_EQ(out[size_t(y) * 6 + x], want) << boundary_name(b) << " i " << i << " j " << j;
          }
      }
}

TEST(ConvReference, FloatOrderIsWithinRoundingOfTheDoubleReference) {
  for (Boundary b : test::all_boundaries()) {
    const Plane in = random_plane(17, 9, 3);
    const Filter f = random_filter(3, 2, 4);
    const std::vector<double> exact = convolve_reference(in, f, b);
    const std::vector<float> rounded = convolve_float(in, f, b);
    const double tol = 1e-5 * test::magnitude(f, 255);
    for (size_t k = 0; k < exact.size(); ++k) ASSERT_NEAR(rounded[k], exact[k], tol);
  }
}

TEST(ConvReference, RejectsAPlaneWithoutItsValues) {
  const Plane bad{3, 2, {1, 2, 3}};
  EXPECT_THROW(convolve_reference(bad, Filter{1, 1, {1}}, Boundary::Zero), Error);
}

}  // namespace
}  // namespace ws::conv
