// Shared by the merge kernels' CPU tests: the reference merge (std::merge on (key, tag) pairs
// ordered by key only, so equal keys keep A's first as std::merge guarantees), the teach
// configurations every variant is checked in, and small seeded inputs.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "common/error.h"
#include "merge/merge.h"
#include "merge/merge_inputs.h"

namespace ws::merge::mtest {

struct Reference {
  std::vector<double> keys;
  std::vector<uint32_t> tags;
};

// Tags 0..m-1 for A and m..m+n-1 for B (the generators' and teach_merge's default).
inline Reference reference_merge(const std::vector<double>& a, const std::vector<double>& b) {
  using Pair = std::pair<double, uint32_t>;
  std::vector<Pair> pa, pb, out(a.size() + b.size());
  for (size_t i = 0; i < a.size(); ++i) pa.push_back({a[i], uint32_t(i)});
  for (size_t j = 0; j < b.size(); ++j) pb.push_back({b[j], uint32_t(a.size() + j)});
  std::merge(pa.begin(), pa.end(), pb.begin(), pb.end(), out.begin(),
             [](const Pair& x, const Pair& y) { return x.first < y.first; });
  Reference r;
  for (const Pair& p : out) r.keys.push_back(p.first), r.tags.push_back(p.second);
  return r;
}

inline MergeTeachParams params(MergeVariant v, int block_dim, int blocks, int tile, int items,
                               KeyType type = KeyType::Int32) {
  MergeTeachParams p;
  p.variant = v, p.block_dim = block_dim, p.blocks = blocks, p.tile = tile, p.items = items;
  p.key_type = type;
  return p;
}

// Each variant in a few launch shapes: one block and several, tiles of 1, 2 and 4 slices a thread.
inline std::vector<MergeTeachParams> configurations(KeyType type = KeyType::Int32) {
  return {params(MergeVariant::Sequential, 1, 1, 1, 1, type),
          params(MergeVariant::Basic, 4, 1, 8, 1, type),
          params(MergeVariant::Basic, 3, 3, 8, 1, type),
          params(MergeVariant::Tiled, 4, 1, 8, 1, type),
          params(MergeVariant::Tiled, 2, 3, 2, 1, type),
          params(MergeVariant::Circular, 4, 1, 8, 1, type),
          params(MergeVariant::Circular, 2, 3, 4, 1, type),
          params(MergeVariant::Fast, 4, 1, 8, 3, type)};
}

// One multi-block shape a variant (the all-pairs test: keep it fast).
inline std::vector<MergeTeachParams> one_configuration_per_variant() {
  return {params(MergeVariant::Sequential, 1, 1, 1, 1), params(MergeVariant::Basic, 3, 3, 8, 1),
          params(MergeVariant::Tiled, 2, 3, 2, 1), params(MergeVariant::Circular, 2, 3, 4, 1),
          params(MergeVariant::Fast, 4, 1, 8, 3)};
}

inline std::string describe(const MergeTeachParams& p, size_t m, size_t n) {
  return std::string(merge_info(p.variant).id) + " block " + std::to_string(p.block_dim) +
         " blocks " + std::to_string(p.blocks) + " tile " + std::to_string(p.tile) + " items " +
         std::to_string(p.items) + " " + key_type_id(p.key_type) + ", m " + std::to_string(m) +
         " n " + std::to_string(n);
}

}  // namespace ws::merge::mtest
