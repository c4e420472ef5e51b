// The tile merge both CPU twins share (merge_fast_cpu.cpp): one block of the fast merge's tile
// kernel on the host. CUDA-free.
#pragma once

#include <cstdint>

#include "merge_fast.h"

namespace ws::merge {

// out[0, a_count + b_count) = merge(a, b) as the block's threads do it: thread tid co-ranks
// diagonal tid ITEMS and merges ITEMS outputs (A first on equal keys). Values move with their
// keys when vout is not nullptr (va / vb may be nullptr for an empty side).
template <class Key>
void merge_tile_cpu(const Key* a, int64_t a_count, const Key* b, int64_t b_count,
                    const uint32_t* va, const uint32_t* vb, Key* out, uint32_t* vout,
                    FastConfig config);

}  // namespace ws::merge
