// The global-memory reduction variants (8 simple-global, 9 convergent-global, 10 reduce-global)
// on the GPU: teach traces equal the CPU twin's event for event, results equal the twin's, fast
// mode (padded, in place, the input restored before every timed run) matches the host reference
// over many sizes and repeated runs, and the books' request counts come out of the GPU trace too.
// Every test skips without a CUDA device.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/counters.h"
#include "common/error.h"
#include "common/inputs.h"
#include "gpu_test_support.h"
#include "../kernels/exact_inputs_test_support.h"
#include "reduce/reduce.h"
#include "reduce/reduce_cuda.h"
#include "reduce/reduce_global.h"
#include "reduce/segmented_reduce.h"
#include "reduce_bench.h"

namespace ws::reduce {
namespace {

const Variant kGlobal[] = {Variant::SimpleGlobal, Variant::ConvergentGlobal, Variant::ReduceGlobal};

Params global_params(Variant v, ValueType type, BinaryOp op, int block = 0) {
  Params p;
  p.variant = v;
  p.type = type;
  p.op = op;
  p.block_dim = block;
  return p;
}

TEST(GlobalTeachCuda, TracesEqualTheTwinsEventForEvent) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kGlobal)
    for (ValueType type : {ValueType::Int32, ValueType::Float32})
      for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min, BinaryOp::Max})
        for (int64_t n = v == Variant::ReduceGlobal ? 1 : 2;
             n <= (v == Variant::ReduceGlobal ? kTeachMaxN : 2048); n *= 2)
          for (int block :
               v == Variant::ReduceGlobal ? std::vector<int>{0, 4, 64} : std::vector<int>{0}) {
            const Params p = global_params(v, type, op, block);
            const auto values =  // products of ±1 and ±2: no overflow, exact in any order
                op == BinaryOp::Product
                    ? test::product_inputs(n, 17 * uint64_t(n) + block)
                    : generate_values(Distribution::Uniform, type, n, 17 * uint64_t(n) + block);
            const TeachRun cpu = teach_cpu(p, values);
            const TeachRun gpu = teach_cuda(p, values);
            const std::string where = std::string(info(v).id) + " " + type_name(type) + " " +
                                      op_name(op) + " n=" + std::to_string(n) +
                                      " block=" + std::to_string(block);
            ASSERT_EQ(gpu.result, cpu.result) << where;
            ASSERT_EQ(compare_traces(cpu.trace, gpu.trace), "") << where;
          }
}

TEST(GlobalTeachCuda, TheBooksRequestCountsComeFromTheGpuTrace) {
  WS_SKIP_WITHOUT_GPU();
  const auto requests = [](Variant v, int64_t n) {
    const auto values = generate_values(Distribution::Uniform, ValueType::Int32, n, 3);
    const TeachRun run = teach_cuda(global_params(v, ValueType::Int32, BinaryOp::Sum), values);
    return book_requests(run.trace, compute_counters(run.trace));
  };
  EXPECT_EQ(requests(Variant::SimpleGlobal, 256), 141);
  EXPECT_EQ(requests(Variant::ConvergentGlobal, 256), 36);
  EXPECT_EQ(requests(Variant::SimpleGlobal, 2048), 1149);
  EXPECT_EQ(requests(Variant::ConvergentGlobal, 2048), 204);
}

TEST(GlobalTeachCuda, RejectsWhatTheTwinRejects) {
  WS_SKIP_WITHOUT_GPU();
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 300, 1);
  for (Variant v : kGlobal)
    EXPECT_THROW(teach_cuda(global_params(v, ValueType::Int32, BinaryOp::Sum), values), Error);
}

// Fast mode overwrites its input: five timed repeats must all start from the restored input, so
// the result equals the reference (a run on an unrestored input would reduce partial sums).
TEST(GlobalFastCuda, MatchesTheReferenceOverSizesAndRepeats) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kGlobal)
    for (ValueType type : {ValueType::Int32, ValueType::Float32})
      for (int64_t n : {int64_t{1}, int64_t{3}, int64_t{2048}, int64_t{2049}, int64_t{100000},
                        int64_t{1} << 20, (int64_t{1} << 22) + 5})
        for (int block : {0, 128}) {
          const Params p = global_params(v, type, BinaryOp::Sum, block);
          std::vector<unsigned char> data(size_t(n) * 4);
          bench::generate_bench_data(type, n, 99 + uint64_t(n), data.data());
          const bench::Reference ref = bench::reduce_reference(p.op, type, data.data(), n);
          const FastRun r = fast_cuda(p, data.data(), n, 5);
          EXPECT_TRUE(bench::matches(r.result, ref))
              << info(v).id << " " << type_name(type) << " n=" << n << " block=" << block << ": "
              << r.result << " vs " << ref.value;
          if (type == ValueType::Int32) {
            EXPECT_EQ(r.result, ref.value) << info(v).id << " " << n;
          }
          EXPECT_GT(r.median_ms, 0.0);
        }
}

TEST(GlobalFastCuda, CpuTwinAndGpuAgreeOnIntegers) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kGlobal) {
    const int64_t n = 777777;
    std::vector<int32_t> data(static_cast<size_t>(n));
    bench::generate_bench_data(ValueType::Int32, n, 5, data.data());
    const Params p = global_params(v, ValueType::Int32, BinaryOp::Max);
    EXPECT_EQ(fast_cuda(p, data.data(), n, 2).result, fast_cpu(p, data.data(), n, 1).result)
        << info(v).id;
  }
}

// The segmented reduction's kernel against its twin: the lecture's example, one-element segments
// and random segmentations up to one full block, every operator, both types.
TEST(SegmentedTeachCuda, TracesAndTotalsEqualTheTwins) {
  WS_SKIP_WITHOUT_GPU();
  std::vector<SegmentedInput> inputs = {
      {{1, 2, 6, 7, 1, 1, 2, 3, 4}, {1, 0, 1, 0, 0, 1, 0, 0, 0}},  // [1 2] [6 7 1] [1 2 3 4]
      {{5, 1, 2, 7}, {1, 1, 0, 1}},                                // [5] [1 2] [7]
      {{42}, {1}}};
  uint64_t state = 12345;
  auto next = [&] { return state = state * 6364136223846793005ull + 1442695040888963407ull; };
  for (int n : {31, 32, 33, 100, 513, 1024}) {
    SegmentedInput in;
    for (int i = 0; i < n; ++i) {
      in.values.push_back(static_cast<int>((next() >> 33) % 19) - 9);
      in.heads.push_back(i == 0 || (next() >> 40) % 7 == 0);
    }
    inputs.push_back(in);
  }
  for (const SegmentedInput& in : inputs)
    for (ValueType type : {ValueType::Int32, ValueType::Float32})
      for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min, BinaryOp::Max}) {
        const SegmentedRun cpu = segmented_teach_cpu(op, type, in);
        const SegmentedRun gpu = segmented_teach_cuda(op, type, in);
        const std::string where = std::string(type_name(type)) + " " + op_name(op) +
                                  " n=" + std::to_string(in.values.size());
        EXPECT_EQ(gpu.totals, cpu.totals) << where;
        EXPECT_EQ(compare_traces(cpu.trace, gpu.trace), "") << where;
      }
}

}  // namespace
}  // namespace ws::reduce
