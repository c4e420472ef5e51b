// Segmented scan on the CPU backend: parsing (and its errors), the teach twin and fast mode
// against a per-segment std::inclusive_scan / std::exclusive_scan, and the trace.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <numeric>
#include <random>

#include "common/error.h"
#include "segmented_scan/segmented_scan.h"

namespace ws::segscan {
namespace {

// Independent reference: std scans over each segment, in the element type.
template <class T>
std::vector<double> per_segment_reference(const Params& p, const Segments& s) {
  std::function<T(T, T)> op = [&](T a, T b) { return apply_op(p.op, a, b); };
  std::vector<double> out;
  size_t start = 0;
  while (start < s.values.size()) {
    size_t end = start + 1;
    while (end < s.values.size() && !s.heads[end]) ++end;
    std::vector<T> seg, res(end - start);
    for (size_t i = start; i < end; ++i) seg.push_back(static_cast<T>(s.values[i]));
    if (p.inclusive) {
      std::inclusive_scan(seg.begin(), seg.end(), res.begin(), op);
    } else {
      std::exclusive_scan(seg.begin(), seg.end(), res.begin(), identity_of<T>(p.op), op);
    }
    out.insert(out.end(), res.begin(), res.end());
    start = end;
  }
  return out;
}

std::vector<double> reference(const Params& p, const Segments& s) {
  return p.type == ValueType::Float32 ? per_segment_reference<float>(p, s)
                                      : per_segment_reference<int32_t>(p, s);
}

Segments random_segments(int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> value(-4, 4), head(0, 4);
  Segments s;
  for (int64_t i = 0; i < n; ++i) {
    s.values.push_back(value(rng));
    s.heads.push_back(i == 0 || head(rng) == 0 ? 1 : 0);
  }
  return s;
}

TEST(SegmentedParse, TheIssuesExample) {
  const Segments s = parse_segments("[1 2] [6 7 1] [1 2 3 4]");
  EXPECT_EQ(s.values, (std::vector<double>{1, 2, 6, 7, 1, 1, 2, 3, 4}));
  EXPECT_EQ(s.heads, (std::vector<uint8_t>{1, 0, 1, 0, 0, 1, 0, 0, 0}));
  EXPECT_EQ(format_segments(s), "[1 2] [6 7 1] [1 2 3 4]");
  EXPECT_EQ(parse_segments("[1,2],[3]").values.size(), 3u);
  const Segments f = from_lengths({1, 2, 3}, {2, 1});
  EXPECT_EQ(f.heads, (std::vector<uint8_t>{1, 0, 1}));
}

TEST(SegmentedParse, ErrorsNameThePosition) {
  struct Case {
    const char* text;
    const char* position;
  };
  const Case cases[] = {{"[1 2] 3", "position 6"}, {"[1 [2]]", "position 3"},
                        {"[1 2", "position 0"},    {"[1] []", "position 5"},
                        {"[1 x2]", "position 3"},  {"1]", "position 0"},
                        {"[1]]", "position 3"}};
  for (const Case& c : cases) {
    try {
      parse_segments(c.text);
      ADD_FAILURE() << c.text << " parsed";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(c.position), std::string::npos)
          << c.text << ": " << e.what();
    }
  }
  EXPECT_THROW(parse_segments("  "), Error);
  EXPECT_THROW(from_lengths({1, 2}, {3}), Error);
}

TEST(SegmentedTeach, TheIssuesExampleSums) {
  Params p;
  const TeachRun run = teach(Backend::Cpu, p, parse_segments("[1 2] [6 7 1] [1 2 3 4]"));
  EXPECT_EQ(run.result, (std::vector<double>{1, 3, 6, 13, 14, 1, 3, 6, 10}));
  p.inclusive = false;
  const TeachRun ex = teach(Backend::Cpu, p, parse_segments("[1 2] [6 7 1] [1 2 3 4]"));
  EXPECT_EQ(ex.result, (std::vector<double>{0, 1, 0, 6, 13, 0, 1, 3, 6}));
}

TEST(SegmentedTeach, EveryOperatorTypeAndModeMatchesPerSegmentStdScans) {
  for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min, BinaryOp::Max}) {
    for (ValueType type : {ValueType::Int32, ValueType::Float32}) {
      for (bool inclusive : {true, false}) {
        for (int64_t n : {1, 2, 3, 17, 32, 33, 100, 513, 1024}) {
          const Segments s = random_segments(n, static_cast<uint32_t>(n * 3 + 1));
          Params p;
          p.op = op;
          p.type = type;
          p.inclusive = inclusive;
          const TeachRun run = teach(Backend::Cpu, p, s);
          ASSERT_EQ(run.result, reference(p, s))
              << op_name(op) << " " << type_name(type) << " " << inclusive << " n=" << n;
          ASSERT_EQ(segmented_serial(p, s), reference(p, s));
        }
      }
    }
  }
}

TEST(SegmentedTeach, TraceShapeAndStopAtHeads) {
  Params p;
  const Segments s = parse_segments("[1 2] [6 7 1] [1 2 3 4]");
  const TeachRun run = teach(Backend::Cpu, p, s);
  const Trace& t = run.trace;
  ASSERT_EQ(t.steps.size(), 6u);  // load, strides 1 2 4 8, store (block 16)
  EXPECT_EQ(t.steps[0].phase, "load");
  EXPECT_EQ(t.steps[1].phase, "scan");
  EXPECT_EQ(t.steps.back().phase, "store");
  EXPECT_EQ(t.buffers[3].name, "values");
  EXPECT_EQ(t.buffers[4].name, "flags");
  // Stride 1: every position that is not a head combines once (9 - 3 heads = 6 operations).
  int ops = 0;
  for (const TraceEvent& e : t.steps[1].events) ops += e.kind == EventKind::Op;
  EXPECT_EQ(ops, 6);
  // After the last stride, every flag is set (every window reached its head).
  const auto snaps = replay_snapshots(t);
  for (int i = 0; i < 9; ++i) EXPECT_EQ(snaps[4][4][i], 1.0) << i;
  EXPECT_EQ(snaps.back()[2], run.result);
  EXPECT_EQ(t.serial_ops, 1 + 2 + 3);
}

TEST(SegmentedTeach, RejectsBadSizes) {
  Params p;
  EXPECT_THROW(teach(Backend::Cpu, p, random_segments(kTeachMaxN + 1, 1)), Error);
  p.block_dim = 8;
  EXPECT_THROW(teach(Backend::Cpu, p, random_segments(9, 1)), Error);
  p.block_dim = 12;
  EXPECT_THROW(teach(Backend::Cpu, p, random_segments(9, 1)), Error);
}

TEST(SegmentedFast, SerialMatchesTheReference) {
  const Segments s = random_segments(100000, 4);
  for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Max}) {
    for (bool inclusive : {true, false}) {
      Params p;
      p.op = op;
      p.inclusive = inclusive;
      std::vector<int32_t> in(s.values.begin(), s.values.end()), out(in.size());
      const scan::FastRun run =
          fast(Backend::Cpu, p, in.data(), s.heads.data(), out.data(), 100000, 1);
      EXPECT_GT(run.median_ms, 0);
      const std::vector<double> expected = reference(p, s);
      EXPECT_TRUE(std::equal(out.begin(), out.end(), expected.begin()));
    }
  }
}

}  // namespace
}  // namespace ws::segscan
