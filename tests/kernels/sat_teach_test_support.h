// Shared by the summed-area-table teach tests (CPU and GPU): seeded images and the shapes tried.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/split_mix.h"
#include "sat/sat.h"

namespace ws::sat::test {

// u8: integers 0..255; floats: multiples of 2^-24 in [0, 1) (every sum of up to 2^20 of them is
// exact in a double, so any order gives the same f32 -> f64 table).
inline Plane random_plane(int w, int h, Accum a, uint64_t seed) {
  Plane p;
  p.width = w;
  p.height = h;
  SplitMix64 rng{seed * 0x9E3779B97F4A7C15ull + uint64_t(w) * 131 + uint64_t(h)};
  p.values.resize(size_t(w) * size_t(h));
  for (float& v : p.values) v = a == Accum::U8U32 ? float(rng.next() % 256) : rng.unit_float();
  return p;
}

inline std::vector<int> teach_sides() {
  return {1, 2, 3, 5, 7, 8, 13, 16, 17, 31, 32};
}

inline std::string describe(Variant v, Accum a, int w, int h, int tile = 0) {
  return std::string(info(v).id) + " " + accum_name(a) + " " + std::to_string(w) + "x" +
         std::to_string(h) + (tile ? " tile " + std::to_string(tile) : "");
}

inline TeachParams teach_params(Variant v, Accum a, int tile) {
  TeachParams p;
  p.variant = v;
  p.accum = a;
  p.tile = tile;
  return p;
}

// The fused box filter's teach run at `radius` (u8).
inline TeachParams fused_filter_params(int radius) {
  TeachParams p;
  p.kernel = TeachKernel::FusedFilter;
  p.radius = radius;
  return p;
}

inline constexpr Variant kTeachVariants[] = {Variant::RowColumn, Variant::Transpose,
                                             Variant::BlockScan, Variant::SinglePass,
                                             Variant::RegisterTiled};

// The variants whose teach shape takes TeachParams::tile (the others ignore it).
inline bool takes_tile(Variant v) {
  return v == Variant::SinglePass || v == Variant::RegisterTiled;
}

}  // namespace ws::sat::test
