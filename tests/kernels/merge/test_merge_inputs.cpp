// The merge and sort inputs: sorted where promised, of the sizes asked, of the kind named (all
// equal, disjoint, interleaved, duplicates across both arrays, skewed inside B's range), exact in
// their key type, seeded; and the full-size versions the same at 2^20 keys.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <set>
#include <vector>

#include "merge_test_support.h"

namespace ws::merge {
namespace {

template <class V>
bool merge_sorted(const V& v) {
  return std::is_sorted(v.begin(), v.end());
}

TEST(MergeInputs, TeachGeneratorsAreSortedSizedAndTagged) {
  for (KeyType type : {KeyType::Int32, KeyType::Float32})
    for (const MergeGenInfo& g : merge_gen_infos())
      for (auto [m, n] : {std::pair{0, 0}, {0, 9}, {9, 0}, {33, 64}}) {
        const MergeInput in = make_merge_input(g.gen, m, n, 3, type);
        ASSERT_EQ(in.a.size(), size_t(m)) << g.id;
        ASSERT_EQ(in.b.size(), size_t(n)) << g.id;
        EXPECT_TRUE(merge_sorted(in.a)) << g.id;
        EXPECT_TRUE(merge_sorted(in.b)) << g.id;
        EXPECT_NO_THROW(check_keys_exact(in.a, type, "--a")) << g.id;
        EXPECT_NO_THROW(check_keys_exact(in.b, type, "--b")) << g.id;
        EXPECT_EQ(in.a_values, make_tags(m, 0)) << g.id;
        EXPECT_EQ(in.b_values, make_tags(n, uint32_t(m))) << g.id;
        EXPECT_EQ(make_merge_input(g.gen, m, n, 3, type).a, in.a) << "seeded: " << g.id;
      }
}

TEST(MergeInputs, TeachGeneratorsMakeTheirKinds) {
  const MergeInput equal = make_merge_input(MergeGen::AllEqual, 10, 12, 1, KeyType::Int32);
  EXPECT_EQ(std::set<double>(equal.a.begin(), equal.a.end()).size(), 1u);
  EXPECT_EQ(equal.a[0], equal.b[0]);
  const MergeInput disjoint = make_merge_input(MergeGen::Disjoint, 20, 20, 1, KeyType::Int32);
  EXPECT_LT(disjoint.a.back(), disjoint.b.front());
  const MergeInput inter = make_merge_input(MergeGen::Interleaved, 4, 3, 1, KeyType::Int32);
  EXPECT_EQ(inter.a, (std::vector<double>{0, 2, 4, 6}));
  EXPECT_EQ(inter.b, (std::vector<double>{1, 3, 5}));
  const MergeInput dup = make_merge_input(MergeGen::Duplicates, 30, 30, 1, KeyType::Int32);
  std::vector<double> shared;
  std::set_intersection(dup.a.begin(), dup.a.end(), dup.b.begin(), dup.b.end(),
                        std::back_inserter(shared));
  EXPECT_GE(shared.size(), 3u);  // equal keys on both sides: the stability case
  const MergeInput skew = make_merge_input(MergeGen::Skewed, 20, 60, 1, KeyType::Int32);
  EXPECT_GT(skew.a.front(), skew.b.front());
  EXPECT_LT(skew.a.back(), skew.b.back());
  EXPECT_LT(skew.a.back() - skew.a.front(), (skew.b.back() - skew.b.front()) / 4);
  const MergeInput halves = make_merge_input(MergeGen::Uniform, 30, 30, 1, KeyType::Float32);
  EXPECT_TRUE(std::any_of(halves.a.begin(), halves.a.end(),
                          [](double k) { return k != static_cast<double>(int64_t(k)); }));
}

TEST(MergeInputs, SortGenerators) {
  for (const SortGenInfo& g : sort_gen_infos()) {
    const SortInput in = make_sort_input(g.gen, 40, 5, KeyType::Int32);
    ASSERT_EQ(in.keys.size(), 40u) << g.id;
    EXPECT_EQ(in.values, make_tags(40, 0));
  }
  EXPECT_TRUE(merge_sorted(make_sort_input(SortGen::Sorted, 40, 1, KeyType::Int32).keys));
  std::vector<double> reversed = make_sort_input(SortGen::Reversed, 40, 1, KeyType::Int32).keys;
  std::reverse(reversed.begin(), reversed.end());
  EXPECT_TRUE(merge_sorted(reversed));
  EXPECT_FALSE(merge_sorted(make_sort_input(SortGen::Uniform, 40, 1, KeyType::Int32).keys));
  const std::vector<double> nearly =
      make_sort_input(SortGen::NearlySorted, 64, 2, KeyType::Int32).keys;
  int descents = 0;
  for (size_t i = 1; i < nearly.size(); ++i) descents += nearly[i] < nearly[i - 1];
  EXPECT_GT(descents, 0);
  EXPECT_LT(descents, 16);
}

TEST(MergeInputs, FullSizeGeneratorsAreSortedAndSized) {
  constexpr int64_t kN = int64_t{1} << 20;
  for (const MergeGenInfo& g : merge_gen_infos()) {
    std::vector<int32_t> a, b;
    make_merge_input_full<int32_t>(g.gen, kN, kN / 3, 7, a, b);
    ASSERT_EQ(a.size(), size_t(kN)) << g.id;
    ASSERT_EQ(b.size(), size_t(kN / 3)) << g.id;
    EXPECT_TRUE(merge_sorted(a)) << g.id;
    EXPECT_TRUE(merge_sorted(b)) << g.id;
    std::vector<float> fa, fb;
    make_merge_input_full<float>(g.gen, 1000, 5000, 7, fa, fb);
    EXPECT_TRUE(merge_sorted(fa) && merge_sorted(fb)) << g.id;
  }
  std::vector<int32_t> a, b;
  make_merge_input_full<int32_t>(MergeGen::Disjoint, kN, kN, 1, a, b);
  EXPECT_LT(a.back(), b.front());
  const std::vector<int32_t> sorted = make_sort_input_full<int32_t>(SortGen::Sorted, kN, 1);
  EXPECT_TRUE(merge_sorted(sorted));
  const std::vector<float> uniform = make_sort_input_full<float>(SortGen::Uniform, kN, 1);
  EXPECT_EQ(uniform.size(), size_t(kN));
  EXPECT_FALSE(merge_sorted(uniform));
}

}  // namespace
}  // namespace ws::merge
