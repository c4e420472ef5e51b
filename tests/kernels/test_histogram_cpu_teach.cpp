// Teach mode's CPU twins: every variant's counts equal a brute-force count over seeds, bin counts,
// sizes and launch shapes, for u8 and f32 samples; the trace replays to those counts; the
// textbook's phrase; every sample read once, by the thread the variant's schedule names.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>

#include "common/trace.h"
#include "histogram/histogram.h"
#include "histogram_teach_test_support.h"

namespace ws::histogram {
namespace {

using test::brute_counts;
using test::describe;
using test::kAllVariants;
using test::params;
using test::random_samples;

// The counts of the last snapshot of buffer "hist" (index 1).
std::vector<uint32_t> replayed_counts(const Trace& t) {
  const auto snapshots = replay_snapshots(t);
  std::vector<uint32_t> out;
  if (snapshots.empty()) return out;
  for (double v : snapshots.back()[1]) out.push_back(uint32_t(v));
  return out;
}

void expect_counts(const TeachParams& p, const Samples& s, const BinSpec& b) {
  const TeachRun run = teach(p, s, b, Backend::Cpu);
  const std::vector<uint32_t> want = brute_counts(s, b);
  const std::string what = describe(p, s, b);
  ASSERT_EQ(run.counts, want) << what;
  ASSERT_EQ(run.expected, want) << what;
  ASSERT_EQ(run.counts, histogram_reference(s, b)) << what;
  ASSERT_EQ(replayed_counts(run.trace), want) << what;
  ASSERT_EQ(run.trace.buffers[0].name, "in");
  ASSERT_EQ(run.trace.buffers[1].name, "hist");
  ASSERT_EQ(run.trace.serial_ops, s.size()) << what;
}

TEST(HistogramCpuTeach, EveryVariantCountsLikeTheBruteForceCount) {
  const int bin_counts[] = {1, 7, 255, 256};
  const int shapes[][3] = {{32, 2, 4}, {64, 1, 1}, {32, 3, 3}, {96, 2, 7}, {256, 1, 2}};
  int k = 0;
  for (Variant v : kAllVariants)
    for (int64_t n : test::teach_sizes())
      for (SampleType type : {SampleType::U8, SampleType::F32}) {
        ++k;
        const int bc = bin_counts[k % 4];
        const auto* shape = shapes[k % 5];
        // u8: bins over the bytes (or a part of them); f32: a range the samples overflow
        const BinSpec b = type == SampleType::U8
                              ? (k % 3 ? test::bins(bc, 0, 256) : test::bins(bc, 20, 200))
                              : test::bins(bc, -3.5f, 11.0f);
        const Samples s = random_samples(n, type, b, uint64_t(k), k % 4 == 1);
        expect_counts(params(v, shape[0], shape[1], shape[2]), s, b);
      }
}

TEST(HistogramCpuTeach, SeveralSeedsAtEveryBinCount) {
  for (Variant v : kAllVariants)
    for (int bc : {1, 7, 255, 256})
      for (uint64_t seed : {3u, 4u, 5u})
        for (SampleType type : {SampleType::U8, SampleType::F32}) {
          const BinSpec b = test::bins(bc, 0, 256);
          expect_counts(params(v), random_samples(200 + int64_t(seed), type, b, seed), b);
        }
}

TEST(HistogramCpuTeach, TheTextbookPhraseGivesItsCounts) {
  const std::vector<uint32_t> want = {5, 5, 6, 10, 10, 1, 1};  // PMPP 9.1
  for (Variant v : kAllVariants)
    for (SampleType type : {SampleType::U8, SampleType::F32})
      for (bool race : {false, true}) {
        const Samples s = test::text("programming massively parallel processors", type);
        const TeachRun run = teach(params(v, 32, 2, 4, race), s, test::textbook(), Backend::Cpu);
        EXPECT_EQ(run.expected, want) << info(v).id;
        if (!race) {
          EXPECT_EQ(run.counts, want) << info(v).id;
        }
        EXPECT_EQ(std::accumulate(want.begin(), want.end(), 0u), 38u);
      }
}

// The same through the API the scene uses: text_samples and textbook_bins.
TEST(HistogramCpuTeach, TheTextbookPhraseThroughTheSampleApi) {
  const std::vector<uint32_t> want = {5, 5, 6, 10, 10, 1, 1};
  const Samples s = text_samples("Programming Massively Parallel Processors");
  for (Variant v : kAllVariants) {
    const TeachRun run = teach(params(v), s, textbook_bins(), Backend::Cpu);
    EXPECT_EQ(run.counts, want) << info(v).id;
    EXPECT_EQ(in_range(run.counts), 38) << info(v).id;
  }
}

// Which thread reads sample i and in which round, written from the schedule (histogram.h, the
// helpers' common schedule) independently of the twins.
struct Slot {
  int thread, round;
};
Slot schedule(const TeachParams& p, int64_t n, int64_t i) {
  const int threads = p.block_dim * p.grid_dim;
  if (p.variant == Variant::Sequential) return {0, int(i / 32)};
  if (p.variant == Variant::CoarseContiguous) {
    // C samples per thread, longer runs when p C < n
    const int64_t c = std::max<int64_t>(p.coarsening, (n + threads - 1) / threads);
    return {int(i / c), int(i % c)};
  }
  return {int(i % threads), int(i / threads)};
}

TEST(HistogramCpuTeach, EverySampleIsReadOnceByTheThreadOfTheSchedule) {
  for (Variant v : kAllVariants)
    for (int64_t n : {1, 31, 64, 65, 300, 1024})
      for (bool race : {false, true}) {
        const TeachParams p = params(v, 64, 2, 3, race);
        const BinSpec b = test::bins(7, 0, 256);
        const Samples s = random_samples(n, SampleType::U8, b, 9);
        const TeachRun run = teach(p, s, b, Backend::Cpu);
        std::map<int, int> reads;  // sample -> times read
        for (size_t step = 0; step < run.trace.steps.size(); ++step)
          for (const TraceEvent& e : run.trace.steps[step].events) {
            if (e.kind != EventKind::Read || e.buffer != 0) continue;
            ++reads[e.address];
            const Slot want = schedule(p, n, e.address);
            ASSERT_EQ(e.thread, want.thread) << describe(p, s, b) << " sample " << e.address;
            ASSERT_EQ(run.trace.steps[step].phase, "count");
            const std::string& label = run.trace.steps[step].label;
            if (v == Variant::Sequential)
              ASSERT_EQ(label.rfind("samples " + std::to_string(want.round * 32) + "-", 0), 0u)
                  << label;
            else
              ASSERT_EQ(label.rfind("round " + std::to_string(want.round), 0), 0u)
                  << describe(p, s, b) << " sample " << e.address << ": " << label;
            ASSERT_EQ(e.value, s.at(e.address));
          }
        ASSERT_EQ(int64_t(reads.size()), n) << describe(p, s, b);
        for (const auto& [i, times] : reads) ASSERT_EQ(times, 1) << describe(p, s, b);
      }
}

TEST(HistogramCpuTeach, StepsFollowTheLayout) {
  const BinSpec b = test::bins(70, 0, 256);
  const Samples s = random_samples(200, SampleType::F32, b, 2);
  for (Variant v : kAllVariants)
    for (bool race : {false, true}) {
      const TeachParams p = params(v, 32, 2, 4, race);
      const Trace t = teach(p, s, b, Backend::Cpu).trace;
      const int vi = int(v);
      const bool split = race && v != Variant::Sequential;
      // count rounds: 1: ceil(200 / 32) groups; 5: chunks of 4 -> 50 chunks over 64 threads, 4
      // rounds; the others ceil(200 / 64)
      const int rounds = v == Variant::Sequential ? 7 : v == Variant::CoarseContiguous ? 4 : 4;
      const int merge = vi >= 3 ? 3 : 0;  // ceil(70 / 32)
      const int init = vi >= 4 ? 1 : 0;
      const int flush = v == Variant::Aggregated ? 1 : 0;
      const int parts = split ? 2 : 1;
      ASSERT_EQ(int(t.steps.size()), init + (rounds + flush + merge) * parts) << info(v).id;
      int i = 0;
      if (init) {
        EXPECT_EQ(t.steps[0].phase, "init");
        EXPECT_EQ(t.steps[0].barriers, 1);
        ++i;
      }
      for (int r = 0; r < rounds + flush; ++r)
        for (int part = 0; part < parts; ++part, ++i) {
          EXPECT_EQ(t.steps[size_t(i)].phase, "count") << i;
          if (split) {
            EXPECT_NE(t.steps[size_t(i)].label.find(part ? "write counter" : "read counter"),
                      std::string::npos)
                << t.steps[size_t(i)].label;
          }
        }
      for (; i < int(t.steps.size()); ++i) EXPECT_EQ(t.steps[size_t(i)].phase, "merge");
      for (const TraceStep& step : t.steps) {
        EXPECT_EQ(step.block_dim, v == Variant::Sequential ? 1 : 32);
        EXPECT_EQ(step.grid_dim, v == Variant::Sequential ? 1 : 2);
        EXPECT_FALSE(step.code_marker.empty());
      }
      // the buffers
      ASSERT_EQ(t.buffers.size(), vi >= 3 ? 3u : 2u);
      EXPECT_EQ(t.buffers[0].elem_bytes, 4);
      if (vi == 3) {
        EXPECT_EQ(t.buffers[2].name, "private");
        EXPECT_EQ(t.buffers[2].space, MemSpace::Global);
        EXPECT_EQ(t.buffers[2].size, 140);
      } else if (vi >= 4 && vi <= 7) {
        EXPECT_EQ(t.buffers[2].name, "shared hist");
        EXPECT_EQ(t.buffers[2].space, MemSpace::Shared);
        EXPECT_EQ(t.buffers[2].size, 70);
        EXPECT_EQ(t.buffers[2].blocks, 2);
      } else if (vi == 8) {
        EXPECT_EQ(t.buffers[2].name, "warp hist");
        EXPECT_EQ(t.buffers[2].size, 70);  // one warp per block of 32
      }
    }
}

TEST(HistogramCpuTeach, SequentialStepsTake32Samples) {
  const BinSpec b = test::bins(7, 0, 256);
  const Samples s = random_samples(100, SampleType::U8, b, 4);
  const Trace t = teach(params(Variant::Sequential), s, b, Backend::Cpu).trace;
  ASSERT_EQ(t.steps.size(), 4u);
  EXPECT_EQ(t.steps[0].label, "samples 0-31 (32 per step)");
  EXPECT_EQ(t.steps[3].label, "samples 96-99 (32 per step)");
  for (const TraceStep& step : t.steps)
    for (const TraceEvent& e : step.events) {
      EXPECT_EQ(e.thread, 0);
      EXPECT_NE(e.kind, EventKind::Atomic);
    }
  const Trace empty = teach(params(Variant::Sequential), Samples{}, b, Backend::Cpu).trace;
  ASSERT_EQ(empty.steps.size(), 1u);
  EXPECT_TRUE(empty.steps[0].events.empty());
}

TEST(HistogramCpuTeach, U8SamplesAreOneByteWide) {
  const BinSpec b = test::bins(16, 0, 256);
  const Trace t = teach(params(Variant::GlobalAtomic), random_samples(64, SampleType::U8, b, 1), b,
                        Backend::Cpu)
                      .trace;
  EXPECT_EQ(t.buffers[0].elem_bytes, 1);
  EXPECT_EQ(t.buffers[1].type, ValueType::Int32);
}

}  // namespace
}  // namespace ws::histogram
