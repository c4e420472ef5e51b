// Teach mode for the convolutions: the dispatch (CPU twin or CUDA kernels), the checks of a
// request, the launch geometry and the trace every twin starts from.
//
// The trace (both backends emit exactly this; convolution.h has the summary):
// - Buffers: 0 "N" (global, the input), 1 "F" (the filter: global for basic, constant for the
//   others), 2 "P" (global, the output, unwritten at first), 3 "N_s" (shared, the block's tile;
//   variants 3-5).
// - Steps: "load" (tiled variants: the global reads of N and writes of N_s, one barrier), one
//   "compute" step per filter row j, "store" (the writes of P). The basic and constant kernels
//   have no load step.
// - Threads: block * (block_x block_y) + ty block_x + tx, blocks row-major over the grid. A
//   thread's events in a step follow its program order: per tap the read of N or N_s, then the
//   read of F (variant 5: the row's window of N_s, then the row's weights), then one Op per output
//   at P's address with the running float sum after the row.
// - Ghost cells: under Zero nothing is read (tiled kernels write 0 into N_s): the thread records
//   a Skip of N (and in a tap also of F) where the read would have been; under clamp and mirror
//   the cell ghost_index() names is read from N.
// - Trace::serial_ops: outputs x filter rows (one Op per output per row, as every variant does).
#include "conv_teach_cpu.h"

#include <string>

#include "../common/error.h"

namespace ws::conv {

namespace {

std::string number(int64_t v) {
  return std::to_string(v);
}

}  // namespace

void check_teach_request(const TeachParams& params, const Plane& input, const Filter& filter) {
  const int v = int(params.variant);
  if (v < 1 || v > 5) throw Error("unknown convolution variant " + number(v));
  const Variant variant = params.variant;
  const char* id = info(variant).id;
  if (int(params.boundary) > 2)
    throw Error("unknown boundary rule " + number(int(params.boundary)) +
                "; zero, clamp and mirror are accepted");
  validate(filter);
  const bool one_d = input.height == 1;
  if (input.width < 1 || input.height < 1 || int64_t(input.values.size()) != input.size())
    throw Error("teach mode needs an input of at least 1 value, one value per cell");
  if (one_d && input.width > kTeachMaxLength)
    throw Error("teach mode takes 1D arrays of 1.." + number(kTeachMaxLength) + " values, not " +
                number(input.width));
  if (!one_d && (input.width > kTeachMaxSide || input.height > kTeachMaxSide))
    throw Error("teach mode takes images up to " + number(kTeachMaxSide) + " x " +
                number(kTeachMaxSide) + ", not " + number(input.width) + " x " +
                number(input.height));
  const int max_radius = is_tiled(variant) ? kMaxTiledRadius : kMaxRadius;
  if (filter.radius() > max_radius)
    throw Error("radius " + number(filter.radius()) + " is too large for " + id + "; it takes 0.." +
                number(max_radius) + " (up to " + number(2 * max_radius + 1) + " x " +
                number(2 * max_radius + 1) + ")");
  const bool one_d_blocks = one_d && filter.is_1d();
  const int max_tile = one_d_blocks ? kTeachMaxLength : kTeachMaxSide;
  if (params.tile < 4 || params.tile > max_tile)
    throw Error("the tile (block edge) must be 4.." + number(max_tile) + ", not " +
                number(params.tile));
  if (variant == Variant::TiledInput) {
    const int need = 2 * filter.radius() + 1;
    if (params.tile < need)
      throw Error("radius " + number(filter.radius()) + " needs a tile of at least " +
                  number(need) + " for tiled-input");
  }
  if (variant == Variant::Fast && (params.outputs_per_thread < 1 || params.outputs_per_thread > 8))
    throw Error("outputs per thread must be 1..8, not " + number(params.outputs_per_thread));
  const TeachGeometry g = teach_geometry(params, input.width, input.height, filter);
  if (teach_shared_bytes(g) > kTeachSharedLimit)
    throw Error("the " + std::string(id) + " tile of " + number(g.in_tile_x) + " x " +
                number(g.in_tile_y) + " floats needs " + number(teach_shared_bytes(g)) +
                " bytes of shared memory; a block has " + number(kTeachSharedLimit) +
                ": choose a smaller tile or fewer outputs per thread");
}

TeachGeometry teach_geometry(const TeachParams& params, int width, int height,
                             const Filter& filter) {
  TeachGeometry g;
  const bool one_d = height == 1 && filter.is_1d();
  g.block_x = params.tile;
  g.block_y = one_d ? 1 : params.tile;
  const int rx = filter.radius_x(), ry = filter.radius_y();
  switch (params.variant) {
    case Variant::TiledInput:
      g.in_tile_x = g.block_x, g.in_tile_y = g.block_y;
      g.out_tile_x = g.block_x - 2 * rx, g.out_tile_y = g.block_y - 2 * ry;
      break;
    case Variant::TiledOutput:
      g.in_tile_x = g.out_tile_x = g.block_x;
      g.in_tile_y = g.out_tile_y = g.block_y;
      break;
    case Variant::Fast:
      g.out_tile_x = g.block_x * params.outputs_per_thread, g.out_tile_y = g.block_y;
      g.in_tile_x = g.out_tile_x + 2 * rx, g.in_tile_y = g.out_tile_y + 2 * ry;
      break;
    default:  // basic, constant: no shared tile
      g.out_tile_x = g.block_x, g.out_tile_y = g.block_y;
      break;
  }
  if (g.out_tile_x < 1 || g.out_tile_y < 1) return g;  // check_teach_request rejects it
  g.grid_x = (width + g.out_tile_x - 1) / g.out_tile_x;
  g.grid_y = (height + g.out_tile_y - 1) / g.out_tile_y;
  return g;
}

int64_t teach_shared_bytes(const TeachGeometry& g) {
  return int64_t(g.in_tile_x) * g.in_tile_y * 4;
}

int TeachRun::tile_origin_x(int block) const {
  return (block % geometry.grid_x) * geometry.out_tile_x - filter.radius_x();
}

int TeachRun::tile_origin_y(int block) const {
  return (block / geometry.grid_x) * geometry.out_tile_y - filter.radius_y();
}

Markers markers(Variant v) {
  switch (v) {
    case Variant::Basic:
      return {"", "@basic-tap", "@basic-store"};
    case Variant::ConstantMemory:
      return {"", "@constant-tap", "@constant-store"};
    case Variant::TiledInput:
      return {"@tiled-input-load", "@tiled-input-tap", "@tiled-input-store"};
    case Variant::TiledOutput:
      return {"@tiled-output-load", "@tiled-output-tap", "@tiled-output-store"};
    case Variant::Fast:
      return {"@fast-load", "@fast-row", "@fast-store"};
  }
  return {"", "", ""};
}

TeachRun start_run(const TeachParams& params, const Plane& input, const Filter& filter) {
  TeachRun run;
  run.params = params;
  run.filter = filter;
  run.width = input.width;
  run.height = input.height;
  run.input.assign(input.values.begin(), input.values.end());
  run.geometry = teach_geometry(params, input.width, input.height, filter);
  Trace& t = run.trace;
  t.op = BinaryOp::Sum;
  t.op_label = "multiply-add";
  t.type = ValueType::Float32;
  t.elem_bytes = 4;
  t.serial_ops = input.size() * filter.height;
  return run;
}

TeachLayout lay_out(TraceModel& m, const TeachRun& run) {
  TeachLayout s;
  const TeachGeometry& g = run.geometry;
  s.threads = g.block_x * g.block_y;
  s.blocks = g.grid_x * g.grid_y;
  const int n = run.width * run.height;
  m.add_buffer("N", MemSpace::Global, n, 1, run.input);
  const std::vector<double> weights(run.filter.weights.begin(), run.filter.weights.end());
  m.add_buffer("F", run.params.variant == Variant::Basic ? MemSpace::Global : MemSpace::Constant,
               int(run.filter.taps()), 1, weights);
  m.add_buffer("P", MemSpace::Global, n, 1);
  if (g.in_tile_x > 0) m.add_buffer("N_s", MemSpace::Shared, g.in_tile_x * g.in_tile_y, s.blocks);

  const Markers mark = markers(run.params.variant);
  if (g.in_tile_x > 0)
    s.load_step =
        m.add_step("load the tile into shared memory", "load", mark.load, s.blocks, s.threads, 1);
  for (int j = 0; j < run.filter.height; ++j) {
    const int step =
        m.add_step("filter row " + number(j), "compute", mark.compute, s.blocks, s.threads, 0);
    if (j == 0) s.compute_step = step;
  }
  s.store_step = m.add_step("store the outputs", "store", mark.store, s.blocks, s.threads, 0);
  return s;
}

void finish_run(TraceModel& model, TeachRun& run) {
  model.finish();
  run.output = model.state(kP);
}

TeachRun teach(const TeachParams& params, const Plane& input, const Filter& filter,
               Backend backend) {
  check_teach_request(params, input, filter);
  if (backend == Backend::Cuda) return teach_cuda(params, input, filter);
  switch (params.variant) {
    case Variant::Basic:
    case Variant::ConstantMemory:
      return teach_cpu_basic(params, input, filter);
    case Variant::TiledInput:
      return teach_cpu_tiled_input(params, input, filter);
    case Variant::TiledOutput:
      return teach_cpu_tiled_output(params, input, filter);
    case Variant::Fast:
      return teach_cpu_fast(params, input, filter);
  }
  throw Error("no teach kernel for this variant");  // check_teach_request rejected it already
}

}  // namespace ws::conv
