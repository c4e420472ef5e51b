// Teach mode for matrix multiplication: the dispatch (CPU twin or CUDA kernels), the checks of a
// request, the launch geometry and the trace every twin starts from (matmul.h has the layout).
// Trace::serial_ops is I J K: the multiply-adds of the sequential triple loop.
#include "matmul_teach_cpu.h"

#include <algorithm>
#include <string>

#include "../common/error.h"

namespace ws::mem {

namespace {

std::string mm_number(int64_t v) {
  return std::to_string(v);
}

int mm_ceil_div(int a, int b) {
  return (a + b - 1) / b;
}

}  // namespace

void check_matmul_teach_request(const MatmulTeachParams& params, const FloatMatrix& M,
                                const FloatMatrix& N) {
  const int v = int(params.variant);
  if (v < 1 || v > 6) throw Error("unknown matmul variant " + mm_number(v));
  const char* id = matmul_info(params.variant).id;
  const int side = kMatmulTeachMaxSide;
  for (const int s : {M.rows, M.cols, N.rows, N.cols})
    if (s < 1 || s > side)
      throw Error("teach mode multiplies matrices with sides 1.." + mm_number(side) + ": M is " +
                  mm_number(M.rows) + " x " + mm_number(M.cols) + ", N is " + mm_number(N.rows) +
                  " x " + mm_number(N.cols));
  if (M.cols != N.rows)
    throw Error("M has " + mm_number(M.cols) + " columns but N has " + mm_number(N.rows) +
                " rows; P = M N needs them equal");
  if (M.values.size() != size_t(M.rows) * M.cols || N.values.size() != size_t(N.rows) * N.cols)
    throw Error("a matrix's values do not match its rows x cols");
  if (params.tile < kMatmulTeachMinTile || params.tile > kMatmulTeachMaxTile)
    throw Error("tile (TILE_WIDTH) must be " + mm_number(kMatmulTeachMinTile) + ".." +
                mm_number(kMatmulTeachMaxTile) + " in teach mode, not " + mm_number(params.tile));
  if (params.variant == MatmulVariant::Coarsened &&
      (params.coarse_factor < 1 || params.coarse_factor > 4))
    throw Error("coarse factor (outputs per thread) must be 1..4, not " +
                mm_number(params.coarse_factor));
  const bool blocked = v >= 4;
  if (blocked && (params.thread_tile < 1 || params.thread_tile > 4))
    throw Error("thread tile (TM = TN) must be 1..4, not " + mm_number(params.thread_tile));
  if (blocked && params.tile * params.thread_tile > side)
    throw Error("the " + std::string(id) + " block tile BM = BN = tile x thread tile = " +
                mm_number(params.tile * params.thread_tile) + " must be at most " +
                mm_number(side) + " in teach mode");
  if (params.variant == MatmulVariant::Vectorized && params.tile != 4 && params.tile != 8)
    throw Error("vectorized needs a tile of 4 or 8 (its float4 loads cover 4 k of a row), not " +
                mm_number(params.tile));
}

MatmulBlocking matmul_teach_blocking(const MatmulTeachParams& params) {
  MatmulBlocking b;
  const int t = params.tile;
  b.block_x = b.block_y = t;
  b.bm = b.bn = b.bk = t;
  switch (params.variant) {
    case MatmulVariant::Coarsened:
      b.tn = params.coarse_factor;
      b.bn = t * params.coarse_factor;
      break;
    case MatmulVariant::RegisterTiled:
    case MatmulVariant::Vectorized:
    case MatmulVariant::Fast:
      b.tm = b.tn = params.thread_tile;
      b.bm = b.bn = t * params.thread_tile;
      break;
    default:
      break;
  }
  return b;
}

MatmulTeachGeometry matmul_teach_geometry(const MatmulTeachParams& params, int I, int J, int K) {
  const MatmulBlocking b = matmul_teach_blocking(params);
  MatmulTeachGeometry g;
  g.block_x = b.block_x, g.block_y = b.block_y;
  g.tile_m = b.bm, g.tile_n = b.bn, g.tile_k = b.bk;
  g.grid_x = mm_ceil_div(K, b.bn), g.grid_y = mm_ceil_div(I, b.bm);
  g.phases = mm_ceil_div(J, b.bk);
  g.outputs_per_thread = b.tm * b.tn;
  if (params.variant == MatmulVariant::Naive) g.tile_k = 0;
  return g;
}

int matmul_load_step(MatmulVariant v, int phase, int part, int coarse_factor) {
  if (v == MatmulVariant::Coarsened) return 2 * (phase * coarse_factor + part);
  if (v == MatmulVariant::Vectorized) return 0;  // only phase 0 has a load step of its own
  return 2 * phase;
}

int matmul_compute_step(MatmulVariant v, int phase, int part, int coarse_factor) {
  if (v == MatmulVariant::Naive) return phase;
  if (v == MatmulVariant::Vectorized) return 1 + phase;
  return matmul_load_step(v, phase, part, coarse_factor) + 1;
}

int matmul_store_step(const MatmulTeachRun& run) {
  return int(run.trace.steps.size()) - 1;
}

MatmulMarkers matmul_markers(MatmulVariant v) {
  switch (v) {
    case MatmulVariant::Naive:
      return {"", "@naive-compute", "@naive-store"};
    case MatmulVariant::Tiled:
      return {"@tiled-load", "@tiled-compute", "@tiled-store"};
    case MatmulVariant::Coarsened:
      return {"@coarsened-load", "@coarsened-compute", "@coarsened-store"};
    case MatmulVariant::RegisterTiled:
      return {"@register-tiled-load", "@register-tiled-compute", "@register-tiled-store"};
    case MatmulVariant::Vectorized:
      return {"@vectorized-load", "@vectorized-compute", "@vectorized-store"};
    case MatmulVariant::Fast:
      return {"@fast-load", "@fast-compute", "@fast-store"};
  }
  return {"", "", ""};
}

MatmulTeachRun start_matmul_run(const MatmulTeachParams& params, const FloatMatrix& M,
                                const FloatMatrix& N) {
  MatmulTeachRun run;
  run.params = params;
  run.M = M, run.N = N;
  run.I = M.rows, run.J = M.cols, run.K = N.cols;
  run.geometry = matmul_teach_geometry(params, run.I, run.J, run.K);
  run.trace.op = BinaryOp::Sum;
  run.trace.op_label = "multiply-add";
  run.trace.type = ValueType::Float32;
  run.trace.elem_bytes = 4;
  run.trace.serial_ops = int64_t(run.I) * run.J * run.K;
  return run;
}

void lay_out_matmul(TraceModel& model, const MatmulTeachRun& run) {
  const MatmulTeachGeometry& g = run.geometry;
  const MatmulVariant v = run.params.variant;
  const MatmulBlocking b = matmul_teach_blocking(run.params);
  const int blocks = g.grid_x * g.grid_y, threads = b.threads();
  model.add_buffer("M", MemSpace::Global, run.I * run.J, 1,
                   std::vector<double>(run.M.values.begin(), run.M.values.end()));
  model.add_buffer("N", MemSpace::Global, run.J * run.K, 1,
                   std::vector<double>(run.N.values.begin(), run.N.values.end()));
  model.add_buffer("P", MemSpace::Global, run.I * run.K);
  const MatmulMarkers mk = matmul_markers(v);
  if (v == MatmulVariant::Naive) {
    for (int q = 0; q < g.phases; ++q) {
      const int k0 = q * run.params.tile, k1 = std::min(run.J, k0 + run.params.tile) - 1;
      model.add_step("k " + mm_number(k0) + ".." + mm_number(k1), "compute", mk.compute, blocks,
                     threads, 0);
    }
    model.add_step("store P", "store", mk.store, blocks, threads, 0);
    return;
  }
  const int copies = v == MatmulVariant::Vectorized ? 2 : 1;
  model.add_buffer("Mds", MemSpace::Shared, copies * b.bm * b.bk, blocks);
  model.add_buffer("Nds", MemSpace::Shared, copies * b.bk * b.bn, blocks);
  if (v == MatmulVariant::Vectorized)
    model.add_step("load phase 0", "load", mk.load, blocks, threads, 1);
  for (int p = 0; p < g.phases; ++p) {
    const std::string ph = mm_number(p);
    if (v == MatmulVariant::Coarsened) {
      for (int c = 0; c < run.params.coarse_factor; ++c) {
        const std::string part = ", output " + mm_number(c);
        model.add_step("load phase " + ph + part, "load", mk.load, blocks, threads, 1);
        model.add_step("compute phase " + ph + part, "compute", mk.compute, blocks, threads, 1);
      }
      continue;
    }
    if (v != MatmulVariant::Vectorized)
      model.add_step("load phase " + ph, "load", mk.load, blocks, threads, 1);
    model.add_step("compute phase " + ph, "compute", mk.compute, blocks, threads, 1);
  }
  model.add_step("store P", "store", mk.store, blocks, threads, 0);
}

void finish_matmul_run(MatmulTraceModel& model, MatmulTeachRun& run) {
  model.finish();
  run.output = model.state(kMatP);
}

MatmulTeachRun teach_matmul(const MatmulTeachParams& params, const FloatMatrix& M,
                            const FloatMatrix& N, Backend backend) {
  check_matmul_teach_request(params, M, N);
  if (backend == Backend::Cuda) return teach_matmul_cuda(params, M, N);
  switch (params.variant) {
    case MatmulVariant::Naive:
      return teach_matmul_cpu_naive(params, M, N);
    case MatmulVariant::Tiled:
    case MatmulVariant::Coarsened:
      return teach_matmul_cpu_tiled(params, M, N);
    default:
      return teach_matmul_cpu_blocked(params, M, N);
  }
}

}  // namespace ws::mem
