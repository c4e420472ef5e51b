// The fast variant's full-size kernels (conv_fast.cu: lanes of 4 columns, shuffled halos) at
// awkward sizes: widths of 1, narrower than a warp's columns, not a multiple of 4, one past a
// warp's span; heights of 1 and across the blocks' row bands; every boundary, radii 0..7.
// f32: the direct and the separable kernel equal their CPU twin bit for bit (convolve_fast_cpu:
// fused multiply-adds, row sums first for the separable one). u8: the CUDA engine's bytes equal the
// CPU engine's, for separable and direct filters, with the absolute, bias and magnitude post rules.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "convolution/conv_cpu.h"
#include "convolution/conv_launch.h"
#include "gpu_test_support.h"

namespace ws::conv {
namespace {

// Widths around the warp's spans (120 and 112 columns at radius 1..4 and 5..7, 128 at 0).
const std::vector<std::pair<int, int>> kAwkwardSizes = {
    {1, 1},   {1, 9},   {3, 2},    {3, 67},   {5, 3},    {33, 5},   {113, 4},
    {121, 3}, {257, 2}, {257, 70}, {1023, 2}, {1023, 9}, {4093, 5}, {4096, 3}};
const Boundary kBoundaries[] = {Boundary::Zero, Boundary::Clamp, Boundary::Mirror};

Plane random_plane(int w, int h, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> cell(-1.0f, 1.0f);
  Plane p{w, h, {}};
  for (int64_t k = 0; k < p.size(); ++k) p.values.push_back(cell(rng));
  return p;
}

std::vector<float> random_weights(size_t n, float lo, float hi, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> weight(lo, hi);
  std::vector<float> w(n);
  for (float& x : w) x = weight(rng);
  return w;
}

// A full-rank filter of (2 rx + 1) x (2 ry + 1) random weights in lo..hi (rx >= 1: not rank 1).
Filter direct_filter(int rx, int ry, float lo, float hi, uint32_t seed) {
  Filter f{2 * rx + 1, 2 * ry + 1, {}};
  f.weights = random_weights(size_t(f.taps()), lo, hi, seed);
  return f;
}

// column[j] * row[i] of random vectors: a rank-1 filter that separate() splits.
Filter separable_filter(int rx, int ry, float lo, float hi, uint32_t seed) {
  const std::vector<float> row = random_weights(size_t(2 * rx + 1), lo, hi, seed);
  const std::vector<float> column = random_weights(size_t(2 * ry + 1), 0.5f, 1.5f, seed + 1);
  Filter f{2 * rx + 1, 2 * ry + 1, {}};
  for (float c : column)
    for (float r : row) f.weights.push_back(c * r);
  return f;
}

std::string where(const char* path, int w, int h, Boundary b, int r) {
  return std::string(path) + " " + std::to_string(w) + "x" + std::to_string(h) + " " +
         boundary_name(b) + " r " + std::to_string(r);
}

// Square and oblong filters of radius r (the narrower side r - 1; a 1D row at r = 1 for the
// separable path; the direct path needs two sides of 3 or more to be full rank).
void expect_f32_fast_path(int w, int h, Boundary b, int r) {
  const Plane in = random_plane(w, h, uint32_t(w * 131 + h * 7 + r));
  for (int other : {r, r - 1}) {
    if (other < 0) continue;
    if (other > 0) {
      const Filter f = direct_filter(other, r, -1.0f, 1.0f, uint32_t(r * 10 + other));
      ASSERT_FALSE(separate(f)) << "the direct path needs a full-rank filter";
      ASSERT_EQ(filter_plane_cuda(Variant::Fast, in, f, b), convolve_fast_cpu(in, f, b))
          << where("f32 direct", w, h, b, r) << " width " << f.width;
    }
    const Filter f = separable_filter(r, other, -1.0f, 1.0f, uint32_t(r * 10 + other));
    ASSERT_TRUE(separate(f)) << "the separable path needs a rank-1 filter";
    ASSERT_EQ(filter_plane_cuda(Variant::Fast, in, f, b), convolve_fast_cpu(in, f, b))
        << where("f32 separable", w, h, b, r) << " height " << f.height;
  }
}

// The u8 filters at radius r: separable and direct typed ones (sums mostly inside 0..255, so
// the rounding shows), a 1D row, and the named ones with the absolute, bias and magnitude rules.
std::vector<FilterSpec> u8_specs(int r) {
  const int taps = (2 * r + 1) * (2 * r + 1);
  std::vector<FilterSpec> specs;
  FilterSpec sep;
  sep.name = "typed";
  sep.filter = separable_filter(r, r, 0.0f, 2.0f / float(taps), uint32_t(100 + r));  // gain ~1
  specs.push_back(sep);
  FilterSpec row;
  row.name = "typed";
  row.filter = Filter{2 * r + 1, 1,
                      random_weights(size_t(2 * r + 1), -1.0f / float(2 * r + 1),
                                     3.0f / float(2 * r + 1), 200 + r)};
  specs.push_back(row);
  if (r > 0) {
    FilterSpec direct;
    direct.name = "typed";
    direct.filter = direct_filter(r, r, -2.0f / float(taps), 3.0f / float(taps), uint32_t(300 + r));
    direct.post = Post::Absolute;
    direct.bias = 7.0f;
    specs.push_back(direct);
  }
  for (const char* name : {"sobel", "emboss", "laplacian"})
    specs.push_back(named_filter(name, r, 0, 2));
  return specs;
}

void expect_u8_fast_path(int w, int h, int channels, const std::vector<int>& radii) {
  auto cpu = Engine::create(Backend::Cpu);
  auto gpu = Engine::create(Backend::Cuda);
  std::mt19937 rng(uint32_t(w * 17 + h));
  std::uniform_int_distribution<int> cell(0, 255);
  std::vector<uint8_t> image(size_t(w) * h * channels);
  for (uint8_t& v : image) v = uint8_t(cell(rng));
  cpu->set_image(w, h, channels, image.data());
  gpu->set_image(w, h, channels, image.data());
  for (int r : radii)
    for (const FilterSpec& spec : u8_specs(r))
      for (Boundary b : kBoundaries) {
        cpu->filter(Variant::Fast, spec, b);
        gpu->filter(Variant::Fast, spec, b);
        ASSERT_EQ(gpu->filtered(), cpu->filtered())
            << where(spec.name.c_str(), w, h, b, r) << (separate(spec.filter) ? " separable" : "")
            << " x" << channels;
      }
}

TEST(ConvGpuFast, F32PathsEqualTheirTwinsAtAwkwardSizes) {
  WS_SKIP_WITHOUT_GPU();
  for (auto [w, h] : kAwkwardSizes)
    for (Boundary b : kBoundaries)
      for (int r = 0; r <= kMaxTiledRadius; ++r) expect_f32_fast_path(w, h, b, r);
}

TEST(ConvGpuFast, U8EngineEqualsTheCpuEngineAtAwkwardSizes) {
  WS_SKIP_WITHOUT_GPU();
  for (auto [w, h] : kAwkwardSizes) expect_u8_fast_path(w, h, 1, {0, 1, 2, 3, 4, 5, 6, 7});
  // Several planes, each launched at its own offset.
  expect_u8_fast_path(35, 67, 3, {1, 4, 7});
  expect_u8_fast_path(260, 65, 3, {2, 5});
}

// Narrow images at the largest radius: every lane's halo outside the image (compute-sanitizer).
TEST(ConvGpuFast, NarrowImagesForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (auto [w, h] : std::vector<std::pair<int, int>>{{1, 1}, {3, 2}, {5, 3}, {33, 5}, {130, 66}})
    for (Boundary b : kBoundaries) expect_f32_fast_path(w, h, b, kMaxTiledRadius);
  expect_u8_fast_path(5, 3, 2, {kMaxTiledRadius});
}

}  // namespace
}  // namespace ws::conv
