// The transpose variant table, the launch geometry of a teach run and the diagonal block order.
#include <string>

#include "../common/variant_table.h"
#include "transpose.h"

namespace ws::mem {

const std::vector<TransposeInfo>& transpose_infos() {
  static const std::vector<TransposeInfo> infos = {
      {TransposeVariant::NaiveRows, "naive-rows", "Naive: coalesced reads, strided writes",
       "transpose_naive_rows.cu", "cuda-samples transposeNaive; PMPP 6.1",
       "A warp reads 32 neighbours of a row (4 sectors) but writes 32 elements of a column, one "
       "sector each: the writes waste 7 of every 8 bytes moved."},
      {TransposeVariant::NaiveColumns, "naive-columns", "Naive: strided reads, coalesced writes",
       "transpose_naive_columns.cu", "PMPP 6.1 (corner turning)",
       "Turning the threads around moves the waste to the reads: one side of a transpose is "
       "always a column, so a plain one-thread-per-element kernel cannot coalesce both."},
      {TransposeVariant::Tiled, "tiled", "Shared tile (32-way bank conflicts)",
       "transpose_tiled.cu", "cuda-samples transposeCoalesced; lecture: tiled transpose",
       "Stage a tile in shared memory: load it by rows and store it by rows, so both global sides "
       "coalesce; the turn happens in the tile, whose column read hits one bank T times."},
      {TransposeVariant::Padded, "padded", "Shared tile padded to T+1 (no bank conflicts)",
       "transpose_padded.cu", "cuda-samples transposeNoBankConflicts",
       "One unused float per tile row shifts each row by one bank, so a column of the tile falls "
       "on 32 different banks: the conflicts vanish for the price of T floats."},
      {TransposeVariant::Diagonal, "diagonal", "Padded tile, diagonal block order",
       "transpose_diagonal.cu", "cuda-samples transposeDiagonal (partition camping)",
       "Renumbering the blocks along diagonals spread old GPUs' traffic over the DRAM "
       "partitions; modern GPUs hash addresses over them, so it barely changes the time."},
      {TransposeVariant::Fast, "fast", "Fast: several elements per thread, float4 rows",
       "transpose_fast.cu", "cuda-samples TILE_DIM 32 / BLOCK_ROWS 8; vector loads",
       "Fewer threads each moving several elements (and 16 bytes per load) keep more bytes in "
       "flight per thread: the transpose runs at nearly the speed of a plain copy."},
  };
  return infos;
}

const TransposeInfo& transpose_info(TransposeVariant v) {
  return find_variant_info(transpose_infos(), v, "transpose");
}

bool parse_transpose_variant(const std::string& text, TransposeVariant& out) {
  return parse_variant_text(transpose_infos(), text, out);
}

bool uses_tile(TransposeVariant v) {
  return v == TransposeVariant::Tiled || v == TransposeVariant::Padded ||
         v == TransposeVariant::Diagonal || v == TransposeVariant::Fast;
}

TransposeGeometry transpose_geometry(const TransposeTeachParams& params, int rows, int cols) {
  TransposeGeometry g;
  const int t = params.tile > 0 ? params.tile : 1;
  g.tile = t;
  g.block_x = t;
  g.block_y =
      params.variant == TransposeVariant::Fast && params.block_rows > 0 ? params.block_rows : t;
  g.over_output = params.variant == TransposeVariant::NaiveColumns;
  g.diagonal = params.variant == TransposeVariant::Diagonal;
  g.pad = !uses_tile(params.variant) || params.variant == TransposeVariant::Tiled ? 0 : 1;
  const int across = g.over_output ? rows : cols;  // the covered matrix's columns
  const int down = g.over_output ? cols : rows;
  g.grid_x = (across + t - 1) / t;
  g.grid_y = (down + t - 1) / t;
  return g;
}

void TransposeRun::tile_of(int block, int& bx, int& by) const {
  const TransposeGeometry& g = geometry;
  if (g.diagonal) {
    by = block % g.grid_y;
    bx = (block / g.grid_y + by) % g.grid_x;
  } else {
    bx = block % g.grid_x;
    by = block / g.grid_x;
  }
}

}  // namespace ws::mem
