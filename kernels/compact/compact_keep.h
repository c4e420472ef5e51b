// The compaction predicate lowered to the element type, for the fast kernels (and CUB beside them):
// keeps_value (compact_predicate.h) compares in double, which costs every element a 64-bit
// conversion (16 per clock per SM on an H200). KeepLowered decides every element exactly as
// keeps_value does, with one or two compares in the element's own type:
//   int32:   x > t  <=>  x >= floor(t) + 1;  x < t  <=>  x <= ceil(t) - 1  (a range [lo, hi]);
//            even / odd from the low bit.
//   float32: x > t  <=>  x > t rounded down to a float;  x < t  <=>  x < t rounded up
//            (NaN thresholds keep nothing either way); even / odd stay in double.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>

#include "common/host_device.h"
#include "compact_predicate.h"

namespace ws::compact {

template <class T>
struct KeepLowered {
  Predicate kind = Predicate::Greater;
  double threshold = 0;  // the original, for the kinds evaluated in double
  T lo{}, hi{};          // int32 Greater / Less: keep lo <= x <= hi (lo > hi: keep nothing)
  T bound{};             // float32 Greater / Less: keep x > bound / x < bound

  WS_HD bool operator()(T x) const {
    if constexpr (std::is_same_v<T, int32_t>) {
      switch (kind) {
        case Predicate::Greater:
        case Predicate::Less:
          return lo <= x && x <= hi;
        case Predicate::NonZero:
          return x != 0;
        case Predicate::Even:
          return (x & 1) == 0;
        default:
          return (x & 1) != 0;
      }
    } else {
      switch (kind) {
        case Predicate::Greater:
          return x > bound;
        case Predicate::Less:
          return x < bound;
        case Predicate::NonZero:
          return x != T(0);
        default:
          return keeps_value(kind, threshold, x);
      }
    }
  }
};

// Host side: the lowered form of (kind, threshold) for element type T.
template <class T>
KeepLowered<T> lower_predicate(Predicate kind, double threshold) {
  KeepLowered<T> k;
  k.kind = kind;
  k.threshold = threshold;
  if constexpr (std::is_same_v<T, int32_t>) {
    const double lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max();
    k.lo = std::numeric_limits<int32_t>::min();
    k.hi = std::numeric_limits<int32_t>::max();
    if (std::isnan(threshold)) {
      k.lo = 1, k.hi = 0;
    } else if (kind == Predicate::Greater) {
      const double first = std::floor(threshold) + 1;  // the smallest integer above threshold
      if (first > hi) k.lo = 1, k.hi = 0;
      if (first > lo && first <= hi) k.lo = static_cast<int32_t>(first);
    } else if (kind == Predicate::Less) {
      const double last = std::ceil(threshold) - 1;  // the largest integer below threshold
      if (last < lo) k.lo = 1, k.hi = 0;
      if (last >= lo && last < hi) k.hi = static_cast<int32_t>(last);
    }
  } else {
    const float inf = std::numeric_limits<float>::infinity(),
                top = std::numeric_limits<float>::max();
    const float nearest = std::isnan(threshold) ? std::numeric_limits<float>::quiet_NaN()
                          : threshold > top     ? inf
                          : threshold < -top    ? -inf
                                                : static_cast<float>(threshold);
    if (kind == Predicate::Greater)
      k.bound = static_cast<double>(nearest) > threshold ? std::nextafter(nearest, -inf) : nearest;
    else if (kind == Predicate::Less)
      k.bound = static_cast<double>(nearest) < threshold ? std::nextafter(nearest, inf) : nearest;
  }
  return k;
}

}  // namespace ws::compact
