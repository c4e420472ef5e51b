// The single-pass scans' CPU twin (chained 8, decoupled look-back 9): results against
// std::inclusive_scan / std::exclusive_scan, fast mode equal to teach mode, the trace's structure,
// the look-back steps against the modelled schedule, and the timeline's invariants.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "common/inputs.h"
#include "common/error.h"
#include "scan/scan.h"
#include "scan/scan_run.h"
#include "scan/scan_single_pass_model.h"
#include "exact_inputs_test_support.h"
#include "scan_section_test_support.h"

namespace ws::scan {
namespace {

using testing::describe;
using testing::expect_scan_near;
using testing::final_output;
using testing::input_reads;
using testing::kAllOps;
using testing::kAllTypes;
using testing::std_scan;

constexpr Variant kSinglePass[] = {Variant::Chained, Variant::DecoupledLookback};

struct ShapeCase {
  int block_dim, coarsening;
};
// One thread per block (the longest chains), odd coarsening, a few threads, the automatic shape.
constexpr ShapeCase kShapes[] = {{1, 1}, {2, 3}, {4, 4}, {0, 4}};

Params params(Variant v, BinaryOp op, ValueType type, bool inclusive, ShapeCase shape) {
  Params p;
  p.variant = v;
  p.op = op;
  p.type = type;
  p.inclusive = inclusive;
  p.block_dim = shape.block_dim;
  p.coarsening = shape.coarsening;
  return p;
}

std::vector<int64_t> sizes() {
  std::vector<int64_t> s;
  for (int64_t n = 1; n <= 33; ++n) s.push_back(n);
  for (int64_t k : {64, 128, 256, 512}) s.insert(s.end(), {k - 1, k, k + 1});
  return s;
}

// The app's seeded inputs; products of ±1 and ±2 (products of the uniform ones vanish).
std::vector<double> values_for(BinaryOp op, ValueType type, int64_t n, uint64_t seed) {
  return ws::test::operator_inputs(op, type, n, seed);
}

TEST(ScanSinglePassCpu, EveryOperatorTypeAndDirectionMatchesTheStandardLibrary) {
  for (Variant v : kSinglePass)
    for (BinaryOp op : kAllOps)
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false})
          for (ShapeCase shape : kShapes)
            for (int64_t n : sizes()) {
              if (shape.block_dim == 1 && n > 130) continue;  // 130 one-thread blocks suffice
              const Params p = params(v, op, type, inclusive, shape);
              const std::vector<double> x = values_for(op, type, n, 7 + uint64_t(n));
              const TeachRun run = teach_cpu(p, x);
              expect_scan_near(run.result, std_scan(op, type, inclusive, x), type, op,
                               describe(p, n));
              if (type == ValueType::Float32 && op == BinaryOp::Sum) {
                // The order's own bound: a block's section is a tree (its depth), then the
                // chain or look-back adds one carry per predecessor section, in sequence.
                const int64_t section = section_size(p, resolve_block_dim(p, n));
                const int64_t sections = (n + section - 1) / section;
                const int depth = static_cast<int>(sections) + testing::tree_order_depth(section);
                EXPECT_TRUE(testing::float_sum_scan_within_depth(run.result, x, inclusive, depth))
                    << describe(p, n);
              }
              if (::testing::Test::HasFatalFailure()) return;
            }
}

TEST(ScanSinglePassCpu, RandomSeedsAtTeachSizes) {
  for (Variant v : kSinglePass)
    for (uint64_t seed : {1u, 2u, 3u})
      for (int64_t n : {1000, 4095, 4096}) {
        Params p = params(v, BinaryOp::Sum, ValueType::Int32, seed % 2 == 1, {8, 4});
        const std::vector<double> x = values_for(p.op, p.type, n, seed);
        EXPECT_EQ(teach_cpu(p, x).result, std_scan(p.op, p.type, p.inclusive, x)) << describe(p, n);
      }
}

// The standard library's serial order and the twin's order agree exactly on sums of small
// integers held as floats.
TEST(ScanSinglePassCpu, FloatSumsOfSmallIntegersAreExact) {
  for (Variant v : kSinglePass)
    for (bool inclusive : {true, false}) {
      const Params p = params(v, BinaryOp::Sum, ValueType::Float32, inclusive, {4, 3});
      const std::vector<double> x =
          generate_values(Distribution::Uniform, ValueType::Int32, 777, 99);
      EXPECT_EQ(teach_cpu(p, x).result, std_scan(p.op, p.type, inclusive, x)) << describe(p, 777);
    }
}

TEST(ScanSinglePassCpu, FastModeEqualsTeachModeBitForBit) {
  for (Variant v : kSinglePass)
    for (BinaryOp op : {BinaryOp::Sum, BinaryOp::Max})
      for (ValueType type : kAllTypes)
        for (bool inclusive : {true, false})
          for (ShapeCase shape : kShapes)
            for (int64_t n : {1, 17, 100, 1025}) {
              const Params p = params(v, op, type, inclusive, shape);
              const std::vector<double> x = values_for(op, type, n, 5);
              const TeachRun teach = teach_cpu(p, x);
              std::vector<double> fast(static_cast<size_t>(n));
              if (type == ValueType::Int32) {
                std::vector<int32_t> in(x.begin(), x.end()), out(static_cast<size_t>(n));
                fast_cpu(p, in.data(), out.data(), n, 1);
                fast.assign(out.begin(), out.end());
              } else {
                std::vector<float> in(x.begin(), x.end()), out(static_cast<size_t>(n));
                fast_cpu(p, in.data(), out.data(), n, 1);
                fast.assign(out.begin(), out.end());
              }
              EXPECT_EQ(fast, teach.result) << describe(p, n);
            }
}

TEST(ScanSinglePassCpu, FastModeAtLargeSizesMatchesTheStandardLibrary) {
  for (Variant v : kSinglePass)
    for (int64_t n : {(int64_t{1} << 20) + 3, int64_t{1} << 21}) {
      Params p = params(v, BinaryOp::Sum, ValueType::Int32, true, {0, 4});
      std::vector<int32_t> in(static_cast<size_t>(n)), out(static_cast<size_t>(n)),
          want(static_cast<size_t>(n));
      generate_typed(Distribution::Uniform, ValueType::Int32, n, 11, in.data());
      fast_cpu(p, in.data(), out.data(), n, 1);
      std::inclusive_scan(in.begin(), in.end(), want.begin());
      EXPECT_EQ(out, want) << describe(p, n);
    }
}

TEST(ScanSinglePassCpu, TraceReadsEveryInputOnceAndReplaysToTheResult) {
  for (Variant v : kSinglePass)
    for (bool inclusive : {true, false})
      for (ShapeCase shape : kShapes) {
        const int64_t n = 37;
        const Params p = params(v, BinaryOp::Sum, ValueType::Int32, inclusive, shape);
        const std::vector<double> x = values_for(p.op, p.type, n, 3);
        const TeachRun run = teach_cpu(p, x);
        const std::vector<int> reads = input_reads(run.trace);
        EXPECT_TRUE(std::all_of(reads.begin(), reads.end(), [](int r) { return r == 1; }))
            << describe(p, n);
        EXPECT_EQ(final_output(run.trace), run.result) << describe(p, n);
        EXPECT_EQ(run.trace.buffers[0].name, "input");
        EXPECT_EQ(run.trace.buffers[1].name, "output");
        EXPECT_EQ(run.trace.serial_ops, inclusive ? n - 1 : n - 2);
      }
}

TEST(ScanSinglePassCpu, StepsAreTheLocalScanThenTheChainThenTheStore) {
  for (Variant v : kSinglePass) {
    const Params p = params(v, BinaryOp::Sum, ValueType::Int32, true, {8, 4});
    const TeachRun run = teach_cpu(p, values_for(p.op, p.type, 100, 1));
    const auto& steps = run.trace.steps;
    ASSERT_EQ(int(steps.size()), local_scan_steps(8, 4) + 2);
    EXPECT_EQ(steps.front().phase, "load");
    EXPECT_EQ(steps.front().barriers, 2);  // the block index, then the loaded section
    EXPECT_EQ(steps[1].phase, "thread scan");
    for (int s = 2; s < 5; ++s) {
      EXPECT_EQ(steps[size_t(s)].phase, "section scan");
      EXPECT_EQ(steps[size_t(s)].barriers, 2);
    }
    EXPECT_EQ(steps[5].phase, "add back");
    EXPECT_EQ(steps[6].phase, v == Variant::Chained ? "chain" : "look-back");
    EXPECT_EQ(steps.back().phase, "store");
    for (const TraceStep& s : steps) {
      EXPECT_EQ(s.grid_dim, 4);  // 100 elements in sections of 32
      EXPECT_EQ(s.block_dim, 8);
    }
    // Only thread 0 of each block acts in the chain / look-back step.
    for (const TraceEvent& e : steps[6].events) EXPECT_EQ(e.thread % 8, 0);
  }
}

// In the look-back step, block b's thread 0 reads flags b-1, b-2, ... down to the block whose
// prefix the model says it met: aggregates (1) before it, the prefix (2) there.
TEST(ScanSinglePassCpu, LookBackStepShowsTheFlagsTheScheduleSaw) {
  const Params p =
      params(Variant::DecoupledLookback, BinaryOp::Sum, ValueType::Int32, true, {2, 2});
  const int64_t n = 64;  // 16 blocks
  const TeachRun run = teach_cpu(p, values_for(p.op, p.type, n, 4));
  const SinglePassSchedule model =
      model_schedule(p.variant, 16, local_scan_steps(2, 2), kModelResidentBlocks, true);
  const int flags = 4;
  ASSERT_EQ(run.trace.buffers[flags].name, "flags");
  const TraceStep& step = run.trace.steps[size_t(local_scan_steps(2, 2))];
  ASSERT_EQ(step.phase, "look-back");
  int deep = 0;
  for (int b = 1; b < 16; ++b) {
    std::vector<std::pair<int, double>> seen;
    for (const TraceEvent& e : step.events)
      if (e.thread == 2 * b && e.buffer == flags && e.kind == EventKind::Read)
        seen.push_back({e.address, e.value});
    const int q = model.prefix_block[size_t(b)];
    ASSERT_EQ(int(seen.size()), b - q) << "block " << b;
    for (size_t i = 0; i < seen.size(); ++i) {
      EXPECT_EQ(seen[i].first, b - 1 - int(i));
      EXPECT_EQ(seen[i].second, seen[i].first == q ? 2.0 : 1.0);
    }
    deep += q < b - 1;
  }
  EXPECT_GT(deep, 0) << "the schedule should make some block look past an aggregate";
}

void expect_timeline_invariants(const Timeline& tl, Variant v, const std::string& context) {
  ASSERT_FALSE(tl.blocks.empty()) << context;
  EXPECT_FALSE(tl.measured);
  std::vector<std::vector<Poll>> polls(tl.blocks.size());
  for (const Poll& p : tl.polls) polls.at(size_t(p.block)).push_back(p);
  int64_t kept = 0;
  for (size_t b = 0; b < tl.blocks.size(); ++b) {
    const BlockRecord& r = tl.blocks[b];
    ASSERT_EQ(r.block, int32_t(b)) << context;
    EXPECT_LE(r.t_start, r.t_aggregate) << context << " block " << b;
    EXPECT_LE(r.t_aggregate, r.t_prefix) << context << " block " << b;
    EXPECT_LT(r.t_prefix, r.t_end) << context << " block " << b;
    EXPECT_LE(int(polls[b].size()), kMaxPollsPerBlock);
    EXPECT_LE(int64_t(polls[b].size()), r.polls);
    kept += int64_t(polls[b].size());
    if (b == 0) {
      EXPECT_EQ(r.lookback_depth, 0);
      EXPECT_TRUE(polls[b].empty());
      continue;
    }
    EXPECT_GE(r.lookback_depth, 1) << context << " block " << b;
    if (v == Variant::Chained) {
      EXPECT_EQ(r.lookback_depth, 1);
    }
    for (const Poll& p : polls[b]) {
      EXPECT_LT(p.predecessor, p.block) << context;  // polls only of predecessors
      EXPECT_GE(p.predecessor, 0) << context;
      EXPECT_LT(p.t, r.t_prefix) << context;
      // What the poll saw had been published by then.
      const BlockRecord& pred = tl.blocks[size_t(p.predecessor)];
      if (p.seen == BlockFlag::Prefix) {
        EXPECT_LE(pred.t_prefix, p.t) << context;
      }
      if (p.seen == BlockFlag::Aggregate) {
        EXPECT_LE(pred.t_aggregate, p.t) << context;
      }
    }
    ASSERT_FALSE(polls[b].empty());
    // The last poll met a prefix, published before this block's prefix.
    const Poll& last = polls[b].back();
    EXPECT_EQ(last.seen, BlockFlag::Prefix) << context << " block " << b;
    EXPECT_LT(tl.blocks[size_t(last.predecessor)].t_prefix, r.t_prefix) << context;
  }
  EXPECT_EQ(kept, int64_t(tl.polls.size()));
  int64_t all = 0;
  for (const BlockRecord& r : tl.blocks) all += r.polls;
  EXPECT_EQ(all, kept + tl.polls_dropped) << context;
}

TEST(ScanSinglePassCpu, TeachTimelineHoldsItsInvariants) {
  for (Variant v : kSinglePass) {
    const Params p = params(v, BinaryOp::Sum, ValueType::Int32, true, {1, 2});
    const TeachRun run = teach_cpu(p, values_for(p.op, p.type, 300, 2));
    ASSERT_EQ(run.timeline.blocks.size(), 150u);
    expect_timeline_invariants(run.timeline, v, info(v).id);
  }
}

TEST(ScanSinglePassCpu, TimelineAtThousandsOfBlocks) {
  for (Variant v : kSinglePass) {
    Params p = params(v, BinaryOp::Sum, ValueType::Int32, true, {256, 4});
    const int64_t n = int64_t{1} << 22;  // 4096 sections of 1024
    std::vector<int32_t> in(size_t(n), 1);
    const Timeline tl = record_timeline(Backend::Cpu, p, in.data(), n);
    ASSERT_EQ(tl.blocks.size(), 4096u);
    expect_timeline_invariants(tl, v, info(v).id);
  }
}

// The chain is serial: block b's total comes after block b-1's. The look-back goes past
// predecessors that have only published their aggregate.
TEST(ScanSinglePassCpu, ChainIsSerialLookBackGoesDeeper) {
  const SinglePassSchedule chained = model_schedule(Variant::Chained, 512, 6);
  const SinglePassSchedule lookback = model_schedule(Variant::DecoupledLookback, 512, 6);
  for (size_t b = 1; b < 512; ++b)
    EXPECT_LT(chained.timeline.blocks[b - 1].t_prefix, chained.timeline.blocks[b].t_prefix);
  int64_t max_depth = 0;
  for (const BlockRecord& r : lookback.timeline.blocks)
    max_depth = std::max<int64_t>(max_depth, r.lookback_depth);
  EXPECT_GT(max_depth, 1);
}

TEST(ScanSinglePassCpu, ModelKeepsTheLastPollsOfALongWait) {
  // One slot per block: nobody waits. A single slot: block b starts after b-1 ended.
  const SinglePassSchedule alone = model_schedule(Variant::Chained, 8, 3, 1, true);
  for (size_t b = 1; b < 8; ++b) EXPECT_EQ(alone.timeline.blocks[b].polls, 1);
  // Many slots, one-step local scans, a long chain: late blocks spin for many units.
  const SinglePassSchedule busy = model_schedule(Variant::Chained, 400, 1, 200, true);
  EXPECT_GT(busy.timeline.polls_dropped, 0);
  expect_timeline_invariants(busy.timeline, Variant::Chained, "busy chain");
}

TEST(ScanSinglePassCpu, RejectsOtherVariantsAndEmptyInput) {
  Params p;
  p.variant = Variant::KoggeStone;
  std::vector<int32_t> in(8, 1);
  EXPECT_THROW(record_timeline(Backend::Cpu, p, in.data(), 8), Error);
  p.variant = Variant::DecoupledLookback;
  EXPECT_THROW(teach_cpu(p, {}), Error);
  EXPECT_THROW(model_schedule(Variant::Blelloch, 4, 3), Error);
}

}  // namespace
}  // namespace ws::scan
