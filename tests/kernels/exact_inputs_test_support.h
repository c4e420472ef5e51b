// Inputs whose answer is exact in int32 and float32 whatever the order of operations, for the
// cases the app's generator cannot test: its uniform -9..9 integers make an int32 product wrap to
// 0 from about n = 7 (a zero factor, or 32 factors of two), and its [0, 1) floats make a float
// product underflow from about n = 63. A reference of 0 then passes against a kernel that skips
// elements, so the tests assert that these answers are not 0.
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "common/binary_op.h"
#include "common/inputs.h"
#include "common/split_mix.h"

namespace ws::test {

// How many factors of a product input are ±2: at most 20, so |product| <= 2^20 fits int32.
inline int64_t product_twos(int64_t n) {
  return std::min<int64_t>(n, 20);
}

// Factors ±1 with exactly product_twos(n) of them ±2, at seeded positions. Every partial product
// is ±2^k with k <= 20: exact in int32 and float32, never 0, never wrapping, in any order. The
// product's magnitude is 2^product_twos(n) and its sign depends on every factor.
inline std::vector<double> product_inputs(int64_t n, uint64_t seed) {
  SplitMix64 rng{seed * 0x9E3779B97F4A7C15ull + 77};
  std::vector<double> values(static_cast<size_t>(n));
  for (double& v : values) v = (rng.next() & 1u) ? -1.0 : 1.0;
  std::vector<int64_t> positions(static_cast<size_t>(n));
  std::iota(positions.begin(), positions.end(), int64_t{0});
  for (int64_t i = 0; i < product_twos(n); ++i) {  // a partial Fisher-Yates shuffle
    const int64_t j = i + static_cast<int64_t>(rng.next() % static_cast<uint64_t>(n - i));
    std::swap(positions[i], positions[j]);
    values[positions[i]] *= 2;
  }
  return values;
}

// Float sums whose every partial sum is exact: ±m / 256 with 1 <= m <= M and n * M <= 2^23, so
// any partial sum is a multiple of 1/256 below 2^15 in size (23 bits). Any order of additions
// gives the exact sum, and no element is 0: leaving one out changes the answer.
inline std::vector<double> exact_sum_inputs(int64_t n, uint64_t seed) {
  SplitMix64 rng{seed * 0x9E3779B97F4A7C15ull + 91};
  const uint64_t m_max = static_cast<uint64_t>(std::max<int64_t>(1, (int64_t{1} << 23) / n));
  std::vector<double> values(static_cast<size_t>(n));
  for (double& v : values) {
    const double m = static_cast<double>(1 + rng.next() % m_max);
    v = ((rng.next() & 1u) ? -m : m) / 256.0;
  }
  return values;
}

// The seeded uniform inputs of the app for every operator but the product, which gets
// product_inputs (the uniform ones make it 0).
inline std::vector<double> operator_inputs(BinaryOp op, ValueType type, int64_t n, uint64_t seed) {
  return op == BinaryOp::Product ? product_inputs(n, seed)
                                 : generate_values(Distribution::Uniform, type, n, seed);
}

}  // namespace ws::test
