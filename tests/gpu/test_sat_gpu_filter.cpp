// The CUDA filters against their CPU twins (sat_filter_cpu.h), pixel for pixel: the SAT filter on
// u32, f32 and f64 tables (the tables come from the CPU's sat_sequential, so both sides read the
// same table), the direct and the separable filter, 1 and 3 channels, depth of field, every radius
// up to past the image, odd shapes, and an 8192 x 8192 u32 table whose windows sum past 2^32.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/device_buffer.cuh"
#include "common/error.h"
#include "common/split_mix.h"
#include "gpu_test_support.h"
#include "sat/sat.h"
#include "sat/sat_filter_cpu.h"
#include "sat/sat_launch.h"

namespace ws::sat {
namespace {

struct Shape {
  int w, h;
};

// Channel-major planes of random samples.
std::vector<uint8_t> random_planes(int w, int h, int channels, uint64_t seed) {
  SplitMix64 rng{seed * 7919 + uint64_t(w) * 131 + uint64_t(h)};
  std::vector<uint8_t> img(size_t(w) * h * channels);
  for (uint8_t& v : img) v = uint8_t(rng.next() >> 56);
  return img;
}

// Every channel's table in the accumulation type's storage, as raw bytes, channel-major.
std::vector<uint8_t> tables_of(const std::vector<uint8_t>& planes, int w, int h, int channels,
                               Accum a) {
  const size_t n = size_t(w) * h, bytes = size_t(output_bytes(a));
  std::vector<uint8_t> out(n * channels * bytes);
  for (int c = 0; c < channels; ++c) {
    Plane p;
    p.width = w;
    p.height = h;
    p.values.assign(planes.begin() + c * n, planes.begin() + (c + 1) * n);
    const std::vector<double> t = sat_sequential(p, a);
    for (size_t i = 0; i < n; ++i) {
      uint8_t* at = out.data() + (c * n + i) * bytes;
      if (a == Accum::U8U32) {
        const uint32_t v = uint32_t(t[i]);
        std::memcpy(at, &v, 4);
      } else if (a == Accum::F32F32) {
        const float v = float(t[i]);
        std::memcpy(at, &v, 4);
      } else {
        std::memcpy(at, &t[i], 8);
      }
    }
  }
  return out;
}

FilterParams box(int r) {
  FilterParams p;
  p.radius = r;
  return p;
}

// One filter of every channel on the CPU, one channel at a time.
std::vector<uint8_t> cpu_filter(FilterMethod m, Accum a, const std::vector<uint8_t>& planes,
                                const std::vector<uint8_t>& tables, int w, int h, int channels,
                                const FilterParams& p, const float* depth) {
  const size_t n = size_t(w) * h;
  std::vector<uint8_t> out(n * channels);
  for (int c = 0; c < channels; ++c) {
    if (m == FilterMethod::Sat)
      filter_sat_cpu(a, tables.data() + c * n * output_bytes(a), w, h, p, depth,
                     out.data() + c * n);
    else if (m == FilterMethod::Direct)
      filter_direct_cpu(planes.data() + c * n, w, h, p, depth, out.data() + c * n);
    else
      filter_separable_cpu(planes.data() + c * n, w, h, p, out.data() + c * n);
  }
  return out;
}

// The device's inputs, uploaded once; run() filters on a stream of its own.
struct GpuImage {
  int w, h, channels;
  DeviceBuffer<uint8_t> image, tables, out, scratch;
  DeviceBuffer<float> depth;
  cudaStream_t stream = nullptr;

  GpuImage(const std::vector<uint8_t>& planes, const std::vector<uint8_t>& table_bytes, int w_,
           int h_, int channels_, const std::vector<float>& depth_map = {})
      : w(w_),
        h(h_),
        channels(channels_),
        image(planes.size()),
        tables(table_bytes.size()),
        out(planes.size()),
        scratch(separable_scratch_bytes(w_, h_)),
        depth(depth_map.size()) {
    image.upload(planes);
    tables.upload(table_bytes);
    depth.upload(depth_map);
    WS_CUDA_CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  }
  ~GpuImage() { cudaStreamDestroy(stream); }

  std::vector<uint8_t> run(FilterMethod m, Accum a, const FilterParams& p) {
    WS_CUDA_CHECK(cudaMemsetAsync(out.data(), 0xA5, out.bytes(), stream));
    const float* d = p.depth_of_field ? depth.data() : nullptr;
    if (m == FilterMethod::Sat)
      launch_filter_sat(a, tables.data(), w, h, channels, p, d, out.data(), stream);
    else if (m == FilterMethod::Direct)
      launch_filter_direct(image.data(), w, h, channels, p, d, out.data(), stream);
    else
      launch_filter_separable(image.data(), w, h, channels, p, scratch.data(), out.data(), stream);
    WS_CUDA_CHECK(cudaStreamSynchronize(stream));
    return out.download();
  }
};

std::string where(const char* what, Accum a, const Shape& s, int channels, int r) {
  return std::string(what) + " " + accum_name(a) + " " + std::to_string(s.w) + "x" +
         std::to_string(s.h) + "x" + std::to_string(channels) + " r " + std::to_string(r);
}

// 1x1, 1xN, Nx1, primes, 2^k +- 1, and widths that are multiples of 4 (one 32-bit store per
// thread) next to ones that are not.
const std::vector<Shape> kShapes = {{1, 1},  {1, 37}, {37, 1},  {13, 17},  {31, 33},
                                    {65, 7}, {64, 9}, {132, 5}, {129, 40}, {257, 3}};

TEST(SatGpuFilter, EveryMethodEqualsTheCpuAtEveryRadius) {
  WS_SKIP_WITHOUT_GPU();
  for (const Shape& s : kShapes)
    for (int channels : {1, 3}) {
      const std::vector<uint8_t> planes = random_planes(s.w, s.h, channels, 5);
      for (Accum a : {Accum::U8U32, Accum::F32F64, Accum::F32F32}) {
        const std::vector<uint8_t> tables = tables_of(planes, s.w, s.h, channels, a);
        GpuImage gpu(planes, tables, s.w, s.h, channels);
        for (int r = 0; r <= std::max(s.w, s.h) + 2; ++r) {
          const FilterParams p = box(r);
          ASSERT_EQ(
              gpu.run(FilterMethod::Sat, a, p),
              cpu_filter(FilterMethod::Sat, a, planes, tables, s.w, s.h, channels, p, nullptr))
              << where("sat", a, s, channels, r);
          if (a != Accum::U8U32) continue;  // the direct and separable filters read the image
          for (FilterMethod m : {FilterMethod::Direct, FilterMethod::Separable})
            ASSERT_EQ(gpu.run(m, a, p),
                      cpu_filter(m, a, planes, tables, s.w, s.h, channels, p, nullptr))
                << where(filter_method_name(m), a, s, channels, r);
        }
      }
    }
}

// Widths that are multiples of 8 and wide enough for whole warps (256 pixels) with every window
// inside the image: the u32 box kernel's 8-pixel path, next to its border warps.
TEST(SatGpuFilter, U32BoxKernelOnWideImagesEqualsTheCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (const Shape& s : {Shape{1032, 41}, Shape{776, 300}, Shape{520, 9}})
    for (int channels : {1, 3}) {
      const std::vector<uint8_t> planes = random_planes(s.w, s.h, channels, 7);
      const std::vector<uint8_t> tables = tables_of(planes, s.w, s.h, channels, Accum::U8U32);
      GpuImage gpu(planes, tables, s.w, s.h, channels);
      for (int r : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 31, 32, 33, 34, 100, 127, 200, 255, 256, 600}) {
        const FilterParams p = box(r);
        ASSERT_EQ(gpu.run(FilterMethod::Sat, Accum::U8U32, p),
                  cpu_filter(FilterMethod::Sat, Accum::U8U32, planes, tables, s.w, s.h, channels, p,
                             nullptr))
            << where("sat", Accum::U8U32, s, channels, r);
      }
    }
}

TEST(SatGpuFilter, FloatTablesWhoseSumsAreNotExactGiveTheCpuPixels) {
  WS_SKIP_WITHOUT_GPU();
  const Shape s{1001, 703};  // 255 * 1001 * 703 > 2^24: the f32 table rounds
  const std::vector<uint8_t> planes = random_planes(s.w, s.h, 1, 9);
  for (Accum a : {Accum::F32F32, Accum::F32F64}) {
    const std::vector<uint8_t> tables = tables_of(planes, s.w, s.h, 1, a);
    GpuImage gpu(planes, tables, s.w, s.h, 1);
    for (int r : {0, 1, 7, 100, 500, 1001}) {
      const FilterParams p = box(r);
      ASSERT_EQ(gpu.run(FilterMethod::Sat, a, p),
                cpu_filter(FilterMethod::Sat, a, planes, tables, s.w, s.h, 1, p, nullptr))
          << where("sat", a, s, 1, r);
    }
  }
}

TEST(SatGpuFilter, DepthOfFieldEqualsTheCpu) {
  WS_SKIP_WITHOUT_GPU();
  for (const Shape& s :
       {Shape{1, 1}, Shape{1, 29}, Shape{29, 1}, Shape{31, 33}, Shape{64, 17}, Shape{130, 61}})
    for (int channels : {1, 3})
      for (const char* kind : {"ramp", "bowl", "step"}) {
        const std::vector<uint8_t> planes = random_planes(s.w, s.h, channels, 17);
        const std::vector<float> depth = generated_depth(kind, s.w, s.h);
        for (Accum a : {Accum::U8U32, Accum::F32F64, Accum::F32F32}) {
          const std::vector<uint8_t> tables = tables_of(planes, s.w, s.h, channels, a);
          GpuImage gpu(planes, tables, s.w, s.h, channels, depth);
          for (float focus : {0.0f, 0.4f, 1.0f})
            for (float aperture : {0.0f, 3.5f, 12.0f, 300.0f}) {
              FilterParams p;
              p.depth_of_field = true;
              p.focus = focus;
              p.aperture = aperture;
              const std::string at = std::string(kind) + " focus " + std::to_string(focus) +
                                     " aperture " + std::to_string(aperture);
              for (FilterMethod m : {FilterMethod::Sat, FilterMethod::Direct})
                ASSERT_EQ(gpu.run(m, a, p),
                          cpu_filter(m, a, planes, tables, s.w, s.h, channels, p, depth.data()))
                    << where(filter_method_name(m), a, s, channels, 0) << " " << at;
            }
        }
      }
}

TEST(SatGpuFilter, SeparableRejectsDepthOfFieldAndBadArguments) {
  WS_SKIP_WITHOUT_GPU();
  const std::vector<uint8_t> planes = random_planes(8, 8, 1, 1);
  GpuImage gpu(planes, tables_of(planes, 8, 8, 1, Accum::U8U32), 8, 8, 1,
               std::vector<float>(64, 0.5f));
  FilterParams dof;
  dof.depth_of_field = true;
  try {
    gpu.run(FilterMethod::Separable, Accum::U8U32, dof);
    FAIL() << "the separable filter accepted depth of field";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("one radius for the whole image"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(gpu.run(FilterMethod::Sat, Accum::U8U32, box(-1)), Error);
  EXPECT_THROW(launch_filter_sat(Accum::U8U32, gpu.tables.data(), 8, 8, 5, box(1), nullptr,
                                 gpu.out.data(), gpu.stream),
               Error);
  EXPECT_THROW(
      launch_filter_direct(gpu.image.data(), 8, 8, 1, dof, nullptr, gpu.out.data(), gpu.stream),
      Error);
}

// 8192 x 8192: u32 tables whose windows sum past 2^32 (the GPU's split into parts).
std::vector<uint8_t> u32_table_bytes(const std::vector<uint8_t>& img, int side) {
  std::vector<uint32_t> t(img.size());
  for (size_t y = 0; y < size_t(side); ++y) {
    uint32_t run = 0;
    for (size_t x = 0; x < size_t(side); ++x) t[y * side + x] = run += img[y * side + x];
  }
  for (size_t i = side; i < t.size(); ++i) t[i] += t[i - side];
  std::vector<uint8_t> bytes(t.size() * 4);
  std::memcpy(bytes.data(), t.data(), bytes.size());
  return bytes;
}

TEST(SatGpuFilter, U32TableOf8192SquaredOf255sGives255) {
  WS_SKIP_WITHOUT_GPU();
  const int side = kMaxSide;
  const std::vector<uint8_t> planes(size_t(side) * side, 255);
  GpuImage gpu(planes, u32_table_bytes(planes, side), side, side, 1);
  for (int r : {1, 2051, 2052, 5000, 8192}) {
    const std::vector<uint8_t> out = gpu.run(FilterMethod::Sat, Accum::U8U32, box(r));
    const size_t wrong =
        size_t(std::count_if(out.begin(), out.end(), [](uint8_t v) { return v != 255; }));
    ASSERT_EQ(wrong, 0u) << "r " << r << ": pixels other than 255";
  }
}

TEST(SatGpuFilter, U32TableOfRandom8192SquaredEqualsTheCpu) {
  WS_SKIP_WITHOUT_GPU();
  const int side = kMaxSide;
  const std::vector<uint8_t> planes = random_planes(side, side, 1, 3);
  const std::vector<uint8_t> tables = u32_table_bytes(planes, side);
  GpuImage gpu(planes, tables, side, side, 1);
  for (int r : {3, 2052, 6000}) {
    const FilterParams p = box(r);
    ASSERT_EQ(
        gpu.run(FilterMethod::Sat, Accum::U8U32, p),
        cpu_filter(FilterMethod::Sat, Accum::U8U32, planes, tables, side, side, 1, p, nullptr))
        << "r " << r;
  }
}

// Small runs of every kernel for compute-sanitizer (memcheck, racecheck, initcheck).
TEST(SatGpuFilter, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  // 37 wide: the general kernels; 132 wide (a multiple of 4): the u32 box kernel, whole warps
  // and a warp with one lane in use.
  // 520 wide (a multiple of 8): the 8-pixel kernel, a warp inside at small radii.
  for (const Shape& s : {Shape{37, 19}, Shape{132, 21}, Shape{520, 21}}) {
    const int channels = 3;
    const std::vector<uint8_t> planes = random_planes(s.w, s.h, channels, 23);
    const std::vector<float> depth = generated_depth("bowl", s.w, s.h);
    FilterParams dof;
    dof.depth_of_field = true;
    dof.aperture = 9;
    for (Accum a : {Accum::U8U32, Accum::F32F32, Accum::F32F64}) {
      const std::vector<uint8_t> tables = tables_of(planes, s.w, s.h, channels, a);
      GpuImage gpu(planes, tables, s.w, s.h, channels, depth);
      for (const FilterParams& p : {box(3), box(6), dof})
        EXPECT_EQ(
            gpu.run(FilterMethod::Sat, a, p),
            cpu_filter(FilterMethod::Sat, a, planes, tables, s.w, s.h, channels, p, depth.data()));
      if (a != Accum::U8U32) continue;
      for (const FilterParams& p : {box(3), dof})
        EXPECT_EQ(gpu.run(FilterMethod::Direct, a, p),
                  cpu_filter(FilterMethod::Direct, a, planes, tables, s.w, s.h, channels, p,
                             depth.data()));
      EXPECT_EQ(gpu.run(FilterMethod::Separable, a, box(3)),
                cpu_filter(FilterMethod::Separable, a, planes, tables, s.w, s.h, channels, box(3),
                           nullptr));
    }
  }
}

}  // namespace
}  // namespace ws::sat
