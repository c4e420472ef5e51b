// The block-size check every algorithm shares, with one wording for every scene and CLI flag.
#include "block_dim.h"

#include "error.h"

namespace ws {

void require_block_dim(int block_dim, int min_block_dim, const std::string& subject) {
  const std::string range = "a power of two from " + std::to_string(min_block_dim) + " to " +
                            std::to_string(kMaxBlockDim);
  WS_REQUIRE(
      is_power_of_two(block_dim) && block_dim <= kMaxBlockDim,
      "block size " + std::to_string(block_dim) + " for " + subject + ": it must be " + range);
  WS_REQUIRE(block_dim >= min_block_dim,
             "block size " + std::to_string(block_dim) + " is too small for " + subject +
                 ", which needs at least " + std::to_string(min_block_dim) +
                 " threads per block (" + range + ")");
}

}  // namespace ws
