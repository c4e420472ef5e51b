// The CUDA engine's filters against the CPU engine's: the same pixels for every method, radius
// and depth of field, and u32 SAT windows past 2^32 on 8192 x 8192.

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "common/error.h"
#include "gpu_test_support.h"
#include "../kernels/sat_engine_test_support.h"
#include "sat/sat.h"

namespace ws::test {
namespace {

using sat::Accum;
using sat::Engine;
using sat::FilterMethod;
using sat::FilterParams;
using sat::Variant;

using sat::test::random_planes;

TEST(SatGpuEngineFilter, EveryMethodGivesTheCpuPixels) {
  WS_SKIP_WITHOUT_GPU();
  auto gpu = Engine::create(Backend::Cuda);
  auto cpu = Engine::create(Backend::Cpu);
  const int w = 301, h = 203;
  const std::vector<uint8_t> px = random_planes(w, h, 3, 31);
  const std::vector<float> depth = sat::generated_depth("ramp", w, h);
  for (Engine* e : {gpu.get(), cpu.get()}) {
    e->set_image(w, h, 3, px.data());
    e->set_depth(depth.data());
  }
  for (Accum a : {Accum::U8U32, Accum::F32F32, Accum::F32F64})
    for (int r : {0, 1, 4, 50, 400}) {
      FilterParams params;
      params.radius = r;
      for (bool dof : {false, true}) {
        params.depth_of_field = dof;
        for (FilterMethod m : {FilterMethod::Sat, FilterMethod::Direct, FilterMethod::Separable,
                               FilterMethod::Fused}) {
          if (dof && (m == FilterMethod::Separable || m == FilterMethod::Fused)) continue;
          if (m == FilterMethod::Direct && r > 50) continue;
          for (Engine* e : {gpu.get(), cpu.get()}) {
            e->compute_sat(Variant::RegisterTiled, a);
            e->filter(m, params);
          }
          EXPECT_EQ(gpu->filtered(), cpu->filtered())
              << sat::filter_method_name(m) << " " << sat::accum_name(a) << " r " << r
              << (dof ? " dof" : "");
        }
      }
    }
  EXPECT_NE(gpu->device_filtered(), nullptr);
}

TEST(SatGpuEngineFilter, U32WindowsPast32BitsOn8192) {
  WS_SKIP_WITHOUT_GPU();
  const int side = sat::kMaxSide;
  const std::vector<uint8_t> px(size_t(side) * side, 255);
  auto gpu = Engine::create(Backend::Cuda);
  gpu->set_image(side, side, 1, px.data());
  gpu->compute_sat(Variant::RegisterTiled, Accum::U8U32);
  FilterParams params;
  params.radius = 3000;  // windows of up to 6001^2 pixels of 255: sums past 2^32
  gpu->filter(FilterMethod::Sat, params);
  const std::vector<uint8_t> out = gpu->filtered();
  for (size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], 255) << i;
}

TEST(SatGpuEngineFilter, SmallImagesForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  auto gpu = Engine::create(Backend::Cuda);
  auto cpu = Engine::create(Backend::Cpu);
  const std::vector<uint8_t> px = random_planes(37, 5, 2, 32);
  FilterParams params;
  params.radius = 2;
  for (Engine* e : {gpu.get(), cpu.get()}) {
    e->set_image(37, 5, 2, px.data());
    e->filter(FilterMethod::Sat, params);
  }
  EXPECT_EQ(gpu->filtered(), cpu->filtered());
}

}  // namespace
}  // namespace ws::test
