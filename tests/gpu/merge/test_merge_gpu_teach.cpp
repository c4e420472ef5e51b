// The merges' traced CUDA kernels against their CPU twins: every variant's output, values and
// trace, event for event, in several launch merge_shapes, on uneven sizes, both key types.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "merge/merge.h"
#include "merge/merge_inputs.h"

namespace ws::merge {
namespace {

MergeTeachParams merge_teach_params(MergeVariant v, int block_dim, int blocks, int tile, int items,
                                    KeyType type) {
  MergeTeachParams p;
  p.variant = v, p.block_dim = block_dim, p.blocks = blocks, p.tile = tile, p.items = items;
  p.key_type = type;
  return p;
}

std::vector<MergeTeachParams> merge_shapes(KeyType type) {
  return {merge_teach_params(MergeVariant::Sequential, 1, 1, 1, 1, type),
          merge_teach_params(MergeVariant::Basic, 4, 1, 8, 1, type),
          merge_teach_params(MergeVariant::Basic, 32, 2, 8, 1, type),
          merge_teach_params(MergeVariant::Basic, 3, 5, 8, 1, type),
          merge_teach_params(MergeVariant::Tiled, 4, 1, 8, 1, type),
          merge_teach_params(MergeVariant::Tiled, 32, 3, 64, 1, type),
          merge_teach_params(MergeVariant::Tiled, 2, 4, 2, 1, type),
          merge_teach_params(MergeVariant::Circular, 4, 1, 8, 1, type),
          merge_teach_params(MergeVariant::Circular, 32, 3, 64, 1, type),
          merge_teach_params(MergeVariant::Circular, 3, 4, 6, 1, type),
          merge_teach_params(MergeVariant::Fast, 4, 1, 8, 3, type),
          merge_teach_params(MergeVariant::Fast, 32, 1, 8, 1, type)};
}

void expect_same_merge_run(const MergeTeachParams& p, const MergeInput& in) {
  const std::string what = std::string(merge_info(p.variant).id) + " block " +
                           std::to_string(p.block_dim) + " blocks " + std::to_string(p.blocks) +
                           " tile " + std::to_string(p.tile) + " items " + std::to_string(p.items) +
                           " " + key_type_id(p.key_type) + ", m " + std::to_string(in.a.size()) +
                           " n " + std::to_string(in.b.size());
  const MergeTeachRun cpu = teach_merge(p, in.a, in.b, Backend::Cpu, in.a_values, in.b_values);
  const MergeTeachRun gpu = teach_merge(p, in.a, in.b, Backend::Cuda, in.a_values, in.b_values);
  ASSERT_EQ(gpu.c, cpu.c) << what;
  ASSERT_EQ(gpu.c_values, cpu.c_values) << what;
  ASSERT_EQ(compare_traces(gpu.trace, cpu.trace), "") << what;
}

TEST(MergeGpuTeach, TheBooksExample) {
  WS_SKIP_WITHOUT_GPU();
  MergeInput in;
  in.a = {1, 7, 8, 9, 10}, in.b = {7, 10, 10, 12};
  in.a_values = make_tags(5, 0), in.b_values = make_tags(4, 5);
  for (const MergeTeachParams& p : merge_shapes(KeyType::Int32)) expect_same_merge_run(p, in);
}

TEST(MergeGpuTeach, EveryVariantOnUnevenSizes) {
  WS_SKIP_WITHOUT_GPU();
  for (KeyType type : {KeyType::Int32, KeyType::Float32})
    for (const MergeTeachParams& p : merge_shapes(type))
      for (auto [m, n] : {std::pair{0, 0}, {0, 5}, {5, 0}, {1, 1}, {17, 33}, {64, 64}, {63, 2}})
        expect_same_merge_run(p, make_merge_input(MergeGen::Uniform, m, n, 3, type));
}

TEST(MergeGpuTeach, SkewedAndEqualKeysForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (MergeGen gen : {MergeGen::Duplicates, MergeGen::AllEqual, MergeGen::Skewed})
    for (const MergeTeachParams& p : merge_shapes(KeyType::Int32))
      expect_same_merge_run(p, make_merge_input(gen, 29, 40, 11, KeyType::Int32));
}

}  // namespace
}  // namespace ws::merge
