// Every CPU twin equals the basic one bit for bit: all valid shape / boundary / material
// combinations, odd grid sizes (partial tiles at the edges), grids smaller than a tile, several
// tiles and several K, over enough steps to cover variant 5's remainder launches.
#include <gtest/gtest.h>

#include <cstring>

#include "common/error.h"
#include "stencil_test_support.h"

namespace ws::test {
namespace {

using stencil::Boundary;
using stencil::Params;
using stencil::Shape;
using stencil::Variant;

// Bit patterns, so -0 vs +0 or NaN payloads would show too.
void expect_same_bits(const std::vector<float>& a, const std::vector<float>& b,
                      const std::string& what) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t c = 0; c < a.size(); ++c) {
    uint32_t x, y;
    std::memcpy(&x, &a[c], 4);
    std::memcpy(&y, &b[c], 4);
    ASSERT_EQ(x, y) << what << ": cell " << c << " " << a[c] << " vs " << b[c];
  }
}

void sweep(const Params& base, int steps) {
  const std::vector<float> start = random_field(base, 8);
  const std::vector<float> material = random_materials(base, 8);
  std::vector<float> basic = start;
  stencil::run_cpu(base, basic, material, steps);
  for (const Params& p : variant_settings(base)) {
    std::vector<float> f = start;
    stencil::run_cpu(p, f, material, steps);
    expect_same_bits(f, basic, describe(p) + " after " + std::to_string(steps) + " steps");
  }
}

TEST(StencilVariants, EveryTwinEqualsBasicIn2D) {
  for (auto [nx, ny] : {std::pair{37, 23}, {5, 6}, {64, 33}})
    for (Shape s : {Shape::Five, Shape::Nine})
      for (Boundary b : all_boundaries())
        for (bool materials : {false, true}) {
          Params p = grid2d(nx, ny, s, b);
          p.materials = materials;
          sweep(p, 11);  // 11 = 2 * 5 + 1: K = 2..8 leave a remainder of single steps
        }
}

TEST(StencilVariants, EveryTwinEqualsBasicIn3D) {
  for (auto [nx, ny, nz] : {std::tuple{13, 11, 9}, {4, 5, 6}, {20, 17, 33}})
    for (Boundary b : all_boundaries())
      for (bool materials : {false, true}) {
        Params p = grid3d(nx, ny, nz, b);
        p.materials = materials;
        sweep(p, 5);  // 5 = 2 * 2 + 1 = 3 + 2: K = 2, 3 leave a remainder of single steps
      }
}

TEST(StencilVariants, OneLaunchOfTemporalBlockingIsKSteps) {
  Params p = grid2d(29, 19, Shape::Nine, Boundary::Periodic);
  p.variant = Variant::TemporalBlocked, p.tile = 8, p.steps_per_launch = 5;
  const std::vector<float> start = random_field(p, 3);
  std::vector<float> launched(start.size());
  stencil::step_cpu(p, start.data(), launched.data(), nullptr);
  Params basic = p;
  basic.variant = Variant::Basic;
  std::vector<float> stepped = start;
  stencil::run_cpu(basic, stepped, {}, 5);
  expect_same_bits(launched, stepped, "one launch of K = 5");
}

TEST(StencilVariants, OneLaunchOfTemporalBlockingIsKStepsIn3D) {
  for (Boundary b : all_boundaries()) {
    Params p = grid3d(11, 9, 13, b);
    p.variant = Variant::TemporalBlocked, p.tile = 4, p.steps_per_launch = 3;
    p.materials = true;
    const std::vector<float> start = random_field(p, 5), material = random_materials(p, 5);
    std::vector<float> launched(start.size());
    stencil::step_cpu(p, start.data(), launched.data(), material.data());
    Params basic = p;
    basic.variant = Variant::Basic;
    std::vector<float> stepped = start;
    stencil::run_cpu(basic, stepped, material, 3);
    expect_same_bits(launched, stepped, describe(p) + ": one launch of K = 3");
  }
}

TEST(StencilVariants, StepWritesEveryCellOfTheOutput) {
  // Left-alone cells (fixed ring, pinned) are copied: `out` needs no initial contents.
  std::vector<Params> cases = variant_settings(grid2d(21, 14, Shape::Five, Boundary::Fixed));
  for (const Params& p : variant_settings(grid3d(9, 7, 11, Boundary::Fixed))) cases.push_back(p);
  for (Params p : cases) {
    p.materials = true;
    const std::vector<float> in = random_field(p, 4), material = random_materials(p, 4);
    std::vector<float> a(in.size(), -7.0f), b(in.size(), 123.0f);
    stencil::step_cpu(p, in.data(), a.data(), material.data());
    stencil::step_cpu(p, in.data(), b.data(), material.data());
    expect_same_bits(a, b, describe(p));
  }
}

TEST(StencilVariants, RunRejectsMismatchedSizes) {
  Params p = grid2d(8, 8, Shape::Five, Boundary::Insulated);
  std::vector<float> f(63);
  EXPECT_THROW(stencil::run_cpu(p, f, {}, 1), Error);
  f.resize(64);
  p.materials = true;
  EXPECT_THROW(stencil::run_cpu(p, f, std::vector<float>(10), 1), Error);
  p.materials = false;
  EXPECT_THROW(stencil::run_cpu(p, f, {}, -1), Error);
}

}  // namespace
}  // namespace ws::test
