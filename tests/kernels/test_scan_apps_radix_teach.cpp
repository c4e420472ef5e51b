// The traced radix sort's CPU twin: a hand-checked trace of 8 keys in 2 blocks, the columns
// against bucket_pass / multibit_sort, the trace's invariants (one atomic per key and pass, the
// replayed key buffers, the step layout) and the request's limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "common/counters.h"
#include "common/device_services.h"
#include "common/error.h"
#include "radix_sort/radix_sort.h"
#include "radix_test_support.h"

namespace ws::radix {
namespace {

int buffer_index(const Trace& trace, const std::string& name) {
  for (size_t b = 0; b < trace.buffers.size(); ++b)
    if (trace.buffers[b].name == name) return static_cast<int>(b);
  return -1;
}

struct EventCounts {
  int64_t reads = 0, writes = 0, atomics = 0, ops = 0;
  int64_t total() const { return reads + writes + atomics + ops; }
};

EventCounts count_events(const TraceStep& step) {
  EventCounts c;
  for (const TraceEvent& e : step.events) {
    switch (e.kind) {
      case EventKind::Read:
        ++c.reads;
        break;
      case EventKind::Write:
        ++c.writes;
        break;
      case EventKind::Atomic:
        ++c.atomics;
        break;
      case EventKind::Op:
        ++c.ops;
        break;
      case EventKind::Skip:  // the scans record no predicated-off reads
        break;
    }
  }
  return c;
}

void expect_same_columns(const BucketPass& a, const BucketPass& b, const std::string& where) {
  EXPECT_EQ(a.shift, b.shift) << where;
  EXPECT_EQ(a.radix_bits, b.radix_bits) << where;
  EXPECT_EQ(a.block_size, b.block_size) << where;
  EXPECT_EQ(a.blocks, b.blocks) << where;
  EXPECT_EQ(a.buckets, b.buckets) << where;
  EXPECT_EQ(a.keys_in, b.keys_in) << where;
  EXPECT_EQ(a.digit, b.digit) << where;
  EXPECT_EQ(a.table, b.table) << where;
  EXPECT_EQ(a.offsets, b.offsets) << where;
  EXPECT_EQ(a.local_rank, b.local_rank) << where;
  EXPECT_EQ(a.destination, b.destination) << where;
  EXPECT_EQ(a.keys_out, b.keys_out) << where;
}

// 8 keys, 2 blocks of 4, 2-bit digits, one pass: every column and event count worked by hand.
TEST(RadixTeach, EightKeysInTwoBlocksByHand) {
  const std::vector<uint32_t> keys = {3, 1, 2, 1, 0, 3, 3, 2};
  TeachParams p;
  p.key_bits = 2;
  p.radix_bits = 2;
  p.block_size = 4;
  const TeachRun run = teach(Backend::Cpu, p, keys);
  ASSERT_EQ(run.sort.passes.size(), 1u);
  const BucketPass& bp = run.sort.passes[0];
  EXPECT_EQ(bp.blocks, 2);
  EXPECT_EQ(bp.buckets, 4);
  EXPECT_EQ(bp.digit, (std::vector<int32_t>{3, 1, 2, 1, 0, 3, 3, 2}));
  // Digit-major: (digit 0: block 0, block 1), (digit 1: ...), ...
  EXPECT_EQ(bp.table, (std::vector<int32_t>{0, 1, 2, 0, 1, 1, 1, 2}));
  EXPECT_EQ(bp.offsets, (std::vector<int32_t>{0, 0, 1, 3, 3, 4, 5, 6}));
  EXPECT_EQ(bp.local_rank, (std::vector<int32_t>{0, 0, 0, 1, 0, 0, 1, 0}));
  EXPECT_EQ(bp.destination, (std::vector<int32_t>{5, 1, 3, 2, 0, 6, 7, 4}));
  EXPECT_EQ(run.sort.sorted, (std::vector<uint32_t>{0, 1, 1, 2, 2, 3, 3, 3}));
  expect_same_columns(bp, bucket_pass(keys, 0, 2, 4), "bucket_pass");

  const Trace& t = run.trace;
  ASSERT_EQ(t.buffers.size(), 9u);
  ASSERT_EQ(t.steps.size(), static_cast<size_t>(kTeachStepsPerPass));
  // zero: 4 counters per block, one write each.
  const EventCounts zero = count_events(t.steps[0]);
  EXPECT_EQ(zero.writes, 8);
  EXPECT_EQ(zero.total(), 8);
  // digits: per key a read, two writes (digit, block digits) and an atomic.
  const EventCounts digits = count_events(t.steps[1]);
  EXPECT_EQ(digits.reads, 8);
  EXPECT_EQ(digits.writes, 16);
  EXPECT_EQ(digits.atomics, 8);
  EXPECT_EQ(digits.total(), 32);
  // block counts: per block and digit one read, write and op (one warp), and the table write.
  const EventCounts counts = count_events(t.steps[2]);
  EXPECT_EQ(counts.reads, 8);
  EXPECT_EQ(counts.writes, 16);
  EXPECT_EQ(counts.ops, 8);
  // local rank: thread t reads the t digits before it (0+1+2+3 per block) and its warp's count.
  const EventCounts rank = count_events(t.steps[3]);
  EXPECT_EQ(rank.reads, 2 * 6 + 8);
  EXPECT_EQ(rank.ops, 8);
  EXPECT_EQ(rank.writes, 8);
  // the table scan: 8 writes, 7 reads and additions, all by thread 0.
  const EventCounts scan = count_events(t.steps[4]);
  EXPECT_EQ(scan.writes, 8);
  EXPECT_EQ(scan.reads, 7);
  EXPECT_EQ(scan.ops, 7);
  for (const TraceEvent& e : t.steps[4].events) EXPECT_EQ(e.thread, 0);
  // scatter: per key 4 reads (digit, rank, offset, key), an op, 2 writes.
  const EventCounts scatter = count_events(t.steps[5]);
  EXPECT_EQ(scatter.reads, 32);
  EXPECT_EQ(scatter.ops, 8);
  EXPECT_EQ(scatter.writes, 16);

  // Two keys of one digit in one warp (digit 1 in block 0, digit 3 in block 1): a chain of 2.
  const Counters c = compute_counters(t);
  EXPECT_EQ(c.atomics, 8);
  EXPECT_EQ(c.longest_atomic_chain, 2);
  EXPECT_EQ(c.barriers, 3);  // three __syncthreads per block in the rank kernel
}

TEST(RadixTeach, ColumnsEqualMultibitSortIncludingPartialBlocks) {
  for (int n : {1, 7, 33, 100, 257}) {
    for (int radix_bits : {1, 2, 3, 4, 8}) {
      for (int block : {1, 5, 32, 40, 100}) {
        TeachParams p;
        p.key_bits = 10;
        p.radix_bits = radix_bits;
        p.block_size = block;
        const int64_t blocks = (n + block - 1) / block;
        if ((int64_t{1} << radix_bits) * blocks > kTeachMaxTable) continue;
        const std::vector<uint32_t> keys =
            random_keys(static_cast<size_t>(n), n * 31 + block, 1023);
        const TeachRun run = teach(Backend::Cpu, p, keys);
        const MultiBitSort ref = multibit_sort(keys, p.key_bits, radix_bits, block);
        const std::string where = std::to_string(n) + " keys, " + std::to_string(radix_bits) +
                                  " bits, blocks of " + std::to_string(block);
        ASSERT_EQ(run.sort.passes.size(), ref.passes.size()) << where;
        for (size_t k = 0; k < ref.passes.size(); ++k)
          expect_same_columns(run.sort.passes[k], ref.passes[k],
                              where + ", pass " + std::to_string(k));
        EXPECT_EQ(run.sort.sorted, ref.sorted) << where;
      }
    }
  }
}

TEST(RadixTeach, TraceInvariants) {
  const std::vector<uint32_t> keys = random_keys(300, 5, 0xFFFFFFFFu);
  TeachParams p;
  p.key_bits = 32;
  p.radix_bits = 4;
  p.block_size = 64;  // two warps per block, a partial last block
  const TeachRun run = teach(Backend::Cpu, p, keys);
  const Trace& t = run.trace;
  const size_t passes = 8;
  ASSERT_EQ(t.steps.size(), passes * kTeachStepsPerPass);
  std::vector<uint32_t> sorted = keys;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(run.sort.sorted, sorted);

  const Counters c = compute_counters(t);
  EXPECT_EQ(c.atomics, static_cast<int64_t>(keys.size() * passes));  // one per key and pass
  EXPECT_EQ(c.steps, static_cast<int64_t>(t.steps.size()));
  for (size_t s = 0; s < t.steps.size(); ++s) {
    const TraceStep& step = t.steps[s];
    EXPECT_FALSE(step.label.empty());
    EXPECT_FALSE(step.code_marker.empty());
    const int k = static_cast<int>(s % kTeachStepsPerPass);
    EXPECT_EQ(step.phase, k < 4 ? "count" : k == 4 ? "scan" : "scatter") << s;
    for (const TraceEvent& e : step.events) {
      EXPECT_EQ(e.step, static_cast<int32_t>(s));
      EXPECT_LT(e.thread, step.grid_dim * step.block_dim);
    }
  }
  // The replayed key buffers: after each pass's scatter, the buffer written holds its keys_out.
  const auto snapshots = replay_snapshots(t);
  const int keys_a = buffer_index(t, "keys A"), keys_b = buffer_index(t, "keys B");
  ASSERT_GE(keys_a, 0);
  ASSERT_GE(keys_b, 0);
  for (size_t pass = 0; pass < passes; ++pass) {
    const auto& out =
        snapshots[(pass + 1) * kTeachStepsPerPass - 1][pass % 2 == 0 ? keys_b : keys_a];
    const std::vector<uint32_t>& expected = run.sort.passes[pass].keys_out;
    ASSERT_EQ(out.size(), expected.size());
    for (size_t i = 0; i < out.size(); ++i) ASSERT_EQ(out[i], static_cast<double>(expected[i]));
  }
  // Every block's warp counts end each pass as exclusive sums over the warps: warp 0's are 0.
  const int warp_counts = buffer_index(t, "warp counts");
  const auto& counts = snapshots[3][warp_counts];  // after pass 0's local rank
  const int per_block = t.buffers[warp_counts].size;
  for (size_t b = 0; b < counts.size(); b += per_block)
    for (int d = 0; d < 16; ++d) EXPECT_EQ(counts[b + d], 0) << "block " << b / per_block;
}

TEST(RadixTeach, OneBitPassesMatchTheSplit) {
  // radix_bits = 1 is the 1-bit split: a stable partition has one answer, whatever the blocks.
  const std::vector<uint32_t> keys = random_keys(50, 9, 255);
  TeachParams p;
  p.key_bits = 8;
  p.radix_bits = 1;
  p.block_size = 8;
  const TeachRun run = teach(Backend::Cpu, p, keys);
  const LsdSort lsd = lsd_sort(keys, 8);
  ASSERT_EQ(run.sort.passes.size(), lsd.passes.size());
  for (size_t k = 0; k < lsd.passes.size(); ++k) {
    EXPECT_EQ(run.sort.passes[k].destination, lsd.passes[k].d) << "bit " << k;
    EXPECT_EQ(run.sort.passes[k].keys_out, lsd.passes[k].keys_out) << "bit " << k;
  }
}

TEST(RadixTeach, RequestsOutOfRangeAreRejected) {
  TeachParams p;
  EXPECT_THROW(teach(Backend::Cpu, p, {}), Error);
  EXPECT_THROW(teach(Backend::Cpu, p, std::vector<uint32_t>(kTeachMaxKeys + 1, 1)), Error);
  TeachParams bad = p;
  bad.key_bits = 0;
  EXPECT_THROW(teach(Backend::Cpu, bad, {1, 2}), Error);
  bad = p;
  bad.radix_bits = 9;
  EXPECT_THROW(teach(Backend::Cpu, bad, {1, 2}), Error);
  bad = p;
  bad.block_size = 1025;
  EXPECT_THROW(teach(Backend::Cpu, bad, {1, 2}), Error);
  // 256 digits x 300 blocks: more bucket counts than a traced pass keeps.
  bad = p;
  bad.radix_bits = 8;
  bad.block_size = 1;
  try {
    teach(Backend::Cpu, bad, std::vector<uint32_t>(300, 1));
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("bucket counts"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(teach(Backend::Cpu, p, std::vector<uint32_t>(kTeachMaxKeys, 3)));
}

TEST(RadixTeach, CudaIsReportedMissingInACpuBuild) {
  if (backend_built(Backend::Cuda)) GTEST_SKIP() << "CUDA build";
  EXPECT_THROW(teach(Backend::Cuda, TeachParams{}, {1, 2}), Error);
}

}  // namespace
}  // namespace ws::radix
