// The CUDA Kogge-Stone (1, 2, 3) and tree (4 both mappings, 5) scans against their CPU twins:
// teach mode gives the same result and the same trace event for event (-fmad=false on the device,
// -ffp-contract=off on the host: floats match bit for bit); fast mode runs the hierarchical driver
// and matches the twins' CPU mirror of it bit for bit, and the standard library's scan (int32
// exactly). The race toggle really runs without the barrier. Every test skips without a device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "../kernels/scan_section_test_support.h"
#include "common/error.h"
#include "common/trace.h"
#include "gpu_test_support.h"
#include "scan/scan.h"
#include "scan/scan_run.h"

namespace ws::scan {
namespace {

using testing::kAllOps;
using testing::kAllTypes;

std::vector<Params> every_variant() {
  std::vector<Params> all;
  for (Variant v : {Variant::KoggeStone, Variant::KoggeStoneDouble, Variant::KoggeStoneExclusive,
                    Variant::BrentKung, Variant::Blelloch}) {
    for (Mapping m : {Mapping::Contiguous, Mapping::Divergent}) {
      if (m == Mapping::Divergent && v != Variant::BrentKung) continue;
      Params p;
      p.variant = v;
      p.mapping = m;
      p.inclusive = v != Variant::KoggeStoneExclusive;
      all.push_back(p);
    }
  }
  return all;
}

std::vector<Params> every_combination() {
  std::vector<Params> all;
  for (const Params& base : every_variant())
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false}) {
          if (base.variant == Variant::KoggeStoneExclusive && inclusive) continue;
          Params p = base;
          p.op = op;
          p.type = type;
          p.inclusive = inclusive;
          all.push_back(p);
        }
  return all;
}

int64_t max_section(const Params& p) {
  return section_size(p, 1024);
}

void expect_teach_matches_cpu(const Params& p, int64_t n, uint64_t seed) {
  const auto values = generate_values(Distribution::Uniform, p.type, n, seed);
  const TeachRun cpu = teach(Backend::Cpu, p, values);
  const TeachRun gpu = teach(Backend::Cuda, p, values);
  const std::string context = testing::describe(p, n);
  EXPECT_EQ(gpu.result, cpu.result) << context;
  EXPECT_EQ(compare_traces(cpu.trace, gpu.trace), "") << context;
  EXPECT_EQ(gpu.level_sizes, cpu.level_sizes) << context;
}

TEST(ScanKoggeStoneTreeGpu, TeachMatchesTheCpuTwinOnSmallInputs) {
  WS_SKIP_WITHOUT_GPU();
  for (const Params& p : every_combination())
    for (int64_t n : {1, 2, 33, 64}) expect_teach_matches_cpu(p, n, 40 + n);
}

TEST(ScanKoggeStoneTreeGpu, TeachMatchesTheCpuTwinUpToAFullSection) {
  WS_SKIP_WITHOUT_GPU();
  for (const Params& p : every_combination())
    for (int64_t n : {int64_t{100}, int64_t{255}, max_section(p) - 1, max_section(p)})
      expect_teach_matches_cpu(p, n, 50 + n);
}

std::vector<double> fast_result(Backend backend, const Params& p,
                                const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  std::vector<double> result(values.size());
  if (p.type == ValueType::Int32) {
    std::vector<int32_t> in(values.begin(), values.end()), out(values.size());
    fast(backend, p, in.data(), out.data(), n, 1);
    result.assign(out.begin(), out.end());
  } else {
    std::vector<float> in(values.begin(), values.end()), out(values.size());
    fast(backend, p, in.data(), out.data(), n, 1);
    result.assign(out.begin(), out.end());
  }
  return result;
}

// A few runs of every kernel (teach with 2 and 32 warps, fast over several levels): small enough
// for compute-sanitizer's memcheck, racecheck and synccheck.
TEST(ScanKoggeStoneTreeGpu, RepresentativeRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (const Params& base : every_variant()) {
    Params p = base;
    p.inclusive = base.variant != Variant::KoggeStoneExclusive;
    expect_teach_matches_cpu(p, max_section(p), 70);
    p.type = ValueType::Float32;
    p.op = BinaryOp::Max;
    p.inclusive = false;
    expect_teach_matches_cpu(p, 64, 71);
    p.block_dim = 32;
    const auto values = generate_values(Distribution::Uniform, p.type, 5000, 72);
    EXPECT_EQ(fast_result(Backend::Cuda, p, values), fast_result(Backend::Cpu, p, values))
        << testing::describe(p, 5000);
  }
}

// GPU fast == the CPU mirror of the hierarchy bit for bit, and == std (int32, min, max).
void expect_fast_matches(const Params& p, int64_t n) {
  const auto values = generate_values(Distribution::Uniform, p.type, n, 60);
  const std::string context = testing::describe(p, n);
  const auto gpu = fast_result(Backend::Cuda, p, values);
  EXPECT_EQ(gpu, fast_result(Backend::Cpu, p, values)) << context;
  if (p.type == ValueType::Int32 || p.op == BinaryOp::Min || p.op == BinaryOp::Max) {
    EXPECT_EQ(gpu, testing::std_scan(p.op, p.type, p.inclusive, values)) << context;
  }
}

TEST(ScanKoggeStoneTreeGpu, FastModeOnSmallSectionsMatchesTheCpuMirror) {
  WS_SKIP_WITHOUT_GPU();
  for (const Params& base : every_combination()) {
    Params p = base;
    p.block_dim = 8;  // 3 levels of block sums for 5000 elements
    expect_fast_matches(p, 5000);
  }
}

TEST(ScanKoggeStoneTreeGpu, FastModeAtAMillionMatchesTheCpuMirrorAndTheStandardLibrary) {
  WS_SKIP_WITHOUT_GPU();
  for (const Params& p : every_combination()) expect_fast_matches(p, (int64_t{1} << 20) + 3);
}

// Times one fast run and the library on the same data, and prints them (docs/performance.md).
void print_timing(const Params& p, int64_t n) {
  std::vector<int32_t> in(static_cast<size_t>(n));
  generate_typed(Distribution::Uniform, ValueType::Int32, n, 62, in.data());
  const FastRun run = fast(Backend::Cuda, p, in.data(), nullptr, n, 10);
  const FastRun library =
      fast_library(Backend::Cuda, p.op, p.type, p.inclusive, in.data(), nullptr, n, 10);
  EXPECT_GT(run.median_ms, 0.0);
  std::printf("timing %-20s %-10s int32 sum n=%lld: %.3f ms %.1f GB/s; %s %.3f ms %.1f GB/s\n",
              info(p.variant).id, p.variant == Variant::BrentKung ? mapping_name(p.mapping) : "",
              static_cast<long long>(n), run.median_ms, run.gbps, library_name(Backend::Cuda),
              library.median_ms, library.gbps);
}

TEST(ScanKoggeStoneTreeGpu, FastModeAt16MillionMatchesTheStandardLibrary) {
  WS_SKIP_WITHOUT_GPU();
  for (const Params& base : every_variant()) {
    Params p = base;
    p.op = BinaryOp::Sum;
    expect_fast_matches(p, int64_t{1} << 24);
    print_timing(p, int64_t{1} << 24);
    p.type = ValueType::Float32;
    const int64_t n = (int64_t{1} << 24) + 1;
    const auto values = generate_values(Distribution::Uniform, p.type, n, 61);
    const auto gpu = fast_result(Backend::Cuda, p, values);
    // float sums of 16M values against sums in double: a float loop would be far off itself,
    // the hierarchy rounds each element's few combinations relative to its running total
    double running = 0;
    for (int64_t i = 0; i < n; ++i) {
      const double before = running;
      running += values[i];
      if (i % 4099 == 0 || i == n - 1) {
        const double expected = p.inclusive ? running : before;
        ASSERT_NEAR(gpu[i], expected, 1e-5 * std::max(1.0, expected)) << testing::describe(p, n);
      }
    }
  }
}

TEST(ScanKoggeStoneTreeGpu, TheRaceRunsWithoutTheBarrier) {
  WS_SKIP_WITHOUT_GPU();
  Params p;
  p.race = true;
  p.block_dim = 64;
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 64, 21);
  const TeachRun cpu = teach(Backend::Cpu, p, values);
  const TeachRun gpu = teach(Backend::Cuda, p, values);
  // The same accesses in the same steps; the values depend on the hardware's schedule.
  ASSERT_EQ(gpu.trace.steps.size(), cpu.trace.steps.size());
  for (size_t s = 0; s < cpu.trace.steps.size(); ++s)
    EXPECT_EQ(gpu.trace.steps[s].events.size(), cpu.trace.steps[s].events.size()) << s;
  const bool wrong = gpu.result != scan_serial(p.op, p.type, true, values);
  std::printf("race on the GPU, block 64: the result is %s\n", wrong ? "wrong" : "right");
  EXPECT_EQ(testing::final_output(gpu.trace), gpu.result);
}

TEST(ScanKoggeStoneTreeGpu, TheRaceInFastModeRunsWithoutTheBarrier) {
  WS_SKIP_WITHOUT_GPU();
  Params p;
  p.block_dim = 1024;
  const int64_t n = int64_t{1} << 16;
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, n, 23);
  const auto reference = testing::std_scan(p.op, p.type, true, values);
  EXPECT_EQ(fast_result(Backend::Cuda, p, values), reference);
  p.race = true;
  const auto raced = fast_result(Backend::Cuda, p, values);
  int64_t wrong = 0;
  for (int64_t i = 0; i < n; ++i) wrong += raced[i] != reference[i];
  std::printf("race on the GPU, fast mode, 64 blocks of 1024: %lld of %lld results wrong\n",
              static_cast<long long>(wrong), static_cast<long long>(n));
  EXPECT_EQ(raced.size(), reference.size());
}

TEST(ScanKoggeStoneTreeGpu, ErrorsNameTheProblem) {
  WS_SKIP_WITHOUT_GPU();
  Params p;
  p.block_dim = 32;
  EXPECT_THROW(teach(Backend::Cuda, p, std::vector<double>(33, 1.0)), Error);
  p.variant = Variant::Blelloch;
  EXPECT_THROW(teach(Backend::Cuda, p, std::vector<double>(65, 1.0)), Error);
  int32_t one = 1;
  EXPECT_THROW(fast(Backend::Cuda, p, &one, &one, 0, 1), Error);
  p.variant = Variant::KoggeStoneDouble;
  p.race = true;
  EXPECT_THROW(fast(Backend::Cuda, p, &one, &one, 1, 1), Error);
}

}  // namespace
}  // namespace ws::scan
