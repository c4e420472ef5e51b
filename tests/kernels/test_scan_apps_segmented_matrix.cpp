// Segmented scan on the CPU backend over the sizes (1..33, 2^k - 1, 2^k, 2^k + 1),
// several seeds and segment layouts (random, singletons, one segment, long segments, boundaries
// on the strides), every operator, int32 (whole range: sums and products wrap) and float32
// (against a double reference), inclusive and exclusive, several block sizes, teach mode and fast
// mode, against a per-segment loop of std::inclusive_scan / std::exclusive_scan. The teach trace:
// the inputs and heads it reads, the replay ending in the result, and the operation count of the
// segmented Kogge-Stone (position t combines at stride s while s <= t - head(t)). The parser's
// error messages and round trips.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "common/counters.h"
#include "common/error.h"
#include "scan_reference_test_support.h"
#include "segmented_scan/segmented_scan.h"
#include "scan_section_test_support.h"

namespace ws::segscan {
namespace {

using scan::testing::matches_std_scan;

enum class Layout { Random, Singletons, One, Long, Strides };
constexpr Layout kAllLayouts[] = {Layout::Random, Layout::Singletons, Layout::One, Layout::Long,
                                  Layout::Strides};
constexpr BinaryOp kAllOps[] = {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min, BinaryOp::Max};

const char* layout_name(Layout l) {
  switch (l) {
    case Layout::Random:
      return "random";
    case Layout::Singletons:
      return "singletons";
    case Layout::One:
      return "one segment";
    case Layout::Long:
      return "long";
    default:
      return "strides";
  }
}

std::vector<uint8_t> make_heads(Layout layout, int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed * 104729 + 11);
  std::vector<uint8_t> heads(static_cast<size_t>(n), 0);
  for (int64_t i = 0; i < n; ++i) {
    switch (layout) {
      case Layout::Random:
        heads[i] = rng() % 4 == 0;
        break;
      case Layout::Singletons:
        heads[i] = 1;
        break;
      case Layout::One:
        break;
      case Layout::Long:
        heads[i] = rng() % 64 == 0;
        break;
      default:
        heads[i] = i % 8 == 0 || i % 13 == 5;  // on a power of two, and off it
        break;
    }
  }
  if (n > 0) heads[0] = 1;
  return heads;
}

using scan::testing::teach_sizes;  // 1..33, 2^k - 1, 2^k, 2^k + 1

// Each segment's result against its own std scan (scan_reference_test_support.h).
::testing::AssertionResult matches_per_segment(const std::vector<double>& got, const Segments& s,
                                               const Params& p, bool dyadic) {
  if (got.size() != s.values.size())
    return ::testing::AssertionFailure() << got.size() << " results for " << s.values.size();
  size_t start = 0;
  while (start < s.values.size()) {
    size_t end = start + 1;
    while (end < s.values.size() && !s.heads[end]) ++end;
    const std::vector<double> x(s.values.begin() + start, s.values.begin() + end);
    const std::vector<double> r(got.begin() + start, got.begin() + end);
    const ::testing::AssertionResult ok = matches_std_scan(r, x, p.op, p.type, p.inclusive, dyadic);
    if (!ok) return ::testing::AssertionFailure() << "segment at " << start << ": " << ok.message();
    start = end;
  }
  return ::testing::AssertionSuccess();
}

std::string describe(const Params& p, Layout layout, int64_t n, uint64_t seed) {
  return std::string(op_name(p.op)) + " " + type_name(p.type) +
         (p.inclusive ? " inclusive" : " exclusive") + " block " + std::to_string(p.block_dim) +
         " " + layout_name(layout) + " n " + std::to_string(n) + " seed " + std::to_string(seed);
}

int64_t power_of_two_at_least(int64_t n) {
  int64_t b = 1;
  while (b < n) b *= 2;
  return b;
}

int log2_of(int64_t x) {
  int k = 0;
  while ((int64_t{1} << k) < x) ++k;
  return k;
}

// The teach twin's trace: what it reads, its operation count, its replay.
void check_trace(const Params& p, const Segments& s, const TeachRun& run,
                 const std::string& context) {
  const Trace& t = run.trace;
  const int64_t n = static_cast<int64_t>(s.values.size());
  const int64_t block = p.block_dim != 0 ? p.block_dim : power_of_two_at_least(n);
  ASSERT_EQ(t.buffers.at(0).name, "input") << context;
  ASSERT_EQ(t.buffers.at(1).name, "heads") << context;
  ASSERT_EQ(t.buffers.at(2).name, "output") << context;
  std::vector<int> input_reads(size_t(n), 0), head_reads(size_t(n), 0);
  for (const TraceStep& step : t.steps)
    for (const TraceEvent& e : step.events) {
      if (e.kind != EventKind::Read) continue;
      if (e.buffer == 0) ++input_reads.at(size_t(e.address));
      if (e.buffer == 1) ++head_reads.at(size_t(e.address));
    }
  for (int64_t i = 0; i < n; ++i) {
    // Exclusive: position i + 1 loads x_i unless it starts a segment.
    const int reads = p.inclusive ? 1 : (i + 1 < n && !s.heads[i + 1] ? 1 : 0);
    ASSERT_EQ(input_reads[i], reads) << context << " input " << i;
    ASSERT_EQ(head_reads[i], i == 0 ? 0 : 1) << context << " head " << i;
  }
  // Position t combines at stride s (a power of two below the block) while its window has not
  // reached its segment's head h(t): s <= t - h(t).
  int64_t ops = 0, serial = 0, head = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (s.heads[i]) head = i;
    for (int64_t stride = 1; stride < block; stride *= 2) ops += stride <= i - head;
    serial += i > head ? 1 : 0;  // n - segments
  }
  int64_t segments = std::count(s.heads.begin(), s.heads.end(), uint8_t{1});
  if (!p.inclusive) {
    serial = 0;
    for (size_t a = 0; a < s.heads.size();) {
      size_t b = a + 1;
      while (b < s.heads.size() && !s.heads[b]) ++b;
      serial += std::max<int64_t>(0, int64_t(b - a) - 2);
      a = b;
    }
  }
  const Counters c = compute_counters(t);
  EXPECT_EQ(c.ops, ops) << context;
  EXPECT_EQ(t.serial_ops, serial) << context << " (" << segments << " segments)";
  EXPECT_EQ(c.steps, static_cast<int64_t>(t.steps.size())) << context;
  ASSERT_EQ(t.steps.size(), size_t(2 + log2_of(block))) << context;
  const auto snapshots = replay_snapshots(t);
  ASSERT_EQ(snapshots.back()[2], run.result) << context;
}

// Every type, direction, layout, size and seed for one operator.
void run_teach_matrix(BinaryOp op) {
  int64_t runs = 0;
  for (ValueType type : {ValueType::Int32, ValueType::Float32})
    for (bool inclusive : {true, false})
      for (Layout layout : kAllLayouts)
        for (int64_t n : teach_sizes(kTeachMaxN))
          for (uint64_t seed : {1u, 2u}) {
            // the large sizes once, with the random layout and one segment
            if (n > 300 && (seed != 1 || (layout != Layout::Random && layout != Layout::One)))
              continue;
            Params p;
            p.op = op;
            p.type = type;
            p.inclusive = inclusive;
            const bool dyadic = scan::testing::dyadic_seed(seed);
            Segments s;
            s.values = scan::testing::scan_inputs(op, type, dyadic, n, seed * 59 + n);
            s.heads = make_heads(layout, n, seed + n);
            const std::string context = describe(p, layout, n, seed);
            const TeachRun run = teach(Backend::Cpu, p, s);
            ++runs;
            ASSERT_TRUE(matches_per_segment(run.result, s, p, dyadic)) << context;
            // The serial loop agrees exactly where the order of operations cannot matter.
            if (type == ValueType::Int32 || dyadic || op == BinaryOp::Min || op == BinaryOp::Max) {
              ASSERT_EQ(segmented_serial(p, s), run.result) << context;
            }
            check_trace(p, s, run, context);
            if (::testing::Test::HasFatalFailure()) return;
          }
  EXPECT_GT(runs, 1000);
}

TEST(SegmentedMatrixCpu, TeachSums) {
  run_teach_matrix(BinaryOp::Sum);
}
TEST(SegmentedMatrixCpu, TeachProducts) {
  run_teach_matrix(BinaryOp::Product);
}
TEST(SegmentedMatrixCpu, TeachMinima) {
  run_teach_matrix(BinaryOp::Min);
}
TEST(SegmentedMatrixCpu, TeachMaxima) {
  run_teach_matrix(BinaryOp::Max);
}

TEST(SegmentedMatrixCpu, TeachWithExplicitBlockSizes) {
  for (BinaryOp op : kAllOps)
    for (ValueType type : {ValueType::Int32, ValueType::Float32})
      for (bool inclusive : {true, false})
        for (int64_t n : {int64_t{1}, int64_t{7}, int64_t{33}, int64_t{100}})
          for (int64_t block :
               {power_of_two_at_least(n), 2 * power_of_two_at_least(n), int64_t{1024}}) {
            Params p;
            p.op = op;
            p.type = type;
            p.inclusive = inclusive;
            p.block_dim = static_cast<int>(block);
            Segments s;
            s.values = scan::testing::scan_inputs(op, type, true, n, n + block);
            s.heads = make_heads(Layout::Random, n, n * 3 + block);
            const std::string context = describe(p, Layout::Random, n, 0);
            const TeachRun run = teach(Backend::Cpu, p, s);
            ASSERT_TRUE(matches_per_segment(run.result, s, p, true)) << context;
            check_trace(p, s, run, context);
            if (HasFatalFailure()) return;
          }
}

// One segment over a power of two: the Kogge-Stone closed form n log2 n - (n - 1); singletons:
// no operation at all.
TEST(SegmentedMatrixCpu, OneSegmentCostsKoggeStonesWorkSingletonsNone) {
  for (int64_t n = 1; n <= 1024; n *= 2) {
    Params p;
    Segments s;
    s.values = scan::testing::scan_inputs(p.op, p.type, true, n, 4);
    s.heads = make_heads(Layout::One, n, 0);
    EXPECT_EQ(compute_counters(teach(Backend::Cpu, p, s).trace).ops, n * log2_of(n) - (n - 1)) << n;
    s.heads = make_heads(Layout::Singletons, n, 0);
    const TeachRun singles = teach(Backend::Cpu, p, s);
    EXPECT_EQ(compute_counters(singles.trace).ops, 0) << n;
    EXPECT_EQ(singles.result, s.values) << n;
  }
}

template <class T>
std::vector<double> fast_result(const Params& p, const Segments& s) {
  const int64_t n = static_cast<int64_t>(s.values.size());
  std::vector<T> in(s.values.begin(), s.values.end()), out(s.values.size());
  fast(Backend::Cpu, p, in.data(), s.heads.data(), out.data(), n, 1);
  return std::vector<double>(out.begin(), out.end());
}

TEST(SegmentedMatrixCpu, FastModeOverSizesLayoutsOperatorsTypesAndDirections) {
  std::vector<int64_t> sizes = teach_sizes(1025);
  sizes.push_back(65537);
  for (BinaryOp op : kAllOps)
    for (ValueType type : {ValueType::Int32, ValueType::Float32})
      for (bool inclusive : {true, false})
        for (Layout layout : kAllLayouts)
          for (int64_t n : sizes)
            for (uint64_t seed : {1u, 2u}) {
              if (n > 300 && seed != 1) continue;
              Params p;
              p.op = op;
              p.type = type;
              p.inclusive = inclusive;
              const bool dyadic = scan::testing::dyadic_seed(seed);
              Segments s;
              s.values = scan::testing::scan_inputs(op, type, dyadic, n, seed * 61 + n);
              s.heads = make_heads(layout, n, seed * 5 + n);
              const std::vector<double> got =
                  type == ValueType::Int32 ? fast_result<int32_t>(p, s) : fast_result<float>(p, s);
              ASSERT_TRUE(matches_per_segment(got, s, p, dyadic))
                  << "fast " << describe(p, layout, n, seed);
            }
}

// ---------------------------------------------------------------------------------------------
// The parser.

std::string error_of(const std::string& text) {
  try {
    parse_segments(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(SegmentedMatrixCpu, ParserErrorsNameTheProblemThePositionAndTheText) {
  struct Case {
    std::string text, problem, position;
  };
  const Case cases[] = {
      {"[1 2] 3", "outside a segment", "position 6"},
      {"7 [1]", "outside a segment", "position 0"},
      {"[1 [2]]", "segments do not nest", "position 3"},
      {"[1 2", "never closed", "position 0"},
      {"[1] [2 3", "never closed", "position 4"},
      {"[1] []", "an empty segment", "position 5"},
      {"[]", "an empty segment", "position 1"},
      {"[1 x2]", "'x2' is not a number", "position 3"},
      {"[1 2.5.1]", "'2.5.1' is not a number", "position 3"},
      {"[inf]", "'inf' is not a number", "position 1"},
      {"[1 nan]", "'nan' is not a number", "position 3"},
      {"1]", "outside a segment", "position 0"},
      {"]", "no segment open", "position 0"},
      {"[1]]", "no segment open", "position 3"},
  };
  for (const Case& c : cases) {
    const std::string m = error_of(c.text);
    ASSERT_FALSE(m.empty()) << c.text << " parsed";
    EXPECT_NE(m.find(c.problem), std::string::npos) << c.text << ": " << m;
    EXPECT_NE(m.find(c.position), std::string::npos) << c.text << ": " << m;
    EXPECT_NE(m.find("\"" + c.text + "\""), std::string::npos) << c.text << ": " << m;
  }
  for (const std::string empty : {"", "   ", " , ,"}) {
    const std::string m = error_of(empty);
    EXPECT_NE(m.find("no segments"), std::string::npos) << "'" << empty << "': " << m;
  }
  // from_lengths: lengths must be positive and add up to the values.
  const std::vector<double> v = {1, 2, 3};
  const auto lengths_error = [&](const std::vector<int64_t>& lengths) {
    try {
      from_lengths(v, lengths);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(lengths_error({1, 0, 2}).find("must be positive"), std::string::npos);
  EXPECT_NE(lengths_error({2, -1}).find("must be positive"), std::string::npos);
  EXPECT_NE(lengths_error({2, 2}).find("more than the 3 values"), std::string::npos);
  EXPECT_NE(lengths_error({1, 1}).find("add up to 2, not 3"), std::string::npos);
}

TEST(SegmentedMatrixCpu, ParserRoundTripsRandomSegments) {
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    std::mt19937_64 rng(seed);
    const int64_t n = 1 + static_cast<int64_t>(rng() % 60);
    Segments s;
    s.heads = make_heads(kAllLayouts[seed % 5], n, seed);
    for (int64_t i = 0; i < n; ++i) {
      // integers, negative numbers and short fractions: six significant digits at most
      const int64_t m = static_cast<int64_t>(rng() % 2001) - 1000;
      s.values.push_back(rng() % 2 ? static_cast<double>(m) : static_cast<double>(m) / 8);
    }
    const std::string text = format_segments(s);
    const Segments back = parse_segments(text);
    EXPECT_EQ(back.values, s.values) << text;
    EXPECT_EQ(back.heads, s.heads) << text;
    // Commas and extra spaces separate values too.
    std::string commas = text;
    std::replace(commas.begin(), commas.end(), ' ', ',');
    EXPECT_EQ(parse_segments("  " + commas + " ").values, s.values) << commas;
    // The lengths describe the same segments.
    std::vector<int64_t> lengths;
    for (int64_t i = 0; i < n; ++i) {
      if (s.heads[i]) lengths.push_back(0);
      ++lengths.back();
    }
    EXPECT_EQ(from_lengths(s.values, lengths).heads, s.heads) << text;
  }
}

}  // namespace
}  // namespace ws::segscan
