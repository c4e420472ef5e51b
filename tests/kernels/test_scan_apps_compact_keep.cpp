// The compaction predicate lowered to the element type (compact_keep.h, what the fast CUDA kernel
// and CUB get) decides every element as keeps_value does in double: int32 and float32, every
// predicate, thresholds at and between representable values, at the types' ends, infinite and NaN.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include "compact/compact_keep.h"

namespace ws::compact {
namespace {

constexpr Predicate kAll[] = {Predicate::Greater, Predicate::Less, Predicate::Even, Predicate::Odd,
                              Predicate::NonZero};

std::vector<double> thresholds(uint32_t seed) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> t = {0,
                           0.5,
                           -0.5,
                           7.5,
                           0.1,
                           -0.1,
                           1e300,
                           -1e300,
                           inf,
                           -inf,
                           std::nan(""),
                           2147483647.0,
                           2147483646.5,
                           2147483647.5,
                           -2147483648.0,
                           -2147483648.5,
                           -2147483647.5,
                           3.4028234663852886e38,
                           3.5e38,
                           -3.5e38,
                           1e-50,
                           -1e-50};
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> wide(-3e9, 3e9), narrow(-10, 10);
  for (int i = 0; i < 50; ++i) t.push_back(wide(rng));
  for (int i = 0; i < 50; ++i) t.push_back(narrow(rng));
  return t;
}

TEST(CompactKeepLowered, Int32DecidesLikeKeepsValue) {
  for (uint32_t seed : {1u, 2u, 3u}) {
    std::mt19937_64 rng(seed);
    std::vector<int32_t> xs = {0,
                               1,
                               -1,
                               7,
                               8,
                               -7,
                               -8,
                               std::numeric_limits<int32_t>::max(),
                               std::numeric_limits<int32_t>::min(),
                               std::numeric_limits<int32_t>::max() - 1,
                               std::numeric_limits<int32_t>::min() + 1};
    for (int i = 0; i < 300; ++i) xs.push_back(static_cast<int32_t>(rng()));
    for (int i = 0; i < 300; ++i) xs.push_back(static_cast<int32_t>(rng() % 41) - 20);
    for (Predicate kind : kAll)
      for (double t : thresholds(seed)) {
        const KeepLowered<int32_t> keep = lower_predicate<int32_t>(kind, t);
        std::vector<int32_t> near = xs;
        if (std::isfinite(t) && std::fabs(t) < 3e9)
          for (int64_t y = static_cast<int64_t>(std::floor(t)) - 3; y <= std::floor(t) + 3; ++y)
            if (y >= std::numeric_limits<int32_t>::min() &&
                y <= std::numeric_limits<int32_t>::max())
              near.push_back(static_cast<int32_t>(y));
        for (int32_t x : near)
          ASSERT_EQ(keep(x), keeps_value(kind, t, x))
              << predicate_name(kind) << " threshold " << t << " x " << x;
      }
  }
}

TEST(CompactKeepLowered, Float32DecidesLikeKeepsValue) {
  for (uint32_t seed : {1u, 2u, 3u}) {
    std::mt19937_64 rng(seed);
    const float inf = std::numeric_limits<float>::infinity();
    std::vector<float> xs = {0.f,
                             -0.f,
                             1.f,
                             -1.f,
                             inf,
                             -inf,
                             std::nanf(""),
                             0.1f,
                             -0.1f,
                             2.5f,
                             3.f,
                             1e-45f,
                             -1e-45f,
                             std::numeric_limits<float>::max(),
                             -std::numeric_limits<float>::max()};
    for (int i = 0; i < 300; ++i) {
      const uint32_t bits = static_cast<uint32_t>(rng());
      float f;
      std::memcpy(&f, &bits, sizeof f);
      xs.push_back(f);
    }
    std::uniform_real_distribution<float> narrow(-10, 10);
    for (int i = 0; i < 300; ++i) xs.push_back(narrow(rng));
    for (Predicate kind : kAll)
      for (double t : thresholds(seed)) {
        const KeepLowered<float> keep = lower_predicate<float>(kind, t);
        std::vector<float> near = xs;
        if (std::isfinite(t) && std::fabs(t) < 3e38) {
          float y = static_cast<float>(t);
          for (int s = 0; s < 4; ++s) y = std::nextafter(y, -inf);
          for (int s = 0; s < 9; ++s, y = std::nextafter(y, inf)) near.push_back(y);
        }
        for (float x : near)
          ASSERT_EQ(keep(x), keeps_value(kind, t, x))
              << predicate_name(kind) << " threshold " << t << " x " << x;
      }
  }
}

}  // namespace
}  // namespace ws::compact
