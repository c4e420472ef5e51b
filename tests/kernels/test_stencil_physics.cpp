// Physical properties of the CPU heat steps: conservation, steady states, symmetry, walls and
// pinned cells. Checked with std:: sums in double, never against stored outputs.
#include <gtest/gtest.h>

#include <cmath>
#include <numeric>

#include "stencil_test_support.h"

namespace ws::test {
namespace {

using stencil::Boundary;
using stencil::Params;
using stencil::Shape;

double total(const std::vector<float>& f) {
  return std::accumulate(f.begin(), f.end(), 0.0);
}

// Each step rounds every cell's new value once or a few times (relative 2^-24 ~ 6e-8); the
// roundings do not cancel exactly but stay unbiased, so over 500 steps the total drifts far less
// than 500 * 6e-8 = 3e-5 relative. 1e-5 relative holds with a margin and would catch any flux
// that leaks through a boundary (a leak of one cell's flux per step is ~1e-3 relative).
constexpr double kConservation = 1e-5;

void expect_conserved(Params p, bool materials) {
  p.materials = materials;
  const std::vector<float> start = random_field(p, 21);
  std::vector<float> material = random_materials(p, 21);
  for (float& m : material) m = std::max(m, 0.0f);  // pinned cells would add or remove heat
  std::vector<float> f = start;
  stencil::run_cpu(p, f, material, 500);
  EXPECT_NEAR(total(f), total(start), kConservation * total(start)) << describe(p);
  // ... and the heat did spread: the field is flatter than it started.
  const auto spread = [](const std::vector<float>& v) {
    const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
    return *hi - *lo;
  };
  if (!materials) {
    EXPECT_LT(spread(f), 0.5f * spread(start)) << describe(p);
  }
}

TEST(StencilPhysics, InsulatedAndPeriodicGridsConserveHeat) {
  for (Boundary b : {Boundary::Insulated, Boundary::Periodic})
    for (bool materials : {false, true}) {
      for (Shape s : {Shape::Five, Shape::Nine}) {
        Params p = grid2d(24, 17, s, b);
        p.r = s == Shape::Nine ? 0.35f : 0.24f;
        expect_conserved(p, materials);
      }
      expect_conserved(grid3d(9, 8, 7, b), materials);
    }
}

TEST(StencilPhysics, FixedBarRelaxesToTheLinearProfile) {
  // A 64x4 bar whose fixed ring holds the linear profile 1 - x/63 (left end 1, right end 0): the
  // steady state of the interior is the same linear profile. The interior starts cold.
  for (Shape s : {Shape::Five, Shape::Nine}) {
    Params p = grid2d(64, 4, s, Boundary::Fixed);
    // Below 3/10 (9-point) and 1/4 every coefficient of the update is >= 0: a maximum principle
    // holds, so the distance to the steady state never grows.
    p.r = s == Shape::Nine ? 0.28f : 0.24f;
    const auto linear = [](int x) { return 1.0f - x / 63.0f; };
    std::vector<float> f(p.cells(), 0.0f);
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 64; ++x)
        if (y == 0 || y == 3 || x == 0 || x == 63) f[x + 64 * y] = linear(x);
    const auto max_error = [&](const std::vector<float>& v) {
      double e = 0;
      for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 64; ++x) e = std::max(e, std::fabs(double(v[x + 64 * y]) - linear(x)));
      return e;
    };
    double previous = max_error(f);
    for (int round = 0; round < 10; ++round) {
      stencil::run_cpu(p, f, {}, 40);
      const double e = max_error(f);
      EXPECT_LE(e, previous) << "the error grows in round " << round;
      previous = e;
    }
    EXPECT_LT(previous, 1e-5) << stencil::shape_name(s);
  }
}

TEST(StencilPhysics, FixedRingNeverChanges) {
  Params p = grid3d(7, 6, 5, Boundary::Fixed);
  const std::vector<float> start = random_field(p, 9);
  std::vector<float> f = start;
  stencil::run_cpu(p, f, {}, 20);
  for (int z = 0; z < p.nz; ++z)
    for (int y = 0; y < p.ny; ++y)
      for (int x = 0; x < p.nx; ++x) {
        const size_t c = x + 7 * (y + 6 * z);
        const bool shell = x == 0 || y == 0 || z == 0 || x == 6 || y == 5 || z == 4;
        if (shell) {
          ASSERT_EQ(f[c], start[c]) << x << "," << y << "," << z;
        } else {
          ASSERT_NE(f[c], start[c]) << x << "," << y << "," << z;
        }
      }
}

TEST(StencilPhysics, MirrorSymmetricFieldsStaySymmetric) {
  // Mirroring swaps W with E (S with N, the diagonals) and so the order of the float sums; the
  // mirrored cells may differ by a rounding or two of values <= 1 per step: 1e-6 after 50 steps.
  for (Shape s : {Shape::Five, Shape::Nine})
    for (Boundary b : all_boundaries()) {
      Params p = grid2d(14, 11, s, b);
      p.r = 0.2f;
      const std::vector<float> g = random_field(p, 5);
      std::vector<float> f(g.size());
      for (int y = 0; y < p.ny; ++y)
        for (int x = 0; x < p.nx; ++x)
          f[x + p.nx * y] = g[std::min(x, p.nx - 1 - x) + p.nx * std::min(y, p.ny - 1 - y)];
      stencil::run_cpu(p, f, {}, 50);
      for (int y = 0; y < p.ny; ++y)
        for (int x = 0; x < p.nx; ++x) {
          const float v = f[x + p.nx * y];
          ASSERT_NEAR(v, f[(p.nx - 1 - x) + p.nx * y], 1e-6) << describe(p) << " x mirror";
          ASSERT_NEAR(v, f[x + p.nx * (p.ny - 1 - y)], 1e-6) << describe(p) << " y mirror";
        }
    }
}

TEST(StencilPhysics, ZeroConductivityWallBlocksHeatCompletely) {
  for (Shape s : {Shape::Five, Shape::Nine})
    for (Boundary b : {Boundary::Insulated, Boundary::Fixed}) {
      Params p = grid2d(32, 16, s, b);
      p.materials = true;
      p.r = 0.24f;
      std::vector<float> f(p.cells(), 0.0f), material(p.cells(), 1.0f);
      for (int y = 0; y < p.ny; ++y) {
        material[16 + 32 * y] = 0.0f;                    // the wall, one cell wide
        for (int x = 0; x < 16; ++x) f[x + 32 * y] = 1;  // hot on the left
      }
      stencil::run_cpu(p, f, material, 500);
      for (int y = 0; y < p.ny; ++y)
        for (int x = 16; x < 32; ++x)
          ASSERT_EQ(f[x + 32 * y], 0.0f) << describe(p) << " heat crossed at " << x << "," << y;
    }
}

TEST(StencilPhysics, PinnedCellsKeepTheirValue) {
  for (Params p :
       {grid2d(20, 13, Shape::Nine, Boundary::Periodic), grid3d(6, 7, 5, Boundary::Insulated)}) {
    p.materials = true;
    const std::vector<float> start = random_field(p, 77);
    const std::vector<float> material = random_materials(p, 77);
    std::vector<float> f = start;
    stencil::run_cpu(p, f, material, 100);
    int pinned = 0;
    for (size_t c = 0; c < f.size(); ++c)
      if (material[c] < 0) {
        ++pinned;
        ASSERT_EQ(f[c], start[c]) << describe(p) << " pinned cell " << c;
      }
    EXPECT_GT(pinned, 0);
  }
}

TEST(StencilPhysics, PinnedHeaterWarmsItsNeighbourhood) {
  Params p = grid2d(16, 16, Shape::Five, Boundary::Insulated);
  p.materials = true;
  std::vector<float> f(p.cells(), 0.0f), material(p.cells(), 1.0f);
  f[8 + 16 * 8] = 1, material[8 + 16 * 8] = stencil::kPinned;
  stencil::run_cpu(p, f, material, 2000);
  // A heater in an insulated box: everything approaches its temperature.
  for (float v : f) EXPECT_GT(v, 0.9f);
}

}  // namespace
}  // namespace ws::test
