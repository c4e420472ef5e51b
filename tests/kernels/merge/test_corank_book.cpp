// The co-rank function on the book's example (PMPP 12.4): A = [1 7 8 9 10], B = [7 10 10 12]
// merge to C = [1 7 7 8 9 10 10 10 12]; the co-rank of k = 4 is (3, 1), of k = 9 (5, 4); the
// search for k = 3 goes i = 3, j = 0 -> (A[2] = 8 > B[0] = 7, delta 2) -> i = 1, j = 2 ->
// (B[1] = 10 >= A[1] = 7, delta 1) -> i = 2, j = 1 -> done.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "merge/corank.h"
#include "merge_test_support.h"

namespace ws::merge {
namespace {

const std::vector<double> kBookA = {1, 7, 8, 9, 10};
const std::vector<double> kBookB = {7, 10, 10, 12};

int book_co_rank(int k) {
  const std::vector<int> a = {1, 7, 8, 9, 10}, b = {7, 10, 10, 12};
  return co_rank(k, a.data(), 5, b.data(), 4);
}

TEST(CorankBook, CoRanksOfFourAndNine) {
  EXPECT_EQ(book_co_rank(4), 3);  // j = 1
  EXPECT_EQ(book_co_rank(9), 5);  // j = 4
  const std::vector<CorankIteration> k4 = corank_search(4, kBookA, kBookB);
  EXPECT_EQ(k4.back().i_after, 3);
  EXPECT_EQ(k4.back().j_after, 1);
  const std::vector<CorankIteration> k9 = corank_search(9, kBookA, kBookB);
  EXPECT_EQ(k9.back().i_after, 5);
  EXPECT_EQ(k9.back().j_after, 4);
}

TEST(CorankBook, SearchForThreeAsTheBookTracesIt) {
  const std::vector<CorankIteration> s = corank_search(3, kBookA, kBookB);
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].i, 3);
  EXPECT_EQ(s[0].j, 0);
  EXPECT_EQ(s[0].i_low, 0);
  EXPECT_EQ(s[0].j_low, 0);
  EXPECT_EQ(s[0].test, CorankTest::AAboveB);
  EXPECT_EQ(s[0].a_prev, 8);             // A[2]
  EXPECT_EQ(s[0].b_here, 7);             // B[0]
  EXPECT_TRUE(std::isnan(s[0].b_prev));  // the second test was not evaluated
  EXPECT_EQ(s[0].delta, 2);
  EXPECT_EQ(s[0].i_after, 1);
  EXPECT_EQ(s[0].j_after, 2);
  EXPECT_EQ(s[1].test, CorankTest::BAtLeastA);
  EXPECT_EQ(s[1].a_prev, 1);  // A[0] > B[2] = 10 failed first
  EXPECT_EQ(s[1].b_here, 10);
  EXPECT_EQ(s[1].b_prev, 10);  // B[1]
  EXPECT_EQ(s[1].a_here, 7);   // A[1]
  EXPECT_EQ(s[1].j_low, 0);
  EXPECT_EQ(s[1].delta, 1);
  EXPECT_EQ(s[1].i_after, 2);
  EXPECT_EQ(s[1].j_after, 1);
  EXPECT_EQ(s[2].test, CorankTest::Done);
  EXPECT_EQ(s[2].i_low, 1);
  EXPECT_EQ(s[2].delta, 0);
  EXPECT_EQ(s[2].i_after, 2);
  EXPECT_EQ(s[2].j_after, 1);
  EXPECT_STREQ(corank_test_text(s[0].test), "A[i-1] > B[j]");
  EXPECT_STREQ(corank_test_text(s[1].test), "B[j-1] >= A[i]");
  EXPECT_STREQ(corank_test_text(s[2].test), "done");
}

TEST(CorankBook, EveryVariantMergesTheBooksExample) {
  const std::vector<double> want = {1, 7, 7, 8, 9, 10, 10, 10, 12};
  // Stability: C's 7s are A[1] (tag 1) then B[0] (tag 5); its 10s A[4] (4), B[1] (6), B[2] (7).
  const std::vector<uint32_t> want_tags = {0, 1, 5, 2, 3, 4, 6, 7, 8};
  for (const MergeTeachParams& p : mtest::configurations()) {
    const MergeTeachRun run = teach_merge(p, kBookA, kBookB, Backend::Cpu);
    EXPECT_EQ(run.c, want) << mtest::describe(p, 5, 4);
    EXPECT_EQ(run.c_values, want_tags) << mtest::describe(p, 5, 4);
  }
}

TEST(CorankBook, SearchOutsideTheOutputIsAnError) {
  EXPECT_THROW(corank_search(10, kBookA, kBookB), Error);
  EXPECT_THROW(corank_search(-1, kBookA, kBookB), Error);
}

}  // namespace
}  // namespace ws::merge
