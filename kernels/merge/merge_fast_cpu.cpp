// The fast merge's CPU twin (variant 5, merge_fast.h): the kernels' partitioning on the host. The
// partition co-ranks every tile boundary; each "thread" of each tile co-ranks its diagonal
// tid ITEMS inside the tile and merges ITEMS outputs sequentially, A first on equal keys.
#include <algorithm>

#include "merge_fast_cpu.h"
#include "merge_fast_launch.h"
#include "merge_path.h"

namespace ws::merge {

template <class Key>
void merge_tile_cpu(const Key* a, int64_t a_count, const Key* b, int64_t b_count,
                    const uint32_t* va, const uint32_t* vb, Key* out, uint32_t* vout,
                    FastConfig config) {
  const int64_t count = a_count + b_count;
  for (int tid = 0; tid < config.threads; ++tid) {
    const int64_t diag = std::min<int64_t>(int64_t(tid) * config.items, count);
    int64_t i = merge_path(a, a_count, b, b_count, diag), j = diag - i;
    for (int64_t k = diag; k < std::min<int64_t>(diag + config.items, count); ++k) {
      const bool take_a = j >= b_count || (i < a_count && !(b[j] < a[i]));
      out[k] = take_a ? a[i] : b[j];
      if (vout != nullptr) vout[k] = take_a ? va[i] : vb[j];
      if (take_a)
        ++i;
      else
        ++j;
    }
  }
}

template <class Key>
std::vector<int64_t> merge_fast_partition(const std::vector<Key>& a, const std::vector<Key>& b,
                                          FastConfig config) {
  check_fast_config(config, false);
  const int64_t m = int64_t(a.size()), n = int64_t(b.size()), tile = config.tile();
  const int64_t tiles = (m + n + tile - 1) / tile;
  std::vector<int64_t> corank(size_t(tiles + 1));
  for (int64_t t = 0; t <= tiles; ++t)
    corank[size_t(t)] = merge_path(a.data(), m, b.data(), n, std::min(t * tile, m + n));
  return corank;
}

template <class Key>
FastResult<Key> merge_fast_cpu(const std::vector<Key>& a, const std::vector<Key>& b,
                               const std::vector<uint32_t>& va, const std::vector<uint32_t>& vb,
                               FastConfig config) {
  const bool pairs = check_merge_fast_input(a, b, va, vb);
  const std::vector<int64_t> corank = merge_fast_partition(a, b, config);
  const int64_t m = int64_t(a.size()), n = int64_t(b.size()), tile = config.tile();
  FastResult<Key> result;
  result.keys.resize(size_t(m + n));
  if (pairs) result.values.resize(size_t(m + n));
  for (size_t t = 0; t + 1 < corank.size(); ++t) {
    const int64_t d0 = int64_t(t) * tile, d1 = std::min(d0 + tile, m + n);
    const int64_t i0 = corank[t], i1 = corank[t + 1], j0 = d0 - i0, j1 = d1 - i1;
    merge_tile_cpu(a.data() + i0, i1 - i0, b.data() + j0, j1 - j0,
                   pairs && m > 0 ? va.data() + i0 : nullptr,
                   pairs && n > 0 ? vb.data() + j0 : nullptr, result.keys.data() + d0,
                   pairs ? result.values.data() + d0 : nullptr, config);
  }
  return result;
}

#define WS_MERGE_FAST_CPU(Key)                                                                   \
  template void merge_tile_cpu<Key>(const Key*, int64_t, const Key*, int64_t, const uint32_t*,   \
                                    const uint32_t*, Key*, uint32_t*, FastConfig);               \
  template std::vector<int64_t> merge_fast_partition<Key>(const std::vector<Key>&,               \
                                                          const std::vector<Key>&, FastConfig);  \
  template FastResult<Key> merge_fast_cpu<Key>(const std::vector<Key>&, const std::vector<Key>&, \
                                               const std::vector<uint32_t>&,                     \
                                               const std::vector<uint32_t>&, FastConfig);
WS_MERGE_FAST_CPU(int32_t)
WS_MERGE_FAST_CPU(float)
#undef WS_MERGE_FAST_CPU

}  // namespace ws::merge
