// The matrix-multiplication variant table and the traffic model (PMPP 5.2's arithmetic intensity).
#include <string>

#include "../common/error.h"
#include "../common/variant_table.h"
#include "matmul.h"
#include "matmul_config.h"

namespace ws::mem {

const std::vector<MatmulVariantInfo>& matmul_variant_infos() {
  static const std::vector<MatmulVariantInfo> infos = {
      {MatmulVariant::Naive, "naive", "Naive: one thread per output", "matmul_naive.cu", "3.4",
       "Every multiply-add loads one element of M and one of N from global memory: 0.25 OP/B, "
       "far below what the GPU computes per byte it can load."},
      {MatmulVariant::Tiled, "tiled", "Tiled in shared memory (Mds, Nds)", "matmul_tiled.cu", "5.4",
       "A block loads a tile of M and of N once into shared memory and every thread reuses it "
       "TILE_WIDTH times: the global traffic falls by TILE_WIDTH."},
      {MatmulVariant::Coarsened, "coarsened", "Thread coarsening: several outputs per thread",
       "matmul_coarsened.cu", "6.3",
       "One thread computing COARSE_FACTOR outputs loads its Mds element once for all of them: "
       "less redundant loading and fewer blocks."},
      {MatmulVariant::RegisterTiled, "register-tiled",
       "Register tiling: a TM x TN block of outputs per thread", "matmul_register_tiled.cu", "6.3",
       "Values read from shared memory are reused from registers TM or TN times, so the shared "
       "loads per multiply-add fall as well as the global ones."},
      {MatmulVariant::Vectorized, "vectorized",
       "Vectorized: float4 loads, transposed Mds, double buffering", "matmul_vectorized.cu", "6.3",
       "Wider loads move the same bytes in fewer instructions, and a second shared buffer lets "
       "the next tile load while this one is used: one barrier a phase."},
      {MatmulVariant::Fast, "fast", "Fast SGEMM: warp tiling, register prefetch", "matmul_fast.cuh",
       "6.3",
       "Warp tiles, 128 x 256 block tiles (128 x 64 for small outputs), 8 x 4 outputs per lane and "
       "prefetched tiles bring FP32 matrix multiplication close to cuBLAS."},
  };
  return infos;
}

const MatmulVariantInfo& matmul_info(MatmulVariant v) {
  return find_variant_info(matmul_variant_infos(), v, "matrix multiplication");
}

bool parse_matmul_variant(const std::string& text, MatmulVariant& out) {
  return parse_variant_text(matmul_variant_infos(), text, out);
}

bool uses_shared_tiles(MatmulVariant v) {
  return v != MatmulVariant::Naive;
}

int fast_block_tile() {
  return kFastDefaultBlockTile;
}

namespace {

int64_t matmul_ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

}  // namespace

MatmulTraffic matmul_traffic(MatmulVariant v, int64_t I, int64_t J, int64_t K, int tile,
                             int coarse_factor, int thread_tile) {
  WS_REQUIRE(I >= 1 && J >= 1 && K >= 1, "matmul traffic: sizes " + std::to_string(I) + " x " +
                                             std::to_string(J) + " x " + std::to_string(K) +
                                             "; every side must be at least 1");
  WS_REQUIRE(tile >= 1 && coarse_factor >= 1 && thread_tile >= 1,
             std::string("matmul traffic: tile, coarse factor and thread tile must be at least 1"));
  MatmulTraffic t;
  t.flops = 2.0 * double(I) * double(J) * double(K);
  t.bytes_stored = 4.0 * double(I) * double(K);
  // A block computing a bm x bn tile of P loads its bm x J band of M and J x bn band of N once:
  // M is loaded once per block column, N once per block row.
  int64_t bm = tile, bn = tile;
  switch (v) {
    case MatmulVariant::Naive:
      t.bytes_loaded = 8.0 * double(I) * double(J) * double(K);
      break;
    case MatmulVariant::Tiled:
      break;
    case MatmulVariant::Coarsened:
      bn = int64_t(tile) * coarse_factor;
      break;
    case MatmulVariant::RegisterTiled:
    case MatmulVariant::Vectorized:
      bm = bn = int64_t(tile) * thread_tile;
      break;
    case MatmulVariant::Fast:
      bm = kFastBM;
      bn = fast_block_cols(I, K, kFastModelSms);
      break;
  }
  if (v != MatmulVariant::Naive)
    t.bytes_loaded = 4.0 * (double(I) * double(J) * double(matmul_ceil_div(K, bn)) +
                            double(J) * double(K) * double(matmul_ceil_div(I, bm)));
  t.op_per_byte = t.flops / t.bytes_loaded;
  return t;
}

MatmulTraffic matmul_full_size_traffic(MatmulVariant v, int64_t I, int64_t J, int64_t K, int tile) {
  switch (v) {
    case MatmulVariant::RegisterTiled:
      return matmul_traffic(v, I, J, K, kRegBM / kRegTM, 1, kRegTM);
    case MatmulVariant::Vectorized:
      return matmul_traffic(v, I, J, K, kVecBM / kVecTM, 1, kVecTM);
    default:
      return matmul_traffic(v, I, J, K, tile, kCoarseFactor, 1);
  }
}

}  // namespace ws::mem
