// Teach mode for the transposes: the dispatch (CPU twin or CUDA kernels), the checks of a
// request, and the twins of every variant (transpose.h has the trace layout).
//   naive-rows     thread (tx, ty) of tile (bx, by) over the input copies in[r][c] to out[c][r],
//                  r = by T + ty, c = bx T + tx.
//   naive-columns  the grid covers the output's tiles: the thread copies in[r][c] to out[c][r]
//                  with r = bx T + tx, c = by T + ty (consecutive lanes: consecutive r, a column
//                  of the input, a row of the output).
//   tiled (3..6)   load: tile[y][tx] = in[by T + y][bx T + tx]; barrier; store:
//                  out[bx T + y][by T + tx] = tile[tx][y], for y = ty, ty + R, ... (R = block rows;
//                  R = T except fast). The tile's rows are T + pad floats.
#include "transpose_teach_cpu.h"

#include <string>

#include "../common/error.h"

namespace ws::mem {

namespace {

std::string transpose_text(int64_t v) {
  return std::to_string(v);
}

// A run with its params, sizes, input (i * cols + j), geometry and the trace's type.
TransposeRun start_transpose_run(const TransposeTeachParams& params, int rows, int cols) {
  TransposeRun run;
  run.params = params;
  run.rows = rows;
  run.cols = cols;
  run.geometry = transpose_geometry(params, rows, cols);
  run.input.resize(size_t(rows) * cols);
  for (size_t i = 0; i < run.input.size(); ++i) run.input[i] = double(i);
  Trace& t = run.trace;
  t.op = BinaryOp::Sum;
  t.op_label = "copy";
  t.type = ValueType::Float32;
  t.elem_bytes = 4;
  t.serial_ops = 0;  // no arithmetic: a transpose only moves data
  return run;
}

// The trace's buffers and steps (transpose.h): step 0 copy or load, step 1 store.
void lay_out_transpose(TraceModel& model, const TransposeRun& run) {
  const TransposeGeometry& g = run.geometry;
  const TransposeTeachParams& params = run.params;
  const int rows = run.rows, cols = run.cols;
  model.add_buffer("in", MemSpace::Global, rows * cols, 1, run.input);
  model.add_buffer("out", MemSpace::Global, rows * cols, 1);
  const TransposeMarkers m = transpose_markers(params.variant);
  if (uses_tile(params.variant)) {
    model.add_buffer("tile", MemSpace::Shared, g.tile * (g.tile + g.pad), g.blocks());
    model.add_step("load the tile by rows", "load", m.load, g.blocks(), g.block_threads(), 1);
    model.add_step("store the tile by columns", "store", m.store, g.blocks(), g.block_threads(), 0);
  } else {
    model.add_step("copy in to out", "copy", m.copy, g.blocks(), g.block_threads(), 0);
  }
}

void finish_transpose_run(TraceModel& model, TransposeRun& run) {
  model.finish();
  run.output = model.state(kTransposeOut);
}

}  // namespace

void check_transpose_request(const TransposeTeachParams& params, int rows, int cols) {
  const int v = int(params.variant);
  if (v < 1 || v > 6)
    throw Error("unknown transpose variant " + transpose_text(v) + "; " +
                "naive-rows, naive-columns, tiled, padded, diagonal and fast (1..6) are accepted");
  const int max = kTransposeTeachMaxSide;
  if (rows < 1 || cols < 1 || rows > max || cols > max)
    throw Error("teach mode takes matrices of 1.." + transpose_text(max) + " x 1.." +
                transpose_text(max) + ", not " + transpose_text(rows) + " x " +
                transpose_text(cols));
  if (params.tile < kTransposeMinTile || params.tile > kTransposeMaxTile)
    throw Error("the tile edge must be " + transpose_text(kTransposeMinTile) + ".." +
                transpose_text(kTransposeMaxTile) + ", not " + transpose_text(params.tile));
  if (params.variant == TransposeVariant::Fast &&
      (params.block_rows < 1 || params.block_rows > params.tile ||
       params.tile % params.block_rows != 0))
    throw Error("block rows must divide the tile edge " + transpose_text(params.tile) + " (1.." +
                transpose_text(params.tile) + "), not " + transpose_text(params.block_rows));
}

TransposeMarkers transpose_markers(TransposeVariant v) {
  switch (v) {
    case TransposeVariant::NaiveRows:
      return {"@naive-rows-copy", "", ""};
    case TransposeVariant::NaiveColumns:
      return {"@naive-columns-copy", "", ""};
    case TransposeVariant::Tiled:
      return {"", "@tiled-load", "@tiled-store"};
    case TransposeVariant::Padded:
      return {"", "@padded-load", "@padded-store"};
    case TransposeVariant::Diagonal:
      return {"", "@diagonal-load", "@diagonal-store"};
    case TransposeVariant::Fast:
      return {"", "@fast-load", "@fast-store"};
  }
  return {"", "", ""};
}

TransposeRun teach_transpose_cpu_naive(const TransposeTeachParams& params, int rows, int cols) {
  TransposeRun run = start_transpose_run(params, rows, cols);
  TraceModel m(run.trace);
  lay_out_transpose(m, run);
  const TransposeGeometry& g = run.geometry;
  const bool columns = params.variant == TransposeVariant::NaiveColumns;
  m.at(0);
  for (int b = 0; b < g.blocks(); ++b) {
    int bx = 0, by = 0;
    run.tile_of(b, bx, by);
    for (int ty = 0; ty < g.block_y; ++ty)
      for (int tx = 0; tx < g.block_x; ++tx) {
        const int t = b * g.block_threads() + ty * g.block_x + tx;
        const int r = columns ? bx * g.tile + tx : by * g.tile + ty;
        const int c = columns ? by * g.tile + ty : bx * g.tile + tx;
        if (r >= rows || c >= cols) continue;
        m.write(t, kTransposeOut, c * rows + r, m.read(t, kTransposeIn, r * cols + c));
      }
  }
  finish_transpose_run(m, run);
  return run;
}

TransposeRun teach_transpose_cpu_tiled(const TransposeTeachParams& params, int rows, int cols) {
  TransposeRun run = start_transpose_run(params, rows, cols);
  TraceModel m(run.trace);
  lay_out_transpose(m, run);
  const TransposeGeometry& g = run.geometry;
  const int T = g.tile, stride = g.tile + g.pad;
  for (int b = 0; b < g.blocks(); ++b) {
    int bx = 0, by = 0;
    run.tile_of(b, bx, by);
    for (int ty = 0; ty < g.block_y; ++ty)
      for (int tx = 0; tx < g.block_x; ++tx) {
        const int t = b * g.block_threads() + ty * g.block_x + tx;
        m.at(0);
        for (int y = ty; y < T; y += g.block_y) {
          const int r = by * T + y, c = bx * T + tx;
          if (r < rows && c < cols)
            m.write(t, kTransposeTile, y * stride + tx, m.read(t, kTransposeIn, r * cols + c));
        }
      }
  }
  for (int b = 0; b < g.blocks(); ++b) {
    int bx = 0, by = 0;
    run.tile_of(b, bx, by);
    for (int ty = 0; ty < g.block_y; ++ty)
      for (int tx = 0; tx < g.block_x; ++tx) {
        const int t = b * g.block_threads() + ty * g.block_x + tx;
        m.at(1);
        for (int y = ty; y < T; y += g.block_y) {
          const int c = bx * T + y, r = by * T + tx;  // out[c][r] = in[r][c]
          if (r < rows && c < cols)
            m.write(t, kTransposeOut, c * rows + r, m.read(t, kTransposeTile, tx * stride + y));
        }
      }
  }
  finish_transpose_run(m, run);
  return run;
}

TransposeRun teach_transpose(const TransposeTeachParams& params, int rows, int cols,
                             Backend backend) {
  check_transpose_request(params, rows, cols);
  if (backend == Backend::Cuda) return teach_transpose_cuda(params, rows, cols);
  if (uses_tile(params.variant)) return teach_transpose_cpu_tiled(params, rows, cols);
  return teach_transpose_cpu_naive(params, rows, cols);
}

}  // namespace ws::mem
