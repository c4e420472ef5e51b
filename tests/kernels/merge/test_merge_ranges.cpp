// What the views draw besides the trace: each thread's range of outputs and its co-ranks, per
// block and per tile iteration. The ranges tile the output exactly; every (k, i) on them is the
// co-rank of k in the whole of A and B (the merge is stable, so it is unique); the circular
// buffer's start advances by what each iteration used.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "merge/corank.h"
#include "merge_test_support.h"

namespace ws::merge {
namespace {

void expect_ranges_cover_the_output(const MergeTeachRun& run, const std::string& what) {
  const std::vector<int> a(run.a.begin(), run.a.end()), b(run.b.begin(), run.b.end());
  const int m = int(a.size()), n = int(b.size());
  std::vector<int> owners(size_t(m + n), 0);
  for (const ThreadRange& r : run.ranges) {
    ASSERT_LE(r.k_curr, r.k_next) << what;
    ASSERT_EQ(r.i_curr, co_rank(r.k_curr, a.data(), m, b.data(), n)) << what;
    ASSERT_EQ(r.i_next, co_rank(r.k_next, a.data(), m, b.data(), n)) << what;
    ASSERT_EQ(r.i_curr + r.j_curr, r.k_curr) << what;
    ASSERT_EQ(r.i_next + r.j_next, r.k_next) << what;
    ASSERT_EQ(r.block, r.thread / run.params.block_dim) << what;
    for (int k = r.k_curr; k < r.k_next; ++k) ++owners[size_t(k)];
  }
  for (size_t k = 0; k < owners.size(); ++k) ASSERT_EQ(owners[k], 1) << what << " C[" << k << "]";
}

TEST(MergeRanges, TheRangesTileTheOutputAtTheCoRanks) {
  for (const MergeTeachParams& p : mtest::configurations())
    for (const MergeGenInfo& g : merge_gen_infos())
      for (auto [m, n] : {std::pair{0, 0}, {3, 0}, {0, 3}, {11, 29}, {64, 50}}) {
        const MergeInput in = make_merge_input(g.gen, m, n, 13, KeyType::Int32);
        const MergeTeachRun run = teach_merge(p, in.a, in.b, Backend::Cpu);
        expect_ranges_cover_the_output(run, mtest::describe(p, size_t(m), size_t(n)) + " " + g.id);
      }
}

TEST(MergeRanges, BasicSplitsTheOutputEvenlyFastByItems) {
  const MergeInput in = make_merge_input(MergeGen::Uniform, 5, 4, 1, KeyType::Int32);
  // 9 outputs, 4 threads: ceil(9 / 4) = 3 each, the last thread none.
  const MergeTeachRun basic =
      teach_merge(mtest::params(MergeVariant::Basic, 2, 2, 8, 1), in.a, in.b, Backend::Cpu);
  ASSERT_EQ(basic.ranges.size(), 4u);
  EXPECT_EQ(basic.ranges[1].k_curr, 3);
  EXPECT_EQ(basic.ranges[2].k_next, 9);
  EXPECT_EQ(basic.ranges[3].k_curr, basic.ranges[3].k_next);
  // Fast, 2 outputs a thread: ceil(9 / 2) = 5 threads, 3 blocks of 2.
  const MergeTeachRun fast =
      teach_merge(mtest::params(MergeVariant::Fast, 2, 1, 8, 2), in.a, in.b, Backend::Cpu);
  EXPECT_EQ(fast.params.blocks, 3);
  ASSERT_EQ(fast.ranges.size(), 6u);
  EXPECT_EQ(fast.ranges[4].k_curr, 8);
  EXPECT_EQ(fast.ranges[4].k_next, 9);
}

TEST(MergeRanges, BlocksAndTileIterations) {
  const MergeInput in = make_merge_input(MergeGen::Duplicates, 30, 25, 6, KeyType::Int32);
  const std::vector<int> a(in.a.begin(), in.a.end()), b(in.b.begin(), in.b.end());
  for (MergeVariant v : {MergeVariant::Tiled, MergeVariant::Circular}) {
    const int tile = 6;
    const MergeTeachRun run =
        teach_merge(mtest::params(v, 3, 3, tile, 1), in.a, in.b, Backend::Cpu);
    ASSERT_EQ(run.block_ranges.size(), 3u);
    int covered = 0;
    for (const BlockRange& br : run.block_ranges) {
      EXPECT_EQ(br.C_curr, covered);
      EXPECT_EQ(br.A_curr, co_rank(br.C_curr, a.data(), 30, b.data(), 25));
      EXPECT_EQ(br.A_next, co_rank(br.C_next, a.data(), 30, b.data(), 25));
      covered = br.C_next;
      int loaded_a = 0, start_a = 0, used_a = 0, iterations = 0;
      for (const TileIteration& it : run.iterations) {
        if (it.block != br.block) continue;
        EXPECT_EQ(it.iteration, iterations++);
        EXPECT_EQ(it.A_consumed, used_a);
        EXPECT_EQ(it.A_used + it.B_used, it.outputs);
        loaded_a += it.A_loaded;
        if (v == MergeVariant::Circular) {
          EXPECT_EQ(it.A_S_start, start_a);
        }
        start_a = (start_a + it.A_used) % tile;
        used_a += it.A_used;
      }
      EXPECT_EQ(iterations, (br.C_next - br.C_curr + tile - 1) / tile);
      EXPECT_EQ(used_a, br.A_next - br.A_curr);
      if (v == MergeVariant::Circular) {
        EXPECT_EQ(loaded_a, br.A_next - br.A_curr);
      }
    }
    EXPECT_EQ(covered, 55);
  }
}

}  // namespace
}  // namespace ws::merge
