// The full-size merges (variants 1-4 on the device) against std::merge on (key, tag) pairs: keys
// and values (stability: equal keys keep A's first), skewed and duplicate inputs, int32 and
// float32, sizes from empty to 2^20 + 3.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "gpu_test_support.h"
#include "merge/merge.h"
#include "merge/merge_inputs.h"

namespace ws::merge {
namespace {

template <class Key>
void expect_device_merge(MergeVariant v, MergeGen gen, int64_t m, int64_t n) {
  std::vector<Key> a, b;
  make_merge_input_full<Key>(gen, m, n, uint64_t(m * 31 + n), a, b);
  const std::vector<uint32_t> av = make_tags(m, 0), bv = make_tags(n, uint32_t(m));
  using Pair = std::pair<Key, uint32_t>;
  std::vector<Pair> pa(static_cast<size_t>(m)), pb(static_cast<size_t>(n));
  std::vector<Pair> want(static_cast<size_t>(m + n));
  for (size_t i = 0; i < pa.size(); ++i) pa[i] = {a[i], av[i]};
  for (size_t j = 0; j < pb.size(); ++j) pb[j] = {b[j], bv[j]};
  std::merge(pa.begin(), pa.end(), pb.begin(), pb.end(), want.begin(),
             [](const Pair& x, const Pair& y) { return x.first < y.first; });
  const std::string what = std::string(merge_info(v).id) + " " + merge_gen_id(gen) + " m " +
                           std::to_string(m) + " n " + std::to_string(n);
  const MergeHostResult<Key> with_values = merge_on_device<Key>(v, a, b, av, bv);
  ASSERT_EQ(with_values.keys.size(), want.size()) << what;
  ASSERT_EQ(with_values.values.size(), want.size()) << what;
  for (size_t k = 0; k < want.size(); ++k) {
    ASSERT_EQ(with_values.keys[k], want[k].first) << what << " at C[" << k << "]";
    ASSERT_EQ(with_values.values[k], want[k].second) << what << " value at C[" << k << "]";
  }
  const MergeHostResult<Key> keys_only = merge_on_device<Key>(v, a, b);
  EXPECT_TRUE(keys_only.values.empty()) << what;
  for (size_t k = 0; k < want.size(); ++k)
    ASSERT_EQ(keys_only.keys[k], want[k].first) << what << " keys only, at C[" << k << "]";
}

const MergeVariant kParallelMerges[] = {MergeVariant::Basic, MergeVariant::Tiled,
                                        MergeVariant::Circular};

TEST(MergeGpuFull, SmallSizesForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (MergeVariant v :
       {MergeVariant::Sequential, MergeVariant::Basic, MergeVariant::Tiled, MergeVariant::Circular})
    for (auto [m, n] :
         {std::pair<int64_t, int64_t>{0, 0}, {0, 1}, {1, 0}, {1000, 1000}, {700, 9000}})
      for (MergeGen gen : {MergeGen::Duplicates, MergeGen::Skewed}) {
        expect_device_merge<int32_t>(v, gen, m, n);
        expect_device_merge<float>(v, gen, m, n);
      }
}

TEST(MergeGpuFull, AMillionKeysEveryGenerator) {
  WS_SKIP_WITHOUT_GPU();
  constexpr int64_t kMillion = (int64_t{1} << 20) + 3;
  for (MergeVariant v : kParallelMerges) {
    for (const MergeGenInfo& g : merge_gen_infos())
      expect_device_merge<int32_t>(v, g.gen, kMillion, kMillion / 3);
    for (MergeGen gen : {MergeGen::Uniform, MergeGen::Skewed})
      expect_device_merge<float>(v, gen, kMillion / 5, kMillion);
  }
}

TEST(MergeGpuFull, SequentialRefusesLargeInputs) {
  WS_SKIP_WITHOUT_GPU();
  const std::vector<int32_t> a(size_t(kSequentialDeviceCap), 1), b(1, 2);
  EXPECT_THROW(merge_on_device<int32_t>(MergeVariant::Sequential, a, b), Error);
}

}  // namespace
}  // namespace ws::merge
