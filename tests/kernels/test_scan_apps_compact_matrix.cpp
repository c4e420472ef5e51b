// Stream compaction on the CPU backend over the sizes (1..33, 2^k - 1, 2^k, 2^k + 1),
// several seeds, every predicate, int32 and float32, several block sizes, teach mode and fast
// mode, against std::stable_partition and std::copy_if with a predicate written here (the kept
// elements in their input order); the teach trace's invariants (each input read, each kept
// element scattered once to its slot, the replay ends in the result).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <iterator>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "common/error.h"
#include "compact/compact.h"
#include "scan_section_test_support.h"

namespace ws::compact {
namespace {

constexpr Predicate kAllPredicates[] = {Predicate::Greater, Predicate::Less, Predicate::Even,
                                        Predicate::Odd, Predicate::NonZero};

using scan::testing::teach_sizes;  // 1..33, 2^k - 1, 2^k, 2^k + 1

// Values as the element type holds them. Int32: small (-9..9: zeros, evens, odds) for even seeds,
// the whole range for odd ones. Float32: integers and fractions in -8..8 (a fraction is neither
// even nor odd), and an occasional huge value.
std::vector<double> compact_inputs(ValueType type, int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed * 1000003 + 7);
  std::vector<double> v(static_cast<size_t>(n));
  for (double& x : v) {
    if (type == ValueType::Int32) {
      x = seed % 2 == 0 ? static_cast<double>(static_cast<int>(rng() % 19) - 9)
                        : static_cast<double>(static_cast<int32_t>(static_cast<uint32_t>(rng())));
    } else {
      const uint64_t r = rng();
      if (r % 50 == 0) {
        x = static_cast<float>((r % 2 ? 1 : -1) * 3.0e9);
      } else if (r % 3 == 0) {
        x = static_cast<double>(static_cast<int>(rng() % 17) - 8);
      } else {
        x = static_cast<float>(std::ldexp(static_cast<double>(rng() % 4096) - 2048.0, -8));
      }
    }
  }
  return v;
}

// The predicate from its definition (compact.h), on the value as its type holds it.
std::function<bool(double)> definition(const PredicateSpec& p) {
  switch (p.kind) {
    case Predicate::Greater:
      return [t = p.threshold](double x) { return x > t; };
    case Predicate::Less:
      return [t = p.threshold](double x) { return x < t; };
    case Predicate::Even:
      return [](double x) { return std::trunc(x) == x && std::fmod(x, 2.0) == 0.0; };
    case Predicate::Odd:
      return [](double x) { return std::trunc(x) == x && std::fmod(x, 2.0) != 0.0; };
    default:
      return [](double x) { return x != 0.0; };
  }
}

std::vector<PredicateSpec> predicates_for(ValueType type, uint64_t seed) {
  std::vector<PredicateSpec> specs;
  for (Predicate kind : kAllPredicates) {
    double threshold = 0;
    if (kind == Predicate::Greater || kind == Predicate::Less)
      threshold = type == ValueType::Int32 && seed % 2 == 1 ? 1.0e8 * (seed % 5) - 2.0e8
                                                            : static_cast<double>(seed % 7) - 3.5;
    specs.push_back({kind, threshold});
  }
  return specs;
}

std::vector<double> stable_partition_reference(const PredicateSpec& p, std::vector<double> v) {
  const auto keep = definition(p);
  const auto mid = std::stable_partition(v.begin(), v.end(), keep);
  return {v.begin(), mid};
}

std::vector<double> copy_if_reference(const PredicateSpec& p, const std::vector<double>& v) {
  std::vector<double> out;
  std::copy_if(v.begin(), v.end(), std::back_inserter(out), definition(p));
  return out;
}

std::string describe(const Params& p, int64_t n, uint64_t seed) {
  return describe(p.predicate) + " " + type_name(p.type) + " block " + std::to_string(p.block_dim) +
         " n " + std::to_string(n) + " seed " + std::to_string(seed);
}

int buffer_named(const Trace& t, const std::string& name) {
  for (size_t b = 0; b < t.buffers.size(); ++b)
    if (t.buffers[b].name == name) return static_cast<int>(b);
  ADD_FAILURE() << "no buffer " << name;
  return 0;
}

void check_teach(const Params& p, const std::vector<double>& x, const std::string& context) {
  const TeachRun run = teach(Backend::Cpu, p, x);
  const int64_t n = static_cast<int64_t>(x.size());
  const auto keep = definition(p.predicate);
  const std::vector<double> expected = stable_partition_reference(p.predicate, x);
  ASSERT_EQ(run.input, x) << context;
  ASSERT_EQ(run.output, expected) << context;
  ASSERT_EQ(run.output, copy_if_reference(p.predicate, x)) << context;
  ASSERT_EQ(run.kept, static_cast<int64_t>(expected.size())) << context;
  std::vector<double> flags(x.size()), positions(x.size());
  for (size_t i = 0; i < x.size(); ++i) flags[i] = keep(x[i]) ? 1 : 0;
  std::exclusive_scan(flags.begin(), flags.end(), positions.begin(), 0.0);
  ASSERT_EQ(run.flags, flags) << context;
  ASSERT_EQ(run.positions, positions) << context;

  // The trace: the predicate reads every input, the scatter reads each kept one again and writes
  // it once, to its position; the replay ends in the flags, the positions and the output.
  const Trace& t = run.trace;
  ASSERT_EQ(t.buffers.at(0).name, "input") << context;
  const int out = buffer_named(t, "output");
  std::vector<int> reads(x.size(), 0), writes(x.size(), 0);
  for (const TraceStep& s : t.steps)
    for (const TraceEvent& e : s.events) {
      if (e.buffer == 0 && e.kind == EventKind::Read) ++reads.at(size_t(e.address));
      if (e.buffer == out && e.kind == EventKind::Write) {
        ++writes.at(size_t(e.address));
        ASSERT_EQ(s.phase, "scatter") << context;
        ASSERT_EQ(e.value, x.at(size_t(e.thread))) << context;  // the thread's own element
        ASSERT_EQ(positions.at(size_t(e.thread)), e.address) << context;
      }
    }
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(reads[i], 1 + static_cast<int>(flags[i])) << context << " input " << i;
    ASSERT_EQ(writes[i], i < run.kept ? 1 : 0) << context << " output " << i;
  }
  const auto snapshots = replay_snapshots(t);
  ASSERT_FALSE(snapshots.empty()) << context;
  const auto& last = snapshots.back();
  ASSERT_EQ(last[buffer_named(t, "flags")], flags) << context;
  ASSERT_EQ(last[buffer_named(t, "positions")], positions) << context;
  for (int64_t i = 0; i < run.kept; ++i) ASSERT_EQ(last[out][i], expected[i]) << context;
  for (int64_t i = run.kept; i < n; ++i) ASSERT_TRUE(std::isnan(last[out][i])) << context;
}

TEST(CompactMatrixCpu, TeachOverSizesSeedsPredicatesAndTypes) {
  int64_t runs = 0;
  for (ValueType type : {ValueType::Int32, ValueType::Float32})
    for (uint64_t seed : {1u, 2u, 3u})
      for (const PredicateSpec& pred : predicates_for(type, seed))
        for (int64_t n : teach_sizes(scan::kTeachMaxN)) {
          if (n > 600 && seed != 1) continue;  // the large sizes once
          Params p;
          p.type = type;
          p.predicate = pred;
          const std::vector<double> x = compact_inputs(type, n, seed * 131 + n);
          check_teach(p, x, describe(p, n, seed));
          ++runs;
          if (HasFatalFailure()) return;
        }
  EXPECT_GT(runs, 500);
}

TEST(CompactMatrixCpu, TeachWithExplicitBlockSizes) {
  for (int block : {2, 4, 32, 128, 1024})
    for (ValueType type : {ValueType::Int32, ValueType::Float32})
      for (uint64_t seed : {2u, 5u})
        for (const PredicateSpec& pred : predicates_for(type, seed))
          for (int64_t n : {int64_t{1}, int64_t{block} - 1, int64_t{block}, int64_t{block} + 1,
                            int64_t{3} * block + 5, int64_t{300}}) {
            if (n < 1 || n > scan::kTeachMaxN) continue;
            Params p;
            p.type = type;
            p.block_dim = block;
            p.predicate = pred;
            const std::vector<double> x = compact_inputs(type, n, seed + 17 * n);
            check_teach(p, x, describe(p, n, seed));
            if (HasFatalFailure()) return;
          }
}

// None kept, all kept, a single element either way, and the empty input.
TEST(CompactMatrixCpu, TeachEdgeCases) {
  for (ValueType type : {ValueType::Int32, ValueType::Float32}) {
    for (int64_t n : {1, 33, 256}) {
      const std::vector<double> ones(static_cast<size_t>(n), 1.0);
      Params p;
      p.type = type;
      p.predicate = {Predicate::Even, 0};
      check_teach(p, ones, "none kept " + describe(p, n, 0));
      EXPECT_EQ(teach(Backend::Cpu, p, ones).kept, 0);
      p.predicate = {Predicate::Odd, 0};
      check_teach(p, ones, "all kept " + describe(p, n, 0));
      EXPECT_EQ(teach(Backend::Cpu, p, ones).kept, n);
    }
    Params p;
    p.type = type;
    const TeachRun empty = teach(Backend::Cpu, p, {});
    EXPECT_EQ(empty.kept, 0);
    EXPECT_TRUE(empty.output.empty());
  }
}

template <class T>
void check_fast(const Params& p, const std::vector<double>& x, const std::string& context) {
  const int64_t n = static_cast<int64_t>(x.size());
  std::vector<T> in(x.begin(), x.end()), out(x.size()), library(x.size());
  int64_t kept = -1, library_kept = -1;
  fast(Backend::Cpu, p, in.data(), out.data(), n, 1, &kept);
  const std::vector<double> expected = stable_partition_reference(p.predicate, x);
  ASSERT_EQ(kept, static_cast<int64_t>(expected.size())) << context;
  ASSERT_TRUE(std::equal(expected.begin(), expected.end(), out.begin())) << context;
  fast_library(Backend::Cpu, p, in.data(), library.data(), n, 1, &library_kept);
  ASSERT_EQ(library_kept, kept) << context;
  ASSERT_TRUE(std::equal(library.begin(), library.begin() + kept, out.begin())) << context;
  EXPECT_TRUE(compare_with_library(Backend::Cpu, p, in.data(), n, 1).verified) << context;
}

TEST(CompactMatrixCpu, FastModeOverSizesSeedsPredicatesAndTypes) {
  std::vector<int64_t> sizes = teach_sizes(1 << 12);
  sizes.insert(sizes.end(), {0, (1 << 16) - 1, (1 << 16) + 1, (1 << 20) + 3});
  for (ValueType type : {ValueType::Int32, ValueType::Float32})
    for (uint64_t seed : {1u, 2u, 3u})
      for (const PredicateSpec& pred : predicates_for(type, seed))
        for (int64_t n : sizes) {
          if (n > 5000 && seed != 1) continue;  // the large sizes once
          Params p;
          p.type = type;
          p.predicate = pred;
          const std::vector<double> x = compact_inputs(type, n, seed * 977 + n);
          if (type == ValueType::Int32)
            check_fast<int32_t>(p, x, describe(p, n, seed));
          else
            check_fast<float>(p, x, describe(p, n, seed));
          if (HasFatalFailure()) return;
        }
}

}  // namespace
}  // namespace ws::compact
