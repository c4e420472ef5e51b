// The co-rank's defining properties for every k of seeded inputs of every kind: i + j = k,
// A[i-1] <= B[j] and B[j-1] < A[i] where both exist (so C[0, k) = merge(A[0, i), B[0, j))), for
// the host/device template on arrays and on rotated circular buffers, and the view's search.
#include <gtest/gtest.h>

#include <vector>

#include "merge/corank.h"
#include "merge_test_support.h"

namespace ws::merge {
namespace {

void expect_corank(int k, int i, const std::vector<double>& a, const std::vector<double>& b,
                   const std::string& what) {
  const int m = int(a.size()), n = int(b.size()), j = k - i;
  ASSERT_GE(i, 0) << what;
  ASSERT_LE(i, m) << what;
  ASSERT_GE(j, 0) << what;
  ASSERT_LE(j, n) << what;
  if (i > 0 && j < n) {
    EXPECT_LE(a[size_t(i - 1)], b[size_t(j)]) << what;
  }
  if (j > 0 && i < m) {
    EXPECT_LT(b[size_t(j - 1)], a[size_t(i)]) << what;
  }
}

TEST(CorankInvariants, EveryKOfEveryGeneratorAndSize) {
  for (const MergeGenInfo& g : merge_gen_infos())
    for (int m : {0, 1, 2, 5, 16, 33})
      for (int n : {0, 1, 3, 8, 17, 32})
        for (uint64_t seed : {1u, 2u}) {
          const MergeInput in = make_merge_input(g.gen, m, n, seed, KeyType::Int32);
          const std::vector<int> a(in.a.begin(), in.a.end()), b(in.b.begin(), in.b.end());
          for (int k = 0; k <= m + n; ++k) {
            const std::string what = std::string(g.id) + " m " + std::to_string(m) + " n " +
                                     std::to_string(n) + " k " + std::to_string(k);
            const int i = co_rank(k, a.data(), m, b.data(), n);
            expect_corank(k, i, in.a, in.b, what);
            const std::vector<CorankIteration> s = corank_search(k, in.a, in.b);
            ASSERT_FALSE(s.empty());
            EXPECT_EQ(s.back().test, CorankTest::Done) << what;
            EXPECT_EQ(s.back().i_after, i) << what;
            EXPECT_EQ(s.back().i_after + s.back().j_after, k) << what;
          }
        }
}

TEST(CorankInvariants, CircularBufferAtEveryRotation) {
  // The same keys stored from slot `start` of a tile of 16, wrapping: the same co-ranks.
  const MergeInput in = make_merge_input(MergeGen::Duplicates, 11, 9, 7, KeyType::Int32);
  const std::vector<int> a(in.a.begin(), in.a.end()), b(in.b.begin(), in.b.end());
  constexpr int kTile = 16;
  for (int start = 0; start < kTile; ++start) {
    std::vector<int> a_s(kTile, -99), b_s(kTile, 99);
    for (size_t x = 0; x < a.size(); ++x) a_s[(size_t(start) + x) % kTile] = a[x];
    for (size_t x = 0; x < b.size(); ++x) b_s[(size_t(start) * 3 + x) % kTile] = b[x];
    for (int k = 0; k <= 20; ++k)
      EXPECT_EQ(
          co_rank_circular(k, a_s.data(), 11, b_s.data(), 9, start, (start * 3) % kTile, kTile),
          co_rank(k, a.data(), 11, b.data(), 9))
          << "start " << start << " k " << k;
  }
}

TEST(CorankInvariants, SequentialMergeTemplatesMatchTheReference) {
  const MergeInput in = make_merge_input(MergeGen::Duplicates, 23, 19, 3, KeyType::Int32);
  const mtest::Reference want = mtest::reference_merge(in.a, in.b);
  std::vector<double> c(42);
  merge_sequential(in.a.data(), 23, in.b.data(), 19, c.data());
  EXPECT_EQ(c, want.keys);
  std::vector<uint32_t> tags(42);
  merge_sequential_pairs(in.a.data(), in.a_values.data(), 23, in.b.data(), in.b_values.data(), 19,
                         c.data(), tags.data());
  EXPECT_EQ(c, want.keys);
  EXPECT_EQ(tags, want.tags);
}

}  // namespace
}  // namespace ws::merge
