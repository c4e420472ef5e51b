// The CPU twins of the register-tiled and vectorized kernels (matmul_register_tiled.cu,
// matmul_vectorized.cu; the fast kernel teaches as register-tiled): the block's threads load the
// BM x BK tile of M and the BK x BN tile of N cooperatively, then each thread computes its
// TM x TN outputs from registers, k by k.
#include <cmath>

#include "matmul_teach_cpu.h"

namespace ws::mem {

namespace {

struct MatmulBlockedRun {
  MatmulTraceModel& model;
  const MatmulBlocking& b;
  int I, J, K;
  bool vectorized;
};

// Thread `tid` (in the block) of block (by, bx), trace id `id`: its share of tile `ph` of M and
// N into shared buffer `buf` (matmul.h: element e of a tile goes to thread e mod threads;
// vectorized: groups of 4 along a row, one float4 where all 4 lie inside a matrix whose rows are
// a multiple of 4 long).
void load_matmul_tiles(const MatmulBlockedRun& r, int id, int tid, int by, int bx, int ph,
                       int buf) {
  const MatmulBlocking& b = r.b;
  const int width = r.vectorized ? 4 : 1;
  auto load_group = [&](int matrix, int rows, int cols, int gr, int gc, float* v) {
    const bool vector_ok = width == 4 && cols % 4 == 0 && gr < rows && gc + 3 < cols;
    for (int q = 0; q < width; ++q) {
      if (vector_ok) {
        v[q] = float(r.model.read(id, matrix, gr * cols + gc + q, q));
        continue;
      }
      v[q] = 0.0f;
      if (gr < rows && gc + q < cols)
        v[q] = float(r.model.read(id, matrix, gr * cols + gc + q));
      else
        r.model.skip(id, matrix);
    }
  };
  float v[4];
  const int m_groups = b.bm * b.bk / width, n_groups = b.bk * b.bn / width;
  for (int g = tid; g < m_groups; g += b.threads()) {
    const int row = g / (b.bk / width), k = (g % (b.bk / width)) * width;
    load_group(kMatM, r.I, r.J, by * b.bm + row, ph * b.bk + k, v);
    for (int q = 0; q < width; ++q) {
      const int at = r.vectorized ? buf * b.bk * b.bm + (k + q) * b.bm + row : row * b.bk + k + q;
      r.model.write(id, kMatMds, at, v[q]);
    }
  }
  for (int g = tid; g < n_groups; g += b.threads()) {
    const int k = g / (b.bn / width), col = (g % (b.bn / width)) * width;
    load_group(kMatN, r.J, r.K, ph * b.bk + k, bx * b.bn + col, v);
    for (int q = 0; q < width; ++q)
      r.model.write(id, kMatNds, buf * b.bk * b.bn + k * b.bn + col + q, v[q]);
  }
}

}  // namespace

MatmulTeachRun teach_matmul_cpu_blocked(const MatmulTeachParams& p, const FloatMatrix& M,
                                        const FloatMatrix& N) {
  MatmulTeachRun run = start_matmul_run(p, M, N);
  MatmulTraceModel model(run.trace);
  lay_out_matmul(model, run);
  const MatmulTeachGeometry& g = run.geometry;
  const MatmulBlocking b = matmul_teach_blocking(p);
  const bool vec = p.variant == MatmulVariant::Vectorized;
  const MatmulBlockedRun r{model, b, run.I, run.J, run.K, vec};
  const int threads = b.threads(), blocks = g.grid_x * g.grid_y;
  const int outputs = b.tm * b.tn;
  std::vector<float> acc(size_t(threads) * blocks * outputs, 0.0f);
  auto each_thread = [&](auto&& body) {
    for (int block = 0; block < blocks; ++block)
      for (int tid = 0; tid < threads; ++tid)
        body(block / g.grid_x, block % g.grid_x, tid, block * threads + tid);
  };
  if (vec) {
    model.at(0);
    each_thread(
        [&](int by, int bx, int tid, int id) { load_matmul_tiles(r, id, tid, by, bx, 0, 0); });
  }
  for (int ph = 0; ph < g.phases; ++ph) {
    if (!vec) {
      model.at(matmul_load_step(p.variant, ph, 0, 1));
      each_thread(
          [&](int by, int bx, int tid, int id) { load_matmul_tiles(r, id, tid, by, bx, ph, 0); });
    }
    model.at(matmul_compute_step(p.variant, ph, 0, 1));
    each_thread([&](int by, int bx, int tid, int id) {
      if (vec && ph + 1 < g.phases) load_matmul_tiles(r, id, tid, by, bx, ph + 1, (ph + 1) % 2);
      const int ty = tid / b.block_x, tx = tid % b.block_x;
      const int row0 = by * b.bm + ty * b.tm, col0 = bx * b.bn + tx * b.tn;
      if (row0 >= r.I || col0 >= r.K) return;  // no output of this thread lies in P
      const int buf = vec ? ph % 2 : 0;
      float a[4], n[4];
      for (int k = 0; k < b.bk; ++k) {
        for (int i = 0; i < b.tm; ++i) {
          const int at =
              vec ? buf * b.bk * b.bm + k * b.bm + ty * b.tm + i : (ty * b.tm + i) * b.bk + k;
          a[i] = float(model.read(id, kMatMds, at));
        }
        for (int j = 0; j < b.tn; ++j)
          n[j] = float(model.read(id, kMatNds, buf * b.bk * b.bn + k * b.bn + tx * b.tn + j));
        for (int i = 0; i < b.tm; ++i)
          for (int j = 0; j < b.tn; ++j) {
            float& sum = acc[size_t(id) * outputs + i * b.tn + j];
            sum = std::fmaf(a[i], n[j], sum);
            if (row0 + i < r.I && col0 + j < r.K)
              model.op(id, kMatP, (row0 + i) * r.K + col0 + j, sum);
          }
      }
    });
  }
  model.at(matmul_store_step(run));
  each_thread([&](int by, int bx, int tid, int id) {
    const int ty = tid / b.block_x, tx = tid % b.block_x;
    const int row0 = by * b.bm + ty * b.tm, col0 = bx * b.bn + tx * b.tn;
    for (int i = 0; i < b.tm; ++i)
      for (int j = 0; j < b.tn; ++j)
        if (row0 + i < r.I && col0 + j < r.K)
          model.write(id, kMatP, (row0 + i) * r.K + col0 + j,
                      acc[size_t(id) * outputs + i * b.tn + j]);
  });
  finish_matmul_run(model, run);
  return run;
}

}  // namespace ws::mem
