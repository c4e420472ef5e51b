// Teach traces and the counters read from them: hand-worked chains and atomic counts, the
// per-address contention, the injected race's lost updates, and requests teach mode refuses.
#include <gtest/gtest.h>

#include <map>
#include <numeric>
#include <tuple>

#include "common/counters.h"
#include "common/cuda_device.h"
#include "common/error.h"
#include "common/trace.h"
#include "histogram/histogram.h"
#include "histogram_teach_test_support.h"

namespace ws::histogram {
namespace {

using test::describe;
using test::params;

// n samples of the value 50 (bin 50 of 256 bins over [0, 256)).
Samples all_equal(int64_t n) {
  Samples s;
  s.type = SampleType::F32;
  s.f32.assign(size_t(n), 50.5f);
  return s;
}

struct Worked {
  Variant v;
  int grid;
  int64_t atomics, longest_chain, hot_address_atomics;
};

// 64 samples of one bin, blocks of 32 threads (one warp). Worked by hand:
// 1  no atomics (a plain increment).
// 2  every sample an atomic on hist[50]: each warp instruction puts 32 on it.
// 3  grid 2: each block's warp 32 on its private counter, then 2 merge atomics of 32.
// 4  the same on the shared copies; the merge: 1 atomic per block.
// 5  C = 4, grid 1: thread t takes 4t .. 4t + 3: threads 0-15 have samples, 16 lanes per round
//    on one shared counter for 4 rounds; 1 merge atomic.
// 6  grid 1: 2 rounds of 32 lanes, + 1 merge atomic.
// 7  grid 1: each thread holds a run of 2 until the final flush: 32 atomics of 2 in one
//    instruction, + 1 merge atomic.
// 8  grid 1: one leader per round adds 32: 2 atomics, chain 1, + 1 merge atomic.
TEST(HistogramCpuTeachContention, HandWorkedChainsOfOneBin) {
  const BinSpec b = test::bins(256, 0, 256);
  const Worked cases[] = {
      {Variant::Sequential, 1, 0, 0, 0},
      {Variant::GlobalAtomic, 2, 64, 32, 64},
      {Variant::GlobalAtomic, 1, 64, 32, 64},
      {Variant::PrivateGlobal, 2, 64 + 2, 32, 32},
      {Variant::PrivateShared, 2, 64 + 2, 32, 32},
      {Variant::CoarseContiguous, 1, 64 + 1, 16, 64},
      {Variant::CoarseInterleaved, 1, 64 + 1, 32, 64},
      {Variant::Aggregated, 1, 32 + 1, 32, 32},
      {Variant::WarpAggregated, 1, 2 + 1, 1, 2},
  };
  for (const Worked& w : cases) {
    const TeachParams p = params(w.v, 32, w.grid, 4);
    const TeachRun run = teach(p, all_equal(64), b, Backend::Cpu);
    const Counters c = compute_counters(run.trace);
    const std::string what = describe(p, all_equal(64), b);
    EXPECT_EQ(c.atomics, w.atomics) << what;
    EXPECT_EQ(c.longest_atomic_chain, w.longest_chain) << what;
    EXPECT_EQ(c.max_atomics_per_address, w.hot_address_atomics) << what;
    int64_t step_max = 0;
    for (const StepCounters& s : c.per_step) step_max = std::max(step_max, s.max_atomic_chain);
    EXPECT_EQ(step_max, w.longest_chain) << what;
    EXPECT_EQ(run.counts[50], 64u) << what;
  }
}

// The queues of a step (step_queues) and the run's contention per bin (trace_contention), worked
// by hand: 64 samples of bin 50, variant 2, two blocks of one warp: one round, the 64 atomics on
// hist[50] queue one after another, at most 32 from one warp.
TEST(HistogramCpuTeachContention, HandWorkedQueueAndContentionOfOneBin) {
  const BinSpec b = test::bins(256, 0, 256);
  const TeachRun run =
      teach(params(Variant::GlobalAtomic, 32, 2, 4), all_equal(64), b, Backend::Cpu);
  const std::vector<CounterQueue> queues = step_queues(run.trace, 0, 256);
  ASSERT_EQ(queues.size(), 1u);
  EXPECT_EQ(queues[0].bin, 50);
  EXPECT_EQ(queues[0].threads.size(), 64u);
  EXPECT_EQ(queues[0].chain, 32);
  EXPECT_FALSE(queues[0].plain);
  const Contention c = trace_contention(run.trace, 256);
  EXPECT_EQ(c.atomics[50], 64);
  EXPECT_EQ(c.chain[50], 32);
  EXPECT_EQ(c.waits[50], 62);
  EXPECT_EQ(c.total_atomics(), 64);
  EXPECT_EQ(c.global_atomics, 64);
  EXPECT_EQ(c.longest_chain, 32);
  EXPECT_EQ(c.hottest_bin, 50);
  EXPECT_THROW(trace_contention(run.trace, 0), Error);
}

// Shared atomics on distinct words of one bank conflict; lanes on one word are a chain instead.
// One warp of variant 4, 32 samples, 256 bins (bin k is word k of the shared copy, bank k % 32):
// lane l on bin (l * stride) % 256.
TEST(HistogramCpuTeachContention, HandWorkedBankConflictsOfTheSharedAtomics) {
  const BinSpec b = test::bins(256, 0, 256);
  struct Case {
    int stride;
    int64_t conflicts, chain;
  };
  // 1: 32 banks, no conflict. 32: bins 0, 32, ..., 224: 8 words of bank 0 -> 7 extra passes,
  // 4 lanes on each word. 0: one word, a chain of 32, no conflict. 2: bins 0, 2, ..., 62: banks
  // 0, 2, ..., 30 with two words each -> 1 extra pass.
  for (const Case& k : {Case{1, 0, 1}, Case{32, 7, 4}, Case{0, 0, 32}, Case{2, 1, 1}}) {
    Samples s;
    s.type = SampleType::U8;
    for (int lane = 0; lane < 32; ++lane) s.u8.push_back(uint8_t((lane * k.stride) % 256));
    const TeachRun run = teach(params(Variant::PrivateShared, 32, 1), s, b, Backend::Cpu);
    const Counters c = compute_counters(run.trace);
    EXPECT_EQ(c.atomic_bank_conflicts, k.conflicts) << "stride " << k.stride;
    EXPECT_EQ(c.longest_atomic_chain, k.chain) << "stride " << k.stride;
    EXPECT_EQ(c.bank_conflicts, 0) << "stride " << k.stride;  // zeroing and merge: one word a lane
  }
}

// atomic_contention, element by element, against a count of the trace's Atomic events written
// here: per (step, warp, element) for the chains.
TEST(HistogramCpuTeachContention, PerAddressContentionMatchesACountOfTheEvents) {
  const BinSpec b = test::bins(7, 0, 256);
  for (Variant v : test::kAllVariants)
    for (uint64_t seed : {1u, 2u}) {
      const TeachParams p = params(v, 64, 3, 3);
      const Samples s = test::random_samples(500, SampleType::U8, b, seed, true);
      const TeachRun run = teach(p, s, b, Backend::Cpu);
      for (int buffer = 0; buffer < int(run.trace.buffers.size()); ++buffer) {
        const TraceBuffer& tb = run.trace.buffers[size_t(buffer)];
        std::vector<int64_t> atomics(size_t(tb.size), 0), chain(size_t(tb.size), 0),
            waits(size_t(tb.size), 0), queue(size_t(tb.size), 0);
        for (const TraceStep& step : run.trace.steps) {
          std::map<std::tuple<int, int, int>, int64_t> per_warp;  // (block, warp, element)
          std::map<std::pair<int, int>, int64_t> per_copy;        // (block, element)
          for (const TraceEvent& e : step.events) {
            if (e.kind != EventKind::Atomic || e.buffer != buffer) continue;
            const int block = tb.space == MemSpace::Shared ? e.thread / step.block_dim : 0;
            ++atomics[size_t(e.address)];
            ++per_warp[{block, (e.thread % step.block_dim) / 32 + e.thread / step.block_dim * 8,
                        e.address}];
            ++per_copy[{block, e.address}];
          }
          for (const auto& [key, count] : per_warp) {
            const size_t a = size_t(std::get<2>(key));
            chain[a] = std::max(chain[a], count);
            waits[a] += count - 1;
          }
          for (const auto& [key, count] : per_copy)
            queue[size_t(key.second)] = std::max(queue[size_t(key.second)], count);
        }
        const std::vector<AddressContention> got = atomic_contention(run.trace, buffer);
        ASSERT_EQ(got.size(), size_t(tb.size));
        for (size_t a = 0; a < got.size(); ++a) {
          const std::string what =
              describe(p, s, b) + " buffer " + tb.name + "[" + std::to_string(a) + "]";
          EXPECT_EQ(got[a].atomics, atomics[a]) << what;
          EXPECT_EQ(got[a].longest_chain, chain[a]) << what;
          EXPECT_EQ(got[a].waits, waits[a]) << what;
          EXPECT_EQ(got[a].longest_queue, queue[a]) << what;
        }
      }
    }
  EXPECT_THROW(atomic_contention(Trace{}, 0), Error);
}

// The atomics of a trace add up to the counts: every in-range sample is one unit of some operand
// on its way to "hist".
TEST(HistogramCpuTeachContention, AtomicOperandsIntoHistSumToTheCounts) {
  const BinSpec b = test::bins(255, -1, 2);
  for (Variant v : test::kAllVariants) {
    if (v == Variant::Sequential) continue;
    const Samples s = test::random_samples(777, SampleType::F32, b, 8, true);
    const TeachRun run = teach(params(v, 32, 4, 5), s, b, Backend::Cpu);
    std::vector<double> into_hist(size_t(b.count), 0);
    for (const TraceStep& step : run.trace.steps)
      for (const TraceEvent& e : step.events)
        if (e.kind == EventKind::Atomic && e.buffer == 1) into_hist[size_t(e.address)] += e.value;
    for (int bin = 0; bin < b.count; ++bin)
      ASSERT_EQ(into_hist[size_t(bin)], double(run.expected[size_t(bin)])) << info(v).id << bin;
  }
}

// Two Writes to one counter (same buffer, same copy) in one step: each wrote what it read a step
// before plus its amount, so one of the updates is lost. With equal amounts both write the same
// value (PMPP Fig. 9.4); `same_value` counts only those.
int lost_update_pairs(const Trace& t, bool same_value = false) {
  int pairs = 0;
  for (const TraceStep& step : t.steps) {
    std::map<std::tuple<int, int64_t, double>, int> writes;  // value 0 unless same_value
    for (const TraceEvent& e : step.events) {
      if (e.kind != EventKind::Write || e.buffer == 0) continue;
      const TraceBuffer& tb = t.buffers[size_t(e.buffer)];
      const int64_t flat =
          e.address +
          (tb.space == MemSpace::Shared ? int64_t(e.thread / step.block_dim) * tb.size : 0);
      if (++writes[{e.buffer, flat, same_value ? e.value : 0.0}] == 2) ++pairs;
    }
  }
  return pairs;
}

TEST(HistogramCpuTeachContention, TheInjectedRaceLosesCountsVisibleInTheTrace) {
  const BinSpec b = test::bins(256, 0, 256);
  for (Variant v : test::kAllVariants) {
    if (v == Variant::Sequential) continue;
    for (int64_t n : {64, 200}) {
      const TeachParams p = params(v, 32, 2, 4, true);
      const TeachRun run = teach(p, all_equal(n), b, Backend::Cpu);
      const std::string what = describe(p, all_equal(n), b);
      const int64_t got = std::accumulate(run.counts.begin(), run.counts.end(), int64_t{0});
      EXPECT_LT(got, n) << what;
      EXPECT_EQ(run.expected[50], uint32_t(n)) << what;
      EXPECT_LT(run.counts[50], run.expected[50]) << what;
      EXPECT_GT(lost_update_pairs(run.trace), 0) << what;
      if (n == 64) {
        EXPECT_GT(lost_update_pairs(run.trace, true), 0) << what;
      }
      // the trace replays to the (wrong) counts the run reports
      const auto last = replay_snapshots(run.trace).back()[1];
      for (int bin = 0; bin < b.count; ++bin)
        ASSERT_EQ(last[size_t(bin)], double(run.counts[size_t(bin)])) << what;
      // and the race mode records no atomics at all
      EXPECT_EQ(compute_counters(run.trace).atomics, 0) << what;
    }
  }
}

// Without collisions the race loses nothing: every sample its own bin, one block.
TEST(HistogramCpuTeachContention, TheRaceWithoutCollisionsLosesNothing) {
  const BinSpec b = test::bins(256, 0, 256);
  Samples s;
  s.type = SampleType::U8;
  for (int i = 0; i < 256; ++i) s.u8.push_back(uint8_t(i));
  for (Variant v : test::kAllVariants) {
    const TeachParams p = params(v, 256, 1, 1, true);
    const TeachRun run = teach(p, s, b, Backend::Cpu);
    EXPECT_EQ(run.counts, run.expected) << info(v).id;
    EXPECT_EQ(lost_update_pairs(run.trace), 0) << info(v).id;
  }
}

// Variant 8 with the race loses nothing inside a warp (its leaders have distinct bins) but loses
// in the merge, where blocks meet on one global counter.
TEST(HistogramCpuTeachContention, WarpAggregationLosesOnlyInTheMerge) {
  const BinSpec b = test::bins(256, 0, 256);
  const TeachRun one_block =
      teach(params(Variant::WarpAggregated, 64, 1, 1, true), all_equal(128), b, Backend::Cpu);
  EXPECT_EQ(one_block.counts, one_block.expected);
  const TeachRun two =
      teach(params(Variant::WarpAggregated, 64, 2, 1, true), all_equal(128), b, Backend::Cpu);
  EXPECT_EQ(two.counts[50], 64u);  // both blocks read 0 and write 64
}

TEST(HistogramCpuTeachContention, BadRequestsThrowWithTheLimits) {
  const BinSpec b = test::bins(7, 0, 256);
  const Samples s = all_equal(10);
  auto message = [&](const TeachParams& p, const Samples& x, const BinSpec& bb) {
    try {
      teach(p, x, bb, Backend::Cpu);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message(params(Variant::GlobalAtomic, 0), s, b).find("32"), std::string::npos);
  EXPECT_NE(message(params(Variant::GlobalAtomic, 48), s, b).find("multiple of 32"),
            std::string::npos);
  EXPECT_NE(message(params(Variant::GlobalAtomic, 512), s, b).find("256"), std::string::npos);
  EXPECT_NE(message(params(Variant::GlobalAtomic, 32, 0), s, b).find("1..64"), std::string::npos);
  EXPECT_NE(message(params(Variant::GlobalAtomic, 32, 65), s, b).find("65"), std::string::npos);
  EXPECT_NE(message(params(Variant::CoarseContiguous, 32, 2, 0), s, b).find("coarsening"),
            std::string::npos);
  EXPECT_NE(message(params(Variant::CoarseInterleaved, 32, 2, 65), s, b).find("1..64"),
            std::string::npos);
  EXPECT_NE(message(params(Variant(9)), s, b).find("1..8"), std::string::npos);
  EXPECT_NE(message(params(Variant(0)), s, b).find("1..8"), std::string::npos);
  EXPECT_NE(message(params(Variant::GlobalAtomic), all_equal(kTeachMaxSamples + 1), b)
                .find(std::to_string(kTeachMaxSamples)),
            std::string::npos);
  EXPECT_NE(message(params(Variant::GlobalAtomic), s, test::bins(257, 0, 256)).find("256"),
            std::string::npos);
  EXPECT_NE(message(params(Variant::GlobalAtomic), s, test::bins(0, 0, 256)).find("bins"),
            std::string::npos);
  BinSpec inverted = b;
  inverted.lo = 300;
  EXPECT_NE(message(params(Variant::GlobalAtomic), s, inverted).find("range"), std::string::npos);
  // the sequential variant ignores the coarsening; the largest request runs
  EXPECT_EQ(message(params(Variant::Sequential, 32, 2, 0), s, b), "no error");
  EXPECT_EQ(message(params(Variant::WarpAggregated, 256, 64, 64, true), all_equal(kTeachMaxSamples),
                    test::bins(kTeachMaxBins, 0, 256)),
            "no error");
  if (!cuda_device_available()) {
    EXPECT_THROW(teach(params(Variant::GlobalAtomic), s, b, Backend::Cuda), Error);
  }
}

}  // namespace
}  // namespace ws::histogram
