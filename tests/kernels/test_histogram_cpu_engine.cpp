// The CPU engine: every variant's schedule gives histogram_reference's counts for every
// distribution, the bin counts and sizes (0..33, 2^k +- 1, a few 2^16), f32 and u8
// samples, default and odd launch shapes; the injected race loses counts in the model;
// set_synthetic is synthetic(); bad input gets a message and keeps the previous samples;
// equalization of small images against a hand computation.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "common/error.h"
#include "histogram/histogram.h"
#include "histogram/histogram_engine_parts.h"
#include "histogram_engine_test_support.h"

namespace ws::histogram::test {
namespace {

std::unique_ptr<Engine> cpu_engine() {
  return Engine::create(Backend::Cpu);
}

void expect_every_variant(Engine& engine, const Samples& s, const BinSpec& b,
                          const std::string& data, const LaunchShape& launch = {}) {
  const std::vector<uint32_t> expected = histogram_reference(s, b);
  for (Variant v : kEngineVariants) {
    RunParams params;
    params.variant = v;
    params.launch = launch;
    const std::vector<uint32_t> got = engine.run(b, params);
    ASSERT_EQ(got, expected) << label(v, data, b, s.size());
  }
}

TEST(HistogramCpuEngine, EveryVariantEqualsTheReferenceOnSyntheticData) {
  auto engine = cpu_engine();
  uint64_t seed = 11;
  for (int count : kBinCounts)
    for (Dist d : kDists)
      for (int64_t n : matrix_sizes(count >= 4096 && d != Dist::Uniform)) {
        const BinSpec b = make_bins(count, -3.5, 1000.25);
        const Samples s = synthetic(d, 1.2, n, ++seed, b);
        engine->set_samples(s);
        expect_every_variant(*engine, s, b, dist_name(d));
      }
}

TEST(HistogramCpuEngine, EveryVariantEqualsTheReferenceOnImages) {
  auto engine = cpu_engine();
  uint64_t seed = 5;
  for (const BinSpec& b : u8_bins())
    for (int64_t n :
         {int64_t{0}, int64_t{1}, int64_t{17}, int64_t{33}, int64_t{4095}, int64_t{65537}})
      for (int runs : {1, 9}) {
        const Samples s = random_u8(n, ++seed, runs);
        engine->set_samples(s);
        expect_every_variant(*engine, s, b, "a u8 image (runs of " + std::to_string(runs) + ")");
      }
}

TEST(HistogramCpuEngine, OddLaunchShapesLoopOverEverySample) {
  auto engine = cpu_engine();
  const BinSpec b = make_bins(7, 0, 7);
  for (int64_t n : {int64_t{1}, int64_t{31}, int64_t{1000}, int64_t{4099}}) {
    const Samples s = synthetic(Dist::Zipf, 1.5, n, 77 + uint64_t(n), b);
    engine->set_samples(s);
    for (LaunchShape l : {LaunchShape{32, 1, 1}, LaunchShape{64, 3, 5}, LaunchShape{96, 2, 0},
                          LaunchShape{1024, 1, 3}})
      expect_every_variant(*engine, s, b,
                           "zipf with " + std::to_string(l.block_dim) + " x " +
                               std::to_string(l.grid_dim) +
                               " threads, C = " + std::to_string(l.coarsening),
                           l);
  }
}

TEST(HistogramCpuEngine, AHugeGridFinishesAndCountsEverySampleOnce) {
  // A typed --grid of 2^30 blocks: the blocks past the last sample are dropped (they would only
  // zero and merge empty copies), so this takes microseconds, not hours.
  const BinSpec b = make_bins(7, 0, 7);
  const Samples s = synthetic(Dist::Uniform, 0, 1000, 3, b);
  auto cpu = Engine::create(Backend::Cpu);
  cpu->set_samples(s);
  for (Variant v : {Variant::GlobalAtomic, Variant::PrivateGlobal, Variant::PrivateShared,
                    Variant::CoarseContiguous, Variant::CoarseInterleaved, Variant::Aggregated,
                    Variant::WarpAggregated}) {
    RunParams p;
    p.variant = v;
    p.launch.block_dim = 1024;
    p.launch.grid_dim = 1 << 30;
    EXPECT_EQ(cpu->run(b, p), histogram_reference(s, b)) << int(v);
  }
}

TEST(HistogramCpuEngine, OutOfRangeSamplesAreNotCounted) {
  auto engine = cpu_engine();
  Samples s;
  s.f32 = {-1.0f,
           0.0f,
           9.99f,
           10.0f,
           1e30f,
           -1e30f,
           5.0f,
           std::numeric_limits<float>::quiet_NaN(),
           std::numeric_limits<float>::infinity()};
  engine->set_samples(s);
  const BinSpec b = make_bins(10, 0, 10);
  for (Variant v : kEngineVariants) {
    RunParams params;
    params.variant = v;
    const std::vector<uint32_t> got = engine->run(b, params);
    EXPECT_EQ(in_range(got), 3) << info(v).id;
    EXPECT_EQ(got[0], 1u) << info(v).id;
    EXPECT_EQ(got[5], 1u) << info(v).id;
    EXPECT_EQ(got[9], 1u) << info(v).id;
  }
}

TEST(HistogramCpuEngine, InjectedRaceLosesCountsOnlyWhereLanesCollide) {
  auto engine = cpu_engine();
  const BinSpec b = make_bins(256, 0, 256);
  const int64_t n = 4096;
  engine->set_synthetic(Dist::AllEqual, 0, n, 3, b);
  for (Variant v : {Variant::GlobalAtomic, Variant::PrivateShared}) {
    RunParams params;
    params.variant = v;
    params.inject_race = true;
    const std::vector<uint32_t> got = engine->run(b, params);
    // All 32 lanes of a warp instruction hit the one counter: they add 1 together.
    EXPECT_EQ(in_range(got), n / 32) << info(v).id;
    params.inject_race = false;
    EXPECT_EQ(in_range(engine->run(b, params)), n) << info(v).id;
  }
  // Sorted distinct values: no two lanes of an instruction share a counter, nothing is lost.
  Samples distinct;
  for (int i = 0; i < 256; ++i) distinct.f32.push_back(float(i));
  engine->set_samples(distinct);
  RunParams params;
  params.variant = Variant::GlobalAtomic;
  params.inject_race = true;
  EXPECT_EQ(engine->run(b, params), histogram_reference(distinct, b));
}

TEST(HistogramCpuEngine, SetSyntheticIsSynthetic) {
  auto engine = cpu_engine();
  for (Dist d : kDists) {
    const BinSpec b = make_bins(4096, -2, 7);
    const Samples s = synthetic(d, 0.8, 9999, 42, b);
    engine->set_synthetic(d, 0.8, 9999, 42, b);
    EXPECT_EQ(engine->size(), 9999);
    EXPECT_EQ(engine->sample_type(), SampleType::F32);
    // 65536 bins over a range a little wider: a different sample would almost surely move.
    const BinSpec fine = make_bins(65536, -2.5, 7.5);
    RunParams params;
    params.variant = Variant::Sequential;
    EXPECT_EQ(engine->run(fine, params), histogram_reference(s, fine)) << dist_name(d);
  }
}

void expect_error_containing(const std::function<void()>& f, const std::string& words) {
  try {
    f();
    ADD_FAILURE() << "no error; expected one mentioning \"" << words << "\"";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
  }
}

TEST(HistogramCpuEngine, BadInputGetsAMessageAndKeepsThePreviousSamples) {
  auto engine = cpu_engine();
  const BinSpec b = make_bins(8, 0, 8);
  Samples s;
  s.f32 = {1, 2, 3};
  engine->set_samples(s);
  expect_error_containing([&] { engine->set_synthetic(Dist::Uniform, 0, kMaxSamples + 1, 1, b); },
                          "2^28");
  EXPECT_EQ(engine->size(), 3);
  RunParams params;
  params.variant = Variant::CoarseInterleaved;
  params.inject_race = true;
  expect_error_containing([&] { engine->run(b, params); }, "global-atomic (2) and private-shared");
  params.inject_race = false;
  params.variant = Variant(9);
  expect_error_containing([&] { engine->run(b, params); }, "variants 1..8");
  params.variant = Variant::GlobalAtomic;
  params.launch.block_dim = 2048;
  expect_error_containing([&] { engine->run(b, params); }, "from 32 to 1024");
  BinSpec bad = b;
  bad.count = 0;
  EXPECT_THROW(engine->run(bad, RunParams{}), Error);
  expect_error_containing([&] { engine->equalize(3, 1, 1); }, "8-bit");
  engine->set_samples(random_u8(12, 1));
  expect_error_containing([&] { engine->equalize(5, 2, 1); }, "12 are set");
  expect_error_containing([&] { engine->equalize(3, 4, 0); }, "1..4 channels");
  EXPECT_TRUE(engine->equalized().empty());
  EXPECT_EQ(engine->run(b, RunParams{}), histogram_reference(random_u8(12, 1), b));
  EXPECT_EQ(engine->device_equalized(), nullptr);
  EXPECT_FALSE(engine->time_library(b, 1).available);
}

TEST(HistogramCpuEngine, EqualizationByHand) {
  auto engine = cpu_engine();
  // Channel 0: 10 10 20 30 30 -> cdf 2 3 5, cdf_min 2: 10 -> 0, 20 -> round(255 / 3) = 85,
  // 30 -> 255. Channel 1: one value, the identity.
  Samples s;
  s.type = SampleType::U8;
  s.u8 = {10, 10, 20, 30, 30, 7, 7, 7, 7, 7};
  engine->set_samples(s);
  engine->equalize(5, 1, 2);
  EXPECT_EQ(engine->equalized(), (std::vector<uint8_t>{0, 0, 85, 255, 255, 7, 7, 7, 7, 7}));
  // 2 x 2 (as 4 x 1 rows do not matter): 0 64 64 255 -> cdf 1 3 4: 0 -> 0, 64 -> 170, 255 -> 255.
  s.u8 = {0, 64, 64, 255};
  engine->set_samples(s);
  engine->equalize(2, 2, 1);
  EXPECT_EQ(engine->equalized(), (std::vector<uint8_t>{0, 170, 170, 255}));
  // A bigger image against the lookup table applied by hand to every pixel.
  const Samples img = random_u8(3 * 37 * 29, 9, 3, 99);
  engine->set_samples(img);
  engine->equalize(37, 29, 3);
  const std::vector<uint8_t> out = engine->equalized();
  ASSERT_EQ(out.size(), img.u8.size());
  const int64_t plane = 37 * 29;
  for (int c = 0; c < 3; ++c) {
    std::vector<uint32_t> counts(256, 0);
    for (int64_t i = 0; i < plane; ++i) ++counts[img.u8[size_t(c * plane + i)]];
    const std::vector<uint8_t> lut = equalization_lut(counts);
    for (int64_t i = 0; i < plane; ++i)
      ASSERT_EQ(out[size_t(c * plane + i)], lut[img.u8[size_t(c * plane + i)]]) << c << " " << i;
  }
}

TEST(HistogramCpuEngine, CumulativeHistogramIsTheRunningSumByTheScanScenesScan) {
  std::vector<uint32_t> counts(256);
  SplitMix64 rng{4};
  for (uint32_t& c : counts) c = uint32_t(rng.next() % 1000000);
  const std::vector<int64_t> cdf = cumulative_histogram(counts, Backend::Cpu);
  ASSERT_EQ(cdf.size(), 256u);
  int64_t running = 0;
  for (int v = 0; v < 256; ++v) EXPECT_EQ(cdf[size_t(v)], running += counts[size_t(v)]) << v;
  // A histogram that lost a pixel is caught before the table is built.
  EXPECT_THROW(equalization_luts(counts, 1, running + 1, Backend::Cpu), Error);
  EXPECT_EQ(equalization_luts(counts, 1, running, Backend::Cpu), equalization_lut(counts));
  EXPECT_EQ(equalization_lut_from_cdf(cdf), equalization_lut(counts));
  EXPECT_THROW(equalization_lut_from_cdf(std::vector<int64_t>(255, 1)), Error);
}

}  // namespace
}  // namespace ws::histogram::test
