// Every transpose variant's teach run on the CPU against the transpose written out element by
// element, on odd sizes, every tile edge and (fast) every block-row count; and the host reference.
#include <gtest/gtest.h>

#include <string>

#include "transpose_test_support.h"

namespace ws::mem {
namespace {

void expect_transposed(const TransposeRun& run, const std::string& what) {
  const std::vector<double> want = ttest::expected_teach_output(run.rows, run.cols);
  ASSERT_EQ(run.output.size(), want.size()) << what;
  for (size_t i = 0; i < want.size(); ++i)
    ASSERT_EQ(run.output[i], want[i])
        << what << " at out[" << i / size_t(run.rows) << "][" << i % size_t(run.rows) << "]";
}

TEST(TransposeOutputs, EveryVariantOnOddSizesAtTheDefaultTile) {
  for (TransposeVariant v : ttest::all_transpose_variants())
    for (int rows : ttest::odd_sides())
      for (int cols : ttest::odd_sides()) {
        const TransposeRun run = teach_transpose(ttest::transpose_params(v, kTransposeDefaultTile),
                                                 rows, cols, Backend::Cpu);
        expect_transposed(run, std::string(transpose_info(v).id) + " " + std::to_string(rows) +
                                   " x " + std::to_string(cols));
      }
}

TEST(TransposeOutputs, EverySizeFrom1To33AtTile8) {
  // Tile 8: every remainder 0..7 of rows and cols, partial tiles on both edges.
  for (TransposeVariant v : ttest::all_transpose_variants())
    for (int rows = 1; rows <= 33; ++rows)
      for (int cols = 1; cols <= 33; ++cols) {
        const TransposeRun run =
            teach_transpose(ttest::transpose_params(v, 8, 2), rows, cols, Backend::Cpu);
        expect_transposed(run, std::string(transpose_info(v).id) + " " + std::to_string(rows) +
                                   " x " + std::to_string(cols));
      }
}

TEST(TransposeOutputs, EveryTileEdgeOnSizesThatAreNotMultiplesOfIt) {
  for (TransposeVariant v : ttest::all_transpose_variants())
    for (int tile : {4, 5, 8, 12, 16, 31, 32})
      for (const auto& [rows, cols] : std::vector<std::pair<int, int>>{
               {1, 33}, {33, 1}, {29, 11}, {37, 64}, {64, 37}, {9, 9}}) {
        const TransposeRun run =
            teach_transpose(ttest::transpose_params(v, tile, 1), rows, cols, Backend::Cpu);
        expect_transposed(run, std::string(transpose_info(v).id) + " tile " + std::to_string(tile) +
                                   " " + std::to_string(rows) + " x " + std::to_string(cols));
      }
}

TEST(TransposeOutputs, FastWithEveryBlockRowCountThatDividesTheTile) {
  for (int tile : {4, 8, 16, 32})
    for (int rows_per_block = 1; rows_per_block <= tile; ++rows_per_block) {
      if (tile % rows_per_block != 0) continue;
      const TransposeRun run =
          teach_transpose(ttest::transpose_params(TransposeVariant::Fast, tile, rows_per_block), 45,
                          23, Backend::Cpu);
      EXPECT_EQ(run.geometry.block_y, rows_per_block);
      expect_transposed(
          run, "fast tile " + std::to_string(tile) + " rows " + std::to_string(rows_per_block));
    }
}

TEST(TransposeReference, TurnsRowsIntoColumns) {
  // [0 1 2]      [0 3]
  // [3 4 5]  ->  [1 4]
  //              [2 5]
  const std::vector<float> out = transpose_reference({0, 1, 2, 3, 4, 5}, 2, 3);
  EXPECT_EQ(out, (std::vector<float>{0, 3, 1, 4, 2, 5}));
  EXPECT_EQ(transpose_reference({7}, 1, 1), std::vector<float>{7});
  EXPECT_EQ(transpose_reference({1, 2, 3}, 1, 3), (std::vector<float>{1, 2, 3}));
}

TEST(TransposeReference, TwiceIsTheIdentity) {
  std::vector<float> in(size_t(17) * 29);
  for (size_t i = 0; i < in.size(); ++i) in[i] = float(i) * 0.5f - 3.0f;
  EXPECT_EQ(transpose_reference(transpose_reference(in, 17, 29), 29, 17), in);
}

TEST(TransposeReference, RejectsAMatrixOfTheWrongSize) {
  EXPECT_THROW(transpose_reference({1, 2, 3}, 2, 2), Error);
  EXPECT_THROW(transpose_reference({}, 0, 3), Error);
}

}  // namespace
}  // namespace ws::mem
