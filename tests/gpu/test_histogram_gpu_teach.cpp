// Teach mode on the GPU: every variant's traced kernel records exactly its CPU twin's trace and
// counts, with and without the injected race, over inputs, bin counts and launch shapes; small
// runs for compute-sanitizer (memcheck, racecheck, synccheck).
#include <gtest/gtest.h>

#include <string>

#include "common/error.h"
#include "common/trace.h"
#include "gpu_test_support.h"
#include "histogram/histogram.h"
#include "../kernels/histogram_teach_test_support.h"

namespace ws::histogram {
namespace {

using test::describe;
using test::kAllVariants;
using test::params;
using test::random_samples;

void expect_twins(const TeachParams& p, const Samples& s, const BinSpec& b) {
  const TeachRun cpu = teach(p, s, b, Backend::Cpu);
  const TeachRun gpu = teach(p, s, b, Backend::Cuda);
  const std::string what = describe(p, s, b);
  ASSERT_EQ(compare_traces(cpu.trace, gpu.trace), "") << what;
  ASSERT_EQ(gpu.counts, cpu.counts) << what;
  ASSERT_EQ(gpu.expected, cpu.expected) << what;
  if (!p.inject_race) {
    ASSERT_EQ(gpu.counts, test::brute_counts(s, b)) << what;
  }
}

TEST(HistogramGpuTeach, TracesEqualTheCpuTwins) {
  WS_SKIP_WITHOUT_GPU();
  const int shapes[][3] = {{32, 2, 4}, {64, 1, 1}, {96, 3, 3}, {256, 4, 8}, {32, 64, 2}};
  const int bin_counts[] = {1, 7, 255, 256};
  int k = 0;
  for (Variant v : kAllVariants)
    for (int64_t n : {0, 1, 31, 33, 100, 257, 1023, 1024})
      for (bool race : {false, true}) {
        ++k;
        const auto* shape = shapes[k % 5];
        const int bc = bin_counts[k % 4];
        const SampleType type = k % 2 ? SampleType::U8 : SampleType::F32;
        const BinSpec b = type == SampleType::U8 ? test::bins(bc, 0, 256) : test::bins(bc, -2, 5);
        const Samples s = random_samples(n, type, b, uint64_t(k), k % 3 == 0);
        expect_twins(params(v, shape[0], shape[1], shape[2], race), s, b);
      }
}

TEST(HistogramGpuTeach, TheTextbookPhraseAndMaximalContention) {
  WS_SKIP_WITHOUT_GPU();
  const Samples phrase = test::text("programming massively parallel processors", SampleType::U8);
  Samples equal;
  equal.type = SampleType::F32;
  equal.f32.assign(300, 3.25f);
  for (Variant v : kAllVariants)
    for (bool race : {false, true}) {
      expect_twins(params(v, 32, 2, 4, race), phrase, test::textbook());
      expect_twins(params(v, 64, 2, 4, race), equal, test::bins(8, 0, 8));
    }
}

// One small run of each variant, with and without the race, for compute-sanitizer: memcheck,
// racecheck and synccheck clean on all of them. (The race's delayed stores are made in thread
// order, so racecheck sees no hazard in teach mode: the fast engine's race shows it.)
TEST(HistogramGpuTeach, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  const BinSpec b = test::bins(40, 0, 256);
  for (Variant v : kAllVariants)
    for (bool race : {false, true}) {
      const Samples s = random_samples(150, SampleType::U8, b, 5, true);
      expect_twins(params(v, 64, 2, 3, race), s, b);
    }
}

TEST(HistogramGpuTeach, BadRequestsThrow) {
  WS_SKIP_WITHOUT_GPU();
  const BinSpec b = test::bins(7, 0, 256);
  const Samples s = random_samples(10, SampleType::U8, b, 1);
  EXPECT_THROW(teach(params(Variant::GlobalAtomic, 33), s, b, Backend::Cuda), Error);
  EXPECT_THROW(teach(params(Variant::GlobalAtomic, 32, 65), s, b, Backend::Cuda), Error);
  EXPECT_THROW(teach(params(Variant::GlobalAtomic), s, test::bins(300, 0, 256), Backend::Cuda),
               Error);
}

}  // namespace
}  // namespace ws::histogram
