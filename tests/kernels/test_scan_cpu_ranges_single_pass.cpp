// replay_ranges on the single-pass scans (8 chained, 9 decoupled look-back): every cell holds its
// run of inputs at every step, the chain / look-back step included: the published aggregates
// (their section), inclusive prefixes / running totals and the flags announcing them (x0 up to the
// end of the section), the block's exclusive prefix (x0 up to the section's start, the identity
// for block 0), and in the end x0..xi (x0..x(i-1)) in output cell i. Over operators, types,
// directions, block sizes and coarsening factors (1 included), partial last blocks, seeds and
// inputs whose values coincide with flags, the identity or one another. And the look-back replayed
// from schedules other than the model's (a nearer prefix, more aggregates, each block its own),
// as a GPU may run it; a look-back that misses or repeats a predecessor shows Broken.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "common/trace.h"
#include "scan/scan.h"
#include "scan_reference_test_support.h"
#include "scan_section_test_support.h"

namespace ws::scan {
namespace {

using testing::span_text;
using testing::text;

using testing::kAllOps;
using testing::kAllTypes;

int buffer_named(const Trace& trace, const std::string& name) {
  for (size_t b = 0; b < trace.buffers.size(); ++b)
    if (trace.buffers[b].name == name) return static_cast<int>(b);
  return -1;
}

int step_of_phase(const Trace& trace, const std::string& phase) {
  for (size_t s = 0; s < trace.steps.size(); ++s)
    if (trace.steps[s].phase == phase) return static_cast<int>(s);
  return -1;
}

struct Layout {
  int64_t n = 0, section = 0, blocks = 0;
  int xy = -1, block_prefix = -1, flags = -1, aggregates = -1, prefixes = -1;
  int chain_step = -1;  // the chain / look-back step
  bool lookback = false;
  // The last input of block b's section (a partial last block ends at n - 1).
  int64_t end(int64_t b) const { return std::min(n, (b + 1) * section) - 1; }
};

Layout layout_of(const Params& p, const Trace& trace, int64_t n) {
  Layout l;
  l.n = n;
  l.section = section_size(p, resolve_block_dim(p, n));
  l.blocks = (n + l.section - 1) / l.section;
  l.lookback = p.variant == Variant::DecoupledLookback;
  l.xy = buffer_named(trace, "XY");
  l.block_prefix = buffer_named(trace, "block prefix");
  l.flags = buffer_named(trace, "flags");
  l.aggregates = buffer_named(trace, "aggregates");
  l.prefixes = buffer_named(trace, l.lookback ? "inclusive prefixes" : "running totals");
  l.chain_step = step_of_phase(trace, l.lookback ? "look-back" : "chain");
  return l;
}

// Every cell of every step against what the kernel put there; failures name the first few cells.
::testing::AssertionResult holds_the_right_ranges(const Params& p, const Trace& trace, int64_t n) {
  const Layout l = layout_of(p, trace, n);
  if (l.xy < 0 || l.block_prefix < 0 || l.flags < 0 || l.prefixes < 0 || l.chain_step < 0 ||
      (l.lookback && l.aggregates < 0))
    return ::testing::AssertionFailure() << "the trace lacks a single-pass buffer or step";
  const auto ranges = replay_ranges(trace);
  if (ranges.size() != trace.steps.size())
    return ::testing::AssertionFailure() << ranges.size() << " snapshots";
  std::string failures;
  int count = 0;
  const auto expect = [&](size_t s, int b, int64_t i, const std::string& want) {
    const std::string got = text(ranges[s][size_t(b)][size_t(i)]);
    if (got == want) return;
    if (++count <= 6)
      failures += "\n  step " + std::to_string(s) + " (" + trace.steps[s].label + ") " +
                  trace.buffers[size_t(b)].name + "[" + std::to_string(i) + "]: " + got +
                  ", expected " + want;
  };
  for (size_t s = 0; s < ranges.size(); ++s) {
    for (size_t b = 0; b < ranges[s].size(); ++b)
      for (size_t i = 0; i < ranges[s][b].size(); ++i)
        if (ranges[s][b][i].kind == Range::Broken && ++count <= 6)
          failures += "\n  step " + std::to_string(s) + " " + trace.buffers[b].name + "[" +
                      std::to_string(i) + "] broken";
    const bool published = static_cast<int>(s) >= l.chain_step;
    for (int64_t b = 0; b < l.blocks; ++b) {
      // Before the chain the flags are 0 and nothing is published; after it every block has
      // published its inclusive prefix (flag P) and its exclusive prefix.
      expect(s, l.flags, b, published ? span_text(0, l.end(b)) : "?");
      expect(s, l.prefixes, b, published ? span_text(0, l.end(b)) : "?");
      expect(s, l.block_prefix, b, published ? span_text(0, b * l.section - 1) : "?");
      if (l.lookback)  // block 0 publishes its prefix at once, no aggregate
        expect(s, l.aggregates, b, published && b > 0 ? span_text(b * l.section, l.end(b)) : "?");
      if (published)  // the block's local scan: its inclusive prefixes, the padding's included
        for (int64_t i = 0; i < l.section; ++i)
          expect(s, l.xy, b * l.section + i,
                 span_text(b * l.section, std::min(b * l.section + i, l.end(b))));
    }
  }
  const size_t last = ranges.size() - 1;
  for (int64_t i = 0; i < n; ++i) {
    expect(last, 0, i, span_text(i, i));
    expect(last, 1, i, span_text(0, p.inclusive ? i : i - 1));
  }
  if (count == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << count << " wrong cells:" << failures;
}

struct Shape {
  int block_dim, coarsening;
};

// Inputs whose values collide: with the flags (1, 2), the identity, one another.
std::vector<double> colliding_inputs(BinaryOp op, ValueType type, int64_t n, uint64_t seed,
                                     int kind) {
  std::mt19937_64 rng(seed);
  std::vector<double> x(static_cast<size_t>(n));
  const double id = type == ValueType::Int32 ? static_cast<double>(identity_of<int32_t>(op))
                                             : static_cast<double>(identity_of<float>(op));
  for (double& v : x) {
    switch (kind) {
      case 0:  // every input the identity: every value of the run is the identity
        v = id;
        break;
      case 1:  // 0, 1, 2: the flags' values and the sum's and product's identities
        v = static_cast<double>(rng() % 3);
        break;
      default:  // -1, 1: products of 1 and -1, equal minima and maxima
        v = (rng() & 1u) ? 1.0 : -1.0;
        break;
    }
  }
  return x;
}

TEST(ScanRangesSinglePass, EveryCellHoldsItsRangeAtEveryStep) {
  const Shape shapes[] = {{1, 1}, {1, 2}, {2, 1}, {4, 3}, {4, 2}, {8, 4}, {2, 8}};
  int64_t runs = 0;
  for (Variant v : {Variant::Chained, Variant::DecoupledLookback})
    for (const Shape& shape : shapes)
      for (BinaryOp op : kAllOps)
        for (ValueType type : kAllTypes)
          for (bool inclusive : {true, false})
            for (int64_t n : {1, 2, 5, 8, 13, 40, 41, 100, 130}) {
              Params p;
              p.variant = v;
              p.block_dim = shape.block_dim;
              p.coarsening = shape.coarsening;
              p.op = op;
              p.type = type;
              p.inclusive = inclusive;
              for (uint64_t seed : {1u, 2u, 3u})
                for (int kind = 0; kind < 5; ++kind) {
                  // scan_inputs (dyadic: products of powers of two, often 1.0; then any), then
                  // the colliding values.
                  const std::vector<double> x =
                      kind < 2 ? testing::scan_inputs(op, type, kind == 0, n, seed * 131 + n)
                               : colliding_inputs(op, type, n, seed * 977 + n, kind - 2);
                  const TeachRun run = teach_cpu(p, x);
                  ++runs;
                  ASSERT_TRUE(holds_the_right_ranges(p, run.trace, n))
                      << testing::describe(p, n) << " coarsening " << p.coarsening << " seed "
                      << seed << " inputs " << kind;
                }
            }
  EXPECT_GT(runs, 10000);
}

TEST(ScanRangesSinglePass, AutomaticShapesAndLargerRuns) {
  for (Variant v : {Variant::Chained, Variant::DecoupledLookback})
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false})
          for (int64_t n : {1, 1000, 1025, 4096}) {
            Params p;
            p.variant = v;
            p.op = op;
            p.type = type;
            p.inclusive = inclusive;
            p.block_dim = n > 1000 ? 16 : 0;  // 16 x 4: 17 to 64 blocks, deep look-backs
            const TeachRun run = teach_cpu(p, testing::scan_inputs(op, type, true, n, n + 5));
            EXPECT_TRUE(holds_the_right_ranges(p, run.trace, n)) << testing::describe(p, n);
          }
}

// ---------------------------------------------------------------------------------------------
// Other look-back schedules. A GPU block may find a prefix nearer than the model's or read more
// aggregates first; its trace then has other reads and operations in the look-back step (the
// kernel's look_back: flag, value, and from the second predecessor on an Op into the block prefix;
// then the Op and Write of its inclusive prefix, the flag P, the block prefix). `stop[b]` is the
// predecessor whose prefix ends block b's look-back (0 <= stop[b] < b); `skip` leaves one
// predecessor out (a wrong look-back) and `twice` reads one predecessor's aggregate again.

struct Relook {
  std::vector<int64_t> stop;
  int64_t skip_block = -1, skip = -1;    // block skip_block does not read predecessor skip
  int64_t twice_block = -1, twice = -1;  // block twice_block reads predecessor twice's A twice
};

template <class T>
Trace relook_typed(const Params& p, const Trace& trace, int64_t n, const Relook& r) {
  const Layout l = layout_of(p, trace, n);
  const int B = resolve_block_dim(p, n);
  const auto f = [&](T a, T b) { return apply_op<T>(p.op, a, b); };
  const TraceStep& step = trace.steps.at(size_t(l.chain_step));
  // Each block's aggregate (its XY read in the step) and the events the look-back keeps: the
  // aggregate's read, its publication and flag A.
  std::vector<std::vector<TraceEvent>> kept(size_t(l.blocks));
  std::vector<T> aggregate(size_t(l.blocks));
  for (const TraceEvent& e : step.events) {
    const int64_t b = e.thread / B;
    if (e.buffer == l.xy && e.kind == EventKind::Read) aggregate[size_t(b)] = T(e.value);
    const bool publish_a = b > 0 && e.kind == EventKind::Write && kept[size_t(b)].size() < 3 &&
                           (e.buffer == l.aggregates || e.buffer == l.flags);
    if (b == 0 || kept[size_t(b)].empty() || publish_a) kept[size_t(b)].push_back(e);
  }
  std::vector<T> prefix(size_t(l.blocks));
  prefix[0] = aggregate[0];
  std::vector<TraceEvent> events = kept[0];
  for (int64_t b = 1; b < l.blocks; ++b) {
    std::vector<TraceEvent> mine = kept[size_t(b)];
    const TraceEvent first = mine.front();
    const auto add = [&](EventKind kind, int buffer, int64_t address, T value) {
      TraceEvent e = first;
      e.kind = kind;
      e.buffer = static_cast<int16_t>(buffer);
      e.address = static_cast<int32_t>(address);
      e.value = static_cast<double>(value);
      mine.push_back(e);
    };
    T exclusive = identity_of<T>(p.op);
    bool any = false;
    const auto take = [&](int64_t pred, bool is_prefix) {
      add(EventKind::Read, l.flags, pred, T(is_prefix ? 2 : 1));
      const T value = is_prefix ? prefix[size_t(pred)] : aggregate[size_t(pred)];
      add(EventKind::Read, is_prefix ? l.prefixes : l.aggregates, pred, value);
      if (any) {
        exclusive = f(value, exclusive);
        add(EventKind::Op, l.block_prefix, 0, exclusive);
      } else {
        exclusive = value;
      }
      any = true;
    };
    const int64_t q = r.stop.at(size_t(b));
    for (int64_t pred = b - 1; pred >= q; --pred) {
      if (b == r.skip_block && pred == r.skip) continue;
      take(pred, pred == q);
      if (b == r.twice_block && pred == r.twice) take(pred, false);
    }
    prefix[size_t(b)] = f(exclusive, aggregate[size_t(b)]);
    add(EventKind::Op, l.prefixes, b, prefix[size_t(b)]);
    add(EventKind::Write, l.prefixes, b, prefix[size_t(b)]);
    add(EventKind::Write, l.flags, b, T(2));
    add(EventKind::Write, l.block_prefix, 0, exclusive);
    events.insert(events.end(), mine.begin(), mine.end());
  }
  Trace out = trace;
  out.steps[size_t(l.chain_step)].events = events;
  return out;
}

Trace relook(const Params& p, const Trace& trace, int64_t n, const Relook& r) {
  return p.type == ValueType::Int32 ? relook_typed<int32_t>(p, trace, n, r)
                                    : relook_typed<float>(p, trace, n, r);
}

// Buffer contents equal, unwritten (NaN) cells included.
bool same_values(const std::vector<std::vector<double>>& a,
                 const std::vector<std::vector<double>>& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k) {
    if (a[k].size() != b[k].size()) return false;
    for (size_t i = 0; i < a[k].size(); ++i)
      if (!(a[k][i] == b[k][i] || (std::isnan(a[k][i]) && std::isnan(b[k][i])))) return false;
  }
  return true;
}

// The model's own look-back rebuilt by relook gives the twin's trace back (relook writes the
// kernel's events), and any other set of predecessors gives the same ranges.
TEST(ScanRangesSinglePass, AnyLookBackScheduleGivesTheSameRanges) {
  const Shape shapes[] = {{1, 1}, {2, 1}, {4, 2}, {2, 3}};
  int64_t schedules = 0;
  for (const Shape& shape : shapes)
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false})
          for (int64_t n : {1, 7, 30, 61}) {
            Params p;
            p.variant = Variant::DecoupledLookback;
            p.block_dim = shape.block_dim;
            p.coarsening = shape.coarsening;
            p.op = op;
            p.type = type;
            p.inclusive = inclusive;
            // Dyadic inputs: every order of combination gives the same value, so the rebuilt
            // trace is a run the kernel could record.
            const std::vector<double> x = testing::scan_inputs(op, type, true, n, 40 + n);
            const TeachRun run = teach_cpu(p, x);
            const Layout l = layout_of(p, run.trace, n);
            const std::string context =
                testing::describe(p, n) + " coarsening " + std::to_string(p.coarsening);

            // The model's schedule: the prefix read where the twin read it.
            Relook model;
            model.stop.assign(size_t(l.blocks), 0);
            const TraceStep& step = run.trace.steps[size_t(l.chain_step)];
            for (const TraceEvent& e : step.events)
              if (e.kind == EventKind::Read && e.buffer == l.prefixes)
                model.stop[size_t(e.thread / resolve_block_dim(p, n))] = e.address;
            ASSERT_EQ(compare_traces(relook(p, run.trace, n, model), run.trace), "") << context;

            std::vector<Relook> others;
            Relook nearest, farthest;
            for (int64_t b = 0; b < l.blocks; ++b) {
              nearest.stop.push_back(std::max<int64_t>(0, b - 1));  // P at once
              farthest.stop.push_back(0);                           // A back to block 0
            }
            others = {nearest, farthest};
            std::mt19937_64 rng(static_cast<uint64_t>(n) * 7 + shape.block_dim);
            for (int k = 0; k < 4; ++k) {
              Relook mixed;
              for (int64_t b = 0; b < l.blocks; ++b)
                mixed.stop.push_back(b == 0 ? 0 : static_cast<int64_t>(rng() % uint64_t(b)));
              others.push_back(mixed);
            }
            const auto values = replay_snapshots(run.trace)[size_t(l.chain_step)];
            for (const Relook& r : others) {
              const Trace t = relook(p, run.trace, n, r);
              ++schedules;
              // The same values published (so the store that follows fits), other ranges read.
              ASSERT_TRUE(same_values(replay_snapshots(t)[size_t(l.chain_step)], values))
                  << context;
              ASSERT_TRUE(holds_the_right_ranges(p, t, n)) << context;
            }
          }
  EXPECT_GT(schedules, 1000);
}

TEST(ScanRangesSinglePass, ALookBackThatMissesOrRepeatsAPredecessorIsBroken) {
  for (bool inclusive : {true, false}) {
    Params p;
    p.variant = Variant::DecoupledLookback;
    p.block_dim = 2;
    p.coarsening = 2;  // sections of 4
    p.inclusive = inclusive;
    const int64_t n = 24;  // 6 blocks
    const TeachRun run = teach_cpu(p, testing::scan_inputs(p.op, p.type, true, n, 9));
    const Layout l = layout_of(p, run.trace, n);
    Relook farthest;
    for (int64_t b = 0; b < l.blocks; ++b) farthest.stop.push_back(0);
    Relook missed = farthest, repeated = farthest;
    missed.skip_block = 4;  // reads A3, A1, P0: x8..x11 missing
    missed.skip = 2;
    repeated.twice_block = 4;  // reads A3, A2, A2 again, A1, P0: x8..x11 twice
    repeated.twice = 2;
    for (const Relook& r : {missed, repeated}) {
      const auto ranges = replay_ranges(relook(p, run.trace, n, r));
      const auto& after = ranges[size_t(l.chain_step)];
      EXPECT_EQ(text(after[size_t(l.block_prefix)][4]), "broken");
      EXPECT_EQ(text(after[size_t(l.prefixes)][4]), "broken");
      EXPECT_EQ(text(after[size_t(l.flags)][4]), "broken");
      EXPECT_EQ(text(after[size_t(l.prefixes)][3]), span_text(0, 15));  // the others are fine
      for (int64_t i = 0; i < n; ++i) {  // block 4's outputs are broken, the others right
        const std::string want = i >= 16 && i < 20 ? "broken" : span_text(0, inclusive ? i : i - 1);
        EXPECT_EQ(text(ranges.back()[1][size_t(i)]), want) << i;
      }
    }
  }
}

}  // namespace
}  // namespace ws::scan
