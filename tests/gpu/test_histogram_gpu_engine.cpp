// The CUDA engine against the CPU engine (the same schedule on the host) and the reference: every
// variant's counts over the matrix, u8 images and f32 samples, up to 2^24 samples; the
// device's synthetic samples bit for bit; CUB's counts on integer data; equalized planes; the
// injected race; and small runs of every variant for compute-sanitizer (ForTheSanitizers) plus
// the racy variant 4 once (InjectedRaceForRacecheck: racecheck must report it).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "../kernels/histogram_engine_test_support.h"
#include "common/error.h"
#include "gpu_test_support.h"
#include "histogram/histogram.h"
#include "histogram/histogram_engine_parts.h"

namespace ws::histogram::test {
namespace {

void expect_cuda_equals_cpu(Engine& cuda, Engine& cpu, const Samples& s, const BinSpec& b,
                            const std::string& data) {
  cuda.set_samples(s);
  cpu.set_samples(s);
  for (Variant v : kEngineVariants) {
    RunParams params;
    params.variant = v;
    ASSERT_EQ(cuda.run(b, params), cpu.run(b, params)) << label(v, data, b, s.size());
  }
}

TEST(HistogramGpuEngine, EveryVariantEqualsTheCpuEngineOnSyntheticData) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  uint64_t seed = 100;
  for (int count : kBinCounts)
    for (Dist d : kDists)
      for (int64_t n : matrix_sizes(false)) {
        const BinSpec b = make_bins(count, -3.5, 1000.25);
        expect_cuda_equals_cpu(*cuda, *cpu, synthetic(d, 1.2, n, ++seed, b), b, dist_name(d));
      }
}

TEST(HistogramGpuEngine, EveryVariantEqualsTheCpuEngineOnImages) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  uint64_t seed = 7;
  for (const BinSpec& b : u8_bins())
    for (int64_t n : {int64_t{1}, int64_t{15}, int64_t{16}, int64_t{33}, int64_t{4097},
                      int64_t{65536}, int64_t{3 * 65536 + 5}})
      for (int runs : {1, 16, 1000})
        expect_cuda_equals_cpu(*cuda, *cpu, random_u8(n, ++seed, runs), b,
                               "a u8 image, runs of " + std::to_string(runs));
}

TEST(HistogramGpuEngine, OddLaunchShapesGiveTheSameCounts) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  const BinSpec b = make_bins(300, 0, 300);
  const Samples s = synthetic(Dist::Zipf, 1.1, 100003, 5, b);
  cuda->set_samples(s);
  cpu->set_samples(s);
  for (LaunchShape l : {LaunchShape{32, 1, 1}, LaunchShape{64, 3, 5}, LaunchShape{96, 2, 0},
                        LaunchShape{1024, 7, 3}})
    for (Variant v : kEngineVariants) {
      RunParams params;
      params.variant = v;
      params.launch = l;
      ASSERT_EQ(cuda->run(b, params), cpu->run(b, params))
          << info(v).id << " " << l.block_dim << " x " << l.grid_dim << " C " << l.coarsening;
    }
}

TEST(HistogramGpuEngine, LargeInputsEqualTheReference) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda);
  const int64_t n = (int64_t{1} << 24) + 3;
  for (int count : {256, 4096, 65536})
    for (Dist d : {Dist::Uniform, Dist::Zipf, Dist::AllEqual}) {
      const BinSpec b = make_bins(count, 0, 1);
      const Samples s = synthetic(d, 1.0, n, 9, b);
      const std::vector<uint32_t> expected = histogram_reference(s, b);
      cuda->set_synthetic(d, 1.0, n, 9, b);
      for (Variant v : kEngineVariants) {
        if (v == Variant::Sequential) continue;  // one thread over 2^24 samples: seconds
        RunParams params;
        params.variant = v;
        ASSERT_EQ(cuda->run(b, params), expected) << label(v, dist_name(d), b, n);
      }
    }
  // An 8192 x 8192 u8 image, uniform and with most pixels in one value.
  for (int runs : {1, 64}) {
    Samples img = random_u8(int64_t{8192} * 8192, 3, runs);
    if (runs > 1)
      for (size_t i = 0; i < img.u8.size(); i += 3) img.u8[i] = 0;  // ~62% black
    cuda->set_samples(img);
    for (const BinSpec& b : {make_bins(256, 0, 256), make_bins(4096, 0, 256)}) {
      const std::vector<uint32_t> expected = histogram_reference(img, b);
      for (Variant v : {Variant::GlobalAtomic, Variant::PrivateShared, Variant::Aggregated,
                        Variant::WarpAggregated}) {
        RunParams params;
        params.variant = v;
        ASSERT_EQ(cuda->run(b, params), expected) << label(v, "8192 x 8192 u8", b, img.size());
      }
    }
  }
}

TEST(HistogramGpuEngine, SyntheticOnTheDeviceIsBitForBitTheCpus) {
  WS_SKIP_WITHOUT_GPU();
  for (Dist d : kDists)
    for (int count : {1, 7, 4096, 65536}) {
      const BinSpec b = make_bins(count, -1.5, 2.75);
      const int64_t n = 200003;
      const Samples s = synthetic(d, 1.3, n, 21, b);
      const std::vector<float> device = synthetic_on_device(d, 1.3, n, 21, b);
      ASSERT_EQ(device.size(), s.f32.size());
      EXPECT_EQ(std::memcmp(device.data(), s.f32.data(), device.size() * sizeof(float)), 0)
          << dist_name(d) << " " << count << " bins";
    }
}

TEST(HistogramGpuEngine, CubCountsEqualOursOnIntegerData) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda);
  RunParams params;
  const Samples img = random_u8(1000003, 17, 5);
  cuda->set_samples(img);
  for (const BinSpec& b : {make_bins(256, 0, 256), make_bins(64, 0, 256), make_bins(10, 20, 220)}) {
    const LibraryTiming t = cuda->time_library(b, 1);
    ASSERT_TRUE(t.available) << t.note;
    EXPECT_EQ(t.counts, cuda->run(b, params)) << b.count << " bins, u8";
  }
  // Integer-valued floats on integer bin edges.
  Samples ints;
  for (int64_t i = 0; i < 500001; ++i) ints.f32.push_back(float((i * 7919) % 5000) - 100.0f);
  cuda->set_samples(ints);
  for (const BinSpec& b : {make_bins(4096, -100, 3996), make_bins(256, 0, 512)}) {
    const LibraryTiming t = cuda->time_library(b, 1);
    ASSERT_TRUE(t.available) << t.note;
    EXPECT_EQ(t.counts, cuda->run(b, params)) << b.count << " bins, f32";
  }
}

TEST(HistogramGpuEngine, EqualizedPlanesEqualTheCpus) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda), cpu = Engine::create(Backend::Cpu);
  for (auto [w, h, c] : {std::tuple{1, 1, 1}, std::tuple{37, 29, 3}, std::tuple{1, 1000, 4},
                         std::tuple{640, 481, 3}}) {
    const Samples img = random_u8(int64_t(w) * h * c, uint64_t(w + h + c), 7, 180);
    cuda->set_samples(img);
    cpu->set_samples(img);
    cuda->equalize(w, h, c);
    cpu->equalize(w, h, c);
    EXPECT_EQ(cuda->equalized(), cpu->equalized()) << w << " x " << h << " x " << c;
    EXPECT_NE(cuda->device_equalized(), nullptr);
  }
}

TEST(HistogramGpuEngine, InjectedRaceLosesUpdatesOnAllEqualData) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda);
  const BinSpec b = make_bins(256, 0, 256);
  const int64_t n = int64_t{1} << 20;
  cuda->set_synthetic(Dist::AllEqual, 0, n, 1, b);
  for (Variant v : {Variant::GlobalAtomic, Variant::PrivateShared}) {
    RunParams params;
    params.variant = v;
    params.inject_race = true;
    EXPECT_LT(in_range(cuda->run(b, params)), n) << info(v).id;
    params.inject_race = false;
    EXPECT_EQ(in_range(cuda->run(b, params)), n) << info(v).id;
  }
}

TEST(HistogramGpuEngine, BadInputKeepsThePreviousSamples) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda);
  const BinSpec b = make_bins(8, 0, 8);
  const Samples s = random_u8(100, 3, 1, 7);
  cuda->set_samples(s);
  EXPECT_THROW(cuda->set_synthetic(Dist::Uniform, 0, kMaxSamples + 1, 1, b), Error);
  EXPECT_THROW(cuda->set_synthetic(Dist::Zipf, 1e9, 100, 1, b), Error);
  EXPECT_EQ(cuda->size(), 100);
  EXPECT_EQ(cuda->sample_type(), SampleType::U8);
  EXPECT_EQ(cuda->run(b, RunParams{}), histogram_reference(s, b));
  EXPECT_THROW(cuda->equalize(7, 7, 1), Error);
}

// Small runs of every kernel for compute-sanitizer memcheck / racecheck / synccheck
// (--gtest_filter='*ForTheSanitizers*'): both sample types, striped, copy and 16-bit layouts.
TEST(HistogramGpuEngine, ForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda);
  for (int count : {7, 256, 4096, 65536}) {
    const BinSpec b = make_bins(count, 0, 256);
    for (bool image : {true, false}) {
      const Samples s = image ? random_u8(5003, 1, 3) : synthetic(Dist::Zipf, 1.0, 5003, 1, b);
      cuda->set_samples(s);
      const std::vector<uint32_t> expected = histogram_reference(s, b);
      for (Variant v : kEngineVariants) {
        RunParams params;
        params.variant = v;
        EXPECT_EQ(cuda->run(b, params), expected) << label(v, image ? "u8" : "zipf", b, 5003);
      }
    }
  }
  cuda->set_samples(random_u8(3 * 40 * 30, 2));
  cuda->equalize(40, 30, 3);
  EXPECT_EQ(cuda->equalized().size(), size_t(3 * 40 * 30));
  EXPECT_TRUE(cuda->time_library(make_bins(256, 0, 256), 1).available);
}

// The injected shared-memory race of variant 4, once: a harness for compute-sanitizer, whose
// racecheck must report it (scripts/device-check.sh runs it alone and fails when racecheck finds no
// hazard). The assertion here only says the run finished with no more counts than samples; that
// updates are lost is asserted by InjectedRaceLosesUpdatesOnAllEqualData.
TEST(HistogramGpuRace, InjectedRaceForRacecheck) {
  WS_SKIP_WITHOUT_GPU();
  auto cuda = Engine::create(Backend::Cuda);
  const BinSpec b = make_bins(16, 0, 16);
  cuda->set_synthetic(Dist::AllEqual, 0, 4096, 1, b);
  RunParams params;
  params.variant = Variant::PrivateShared;
  params.inject_race = true;
  EXPECT_LE(in_range(cuda->run(b, params)), 4096);
}

}  // namespace
}  // namespace ws::histogram::test
