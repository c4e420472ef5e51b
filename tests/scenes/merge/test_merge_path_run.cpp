// Path mode's run document against the book and std::merge: PMPP 12.3's example merges to
// C = [1 7 7 8 9 10 10 10 12]; the co-rank of k = 4 is (3, 1) and of k = 9 (5, 4); the search for
// k = 3 passes as the book traces it (Fig. 12.5's while loop, worked by hand below); every
// thread's piece starts at the co-rank of its first output; every k's co-rank keeps the
// invariants; generated inputs merge as std::merge does, stably.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "merge_test_support.h"

namespace ws::app {
namespace {

using merge_test::attached;

std::vector<double> numbers(const nlohmann::json& j) {
  std::vector<double> out;
  for (const nlohmann::json& v : j) out.push_back(v.get<double>());
  return out;
}

TEST(MergePathRun, TheBooksExampleMergesAsTheBookSays) {
  const nlohmann::json run = attached(nlohmann::json::object())->results_json();
  EXPECT_EQ(numbers(run["result"]), (std::vector<double>{1, 7, 7, 8, 9, 10, 10, 10, 12}));
  EXPECT_EQ(run["matches_reference"], true);
  const nlohmann::json& coranks = run["co_ranks"];
  ASSERT_EQ(coranks.size(), 10u);  // k = 0..9
  // PMPP 12.3: C[0..3] comes from A[0..2] and B[0]; thread 1's range in the book's figure ends
  // at k = 9, all of A and B.
  EXPECT_EQ(coranks[4]["i"], 3);
  EXPECT_EQ(coranks[4]["j"], 1);
  EXPECT_EQ(coranks[9]["i"], 5);
  EXPECT_EQ(coranks[9]["j"], 4);
}

TEST(MergePathRun, TheSearchForKEquals3PassesAsTheBookTracesIt) {
  const nlohmann::json run = attached(nlohmann::json::object())->results_json();
  const nlohmann::json& threads = run["threads"];
  ASSERT_EQ(threads.size(), 3u);
  // 9 outputs, 3 threads: thread 1 merges C[3..6).
  EXPECT_EQ(threads[1]["k_curr"], 3);
  EXPECT_EQ(threads[1]["k_next"], 6);
  const nlohmann::json& passes = threads[1]["search_curr"];
  ASSERT_EQ(passes.size(), 3u);
  // Pass 1: i = min(3, 5) = 3, j = 0, i_low = max(0, 3 - 4) = 0, j_low = 0; A[2] = 8 > B[0] = 7,
  // delta = (3 - 0 + 1) >> 1 = 2: j_low = 0, i = 1, j = 2.
  EXPECT_EQ(passes[0]["i"], 3);
  EXPECT_EQ(passes[0]["j"], 0);
  EXPECT_EQ(passes[0]["i_low"], 0);
  EXPECT_EQ(passes[0]["test"], "A[i-1] > B[j]");
  EXPECT_EQ(passes[0]["a_prev"], 8);
  EXPECT_EQ(passes[0]["b_here"], 7);
  EXPECT_EQ(passes[0]["delta"], 2);
  EXPECT_EQ(passes[0]["i_after"], 1);
  EXPECT_EQ(passes[0]["j_after"], 2);
  // Pass 2: A[0] = 1 > B[2] = 10 fails; B[1] = 10 >= A[1] = 7, delta = (2 - 0 + 1) >> 1 = 1:
  // i_low = 1, i = 2, j = 1.
  EXPECT_EQ(passes[1]["test"], "B[j-1] >= A[i]");
  EXPECT_EQ(passes[1]["b_prev"], 10);
  EXPECT_EQ(passes[1]["a_here"], 7);
  EXPECT_EQ(passes[1]["delta"], 1);
  EXPECT_EQ(passes[1]["i_after"], 2);
  EXPECT_EQ(passes[1]["j_after"], 1);
  // Pass 3: A[1] = 7 > B[1] = 10 fails, B[0] = 7 >= A[2] = 8 fails: done at i = 2, j = 1.
  EXPECT_EQ(passes[2]["test"], "done");
  EXPECT_EQ(passes[2]["i_low"], 1);
  EXPECT_EQ(passes[2]["i"], 2);
  EXPECT_EQ(passes[2]["j"], 1);
  EXPECT_EQ(threads[1]["i_curr"], 2);
  EXPECT_EQ(threads[1]["j_curr"], 1);
}

TEST(MergePathRun, TheStepsAreTheSearchesThenTheMerges) {
  const nlohmann::json run = attached(nlohmann::json::object())->results_json();
  const nlohmann::json& steps = run["steps"];
  // The longest k_curr search (thread 1's, k = 3) and k_next search (thread 0's, k = 3) take
  // 3 passes each; then 3 outputs a thread.
  ASSERT_EQ(steps.size(), 9u);
  for (size_t s = 0; s < 6; ++s) EXPECT_EQ(steps[s]["phase"], "corank") << s;
  for (size_t s = 6; s < 9; ++s) EXPECT_EQ(steps[s]["phase"], "merge") << s;
}

// Every diagonal's co-rank keeps the invariants, every thread's piece starts at its co-rank, and
// C is std::merge of A and B.
void expect_a_right_merge(const nlohmann::json& run, const std::string& what) {
  const std::vector<double> a = numbers(run["input"]["a"]), b = numbers(run["input"]["b"]);
  const int m = int(a.size()), n = int(b.size());
  std::vector<double> expected(a.size() + b.size());
  std::merge(a.begin(), a.end(), b.begin(), b.end(), expected.begin());
  EXPECT_EQ(numbers(run["result"]), expected) << what;
  const nlohmann::json& coranks = run["co_ranks"];
  ASSERT_EQ(int(coranks.size()), m + n + 1) << what;
  for (int k = 0; k <= m + n; ++k) {
    const int i = coranks[size_t(k)]["i"], j = coranks[size_t(k)]["j"];
    EXPECT_EQ(i + j, k) << what;
    EXPECT_TRUE(i == 0 || j == n || a[size_t(i - 1)] <= b[size_t(j)]) << what << " k " << k;
    EXPECT_TRUE(j == 0 || i == m || b[size_t(j - 1)] < a[size_t(i)]) << what << " k " << k;
  }
  int next = 0;
  for (const nlohmann::json& t : run["threads"]) {
    const int k = t["k_curr"];
    EXPECT_EQ(k, next) << what;
    EXPECT_EQ(t["i_curr"], coranks[size_t(k)]["i"]) << what;
    next = t["k_next"];
  }
  EXPECT_EQ(next, m + n) << what;
}

TEST(MergePathRun, GeneratedInputsMergeAsStdMergeDoesForEveryVariantShown) {
  for (const char* gen :
       {"uniform", "duplicates", "all-equal", "skewed", "interleaved", "disjoint"})
    for (const char* variant : {"sequential", "basic", "fast"})
      for (const auto& [na, nb] : {std::pair{0, 5}, {5, 0}, {1, 1}, {17, 16}, {33, 31}}) {
        auto scene = attached({{"gen", gen},
                               {"n-a", std::to_string(na)},
                               {"n-b", std::to_string(nb)},
                               {"variant", variant},
                               {"threads", "4"},
                               {"items", "5"}});
        expect_a_right_merge(
            scene->results_json(),
            std::string(gen) + " " + variant + " " + std::to_string(na) + "+" + std::to_string(nb));
      }
}

TEST(MergePathRun, KeyValuePairsShowTheMergeIsStable) {
  auto scene = attached({{"a", "1 3 3 5"}, {"b", "3 3 5 6"}, {"pairs", "true"}});
  const nlohmann::json run = scene->results_json();
  // Tags: A's 0..3, B's 4..7. Equal keys keep A's first, each side in its order.
  const std::vector<uint32_t> tags = run["c_values"];
  EXPECT_EQ(tags, (std::vector<uint32_t>{0, 1, 2, 4, 5, 3, 6, 7}));
  EXPECT_EQ(run["matches_reference"], true);
}

}  // namespace
}  // namespace ws::app
