// The global-memory variants (8 simple-global, 9 convergent-global, 10 reduce-global): results
// against std::accumulate for every size the kernels take, sizes they do not take rejected with a
// message, the input overwritten in place, and the 128-byte requests PMPP counts for Fig. 10.6 and
// Fig. 10.9 (N = 256: 141 and 36; N = 2048: 1149 and 204, worked by hand in the comments).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "common/counters.h"
#include "common/error.h"
#include "exact_inputs_test_support.h"
#include "reduce/reduce_global.h"
#include "reduce_test_support.h"

namespace ws::test {
namespace {

using reduce::Params;
using reduce::Variant;

constexpr Variant kGlobalVariants[] = {Variant::SimpleGlobal, Variant::ConvergentGlobal,
                                       Variant::ReduceGlobal};

Params global_params_of(Variant v, BinaryOp op = BinaryOp::Sum, ValueType type = ValueType::Int32) {
  Params p;
  p.variant = v;
  p.op = op;
  p.type = type;
  return p;
}

// The sizes teach mode takes: powers of two, 2..2048 for the books' one-block kernels, 1..4096
// for reduce-global.
std::vector<int64_t> global_teach_sizes(Variant v) {
  std::vector<int64_t> sizes;
  const int64_t first = v == Variant::ReduceGlobal ? 1 : 2;
  const int64_t last = v == Variant::ReduceGlobal ? reduce::kTeachMaxN : 2048;
  for (int64_t n = first; n <= last; n *= 2) sizes.push_back(n);
  return sizes;
}

TEST(ReduceGlobalCpu, TeachResultsMatchStdAccumulateForEveryOperatorTypeAndSize) {
  for (Variant v : kGlobalVariants)
    for (ValueType type : {ValueType::Int32, ValueType::Float32})
      for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Product, BinaryOp::Min, BinaryOp::Max})
        for (int64_t n : global_teach_sizes(v)) {
          const auto values = operator_inputs(op, type, n, 31 * n + 7);
          const double expected = std_reference(op, type, values);
          const auto run = reduce::teach_cpu(global_params_of(v, op, type), values);
          const double tolerance = type == ValueType::Int32 || op == BinaryOp::Product
                                       ? 0
                                       : float_tolerance(op, values, expected);
          ASSERT_NEAR(run.result, expected, tolerance)
              << reduce::info(v).id << " " << op_name(op) << " " << type_name(type) << " n=" << n;
        }
}

TEST(ReduceGlobalCpu, FastResultsMatchForEverySizeFrom1To2049) {
  // Fast mode pads to whole blocks with the identity, so odd sizes run too.
  for (Variant v : kGlobalVariants)
    for (int block : {0, 4, 32})
      for (int64_t n = 1; n <= 2049; n += (n < 70 ? 1 : 37)) {
        Params p = global_params_of(v);
        p.block_dim = block;
        const auto values = generate_values(Distribution::Uniform, ValueType::Int32, n, n);
        std::vector<int32_t> ints(values.begin(), values.end());
        const auto run = reduce::fast_cpu(p, ints.data(), n, 1);
        ASSERT_EQ(run.result, std_reference(BinaryOp::Sum, ValueType::Int32, values))
            << reduce::info(v).id << " block=" << block << " n=" << n;
        Params pf = p;
        pf.type = ValueType::Float32;
        const auto floats = generate_values(Distribution::Uniform, ValueType::Float32, n, n);
        const std::vector<float> data(floats.begin(), floats.end());
        const double expected = std_reference(BinaryOp::Sum, ValueType::Float32, floats);
        ASSERT_NEAR(reduce::fast_cpu(pf, data.data(), n, 1).result, expected,
                    float_tolerance(BinaryOp::Sum, floats, expected))
            << reduce::info(v).id << " float block=" << block << " n=" << n;
      }
}

TEST(ReduceGlobalCpu, SizesTheKernelsDoNotTakeAreRejectedWithAMessage) {
  const auto values = [](int64_t n) {
    return generate_values(Distribution::Uniform, ValueType::Int32, n, 3);
  };
  for (Variant v : {Variant::SimpleGlobal, Variant::ConvergentGlobal}) {
    for (int64_t n : {1, 3, 255, 257, 4096}) {
      try {
        reduce::teach_cpu(global_params_of(v), values(n));
        FAIL() << reduce::info(v).id << " accepted n=" << n;
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find("--n "), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("power of two from 2 to 2048"), std::string::npos)
            << e.what();
      }
    }
    Params p = global_params_of(v);
    p.block_dim = 64;  // 256 inputs need one block of 128
    EXPECT_THROW(reduce::teach_cpu(p, values(256)), Error);
    p.block_dim = 128;
    EXPECT_NO_THROW(reduce::teach_cpu(p, values(256)));
    p.finish = reduce::Finish::Atomic;
    EXPECT_THROW(reduce::teach_cpu(p, values(256)), Error);
  }
  EXPECT_THROW(reduce::teach_cpu(global_params_of(Variant::ReduceGlobal), values(100)), Error);
  EXPECT_THROW(reduce::resolve_block_dim(global_params_of(Variant::SimpleGlobal), 100), Error);
  EXPECT_EQ(reduce::resolve_block_dim(global_params_of(Variant::SimpleGlobal), 512), 256);
}

// Replays the trace: the input array itself holds the running sums (no shared memory, no
// registers), element 0 ends with the total, and the result is written from it.
TEST(ReduceGlobalCpu, TheInputIsOverwrittenInPlace) {
  for (Variant v : kGlobalVariants) {
    const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 64, 5);
    const auto run = reduce::teach_cpu(global_params_of(v), values);
    for (const TraceBuffer& b : run.trace.buffers) EXPECT_EQ(b.space, MemSpace::Global) << b.name;
    ASSERT_EQ(run.trace.buffers[0].name, "input");
    const auto replay = replay_snapshots(run.trace);
    const auto& last = replay.back();
    EXPECT_EQ(last[0][0], std_reference(BinaryOp::Sum, ValueType::Int32, values));
    EXPECT_EQ(last[1][0], run.result);
    int64_t writes_to_input = 0;
    for (const TraceStep& s : run.trace.steps)
      for (const TraceEvent& e : s.events)
        if (e.kind == EventKind::Write && e.buffer == 0) ++writes_to_input;
    EXPECT_EQ(writes_to_input, 63) << reduce::info(v).id;  // one per operation: n - 1
  }
}

// reduce-global: 4096 inputs in blocks of 256 -> 16 block values in "partials", reduced in place
// by a second launch of one block of 16 threads.
TEST(ReduceGlobalCpu, ReduceGlobalRunsASecondLaunchOnTheBlockValues) {
  const auto values = generate_values(Distribution::Uniform, ValueType::Int32, 4096, 9);
  const auto run = reduce::teach_cpu(global_params_of(Variant::ReduceGlobal), values);
  ASSERT_EQ(run.trace.buffers.size(), 3u);
  EXPECT_EQ(run.trace.buffers[2].name, "partials");
  EXPECT_EQ(run.trace.buffers[2].size, 16);
  // 8 levels + store, then 4 levels + store.
  ASSERT_EQ(run.trace.steps.size(), 14u);
  EXPECT_EQ(run.trace.steps[0].grid_dim, 16);
  EXPECT_EQ(run.trace.steps[0].block_dim, 256);
  EXPECT_EQ(run.trace.steps[9].label, "pass 2: stride 8");
  EXPECT_EQ(run.trace.steps[9].grid_dim, 1);
  EXPECT_EQ(run.trace.steps[9].block_dim, 16);
}

int64_t requests_of(Variant v, int64_t n) {
  const auto run = reduce::teach_cpu(
      global_params_of(v), generate_values(Distribution::Uniform, ValueType::Int32, n, 11));
  return reduce::book_requests(run.trace, compute_counters(run.trace));
}

// Fig. 10.6, N = 256, 128 threads = 4 warps. Strides 1..16: every warp has an owner in each
// 128-byte half of its 64-element span, so read input[i], read input[i + stride] and the write
// touch 2 lines each: 4 x 3 x 2 = 24 a level, 120. Stride 32: one owner per warp, 1 line per
// access: 12; stride 64: two warps, 6; stride 128: one, 3. 120 + 12 + 6 + 3 = 141.
// N = 2048 (32 warps): 5 x 192 + 96 + 48 + 24 + 12 + 6 + 3 = 1149.
TEST(ReduceGlobalCpu, SimpleKernelMakesTheBooks141And1149Requests) {
  EXPECT_EQ(requests_of(Variant::SimpleGlobal, 256), 141);
  EXPECT_EQ(requests_of(Variant::SimpleGlobal, 2048), 1149);
}

// Fig. 10.9, N = 256: stride 128: 4 warps x 3 accesses x 1 line = 12; 64: 6; 32: 3; strides
// 16..1: one partly active warp, 3 each: 15. 12 + 6 + 3 + 15 = 36.
// N = 2048: 96 + 48 + 24 + 12 + 6 + 3 + 15 = 204.
TEST(ReduceGlobalCpu, ConvergentKernelMakesTheBooks36And204Requests) {
  EXPECT_EQ(requests_of(Variant::ConvergentGlobal, 256), 36);
  EXPECT_EQ(requests_of(Variant::ConvergentGlobal, 2048), 204);
}

// The final store (thread 0 reads input[0], writes the output) adds one line each, which the
// book's figures leave out: the whole run's global_lines is 2 more.
TEST(ReduceGlobalCpu, TheStoreAddsTwoLinesTheBookLeavesOut) {
  const auto run =
      reduce::teach_cpu(global_params_of(Variant::ConvergentGlobal),
                        generate_values(Distribution::Uniform, ValueType::Int32, 256, 2));
  EXPECT_EQ(compute_counters(run.trace).global_lines, 36 + 2);
  // Sectors: a 32-int warp access covers 4 sectors where it covers one line.
  const Counters c = compute_counters(run.trace);
  EXPECT_EQ(c.per_step[0].global_lines, 12);
  EXPECT_EQ(c.per_step[0].global_requests, 48);
}

}  // namespace
}  // namespace ws::test
