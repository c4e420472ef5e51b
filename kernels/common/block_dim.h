// Threads per block, the part every algorithm shares: a block size is a power of two from the
// variant's minimum to 1024, and the automatic choice doubles from that minimum until one block
// covers the input or reaches the algorithm's cap. Each algorithm states only its own minimum,
// cap and elements per block (reduce_info.cpp, scan_info.cpp, compact_info.cpp,
// segmented_parse.cpp).
#pragma once

#include <cstdint>
#include <string>

namespace ws {

constexpr int kMaxBlockDim = 1024;  // threads per block on every CUDA GPU

constexpr bool is_power_of_two(int64_t x) {
  return x > 0 && (x & (x - 1)) == 0;
}

// Throws ws::Error unless `block_dim` is a power of two from `min_block_dim` to 1024, e.g.
// "block size 48 for kogge-stone: it must be a power of two from 1 to 1024", or "block size 16 is
// too small for warp-shuffle, which needs at least 32 threads per block (a power of two from 32 to
// 1024)". `subject` names what the block size was given for.
void require_block_dim(int block_dim, int min_block_dim, const std::string& subject);

// The automatic block size: `first` (a power of two), doubled while it is below `cap` and one
// block of it covers fewer than n elements (elements_per_block(block_dim) < n).
template <class ElementsPerBlock>
int auto_block_dim(int64_t n, int first, int cap, ElementsPerBlock&& elements_per_block) {
  int block_dim = first;
  while (block_dim < cap && elements_per_block(block_dim) < n) block_dim *= 2;
  return block_dim;
}

}  // namespace ws
