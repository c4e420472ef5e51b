// Inputs the convolution tests share: seeded random planes and filters, the variants, and a
// teach run's output as floats.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "convolution/convolution.h"

namespace ws::conv::test {

inline Plane random_plane(int w, int h, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> cell(0, 255);
  Plane p{w, h, {}};
  for (int64_t k = 0; k < p.size(); ++k) p.values.push_back(float(cell(rng)));
  return p;
}

// A (2rx+1) x (2ry+1) filter of random weights in -1..1 (not separable, almost surely).
inline Filter random_filter(int rx, int ry, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> weight(-1.0f, 1.0f);
  Filter f{2 * rx + 1, 2 * ry + 1, {}};
  for (int64_t k = 0; k < f.taps(); ++k) f.weights.push_back(weight(rng));
  return f;
}

inline const std::vector<Variant>& all_variants() {
  static const std::vector<Variant> v = {Variant::Basic, Variant::ConstantMemory,
                                         Variant::TiledInput, Variant::TiledOutput, Variant::Fast};
  return v;
}

inline const std::vector<Boundary>& all_boundaries() {
  static const std::vector<Boundary> b = {Boundary::Zero, Boundary::Clamp, Boundary::Mirror};
  return b;
}

inline std::vector<float> as_floats(const std::vector<double>& v) {
  return std::vector<float>(v.begin(), v.end());
}

// The sum of |weights| times the largest input: the scale a float rounding error is relative to.
inline double magnitude(const Filter& f, double largest_input) {
  double s = 0;
  for (float w : f.weights) s += w < 0 ? -w : w;
  return s * largest_input;
}

}  // namespace ws::conv::test
