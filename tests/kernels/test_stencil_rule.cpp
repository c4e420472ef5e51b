// The stencil's rule and parameters: one step against the physics written out in double, the
// parameter checks and their messages, the stability limits and the analytic cost model.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "common/error.h"
#include "stencil_test_support.h"

namespace ws::test {
namespace {

using stencil::Boundary;
using stencil::Params;
using stencil::Shape;
using stencil::Variant;

// One float step differs from the double reference by a few roundings of values in [0, 1]:
// |u| <= 1, each of the ~3P+3 operations rounds by 2^-24 relative, so 2e-6 absolute is ample.
constexpr double kStepTolerance = 2e-6;

void expect_matches_reference(const Params& p, uint64_t seed) {
  const std::vector<float> field = random_field(p, seed);
  const std::vector<float> material = random_materials(p, seed);
  std::vector<float> got = field;
  stencil::run_cpu(p, got, material, 1);
  const auto want = reference_step(p, field, p.materials ? &material : nullptr);
  for (size_t c = 0; c < got.size(); ++c)
    ASSERT_NEAR(got[c], want[c], kStepTolerance)
        << describe(p) << " seed " << seed << " cell " << c;
}

TEST(StencilRule, OneStepMatchesThePhysicsIn2D) {
  for (Shape shape : {Shape::Five, Shape::Nine})
    for (Boundary b : all_boundaries())
      for (bool materials : {false, true})
        for (uint64_t seed : {1, 2, 3}) {
          Params p = grid2d(8, 8, shape, b);
          p.materials = materials;
          p.r = shape == Shape::Nine ? 0.3f : 0.2f;
          expect_matches_reference(p, seed);
        }
}

TEST(StencilRule, OneStepMatchesThePhysicsIn3D) {
  for (Boundary b : all_boundaries())
    for (bool materials : {false, true})
      for (uint64_t seed : {4, 5, 6}) {
        Params p = grid3d(5, 6, 7, b);
        p.materials = materials;
        expect_matches_reference(p, seed);
      }
}

TEST(StencilRule, HandWorkedCellOfTheFivePointShape) {
  // Interior cell of a 4x4 grid: u = 1, W E S N = 0, 0, 2, 4, r = 0.25:
  // u' = 1 + 0.25 * ((0-1) + (0-1) + (2-1) + (4-1)) = 1.5
  Params p = grid2d(4, 4, Shape::Five, Boundary::Insulated);
  p.r = 0.25f;
  std::vector<float> f(16, 0.0f);
  f[1 + 4 * 1] = 1;  // (1, 1)
  f[1 + 4 * 0] = 2;  // S
  f[1 + 4 * 2] = 4;  // N
  stencil::run_cpu(p, f, {}, 1);
  EXPECT_EQ(f[1 + 4 * 1], 1.5f);
}

std::string validate_message(const Params& p) {
  try {
    stencil::validate(p);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(StencilParams, ValidateNamesTheProblem) {
  const auto expect_error = [](Params p, const std::string& words) {
    const std::string message = validate_message(p);
    EXPECT_NE(message.find(words), std::string::npos)
        << "expected '" << words << "' in: '" << message << "'";
  };
  const Params ok2 = grid2d(32, 32, Shape::Five, Boundary::Insulated);
  const Params ok3 = grid3d(16, 16, 16, Boundary::Insulated);
  EXPECT_EQ(validate_message(ok2), "");
  EXPECT_EQ(validate_message(ok3), "");
  Params p = ok2;
  p.dim = 4;
  expect_error(p, "dimension must be 2 or 3");
  p = ok2, p.nx = 3;
  expect_error(p, "4..8192");
  p = ok2, p.ny = 8193;
  expect_error(p, "4..8192");
  p = ok3, p.nz = 513;
  expect_error(p, "4..512");
  p = ok2, p.shape = Shape::Seven;
  expect_error(p, "5-point or 9-point");
  p = ok3, p.shape = Shape::Nine;
  expect_error(p, "7-point");
  p = ok2, p.variant = Variant::CoarsenedZ;
  expect_error(p, "3D grids only");
  p = ok2, p.variant = Variant::RegisterTiled;
  expect_error(p, "3D grids only");
  p = ok3, p.variant = Variant::TemporalBlocked, p.tile = 6, p.steps_per_launch = 3;
  expect_error(p,
               "in 3D launches (T+2K)^3 threads per block (at most 1024): tile 6 with K = 3 "
               "needs T+2K = 12 > 10");
  p = ok3, p.variant = Variant::TemporalBlocked, p.tile = 16, p.steps_per_launch = 1;
  expect_error(p, "T+2K = 18 > 10");
  p = ok2, p.tile = 3;
  expect_error(p, "tile must be 4..32");
  p = ok2, p.variant = Variant::SharedTiled, p.tile = 31;
  expect_error(p, "tile must be <= 30");
  p = ok3, p.variant = Variant::SharedTiled, p.tile = 9;
  expect_error(p, "tile must be <= 8");
  p = ok3, p.variant = Variant::CoarsenedZ, p.tile = 31;
  expect_error(p, "tile must be <= 30");
  p = ok2, p.variant = Variant::TemporalBlocked, p.tile = 20, p.steps_per_launch = 7;
  expect_error(p,
               "in 2D launches (T+2K)^2 threads per block (at most 1024): tile 20 with K = 7 "
               "needs T+2K = 34 > 32");
  p = ok2, p.steps_per_launch = 9;
  expect_error(p, "K must be 1..8");
  p = ok2, p.r = -0.1f;
  expect_error(p, "diffusion number");
  p = ok2, p.r = std::nanf("");
  expect_error(p, "diffusion number");
  // The limits themselves are valid.
  p = ok2, p.variant = Variant::SharedTiled, p.tile = 30;
  EXPECT_EQ(validate_message(p), "");
  p = ok3, p.variant = Variant::SharedTiled, p.tile = 8;
  EXPECT_EQ(validate_message(p), "");
  p = ok2, p.variant = Variant::TemporalBlocked, p.tile = 16, p.steps_per_launch = 8;
  EXPECT_EQ(validate_message(p), "");
  p = ok3, p.variant = Variant::TemporalBlocked, p.tile = 4, p.steps_per_launch = 3;
  EXPECT_EQ(validate_message(p), "");
  p = ok3, p.variant = Variant::TemporalBlocked, p.tile = 8, p.steps_per_launch = 1;
  EXPECT_EQ(validate_message(p), "");
  EXPECT_EQ(stencil::temporal_max_edge(2), 32);
  EXPECT_EQ(stencil::temporal_max_edge(3), 10);
}

TEST(StencilParams, NamesParseBack) {
  for (const auto& i : stencil::variant_infos()) {
    Variant v{};
    ASSERT_TRUE(stencil::parse_variant(i.id, v));
    EXPECT_EQ(v, i.variant);
    ASSERT_TRUE(stencil::parse_variant(std::to_string(int(i.variant)), v));
    EXPECT_EQ(v, i.variant);
  }
  for (Shape s : {Shape::Five, Shape::Nine, Shape::Seven}) {
    Shape out{};
    ASSERT_TRUE(stencil::parse_shape(stencil::shape_name(s), out));
    EXPECT_EQ(out, s);
    ASSERT_TRUE(stencil::parse_shape(std::to_string(int(s)), out));
    EXPECT_EQ(out, s);
  }
  for (Boundary b : all_boundaries()) {
    Boundary out{};
    ASSERT_TRUE(stencil::parse_boundary(stencil::boundary_name(b), out));
    EXPECT_EQ(out, b);
  }
  Variant v{};
  EXPECT_FALSE(stencil::parse_variant("6", v));
  Boundary b{};
  EXPECT_FALSE(stencil::parse_boundary("open", b));
}

TEST(StencilParams, StabilityLimits) {
  EXPECT_FLOAT_EQ(stencil::stability_limit(Shape::Five), 0.25f);
  EXPECT_FLOAT_EQ(stencil::stability_limit(Shape::Nine), 0.375f);
  EXPECT_FLOAT_EQ(stencil::stability_limit(Shape::Seven), 1.0f / 6.0f);
  Params p = grid2d(16, 16, Shape::Five, Boundary::Insulated);
  p.r = 0.25f;
  EXPECT_TRUE(stencil::is_stable(p));
  EXPECT_FALSE(stencil::is_stable(p, 2.0f));  // a conductivity of 2 halves the limit
  p.r = 0.26f;
  EXPECT_FALSE(stencil::is_stable(p));
  p.shape = Shape::Nine, p.r = 0.37f;
  EXPECT_TRUE(stencil::is_stable(p));
  Params q = grid3d(8, 8, 8, Boundary::Insulated);
  q.r = 0.17f;
  EXPECT_FALSE(stencil::is_stable(q));
}

TEST(StencilParams, UnstableStepsGrowAndStableOnesDoNot) {
  // The checkerboard is the mode that goes unstable first: past the limit it grows every step.
  for (float factor : {0.9f, 1.2f}) {
    Params p = grid2d(16, 16, Shape::Five, Boundary::Periodic);
    p.r = stencil::stability_limit(p.shape) * factor;
    std::vector<float> f(256);
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 16; ++x) f[x + 16 * y] = (x + y) % 2 ? 0.01f : -0.01f;
    stencil::run_cpu(p, f, {}, 100);
    const float peak = std::fabs(*std::max_element(
        f.begin(), f.end(), [](float a, float b) { return std::fabs(a) < std::fabs(b); }));
    if (stencil::is_stable(p)) {
      EXPECT_LE(peak, 0.01f);
    } else {
      EXPECT_GT(peak, 1.0f);
    }
  }
}

TEST(StencilCost, SharedTiledWorkedExample) {
  Params p = grid2d(256, 256, Shape::Five, Boundary::Insulated);
  p.variant = Variant::SharedTiled;
  p.tile = 16;
  const stencil::Cost c = stencil::cost(p);
  EXPECT_DOUBLE_EQ(c.halo_fraction, 1.0 - 256.0 / 324.0);
  EXPECT_DOUBLE_EQ(c.loads_per_output, 324.0 / 256.0);
  EXPECT_EQ(c.threads_per_block, 324);
  EXPECT_EQ(c.shared_bytes_per_block, 4 * 324);
  EXPECT_DOUBLE_EQ(c.active_fraction, 256.0 / 324.0);
  // 4 differences + 4 sums, r * acc, u + : 10 flops; bytes: the loads and one store.
  EXPECT_DOUBLE_EQ(c.flops_per_output, 10);
  EXPECT_DOUBLE_EQ(c.bytes_per_output, 4 * 324.0 / 256.0 + 4);
  EXPECT_DOUBLE_EQ(c.op_per_byte, 10 / (4 * 324.0 / 256.0 + 4));
  EXPECT_EQ(c.redundant_fraction, 0);
}

TEST(StencilCost, BasicNineAndMaterials) {
  Params p = grid2d(64, 64, Shape::Five, Boundary::Insulated);
  stencil::Cost c = stencil::cost(p);
  EXPECT_DOUBLE_EQ(c.loads_per_output, 5);
  EXPECT_DOUBLE_EQ(c.bytes_per_output, 24);
  EXPECT_EQ(c.halo_fraction, 0);
  EXPECT_EQ(c.shared_bytes_per_block, 0);
  p.shape = Shape::Nine;
  c = stencil::cost(p);
  EXPECT_DOUBLE_EQ(c.flops_per_output, 21);  // 8 sub + 8 add + 2 weights + 1 add + r* + u+
  EXPECT_DOUBLE_EQ(c.loads_per_output, 9);
  p.shape = Shape::Five, p.materials = true;
  c = stencil::cost(p);
  EXPECT_DOUBLE_EQ(c.flops_per_output, 4 * 7 + 2);  // harmonic mean: 4 flops per neighbour
  EXPECT_DOUBLE_EQ(c.bytes_per_output, 24 + 20);    // + 5 conductivities
}

TEST(StencilCost, PlaneMarchingAndTemporalBlocking) {
  Params q = grid3d(64, 64, 64, Boundary::Insulated);
  q.variant = Variant::CoarsenedZ, q.tile = 30;
  const stencil::Cost coarsened = stencil::cost(q);
  EXPECT_DOUBLE_EQ(coarsened.loads_per_output, 32.0 * 32 * 32 / (30.0 * 30 * 30));
  EXPECT_EQ(coarsened.threads_per_block, 32 * 32);
  EXPECT_EQ(coarsened.shared_bytes_per_block, 3 * 4 * 32 * 32);
  q.variant = Variant::RegisterTiled;
  EXPECT_EQ(stencil::cost(q).shared_bytes_per_block, 4 * 32 * 32);  // a third
  q.variant = Variant::SharedTiled, q.tile = 8;
  EXPECT_DOUBLE_EQ(stencil::cost(q).loads_per_output, 1000.0 / 512.0);

  Params p = grid2d(256, 256, Shape::Five, Boundary::Insulated);
  p.variant = Variant::TemporalBlocked, p.tile = 16, p.steps_per_launch = 4;
  const stencil::Cost c = stencil::cost(p);
  EXPECT_DOUBLE_EQ(c.loads_per_output, 24.0 * 24 / 256 / 4);
  EXPECT_EQ(c.shared_bytes_per_block, 2 * 4 * 24 * 24);
  // Sub-steps compute 22^2 + 20^2 + 18^2 + 16^2 = 1464 cells for 4 * 256 useful updates.
  EXPECT_DOUBLE_EQ(c.redundant_fraction, 1 - 1024.0 / 1464.0);
  EXPECT_DOUBLE_EQ(c.flops_per_output, 10 * 1464.0 / 1024.0);
  EXPECT_DOUBLE_EQ(c.bytes_per_output, 4 * (24.0 * 24 / 256 / 4) + 4.0 / 4);
  EXPECT_DOUBLE_EQ(c.active_fraction, 1464.0 / (4 * 576.0));

  // 3D, T = 4, K = 3: a 10^3 tile for 4^3 outputs; sub-steps compute 8^3 + 6^3 + 4^3 = 792
  // cells for 3 * 64 useful updates.
  q.variant = Variant::TemporalBlocked, q.tile = 4, q.steps_per_launch = 3;
  const stencil::Cost c3 = stencil::cost(q);
  EXPECT_DOUBLE_EQ(c3.loads_per_output, 1000.0 / 64 / 3);
  EXPECT_DOUBLE_EQ(c3.halo_fraction, (1000.0 - 64) / 1000);
  EXPECT_EQ(c3.threads_per_block, 1000);
  EXPECT_EQ(c3.shared_bytes_per_block, 2 * 4 * 1000);
  EXPECT_DOUBLE_EQ(c3.redundant_fraction, 1 - 192.0 / 792.0);
  EXPECT_DOUBLE_EQ(c3.flops_per_output, 14 * 792.0 / 192.0);  // 7-point: 2 * 6 + 2 flops
  EXPECT_DOUBLE_EQ(c3.active_fraction, 792.0 / (3 * 1000.0));
}

}  // namespace
}  // namespace ws::test
