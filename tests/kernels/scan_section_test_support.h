// Shared by the scan tests: the sizes to try, the independent
// reference (std::inclusive_scan / std::exclusive_scan on the element type), result comparisons
// and trace helpers.
#pragma once

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string>
#include <vector>

#include "common/binary_op.h"
#include "common/inputs.h"
#include "common/trace.h"
#include "scan/scan.h"

namespace ws::scan::testing {

inline constexpr BinaryOp kAllOps[] = {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min,
                                       BinaryOp::Max};
inline constexpr ValueType kAllTypes[] = {ValueType::Int32, ValueType::Float32};

// 1..33, then 2^k - 1, 2^k, 2^k + 1 for 2^k from 64 while they fit in max_n.
inline std::vector<int64_t> teach_sizes(int64_t max_n) {
  std::vector<int64_t> sizes;
  for (int64_t n = 1; n <= 33 && n <= max_n; ++n) sizes.push_back(n);
  for (int64_t p = 64; p - 1 <= max_n; p *= 2)
    for (int64_t n : {p - 1, p, p + 1})
      if (n <= max_n) sizes.push_back(n);
  return sizes;
}

template <class T>
std::vector<double> std_scan_typed(BinaryOp op, bool inclusive, const std::vector<double>& values) {
  const std::vector<T> in(values.begin(), values.end());
  std::vector<T> out(in.size());
  const auto f = [op](T a, T b) { return apply_op<T>(op, a, b); };
  if (inclusive)
    std::inclusive_scan(in.begin(), in.end(), out.begin(), f);
  else
    std::exclusive_scan(in.begin(), in.end(), out.begin(), identity_of<T>(op), f);
  return std::vector<double>(out.begin(), out.end());
}

// The sequential scan in the element type, straight from the standard library.
inline std::vector<double> std_scan(BinaryOp op, ValueType type, bool inclusive,
                                    const std::vector<double>& values) {
  return type == ValueType::Int32 ? std_scan_typed<int32_t>(op, inclusive, values)
                                  : std_scan_typed<float>(op, inclusive, values);
}

// A range as the tests spell it: "[lo,hi]", "identity", "broken" (or "?" for unknown).
inline std::string text(const Range& r) {
  switch (r.kind) {
    case Range::Identity:
      return "identity";
    case Range::Span:
      return "[" + std::to_string(r.lo) + "," + std::to_string(r.hi) + "]";
    case Range::Broken:
      return "broken";
    default:
      return "?";
  }
}

// x_lo..x_hi as text(); the identity when empty.
inline std::string span_text(int64_t lo, int64_t hi) {
  return lo > hi ? "identity" : "[" + std::to_string(lo) + "," + std::to_string(hi) + "]";
}

// The CPU fast mode's result for `values` (the hierarchical driver's CPU mirror for the section
// variants), in the element type, as doubles.
inline std::vector<double> fast_result(const Params& p, const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  std::vector<double> result(values.size());
  if (p.type == ValueType::Int32) {
    std::vector<int32_t> in(values.begin(), values.end()), out(values.size());
    fast_cpu(p, in.data(), out.data(), n, 1);
    result.assign(out.begin(), out.end());
  } else {
    std::vector<float> in(values.begin(), values.end()), out(values.size());
    fast_cpu(p, in.data(), out.data(), n, 1);
    result.assign(out.begin(), out.end());
  }
  return result;
}

// int32 and float min/max exactly; float sums and products within a bound that grows with n
// (a tree adds in another order than the loop).
inline void expect_scan_near(const std::vector<double>& actual, const std::vector<double>& expected,
                             ValueType type, BinaryOp op, const std::string& context) {
  ASSERT_EQ(actual.size(), expected.size()) << context;
  // A product that reached 0 passes against a kernel that drops inputs: the tests give products
  // of ±1 and ±2 (ws::test::operator_inputs), whose every prefix is a nonzero power of two.
  if (op == BinaryOp::Product && !expected.empty()) {
    ASSERT_NE(expected.back(), 0) << context << ": the reference product is 0";
  }
  const bool exact = type == ValueType::Int32 || op == BinaryOp::Min || op == BinaryOp::Max;
  const double n = static_cast<double>(expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    if (exact) {
      ASSERT_EQ(actual[i], expected[i]) << context << " at " << i;
    } else {
      const double tolerance = 4.0 * (n + 1) * FLT_EPSILON * std::max(1.0, std::abs(expected[i]));
      ASSERT_NEAR(actual[i], expected[i], tolerance) << context << " at " << i;
    }
  }
}

// The depth of the order of additions of the tree-shaped scans and their hierarchies: per level
// an up-sweep and a down-sweep of log2(section) (Brent-Kung; Kogge-Stone and warp shuffles need
// one) and the add of the carry; a coarsened thread's short serial run fits in it too. Over every
// level: at most 3 * ceil(log2 n) + 1.
inline int tree_order_depth(int64_t n) {
  int log2n = 0;
  while ((int64_t{1} << log2n) < n) ++log2n;
  return 3 * log2n + 1;
}

// A float sum scan against the exact scan of its inputs (in double: float inputs and their
// partial sums are exact there), within what the kernel's order can produce. An output whose terms
// pass through at most `depth` roundings of 2^-24 each is within depth * 2^-24 * sum|x| of the
// exact value (first order); we allow depth * FLT_EPSILON * sum|x| over the output's terms (2x
// that). Unlike a bound of n * eps * |ref|, one element left out of a prefix fails it.
inline ::testing::AssertionResult float_sum_scan_within_depth(const std::vector<double>& got,
                                                              const std::vector<double>& x,
                                                              bool inclusive, int depth) {
  if (got.size() != x.size())
    return ::testing::AssertionFailure() << got.size() << " results for " << x.size() << " inputs";
  double exact = 0, magnitude = 0;  // the sum and the sum of |x| of the output's terms
  for (size_t i = 0; i < x.size(); ++i) {
    if (inclusive) {
      exact += x[i];
      magnitude += std::abs(x[i]);
    }
    const double bound = depth * static_cast<double>(FLT_EPSILON) * magnitude;
    if (!(std::abs(got[i] - exact) <= bound))
      return ::testing::AssertionFailure()
             << "position " << i << ": " << got[i] << ", exact " << exact << " (bound " << bound
             << ", depth " << depth << ")";
    if (!inclusive) {
      exact += x[i];
      magnitude += std::abs(x[i]);
    }
  }
  return ::testing::AssertionSuccess();
}

inline std::string describe(const Params& p, int64_t n) {
  return std::string(info(p.variant).id) + " " + op_name(p.op) + " " + type_name(p.type) +
         (p.inclusive ? " inclusive" : " exclusive") + " block " + std::to_string(p.block_dim) +
         (p.variant == Variant::BrentKung ? std::string(" ") + mapping_name(p.mapping) : "") +
         (p.race ? " race" : "") + " n " + std::to_string(n);
}

// The output buffer (buffer 1) after the last step.
inline std::vector<double> final_output(const Trace& trace) {
  const auto snapshots = replay_snapshots(trace);
  return snapshots.empty() ? std::vector<double>{} : snapshots.back()[1];
}

// How often each input element (buffer 0) is read.
inline std::vector<int> input_reads(const Trace& trace) {
  std::vector<int> reads(static_cast<size_t>(trace.buffers.at(0).size), 0);
  for (const TraceStep& s : trace.steps)
    for (const TraceEvent& e : s.events)
      if (e.buffer == 0 && e.kind == EventKind::Read) ++reads.at(static_cast<size_t>(e.address));
  return reads;
}

inline int64_t op_events(const TraceStep& step) {
  int64_t ops = 0;
  for (const TraceEvent& e : step.events) ops += e.kind == EventKind::Op;
  return ops;
}

inline int log2_exact(int64_t x) {
  int k = 0;
  while ((int64_t{1} << k) < x) ++k;
  return k;
}

}  // namespace ws::scan::testing
