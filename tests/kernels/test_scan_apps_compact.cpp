// Stream compaction on the CPU backend: teach runs and fast mode against std::copy_if and
// std::stable_partition, the trace's phases, and the parameters.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "common/counters.h"
#include "common/device_services.h"
#include "common/error.h"
#include "compact/compact.h"

namespace ws::compact {
namespace {

std::vector<double> random_values(int64_t n, uint32_t seed, int lo, int hi) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(lo, hi);
  std::vector<double> v(static_cast<size_t>(n));
  for (double& x : v) x = dist(rng);
  return v;
}

// std::stable_partition keeps the accepted elements first, in order: an independent reference.
std::vector<double> partition_reference(const PredicateSpec& p, std::vector<double> v) {
  const auto mid = std::stable_partition(v.begin(), v.end(), [&](double x) { return keeps(p, x); });
  return {v.begin(), mid};
}

TEST(CompactPredicate, NamesRoundTripAndDescribe) {
  for (Predicate p :
       {Predicate::Greater, Predicate::Less, Predicate::Even, Predicate::Odd, Predicate::NonZero}) {
    Predicate parsed{};
    ASSERT_TRUE(parse_predicate(predicate_name(p), parsed)) << predicate_name(p);
    EXPECT_EQ(parsed, p);
  }
  Predicate parsed{};
  EXPECT_TRUE(parse_predicate("gt", parsed));
  EXPECT_EQ(parsed, Predicate::Greater);
  EXPECT_FALSE(parse_predicate("bigger", parsed));
  EXPECT_EQ(describe({Predicate::Greater, 128}), "x > 128");
  EXPECT_EQ(describe({Predicate::Less, 2.5}), "x < 2.5");
}

TEST(CompactPredicate, DecidesLikeTheDefinition) {
  for (int x = -7; x <= 7; ++x) {
    EXPECT_EQ(keeps({Predicate::Even, 0}, x), x % 2 == 0) << x;
    EXPECT_EQ(keeps({Predicate::Odd, 0}, x), x % 2 != 0) << x;
    EXPECT_EQ(keeps({Predicate::NonZero, 0}, x), x != 0) << x;
    EXPECT_EQ(keeps({Predicate::Greater, 1.5}, x), x >= 2) << x;
    EXPECT_EQ(keeps({Predicate::Less, -1}, x), x <= -2) << x;
  }
  EXPECT_FALSE(keeps({Predicate::Even, 0}, 2.5));
  EXPECT_FALSE(keeps({Predicate::Odd, 0}, 2.5));
}

TEST(CompactTeach, MatchesCopyIfAndStablePartitionForEveryPredicate) {
  const PredicateSpec preds[] = {{Predicate::Greater, 3},
                                 {Predicate::Less, 0},
                                 {Predicate::Even, 0},
                                 {Predicate::Odd, 0},
                                 {Predicate::NonZero, 0}};
  for (const PredicateSpec& pred : preds) {
    for (int64_t n : {1, 2, 7, 8, 9, 33, 100, 255, 256, 257, 1000, 4096}) {
      const std::vector<double> values = random_values(n, static_cast<uint32_t>(n) * 7 + 1, -9, 9);
      Params p;
      p.predicate = pred;
      const TeachRun run = teach(Backend::Cpu, p, values);
      const std::vector<double> expected = compact_reference(pred, values);
      ASSERT_EQ(run.output, expected) << describe(pred) << " n=" << n;
      ASSERT_EQ(run.output, partition_reference(pred, values));
      ASSERT_EQ(run.kept, static_cast<int64_t>(expected.size()));
      // positions is the exclusive scan of flags, and flags the predicate.
      std::vector<double> scanned(values.size());
      std::exclusive_scan(run.flags.begin(), run.flags.end(), scanned.begin(), 0.0);
      ASSERT_EQ(run.positions, scanned);
      for (size_t i = 0; i < values.size(); ++i)
        ASSERT_EQ(run.flags[i], keeps(pred, values[i]) ? 1.0 : 0.0);
    }
  }
}

TEST(CompactTeach, FloatValuesAndBlockSizes) {
  std::vector<double> values;
  for (int i = 0; i < 300; ++i) values.push_back(std::sin(i * 0.37) * 10.0);
  for (int block : {2, 16, 64, 1024}) {
    Params p;
    p.type = ValueType::Float32;
    p.block_dim = block;
    p.predicate = {Predicate::Greater, 1.25};
    const TeachRun run = teach(Backend::Cpu, p, values);
    std::vector<double> rounded;
    for (double v : values) rounded.push_back(static_cast<float>(v));
    EXPECT_EQ(run.output, compact_reference(p.predicate, rounded)) << block;
    EXPECT_EQ(run.input, rounded);
  }
}

TEST(CompactTeach, TraceHasEveryPhaseAndReplaysToTheResult) {
  const std::vector<double> values = random_values(100, 5, 0, 255);
  Params p;
  p.block_dim = 32;
  p.predicate = {Predicate::Greater, 128};
  const TeachRun run = teach(Backend::Cpu, p, values);
  const Trace& t = run.trace;
  std::vector<std::string> phases;
  for (const TraceStep& s : t.steps) {
    if (phases.empty() || phases.back() != s.phase) phases.push_back(s.phase);
  }
  EXPECT_EQ(phases,
            (std::vector<std::string>{"predicate", "scan", "block sums", "add back", "scatter"}));
  // predicate, load, 5 strides (block 32), store, block sums, add back, scatter.
  EXPECT_EQ(t.steps.size(), 11u);
  EXPECT_EQ(t.steps.front().grid_dim, 4);
  const auto snapshots = replay_snapshots(t);
  ASSERT_EQ(t.buffers[3].name, "output");
  const std::vector<double>& output = snapshots.back()[3];
  for (int64_t i = 0; i < run.kept; ++i) EXPECT_EQ(output[i], run.output[i]);
  for (size_t i = run.kept; i < output.size(); ++i) EXPECT_TRUE(std::isnan(output[i]));
  ASSERT_EQ(t.buffers[2].name, "positions");
  EXPECT_EQ(snapshots.back()[2], run.positions);
  // Every scatter write goes to a distinct output slot.
  std::vector<int> hits(values.size(), 0);
  for (const TraceEvent& e : t.steps.back().events) {
    if (e.kind == EventKind::Write) ++hits[e.address];
  }
  EXPECT_EQ(std::count(hits.begin(), hits.end(), 1), run.kept);
  EXPECT_EQ(*std::max_element(hits.begin(), hits.end()), 1);
  const Counters c = compute_counters(t);
  EXPECT_EQ(c.steps, 11);
  EXPECT_GT(c.ops, 0);
}

TEST(CompactTeach, RejectsBadParameters) {
  Params p;
  p.block_dim = 48;
  EXPECT_THROW(teach(Backend::Cpu, p, {1, 2, 3}), Error);
  p.block_dim = 0;
  EXPECT_THROW(teach(Backend::Cpu, p, std::vector<double>(scan::kTeachMaxN + 1, 1.0)), Error);
  p.predicate.threshold = NAN;
  EXPECT_THROW(teach(Backend::Cpu, p, {1.0}), Error);
}

TEST(CompactFast, OursAndCopyIfAgreeInt32AndFloat32) {
  const int64_t n = 1000003;
  std::mt19937 rng(11);
  std::vector<int32_t> ints(n);
  std::vector<float> floats(n);
  std::uniform_int_distribution<int32_t> di(-1000, 1000);
  std::uniform_real_distribution<float> df(-1.f, 1.f);
  for (int64_t i = 0; i < n; ++i) {
    ints[i] = di(rng);
    floats[i] = df(rng);
  }
  Params p;
  p.predicate = {Predicate::Odd, 0};
  Comparison c = compare_with_library(Backend::Cpu, p, ints.data(), n, 3);
  EXPECT_TRUE(c.verified);
  const int64_t odd = std::count_if(ints.begin(), ints.end(), [](int32_t x) { return x % 2 != 0; });
  EXPECT_EQ(c.kept, odd);
  EXPECT_GT(c.ours.median_ms, 0);
  EXPECT_GT(c.ours.gbps, 0);

  p.type = ValueType::Float32;
  p.predicate = {Predicate::Less, 0.25};
  std::vector<float> out(n);
  int64_t kept = 0;
  fast(Backend::Cpu, p, floats.data(), out.data(), n, 1, &kept);
  std::vector<float> expected;
  std::copy_if(floats.begin(), floats.end(), std::back_inserter(expected),
               [](float x) { return x < 0.25f; });
  ASSERT_EQ(kept, static_cast<int64_t>(expected.size()));
  EXPECT_TRUE(std::equal(expected.begin(), expected.end(), out.begin()));
}

TEST(CompactFast, CudaIsReportedMissingInACpuBuild) {
  if (backend_built(Backend::Cuda)) GTEST_SKIP() << "CUDA build";
  Params p;
  EXPECT_THROW(teach(Backend::Cuda, p, {1, 2}), Error);
}

}  // namespace
}  // namespace ws::compact
