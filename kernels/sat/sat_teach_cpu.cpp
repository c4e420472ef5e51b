// Teach mode for the summed-area tables (and the fused box filter, TeachKernel::FusedFilter: its
// trace format is in sat_teach_fused_filter_cpu.cpp): the dispatch (CPU twin or CUDA kernels), the
// checks of a request, and the trace model the CPU twins share.
//
// The trace format (both backends emit exactly the same one):
// - Buffers: 0 "in" (global, w h, the image), 1 "sat" (global, w h, unwritten at first: the row
//   phase leaves the row scans in it, the column phase the SAT), then the variant's own:
//     2 transpose    "tmp" (global, w h: the transposed image, scanned in place), "tile" (shared,
//                    32 x 33 per block: the padded transpose tile)
//     3 block-scan   "XY rows" (shared, w per block: one row), "XY columns" (shared, h per block)
//     4 single-pass  "tile" (shared, T x (T + 1) per block), "tile counter" (the dynamic tile
//                    index), "row flags", "row sums", "row prefixes", "column flags", "column
//                    sums", "column prefixes" (global, one flag or T values per tile; flags are
//                    0 invalid, 1 aggregate published, 2 inclusive prefix published)
//     5 register-    "column sums", "row sums", "tile totals" (launch 1's aggregates), "column
//       tiled        carries", "row carries", "corners" (launch 2's exclusive scans of them); all
//                    global, laid out as the fast kernels': per image column and tile row
//                    [ty w + x] (tiles_y w), per image row and tile column [tx h + y] (tiles_x h),
//                    per tile [ty tiles_x + tx]
// - Steps, each with a phase the views group by:
//     "row"        the row phase (variant 1: one step per x; 2: one per x of the scan of tmp;
//                  3: load, one per Kogge-Stone stride, store; 4: adding the row carries)
//     "transpose"  variant 2: a transpose launch's load into the shared tile, and its store
//     "column"     the column phase (1, 2: one step per y; 3: load, strides, store; 4: adding
//                  the column carries and storing)
//     "tile"       variant 4: loading a tile, scanning its rows, scanning its columns
//     "look-back"  variant 4: publishing aggregates (flag 1), looking back (which tile read which
//                  flag and which sums or prefixes), publishing the prefixes (flag 2)
//     "tile sums"  variant 5, launch 1: one step per row of the tiles (each lane reads its pixel,
//                  adds it to its column sum; the shuffle tree of the row's sum as Ops), then
//                  storing the column sums, row sums and the tile totals (their tree as Ops)
//     "carries"    variant 5, launch 2: the column carries, the row carries, the corners across
//                  the rows of tiles, the corners down the columns of tiles (one step each)
//     "tile tables" variant 5, launch 3: the table row above each tile (the lanes' Kogge-Stone
//                  scan of the column carries as Ops, plus the corner), then one step per row of
//                  the tiles (the Kogge-Stone strides as Ops, the row carry, the column value,
//                  the write into sat)
//   TraceStep::code_marker is the marker comment in the variant's .cu file.
// - Threads: blockIdx.x * blockDim.x + threadIdx.x (variant 4: the dynamic tile index instead of
//   blockIdx.x; variant 5: tile k is block k of T lanes, launch 2 three blocks of 32). A thread's
//   events in a step follow its program order: reads, the Op (address = where the sum goes, value =
//   the sum), the Write.
// - Types: U8U32 traces are ValueType::Int32 (every value of a 32 x 32 table of bytes fits); the
//   float accumulations are ValueType::Float32, and for F32F64 the traced values are the doubles
//   the kernel computed (Float32 then means "floating point", not the width). elem_bytes is the
//   table's element size (4, or 8 for F32F64): the counters' sectors and banks use it.
// - Trace::serial_ops = h (w - 1) + w (h - 1): the adds of the sequential rows-then-columns loops.
#include "sat_teach_cpu.h"

#include <cmath>
#include <cstdint>
#include <limits>

#include "../common/error.h"
#include "sat_cuda.h"

namespace ws::sat {

bool has_teach_trace(Variant v) {
  return v == Variant::RowColumn || v == Variant::Transpose || v == Variant::BlockScan ||
         v == Variant::SinglePass || v == Variant::RegisterTiled;
}

namespace {

// The fused box filter's own checks: u8 samples (it sums bytes in 32 bits) and a radius the fast
// filter takes (it clamps any larger one to the longer side, as the teach run does).
void check_fused_teach_request(const TeachParams& params) {
  if (params.accum != Accum::U8U32)
    throw Error(std::string("the fused box filter filters u8 images; type ") +
                accum_name(params.accum) + " has no fused filter (choose type u8)");
  if (params.radius < 0 || params.radius > kMaxSide)
    throw Error("the fused box filter's radius must be 0.." + std::to_string(kMaxSide) + ", not " +
                std::to_string(params.radius));
}

}  // namespace

void check_teach_request(const TeachParams& params, const Plane& input) {
  if (params.kernel != TeachKernel::Table && params.kernel != TeachKernel::FusedFilter)
    throw Error("unknown teach kernel " + std::to_string(int(params.kernel)));
  if (params.kernel == TeachKernel::FusedFilter) check_fused_teach_request(params);
  const int v = static_cast<int>(params.variant);
  if (v < 1 || v > 5) throw Error("unknown summed-area-table variant " + std::to_string(v));
  if (!has_teach_trace(params.variant))
    throw Error(std::string("variant ") + info(params.variant).id +
                " has no traced teach kernel yet; teach mode runs row-column (1), transpose (2), "
                "block-scan (3), single-pass (4) and register-tiled (5)");
  if (params.accum != Accum::U8U32 && params.accum != Accum::F32F32 &&
      params.accum != Accum::F32F64)
    throw Error("unknown accumulation type " + std::to_string(int(params.accum)));
  if (input.width < 1 || input.height < 1 || input.width > kTeachMax || input.height > kTeachMax)
    throw Error("teach mode takes images of 1 x 1 up to " + std::to_string(kTeachMax) + " x " +
                std::to_string(kTeachMax) + ", not " + std::to_string(input.width) + " x " +
                std::to_string(input.height));
  if (params.variant == Variant::SinglePass && (params.tile < 2 || params.tile > 16))
    throw Error("the single-pass tile edge must be 2..16, not " + std::to_string(params.tile));
  if (params.variant == Variant::RegisterTiled && (params.tile < 2 || params.tile > 16))
    throw Error(
        "the register-tiled tile edge (lanes of a warp, one column each) must be 2..16, "
        "not " +
        std::to_string(params.tile));
  validate(input, params.accum);
}

TeachRun teach(const TeachParams& params, const Plane& input, Backend backend) {
  check_teach_request(params, input);
  if (backend == Backend::Cuda) return teach_cuda(params, input);
  if (params.kernel == TeachKernel::FusedFilter) return teach_cpu_fused_filter(params, input);
  switch (params.variant) {
    case Variant::RowColumn:
      return teach_cpu_row_column(params, input);
    case Variant::Transpose:
      return teach_cpu_transpose(params, input);
    case Variant::BlockScan:
      return teach_cpu_block_scan(params, input);
    case Variant::SinglePass:
      return teach_cpu_single_pass(params, input);
    case Variant::RegisterTiled:
      return teach_cpu_register_tiled(params, input);
    default:
      break;
  }
  throw Error("no teach kernel for this variant");  // check_teach_request rejected it already
}

TileGrid tile_grid(int width, int height, int tile) {
  TileGrid g;
  g.tile = tile;
  g.tiles_x = (width + tile - 1) / tile;
  g.tiles_y = (height + tile - 1) / tile;
  return g;
}

// ---------------------------------------------------------------------------------------------
// The run and the model.

namespace {

double add_in(Accum a, double x, double y) {
  switch (a) {
    case Accum::U8U32:
      return double(uint32_t(uint32_t(x) + uint32_t(y)));
    case Accum::F32F32:
      return double(float(float(x) + float(y)));
    case Accum::F32F64:
      return x + y;
  }
  return x + y;
}

}  // namespace

TeachRun start_run(const TeachParams& params, const Plane& input) {
  TeachRun run;
  run.params = params;
  run.width = input.width;
  run.height = input.height;
  run.input.assign(input.values.begin(), input.values.end());
  run.row_scans = run.input;
  const int w = input.width, h = input.height;
  for (int y = 0; y < h; ++y)
    for (int x = 1; x < w; ++x) {
      double& v = run.row_scans[size_t(y) * w + x];
      v = add_in(params.accum, run.row_scans[size_t(y) * w + x - 1], v);
    }
  Trace& t = run.trace;
  t.op = BinaryOp::Sum;
  t.type = params.accum == Accum::U8U32 ? ValueType::Int32 : ValueType::Float32;
  t.elem_bytes = output_bytes(params.accum);
  t.serial_ops = int64_t{h} * (w - 1) + int64_t{w} * (h - 1);
  return run;
}

void add_in_and_sat(SatModel& m, const TeachRun& run) {
  const int n = run.width * run.height;
  const int in = m.add_buffer("in", MemSpace::Global, n, 1, run.input);
  // The image holds 8-bit samples for u8 -> u32: a warp's 32 loads of it share one sector.
  m.set_elem_bytes(in, input_bytes(run.params.accum));
  m.add_buffer("sat", MemSpace::Global, n, 1);
}

void scan_columns(SatModel& m, int first_step, int width, int height) {
  for (int x = 0; x < width; ++x) {  // thread x
    double sum = 0;
    for (int y = 0; y < height; ++y) {
      m.at(first_step + y);
      const int i = y * width + x;
      const double v = m.read(x, kSat, i);
      sum = y == 0 ? v : m.op(x, kSat, i, m.add(sum, v));
      m.write(x, kSat, i, sum);
    }
  }
}

SatModel::SatModel(TeachRun& run, Accum accum) : TraceModel(run.trace), accum_(accum) {}

void SatModel::set_elem_bytes(int buffer, int bytes) {
  trace_.buffers.at(size_t(buffer)).elem_bytes = bytes;
}

int SatModel::add_int_buffer(const std::string& name, int size, BinaryOp atomic_op) {
  const int b = add_buffer(name, MemSpace::Global, size, 1, std::vector<double>(size_t(size), 0));
  trace_.buffers[size_t(b)].type = ValueType::Int32;
  trace_.buffers[size_t(b)].atomic_op = atomic_op;
  return b;
}

double SatModel::add(double a, double b) const {
  return add_in(accum_, a, b);
}

}  // namespace ws::sat
