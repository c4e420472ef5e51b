// Arithmetic intensity: the book's figures (PMPP 7.4-7.5) and the order of the variants.
#include <gtest/gtest.h>

#include "common/error.h"
#include "convolution/convolution.h"

namespace ws::conv {
namespace {

TEST(ConvIntensity, TheBooksFiguresComeOut) {
  // 5 x 5 filter, 32 x 32 input tile (28 x 28 outputs): 9.57 OP/B, bound 12.5.
  const Intensity a = arithmetic_intensity(Variant::TiledInput, 28, 2, 2);
  EXPECT_NEAR(a.op_per_byte, 9.57, 0.005);
  EXPECT_DOUBLE_EQ(a.bound, 12.5);
  // 9 x 9, 32 x 32 input tile (24 x 24 outputs): 22.78, bound 40.5.
  const Intensity b = arithmetic_intensity(Variant::TiledInput, 24, 4, 2);
  EXPECT_NEAR(b.op_per_byte, 22.78, 0.005);
  EXPECT_DOUBLE_EQ(b.bound, 40.5);
  // 5 x 5 with 8 x 8 input tiles (4 x 4 outputs): 3.13.
  EXPECT_NEAR(arithmetic_intensity(Variant::TiledInput, 4, 2, 2).op_per_byte, 3.13, 0.005);
}

TEST(ConvIntensity, BasicAndConstantAreFixedAndTilingApproachesTheBound) {
  EXPECT_DOUBLE_EQ(arithmetic_intensity(Variant::Basic, 16, 3, 2).op_per_byte, 0.25);
  EXPECT_DOUBLE_EQ(arithmetic_intensity(Variant::ConstantMemory, 16, 3, 2).op_per_byte, 0.5);
  double last = 0;
  for (int tile : {4, 8, 16, 32, 64, 1024}) {
    const Intensity i = arithmetic_intensity(Variant::TiledInput, tile, 3, 2);
    EXPECT_GT(i.op_per_byte, last);
    EXPECT_LT(i.op_per_byte, i.bound);
    last = i.op_per_byte;
  }
  EXPECT_DOUBLE_EQ(arithmetic_intensity(Variant::TiledOutput, 8, 3, 2).op_per_byte, 49 / 2.0);
  EXPECT_DOUBLE_EQ(arithmetic_intensity(Variant::TiledInput, 8, 3, 1).bound, 7 / 2.0);
  EXPECT_THROW(arithmetic_intensity(Variant::TiledInput, 0, 3, 2), Error);
}

}  // namespace
}  // namespace ws::conv
