// The CUDA engine and the full-size kernels against the CPU: the engine's bytes equal the CPU
// engine's for every variant, named filter and boundary (odd shapes, several channels, sizes
// across the fast kernel's tile edges); the fast kernels' floats against the references; NPP's
// interior pixels against ours.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "common/error.h"
#include "convolution/convolution.h"
#include "gpu_test_support.h"

namespace ws::conv {
namespace {

std::vector<uint8_t> random_bytes(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> cell(0, 255);
  std::vector<uint8_t> v(n);
  for (uint8_t& b : v) b = uint8_t(cell(rng));
  return v;
}

const Variant kVariants[] = {Variant::Basic, Variant::ConstantMemory, Variant::TiledInput,
                             Variant::TiledOutput, Variant::Fast};
const Boundary kBoundaries[] = {Boundary::Zero, Boundary::Clamp, Boundary::Mirror};

void expect_engines_agree(int w, int h, int channels, const std::vector<int>& radii,
                          const std::vector<std::string>& names) {
  auto cpu = Engine::create(Backend::Cpu);
  auto gpu = Engine::create(Backend::Cuda);
  const std::vector<uint8_t> image = random_bytes(size_t(w) * h * channels, uint32_t(w * h));
  cpu->set_image(w, h, channels, image.data());
  gpu->set_image(w, h, channels, image.data());
  for (const std::string& name : names)
    for (int r : radii)
      for (Boundary b : kBoundaries)
        for (Variant v : kVariants) {
          const FilterSpec s = named_filter(name, r, 0, 2);
          cpu->filter(v, s, b);
          gpu->filter(v, s, b);
          ASSERT_EQ(gpu->filtered(), cpu->filtered())
              << name << " r " << r << " " << info(v).id << " " << boundary_name(b) << " " << w
              << "x" << h << "x" << channels;
        }
}

TEST(ConvGpuEngine, EveryVariantEqualsTheCpuEngineOnOddShapes) {
  WS_SKIP_WITHOUT_GPU();
  for (auto [w, h] : std::vector<std::pair<int, int>>{{1, 1}, {1, 33}, {33, 1}, {33, 7}, {97, 70}})
    expect_engines_agree(w, h, 1, {0, 1, 3, 7}, filter_names());
}

TEST(ConvGpuEngine, RgbAcrossTheFastTileEdges) {
  WS_SKIP_WITHOUT_GPU();
  // Widths that are and are not multiples of 4 (the vector loads), heights across 64-row tiles.
  for (auto [w, h] : std::vector<std::pair<int, int>>{{128, 130}, {131, 65}, {260, 129}})
    expect_engines_agree(w, h, 3, {1, 2, 5}, {"gaussian", "sharpen", "sobel", "emboss"});
}

TEST(ConvGpuEngine, LargeRadiiOnTheBasicKernels) {
  WS_SKIP_WITHOUT_GPU();
  auto cpu = Engine::create(Backend::Cpu);
  auto gpu = Engine::create(Backend::Cuda);
  const std::vector<uint8_t> image = random_bytes(300 * 77, 3);
  cpu->set_image(300, 77, 1, image.data());
  gpu->set_image(300, 77, 1, image.data());
  for (Variant v : {Variant::Basic, Variant::ConstantMemory})
    for (int r : {8, 20, kMaxRadius}) {
      const FilterSpec s = named_filter("box", r, 0, 2);
      cpu->filter(v, s, Boundary::Mirror);
      gpu->filter(v, s, Boundary::Mirror);
      ASSERT_EQ(gpu->filtered(), cpu->filtered()) << info(v).id << " r " << r;
    }
  EXPECT_THROW(gpu->filter(Variant::Fast, named_filter("box", 8, 0, 2), Boundary::Zero), Error);
  EXPECT_EQ(gpu->width(), 300);
}

TEST(ConvGpuEngine, TimingsRunEveryVariantAndSayWhyNppIsMissing) {
  WS_SKIP_WITHOUT_GPU();
  const Filter f = named_filter("gaussian", 2, 0, 2).filter;
  for (Variant v : kVariants)
    for (Elem e : {Elem::U8, Elem::F32}) {
      const Timing t = time_variant(v, e, 512, 256, e == Elem::U8 ? 3 : 1, f, Boundary::Clamp, 3);
      EXPECT_TRUE(t.available) << info(v).id << ": " << t.note;
      EXPECT_GT(t.ms, 0.0) << info(v).id;
    }
  const Timing big = time_variant(Variant::TiledInput, Elem::F32, 64, 64, 1,
                                  named_filter("box", 9, 0, 2).filter, Boundary::Zero, 1);
  EXPECT_FALSE(big.available);
  EXPECT_NE(big.note.find("0..7"), std::string::npos);
  const Timing npp = time_npp_filter(Elem::F32, 512, 256, 1, f, 3);
  if (!npp.available) {
    EXPECT_FALSE(npp.note.empty());
  } else {
    EXPECT_GT(npp.ms, 0.0);
  }
}

// Small full-size runs of every variant and path for compute-sanitizer.
TEST(ConvGpuEngine, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  expect_engines_agree(70, 66, 2, {2}, {"gaussian", "sharpen", "sobel"});
  expect_engines_agree(9, 5, 1, {7}, {"box"});
}

}  // namespace
}  // namespace ws::conv
