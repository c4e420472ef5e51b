// References for the scan tests that do not use the kernels' operator code: the inputs the
// issue's CPU tier asks for (int32 over the whole range, so sums and products wrap; float32
// inputs whose every partial result is exact, and inputs that round) and the comparisons against
// std::inclusive_scan / std::exclusive_scan.
//   int32   computed on uint32_t with std::plus / std::multiplies (wraparound is defined there),
//           std::min / std::max on int32_t; compared exactly.
//   float32 computed in double; compared within tol + scale * eps, eps = k * FLT_EPSILON for k
//           combined terms (the bound of any order of k - 1 operations), scale = |ref| for
//           products and the sum of |x| over the prefix for sums (a sum with cancellation), exact
//           for min and max. On "dyadic" inputs every contiguous partial result is exact in
//           float, so the bound is zero there: any order of operations gives the double result.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <functional>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "common/binary_op.h"

namespace ws::scan::testing {

// Inputs for one (operator, type) pair. Int32: the whole range (products: odd factors, which
// never wrap to zero). Float32, dyadic: sums of multiples of 1/256 small enough that no partial
// sum of n of them needs more than 24 bits; products of signed powers of two whose exponents
// stay within [-50, 50] over every prefix (so every contiguous product lies in 2^-100..2^100).
// Float32, rounding: uniform in [-1, 1) (sums), the dyadic factors times 1 + d, |d| <= 2^-8
// (products). Min and max: uniform floats in [-1, 1).
inline std::vector<double> scan_inputs(BinaryOp op, ValueType type, bool dyadic, int64_t n,
                                       uint64_t seed) {
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + 12345);
  std::vector<double> v(static_cast<size_t>(n));
  if (type == ValueType::Int32) {
    for (double& x : v) {
      uint32_t bits = static_cast<uint32_t>(rng());
      if (op == BinaryOp::Product) bits |= 1u;
      x = static_cast<int32_t>(bits);
    }
    return v;
  }
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
  if (op == BinaryOp::Min || op == BinaryOp::Max) {
    for (double& x : v) x = unit(rng);
    return v;
  }
  if (op == BinaryOp::Sum) {
    if (!dyadic) {
      for (double& x : v) x = unit(rng);
      return v;
    }
    // |m| <= M with n * M <= 2^23: every partial sum is a multiple of 1/256 below 2^15 in size.
    const int64_t m_max = std::max<int64_t>(1, (int64_t{1} << 23) / std::max<int64_t>(1, n));
    std::uniform_int_distribution<int64_t> m(-m_max, m_max);
    for (double& x : v) x = static_cast<float>(static_cast<double>(m(rng)) / 256.0);
    return v;
  }
  // Products: a reflected walk of the exponent.
  int exponent = 0;
  std::uniform_int_distribution<int> step(-1, 2);  // -1, 0, 0, +1
  std::uniform_real_distribution<float> jitter(-1.0f / 256, 1.0f / 256);
  for (double& x : v) {
    int d = step(rng);
    d = d == 2 ? 0 : d;
    if (std::abs(exponent + d) > 50) d = -d;
    exponent += d;
    const float sign = (rng() & 1u) ? -1.0f : 1.0f;
    const float factor = std::ldexp(1.0f, d) * (dyadic ? 1.0f : 1.0f + jitter(rng));
    x = sign * factor;
  }
  return v;
}

// std::inclusive_scan / std::exclusive_scan on int32 values with wraparound.
inline std::vector<double> int32_reference(BinaryOp op, bool inclusive,
                                           const std::vector<double>& x) {
  const size_t n = x.size();
  std::vector<double> out(n);
  if (op == BinaryOp::Sum || op == BinaryOp::Product) {
    std::vector<uint32_t> in(n), r(n);
    for (size_t i = 0; i < n; ++i) in[i] = static_cast<uint32_t>(static_cast<int32_t>(x[i]));
    if (op == BinaryOp::Sum) {
      if (inclusive)
        std::inclusive_scan(in.begin(), in.end(), r.begin(), std::plus<uint32_t>());
      else
        std::exclusive_scan(in.begin(), in.end(), r.begin(), 0u, std::plus<uint32_t>());
    } else {
      if (inclusive)
        std::inclusive_scan(in.begin(), in.end(), r.begin(), std::multiplies<uint32_t>());
      else
        std::exclusive_scan(in.begin(), in.end(), r.begin(), 1u, std::multiplies<uint32_t>());
    }
    for (size_t i = 0; i < n; ++i) out[i] = static_cast<int32_t>(r[i]);
    return out;
  }
  std::vector<int32_t> in(n), r(n);
  for (size_t i = 0; i < n; ++i) in[i] = static_cast<int32_t>(x[i]);
  const bool is_min = op == BinaryOp::Min;
  const auto f = [is_min](int32_t a, int32_t b) {
    return is_min ? std::min(a, b) : std::max(a, b);
  };
  if (inclusive)
    std::inclusive_scan(in.begin(), in.end(), r.begin(), f);
  else
    std::exclusive_scan(in.begin(), in.end(), r.begin(), is_min ? INT32_MAX : INT32_MIN, f);
  std::copy(r.begin(), r.end(), out.begin());
  return out;
}

// std::inclusive_scan / std::exclusive_scan in double; the exclusive scan starts at the float
// identity (0, 1, FLT_MAX, -FLT_MAX).
inline std::vector<double> double_reference(BinaryOp op, bool inclusive,
                                            const std::vector<double>& x) {
  std::function<double(double, double)> f;
  double init = 0;
  switch (op) {
    case BinaryOp::Sum:
      f = std::plus<double>();
      break;
    case BinaryOp::Product:
      f = std::multiplies<double>();
      init = 1;
      break;
    case BinaryOp::Min:
      f = [](double a, double b) { return std::min(a, b); };
      init = FLT_MAX;
      break;
    default:
      f = [](double a, double b) { return std::max(a, b); };
      init = -FLT_MAX;
      break;
  }
  std::vector<double> out(x.size());
  if (inclusive)
    std::inclusive_scan(x.begin(), x.end(), out.begin(), f);
  else
    std::exclusive_scan(x.begin(), x.end(), out.begin(), init, f);
  return out;
}

// The scan of `x` is `got`: int32 exactly (wraparound), float32 within the bound above (exactly
// when the inputs are dyadic).
inline ::testing::AssertionResult matches_std_scan(const std::vector<double>& got,
                                                   const std::vector<double>& x, BinaryOp op,
                                                   ValueType type, bool inclusive,
                                                   bool dyadic = false) {
  if (got.size() != x.size())
    return ::testing::AssertionFailure() << got.size() << " results for " << x.size() << " inputs";
  if (type == ValueType::Int32) {
    const std::vector<double> ref = int32_reference(op, inclusive, x);
    for (size_t i = 0; i < ref.size(); ++i)
      if (got[i] != ref[i])
        return ::testing::AssertionFailure()
               << "position " << i << ": " << got[i] << ", std says " << ref[i];
    return ::testing::AssertionSuccess();
  }
  const std::vector<double> ref = double_reference(op, inclusive, x);
  constexpr double kTol = 1e-30;
  double abs_prefix = 0;  // sum of |x| over the terms of position i
  for (size_t i = 0; i < ref.size(); ++i) {
    const size_t terms = inclusive ? i + 1 : i;
    if (inclusive) abs_prefix += std::abs(x[i]);
    double bound = 0;
    if (dyadic) {
      bound = 0;
    } else if (op == BinaryOp::Sum) {
      bound = kTol + static_cast<double>(terms) * FLT_EPSILON * abs_prefix;
    } else if (op == BinaryOp::Product) {
      bound = kTol + static_cast<double>(terms) * FLT_EPSILON * std::abs(ref[i]);
    }
    if (!(std::abs(got[i] - ref[i]) <= bound))
      return ::testing::AssertionFailure()
             << "position " << i << ": " << got[i] << ", the double reference " << ref[i]
             << " (bound " << bound << ")";
    if (!inclusive) abs_prefix += std::abs(x[i]);
  }
  return ::testing::AssertionSuccess();
}

// The inputs are dyadic for even seeds, rounding for odd ones (int32 ignores it).
inline bool dyadic_seed(uint64_t seed) {
  return seed % 2 == 0;
}

}  // namespace ws::scan::testing
