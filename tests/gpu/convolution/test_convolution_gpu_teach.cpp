// Teach mode on CUDA against the CPU twins: every variant's output and trace, event for event, in
// 1D and 2D, sizes 1..33 (1D) and up to 32 x 32, every boundary, radii up to the limits, tiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>

#include "convolution/convolution.h"
#include "gpu_test_support.h"

namespace ws::conv {
namespace {

Plane random_plane(int w, int h, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> cell(0, 255);
  Plane p{w, h, {}};
  for (int64_t k = 0; k < p.size(); ++k) p.values.push_back(float(cell(rng)));
  return p;
}

Filter random_filter(int rx, int ry, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> weight(-1.0f, 1.0f);
  Filter f{2 * rx + 1, 2 * ry + 1, {}};
  for (int64_t k = 0; k < f.taps(); ++k) f.weights.push_back(weight(rng));
  return f;
}

const Variant kVariants[] = {Variant::Basic, Variant::ConstantMemory, Variant::TiledInput,
                             Variant::TiledOutput, Variant::Fast};
const Boundary kBoundaries[] = {Boundary::Zero, Boundary::Clamp, Boundary::Mirror};

void expect_same_run(const TeachParams& p, const Plane& in, const Filter& f,
                     const std::string& what) {
  const TeachRun cpu = teach(p, in, f, Backend::Cpu);
  const TeachRun gpu = teach(p, in, f, Backend::Cuda);
  ASSERT_EQ(gpu.output, cpu.output) << what;
  ASSERT_EQ(compare_traces(gpu.trace, cpu.trace), "") << what;
}

TEST(ConvGpuTeach, TheBooks1DExample) {
  WS_SKIP_WITHOUT_GPU();
  const Plane x{7, 1, {8, 2, 5, 4, 1, 7, 3}};
  const Filter f{5, 1, {1, 3, 5, 3, 1}};
  for (Variant v : kVariants) {
    TeachParams p;
    p.variant = v;
    const TeachRun run = teach(p, x, f, Backend::Cuda);
    EXPECT_EQ(run.output, (std::vector<double>{51, 53, 52, 47, 46, 51, 37})) << info(v).id;
    expect_same_run(p, x, f, info(v).id);
  }
}

TEST(ConvGpuTeach, EveryVariantIn1D) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kVariants)
    for (Boundary b : kBoundaries)
      for (int n = 1; n <= 33; n += (n < 9 ? 1 : 6))
        for (int r : {0, 2, kMaxTiledRadius}) {
          TeachParams p;
          p.variant = v;
          p.boundary = b;
          p.tile = v == Variant::TiledInput ? std::max(8, 2 * r + 1) : 8;
          p.outputs_per_thread = 3;
          expect_same_run(p, random_plane(n, 1, uint32_t(n + r)), random_filter(r, 0, uint32_t(r)),
                          std::string(info(v).id) + " " + boundary_name(b) + " n " +
                              std::to_string(n) + " r " + std::to_string(r));
        }
}

TEST(ConvGpuTeach, EveryVariantIn2D) {
  WS_SKIP_WITHOUT_GPU();
  const std::pair<int, int> shapes[] = {{1, 1}, {1, 9}, {9, 1}, {13, 4}, {32, 7}, {32, 32}};
  for (Variant v : kVariants)
    for (Boundary b : kBoundaries)
      for (auto [w, h] : shapes)
        for (int r : {0, 1, 3, kMaxTiledRadius}) {
          TeachParams p;
          p.variant = v;
          p.boundary = b;
          p.tile = v == Variant::TiledInput ? std::max(8, 2 * r + 1) : 8;
          p.outputs_per_thread = 2;
          expect_same_run(
              p, random_plane(w, h, uint32_t(w * h + r)), random_filter(r, r, uint32_t(r + 3)),
              std::string(info(v).id) + " " + boundary_name(b) + " " + std::to_string(w) + "x" +
                  std::to_string(h) + " r " + std::to_string(r));
        }
}

TEST(ConvGpuTeach, TilesRectangularFiltersAndOutputsPerThread) {
  WS_SKIP_WITHOUT_GPU();
  const Plane in = random_plane(21, 17, 5);
  for (Variant v : kVariants)
    for (int tile : {4, 16, 32})
      for (int k : {1, 4}) {
        const Filter f = random_filter(2, 1, uint32_t(tile + k));
        if (v == Variant::TiledInput && tile < 5) continue;
        if (v == Variant::Fast && tile == 32 && k == 4) continue;
        TeachParams p;
        p.variant = v;
        p.boundary = Boundary::Mirror;
        p.tile = tile;
        p.outputs_per_thread = k;
        expect_same_run(p, in, f, std::string(info(v).id) + " tile " + std::to_string(tile));
      }
}

TEST(ConvGpuTeach, LongArraysWithLongTiles) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kVariants)
    for (int tile : {64, 256}) {
      TeachParams p;
      p.variant = v;
      p.boundary = Boundary::Mirror;
      p.tile = tile;
      p.outputs_per_thread = 4;
      expect_same_run(p, random_plane(256, 1, uint32_t(tile)), random_filter(5, 0, 3),
                      std::string(info(v).id) + " tile " + std::to_string(tile));
    }
}

TEST(ConvGpuTeach, BasicAndConstantBeyondTheTiledLimit) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : {Variant::Basic, Variant::ConstantMemory}) {
    TeachParams p;
    p.variant = v;
    p.boundary = Boundary::Clamp;
    expect_same_run(p, random_plane(40, 1, 1), random_filter(kMaxRadius, 0, 2), info(v).id);
    expect_same_run(p, random_plane(12, 10, 1), random_filter(9, 9, 2), info(v).id);
  }
}

// Small traced runs of every variant for compute-sanitizer (memcheck, racecheck, synccheck).
TEST(ConvGpuTeach, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kVariants) {
    TeachParams p;
    p.variant = v;
    p.boundary = Boundary::Zero;
    p.tile = 8;
    expect_same_run(p, random_plane(11, 9, 1), random_filter(2, 2, 1), info(v).id);
  }
}

}  // namespace
}  // namespace ws::conv
