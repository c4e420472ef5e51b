// replay_ranges: the symbolic replay's rules on hand-made traces, and the ranges the section
// scans' traces hold step by step (Kogge-Stone, Brent-Kung, Blelloch), the race flagged Broken.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "scan/scan.h"
#include "scan/scan_model.h"
#include "scan_section_test_support.h"

namespace ws::scan {
namespace {

using testing::span_text;
using testing::text;

int buffer_named(const Trace& trace, const std::string& name) {
  for (size_t b = 0; b < trace.buffers.size(); ++b)
    if (trace.buffers[b].name == name) return static_cast<int>(b);
  ADD_FAILURE() << "no buffer " << name;
  return 0;
}

// A one-block trace of four inputs and a shared buffer, for the rules.
struct Hand {
  Trace trace;
  TraceModel<int32_t> m{trace, true};
  int xy = 0;
  Hand() {
    trace.op = BinaryOp::Sum;
    m.add_buffer("input", MemSpace::Global, 4, 1, {1, 2, 3, 4});
    m.add_buffer("output", MemSpace::Global, 4, 1);
    xy = m.add_buffer("XY", MemSpace::Shared, 4, 1);
  }
  std::vector<std::vector<std::vector<Range>>> ranges() {
    m.finish();
    return replay_ranges(trace);
  }
};

TEST(ScanRanges, CopiesAdjacentSpansAndTheIdentity) {
  Hand h;
  h.m.begin_step("load", "load", "@load", 1, 4);
  for (int t = 0; t < 3; ++t) h.m.write(t, h.xy, t, h.m.read(t, 0, t));
  h.m.write(3, h.xy, 3, 0);  // a constant: the identity of the sum
  h.m.begin_step("combine", "scan", "@s", 1, 4);
  const int32_t a = h.m.read(1, h.xy, 0), b = h.m.read(1, h.xy, 1);
  h.m.write(1, h.xy, 1, h.m.op(1, h.xy, 1, a + b));
  const int32_t c = h.m.read(2, h.xy, 2), d = h.m.read(2, h.xy, 3);
  h.m.write(2, h.xy, 2, h.m.op(2, h.xy, 2, c + d));
  const auto r = h.ranges();
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(text(r[0][h.xy][0]), "[0,0]");
  EXPECT_EQ(text(r[0][h.xy][3]), "identity");
  EXPECT_EQ(text(r[0][1][0]), "?");  // the output is unwritten
  EXPECT_EQ(text(r[1][h.xy][1]), "[0,1]");
  EXPECT_EQ(text(r[1][h.xy][2]), "[2,2]");  // the identity is neutral
  EXPECT_EQ(text(r[1][0][3]), "[3,3]");
}

TEST(ScanRanges, OverlapsAndGapsAreBroken) {
  Hand h;
  h.m.begin_step("load", "load", "@load", 1, 4);
  for (int t = 0; t < 4; ++t) h.m.write(t, h.xy, t, h.m.read(t, 0, t));
  h.m.begin_step("bad", "scan", "@s", 1, 4);
  int32_t x = h.m.read(0, h.xy, 0), y = h.m.read(0, h.xy, 2);  // a gap: x1 missed
  h.m.write(0, h.xy, 0, h.m.op(0, h.xy, 0, x + y));
  x = h.m.read(1, h.xy, 1);
  y = h.m.read(1, h.xy, 1);  // x1 twice
  h.m.write(1, h.xy, 1, h.m.op(1, h.xy, 1, x + y));
  const auto r = h.ranges();
  EXPECT_EQ(text(r[1][h.xy][0]), "broken");
  EXPECT_EQ(text(r[1][h.xy][1]), "broken");
  EXPECT_EQ(text(r[1][h.xy][3]), "[3,3]");
}

TEST(ScanRanges, ASingleReadAccumulatesIntoTheThreadsRegister) {
  Hand h;
  h.m.begin_step("serial", "thread scan", "@s", 1, 4);
  int32_t acc = 0;
  for (int i = 0; i < 4; ++i) {
    acc = h.m.op(0, h.xy, i, acc + h.m.read(0, 0, i));
    h.m.write(0, h.xy, i, acc);
  }
  const auto r = h.ranges();
  for (int i = 0; i < 4; ++i) EXPECT_EQ(text(r[0][h.xy][i]), span_text(0, i)) << i;
}

TEST(ScanRanges, ReadsSeeTheStepStartUnlessTheValueShowsOtherwise) {
  Hand h;
  h.m.begin_step("load", "load", "@load", 1, 4);
  for (int t = 0; t < 4; ++t) h.m.write(t, h.xy, t, h.m.read(t, 0, t));
  h.m.begin_step("stride 1", "scan", "@s", 1, 4);
  // thread 1 writes XY[1] = x0 + x1 = 3 and lands it at once (no barrier); thread 2 then reads 3
  const int32_t a = h.m.read(1, h.xy, 0), b = h.m.read(1, h.xy, 1);
  h.m.write(1, h.xy, 1, h.m.op(1, h.xy, 1, a + b));
  h.m.commit();
  const int32_t c = h.m.read(2, h.xy, 1), d = h.m.read(2, h.xy, 2);
  h.m.write(2, h.xy, 2, h.m.op(2, h.xy, 2, c + d));
  const auto r = h.ranges();
  EXPECT_EQ(text(r[1][h.xy][2]), "[0,2]");  // read the new x0..x1, so x0..x2: a correct span

  Hand barrier;  // the same with the barrier: thread 2 reads the old x1
  barrier.m.begin_step("load", "load", "@load", 1, 4);
  for (int t = 0; t < 4; ++t) barrier.m.write(t, barrier.xy, t, barrier.m.read(t, 0, t));
  barrier.m.begin_step("stride 1", "scan", "@s", 1, 4);
  for (int t = 1; t < 3; ++t) {
    const int32_t l = barrier.m.read(t, barrier.xy, t - 1), m = barrier.m.read(t, barrier.xy, t);
    barrier.m.write(t, barrier.xy, t, barrier.m.op(t, barrier.xy, t, l + m));
  }
  const auto s = barrier.ranges();
  EXPECT_EQ(text(s[1][barrier.xy][2]), "[1,2]");
}

TEST(ScanRanges, KoggeStoneDoublesTheRangeEveryStep) {
  for (Variant v : {Variant::KoggeStone, Variant::KoggeStoneDouble, Variant::KoggeStoneExclusive}) {
    for (int64_t n : {1, 8, 64, 256}) {
      Params p;
      p.variant = v;
      p.inclusive = v != Variant::KoggeStoneExclusive;
      const TeachRun run =
          teach_cpu(p, generate_values(Distribution::Uniform, ValueType::Int32, n, 4));
      const auto ranges = replay_ranges(run.trace);
      ASSERT_EQ(ranges.size(), run.trace.steps.size());
      const int shift = v == Variant::KoggeStoneExclusive ? 1 : 0;
      for (size_t k = 0; k + 1 < ranges.size(); ++k) {  // load, then the strides
        const int64_t width = int64_t{1} << k;
        // the buffer this step wrote: XY, or the ping-pong buffer of the step
        const int b = v == Variant::KoggeStoneDouble
                          ? buffer_named(run.trace, k % 2 == 0 ? "XY A" : "XY B")
                          : buffer_named(run.trace, "XY");
        for (int64_t i = 0; i < n; ++i) {
          const int64_t hi = i - shift;
          EXPECT_EQ(text(ranges[k][b][i]), span_text(std::max<int64_t>(0, hi - width + 1), hi))
              << info(v).id << " n " << n << " step " << k << " position " << i;
        }
      }
      for (int64_t i = 0; i < n; ++i)
        EXPECT_EQ(text(ranges.back()[1][i]), span_text(0, p.inclusive ? i : i - 1));
    }
  }
}

TEST(ScanRanges, TheRaceShowsBrokenRangesWithTwoWarpsAndNoneWithOne) {
  Params p;
  p.race = true;
  for (int64_t n : {32, 64}) {
    p.block_dim = static_cast<int>(n);
    const TeachRun run = teach_cpu(p, generate_values(Distribution::Uniform, p.type, n, 21));
    const auto ranges = replay_ranges(run.trace);
    int64_t broken = 0;
    for (const Range& r : ranges.back()[1]) broken += r.kind == Range::Broken;
    const bool wrong = run.result != scan_serial(p.op, p.type, true, run.trace.buffers[0].initial);
    EXPECT_EQ(broken > 0, n == 64) << n;
    EXPECT_EQ(wrong, n == 64) << n;
    if (n == 64) {
      // the first warp is untouched by the race
      for (int i = 0; i < 32; ++i) EXPECT_EQ(text(ranges.back()[1][i]), span_text(0, i));
    }
  }
}

int64_t lowest_bit(int64_t x) {
  return x & -x;
}

TEST(ScanRanges, BrentKungAndBlellochRangesFollowTheirTrees) {
  for (Variant v : {Variant::BrentKung, Variant::Blelloch}) {
    for (Mapping mapping : {Mapping::Contiguous, Mapping::Divergent}) {
      for (bool inclusive : {true, false}) {
        Params p;
        p.variant = v;
        p.mapping = mapping;
        p.inclusive = inclusive;
        const int64_t n = 128;  // a full section: block 64
        const TeachRun run =
            teach_cpu(p, generate_values(Distribution::Uniform, ValueType::Int32, n, 8));
        const auto ranges = replay_ranges(run.trace);
        const int xy = buffer_named(run.trace, "XY");
        const std::string context = std::string(info(v).id) + " " + mapping_name(mapping);
        // Up-sweep level k (stride 2^k): the right end of every pair holds its whole subtree.
        for (int k = 0; (int64_t{1} << k) < n; ++k) {
          const int64_t width = int64_t{2} << k;
          for (int64_t i = 0; i < n; ++i) {
            const int64_t lo = i - std::min(lowest_bit(i + 1), width) + 1;
            EXPECT_EQ(text(ranges[1 + k][xy][i]), span_text(lo, i))
                << context << " up-sweep level " << k << " position " << i;
          }
        }
        const size_t before_store = ranges.size() - 2;
        if (v == Variant::Blelloch) {
          EXPECT_EQ(text(ranges[1 + 7][xy][n - 1]), "identity");  // the root step
          for (int64_t i = 0; i < n; ++i)  // the down-sweep leaves the exclusive scan
            EXPECT_EQ(text(ranges[before_store][xy][i]), span_text(0, i - 1)) << context;
        } else {
          for (int64_t i = 0; i < n; ++i)  // the distribution tree completes every prefix
            EXPECT_EQ(text(ranges[before_store][xy][i]), span_text(0, i)) << context;
        }
        for (int64_t i = 0; i < n; ++i)
          EXPECT_EQ(text(ranges.back()[1][i]), span_text(0, inclusive ? i : i - 1)) << context;
      }
    }
  }
}

}  // namespace
}  // namespace ws::scan
