// The traffic model against the book's figures (naive 0.25 OP/B, tiled 16: 4, 32: 8) and against
// hand-counted global reads of teach traces.
#include <gtest/gtest.h>

#include "matmul_test_support.h"

namespace ws::mem {
namespace {

using namespace matmul_test;

TEST(MatmulModel, TheBooksArithmeticIntensities) {
  EXPECT_DOUBLE_EQ(matmul_traffic(MatmulVariant::Naive, 1024, 1024, 1024, 16).op_per_byte, 0.25);
  EXPECT_DOUBLE_EQ(matmul_traffic(MatmulVariant::Tiled, 1024, 1024, 1024, 16).op_per_byte, 4.0);
  EXPECT_DOUBLE_EQ(matmul_traffic(MatmulVariant::Tiled, 1024, 1024, 1024, 32).op_per_byte, 8.0);
  EXPECT_DOUBLE_EQ(matmul_traffic(MatmulVariant::Tiled, 1024, 1024, 1024, 2).op_per_byte, 0.5);
  // Coarsened, TILE_WIDTH 32, 4 outputs: a block loads 32 x J of M and J x 128 of N for
  // 32 x 128 outputs: 2 * 32 * 128 / (4 * (32 + 128)) = 12.8.
  EXPECT_DOUBLE_EQ(matmul_traffic(MatmulVariant::Coarsened, 1024, 1024, 1024, 32, 4).op_per_byte,
                   12.8);
  // Register-tiled 16 x 4 = 64-square block tiles, like tiled with TILE_WIDTH 64: 64 / 4 = 16;
  // fast, 128-square: 32.
  EXPECT_DOUBLE_EQ(
      matmul_traffic(MatmulVariant::RegisterTiled, 1024, 1024, 1024, 16, 4, 4).op_per_byte, 16.0);
  EXPECT_DOUBLE_EQ(matmul_traffic(MatmulVariant::Fast, 4096, 4096, 4096, 16).op_per_byte, 32.0);
  const MatmulTraffic t = matmul_traffic(MatmulVariant::Naive, 2, 3, 5, 16);
  EXPECT_DOUBLE_EQ(t.flops, 60.0);
  EXPECT_DOUBLE_EQ(t.bytes_loaded, 240.0);
  EXPECT_DOUBLE_EQ(t.bytes_stored, 40.0);
}

// Global reads of M and N in a teach trace (bytes: x 4).
int matmul_global_reads(const Trace& t) {
  int reads = 0;
  for (const TraceStep& s : t.steps)
    for (const TraceEvent& e : s.events) reads += e.kind == EventKind::Read && e.buffer <= 1;
  return reads;
}

TEST(MatmulModel, ModelCountsTheTracesGlobalLoadsWhenTilesDivideTheSizes) {
  struct Case {
    MatmulVariant v;
    int tile, coarse, tt, I, J, K;
  };
  const Case cases[] = {{MatmulVariant::Naive, 4, 1, 1, 8, 12, 4},
                        {MatmulVariant::Tiled, 2, 1, 1, 4, 4, 4},
                        {MatmulVariant::Tiled, 4, 1, 1, 8, 16, 12},
                        {MatmulVariant::Coarsened, 2, 2, 1, 4, 6, 8},
                        {MatmulVariant::RegisterTiled, 2, 1, 2, 8, 4, 12},
                        {MatmulVariant::Vectorized, 4, 1, 2, 16, 8, 8}};
  for (const Case& c : cases) {
    MatmulTeachParams p;
    p.variant = c.v, p.tile = c.tile, p.coarse_factor = c.coarse, p.thread_tile = c.tt;
    const MatmulTeachRun run =
        teach_matmul(p, random_matrix(c.I, c.J, 1u), random_matrix(c.J, c.K, 2u), Backend::Cpu);
    const MatmulTraffic model = matmul_traffic(c.v, c.I, c.J, c.K, c.tile, c.coarse, c.tt);
    EXPECT_DOUBLE_EQ(model.bytes_loaded, 4.0 * matmul_global_reads(run.trace))
        << matmul_info(c.v).id;
  }
}

TEST(MatmulModel, FullSizeConfigurationsAsLaunched) {
  // 4096^3: tiled 32 loads every element of M and N 4096 / 32 = 128 times: 0.25 x 32 = 8 OP/B;
  // coarsened 32 x 4: 12.8; register-tiled's 64-square tiles 16; vectorized's 128-square 32; fast
  // 32.
  const int64_t n = 4096;
  EXPECT_DOUBLE_EQ(matmul_full_size_traffic(MatmulVariant::Naive, n, n, n, 16).op_per_byte, 0.25);
  EXPECT_DOUBLE_EQ(matmul_full_size_traffic(MatmulVariant::Tiled, n, n, n, 32).op_per_byte, 8.0);
  EXPECT_DOUBLE_EQ(matmul_full_size_traffic(MatmulVariant::Coarsened, n, n, n, 32).op_per_byte,
                   12.8);
  EXPECT_DOUBLE_EQ(matmul_full_size_traffic(MatmulVariant::RegisterTiled, n, n, n, 16).op_per_byte,
                   16.0);
  EXPECT_DOUBLE_EQ(matmul_full_size_traffic(MatmulVariant::Vectorized, n, n, n, 16).op_per_byte,
                   32.0);
  EXPECT_DOUBLE_EQ(matmul_full_size_traffic(MatmulVariant::Fast, n, n, n, 16).op_per_byte, 32.0);
}

TEST(MatmulModel, GlobalTrafficFallsAsTileWidthGrows) {
  double last = 1e300;
  for (int tile : {1, 2, 4, 8, 16, 32}) {
    const double bytes = matmul_traffic(MatmulVariant::Tiled, 512, 512, 512, tile).bytes_loaded;
    EXPECT_LT(bytes, last) << tile;
    last = bytes;
  }
}

}  // namespace
}  // namespace ws::mem
