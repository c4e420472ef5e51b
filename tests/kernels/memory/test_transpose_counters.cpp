// The teach traces' counters against hand-worked numbers. A 32 x 32 matrix at T = 32 is one block
// of 1024 threads, 32 warps; warp w is tile row w (tx = lane).
//   naive-rows     a warp reads in[w][0..31]: 128 contiguous bytes, 4 sectors, 1 line; it writes
//                  out[0..31][w], 32 floats 128 bytes apart: 32 sectors, 32 lines.
//                  32 warps: 32 * (4 + 32) = 1152 sectors, 32 * (1 + 32) = 1056 lines.
//   naive-columns  the mirror image: reads 32 sectors / 32 lines, writes 4 / 1: the same totals.
//   tiled          load: 32 * 4 = 128 sectors, 32 lines; the tile written by rows (1 way). Store:
//                  the column read tile[tx * 32 + w]: word tx * 32 + w is in bank w for every
//                  lane: 32-way, 31 extra passes a warp, 32 * 31 = 992; the writes 128 sectors.
//   padded         the column read tile[tx * 33 + w]: bank (tx + w) mod 32, all different: 1 way.
#include <gtest/gtest.h>

#include "common/counters.h"
#include "transpose_test_support.h"

namespace ws::mem {
namespace {

Counters transpose_counters_of(TransposeVariant v, int tile, int rows, int cols,
                               int block_rows = 4) {
  return compute_counters(
      teach_transpose(ttest::transpose_params(v, tile, block_rows), rows, cols, Backend::Cpu)
          .trace);
}

TEST(TransposeCounters, NaiveRowsReadsARowAndWritesAColumn) {
  const Counters c = transpose_counters_of(TransposeVariant::NaiveRows, 32, 32, 32);
  ASSERT_EQ(c.per_step.size(), 1u);
  EXPECT_EQ(c.per_step[0].active_warps, 32);
  EXPECT_EQ(c.global_requests, 32 * (4 + 32));
  EXPECT_EQ(c.global_lines, 32 * (1 + 32));
  EXPECT_EQ(c.bank_conflicts, 0);
  EXPECT_EQ(c.barriers, 0);
}

TEST(TransposeCounters, NaiveRowsPerWarpOnATallMatrix) {
  // 64 x 32 at T = 32: 2 blocks, 64 warps, each as above.
  const Counters c = transpose_counters_of(TransposeVariant::NaiveRows, 32, 64, 32);
  EXPECT_EQ(c.per_step[0].active_warps, 64);
  EXPECT_EQ(c.global_requests, 64 * (4 + 32));
  EXPECT_EQ(c.global_lines, 64 * (1 + 32));
}

TEST(TransposeCounters, NaiveColumnsIsTheMirrorImage) {
  const Counters c = transpose_counters_of(TransposeVariant::NaiveColumns, 32, 32, 32);
  EXPECT_EQ(c.global_requests, 32 * (32 + 4));
  EXPECT_EQ(c.global_lines, 32 * (32 + 1));
}

TEST(TransposeCounters, TiledCoalescesBothSidesButItsColumnReadIs32Way) {
  const Counters c = transpose_counters_of(TransposeVariant::Tiled, 32, 32, 32);
  ASSERT_EQ(c.per_step.size(), 2u);
  const StepCounters& load = c.per_step[0];
  const StepCounters& store = c.per_step[1];
  EXPECT_EQ(load.global_requests, 32 * 4);
  EXPECT_EQ(load.global_lines, 32);
  EXPECT_EQ(load.max_bank_ways, 1);
  EXPECT_EQ(load.bank_conflicts, 0);
  EXPECT_EQ(load.barriers, 1);
  EXPECT_EQ(store.global_requests, 32 * 4);
  EXPECT_EQ(store.global_lines, 32);
  EXPECT_EQ(store.max_bank_ways, 32);
  EXPECT_EQ(store.bank_conflicts, 32 * 31);
}

TEST(TransposeCounters, PaddingRemovesTheConflictsAtT32) {
  for (TransposeVariant v : {TransposeVariant::Padded, TransposeVariant::Diagonal}) {
    const Counters c = transpose_counters_of(v, 32, 32, 32);
    EXPECT_EQ(c.max_bank_ways, 1) << transpose_info(v).id;
    EXPECT_EQ(c.bank_conflicts, 0) << transpose_info(v).id;
    EXPECT_EQ(c.global_requests, 2 * 32 * 4) << transpose_info(v).id;
    EXPECT_EQ(c.global_lines, 2 * 32) << transpose_info(v).id;
  }
}

TEST(TransposeCounters, UnpaddedWaysAtSmallerTilesAreTSquaredOver32) {
  // T = 16: a warp is tile rows 2w, 2w + 1, lanes tx 0..15; word tx * 16 + y is in bank
  // 16 (tx mod 2) + y: 4 banks, 8 words each: 8-way. T = 8: a warp is 4 rows of 8; word
  // tx * 8 + y in bank 8 (tx mod 4) + y: 16 banks, 2 words each: 2-way. T = 4: a block is 16
  // threads, one warp of 16 words 0..15: 1 way. 32 x 32 has 32 warps at T = 16 and 8.
  const Counters t16 = transpose_counters_of(TransposeVariant::Tiled, 16, 32, 32);
  EXPECT_EQ(t16.per_step[1].max_bank_ways, 8);
  EXPECT_EQ(t16.per_step[1].bank_conflicts, 32 * 7);
  const Counters t8 = transpose_counters_of(TransposeVariant::Tiled, 8, 32, 32);
  EXPECT_EQ(t8.per_step[1].max_bank_ways, 2);
  EXPECT_EQ(t8.per_step[1].bank_conflicts, 32 * 1);
  const Counters t4 = transpose_counters_of(TransposeVariant::Tiled, 4, 32, 32);
  EXPECT_EQ(t4.per_step[1].max_bank_ways, 1);
}

TEST(TransposeCounters, PaddingBelowT32LeavesATwoWayPair) {
  // A warp reads 32 / T columns of the tile at once, and the +1 pad only separates one column's
  // words. T = 16: word 17 tx + y in bank (17 tx + y) mod 32; rows y and y + 1 of the warp meet
  // where 17 (tx1 - tx2) = 1 mod 32, tx1 - tx2 = 17 = -15: lanes tx 0 (row y + 1) and 15 (row
  // y): 2-way, one extra pass per warp. T = 8: 9 (tx1 - tx2) = +-1..3 mod 32 only for tx 0 and 7
  // (9 * 7 = 63 = -1): 2-way. 32 warps each.
  for (int tile : {8, 16}) {
    const Counters c = transpose_counters_of(TransposeVariant::Padded, tile, 32, 32);
    EXPECT_EQ(c.per_step[1].max_bank_ways, 2) << "T = " << tile;
    EXPECT_EQ(c.per_step[1].bank_conflicts, 32) << "T = " << tile;
  }
  // T = 4: one 16-lane warp a block, words 5 tx + y all below 32: conflict free.
  EXPECT_EQ(transpose_counters_of(TransposeVariant::Padded, 4, 32, 32).max_bank_ways, 1);
}

TEST(TransposeCounters, FastMovesFourRowsPerThreadWithTheSameTraffic) {
  // T = 32, 8 block rows: 256 threads, 8 warps; each warp's k-th load is one tile row (4
  // sectors), 4 of them: 8 * 4 * 4 = 128 sectors each way, as the one-element kernels.
  const Counters c = transpose_counters_of(TransposeVariant::Fast, 32, 32, 32, 8);
  EXPECT_EQ(c.per_step[0].active_warps, 8);
  EXPECT_EQ(c.per_step[0].global_requests, 128);
  EXPECT_EQ(c.per_step[1].global_requests, 128);
  EXPECT_EQ(c.max_bank_ways, 1);
}

TEST(TransposeCounters, MisalignedRowsSpanTwoLines) {
  // 33 columns: input row 1 starts at byte 132, so its first 32 floats (bytes 132..259) touch
  // lines 1 and 2, and sectors 4..8 (5 sectors).
  const TransposeRun run = teach_transpose(
      ttest::transpose_params(TransposeVariant::NaiveRows, 32, 4), 2, 33, Backend::Cpu);
  const Counters c = compute_counters(run.trace);
  // Block 0 (columns 0..31): warp 0 reads bytes 0..127 (4 sectors, 1 line), warp 1 bytes
  // 132..259 (5 sectors, 2 lines). Block 1 (column 32): lanes 0 of rows 0 and 1 read 1 sector,
  // 1 line each. Writes: out[c][r], rows = 2: warp r writes 32 floats 8 bytes apart: bytes
  // 4r..4r+248: 8 sectors, 2 lines; block 1's lanes 1 sector, 1 line each.
  EXPECT_EQ(c.global_requests, (4 + 5 + 1 + 1) + (8 + 8 + 1 + 1));
  EXPECT_EQ(c.global_lines, (1 + 2 + 1 + 1) + (2 + 2 + 1 + 1));
}

}  // namespace
}  // namespace ws::mem
