// The CUDA coarsened (6), hierarchical (7) and warp-shuffle (10) scans against their CPU twins:
// teach mode gives the same result and the same trace event for event; fast mode (the
// hierarchical driver, scan_hierarchy.cuh) gives the CPU twin's bits (same order of operations)
// and std::inclusive_scan's answer at large n; requests the device cannot run fail with a
// message. Every test skips without a CUDA device.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "../kernels/scan_section_test_support.h"
#include "common/error.h"
#include "common/inputs.h"
#include "common/trace.h"
#include "gpu_test_support.h"
#include "scan/scan.h"
#include "scan/scan_run.h"

namespace ws::scan {
namespace {

using testing::kAllOps;
using testing::kAllTypes;

Params make(Variant v, BinaryOp op, ValueType type, bool inclusive, int block_dim,
            int coarsening = 4) {
  Params p;
  p.variant = v;
  p.op = op;
  p.type = type;
  p.inclusive = inclusive;
  p.block_dim = block_dim;
  p.coarsening = coarsening;
  return p;
}

struct Case {
  Variant variant;
  int block_dim, coarsening;
  std::vector<int64_t> sizes;
};

// Teach shapes: one section (6, 10) or several levels of block sums (7).
const std::vector<Case>& teach_cases() {
  static const std::vector<Case> cases = {
      {Variant::Coarsened, 0, 4, {1, 7, 64, 100, 1024}},
      {Variant::Coarsened, 8, 3, {5, 23, 24}},
      {Variant::Hierarchical, 0, 4, {1, 33, 1025, 4096}},
      {Variant::Hierarchical, 2, 2, {4, 5, 64, 65, 300}},  // up to five levels
      {Variant::Hierarchical, 16, 5, {81, 1000}},
      {Variant::WarpShuffle, 0, 1, {1, 31, 32, 33, 100, 1024}},
      {Variant::WarpShuffle, 64, 1, {50, 64}},
  };
  return cases;
}

// Fast mode results as doubles (the same typed arrays on both backends).
std::vector<double> fast_result(Backend backend, const Params& p,
                                const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  if (p.type == ValueType::Int32) {
    std::vector<int32_t> in(values.begin(), values.end()), out(values.size());
    fast(backend, p, in.data(), out.data(), n, 1);
    return std::vector<double>(out.begin(), out.end());
  }
  std::vector<float> in(values.begin(), values.end()), out(values.size());
  fast(backend, p, in.data(), out.data(), n, 1);
  return std::vector<double>(out.begin(), out.end());
}

TEST(ScanCoarsenedWarpGpu, TeachTracesEqualTheCpuTwins) {
  WS_SKIP_WITHOUT_GPU();
  for (const Case& c : teach_cases())
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false})
          for (int64_t n : c.sizes) {
            const Params p = make(c.variant, op, type, inclusive, c.block_dim, c.coarsening);
            const auto values = generate_values(Distribution::Uniform, type, n, 21 + n);
            const TeachRun cpu = teach(Backend::Cpu, p, values);
            const TeachRun gpu = teach(Backend::Cuda, p, values);
            ASSERT_EQ(gpu.result, cpu.result) << testing::describe(p, n);
            ASSERT_EQ(compare_traces(gpu.trace, cpu.trace), "") << testing::describe(p, n);
            ASSERT_EQ(gpu.level_sizes, cpu.level_sizes) << testing::describe(p, n);
          }
}

TEST(ScanCoarsenedWarpGpu, FastModeGivesTheCpuTwinsBits) {
  WS_SKIP_WITHOUT_GPU();
  const int64_t n = (int64_t{1} << 20) + 3;
  for (const Case& c : teach_cases())
    for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Max})
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false}) {
          const Params p = make(c.variant, op, type, inclusive, c.block_dim, c.coarsening);
          const auto values = generate_values(Distribution::Uniform, type, n, 5);
          ASSERT_EQ(fast_result(Backend::Cuda, p, values), fast_result(Backend::Cpu, p, values))
              << testing::describe(p, n);
        }
}

TEST(ScanCoarsenedWarpGpu, FastModeMatchesTheSerialScanAtLargeSizes) {
  WS_SKIP_WITHOUT_GPU();
  for (int64_t n : {(int64_t{1} << 20) + 3, int64_t{1} << 24})
    for (Variant v : {Variant::Coarsened, Variant::Hierarchical, Variant::WarpShuffle})
      for (bool inclusive : {true, false}) {
        const Params p = make(v, BinaryOp::Sum, ValueType::Int32, inclusive, 0);
        const auto values = generate_values(Distribution::Uniform, p.type, n, 77);
        const auto expected = scan_serial(p.op, p.type, inclusive, values);
        ASSERT_EQ(fast_result(Backend::Cuda, p, values), expected) << testing::describe(p, n);
      }
}

TEST(ScanCoarsenedWarpGpu, FastModeReportsATime) {
  WS_SKIP_WITHOUT_GPU();
  const int64_t n = int64_t{1} << 22;
  std::vector<int32_t> in(static_cast<size_t>(n), 1);
  for (Variant v : {Variant::Coarsened, Variant::Hierarchical, Variant::WarpShuffle}) {
    const Params p = make(v, BinaryOp::Sum, ValueType::Int32, true, 0);
    const FastRun run = fast(Backend::Cuda, p, in.data(), nullptr, n, 3);
    EXPECT_EQ(run.n, n);
    EXPECT_GT(run.median_ms, 0.0);
    EXPECT_NEAR(run.gbps, 8.0 * n / (run.median_ms * 1e6), 1e-6 * run.gbps);
  }
}

// A few small runs of every kernel (teach and fast, several levels of block sums, partial
// sections and warps) for compute-sanitizer's memcheck, racecheck and synccheck.
TEST(ScanCoarsenedWarpGpu, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  const std::vector<Case> cases = {{Variant::Coarsened, 32, 3, {90}},
                                   {Variant::Hierarchical, 4, 2, {300}},
                                   {Variant::WarpShuffle, 128, 1, {100}}};
  for (const Case& c : cases)
    for (bool inclusive : {true, false}) {
      const Params p =
          make(c.variant, BinaryOp::Sum, ValueType::Float32, inclusive, c.block_dim, c.coarsening);
      const int64_t n = c.sizes.front();
      const auto values = generate_values(Distribution::Uniform, p.type, n, 3);
      const TeachRun cpu = teach(Backend::Cpu, p, values);
      const TeachRun gpu = teach(Backend::Cuda, p, values);
      EXPECT_EQ(compare_traces(gpu.trace, cpu.trace), "") << testing::describe(p, n);
      const auto big = generate_values(Distribution::Uniform, p.type, 5000, 4);
      EXPECT_EQ(fast_result(Backend::Cuda, p, big), fast_result(Backend::Cpu, p, big))
          << testing::describe(p, 5000);
    }
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(ScanCoarsenedWarpGpu, RequestsTheDeviceCannotRunFailWithAMessage) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<int32_t> in(4096, 1), out(4096);
  // 1024 threads x 64 elements x 4 bytes = 256 KiB of shared memory per block.
  const Params huge = make(Variant::Coarsened, BinaryOp::Sum, ValueType::Int32, true, 1024, 64);
  EXPECT_NE(error_of([&] {
              fast(Backend::Cuda, huge, in.data(), out.data(), 4096, 1);
            }).find("shared memory"),
            std::string::npos);
  const Params one = make(Variant::Hierarchical, BinaryOp::Sum, ValueType::Int32, true, 1, 1);
  EXPECT_NE(error_of([&] {
              fast(Backend::Cuda, one, in.data(), out.data(), 4096, 1);
            }).find("sections of at least 2"),
            std::string::npos);
  const Params shuffle = make(Variant::WarpShuffle, BinaryOp::Sum, ValueType::Int32, true, 32);
  EXPECT_NE(error_of([&] { teach(Backend::Cuda, shuffle, std::vector<double>(33, 1.0)); }),
            "");  // more than one section in teach mode
  // After the failures the device still works.
  const Params ok = make(Variant::Hierarchical, BinaryOp::Sum, ValueType::Int32, true, 0);
  fast(Backend::Cuda, ok, in.data(), out.data(), 4096, 1);
  EXPECT_EQ(out.back(), 4096);
}

}  // namespace
}  // namespace ws::scan
