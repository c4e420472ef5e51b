// CPU fast mode (the twins without a trace, timed), the serial answer, and the library baseline.
#include <algorithm>
#include <numeric>

#include "../common/error.h"
#include "../common/timing.h"
#include "scan.h"
#include "scan_cpu_families.h"
#include "scan_cpu_library.h"

namespace ws::scan {

namespace {

template <class T>
void compute(const Params& p, const T* in, T* out, int64_t n) {
  switch (p.variant) {
    case Variant::KoggeStone:
    case Variant::KoggeStoneDouble:
    case Variant::KoggeStoneExclusive:
      return compute_cpu_kogge_stone(p, in, out, n);
    case Variant::BrentKung:
    case Variant::Blelloch:
      return compute_cpu_tree(p, in, out, n);
    case Variant::Coarsened:
    case Variant::Hierarchical:
      return compute_cpu_coarsened(p, in, out, n);
    case Variant::WarpShuffle:
      return compute_cpu_warp_shuffle(p, in, out, n);
    default:
      return compute_cpu_single_pass(p, in, out, n);
  }
}

template <class T>
FastRun fast_typed(const Params& p, const T* in, T* out, int64_t n, int repeats) {
  std::vector<T> scratch;
  if (out == nullptr) {
    scratch.resize(static_cast<size_t>(n));
    out = scratch.data();
  }
  FastRun run;
  run.n = n;
  run.median_ms = host_median_ms(repeats, [&] { compute(p, in, out, n); });
  run.gbps = 8.0 * static_cast<double>(n) / (run.median_ms * 1e6);
  return run;
}

template <class T>
void serial(BinaryOp op, bool inclusive, const T* in, T* out, int64_t n) {
  const auto f = [op](T a, T b) { return apply_op<T>(op, a, b); };
  if (inclusive) {
    std::inclusive_scan(in, in + n, out, f);
  } else {
    std::exclusive_scan(in, in + n, out, identity_of<T>(op), f);
  }
}

template <class T>
FastRun library_typed(BinaryOp op, bool inclusive, const T* in, T* out, int64_t n, int repeats) {
  std::vector<T> scratch;
  if (out == nullptr) {
    scratch.resize(static_cast<size_t>(n));
    out = scratch.data();
  }
  FastRun run;
  run.n = n;
  run.median_ms = host_median_ms(repeats, [&] { serial(op, inclusive, in, out, n); });
  run.gbps = 8.0 * static_cast<double>(n) / (run.median_ms * 1e6);
  return run;
}

void check_fast_size(int64_t n) {
  WS_REQUIRE(n >= 1 && n <= kCpuFastMaxN, "the CPU backend scans 1 to " +
                                              std::to_string(kCpuFastMaxN) + " elements, not " +
                                              std::to_string(n));
}

}  // namespace

FastRun fast_cpu(const Params& p, const void* in, void* out, int64_t n, int repeats) {
  validate(p, n, false);
  check_fast_size(n);
  if (p.type == ValueType::Int32) {
    return fast_typed(p, static_cast<const int32_t*>(in), static_cast<int32_t*>(out), n, repeats);
  }
  return fast_typed(p, static_cast<const float*>(in), static_cast<float*>(out), n, repeats);
}

FastRun cpu_library_scan(BinaryOp op, ValueType type, bool inclusive, const void* in, void* out,
                         int64_t n, int repeats) {
  check_fast_size(n);
  if (type == ValueType::Int32) {
    return library_typed(op, inclusive, static_cast<const int32_t*>(in), static_cast<int32_t*>(out),
                         n, repeats);
  }
  return library_typed(op, inclusive, static_cast<const float*>(in), static_cast<float*>(out), n,
                       repeats);
}

std::vector<double> scan_serial(BinaryOp op, ValueType type, bool inclusive,
                                const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  std::vector<double> result(values.size());
  if (type == ValueType::Int32) {
    std::vector<int32_t> in(values.begin(), values.end()), out(values.size());
    serial(op, inclusive, in.data(), out.data(), n);
    std::copy(out.begin(), out.end(), result.begin());
  } else {
    std::vector<float> in(values.begin(), values.end()), out(values.size());
    serial(op, inclusive, in.data(), out.data(), n);
    std::copy(out.begin(), out.end(), result.begin());
  }
  return result;
}

}  // namespace ws::scan
