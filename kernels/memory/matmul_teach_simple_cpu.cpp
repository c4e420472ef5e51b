// The CPU twins of the naive, tiled and coarsened kernels (matmul_naive.cu, matmul_tiled.cu,
// matmul_coarsened.cu): each thread's reads, shared writes, multiply-adds and store, in the
// kernel's program order, phase by phase (all threads load, then all compute, as the barriers
// order them).
#include <cmath>

#include "matmul_teach_cpu.h"

namespace ws::mem {

namespace {

// Thread (ty, tx) of block `block` as the trace numbers it.
struct MatmulThread {
  int block, ty, tx, id;
};

template <class Body>
void for_each_matmul_thread(const MatmulTeachGeometry& g, Body&& body) {
  const int threads = g.block_x * g.block_y;
  for (int block = 0; block < g.grid_x * g.grid_y; ++block)
    for (int ty = 0; ty < g.block_y; ++ty)
      for (int tx = 0; tx < g.block_x; ++tx)
        body(MatmulThread{block, ty, tx, block * threads + ty * g.block_x + tx});
}

// One element of a global matrix into a shared tile: read when (r, c) is inside the matrix,
// else 0 with no read (the lane's load is predicated off: a Skip).
void load_into_matmul_tile(MatmulTraceModel& model, const MatmulThread& t, int matrix, int rows,
                           int cols, int r, int c, int tile_buffer, int tile_address) {
  float v = 0.0f;
  if (r < rows && c < cols)
    v = float(model.read(t.id, matrix, r * cols + c));
  else
    model.skip(t.id, matrix);
  model.write(t.id, tile_buffer, tile_address, v);
}

}  // namespace

MatmulTeachRun teach_matmul_cpu_naive(const MatmulTeachParams& p, const FloatMatrix& M,
                                      const FloatMatrix& N) {
  MatmulTeachRun run = start_matmul_run(p, M, N);
  MatmulTraceModel model(run.trace);
  lay_out_matmul(model, run);
  const MatmulTeachGeometry& g = run.geometry;
  const int I = run.I, J = run.J, K = run.K;
  for_each_matmul_thread(g, [&](const MatmulThread& t) {
    const int row = (t.block / g.grid_x) * p.tile + t.ty;
    const int col = (t.block % g.grid_x) * p.tile + t.tx;
    if (row >= I || col >= K) return;
    float acc = 0.0f;
    for (int k = 0; k < J; ++k) {
      model.at(matmul_compute_step(p.variant, k / p.tile, 0, 1));
      const float m = float(model.read(t.id, kMatM, row * J + k));
      const float n = float(model.read(t.id, kMatN, k * K + col));
      acc = std::fmaf(m, n, acc);
      model.op(t.id, kMatP, row * K + col, acc);
    }
    model.at(matmul_store_step(run));
    model.write(t.id, kMatP, row * K + col, acc);
  });
  finish_matmul_run(model, run);
  return run;
}

// Variant 2 is variant 3 with one output per thread: the same schedule, coarse factor 1.
MatmulTeachRun teach_matmul_cpu_tiled(const MatmulTeachParams& p, const FloatMatrix& M,
                                      const FloatMatrix& N) {
  MatmulTeachRun run = start_matmul_run(p, M, N);
  MatmulTraceModel model(run.trace);
  lay_out_matmul(model, run);
  const MatmulTeachGeometry& g = run.geometry;
  const int I = run.I, J = run.J, K = run.K, T = p.tile;
  const int C = p.variant == MatmulVariant::Coarsened ? p.coarse_factor : 1;
  const int threads = g.block_x * g.block_y;
  std::vector<float> acc(size_t(threads) * g.grid_x * g.grid_y * C, 0.0f);
  for (int ph = 0; ph < g.phases; ++ph) {
    for (int c = 0; c < C; ++c) {
      model.at(matmul_load_step(p.variant, ph, c, C));
      for_each_matmul_thread(g, [&](const MatmulThread& t) {
        const int row = (t.block / g.grid_x) * T + t.ty;
        const int col = (t.block % g.grid_x) * T * C + c * T + t.tx;
        if (c == 0)
          load_into_matmul_tile(model, t, kMatM, I, J, row, ph * T + t.tx, kMatMds,
                                t.ty * T + t.tx);
        load_into_matmul_tile(model, t, kMatN, J, K, ph * T + t.ty, col, kMatNds, t.ty * T + t.tx);
      });
      model.at(matmul_compute_step(p.variant, ph, c, C));
      for_each_matmul_thread(g, [&](const MatmulThread& t) {
        const int row = (t.block / g.grid_x) * T + t.ty;
        const int col = (t.block % g.grid_x) * T * C + c * T + t.tx;
        if (row >= I || col >= K) return;
        float& sum = acc[size_t(t.id) * C + c];
        for (int k = 0; k < T; ++k) {
          const float m = float(model.read(t.id, kMatMds, t.ty * T + k));
          const float n = float(model.read(t.id, kMatNds, k * T + t.tx));
          sum = std::fmaf(m, n, sum);
          model.op(t.id, kMatP, row * K + col, sum);
        }
      });
    }
  }
  model.at(matmul_store_step(run));
  for_each_matmul_thread(g, [&](const MatmulThread& t) {
    const int row = (t.block / g.grid_x) * T + t.ty;
    for (int c = 0; c < C; ++c) {
      const int col = (t.block % g.grid_x) * T * C + c * T + t.tx;
      if (row < I && col < K) model.write(t.id, kMatP, row * K + col, acc[size_t(t.id) * C + c]);
    }
  });
  finish_matmul_run(model, run);
  return run;
}

}  // namespace ws::mem
