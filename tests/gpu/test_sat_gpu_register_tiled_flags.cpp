// Variant 5's tuning switches (sat_register_tiled_tuning.h) for u8 -> u32: every switch the
// timing program compares builds the same table as a brute-force u32 reference (row sums, then
// column sums, wrapping modulo 2^32 like the table), on shapes around the wide path's 512-column
// tiles and 16-column lanes, the 128-column tiles' heights and rows that are not 4-aligned (every
// w % 4). The switches only change the order of the work and of the stores. Float tables in tiles
// of every height: f32 -> f64 of whole numbers is exact, f32 -> f32 within rounding of the exact
// table.
#include <gtest/gtest.h>

#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "common/split_mix.h"
#include "gpu_test_support.h"
#include "sat/sat.h"
#include "sat/sat_register_tiled_tuning.h"

namespace ws::test {
namespace {

using sat::Accum;

std::vector<uint32_t> brute_table(const std::vector<uint8_t>& px, int w, int h) {
  std::vector<uint32_t> t(px.size());
  for (int y = 0; y < h; ++y) {
    uint32_t run = 0;
    for (int x = 0; x < w; ++x) {
      run += px[size_t(y) * w + x];
      t[size_t(y) * w + x] = run + (y > 0 ? t[size_t(y - 1) * w + x] : 0u);
    }
  }
  return t;
}

const int kFlagSets[] = {
    sat::kRegisterTiledDefault,
    sat::kRegisterTiledDefault | sat::kRegisterTiledWideDirect,
    sat::kRegisterTiledDefault | sat::kRegisterTiledWideRows32,
    sat::kRegisterTiledDefault | sat::kRegisterTiledWideRows128,
    sat::kRegisterTiledWideDirect | sat::kRegisterTiledWideRows128,
    0,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrow,
    sat::kRegisterTiledDefault | sat::kRegisterTiledWideRows64,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrow | sat::kRegisterTiledNarrowRows8,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrow | sat::kRegisterTiledNarrowRows16,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrow | sat::kRegisterTiledNarrowRows32,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrow | sat::kRegisterTiledNarrowRows64,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrow | sat::kRegisterTiledNarrowRows128,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNoOverlap,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrow | sat::kRegisterTiledNoOverlap,
    sat::kRegisterTiledDefault | sat::kRegisterTiledWide,
    sat::kRegisterTiledWide | sat::kRegisterTiledNoOverlap,
};

// Runs every flag set on a w x h image (seeded) and compares with the brute-force table.
void check_flags(int w, int h, uint64_t seed) {
  SplitMix64 rng{seed * 0x9E3779B97F4A7C15ull + uint64_t(w) * 977 + uint64_t(h)};
  std::vector<uint8_t> px(size_t(w) * h);
  for (uint8_t& v : px) v = uint8_t(rng.next() & 255u);
  const std::vector<uint32_t> expect = brute_table(px, w, h);
  size_t scratch_bytes = 0;
  for (int f : kFlagSets)
    scratch_bytes =
        std::max(scratch_bytes, sat::register_tiled_scratch_bytes_flags(Accum::U8U32, w, h, f));
  uint8_t* in = nullptr;
  uint32_t* out = nullptr;
  void* scratch = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&in), px.size()), cudaSuccess);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&out), px.size() * 4), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&scratch, scratch_bytes), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(in, px.data(), px.size(), cudaMemcpyHostToDevice), cudaSuccess);
  std::vector<uint32_t> got(px.size());
  for (int f : kFlagSets) {
    ASSERT_EQ(cudaMemset(out, 0xab, px.size() * 4), cudaSuccess);
    sat::launch_register_tiled_flags(Accum::U8U32, in, out, w, h, scratch, 0, f);
    ASSERT_EQ(cudaMemcpy(got.data(), out, got.size() * 4, cudaMemcpyDeviceToHost), cudaSuccess);
    for (size_t i = 0; i < got.size(); ++i)
      ASSERT_EQ(got[i], expect[i])
          << w << "x" << h << " flags " << f << " at (" << i % w << ", " << i / w << ")";
  }
  cudaFree(in);
  cudaFree(out);
  cudaFree(scratch);
}

const int kFloatFlagSets[] = {
    sat::kRegisterTiledDefault,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrowRows8,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrowRows16,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrowRows32,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrowRows64,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNarrowRows128,
    sat::kRegisterTiledDefault | sat::kRegisterTiledNoOverlap,
    0,
};

// The exact table of whole-number pixels (every sum below 2^53).
std::vector<double> exact_table(const std::vector<float>& px, int w, int h) {
  std::vector<double> t(px.size());
  for (int y = 0; y < h; ++y) {
    double run = 0;
    for (int x = 0; x < w; ++x) {
      run += px[size_t(y) * w + x];
      t[size_t(y) * w + x] = run + (y > 0 ? t[size_t(y - 1) * w + x] : 0.0);
    }
  }
  return t;
}

template <class Out>
void check_float_flags(int w, int h, uint64_t seed) {
  const Accum a = sizeof(Out) == 8 ? Accum::F32F64 : Accum::F32F32;
  SplitMix64 rng{seed * 0x9E3779B97F4A7C15ull + uint64_t(w) * 31 + uint64_t(h)};
  std::vector<float> px(size_t(w) * h);
  for (float& v : px) v = float(rng.next() & 255u);
  const std::vector<double> exact = exact_table(px, w, h);
  size_t scratch_bytes = 0;
  for (int f : kFloatFlagSets)
    scratch_bytes = std::max(scratch_bytes, sat::register_tiled_scratch_bytes_flags(a, w, h, f));
  float* in = nullptr;
  Out* out = nullptr;
  void* scratch = nullptr;
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&in), px.size() * 4), cudaSuccess);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&out), px.size() * sizeof(Out)), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&scratch, scratch_bytes), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(in, px.data(), px.size() * 4, cudaMemcpyHostToDevice), cudaSuccess);
  std::vector<Out> got(px.size());
  for (int f : kFloatFlagSets) {
    ASSERT_EQ(cudaMemset(out, 0xab, px.size() * sizeof(Out)), cudaSuccess);
    sat::launch_register_tiled_flags(a, in, out, w, h, scratch, 0, f);
    ASSERT_EQ(cudaMemcpy(got.data(), out, got.size() * sizeof(Out), cudaMemcpyDeviceToHost),
              cudaSuccess);
    for (size_t i = 0; i < got.size(); ++i) {
      // f32: each table value is a sum of at most w + h + 64 rounded partial sums.
      const double tol = sizeof(Out) == 8 ? 0.0 : exact[i] * double(w + h + 64) * 0x1.0p-24;
      ASSERT_LE(std::fabs(double(got[i]) - exact[i]), tol)
          << w << "x" << h << (sizeof(Out) == 8 ? " f64" : " f32") << " flags " << f << " at ("
          << i % w << ", " << i / w << ")";
    }
  }
  cudaFree(in);
  cudaFree(out);
  cudaFree(scratch);
}

TEST(SatGpuRegisterTiledFlags, EverySwitchGivesTheSameTable) {
  WS_SKIP_WITHOUT_GPU();
  // Widths: one lane, part of a tile, a tile, a tile + a lane, partial blocks of 4 tiles, and
  // 2^k +- 16; heights around 32, 64 and 128 rows. Then widths that are not a multiple of 16
  // (the 128-column tiles by default: 8 rows at 600 x 400, 64 at 4001 x 2100), 3000 x 2000
  // (16 rows for u8 by default, where float tables take 32), and widths of every w % 4 (rows
  // that start 1-3 bytes past a word, element by element), down to one lane, and 8191 columns.
  const std::pair<int, int> shapes[] = {
      {16, 1},    {16, 200},   {496, 63},    {512, 64},    {528, 65},  {1040, 129},
      {2064, 31}, {4112, 257}, {2032, 128},  {8192, 130},  {48, 1000}, {600, 400},
      {1366, 97}, {130, 33},   {4001, 2100}, {3000, 2000}, {2051, 77}, {131, 40},
      {129, 17},  {7, 5},      {1, 9},       {3, 200},     {8191, 66}};
  uint64_t seed = 11;
  for (auto [w, h] : shapes) check_flags(w, h, seed++);
}

// Large enough to wrap modulo 2^32 (8192 x 4096 x 255 > 2^32) in the last rows; 8184 columns
// take the 128-column tiles, 64 rows high by default (64 x 65 tiles; 32-row ones would be more
// than the carries hold, so the forced 32 rows take 64).
TEST(SatGpuRegisterTiledFlags, WrappingTablesMatch) {
  WS_SKIP_WITHOUT_GPU();
  check_flags(8192, 4096, 5);
  check_flags(8184, 4100, 6);
}

// Float tables by default in tiles of 8 rows (600 x 400, 130 x 33), 16 (2051 x 1543), 32 (3000 x
// 2000), 64 (4001 x 3000), and f64 in 128 (8192 x 4160: 4160 tiles of 64 rows are more than the
// carries hold); every forced height, partial tiles at the right and bottom edges.
TEST(SatGpuRegisterTiledFlags, FloatTablesInTilesOfEveryHeight) {
  WS_SKIP_WITHOUT_GPU();
  const std::pair<int, int> shapes[] = {
      {600, 400}, {130, 33}, {2051, 1543}, {3000, 2000}, {4001, 3000}};
  uint64_t seed = 40;
  for (auto [w, h] : shapes) {
    check_float_flags<float>(w, h, seed++);
    check_float_flags<double>(w, h, seed++);
  }
  check_float_flags<double>(8192, 4160, seed++);
}

TEST(SatGpuRegisterTiledFlags, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  const std::pair<int, int> shapes[] = {{16, 3},   {528, 70}, {1056, 33},
                                        {200, 70}, {131, 9},  {5, 7}};
  uint64_t seed = 70;
  for (auto [w, h] : shapes) check_flags(w, h, seed++);
  check_float_flags<float>(200, 70, seed++);
  check_float_flags<double>(130, 33, seed++);
}

}  // namespace
}  // namespace ws::test
