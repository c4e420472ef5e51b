// The fast sort's CPU twin (merge_fast.h): the kernels' schedule on the host. Block sort: each
// thread's ITEMS keys through odd-even transposition (swap only on a strict <: stable), then
// log2(threads) rounds merging runs of ITEMS 2^r in pairs; then the global passes, runs of
// T 2^p merged in pairs tile by tile, each tile co-ranked on the merge path of its pair.
#include <algorithm>
#include <utility>

#include "merge_fast_cpu.h"
#include "merge_fast_launch.h"
#include "merge_path.h"

namespace ws::merge {

namespace {

// One thread's register network on keys[first, first + valid).
template <class Key>
void fast_sort_network_cpu(Key* keys, uint32_t* values, int items, int valid) {
  for (int round = 0; round < items; ++round)
    for (int k = round & 1; k + 1 < items; k += 2)
      if (k + 1 < valid && keys[k + 1] < keys[k]) {
        std::swap(keys[k], keys[k + 1]);
        if (values != nullptr) std::swap(values[k], values[k + 1]);
      }
}

// Merges the pairs of runs of `width` in src[0, count) into dst, tile by tile (`tile` divides
// 2 width), as the block rounds and the global passes do.
template <class Key>
void fast_sort_merge_runs_cpu(const Key* src, const uint32_t* vsrc, int64_t count, int64_t width,
                              FastConfig config, int64_t tile, Key* dst, uint32_t* vdst) {
  for (int64_t g0 = 0; g0 < count; g0 += tile) {
    const int64_t base = g0 / (2 * width) * (2 * width);
    const int64_t m = std::min(width, count - base);
    const int64_t nb = std::min(width, count - base - m);
    const Key* a = src + base;
    const Key* b = src + base + m;
    const int64_t g1 = std::min(g0 + tile, base + m + nb);
    const int64_t i0 = merge_path(a, m, b, nb, g0 - base);
    const int64_t i1 = merge_path(a, m, b, nb, g1 - base);
    const int64_t j0 = g0 - base - i0, j1 = g1 - base - i1;
    merge_tile_cpu(a + i0, i1 - i0, b + j0, j1 - j0, vsrc ? vsrc + base + i0 : nullptr,
                   vsrc ? vsrc + base + m + j0 : nullptr, dst + g0, vdst ? vdst + g0 : nullptr,
                   config);
  }
}

}  // namespace

template <class Key>
FastResult<Key> sort_fast_cpu(const std::vector<Key>& keys, const std::vector<uint32_t>& values,
                              FastConfig config) {
  check_fast_config(config, true);
  const bool pairs = check_sort_fast_input(keys, values);
  const int64_t n = int64_t(keys.size()), tile = config.tile(), block_tile = config.block_tile();
  FastResult<Key> cur{keys, values}, next{keys, values};
  uint32_t* cv = pairs ? cur.values.data() : nullptr;
  uint32_t* nv = pairs ? next.values.data() : nullptr;
  for (int64_t base = 0; base < n; base += block_tile) {  // the block sort, a tile a block
    const int64_t count = std::min(block_tile, n - base);
    for (int64_t first = 0; first < count; first += config.items)
      fast_sort_network_cpu(cur.keys.data() + base + first, cv ? cv + base + first : nullptr,
                            config.items, int(std::min<int64_t>(config.items, count - first)));
    for (int64_t width = config.items; width < block_tile; width *= 2) {
      // Each round merges pairs of runs of `width` inside the tile: a "tile" of one merge is the
      // whole pair here (every thread of the block takes part in its pair's merge).
      fast_sort_merge_runs_cpu(cur.keys.data() + base, cv ? cv + base : nullptr, count, width,
                               {int(2 * width / config.items), config.items}, 2 * width,
                               next.keys.data() + base, nv ? nv + base : nullptr);
      std::copy(next.keys.begin() + base, next.keys.begin() + base + count,
                cur.keys.begin() + base);
      if (pairs)
        std::copy(next.values.begin() + base, next.values.begin() + base + count,
                  cur.values.begin() + base);
    }
  }
  for (int64_t width = block_tile; width < n; width *= 2) {  // the global passes
    fast_sort_merge_runs_cpu(cur.keys.data(), cv, n, width, config, tile, next.keys.data(), nv);
    std::swap(cur, next);
    std::swap(cv, nv);
  }
  return cur;
}

template FastResult<int32_t> sort_fast_cpu<int32_t>(const std::vector<int32_t>&,
                                                    const std::vector<uint32_t>&, FastConfig);
template FastResult<float> sort_fast_cpu<float>(const std::vector<float>&,
                                                const std::vector<uint32_t>&, FastConfig);

}  // namespace ws::merge
