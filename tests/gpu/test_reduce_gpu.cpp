// The CUDA reduction against the CPU model (teach mode: identical results and traces), against
// host references (fast mode) and against CUB. Every test skips without a CUDA device.
#include <gtest/gtest.h>

#include "common/split_mix.h"
#include "gpu_test_support.h"
#include "../kernels/exact_inputs_test_support.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>
#include <vector>

#include "common/cuda_device.h"
#include "common/device_services.h"
#include "common/error.h"
#include "reduce/last_block_remap.h"
#include "reduce/reduce.h"
#include "reduce/reduce_cuda.h"
#include "reduce_bench.h"

namespace ws::reduce {
namespace {

constexpr int kMaxFailuresPerTest = 5;  // enough to see a pattern without flooding the log

const std::vector<Variant> kVariants = {Variant::InterleavedDivergent,
                                        Variant::InterleavedStrided,
                                        Variant::Sequential,
                                        Variant::FirstAddDuringLoad,
                                        Variant::UnrollLastWarp,
                                        Variant::WarpShuffle,
                                        Variant::Coarsened};
const std::vector<Finish> kFinishes = {Finish::TwoPass, Finish::Atomic, Finish::LastBlock};
const std::vector<ValueType> kTypes = {ValueType::Int32, ValueType::Float32};
const std::vector<BinaryOp> kOps = {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min, BinaryOp::Max};

// Seeded inputs that keep each operator interesting: products of ±1 and ±2 (small factors made
// int32 products wrap to 0 and float products underflow at the larger teach sizes), floats with
// all 24 bits in use, negatives for min and max.
std::vector<double> test_values(ValueType type, BinaryOp op, int64_t n, uint64_t seed) {
  if (op == BinaryOp::Product) return test::product_inputs(n, seed);
  SplitMix64 rng{seed};
  std::vector<double> values(static_cast<size_t>(n));
  for (double& v : values) {
    if (type == ValueType::Int32) {
      v = static_cast<int>(rng.next() % 201) - 100;
    } else if (op == BinaryOp::Sum) {
      v = rng.unit_float();
    } else {
      v = 2.0f * rng.unit_float() - 1.0f;
    }
  }
  return values;
}

Params make_params(Variant v, Finish f, ValueType type, BinaryOp op, int block_dim) {
  Params p;
  p.variant = v;
  p.finish = f;
  p.type = type;
  p.op = op;
  p.block_dim = block_dim;
  return p;
}

// The block sizes the variant accepts, among automatic (0) and 32..256.
std::vector<int> block_dims_for(Variant v, Finish f) {
  std::vector<int> dims;
  for (int b : {0, 32, 64, 128, 256}) {
    try {
      resolve_block_dim(make_params(v, f, ValueType::Int32, BinaryOp::Sum, b), 1);
      dims.push_back(b);
    } catch (const Error&) {
    }
  }
  return dims;
}

// 1..33, then 2^k - 1, 2^k, 2^k + 1 up to the teach-mode limit.
std::vector<int64_t> teach_sizes() {
  std::vector<int64_t> sizes;
  for (int64_t n = 1; n <= 33; ++n) sizes.push_back(n);
  for (int k = 6; k <= 12; ++k)
    for (int64_t n : {(int64_t{1} << k) - 1, int64_t{1} << k, (int64_t{1} << k) + 1})
      if (n <= kTeachMaxN) sizes.push_back(n);
  return sizes;
}

std::vector<float> as_floats(const std::vector<double>& values) {
  return std::vector<float>(values.begin(), values.end());
}
std::vector<int32_t> as_ints(const std::vector<double>& values) {
  std::vector<int32_t> ints(values.size());
  for (size_t i = 0; i < values.size(); ++i) ints[i] = static_cast<int32_t>(values[i]);
  return ints;
}

bench::Reference reference_for(BinaryOp op, ValueType type, const std::vector<double>& values) {
  const int64_t n = static_cast<int64_t>(values.size());
  if (type == ValueType::Int32) return bench::reduce_reference(op, type, as_ints(values).data(), n);
  return bench::reduce_reference(op, type, as_floats(values).data(), n);
}

// Teach mode: one float order differs from the model, the atomic finish of several blocks (the
// arrival order of the blocks); its sum and product get the reference tolerance.
std::string compare_teach_runs(const Params& p, const std::vector<double>& values,
                               const TeachRun& cpu, TeachRun gpu) {
  const int64_t n = static_cast<int64_t>(values.size());
  const int64_t grid = grid_dim_for(p, resolve_block_dim(p, n), n);
  const bool order_may_differ = p.type == ValueType::Float32 && p.finish == Finish::Atomic &&
                                grid > 1 && (p.op == BinaryOp::Sum || p.op == BinaryOp::Product);
  if (order_may_differ) {
    const bench::Reference ref = reference_for(p.op, p.type, values);
    if (!bench::matches(gpu.result, ref))
      return "result " + std::to_string(gpu.result) + ", reference " + std::to_string(ref.value) +
             " +- " + std::to_string(ref.tolerance);
  } else if (gpu.result != cpu.result) {
    return "result " + std::to_string(gpu.result) + ", CPU model " + std::to_string(cpu.result);
  }
  if (p.finish == Finish::LastBlock) {
    const std::string remap = reduce::remap_last_block(gpu.trace);
    if (!remap.empty()) return "last-block remap: " + remap;
  }
  const std::string diff = compare_traces(cpu.trace, gpu.trace);
  return diff.empty() ? "" : "trace (CPU vs GPU): " + diff;
}

using Config = std::tuple<Variant, Finish, ValueType, BinaryOp>;

std::string config_name(const testing::TestParamInfo<Config>& param) {
  const auto [v, f, type, op] = param.param;
  std::string name =
      std::string(info(v).id) + "_" + finish_name(f) + "_" + type_name(type) + "_" + op_name(op);
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

class TeachMatchesCpu : public testing::TestWithParam<Config> {};

TEST_P(TeachMatchesCpu, ResultsAndTraces) {
  WS_SKIP_WITHOUT_GPU();
  const auto [variant, finish, type, op] = GetParam();
  int failures = 0;
  for (int block_dim : block_dims_for(variant, finish)) {
    for (int64_t n : teach_sizes()) {
      const Params p = make_params(variant, finish, type, op, block_dim);
      const uint64_t seed = uint64_t(n) * 1000003u + uint64_t(block_dim) * 7919u +
                            uint64_t(variant) * 131u + uint64_t(finish) * 17u +
                            uint64_t(type) * 5u + uint64_t(op);
      const std::vector<double> values = test_values(type, op, n, seed);
      std::string problem;
      try {
        problem = compare_teach_runs(p, values, teach_cpu(p, values), teach_cuda(p, values));
      } catch (const Error& e) {
        problem = std::string("threw: ") + e.what();
      }
      if (!problem.empty()) {
        ADD_FAILURE() << "block_dim " << block_dim << ", n " << n << ": " << problem;
        if (++failures >= kMaxFailuresPerTest) return;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllConfigs, TeachMatchesCpu,
                         testing::Combine(testing::ValuesIn(kVariants),
                                          testing::ValuesIn(kFinishes), testing::ValuesIn(kTypes),
                                          testing::ValuesIn(kOps)),
                         config_name);

enum class FastData { Bench, Exact };

// Products of ±1 and ±2, else float sums with exact partial sums, into whichever array is sized.
void fill_exact(BinaryOp op, int64_t n, uint64_t seed, std::vector<int32_t>& ints,
                std::vector<float>& floats) {
  const std::vector<double> values =
      op == BinaryOp::Product ? test::product_inputs(n, seed) : test::exact_sum_inputs(n, seed);
  if (ints.empty())
    std::copy(values.begin(), values.end(), floats.begin());
  else
    std::copy(values.begin(), values.end(), ints.begin());
}

// Fast mode, int32 exact, float32 within the reference tolerance. Bench data: the app's uniform
// inputs (its products are 0, which proves nothing). Exact data: products of ±1 and ±2 and float
// sums whose partial sums are all exact (test::exact_sum_inputs), compared bit for bit, so one
// element left out fails (the bench tolerance for a float sum of 2^20 values is about 10).
std::string check_fast(const Params& p, int64_t n, FastData kind = FastData::Bench) {
  std::vector<int32_t> ints(p.type == ValueType::Int32 ? size_t(n) : 0);
  std::vector<float> floats(p.type == ValueType::Float32 ? size_t(n) : 0);
  void* data = p.type == ValueType::Int32 ? static_cast<void*>(ints.data())
                                          : static_cast<void*>(floats.data());
  const bool exact = kind == FastData::Exact;
  if (exact) {
    fill_exact(p.op, n, 1234 + uint64_t(n), ints, floats);
  } else {
    bench::generate_bench_data(p.type, n, 1234 + uint64_t(n), data);
  }
  const bench::Reference ref = bench::reduce_reference(p.op, p.type, data, n);
  if (exact && ref.value == 0) return "the exact reference is 0";
  try {
    const FastRun r = fast_cuda(p, data, n, 1);
    if (r.n != n || !(r.median_ms > 0)) return "bad timing record";
    if (!bench::matches(r.result, ref) || (exact && r.result != ref.value))
      return "result " + std::to_string(r.result) + ", reference " + std::to_string(ref.value) +
             " +- " + std::to_string(exact ? 0.0 : ref.tolerance);
  } catch (const Error& e) {
    return std::string("threw: ") + e.what();
  }
  return "";
}

const std::vector<int64_t> kFastSizes = {1, 1000, (int64_t{1} << 20) + 3};

class FastMatchesReference : public testing::TestWithParam<Config> {};

TEST_P(FastMatchesReference, Sizes) {
  WS_SKIP_WITHOUT_GPU();
  const auto [variant, finish, type, op] = GetParam();
  for (int64_t n : kFastSizes) {
    const std::string problem = check_fast(make_params(variant, finish, type, op, 0), n);
    EXPECT_EQ(problem, "") << "n " << n;
    if (op == BinaryOp::Product || (op == BinaryOp::Sum && type == ValueType::Float32)) {
      EXPECT_EQ(check_fast(make_params(variant, finish, type, op, 0), n, FastData::Exact), "")
          << "exact data, n " << n;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllConfigs, FastMatchesReference,
                         testing::Combine(testing::ValuesIn(kVariants),
                                          testing::ValuesIn(kFinishes), testing::ValuesIn(kTypes),
                                          testing::ValuesIn(kOps)),
                         config_name);

// Variant 7's grid cap (one wave of resident blocks) at every block size it may use.
TEST(FastCoarsened, BlockSizesAndFinishes) {
  WS_SKIP_WITHOUT_GPU();
  for (int block_dim : {32, 128, 512, 1024})
    for (Finish f : kFinishes)
      for (ValueType type : kTypes)
        for (int64_t n : {int64_t{1000}, (int64_t{1} << 22) + 1}) {
          const Params p = make_params(Variant::Coarsened, f, type, BinaryOp::Sum, block_dim);
          EXPECT_EQ(check_fast(p, n), "") << "block_dim " << block_dim << ", " << finish_name(f)
                                          << ", " << type_name(type) << ", n " << n;
          if (type == ValueType::Float32) {
            EXPECT_EQ(check_fast(p, n, FastData::Exact), "")
                << "exact data, block_dim " << block_dim << ", " << finish_name(f) << ", n " << n;
          }
        }
}

TEST(FastCub, MatchesReference) {
  WS_SKIP_WITHOUT_GPU();
  for (ValueType type : kTypes)
    for (BinaryOp op : kOps)
      for (int64_t n : kFastSizes) {
        std::vector<int32_t> ints(type == ValueType::Int32 ? size_t(n) : 0);
        std::vector<float> floats(type == ValueType::Float32 ? size_t(n) : 0);
        void* data = type == ValueType::Int32 ? static_cast<void*>(ints.data())
                                              : static_cast<void*>(floats.data());
        bench::generate_bench_data(type, n, 99, data);
        const bench::Reference ref = bench::reduce_reference(op, type, data, n);
        const FastRun r = fast_cub(op, type, data, n, 1);
        EXPECT_TRUE(bench::matches(r.result, ref))
            << type_name(type) << " " << op_name(op) << ", n " << n << ": " << r.result << " vs "
            << ref.value << " +- " << ref.tolerance;
        if (op != BinaryOp::Product && !(op == BinaryOp::Sum && type == ValueType::Float32))
          continue;
        fill_exact(op, n, 99, ints, floats);  // exact in any order: bit for bit, and not 0
        const bench::Reference exact = bench::reduce_reference(op, type, data, n);
        ASSERT_NE(exact.value, 0) << type_name(type) << " " << op_name(op) << ", n " << n;
        EXPECT_EQ(fast_cub(op, type, data, n, 1).result, exact.value)
            << "exact data, " << type_name(type) << " " << op_name(op) << ", n " << n;
      }
}

TEST(FastCuda, CopyBandwidthIsMeasured) {
  WS_SKIP_WITHOUT_GPU();
  const double gbps = measure_copy_bandwidth_gbps();
  EXPECT_GT(gbps, 10.0);
  EXPECT_LT(gbps, 100000.0);
}

// The memory check runs before any allocation or upload, so the host buffer is never read.
TEST(FastCuda, RequestBeyondDeviceMemoryThrows) {
  WS_SKIP_WITHOUT_GPU();
  const int64_t n = cuda_memory_info().total_bytes / 4 + (int64_t{1} << 20);
  const std::vector<float> one_value(1, 1.0f);
  for (Variant v : {Variant::Sequential, Variant::Coarsened}) {
    const Params p = make_params(v, Finish::TwoPass, ValueType::Float32, BinaryOp::Sum, 0);
    try {
      fast_cuda(p, one_value.data(), n, 1);
      ADD_FAILURE() << info(v).id << ": no ws::Error for " << n << " values";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("GiB free"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(fast_cub(BinaryOp::Sum, ValueType::Float32, one_value.data(), n, 1), Error);
  // The device is still usable afterwards.
  EXPECT_EQ(check_fast(make_params(Variant::Coarsened, Finish::TwoPass, ValueType::Int32,
                                   BinaryOp::Sum, 0),
                       1000),
            "");
}

TEST(TeachCuda, RejectsWhatTheCpuModelRejects) {
  WS_SKIP_WITHOUT_GPU();
  const Params p =
      make_params(Variant::Sequential, Finish::TwoPass, ValueType::Int32, BinaryOp::Sum, 0);
  EXPECT_THROW(teach_cuda(p, {}), Error);
  EXPECT_THROW(teach_cuda(p, std::vector<double>(kTeachMaxN + 1, 1.0)), Error);
  const Params too_small =
      make_params(Variant::UnrollLastWarp, Finish::TwoPass, ValueType::Int32, BinaryOp::Sum, 32);
  EXPECT_THROW(teach_cuda(too_small, {1, 2, 3}), Error);
}

// A small run of every variant and finish in both modes, for compute-sanitizer (memcheck and
// racecheck): scripts/device-check.sh runs this filter under the sanitizer.
TEST(SanitizerSmoke, TeachAndFast) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kVariants)
    for (Finish f : kFinishes)
      for (const auto& [type, op] : {std::pair{ValueType::Int32, BinaryOp::Sum},
                                     std::pair{ValueType::Float32, BinaryOp::Product}}) {
        const Params p = make_params(v, f, type, op, 64);
        for (int64_t n : {1, 100, 1000}) {
          const std::vector<double> values = test_values(type, op, n, 7 + uint64_t(n));
          std::string problem;
          try {
            problem = compare_teach_runs(p, values, teach_cpu(p, values), teach_cuda(p, values));
          } catch (const Error& e) {
            problem = std::string("threw: ") + e.what();
          }
          EXPECT_EQ(problem, "") << info(v).id << " " << finish_name(f) << " " << type_name(type)
                                 << " n " << n;
        }
        for (int64_t n : {int64_t{1000}, int64_t{65539}})
          EXPECT_EQ(check_fast(make_params(v, f, type, op, 0), n), "")
              << info(v).id << " " << finish_name(f) << " " << type_name(type) << " n " << n;
      }
}

}  // namespace
}  // namespace ws::reduce
