// Every merge variant's teach output against std::merge (keys and tags: equal keys keep A's
// first) on every pair of sizes 0..33, 2^k +- 1, all-equal keys, one side empty and duplicates
// across both arrays, int32 and float32.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "merge_test_support.h"

namespace ws::merge {
namespace {

void expect_merged(const MergeTeachParams& p, const MergeInput& in) {
  const MergeTeachRun run = teach_merge(p, in.a, in.b, Backend::Cpu, in.a_values, in.b_values);
  const mtest::Reference want = mtest::reference_merge(in.a, in.b);
  const std::string what = mtest::describe(p, in.a.size(), in.b.size());
  ASSERT_EQ(run.c, want.keys) << what;
  ASSERT_EQ(run.c_values, want.tags) << what;
}

// One test a variant, so each stays well under a second in the sanitized build.
class MergeEveryPair : public ::testing::TestWithParam<MergeTeachParams> {};

TEST_P(MergeEveryPair, SizesUpTo33EachSide) {
  for (int m = 0; m <= 33; ++m)
    for (int n = 0; n <= 33; ++n)
      expect_merged(GetParam(), make_merge_input(MergeGen::Uniform, m, n, uint64_t(m * 64 + n),
                                                 KeyType::Int32));
}

INSTANTIATE_TEST_SUITE_P(MergeOutputs, MergeEveryPair,
                         ::testing::ValuesIn(mtest::one_configuration_per_variant()),
                         [](const ::testing::TestParamInfo<MergeTeachParams>& info) {
                           return std::string(merge_info(info.param.variant).id);
                         });

TEST(MergeOutputs, PowersOfTwoPlusMinusOne) {
  for (const MergeTeachParams& p : mtest::configurations(KeyType::Float32))
    for (int k = 0; k <= 6; ++k)
      for (int d : {-1, 0, 1}) {
        const int m = (1 << k) + d;
        if (m < 0 || m > kMergeTeachMaxSide) continue;
        for (int n : {0, 1, 31, 63, 64})
          expect_merged(p, make_merge_input(MergeGen::Uniform, m, n, 9, KeyType::Float32));
      }
}

TEST(MergeOutputs, EveryGeneratorBothKeyTypes) {
  for (KeyType type : {KeyType::Int32, KeyType::Float32})
    for (const MergeTeachParams& p : mtest::configurations(type))
      for (const MergeGenInfo& g : merge_gen_infos())
        for (auto [m, n] : {std::pair{0, 20}, {20, 0}, {7, 40}, {40, 7}, {64, 64}, {33, 31}})
          expect_merged(p, make_merge_input(g.gen, m, n, 5, type));
}

TEST(MergeOutputs, EveryLaunchShapeOnDuplicates) {
  // Blocks 1..5 and threads 1..8, tiles that are 1..3 slices a thread, fast ITEMS 1..5.
  const MergeInput in = make_merge_input(MergeGen::Duplicates, 29, 22, 4, KeyType::Int32);
  for (int block_dim = 1; block_dim <= 8; ++block_dim)
    for (int blocks = 1; blocks <= 5; ++blocks) {
      expect_merged(mtest::params(MergeVariant::Basic, block_dim, blocks, 1, 1), in);
      expect_merged(mtest::params(MergeVariant::Fast, block_dim, 1, 1, blocks), in);
      for (int slices = 1; slices <= 3; ++slices) {
        const int tile = block_dim * slices;
        expect_merged(mtest::params(MergeVariant::Tiled, block_dim, blocks, tile, 1), in);
        expect_merged(mtest::params(MergeVariant::Circular, block_dim, blocks, tile, 1), in);
      }
    }
}

TEST(MergeOutputs, GivenValuesTravelWithTheirKeys) {
  const std::vector<double> a = {2, 2, 5}, b = {2, 3};
  const std::vector<uint32_t> av = {100, 101, 102}, bv = {200, 201};
  for (const MergeTeachParams& p : mtest::configurations()) {
    const MergeTeachRun run = teach_merge(p, a, b, Backend::Cpu, av, bv);
    EXPECT_EQ(run.c, (std::vector<double>{2, 2, 2, 3, 5})) << mtest::describe(p, 3, 2);
    EXPECT_EQ(run.c_values, (std::vector<uint32_t>{100, 101, 200, 201, 102}))
        << mtest::describe(p, 3, 2);
  }
}

}  // namespace
}  // namespace ws::merge
