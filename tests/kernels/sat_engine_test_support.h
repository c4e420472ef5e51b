// Shared by the summed-area-table engine tests (CPU: test_sat_cpu_engine*.cpp, GPU:
// test_sat_gpu_engine*.cpp): every variant and accumulation type, seeded channel-major images,
// one channel as a Plane for the references, and the label a failure names.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/split_mix.h"
#include "sat/sat.h"

namespace ws::sat::test {

inline constexpr Variant kEngineVariants[] = {Variant::RowColumn, Variant::Transpose,
                                              Variant::BlockScan, Variant::SinglePass,
                                              Variant::RegisterTiled};
inline constexpr Accum kEngineAccums[] = {Accum::U8U32, Accum::F32F32, Accum::F32F64};

// `channels` planes of w x h random bytes, one after the other.
inline std::vector<uint8_t> random_planes(int w, int h, int channels, uint64_t seed) {
  SplitMix64 rng{seed * 0x9E3779B97F4A7C15ull + uint64_t(w) * 131 + uint64_t(h)};
  std::vector<uint8_t> px(size_t(w) * h * channels);
  for (uint8_t& v : px) v = uint8_t(rng.next() & 255u);
  return px;
}

// Channel `channel` of planes made by random_planes.
inline Plane plane_of(const std::vector<uint8_t>& planes, int w, int h, int channel) {
  Plane p;
  p.width = w, p.height = h;
  const size_t n = size_t(w) * h;
  p.values.assign(planes.begin() + channel * n, planes.begin() + (channel + 1) * n);
  return p;
}

inline std::string channel_label(Variant v, Accum a, int w, int h, int c) {
  return std::string(info(v).id) + " " + accum_name(a) + " " + std::to_string(w) + "x" +
         std::to_string(h) + " channel " + std::to_string(c);
}

}  // namespace ws::sat::test
