// The teach traces' invariants for every variant (Brent-Kung with both mappings), operator, type
// and direction: the input buffer holds the input and each element is read (once, or as the
// kernel documents), every output cell is written, the replay of the trace ends in the result,
// the symbolic replay finds no broken combination and leaves x0..xi (x0..x(i-1)) in output cell
// i, the levels of the hierarchy, the counters. And the race toggle: on the CPU twin's modelled
// schedule (warps one after another, no barrier between the reads and the writes) every block of
// two or more warps gives a wrong sum or product, the checks catch it, and the twin's result is
// exactly the one that schedule produces.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "common/counters.h"
#include "scan/scan.h"
#include "scan_reference_test_support.h"
#include "scan_section_test_support.h"

namespace ws::scan {
namespace {

using testing::kAllOps;
using testing::kAllTypes;

struct Shape {
  Variant variant;
  Mapping mapping = Mapping::Contiguous;
  int block_dim = 0, coarsening = 4;
};

// Every variant with the automatic block and with a small explicit one (several blocks and levels
// for the any-length variants).
std::vector<Shape> all_shapes() {
  std::vector<Shape> shapes;
  for (const VariantInfo& vi : variant_infos()) {
    const Variant v = vi.variant;
    std::vector<Shape> mine;
    switch (v) {
      case Variant::BrentKung:
        for (Mapping m : {Mapping::Contiguous, Mapping::Divergent})
          mine.insert(mine.end(), {{v, m, 0, 4}, {v, m, 64, 4}});
        break;
      case Variant::Coarsened:
      case Variant::Hierarchical:
      case Variant::Chained:
      case Variant::DecoupledLookback:
        mine = {{v, Mapping::Contiguous, 0, 4},
                {v, Mapping::Contiguous, 4, 3},
                {v, Mapping::Contiguous, 1, 2}};
        break;
      case Variant::WarpShuffle:
        mine = {{v, Mapping::Contiguous, 0, 4}, {v, Mapping::Contiguous, 128, 4}};
        break;
      default:
        mine = {{v, Mapping::Contiguous, 0, 4}, {v, Mapping::Contiguous, 128, 4}};
        break;
    }
    shapes.insert(shapes.end(), mine.begin(), mine.end());
  }
  return shapes;
}

Params params_of(const Shape& s, BinaryOp op, ValueType type, bool inclusive) {
  Params p;
  p.variant = s.variant;
  p.mapping = s.mapping;
  p.block_dim = s.block_dim;
  p.coarsening = s.coarsening;
  p.op = op;
  p.type = type;
  p.inclusive = inclusive;
  return p;
}

std::string describe(const Params& p, int64_t n) {
  return testing::describe(p, n) + " coarsening " + std::to_string(p.coarsening);
}

// How often the kernel reads input element i: once; Blelloch's inclusive store reads it again;
// the exclusive Kogge-Stone's shifted load reads x(n-1) only into a padding cell (n < block).
int expected_reads(const Params& p, int64_t n, int64_t i) {
  if (p.variant == Variant::Blelloch && p.inclusive) return 2;
  if (p.variant == Variant::KoggeStoneExclusive && i == n - 1)
    return n < resolve_block_dim(p, n) ? 1 : 0;
  return 1;
}

// The lengths each level of the hierarchy scans: n, then ceil(previous / section) until one
// section holds it.
std::vector<int64_t> expected_levels(const Params& p, int64_t n) {
  if (p.variant != Variant::Hierarchical) return {n};
  const int64_t section = section_size(p, resolve_block_dim(p, n));
  std::vector<int64_t> levels{n};
  while (levels.back() > section) levels.push_back((levels.back() + section - 1) / section);
  return levels;
}

std::vector<int64_t> sizes_for(const Params& p) {
  std::vector<int64_t> sizes;
  for (int64_t n : {1, 2, 5, 31, 32, 33, 64, 65, 100, 129, 300, 1000}) {
    if (!info(p.variant).any_length) {
      const int64_t section = section_size(p, resolve_block_dim(p, n));
      if (n > section) continue;
    }
    sizes.push_back(n);
  }
  return sizes;
}

TEST(ScanInvariantsCpu, EveryVariantsTraceReadsItsInputAndReplaysToTheResult) {
  int64_t runs = 0;
  for (const Shape& shape : all_shapes())
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false}) {
          if (shape.variant == Variant::KoggeStoneExclusive && inclusive) continue;
          const Params p = params_of(shape, op, type, inclusive);
          for (int64_t n : sizes_for(p)) {
            const std::string context = describe(p, n);
            // Dyadic floats (exact in any order; products of powers of two, often 1.0, which
            // the single-pass replay must not take for a flag or the identity).
            const bool dyadic = true;
            const std::vector<double> x = testing::scan_inputs(op, type, dyadic, n, 3 + n);
            const TeachRun run = teach_cpu(p, x);
            const Trace& t = run.trace;
            ++runs;
            ASSERT_GE(t.buffers.size(), 2u) << context;
            ASSERT_EQ(t.buffers[0].name, "input") << context;
            ASSERT_EQ(t.buffers[1].name, "output") << context;
            ASSERT_EQ(t.buffers[0].initial, x) << context;
            ASSERT_EQ(t.buffers[1].size, n) << context;
            EXPECT_EQ(t.type, type) << context;
            EXPECT_EQ(t.op, op) << context;

            // Each input read as the kernel reads it; every output cell written (once, but the
            // hierarchy's add-back writes the cells past the first section a second time).
            const std::vector<int> reads = testing::input_reads(t);
            std::vector<int> writes(static_cast<size_t>(n), 0);
            for (const TraceStep& s : t.steps)
              for (const TraceEvent& e : s.events)
                if (e.buffer == 1 && e.kind == EventKind::Write) ++writes.at(size_t(e.address));
            const int64_t section = section_size(p, resolve_block_dim(p, n));
            for (int64_t i = 0; i < n; ++i) {
              ASSERT_EQ(reads[i], expected_reads(p, n, i)) << context << " input " << i;
              const int times = p.variant == Variant::Hierarchical && i >= section ? 2 : 1;
              ASSERT_EQ(writes[i], times) << context << " output " << i;
            }

            // The replay ends in the result, and the result is the scan.
            ASSERT_EQ(testing::final_output(t), run.result) << context;
            ASSERT_TRUE(testing::matches_std_scan(run.result, x, op, type, inclusive, dyadic))
                << context;

            // The symbolic replay: no broken combination at any step, and the prefixes at the end.
            const auto ranges = replay_ranges(t);
            ASSERT_EQ(ranges.size(), t.steps.size()) << context;
            for (size_t s = 0; s < ranges.size(); ++s)
              for (size_t b = 0; b < ranges[s].size(); ++b)
                for (const Range& r : ranges[s][b])
                  ASSERT_NE(r.kind, Range::Broken)
                      << context << " step " << s << " (" << t.steps[s].label << ") buffer "
                      << t.buffers[b].name;
            const std::vector<Range>& out = ranges.back()[1];
            for (int64_t i = 0; i < n; ++i) {
              if (!inclusive && i == 0) {
                ASSERT_EQ(out[0].kind, Range::Identity) << context;
                continue;
              }
              ASSERT_EQ(out[i].kind, Range::Span) << context << " output " << i;
              ASSERT_EQ(out[i].lo, 0) << context << " output " << i;
              ASSERT_EQ(out[i].hi, inclusive ? i : i - 1) << context << " output " << i;
            }

            // Levels, the serial count, the counters.
            EXPECT_EQ(run.level_sizes, expected_levels(p, n)) << context;
            EXPECT_EQ(t.serial_ops, inclusive ? n - 1 : std::max<int64_t>(0, n - 2)) << context;
            const Counters c = compute_counters(t);
            int64_t op_events = 0;
            for (const TraceStep& s : t.steps) op_events += testing::op_events(s);
            EXPECT_EQ(c.ops, op_events) << context;
            EXPECT_EQ(c.steps, static_cast<int64_t>(t.steps.size())) << context;
            EXPECT_EQ(c.useful_ops, t.serial_ops) << context;
            EXPECT_GE(c.ops, t.serial_ops) << context << ": fewer operations than a serial loop";
            EXPECT_EQ(run.timeline.blocks.empty(), !info(p.variant).single_pass) << context;
          }
        }
  EXPECT_GT(runs, 1000);
}

// Regression: the tree scans' load has thread t copy x_t and then write the identity into its
// padding cell t + block (n <= t + block). The symbolic replay took that constant for a second
// copy of x_t, so a correct Brent-Kung or Blelloch run on a partial section showed padding cells
// holding x_t and, after the up-sweep, broken (red) cells in the range table.
TEST(ScanInvariantsCpu, PaddingCellsOfAPartialTreeSectionHoldTheIdentity) {
  for (Variant v : {Variant::BrentKung, Variant::Blelloch})
    for (int64_t n : {1, 100, 127}) {
      Params p;
      p.variant = v;
      p.block_dim = 64;  // a section of 128
      const TeachRun run =
          teach_cpu(p, testing::scan_inputs(p.op, p.type, true, n, static_cast<uint64_t>(n)));
      const auto ranges = replay_ranges(run.trace);
      const std::vector<Range>& loaded = ranges.at(0).at(2);  // "XY" after the load
      ASSERT_EQ(run.trace.buffers.at(2).name, "XY");
      for (int64_t i = 0; i < 128; ++i) {
        if (i < n) {
          EXPECT_EQ(loaded[i].kind, Range::Span) << info(v).id << " n " << n << " cell " << i;
          EXPECT_EQ(loaded[i].lo, i);
          EXPECT_EQ(loaded[i].hi, i);
        } else {
          EXPECT_EQ(loaded[i].kind, Range::Identity) << info(v).id << " n " << n << " cell " << i;
        }
      }
      int64_t broken = 0;
      for (const auto& step : ranges)
        for (const auto& buffer : step)
          for (const Range& r : buffer) broken += r.kind == Range::Broken;
      EXPECT_EQ(broken, 0) << info(v).id << " n " << n;
    }
}

// Regression, the same rule: the single-pass block 0 copies its aggregate, then publishes its
// flag and writes the identity as its exclusive prefix; that identity was taken for a copy of
// the aggregate, so the exclusive scan's output cell 0 showed x0..x(S-1) instead of the identity.
TEST(ScanInvariantsCpu, SinglePassExclusiveOutputStartsWithTheIdentity) {
  for (Variant v : {Variant::Chained, Variant::DecoupledLookback})
    for (int64_t n : {5, 8, 40}) {
      Params p;
      p.variant = v;
      p.inclusive = false;
      p.block_dim = 2;
      p.coarsening = 4;  // sections of 8
      const TeachRun run =
          teach_cpu(p, testing::scan_inputs(p.op, p.type, true, n, static_cast<uint64_t>(n)));
      const auto ranges = replay_ranges(run.trace);
      const std::vector<Range>& out = ranges.back().at(1);
      EXPECT_EQ(out[0].kind, Range::Identity) << info(v).id << " n " << n;
      for (int64_t i = 1; i < std::min<int64_t>(n, 8); ++i) {
        EXPECT_EQ(out[i].kind, Range::Span) << info(v).id << " n " << n << " cell " << i;
        EXPECT_EQ(out[i].lo, 0);
        EXPECT_EQ(out[i].hi, i - 1);
      }
    }
}

// ---------------------------------------------------------------------------------------------
// The race toggle.

Params race(int block_dim, BinaryOp op, ValueType type, bool inclusive) {
  Params p;
  p.race = true;
  p.block_dim = block_dim;
  p.op = op;
  p.type = type;
  p.inclusive = inclusive;
  return p;
}

// The schedule the twin models, written out independently: Kogge-Stone in place over one
// section, each stride run warp after warp (ascending), every warp reading all its operands and
// then writing, its writes landing before the next warp reads.
template <class T>
std::vector<double> warp_after_warp(BinaryOp op, bool inclusive, const std::vector<double>& x,
                                    int block) {
  const auto f = [op](T a, T b) -> T {
    if (op == BinaryOp::Sum) {
      if constexpr (std::is_same_v<T, int32_t>)
        return static_cast<int32_t>(static_cast<uint32_t>(a) + static_cast<uint32_t>(b));
      else
        return a + b;
    }
    if constexpr (std::is_same_v<T, int32_t>)
      return static_cast<int32_t>(static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
    else
      return a * b;
  };
  const T identity = op == BinaryOp::Sum ? T(0) : T(1);
  std::vector<T> xy(static_cast<size_t>(block), identity);
  for (size_t i = 0; i < x.size(); ++i) xy[i] = static_cast<T>(x[i]);
  for (int stride = 1; stride < block; stride *= 2)
    for (int warp = 0; warp < block; warp += 32) {
      std::vector<std::pair<int, T>> pending;
      for (int t = std::max(warp, stride); t < warp + 32 && t < block; ++t)
        pending.push_back({t, f(xy[t - stride], xy[t])});
      for (const auto& [t, v] : pending) xy[t] = v;
    }
  std::vector<double> out(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    out[i] = inclusive ? xy[i] : (i == 0 ? identity : xy[i - 1]);
  return out;
}

using testing::fast_result;

TEST(ScanInvariantsCpu, RaceCorruptsEveryBlockOfTwoOrMoreWarpsAndTheChecksCatchIt) {
  for (int block : {64, 128, 256, 512, 1024})
    for (uint64_t seed : {1u, 2u, 3u})
      for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Product})
        for (ValueType type : kAllTypes)
          for (bool inclusive : {true, false}) {
            const Params p = race(block, op, type, inclusive);
            for (int64_t n : {int64_t{block}, int64_t{block} - 7, int64_t{inclusive ? 33 : 34}}) {
              const std::string context = testing::describe(p, n) + " seed " + std::to_string(seed);
              // Dyadic floats: without the race every order of operations would be exact.
              const std::vector<double> x = testing::scan_inputs(op, type, true, n, seed);
              const TeachRun run = teach_cpu(p, x);
              // The twin's result is exactly the modelled schedule's.
              const std::vector<double> model =
                  type == ValueType::Int32 ? warp_after_warp<int32_t>(op, inclusive, x, block)
                                           : warp_after_warp<float>(op, inclusive, x, block);
              ASSERT_EQ(run.result, model) << context;
              ASSERT_EQ(fast_result(p, x), run.result) << context;
              // The check of the scene: the result against the serial scan.
              const std::vector<double> serial = scan_serial(op, type, inclusive, x);
              ASSERT_TRUE(testing::matches_std_scan(serial, x, op, type, inclusive, true));
              std::vector<int64_t> wrong;
              for (int64_t i = 0; i < n; ++i)
                if (run.result[i] != serial[i]) wrong.push_back(i);
              ASSERT_FALSE(testing::matches_std_scan(run.result, x, op, type, inclusive, true))
                  << context << ": the race left the result right";
              ASSERT_FALSE(wrong.empty()) << context;
              // The first warp reads only its own lanes: right. (Exclusive: shifted by one.)
              EXPECT_GE(wrong.front(), inclusive ? 32 : 33) << context;
              // The symbolic replay flags the race: every wrong output cell is broken, and a cell
              // it still calls x0..xi holds the right value.
              const auto ranges = replay_ranges(run.trace);
              const std::vector<Range>& out = ranges.back()[1];
              for (int64_t i : wrong) EXPECT_EQ(out[i].kind, Range::Broken) << context << " " << i;
              for (int64_t i = 0; i < n; ++i) {
                if (out[i].kind == Range::Span && out[i].lo == 0 &&
                    out[i].hi == (inclusive ? i : i - 1)) {
                  EXPECT_EQ(run.result[i], serial[i]) << context << " " << i;
                }
              }
              // One barrier per step instead of two; the same operations.
              const Counters c = compute_counters(run.trace);
              const int log2b = testing::log2_exact(block);
              EXPECT_EQ(c.ops, int64_t{block} * log2b - (block - 1)) << context;
              for (int s = 1; s <= log2b; ++s) EXPECT_EQ(run.trace.steps[s].barriers, 1);
              if (HasFailure()) return;
            }
          }
}

// Several sections in fast mode: the race corrupts each full section (and, through the block
// sums, what follows), while the first warp of the first section stays right.
TEST(ScanInvariantsCpu, RaceInFastModeCorruptsEverySection) {
  for (int block : {64, 256, 1024}) {
    const Params p = race(block, BinaryOp::Sum, ValueType::Int32, true);
    const int64_t n = int64_t{block} * 9 + 5;
    const std::vector<double> x(static_cast<size_t>(n), 1.0);  // position i must hold i + 1
    const std::vector<double> got = fast_result(p, x);
    for (int64_t i = 0; i < 32; ++i) EXPECT_EQ(got[i], static_cast<double>(i + 1)) << i;
    for (int64_t b = 0; b < 9; ++b) {
      int64_t wrong = 0;
      for (int64_t i = b * block; i < (b + 1) * block; ++i)
        wrong += got[i] != static_cast<double>(i + 1);
      EXPECT_GT(wrong, 0) << "block " << block << " section " << b;
    }
    const Params fixed = race(block, BinaryOp::Sum, ValueType::Int32, true);
    Params no_race = fixed;
    no_race.race = false;
    const std::vector<double> right = fast_result(no_race, x);
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(right[i], static_cast<double>(i + 1)) << i;
  }
}

// Min and max are idempotent: counting an input twice changes nothing, so the race leaves their
// scans right; with one warp no thread reads another warp's write, so every operator is right.
TEST(ScanInvariantsCpu, RaceIsInvisibleForMinMaxAndWithinOneWarp) {
  for (ValueType type : kAllTypes)
    for (bool inclusive : {true, false}) {
      for (BinaryOp op : {BinaryOp::Min, BinaryOp::Max})
        for (int block : {64, 1024}) {
          const Params p = race(block, op, type, inclusive);
          const std::vector<double> x = testing::scan_inputs(op, type, true, block, 8);
          EXPECT_TRUE(testing::matches_std_scan(teach_cpu(p, x).result, x, op, type, inclusive))
              << testing::describe(p, block);
        }
      for (BinaryOp op : kAllOps)
        for (int64_t n : {1, 2, 17, 32}) {
          const Params p = race(32, op, type, inclusive);
          const std::vector<double> x = testing::scan_inputs(op, type, true, n, 9);
          const TeachRun run = teach_cpu(p, x);
          EXPECT_TRUE(testing::matches_std_scan(run.result, x, op, type, inclusive, true))
              << testing::describe(p, n);
          const auto ranges = replay_ranges(run.trace);
          for (const Range& r : ranges.back()[1])
            EXPECT_NE(r.kind, Range::Broken) << testing::describe(p, n);
        }
    }
}

}  // namespace
}  // namespace ws::scan
