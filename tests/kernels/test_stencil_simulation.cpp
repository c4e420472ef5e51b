// The CPU Simulation the scene drives: it advances like run_cpu, paints, probes, slices, keeps
// its field across parameter changes; and the initial fields.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "common/error.h"
#include "stencil_test_support.h"

namespace ws::test {
namespace {

using stencil::Boundary;
using stencil::Brush;
using stencil::Params;
using stencil::Shape;
using stencil::Variant;

TEST(StencilSimulation, AdvancesLikeRunCpu) {
  Params p = grid2d(30, 20, Shape::Nine, Boundary::Insulated);
  p.variant = Variant::TemporalBlocked, p.tile = 8, p.steps_per_launch = 3;
  auto sim = stencil::Simulation::create(Backend::Cpu, p);
  const std::vector<float> start = random_field(p, 2);
  sim->set_field(start);
  sim->advance(7);
  std::vector<float> expected = start;
  stencil::run_cpu(p, expected, {}, 7);
  EXPECT_EQ(sim->field(), expected);
  // A new variant continues from the same field.
  Params q = p;
  q.variant = Variant::SharedTiled;
  sim->set_params(q);
  sim->advance(2);
  stencil::run_cpu(p, expected, {}, 2);
  EXPECT_EQ(sim->field(), expected);
  EXPECT_EQ(sim->params().variant, Variant::SharedTiled);
}

TEST(StencilSimulation, SetParamsRefusesANewSize) {
  Params p = grid2d(16, 16, Shape::Five, Boundary::Insulated);
  auto sim = stencil::Simulation::create(Backend::Cpu, p);
  Params q = p;
  q.nx = 32;
  EXPECT_THROW(sim->set_params(q), Error);
  q = p, q.tile = 99;
  EXPECT_THROW(sim->set_params(q), Error);
  EXPECT_THROW(sim->set_field(std::vector<float>(3)), Error);
  EXPECT_THROW(sim->set_material(std::vector<float>(3)), Error);
}

TEST(StencilSimulation, CreateValidatesAndNamesTheBackend) {
  Params bad = grid2d(2, 16, Shape::Five, Boundary::Insulated);
  EXPECT_THROW(stencil::Simulation::create(Backend::Cpu, bad), Error);
#if !defined(WARPSCOPE_HAVE_CUDA)
  try {
    stencil::Simulation::create(Backend::Cuda, grid2d(16, 16, Shape::Five, Boundary::Insulated));
    FAIL() << "a CPU-only build created a CUDA simulation";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no CUDA backend"), std::string::npos) << e.what();
  }
#endif
}

TEST(StencilSimulation, HeatBrushPinsADiscThatStaysHot) {
  Params p = grid2d(32, 32, Shape::Five, Boundary::Insulated);
  auto sim = stencil::Simulation::create(Backend::Cpu, p);
  Brush b;
  b.kind = Brush::Kind::Heat;
  b.x = 16, b.y = 10, b.radius = 3, b.temperature = 2;
  sim->paint(b);
  EXPECT_TRUE(sim->params().materials) << "painting a heater turns materials on";
  const std::vector<float> m = sim->material();
  int painted = 0;
  for (int y = 0; y < 32; ++y)
    for (int x = 0; x < 32; ++x) {
      const float dx = x + 0.5f - 16, dy = y + 0.5f - 10;
      const bool inside = dx * dx + dy * dy <= 9;
      EXPECT_EQ(m[x + 32 * y] == stencil::kPinned, inside) << x << "," << y;
      painted += inside;
    }
  EXPECT_GT(painted, 20);
  sim->advance(50);
  EXPECT_EQ(sim->probe(16, 10), 2.0f);
  EXPECT_GT(sim->probe(16, 15), 0.0f) << "heat spreads from the heater";
  EXPECT_LT(sim->probe(0, 31), sim->probe(16, 15)) << "less far away";
  b.kind = Brush::Kind::Erase;
  sim->paint(b);
  const std::vector<float> erased = sim->material();
  EXPECT_TRUE(std::all_of(erased.begin(), erased.end(), [](float v) { return v == 1.0f; }));
}

TEST(StencilSimulation, WallAndConductorBrushesSetConductivity) {
  Params p = grid3d(10, 10, 10, Boundary::Insulated);
  auto sim = stencil::Simulation::create(Backend::Cpu, p);
  Brush b;
  b.kind = Brush::Kind::Wall, b.x = 5, b.y = 5, b.z = 5, b.radius = 1;
  sim->paint(b);
  const auto m = sim->material();
  EXPECT_EQ(m[5 + 10 * (5 + 10 * 5)], 0.0f);
  EXPECT_EQ(m[4 + 10 * (4 + 10 * 4)], 0.0f);  // centre (4.5, 4.5, 4.5): 0.87 from the brush
  EXPECT_EQ(m[3 + 10 * (5 + 10 * 5)], 1.0f);  // 1.66 away
  b.kind = Brush::Kind::Conductor, b.temperature = 0.5f;
  sim->paint(b);
  EXPECT_EQ(sim->material()[5 + 10 * (5 + 10 * 5)], 0.5f);
}

TEST(StencilSimulation, StatsProbeAndSlices) {
  Params p = grid3d(5, 6, 7, Boundary::Periodic);
  auto sim = stencil::Simulation::create(Backend::Cpu, p);
  const std::vector<float> f = random_field(p, 12);
  sim->set_field(f);
  const stencil::Stats s = sim->stats();
  EXPECT_DOUBLE_EQ(s.sum, std::accumulate(f.begin(), f.end(), 0.0));
  EXPECT_DOUBLE_EQ(s.mean, s.sum / f.size());
  EXPECT_EQ(s.min, *std::min_element(f.begin(), f.end()));
  EXPECT_EQ(s.max, *std::max_element(f.begin(), f.end()));
  const auto at = [&](int x, int y, int z) { return f[x + 5 * (y + 6 * z)]; };
  EXPECT_EQ(sim->probe(4, 5, 6), at(4, 5, 6));
  EXPECT_THROW(sim->probe(5, 0, 0), Error);
  for (int axis = 0; axis < 3; ++axis) {
    int w = 0, h = 0;
    stencil::slice_shape(p, axis, w, h);
    const int index = axis + 1;
    const std::vector<float> slice = sim->slice(axis, index);
    ASSERT_EQ(int(slice.size()), w * h);
    for (int v = 0; v < h; ++v)
      for (int u = 0; u < w; ++u) {
        const float want = axis == 0   ? at(index, u, v)
                           : axis == 1 ? at(u, index, v)
                                       : at(u, v, index);
        ASSERT_EQ(slice[u + w * v], want) << "axis " << axis;
      }
  }
  // The maximum along each axis (a projection), against a plain loop over the field.
  for (int axis = 0; axis < 3; ++axis) {
    int pw = 0, ph = 0;
    stencil::slice_shape(p, axis, pw, ph);
    const std::vector<float> projection = sim->slice(axis, stencil::kMaxProjection);
    ASSERT_EQ(int(projection.size()), pw * ph);
    const int extent = axis == 0 ? 5 : axis == 1 ? 6 : 7;
    for (int v = 0; v < ph; ++v)
      for (int u = 0; u < pw; ++u) {
        float want = -1e30f;
        for (int k = 0; k < extent; ++k)
          want = std::max(want, axis == 0 ? at(k, u, v) : axis == 1 ? at(u, k, v) : at(u, v, k));
        ASSERT_EQ(projection[u + pw * v], want) << "axis " << axis;
      }
  }
  int w = 0, h = 0;
  stencil::slice_shape(p, 0, w, h);
  EXPECT_EQ(w, 6);
  EXPECT_EQ(h, 7);
  EXPECT_THROW(sim->slice(2, 7), Error);
  Params flat = grid2d(9, 4, Shape::Five, Boundary::Insulated);
  stencil::slice_shape(flat, 0, w, h);
  EXPECT_EQ(w, 9);
  EXPECT_EQ(h, 4);
}

TEST(StencilSimulation, InitialFields) {
  Params p = grid2d(16, 8, Shape::Five, Boundary::Insulated);
  const auto hot = stencil::initial_field(p, "hot-square");
  // Ones in the middle half of each axis: 8 x 4 cells.
  EXPECT_EQ(std::accumulate(hot.begin(), hot.end(), 0.0), 32.0);
  EXPECT_EQ(hot[8 + 16 * 4], 1.0f);
  EXPECT_EQ(hot[0], 0.0f);
  Params q = grid3d(8, 8, 8, Boundary::Insulated);
  const auto cube = stencil::initial_field(q, "hot-square");
  EXPECT_EQ(std::accumulate(cube.begin(), cube.end(), 0.0), 64.0);
  const auto r1 = stencil::initial_field(p, "random:7"), r2 = stencil::initial_field(p, "random:7");
  EXPECT_EQ(r1, r2);
  EXPECT_NE(r1, stencil::initial_field(p, "random:8"));
  EXPECT_TRUE(std::all_of(r1.begin(), r1.end(), [](float v) { return v >= 0 && v < 1; }));
  const auto zero = stencil::initial_field(p, "zero");
  EXPECT_TRUE(std::all_of(zero.begin(), zero.end(), [](float v) { return v == 0; }));
  EXPECT_THROW(stencil::initial_field(p, "lukewarm"), Error);
  EXPECT_THROW(stencil::initial_field(p, "random:x"), Error);
}

}  // namespace
}  // namespace ws::test
