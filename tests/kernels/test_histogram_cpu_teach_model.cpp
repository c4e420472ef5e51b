// The teach traces against the contention model (histogram_contention.cpp): both follow one
// schedule, so per bin the trace's atomics (trace_contention: atomic_contention folded onto the
// bins, on "hist" and on every copy), its longest chain from one warp instruction and its waits
// equal the model's, and so do the run's totals and hottest bin, for small inputs of every variant.
#include <gtest/gtest.h>

#include <algorithm>

#include "common/counters.h"
#include "histogram/histogram.h"
#include "histogram_teach_test_support.h"

namespace ws::histogram {
namespace {

using test::describe;
using test::params;

struct PerBin {
  std::vector<int64_t> atomics, chain, waits;
  int64_t global = 0, shared = 0;
};

// The trace's contention folded per bin (trace_contention: element e of a buffer of copies is bin
// e % bins).
PerBin from_trace(const Trace& t, int bins) {
  const Contention c = trace_contention(t, bins);
  PerBin out;
  out.atomics = c.atomics;
  out.chain.assign(c.chain.begin(), c.chain.end());
  out.waits = c.waits;
  out.global = c.global_atomics;
  out.shared = c.shared_atomics;
  return out;
}

void expect_agreement(const TeachParams& p, const Samples& s, const BinSpec& b) {
  const TeachRun run = teach(p, s, b, Backend::Cpu);
  const PerBin got = from_trace(run.trace, b.count);
  const Contention want =
      contention_model(p.variant, s, b, LaunchShape{p.block_dim, p.grid_dim, p.coarsening});
  const std::string what = describe(p, s, b);
  ASSERT_EQ(got.atomics, want.atomics) << what;
  ASSERT_EQ(got.chain, std::vector<int64_t>(want.chain.begin(), want.chain.end())) << what;
  ASSERT_EQ(got.waits, want.waits) << what;
  ASSERT_EQ(got.global, want.global_atomics) << what;
  ASSERT_EQ(got.shared, want.shared_atomics) << what;
  ASSERT_EQ(compute_counters(run.trace).longest_atomic_chain, int64_t(want.longest_chain)) << what;
  // One analysis: the trace's run totals and hottest bin are the model's.
  const Contention traced = trace_contention(run.trace, b.count);
  ASSERT_EQ(traced.longest_chain, want.longest_chain) << what;
  ASSERT_EQ(traced.hottest_bin, want.hottest_bin) << what;
  ASSERT_EQ(traced.total_atomics(), want.total_atomics()) << what;
}

TEST(HistogramCpuTeachModel, TracesAgreeWithTheContentionModel) {
  const int shapes[][3] = {{32, 2, 4}, {64, 1, 1}, {96, 3, 3}, {256, 2, 8}, {32, 8, 2}};
  int k = 0;
  for (Variant v : test::kAllVariants)
    for (int64_t n : {0, 1, 5, 32, 33, 100, 257, 1000, 1024})
      for (int bc : {1, 7, 256}) {
        ++k;
        const auto* shape = shapes[k % 5];
        const SampleType type = k % 2 ? SampleType::U8 : SampleType::F32;
        const BinSpec b = type == SampleType::U8 ? make_bins(bc, 0, 256) : make_bins(bc, -2, 5);
        expect_agreement(params(v, shape[0], shape[1], shape[2]),
                         test::random_samples(n, type, b, uint64_t(k), k % 3 == 0), b);
      }
}

// The model's synthetic distributions: runs (sorted) for aggregation, one bin (all-equal), skew.
TEST(HistogramCpuTeachModel, AgreementOnTheModelsDistributions) {
  const BinSpec b = make_bins(16, 0, 16);
  for (Variant v : test::kAllVariants)
    for (Dist d : {Dist::Uniform, Dist::Normal, Dist::Zipf, Dist::AllEqual, Dist::Sorted})
      for (int64_t n : {64, 300})
        expect_agreement(params(v, 64, 2, 4), synthetic(d, 1.5, n, 7, b), b);
}

}  // namespace
}  // namespace ws::histogram
