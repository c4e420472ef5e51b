// The CUDA stencil against its CPU twins: every variant, tile, shape, boundary and material
// setting gives the SAME BITS after several time steps (tolerance zero: both backends evaluate
// stencil_rule.h with one rounding per operation, -fmad=false on the device and
// -ffp-contract=off on the host, so any difference is a bug, not rounding), identical teach
// traces, and the simulation's paint / probe / stats / slice agree. Every test skips without a
// CUDA device.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <tuple>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "../kernels/stencil_test_support.h"
#include "common/error.h"
#include "common/trace.h"
#include "gpu_test_support.h"
#include "stencil/stencil.h"

namespace ws::stencil {
namespace {

using test::all_boundaries;
using test::describe;
using test::random_field;
using test::random_materials;

// "" when a and b hold the same bits, else the first differing cell.
std::string first_difference(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size())
    return "sizes " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
  for (size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0)
      return "cell " + std::to_string(i) + ": " + std::to_string(a[i]) + " vs " +
             std::to_string(b[i]);
  return "";
}

// Every setting a sweep covers at one grid: the variants and tiles of variant_settings, each
// shape of the dimension, each boundary, without and with materials.
std::vector<Params> sweep(const Params& grid) {
  std::vector<Params> out;
  const std::vector<Shape> shapes = grid.dim == 2 ? std::vector<Shape>{Shape::Five, Shape::Nine}
                                                  : std::vector<Shape>{Shape::Seven};
  for (Shape s : shapes)
    for (Boundary b : all_boundaries())
      for (bool materials : {false, true}) {
        Params base = grid;
        base.shape = s, base.boundary = b, base.materials = materials;
        for (const Params& p : test::variant_settings(base)) out.push_back(p);
      }
  return out;
}

struct Pair {
  std::unique_ptr<Simulation> cpu, gpu;
};

// The same simulation on both backends, from the same seeded field (and materials).
Pair make_pair(const Params& p, uint64_t seed) {
  Pair s{Simulation::create(Backend::Cpu, p), Simulation::create(Backend::Cuda, p)};
  const std::vector<float> field = random_field(p, seed);
  s.cpu->set_field(field);
  s.gpu->set_field(field);
  if (p.materials) {
    const std::vector<float> material = random_materials(p, seed);
    s.cpu->set_material(material);
    s.gpu->set_material(material);
  }
  return s;
}

// Advances both by `steps` and returns the first difference of the fields ("" when equal); an
// exception becomes the difference, so one failing setting does not hide the others.
std::string advance_and_compare(const Params& p, int steps, uint64_t seed) {
  try {
    Pair s = make_pair(p, seed);
    s.cpu->advance(steps);
    s.gpu->advance(steps);
    return first_difference(s.cpu->field(), s.gpu->field());
  } catch (const std::exception& e) {
    return std::string("threw: ") + e.what();
  }
}

Params grid2d(int nx, int ny) {
  return test::grid2d(nx, ny, Shape::Five, Boundary::Insulated);
}
Params grid3d(int nx, int ny, int nz) {
  return test::grid3d(nx, ny, nz, Boundary::Insulated);
}

// ---- Fast mode: the CUDA simulation equals the CPU simulation bit for bit.

TEST(StencilGpuFields, EverySetting2DEqualsCpu) {
  WS_SKIP_WITHOUT_GPU();
  int checked = 0;
  for (const Params& p : sweep(grid2d(37, 29))) {
    // 7 steps: variant 5 runs whole launches of K and a shorter last one.
    EXPECT_EQ(advance_and_compare(p, 7, 11), "") << describe(p);
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

// Basic's fast path reads four cells per thread with 16-byte loads when nx is a multiple of
// 4 (stencil_basic_vec4); its border groups go cell by cell. Both must equal the CPU exactly.
TEST(StencilGpuFields, BasicFourCellsPerThreadEqualsCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (const auto& [nx, ny] :
       std::vector<std::pair<int, int>>{{4, 4}, {8, 5}, {12, 9}, {64, 37}, {256, 130}})
    for (Shape s : {Shape::Five, Shape::Nine})
      for (Boundary b : all_boundaries())
        for (bool materials : {false, true}) {
          Params p = test::grid2d(nx, ny, s, b);
          p.variant = Variant::Basic;
          p.materials = materials;
          EXPECT_EQ(advance_and_compare(p, 9, 31), "") << describe(p);
        }
  for (const auto& [nx, ny, nz] :
       std::vector<std::tuple<int, int, int>>{{4, 4, 4}, {8, 5, 6}, {36, 20, 17}})
    for (Boundary b : all_boundaries())
      for (bool materials : {false, true}) {
        Params p = test::grid3d(nx, ny, nz, b);
        p.variant = Variant::Basic;
        p.materials = materials;
        EXPECT_EQ(advance_and_compare(p, 9, 32), "") << describe(p);
      }
}

// Temporal blocking's fast kernels: a warp per 32-column tile held in registers
// (stencil_fast.cu), the 9-point shape with K >= 5 a sweep of 128x32-output tiles in shared
// memory. Grids spanning
// several tiles in both directions, with a partial last tile, for every boundary and both shapes.
TEST(StencilGpuFields, TemporalWideTilesEqualCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (const auto& [nx, ny] : std::vector<std::pair<int, int>>{{300, 100}, {129, 33}, {20, 70}})
    for (Shape s : {Shape::Five, Shape::Nine})
      for (Boundary b : all_boundaries())
        for (int k : {1, 2, 3, 4, 5, 8}) {
          Params p = test::grid2d(nx, ny, s, b);
          p.variant = Variant::TemporalBlocked;
          p.steps_per_launch = k;
          p.tile = 8;
          EXPECT_EQ(advance_and_compare(p, 2 * k + 1, 33), "") << describe(p);
        }
}

// The streaming 3D kernels (stencil_fast.cu) when nx is a multiple of 4: basic over every cell,
// shared tiling with 128 x 4 x 2 tiles, coarsened-z and register-tiled marching 128-column tiles
// through 32 planes. Grids of one group, of a tile exactly (the last lane's east halo is outside
// the grid), of several tiles in x, y and z with partial last ones; every boundary; basic with
// and without materials (the tiled variants take materials through the teach-shaped kernels).
TEST(StencilGpuFields, Streaming3DKernelsEqualCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (const auto& [nx, ny, nz] : std::vector<std::tuple<int, int, int>>{
           {4, 4, 4}, {8, 5, 6}, {128, 6, 33}, {132, 11, 70}, {260, 9, 5}})
    for (Variant v :
         {Variant::Basic, Variant::SharedTiled, Variant::CoarsenedZ, Variant::RegisterTiled})
      for (Boundary b : all_boundaries())
        for (bool materials : {false, true}) {
          if (materials && v != Variant::Basic) continue;
          Params p = test::grid3d(nx, ny, nz, b);
          p.variant = v, p.tile = v == Variant::SharedTiled ? 4 : 8, p.materials = materials;
          EXPECT_EQ(advance_and_compare(p, 5, 41), "") << describe(p);
        }
}

// 2D shared tiling's fast kernel when nx is a multiple of 4 (stencil_fast.cu): 128 x 4 tiles,
// four cells per thread; both shapes (the 9-point diagonals take the insulated rule by flags),
// every boundary, grids of one group, of one tile exactly, of several with partial last ones.
TEST(StencilGpuFields, SharedTiledWideTiles2DEqualCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (const auto& [nx, ny] :
       std::vector<std::pair<int, int>>{{4, 4}, {8, 5}, {128, 4}, {132, 11}, {260, 9}})
    for (Shape s : {Shape::Five, Shape::Nine})
      for (Boundary b : all_boundaries()) {
        Params p = test::grid2d(nx, ny, s, b);
        p.variant = Variant::SharedTiled, p.tile = 8;
        EXPECT_EQ(advance_and_compare(p, 5, 43), "") << describe(p);
      }
}

TEST(StencilGpuFields, EverySetting3DEqualsCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (const Params& p : sweep(grid3d(13, 11, 9)))
    EXPECT_EQ(advance_and_compare(p, 5, 12), "") << describe(p);
}

TEST(StencilGpuFields, DecentSizesEqualCpu) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<Params> settings;
  for (Variant v : {Variant::Basic, Variant::SharedTiled, Variant::TemporalBlocked})
    for (Shape s : {Shape::Five, Shape::Nine}) {
      Params p = grid2d(1000, 700);
      p.variant = v, p.shape = s, p.tile = 16, p.steps_per_launch = 4;
      p.boundary = s == Shape::Five ? Boundary::Periodic : Boundary::Fixed;
      settings.push_back(p);
    }
  for (Variant v :
       {Variant::Basic, Variant::SharedTiled, Variant::CoarsenedZ, Variant::RegisterTiled}) {
    Params p = grid3d(100, 90, 80);
    p.variant = v, p.tile = v == Variant::SharedTiled ? 8 : 16;
    settings.push_back(p);
  }
  for (bool materials : {false, true}) {  // 3D temporal blocking: the teach-shaped kernel
    Params p = grid3d(100, 90, 80);
    p.variant = Variant::TemporalBlocked, p.tile = 4, p.steps_per_launch = 3;
    p.materials = materials;
    settings.push_back(p);
  }
  Params with_materials = grid2d(1000, 700);
  with_materials.materials = true;
  with_materials.variant = Variant::TemporalBlocked;
  settings.push_back(with_materials);
  for (const Params& p : settings) EXPECT_EQ(advance_and_compare(p, 6, 21), "") << describe(p);
}

TEST(StencilGpuFields, EveryTemporalKAndRemainderEqualsCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (int k = 1; k <= 8; ++k)
    for (int steps : {1, k, k + 1, 2 * k + 3}) {
      Params p = grid2d(45, 33);
      p.variant = Variant::TemporalBlocked, p.tile = 32 - 2 * k, p.steps_per_launch = k;
      p.boundary = Boundary::Periodic;
      EXPECT_EQ(advance_and_compare(p, steps, 30 + k), "") << describe(p) << " steps " << steps;
    }
  for (int k = 1; k <= 3; ++k)  // 3D: T+2K <= 10
    for (int steps : {1, k, k + 1, 2 * k + 3}) {
      Params p = grid3d(23, 17, 19);
      p.variant = Variant::TemporalBlocked, p.tile = 10 - 2 * k, p.steps_per_launch = k;
      p.boundary = Boundary::Periodic;
      EXPECT_EQ(advance_and_compare(p, steps, 50 + k), "") << describe(p) << " steps " << steps;
    }
}

// Changing the boundary, the variant or the materials between steps (which changes the cells
// left alone) keeps the backends equal: the partner buffer is refreshed.
TEST(StencilGpuFields, ChangesBetweenStepsEqualCpu) {
  WS_SKIP_WITHOUT_GPU();
  Params p = grid2d(40, 36);
  p.variant = Variant::TemporalBlocked, p.tile = 8, p.steps_per_launch = 3;
  Pair s = make_pair(p, 5);
  const auto both = [&](auto&& action) {
    action(*s.cpu);
    action(*s.gpu);
    return first_difference(s.cpu->field(), s.gpu->field());
  };
  EXPECT_EQ(both([](Simulation& sim) { sim.advance(4); }), "");
  p.boundary = Boundary::Fixed;
  p.variant = Variant::Basic;
  EXPECT_EQ(both([&](Simulation& sim) {
              sim.set_params(p);
              sim.advance(3);
            }),
            "")
      << "insulated -> fixed";
  const std::vector<float> material = random_materials(p, 77);
  p.materials = true;
  p.variant = Variant::SharedTiled;
  EXPECT_EQ(both([&](Simulation& sim) {
              sim.set_material(material);
              sim.set_params(p);
              sim.advance(5);
            }),
            "")
      << "materials on";
  p.boundary = Boundary::Periodic;
  p.shape = Shape::Nine;
  p.variant = Variant::TemporalBlocked;
  EXPECT_EQ(both([&](Simulation& sim) {
              sim.set_params(p);
              sim.advance(7);
            }),
            "")
      << "periodic 9-point";
  EXPECT_EQ(first_difference(s.cpu->material(), s.gpu->material()), "");
}

// ---- Teach mode: the GPU trace is the CPU model's, event for event.

std::string compare_teach_runs(const Params& p, uint64_t seed) {
  const std::vector<float> field = random_field(p, seed);
  const std::vector<float> material =
      p.materials ? random_materials(p, seed) : std::vector<float>{};
  const TeachRun cpu = teach(p, field, material, Backend::Cpu);
  const TeachRun gpu = teach(p, field, material, Backend::Cuda);
  const std::string trace = compare_traces(cpu.trace, gpu.trace);
  if (!trace.empty()) return "trace: " + trace;
  const std::string after = first_difference(cpu.after, gpu.after);
  if (!after.empty()) return "after: " + after;
  if (cpu.time_steps != gpu.time_steps) return "time steps differ";
  return "";
}

std::string compare_teach(const Params& p, uint64_t seed) {
  try {
    return compare_teach_runs(p, seed);
  } catch (const std::exception& e) {
    return std::string("threw: ") + e.what();
  }
}

TEST(StencilGpuTeach, EverySetting2DTraceEqualsCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (const Params& p : sweep(grid2d(21, 13))) EXPECT_EQ(compare_teach(p, 3), "") << describe(p);
}

TEST(StencilGpuTeach, EverySetting3DTraceEqualsCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (const Params& p : sweep(grid3d(9, 7, 10))) EXPECT_EQ(compare_teach(p, 4), "") << describe(p);
}

TEST(StencilGpuTeach, LargestTeachGridsTraceEqualsCpu) {
  WS_SKIP_WITHOUT_GPU();
  Params p2 = grid2d(kTeachMax2D, kTeachMax2D);
  p2.variant = Variant::TemporalBlocked, p2.tile = 16, p2.steps_per_launch = 4;
  p2.materials = true;
  EXPECT_EQ(compare_teach(p2, 8), "") << describe(p2);
  Params p3 = grid3d(kTeachMax3D, kTeachMax3D, kTeachMax3D);
  p3.variant = Variant::RegisterTiled, p3.tile = 8;
  EXPECT_EQ(compare_teach(p3, 9), "") << describe(p3);
  Params t3 = p3;  // 3D temporal blocking: 64 blocks of 10^3 threads
  t3.variant = Variant::TemporalBlocked, t3.tile = 4, t3.steps_per_launch = 3;
  t3.materials = true;
  EXPECT_EQ(compare_teach(t3, 10), "") << describe(t3);
  p3.nx = kTeachMax3D + 1;
  EXPECT_THROW(teach(p3, random_field(p3, 1), {}, Backend::Cuda), Error);
}

// ---- The simulation's other calls agree with the CPU simulation.

TEST(StencilGpuSimulation, PaintProbeStatsSliceAgreeWithCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (int dim : {2, 3}) {
    Params p = dim == 2 ? grid2d(70, 50) : grid3d(30, 26, 22);
    p.variant = dim == 2 ? Variant::SharedTiled : Variant::CoarsenedZ;
    p.tile = 8;
    Pair s = make_pair(p, 40 + dim);
    std::vector<Brush> brushes;
    const Brush::Kind kinds[] = {Brush::Kind::Heat,      Brush::Kind::Wall,  Brush::Kind::Cool,
                                 Brush::Kind::Conductor, Brush::Kind::Erase, Brush::Kind::Heat};
    for (int i = 0; i < 6; ++i) {
      Brush b;
      b.kind = kinds[i];
      b.x = 3.3f + 11.7f * i, b.y = 2.0f + 7.25f * i, b.z = dim == 3 ? 1.5f + 3.1f * i : 0.0f;
      b.radius = 1.0f + 2.5f * i;
      b.temperature = i == 3 ? 0.6f : (i % 2 ? -0.5f : 2.0f);
      brushes.push_back(b);
    }
    Brush outside;  // misses the grid entirely
    outside.x = -40, outside.y = -40, outside.z = -40;
    brushes.push_back(outside);
    for (const Brush& b : brushes) {
      s.cpu->paint(b);
      s.gpu->paint(b);
      s.cpu->advance(2);
      s.gpu->advance(2);
    }
    EXPECT_EQ(s.cpu->params().materials, s.gpu->params().materials);
    EXPECT_EQ(first_difference(s.cpu->field(), s.gpu->field()), "") << dim << "D field";
    EXPECT_EQ(first_difference(s.cpu->material(), s.gpu->material()), "") << dim << "D material";

    for (int z : {0, p.nz / 2, p.nz - 1})
      for (int y : {0, 7, p.ny - 1})
        for (int x : {0, 13, p.nx - 1})
          EXPECT_EQ(s.cpu->probe(x, y, z), s.gpu->probe(x, y, z)) << x << "," << y << "," << z;
    EXPECT_THROW(s.gpu->probe(p.nx, 0, 0), Error);

    // min and max are exact; the sums are doubles of the same floats in a different order.
    const Stats a = s.cpu->stats(), b = s.gpu->stats();
    EXPECT_EQ(a.min, b.min);
    EXPECT_EQ(a.max, b.max);
    double magnitude = 0;
    for (float v : s.cpu->field()) magnitude += std::fabs(v);
    EXPECT_NEAR(a.sum, b.sum, 1e-12 * magnitude + 1e-12);
    EXPECT_NEAR(a.mean, b.mean, 1e-12 * magnitude / double(p.cells()) + 1e-15);

    for (int axis = 0; axis < 3; ++axis) {
      const int extent = p.dim == 2 ? 1 : axis == 0 ? p.nx : axis == 1 ? p.ny : p.nz;
      for (int index : {0, extent / 2, extent - 1, kMaxProjection}) {
        const std::vector<float> cpu = s.cpu->slice(axis, index);
        EXPECT_EQ(first_difference(cpu, s.gpu->slice(axis, index)), "")
            << dim << "D axis " << axis << " index " << index;
        int width = 0, height = 0;
        slice_shape(p, axis, width, height);
        std::vector<float> device(size_t(width) * height);
        ASSERT_EQ(cudaMemcpy(device.data(), s.gpu->device_slice(axis, index),
                             device.size() * sizeof(float), cudaMemcpyDeviceToHost),
                  cudaSuccess);
        EXPECT_EQ(first_difference(cpu, device), "") << "device_slice " << axis << " " << index;
      }
    }
    if (p.dim == 3) {
      EXPECT_THROW(s.gpu->slice(2, p.nz), Error);
    }
    std::vector<float> field(size_t(p.cells()));
    ASSERT_EQ(cudaMemcpy(field.data(), s.gpu->device_field(), field.size() * sizeof(float),
                         cudaMemcpyDeviceToHost),
              cudaSuccess);
    EXPECT_EQ(first_difference(s.cpu->field(), field), "") << "device_field";
  }
}

TEST(StencilGpuSimulation, SizeChangesAndBadInputsThrow) {
  WS_SKIP_WITHOUT_GPU();
  Params p = grid2d(32, 32);
  auto sim = Simulation::create(Backend::Cuda, p);
  Params bigger = p;
  bigger.nx = 64;
  EXPECT_THROW(sim->set_params(bigger), Error);
  EXPECT_THROW(sim->set_field(std::vector<float>(10)), Error);
  EXPECT_THROW(sim->set_material(std::vector<float>(10)), Error);
  EXPECT_THROW(sim->advance(-1), Error);
}

// A grid that does not fit in the device's free memory fails with a message naming the memory,
// not a bare CUDA error: most of the device is taken first.
TEST(StencilGpuSimulation, GridThatDoesNotFitNamesTheMemory) {
  WS_SKIP_WITHOUT_GPU();
  size_t free_bytes = 0, total_bytes = 0;
  ASSERT_EQ(cudaMemGetInfo(&free_bytes, &total_bytes), cudaSuccess);
  const size_t keep = 256u << 20;  // 8192^2 needs 768 MiB; leave less than that free
  void* hog = nullptr;
  ASSERT_EQ(cudaMalloc(&hog, free_bytes - keep), cudaSuccess);
  Params p = grid2d(8192, 8192);
  std::string message;
  try {
    Simulation::create(Backend::Cuda, p);
  } catch (const Error& e) {
    message = e.what();
  }
  cudaFree(hog);
  EXPECT_NE(message.find("GiB"), std::string::npos) << message;
  EXPECT_NE(message.find("8192x8192"), std::string::npos) << message;
}

// ---- Small runs of every variant in both modes, for compute-sanitizer (memcheck, racecheck,
// synccheck): scripts/device-check.sh runs this filter under the sanitizer.

TEST(StencilSanitizerSmoke, TeachAndFast2D) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : {Variant::Basic, Variant::SharedTiled, Variant::TemporalBlocked})
    for (Boundary b : all_boundaries()) {
      Params p = test::grid2d(19, 11, b == Boundary::Periodic ? Shape::Nine : Shape::Five, b);
      p.variant = v, p.tile = 8, p.steps_per_launch = 3;
      p.materials = b == Boundary::Fixed;
      EXPECT_EQ(compare_teach(p, 6), "") << describe(p);
      EXPECT_EQ(advance_and_compare(p, 4, 6), "") << describe(p);
    }
}

TEST(StencilSanitizerSmoke, TeachAndFast3D) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : {Variant::Basic, Variant::SharedTiled, Variant::CoarsenedZ,
                    Variant::RegisterTiled, Variant::TemporalBlocked})
    for (Boundary b : all_boundaries()) {
      Params p = test::grid3d(9, 6, 11, b);
      p.variant = v, p.tile = 4, p.steps_per_launch = 2;  // temporal: 8^3 threads per block
      p.materials = b == Boundary::Insulated;
      EXPECT_EQ(compare_teach(p, 7), "") << describe(p);
      EXPECT_EQ(advance_and_compare(p, 3, 7), "") << describe(p);
      // nx a multiple of 4: fast mode's streaming kernels (stencil_fast.cu), two z-chunks
      Params wide = test::grid3d(12, 5, 35, b);
      wide.variant = v, wide.tile = 4, wide.steps_per_launch = 2, wide.materials = p.materials;
      EXPECT_EQ(advance_and_compare(wide, 3, 8), "") << describe(wide);
    }
}

TEST(StencilSanitizerSmoke, PaintStatsSlice) {
  WS_SKIP_WITHOUT_GPU();
  Params p = grid3d(12, 10, 8);
  auto sim = Simulation::create(Backend::Cuda, p);
  sim->set_field(random_field(p, 2));
  Brush b;
  b.x = 11, b.y = 0, b.z = 7, b.radius = 4;
  sim->paint(b);
  sim->advance(2);
  const Stats s = sim->stats();
  EXPECT_LE(s.min, s.max);
  for (int axis = 0; axis < 3; ++axis) EXPECT_FALSE(sim->slice(axis, 3).empty());
  EXPECT_NE(sim->device_slice(0, 11), nullptr);
  sim->synchronize();
}

}  // namespace
}  // namespace ws::stencil
