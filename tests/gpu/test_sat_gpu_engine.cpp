// The CUDA engine against the CPU engine: every variant x accumulation type (u32 and f64 tables
// exact, f32 exact for register-tiled, whose CPU twin repeats its order of additions, and within
// a rounding bound for the others), 8192 x 8192 images, register-tiled on many odd shapes and on
// misaligned buffers, the library baselines against our tables. The *ForTheSanitizers tests are
// small, for compute-sanitizer runs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "common/error.h"
#include "gpu_test_support.h"
#include "../kernels/sat_engine_test_support.h"
#include "sat/sat.h"
#include "sat/sat_launch.h"
#include "sat/sat_library.h"

namespace ws::test {
namespace {

using sat::Accum;
using sat::Engine;
using sat::Plane;
using sat::Variant;

using sat::test::channel_label;
using sat::test::kEngineAccums;
using sat::test::kEngineVariants;
using sat::test::plane_of;
using sat::test::random_planes;

// `got` (GPU) against `cpu` (the CPU engine, same variant): exact, except f32 tables of the
// variants whose CPU twin adds in another order: within a bound of the exact table.
void expect_match(const std::vector<double>& got, const std::vector<double>& cpu, const Plane& p,
                  Variant v, Accum a, const std::string& what) {
  ASSERT_EQ(got.size(), cpu.size()) << what;
  if (a == Accum::F32F32 && v != Variant::RegisterTiled) {
    const std::vector<double> exact = sat::sat_reference(p);
    for (size_t i = 0; i < got.size(); ++i) {
      const double tol = exact[i] * double(p.width + p.height + 64) * 0x1.0p-24;
      ASSERT_NEAR(got[i], exact[i], tol) << what << " at " << i;
    }
    return;
  }
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_EQ(got[i], cpu[i]) << what << " at pixel " << i % p.width << ", " << i / p.width;
}

void compare_engines(Engine& gpu, Engine& cpu, int w, int h, int channels, uint64_t seed,
                     const std::vector<Variant>& variants, const std::vector<Accum>& accums) {
  const std::vector<uint8_t> px = random_planes(w, h, channels, seed);
  gpu.set_image(w, h, channels, px.data());
  cpu.set_image(w, h, channels, px.data());
  for (Variant v : variants)
    for (Accum a : accums) {
      gpu.compute_sat(v, a);
      cpu.compute_sat(v, a);
      for (int c = 0; c < channels; ++c)
        expect_match(gpu.sat(c), cpu.sat(c), plane_of(px, w, h, c), v, a,
                     channel_label(v, a, w, h, c));
    }
}

const std::vector<Variant> all_variants(std::begin(kEngineVariants), std::end(kEngineVariants));
const std::vector<Accum> all_accums(std::begin(kEngineAccums), std::end(kEngineAccums));

TEST(SatGpuEngine, EveryVariantAndAccumMatchesTheCpuEngine) {
  WS_SKIP_WITHOUT_GPU();
  auto gpu = Engine::create(Backend::Cuda);
  auto cpu = Engine::create(Backend::Cpu);
  EXPECT_EQ(gpu->backend(), Backend::Cuda);
  const std::pair<int, int> shapes[] = {{1, 1},     {33, 17},   {128, 128}, {129, 130},
                                        {1000, 37}, {257, 513}, {1, 300},   {300, 1}};
  uint64_t seed = 1;
  for (auto [w, h] : shapes)
    compare_engines(*gpu, *cpu, w, h, w * h < 5000 ? 3 : 1, seed++, all_variants, all_accums);
}

TEST(SatGpuEngine, EveryVariantAt8192MatchesTheWrappedTable) {
  WS_SKIP_WITHOUT_GPU();
  const int side = sat::kMaxSide;
  auto gpu = Engine::create(Backend::Cuda);
  auto cpu = Engine::create(Backend::Cpu);
  const std::vector<uint8_t> px = random_planes(side, side, 1, 8192);
  gpu->set_image(side, side, 1, px.data());
  cpu->set_image(side, side, 1, px.data());
  cpu->compute_sat(Variant::RowColumn, Accum::U8U32);  // u32: every variant's table is the same
  const std::vector<double> expect = cpu->sat(0);
  for (Variant v : kEngineVariants) {
    gpu->compute_sat(v, Accum::U8U32);
    const std::vector<double> got = gpu->sat(0);
    for (size_t i = 0; i < got.size(); ++i)
      ASSERT_EQ(got[i], expect[i]) << sat::info(v).id << " at " << i % side << ", " << i / side;
  }
  // 255s: the total wraps past 2^32; rectangles below 2^32 are exact from the four look-ups.
  const std::vector<uint8_t> full(size_t(side) * side, 255);
  gpu->set_image(side, side, 1, full.data());
  gpu->compute_sat(Variant::RegisterTiled, Accum::U8U32);
  const std::vector<double> t = gpu->sat(0);
  for (int y = 0; y < side; y += 97)
    for (int x = 0; x < side; ++x)
      ASSERT_EQ(t[size_t(y) * side + x], double(uint32_t(uint64_t(255) * (x + 1) * (y + 1))));
  EXPECT_EQ(t.back(), double(uint32_t(uint64_t(255) * side * side)));
  EXPECT_EQ(sat::rect_sum(t, side, side, Accum::U8U32, 100, 5000, 8191, 7000), 255.0 * 8092 * 2001);
}

// The twin takes the kernels' tile heights: 8 rows (600 x 400), 16 (2051 x 1543), 32 (3000 x
// 2000), 64 (4001 x 3000), and for f64 128 (8192 x 4160, where f32 takes 64).
TEST(SatGpuEngine, RegisterTiledFloatTablesAreTheTwinsBitForBitAtScale) {
  WS_SKIP_WITHOUT_GPU();
  auto gpu = Engine::create(Backend::Cuda);
  auto cpu = Engine::create(Backend::Cpu);
  compare_engines(*gpu, *cpu, 600, 400, 3, 76, {Variant::RegisterTiled},
                  {Accum::F32F32, Accum::F32F64});
  compare_engines(*gpu, *cpu, 2051, 1543, 1, 77, {Variant::RegisterTiled},
                  {Accum::F32F32, Accum::F32F64});
  compare_engines(*gpu, *cpu, 3000, 2000, 1, 75, {Variant::RegisterTiled},
                  {Accum::F32F32, Accum::F32F64});
  compare_engines(*gpu, *cpu, 4001, 3000, 1, 78, {Variant::RegisterTiled},
                  {Accum::F32F32, Accum::F32F64});
  compare_engines(*gpu, *cpu, 8192, 4160, 1, 79, {Variant::RegisterTiled},
                  {Accum::F32F32, Accum::F32F64});
}

TEST(SatGpuEngine, RegisterTiledOnManyOddShapes) {
  WS_SKIP_WITHOUT_GPU();
  auto gpu = Engine::create(Backend::Cuda);
  auto cpu = Engine::create(Backend::Cpu);
  const int widths[] = {1, 2, 3, 4, 5, 31, 127, 128, 129, 255, 256, 257, 513, 1023, 1025};
  const int heights[] = {1, 2, 7, 32, 33, 127, 128, 129, 383, 1025};
  uint64_t seed = 500;
  for (int w : widths)
    for (int h : heights) {
      ++seed;
      compare_engines(*gpu, *cpu, w, h, 1, seed, {Variant::RegisterTiled},
                      seed % 3 == 0 ? all_accums : std::vector<Accum>{Accum::U8U32});
    }
}

// u8 -> u32 with widths that are multiples of 16: at these sizes the 128-column tiles loading a
// lane's 4 bytes as one word (the wide 512-column tiles, whole and cut, are the default past
// 2048 tiles of 32 rows: EveryVariantAt8192MatchesTheWrappedTable; every size under the flags in
// test_sat_gpu_register_tiled_flags.cpp).
TEST(SatGpuEngine, RegisterTiledWideTilesOnManyShapes) {
  WS_SKIP_WITHOUT_GPU();
  auto gpu = Engine::create(Backend::Cuda);
  auto cpu = Engine::create(Backend::Cpu);
  const int widths[] = {16, 32, 496, 512, 528, 1040, 2064};
  const int heights[] = {1, 2, 31, 32, 33, 63, 64, 65, 127, 129, 200};
  uint64_t seed = 900;
  for (int w : widths)
    for (int h : heights)
      compare_engines(*gpu, *cpu, w, h, 1, ++seed, {Variant::RegisterTiled}, {Accum::U8U32});
}

// The launch on buffers that are not 16-byte aligned takes the per-element path.
TEST(SatGpuEngine, RegisterTiledOnMisalignedBuffers) {
  WS_SKIP_WITHOUT_GPU();
  const int w = 260, h = 133;  // w % 4 == 0: only the alignment sends it to the scalar path
  const std::vector<uint8_t> px = random_planes(w, h, 1, 9);
  const Plane p = plane_of(px, w, h, 0);
  const size_t n = px.size();
  uint8_t* in = nullptr;
  uint32_t* out = nullptr;
  void* scratch = nullptr;
  const size_t scratch_bytes = sat::sat_scratch_bytes(Variant::RegisterTiled, Accum::U8U32, w, h);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&in), n + 1), cudaSuccess);
  ASSERT_EQ(cudaMalloc(reinterpret_cast<void**>(&out), (n + 1) * 4), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&scratch, scratch_bytes), cudaSuccess);
  ASSERT_EQ(cudaMemcpy(in + 1, px.data(), n, cudaMemcpyHostToDevice), cudaSuccess);
  sat::launch_sat(Variant::RegisterTiled, Accum::U8U32, in + 1, out + 1, w, h, scratch, 0);
  std::vector<uint32_t> got(n);
  ASSERT_EQ(cudaMemcpy(got.data(), out + 1, n * 4, cudaMemcpyDeviceToHost), cudaSuccess);
  cudaFree(in);
  cudaFree(out);
  cudaFree(scratch);
  const std::vector<double> expect = sat::sat_sequential(p, Accum::U8U32);
  for (size_t i = 0; i < n; ++i) ASSERT_EQ(double(got[i]), expect[i]) << i;
}

TEST(SatGpuEngine, LaunchRejectsBadSizes) {
  WS_SKIP_WITHOUT_GPU();
  EXPECT_THROW(sat::sat_scratch_bytes(Variant::RegisterTiled, Accum::U8U32, 0, 4), Error);
  EXPECT_THROW(sat::sat_scratch_bytes(Variant::RowColumn, Accum::U8U32, 8193, 4), Error);
  EXPECT_THROW(
      sat::launch_sat(Variant::RegisterTiled, Accum::U8U32, nullptr, nullptr, 4, 4, nullptr, 0),
      Error);
}

TEST(SatGpuEngine, EveryVariantOnSmallShapesForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  auto gpu = Engine::create(Backend::Cuda);
  auto cpu = Engine::create(Backend::Cpu);
  const std::pair<int, int> shapes[] = {{1, 1}, {5, 3}, {129, 2}, {3, 260}, {200, 131}, {528, 70}};
  uint64_t seed = 40;
  for (auto [w, h] : shapes) compare_engines(*gpu, *cpu, w, h, 2, seed++, all_variants, all_accums);
}

TEST(SatGpuEngine, LibraryBaselinesForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  const int w = 37, h = 29;
  const Plane p = plane_of(random_planes(w, h, 1, 3), w, h, 0);
  for (Accum a : kEngineAccums) {
    std::vector<double> table;
    const sat::LibraryTiming t = sat::cub_sat_table(a, p, 1, &table);
    ASSERT_TRUE(t.available) << t.note;
    const std::vector<double> expect = sat::sat_sequential(p, a);
    ASSERT_EQ(table, expect) << sat::accum_name(a);  // small integer sums: exact in every order
  }
}

TEST(SatGpuEngine, CubBaselineMatchesOurTable) {
  WS_SKIP_WITHOUT_GPU();
  auto gpu = Engine::create(Backend::Cuda);
  const int w = 1531, h = 1029;
  const std::vector<uint8_t> px = random_planes(w, h, 1, 11);
  const Plane p = plane_of(px, w, h, 0);
  gpu->set_image(w, h, 1, px.data());
  for (Accum a : kEngineAccums) {
    std::vector<double> table;
    const sat::LibraryTiming t = sat::cub_sat_table(a, p, 2, &table);
    ASSERT_TRUE(t.available) << t.note;
    EXPECT_GT(t.ms, 0.0);
    gpu->compute_sat(Variant::RegisterTiled, a);
    expect_match(table, gpu->sat(0), p, Variant::RowColumn, a,
                 std::string("CUB ") + sat::accum_name(a));
  }
  const sat::LibraryTiming timed = sat::time_cub_sat(Accum::U8U32, 640, 480, 3);
  EXPECT_TRUE(timed.available) << timed.note;
}

TEST(SatGpuEngine, NppBaselineMatchesOurTableWhenInstalled) {
  WS_SKIP_WITHOUT_GPU();
  const int w = 1021, h = 767;
  const std::vector<uint8_t> px = random_planes(w, h, 1, 12);
  const Plane p = plane_of(px, w, h, 0);
  std::vector<double> table;
  const sat::LibraryTiming t = sat::npp_sat_table(p, 2, &table);
  if (!t.available) {
    EXPECT_EQ(t.note.rfind("NPP not found (tried libnppist.so.13", 0), 0u) << t.note;
    GTEST_SKIP() << t.note;
  }
  auto gpu = Engine::create(Backend::Cuda);
  gpu->set_image(w, h, 1, px.data());
  gpu->compute_sat(Variant::RegisterTiled, Accum::U8U32);
  const std::vector<double> ours = gpu->sat(0);
  ASSERT_EQ(table.size(), size_t(w + 1) * (h + 1));
  for (int x = 0; x <= w; ++x) ASSERT_EQ(table[x], 0.0) << "NPP's first row at " << x;
  for (int y = 0; y <= h; ++y) ASSERT_EQ(table[size_t(y) * (w + 1)], 0.0) << "first column " << y;
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x)
      ASSERT_EQ(table[size_t(y + 1) * (w + 1) + x + 1], ours[size_t(y) * w + x]) << x << ", " << y;
  EXPECT_TRUE(sat::time_npp_sat(640, 480, 3).available);
}

TEST(SatGpuEngine, TimingsRunAndLeaveTheTable) {
  WS_SKIP_WITHOUT_GPU();
  auto gpu = Engine::create(Backend::Cuda);
  auto cpu = Engine::create(Backend::Cpu);
  const int w = 300, h = 200;
  const std::vector<uint8_t> px = random_planes(w, h, 2, 5);
  gpu->set_image(w, h, 2, px.data());
  cpu->set_image(w, h, 2, px.data());
  EXPECT_GT(gpu->time_sat_ms(Variant::RegisterTiled, Accum::F32F64, 3), 0.0);
  cpu->compute_sat(Variant::RegisterTiled, Accum::F32F64);
  for (int c = 0; c < 2; ++c) EXPECT_EQ(gpu->sat(c), cpu->sat(c));
  EXPECT_NE(gpu->device_image(), nullptr);
}

}  // namespace
}  // namespace ws::test
