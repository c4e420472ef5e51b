// The compaction predicate as one function for the host and the device, evaluated in double so
// both backends decide every element the same way (int32 and float32 values are exact in a
// double).
#pragma once

#include <cmath>

#include "common/host_device.h"
#include "compact.h"

namespace ws::compact {

template <class T>
WS_HD bool keeps_value(Predicate kind, double threshold, T value) {
  const double x = static_cast<double>(value);
  switch (kind) {
    case Predicate::Greater:
      return x > threshold;
    case Predicate::Less:
      return x < threshold;
    case Predicate::NonZero:
      return x != 0.0;
    default: {
      if (x != floor(x)) return false;  // a fraction is neither even nor odd
      const bool even = floor(x * 0.5) == x * 0.5;
      return kind == Predicate::Even ? even : !even;
    }
  }
}

}  // namespace ws::compact
