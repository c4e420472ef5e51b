// The transposes' traced CUDA kernels against their CPU twins: every variant's output and trace,
// event for event, on odd sizes, every tile edge and (fast) every block-row count.
#include <gtest/gtest.h>

#include <string>

#include "gpu_test_support.h"
#include "memory/transpose.h"

namespace ws::mem {
namespace {

const TransposeVariant kTransposeVariants[] = {
    TransposeVariant::NaiveRows, TransposeVariant::NaiveColumns, TransposeVariant::Tiled,
    TransposeVariant::Padded,    TransposeVariant::Diagonal,     TransposeVariant::Fast};

void expect_same_transpose_run(TransposeVariant v, int tile, int block_rows, int rows, int cols) {
  TransposeTeachParams p;
  p.variant = v;
  p.tile = tile;
  p.block_rows = block_rows;
  const std::string what = std::string(transpose_info(v).id) + " tile " + std::to_string(tile) +
                           " rows " + std::to_string(block_rows) + ", " + std::to_string(rows) +
                           " x " + std::to_string(cols);
  const TransposeRun cpu = teach_transpose(p, rows, cols, Backend::Cpu);
  const TransposeRun gpu = teach_transpose(p, rows, cols, Backend::Cuda);
  ASSERT_EQ(gpu.output, cpu.output) << what;
  ASSERT_EQ(compare_traces(gpu.trace, cpu.trace), "") << what;
}

TEST(TransposeGpuTeach, EveryVariantMatchesItsTwinOnOddSizes) {
  WS_SKIP_WITHOUT_GPU();
  for (TransposeVariant v : kTransposeVariants)
    for (int rows : {1, 2, 7, 16, 31, 33, 64})
      for (int cols : {1, 3, 17, 32, 47, 64}) expect_same_transpose_run(v, 32, 8, rows, cols);
}

TEST(TransposeGpuTeach, EveryTileEdge) {
  WS_SKIP_WITHOUT_GPU();
  for (TransposeVariant v : kTransposeVariants)
    for (int tile : {4, 5, 8, 13, 16, 32}) expect_same_transpose_run(v, tile, 1, 29, 41);
}

TEST(TransposeGpuTeach, FastWithEveryBlockRowCount) {
  WS_SKIP_WITHOUT_GPU();
  for (int tile : {4, 8, 16, 32})
    for (int r = 1; r <= tile; r *= 2)
      expect_same_transpose_run(TransposeVariant::Fast, tile, r, 37, 50);
}

TEST(TransposeGpuTeach, OneRunOfEachVariantForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (TransposeVariant v : kTransposeVariants) expect_same_transpose_run(v, 8, 2, 13, 21);
}

}  // namespace
}  // namespace ws::mem
