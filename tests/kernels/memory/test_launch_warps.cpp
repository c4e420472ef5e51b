// Launch geometry and warps (PMPP 4.4-4.5): the book's counts, each worked out by hand here, and
// the linearisation of threads into warps.
#include <gtest/gtest.h>

#include <string>

#include "common/error.h"
#include "memory/launch.h"

namespace ws::mem {
namespace {

LaunchParams launch_2d(int64_t width, int64_t height, int64_t bx, int64_t by) {
  LaunchParams p;
  p.dims = 2;
  p.data = {width, height, 1};
  p.block = {bx, by, 1};
  return p;
}

TEST(LaunchWarps, ThousandAndThreeElementsIn64ThreadBlocks) {
  LaunchParams p;
  p.data = {1003, 1, 1};
  p.block = {64, 1, 1};
  const Launch l = analyze_launch(p);
  EXPECT_EQ(l.counts.blocks, 16);  // ceil(1003 / 64)
  EXPECT_EQ(l.counts.warps, 32);
  // The last block covers 960..1023: its warp 1 (992..1023) has 11 lanes in range.
  EXPECT_EQ(l.counts.divergent_warps, 1);
  EXPECT_EQ(l.counts.idle_warps, 0);
  EXPECT_EQ(l.warps.back().lanes_in_range, 11);
  EXPECT_EQ(l.warps.back().state, WarpState::Divergent);
}

TEST(LaunchWarps, The62By76ImageHas160Warps31Divergent) {
  // 76 wide: 5 block columns, the last with 12 of 16 columns inside; 62 high: 4 block rows, the
  // last with 14 of 16 rows inside. A warp is 2 rows of a 16-wide block.
  const Launch l = analyze_launch(launch_2d(76, 62, 16, 16));
  EXPECT_EQ(l.counts.blocks, 20);
  EXPECT_EQ(l.counts.warps, 160);
  // Right column, 3 upper blocks: 8 warps each; the corner block: warps 0-6 (rows 48-61).
  EXPECT_EQ(l.counts.divergent_warps, 3 * 8 + 7);
  // Bottom row: warp 7 (rows 62-63) is outside in all 5 blocks.
  EXPECT_EQ(l.counts.idle_warps, 5);
  EXPECT_EQ(l.counts.threads_in_range, 76 * 62);
}

TEST(LaunchWarps, The200By150ImageGives75DivergentWhereTheBookSays80) {
  // 200 wide: 13 block columns, the last with 8 of 16 columns; 150 high: 10 block rows, the last
  // with rows 144-149 (warps 0-2) inside and warps 3-7 wholly below the image.
  const Launch l = analyze_launch(launch_2d(200, 150, 16, 16));
  EXPECT_EQ(l.counts.warps, 1040);
  EXPECT_EQ(l.counts.divergent_warps, 9 * 8 + 3);
  EXPECT_EQ(l.counts.idle_warps, 13 * 5);
  EXPECT_EQ(l.counts.full_warps + l.counts.divergent_warps + l.counts.idle_warps, 1040);
}

TEST(LaunchWarps, TheBookTableShowsBothFiguresAndWhyTheyDiffer) {
  int differing = 0;
  for (const BookCount& b : book_warp_counts()) {
    if (b.book == b.computed) {
      EXPECT_TRUE(b.why.empty()) << b.example << " " << b.quantity;
      continue;
    }
    ++differing;
    EXPECT_EQ(b.book, 80);
    EXPECT_EQ(b.computed, 75);
    EXPECT_NE(b.why.find("idle"), std::string::npos);
  }
  EXPECT_EQ(differing, 1);
  EXPECT_EQ(book_warp_counts().size(), 7u);
}

TEST(LaunchWarps, ThreadsLineariseXFirstThenYThenZ) {
  const Extent3 block{8, 4, 2};
  EXPECT_EQ(thread_linear(block, 0, 0, 0), 0);
  EXPECT_EQ(thread_linear(block, 7, 0, 0), 7);
  EXPECT_EQ(thread_linear(block, 0, 1, 0), 8);
  EXPECT_EQ(thread_linear(block, 0, 0, 1), 32);  // warp 1 starts at z = 1
  EXPECT_EQ(thread_linear(block, 7, 3, 1), 63);
}

TEST(LaunchWarps, A3DLaunchCountsItsEdges) {
  LaunchParams p;
  p.dims = 3;
  p.data = {10, 10, 3};
  p.block = {8, 4, 2};  // one warp per z-layer of a block
  const Launch l = analyze_launch(p);
  EXPECT_EQ(l.grid.x, 2);
  EXPECT_EQ(l.grid.y, 3);
  EXPECT_EQ(l.grid.z, 2);
  EXPECT_EQ(l.counts.warps, 12 * 2);
  // A warp is one 8 x 4 z-layer of a block. Full: all 8 columns (block x 0), all 4 rows (block
  // y 0 or 1) and z inside (z 0, 1, 2 of the two z blocks' layers 0-3): 1 x 2 x 3 = 6. Idle: the
  // layer z = 3, in each of the 6 blocks of z block 1. The other 12 diverge at x 8-9 or y 8-9.
  EXPECT_EQ(l.counts.full_warps, 6);
  EXPECT_EQ(l.counts.idle_warps, 6);
  EXPECT_EQ(l.counts.divergent_warps, 24 - 12);
}

TEST(LaunchWarps, BadLaunchesAreRejectedWithTheLimit) {
  LaunchParams p = launch_2d(64, 64, 32, 64);
  try {
    analyze_launch(p);
    FAIL() << "a 2048-thread block was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("2048 threads: at most 1024 per block"), std::string::npos)
        << e.what();
  }
  p = launch_2d(0, 5, 16, 16);
  EXPECT_THROW(analyze_launch(p), Error);
  p = launch_2d(64, 64, 16, 16);
  p.dims = 1;  // 2D data in a 1D launch
  EXPECT_THROW(analyze_launch(p), Error);
}

TEST(LaunchWarps, LargeLaunchesAreCountedWithoutListingTheirWarps) {
  const Launch l = analyze_launch(launch_2d(8191, 8191, 32, 8));
  EXPECT_FALSE(l.warps_listed);
  EXPECT_TRUE(l.warps.empty());
  EXPECT_EQ(l.counts.warps, 256 * 1024 * 8);
  // The last column of blocks has 31 of 32 columns inside: each of its warps (one 32-wide row)
  // diverges; the last block row has 7 of 8 rows inside: its warp 7 is idle.
  EXPECT_EQ(l.counts.divergent_warps, 1024 * 8 - 1);
  EXPECT_EQ(l.counts.idle_warps, 256);
}

}  // namespace
}  // namespace ws::mem
