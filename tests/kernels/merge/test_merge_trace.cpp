// The merges' teach traces as the header documents them and the views read them: every read
// sees what the replayed buffers hold, C is written once per output and ends as the run's C,
// the basic merge's co-rank steps are the book's search passes (checked against corank_search),
// and the circular buffer loads every key once where the tiled merge reloads.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "common/trace.h"
#include "merge_test_support.h"

namespace ws::merge {
namespace {

int merge_buffer_index(const Trace& t, const std::string& name) {
  for (size_t b = 0; b < t.buffers.size(); ++b)
    if (t.buffers[b].name == name) return int(b);
  return -1;
}

void expect_consistent_trace(const MergeTeachRun& run, const std::string& what) {
  const Trace& t = run.trace;
  const auto snapshots = replay_snapshots(t);
  const int c = merge_buffer_index(t, "C");
  ASSERT_EQ(c, 2) << what;
  std::vector<int> writes(run.c.size(), 0);
  for (size_t s = 0; s < t.steps.size(); ++s)
    for (const TraceEvent& e : t.steps[s].events) {
      const TraceBuffer& buf = t.buffers[size_t(e.buffer)];
      const int block = buf.space == MemSpace::Shared ? e.thread / run.params.block_dim : 0;
      const double held = snapshots[s][size_t(e.buffer)][size_t(block * buf.size + e.address)];
      if (e.kind == EventKind::Read) {
        ASSERT_EQ(e.value, held) << what << ": step '" << t.steps[s].label << "' thread "
                                 << e.thread << " reads " << buf.name << "[" << e.address << "]";
      }
      if (e.kind == EventKind::Write && e.buffer == c) ++writes[size_t(e.address)];
    }
  for (size_t k = 0; k < writes.size(); ++k) ASSERT_EQ(writes[k], 1) << what << ": C[" << k << "]";
  const std::vector<double>& final_c = snapshots.back()[size_t(c)];
  for (size_t k = 0; k < run.c.size(); ++k) ASSERT_EQ(final_c[k], run.c[k]) << what;
}

TEST(MergeTrace, ReadsSeeTheReplayedBuffersAndCIsWrittenOnce) {
  for (const MergeTeachParams& p : mtest::configurations())
    for (const MergeGenInfo& g : merge_gen_infos())
      for (auto [m, n] : {std::pair{0, 0}, {1, 0}, {9, 23}, {40, 13}, {64, 64}}) {
        const MergeInput in = make_merge_input(g.gen, m, n, 21, KeyType::Int32);
        const MergeTeachRun run = teach_merge(p, in.a, in.b, Backend::Cpu);
        expect_consistent_trace(run, mtest::describe(p, size_t(m), size_t(n)) + " " + g.id);
      }
}

// A thread's reads in a co-rank step are the keys that pass of the book's loop compares.
void expect_pass_reads(const TraceStep& step, int thread, const CorankIteration& pass,
                       const std::string& what) {
  std::vector<std::pair<int, double>> want;  // (buffer, address) of each read
  if (!std::isnan(pass.a_prev)) want.push_back({0, pass.i - 1}), want.push_back({1, pass.j});
  if (!std::isnan(pass.b_prev)) want.push_back({1, pass.j - 1}), want.push_back({0, pass.i});
  std::vector<std::pair<int, double>> got;
  for (const TraceEvent& e : step.events)
    if (e.thread == thread) got.push_back({e.buffer, e.address});
  EXPECT_EQ(got, want) << what << ": step '" << step.label << "'";
}

TEST(MergeTrace, BasicCoRankStepsAreTheBooksSearchPasses) {
  const MergeInput in = make_merge_input(MergeGen::Duplicates, 21, 30, 8, KeyType::Int32);
  const MergeTeachParams p = mtest::params(MergeVariant::Basic, 4, 2, 8, 1);
  const MergeTeachRun run = teach_merge(p, in.a, in.b, Backend::Cpu);
  const Trace& t = run.trace;
  size_t curr_steps = 0, next_steps = 0, max_curr = 0, max_next = 0;
  for (const TraceStep& s : t.steps) {
    curr_steps += s.label.rfind("co-rank k_curr, iteration ", 0) == 0;
    next_steps += s.label.rfind("co-rank k_next, iteration ", 0) == 0;
  }
  ASSERT_EQ(run.ranges.size(), 8u);
  for (const ThreadRange& r : run.ranges) {
    const auto curr = corank_search(r.k_curr, in.a, in.b);
    const auto next = corank_search(r.k_next, in.a, in.b);
    max_curr = std::max(max_curr, curr.size()), max_next = std::max(max_next, next.size());
    EXPECT_EQ(r.i_curr, curr.back().i_after);
    EXPECT_EQ(r.i_next, next.back().i_after);
    const std::string what = "thread " + std::to_string(r.thread);
    for (size_t s = 0; s < curr.size(); ++s) expect_pass_reads(t.steps[s], r.thread, curr[s], what);
    for (size_t s = 0; s < next.size(); ++s)
      expect_pass_reads(t.steps[curr_steps + s], r.thread, next[s], what);
  }
  EXPECT_EQ(curr_steps, max_curr);
  EXPECT_EQ(next_steps, max_next);
  // Then one step per output slot: ceil(51 / 8) = 7 outputs a thread.
  EXPECT_EQ(t.steps.size(), curr_steps + next_steps + 7);
  EXPECT_EQ(t.steps.back().label, "merge output 7");
  EXPECT_EQ(t.steps.back().phase, "merge");
}

int merge_load_reads(const MergeTeachRun& run) {
  int reads = 0;
  for (const TraceStep& s : run.trace.steps)
    if (s.phase == "load")
      for (const TraceEvent& e : s.events) reads += e.kind == EventKind::Read && e.buffer < 2;
  return reads;
}

TEST(MergeTrace, TheCircularBufferLoadsEveryKeyOnceTheTiledMergeReloads) {
  for (const MergeGenInfo& g : merge_gen_infos()) {
    const MergeInput in = make_merge_input(g.gen, 50, 37, 2, KeyType::Int32);
    for (int blocks : {1, 2, 3}) {
      const MergeTeachRun circular = teach_merge(
          mtest::params(MergeVariant::Circular, 4, blocks, 8, 1), in.a, in.b, Backend::Cpu);
      const MergeTeachRun tiled = teach_merge(mtest::params(MergeVariant::Tiled, 4, blocks, 8, 1),
                                              in.a, in.b, Backend::Cpu);
      EXPECT_EQ(merge_load_reads(circular), 87) << g.id << " blocks " << blocks;
      EXPECT_GT(merge_load_reads(tiled), 87) << g.id << " blocks " << blocks;
    }
  }
}

TEST(MergeTrace, StepLayoutOfTheTiledLoop) {
  const MergeInput in = make_merge_input(MergeGen::Uniform, 10, 10, 1, KeyType::Float32);
  const MergeTeachRun run =
      teach_merge(mtest::params(MergeVariant::Circular, 2, 2, 4, 1, KeyType::Float32), in.a, in.b,
                  Backend::Cpu);
  const Trace& t = run.trace;
  EXPECT_EQ(t.type, ValueType::Float32);
  ASSERT_EQ(t.buffers.size(), 6u);
  EXPECT_EQ(t.buffers[3].name, "A_S");
  EXPECT_EQ(t.buffers[3].space, MemSpace::Shared);
  EXPECT_EQ(t.buffers[3].blocks, 2);
  EXPECT_EQ(t.buffers[5].name, "corank");
  EXPECT_EQ(t.buffers[5].type, ValueType::Int32);
  // 20 outputs over 2 blocks: 10 a block, tiles of 4: 3 iterations of 4 steps after the block's.
  ASSERT_EQ(t.steps.size(), 13u);
  EXPECT_EQ(t.steps[0].label, "block co-rank");
  EXPECT_EQ(t.steps[0].code_marker, "@circular-block-corank");
  const char* phases[] = {"load", "corank", "merge", "consume"};
  for (int r = 0; r < 3; ++r)
    for (int s = 0; s < 4; ++s) {
      const TraceStep& step = t.steps[size_t(1 + 4 * r + s)];
      EXPECT_EQ(step.phase, phases[s]);
      EXPECT_EQ(step.barriers, s == 0 || s == 3 ? 1 : 0);
      EXPECT_EQ(step.grid_dim, 2);
      EXPECT_EQ(step.block_dim, 2);
    }
  EXPECT_EQ(t.steps[12].label, "consume, iteration 3");
  // Only thread 0 of each block searches A and B in the block co-rank step.
  for (const TraceEvent& e : t.steps[0].events)
    if (e.buffer < 2) {
      EXPECT_EQ(e.thread % 2, 0);
    }
}

TEST(MergeTrace, SequentialTakesFourOutputsAStep) {
  const MergeInput in = make_merge_input(MergeGen::Uniform, 6, 5, 1, KeyType::Int32);
  const MergeTeachRun run =
      teach_merge(mtest::params(MergeVariant::Sequential, 8, 8, 8, 1), in.a, in.b, Backend::Cpu);
  EXPECT_EQ(run.params.block_dim, 1);
  EXPECT_EQ(run.params.blocks, 1);
  ASSERT_EQ(run.trace.steps.size(), 3u);
  EXPECT_EQ(run.trace.steps[0].label, "merge C[0..3]");
  EXPECT_EQ(run.trace.steps[2].label, "merge C[8..10]");
  EXPECT_EQ(run.trace.serial_ops, 11);
}

}  // namespace
}  // namespace ws::merge
