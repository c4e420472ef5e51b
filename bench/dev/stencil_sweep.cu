// The heat-stencil sweep of issue 30, round two (not part of the build). Candidate kernels for
// one time step of the 3D 7-point stencil on 512^3 and for K time steps per launch of the 2D
// 5-point stencil on 4096^2 and 8192^2, next to a device-to-device copy. Every candidate's field
// is compared bit for bit with the one-thread-per-cell reference (same rule, -fmad=false).
// "% copy" is the effective rate, 8 bytes per cell per time step, over a 1 GiB cudaMemcpy timed
// in the same process (the app's bench does the same).
//   nvcc -O3 -std=c++17 -arch=sm_90 -fmad=false -Ikernels -o stencil_sweep \
//        bench/dev/stencil_sweep.cu
//   ./stencil_sweep [repeats] [round]
// Rounds (docs/perf/stencil_sweep_h200_2026-11-30_{1..6}.txt):
//   0  1: one 3D step: basic's interior + border launches against plane marching (register
//        tiling, coarsening); 2: 2D temporal blocking, the app's shared-memory sweep against a
//        warp per tile in registers, K = 2..8, with boundary checks at 1000 x 777.
//   3  the 3D border launch with 32-bit indices; 3D temporal blocking in registers (a warp per
//      tile, the planes of each level in registers); smaller 2D warp tiles.
//   4  basic over every cell in one launch (neighbours outside clamped or wrapped), 2D and 3D;
//      3D temporal blocking with K = 2 in shared memory, one thread per tile column.
//   5  the app's clamped plane marching with other shapes; 3D shared tiling with a wide tile
//      (docs/perf/..._4.txt).
//   6  3D temporal blocking with K = 2 in the plane-marching shape, four cells a thread (_5).
//   7  the same with fewer registers (float2 side loads, launch bounds) (_6).
//   8  2D shared tiling with a wide tile, four cells a thread, 5- and 9-point (_7).
//   9  the app's temporal kernels of stencil_fast.cu themselves: build with
//      -DSTENCIL_FAST_SOURCE='"stencil/stencil_fast.cu"' (_8).
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dev_common.cuh"
#include "stencil/stencil_device.cuh"
#include "stencil/stencil_rule.h"

#ifdef STENCIL_FAST_SOURCE  // round 9: the app's fast kernels themselves (stencil_fast.cu)
#include STENCIL_FAST_SOURCE
#endif

namespace {

using ws::dev::Dev;
using ws::stencil::update_uniform;
int g_reps = 20;
double g_copy_gbps = 0;

enum Bound { kInsulated = 0, kFixed = 1, kPeriodic = 2 };

struct Grid {
  int nx, ny, nz;
  float r;
  int bound;
  __device__ int64_t index(int x, int y, int z) const {
    return x + int64_t(nx) * (y + int64_t(ny) * z);
  }
  __device__ bool inside(int x, int y, int z) const {
    return unsigned(x) < unsigned(nx) && unsigned(y) < unsigned(ny) && unsigned(z) < unsigned(nz);
  }
};

__device__ int wrap(int v, int n) {
  while (v < 0) v += n;
  while (v >= n) v -= n;
  return v;
}

// ---------------------------------------------------------------- reference: one cell a thread
template <int P>
__global__ void reference_step(const float* in, float* out, Grid g, int dims) {
  const int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  const int64_t n = int64_t(g.nx) * g.ny * g.nz;
  if (i >= n) return;
  const int x = int(i % g.nx), y = int(i / g.nx % g.ny), z = int(i / (int64_t(g.nx) * g.ny));
  const float u = in[i];
  if (g.bound == kFixed && (x == 0 || y == 0 || x == g.nx - 1 || y == g.ny - 1 ||
                            (dims == 3 && (z == 0 || z == g.nz - 1)))) {
    out[i] = u;
    return;
  }
  constexpr int N = P - 1;
  float nb[N];
  for (int d = 0; d < N; ++d) {
    int dx = 0, dy = 0, dz = 0;
    if (d < 4) {
      dx = d == 0 ? -1 : d == 1 ? 1 : 0;
      dy = d == 2 ? -1 : d == 3 ? 1 : 0;
    } else if (P == 7) {
      dz = d == 4 ? -1 : 1;
    } else {
      dx = d % 2 == 0 ? -1 : 1;
      dy = d < 6 ? -1 : 1;
    }
    int xn = x + dx, yn = y + dy, zn = z + dz;
    nb[d] = u;
    if (!g.inside(xn, yn, zn)) {
      if (g.bound != kPeriodic) continue;
      xn = wrap(xn, g.nx), yn = wrap(yn, g.ny), zn = wrap(zn, g.nz);
    }
    nb[d] = in[g.index(xn, yn, zn)];
  }
  out[i] = update_uniform(u, nb, g.r);
}

// ---------------------------------------------------------------- 3D: the app's basic, fast mode
// Four cells a thread, 16-byte loads, interior only (x 4..nx-5, y 1..ny-2, z 1..nz-2).
__device__ void load4(const float* a, int64_t first, float* v) {
  const float4 q = *reinterpret_cast<const float4*>(a + first);
  v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
}

__global__ void basic3d_interior4(const float* __restrict__ in, float* __restrict__ out, Grid g) {
  const int x = 4 + 4 * int(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = 1 + int(blockIdx.y * blockDim.y + threadIdx.y);
  const int z = 1 + int(blockIdx.z);
  if (x + 4 >= g.nx || y >= g.ny - 1) return;
  const int64_t c = g.index(x, y, z);
  float row[3][6], down[4], up[4];
  for (int k = 0; k < 3; ++k) {
    const int64_t first = c + (k - 1) * g.nx;
    load4(in, first, &row[k][1]);
    if (k == 1) row[k][0] = in[first - 1], row[k][5] = in[first + 4];
  }
  load4(in, c - int64_t(g.nx) * g.ny, down);
  load4(in, c + int64_t(g.nx) * g.ny, up);
  float4 res;
  float* o = &res.x;
  for (int i = 0; i < 4; ++i) {
    const float nb[6] = {row[1][i], row[1][i + 2], row[0][i + 1], row[2][i + 1], down[i], up[i]};
    o[i] = update_uniform(row[1][i + 1], nb, g.r);
  }
  *reinterpret_cast<float4*>(out + c) = res;
}

// The border cells basic's fast mode leaves (insulated rule), one thread a cell.
struct Border3 {
  int nx, ny, nz;
  __device__ int64_t ring() const { return 2 * int64_t(nx) + int64_t(ny - 2) * 8; }
  __device__ int64_t full() const { return 2 * int64_t(nx) * ny; }
  __device__ int64_t count() const { return full() + (nz - 2) * ring(); }
  __device__ void cell(int64_t i, int& x, int& y, int& z) const {
    if (i < full()) {
      const int64_t plane = int64_t(nx) * ny;
      z = i < plane ? 0 : nz - 1;
      x = int(i % plane % nx), y = int(i % plane / nx);
      return;
    }
    const int64_t j = i - full();
    z = 1 + int(j / ring());
    const int64_t k = j % ring();
    if (k < 2 * nx) {
      y = k < nx ? 0 : ny - 1, x = int(k % nx);
      return;
    }
    const int s = int((k - 2 * nx) % 8);
    y = 1 + int((k - 2 * nx) / 8);
    x = s >= 4 ? nx - 8 + s : s;
  }
};

__global__ void border3d(const float* __restrict__ in, float* __restrict__ out, Grid g, Border3 b) {
  const int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (i >= b.count()) return;
  int x, y, z;
  b.cell(i, x, y, z);
  const int64_t c = g.index(x, y, z);
  const float u = in[c];
  float nb[6];
  const int d3[6][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
  for (int d = 0; d < 6; ++d) {
    const int xn = x + d3[d][0], yn = y + d3[d][1], zn = z + d3[d][2];
    nb[d] = g.inside(xn, yn, zn) ? in[g.index(xn, yn, zn)] : u;
  }
  out[c] = update_uniform(u, nb, g.r);
}

// The same cells with 32-bit index arithmetic (the counts fit: at most 2 * 512^2 + 510 * 5104).
struct Border3i {
  int nx, ny, nz;
  __device__ int ring() const { return 2 * nx + (ny - 2) * 8; }
  __device__ int full() const { return 2 * nx * ny; }
  __device__ int count() const { return full() + (nz - 2) * ring(); }
  __device__ void cell(int i, int& x, int& y, int& z) const {
    if (i < full()) {
      const int plane = nx * ny;
      z = i < plane ? 0 : nz - 1;
      const int j = i < plane ? i : i - plane;
      y = j / nx, x = j - y * nx;
      return;
    }
    const int j = i - full();
    const int rg = ring();
    z = 1 + j / rg;
    const int k = j - (z - 1) * rg;
    if (k < 2 * nx) {
      y = k < nx ? 0 : ny - 1, x = k < nx ? k : k - nx;
      return;
    }
    const int s = (k - 2 * nx) & 7;
    y = 1 + ((k - 2 * nx) >> 3);
    x = s >= 4 ? nx - 8 + s : s;
  }
};

__global__ void border3d_i32(const float* __restrict__ in, float* __restrict__ out, Grid g,
                             Border3i b) {
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= b.count()) return;
  int x, y, z;
  b.cell(i, x, y, z);
  const int plane = g.nx * g.ny;
  const int c = x + g.nx * y + plane * z;
  const float u = in[c];
  float nb[6];
  nb[0] = x > 0 ? in[c - 1] : u;
  nb[1] = x < g.nx - 1 ? in[c + 1] : u;
  nb[2] = y > 0 ? in[c - g.nx] : u;
  nb[3] = y < g.ny - 1 ? in[c + g.nx] : u;
  nb[4] = z > 0 ? in[c - plane] : u;
  nb[5] = z < g.nz - 1 ? in[c + plane] : u;
  out[c] = update_uniform(u, nb, g.r);
}

bool g_border_i32 = false;

void launch_border3d(const float* in, float* out, Grid g) {
  if (g_border_i32) {
    const Border3i b{g.nx, g.ny, g.nz};
    const int n = 2 * g.nx * g.ny + (g.nz - 2) * (2 * g.nx + (g.ny - 2) * 8);
    border3d_i32<<<unsigned((n + 255) / 256), 256>>>(in, out, g, b);
    return;
  }
  const Border3 b{g.nx, g.ny, g.nz};
  const int64_t n = 2 * int64_t(g.nx) * g.ny + (g.nz - 2) * (2 * int64_t(g.nx) + (g.ny - 2) * 8);
  border3d<<<unsigned((n + 255) / 256), 256>>>(in, out, g, b);
}

// ---------------------------------------------------------------- 3D: plane marching
// A block of 32 x BY threads, four cells of a row each (one 16-byte load), owns a 128 x BY tile
// of the interior columns and marches ZC planes along z. The current plane (and its halo: the
// rows above and below the tile, the cells left and right of it) sits in shared memory, double
// buffered so one barrier per plane suffices. ZShared false: register tiling (PMPP 8.5), the
// planes z-1 and z+1 of a thread's own cells in registers. ZShared true: coarsening in z (PMPP
// 8.4), the planes z-1, z, z+1 all in shared memory (a ring of four). Ahead: planes loaded ahead
// of the one being computed (1 or 2).
template <int BY, int ZC, bool ZShared, int Ahead>
__global__ void __launch_bounds__(32 * BY)
    march3d(const float* __restrict__ in, float* __restrict__ out, Grid g) {
  constexpr int kSlots = 34;                 // float4 slots a row: left halo, 32 centre, right
  constexpr int kRows = BY + 2;              // the tile's rows and the two halo rows
  constexpr int kBuffers = ZShared ? 4 : 2;  // planes kept in shared memory
  __shared__ float4 plane[kBuffers][kRows][kSlots];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int gx = blockIdx.x * 32 + tx;  // this thread's group of 4 cells: x = 4 + 4 gx
  const int x = 4 + 4 * gx;
  const int y = 1 + blockIdx.y * BY + ty;
  const int z0 = 1 + blockIdx.z * ZC, z_end = min(z0 + ZC, g.nz - 1);  // planes z0 .. z_end-1
  const int64_t pstride = int64_t(g.nx) * g.ny;
  const bool own_ok = x + 4 <= g.nx && y < g.ny;      // my 4 cells exist (loaded)
  const bool compute = x + 4 < g.nx && y < g.ny - 1;  // as basic: x <= nx - 8
  // Halo duties: warp 0 also loads the row above the tile, the last warp the row below; lane 0
  // the cell left of its row, lane 31 the cell right of it.
  const int y_above = 1 + blockIdx.y * BY - 1, y_below = 1 + blockIdx.y * BY + BY;
  const bool do_above = ty == 0 && x + 4 <= g.nx;
  const bool do_below = ty == BY - 1 && x + 4 <= g.nx && y_below < g.ny;
  const int x_left = 4 + 128 * blockIdx.x - 1, x_right = 4 + 128 * blockIdx.x + 128;
  const bool do_left = tx == 0 && y < g.ny;
  const bool do_right = tx == 31 && y < g.ny && x_right < g.nx;

  struct PlaneRegs {
    float4 own, above, below;
    float left, right;
  };
  auto fetch = [&](int z, PlaneRegs& p) {
    const int64_t base = z * pstride;
    if (own_ok) p.own = *reinterpret_cast<const float4*>(in + base + int64_t(y) * g.nx + x);
    if (do_above)
      p.above = *reinterpret_cast<const float4*>(in + base + int64_t(y_above) * g.nx + x);
    if (do_below)
      p.below = *reinterpret_cast<const float4*>(in + base + int64_t(y_below) * g.nx + x);
    if (do_left) p.left = in[base + int64_t(y) * g.nx + x_left];
    if (do_right) p.right = in[base + int64_t(y) * g.nx + x_right];
  };
  auto put = [&](int b, const PlaneRegs& p) {
    plane[b][ty + 1][tx + 1] = p.own;
    if (do_above) plane[b][0][tx + 1] = p.above;
    if (do_below) plane[b][BY + 1][tx + 1] = p.below;
    if (do_left) plane[b][ty + 1][0].w = p.left;
    if (do_right) plane[b][ty + 1][33].x = p.right;
  };

  PlaneRegs pl[Ahead + 2];  // planes z-1, z, z+1 .. z+Ahead
  float4 prev, curr;
  fetch(z0 - 1, pl[0]);
  fetch(z0, pl[1]);
  for (int a = 0; a < Ahead; ++a)
    if (z0 + 1 + a <= g.nz - 1) fetch(z0 + 1 + a, pl[2 + a]);
  prev = pl[0].own, curr = pl[1].own;
  if constexpr (ZShared) {
    put(0, pl[0]);
    put(1, pl[1]);
  } else {
    put(0, pl[1]);
  }
  int b = 0;  // the buffer of plane z (register tiling), of plane z-1 (coarsening)
  for (int z = z0; z < z_end; ++z) {
    // plane z+1: put it in shared memory (coarsening) before the barrier
    if constexpr (ZShared) put((b + 2) % 4, pl[2]);
    __syncthreads();
    const float4 next = pl[2].own;
    if (compute) {
      const int bc = ZShared ? (b + 1) % 4 : b;
      const float4 left4 = plane[bc][ty + 1][tx], right4 = plane[bc][ty + 1][tx + 2];
      const float4 s4 = plane[bc][ty][tx + 1], n4 = plane[bc][ty + 2][tx + 1];
      float4 d4 = prev, u4 = next;
      if constexpr (ZShared) d4 = plane[b][ty + 1][tx + 1], u4 = plane[(b + 2) % 4][ty + 1][tx + 1];
      const float4 c4 = ZShared ? plane[bc][ty + 1][tx + 1] : curr;
      const float c[6] = {left4.w, c4.x, c4.y, c4.z, c4.w, right4.x};
      const float s[4] = {s4.x, s4.y, s4.z, s4.w}, n[4] = {n4.x, n4.y, n4.z, n4.w};
      const float d[4] = {d4.x, d4.y, d4.z, d4.w}, u[4] = {u4.x, u4.y, u4.z, u4.w};
      float4 res;
      float* o = &res.x;
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const float nb[6] = {c[i], c[i + 2], s[i], n[i], d[i], u[i]};
        o[i] = update_uniform(c[i + 1], nb, g.r);
      }
      *reinterpret_cast<float4*>(out + z * pstride + int64_t(y) * g.nx + x) = res;
    }
    // rotate: plane z+1 becomes current
#pragma unroll
    for (int a = 0; a < Ahead + 1; ++a) pl[a] = pl[a + 1];
    prev = curr, curr = pl[1].own;
    if constexpr (!ZShared) put(b ^ 1, pl[1]);
    if (z + 1 + Ahead <= g.nz - 1 && z + 1 < z_end) fetch(z + 1 + Ahead, pl[Ahead + 1]);
    b = ZShared ? (b + 1) % 4 : b ^ 1;
  }
}

template <int BY, int ZC, bool ZShared, int Ahead>
void launch_march3d(const float* in, float* out, Grid g) {
  const int groups = (g.nx - 8) / 4 + 1;
  const dim3 grid((groups + 31) / 32, (g.ny - 2 + BY - 1) / BY, (g.nz - 2 + ZC - 1) / ZC);
  march3d<BY, ZC, ZShared, Ahead><<<grid, dim3(32, BY)>>>(in, out, g);
  launch_border3d(in, out, g);
}

// ---------------------------------------------------------------- 3D: temporal blocking in
// registers. A warp owns a tile of 32 columns x SY rows (its halo K wide included) and marches
// along z through ZC output planes. Lane i keeps, for each level l = 0..K-1 (0: the input),
// its column of three consecutive planes of that level, SY registers each. Loading input plane
// q advances level 1 to plane q-1, level 2 to plane q-2, ..., and level K, the output, to plane
// q-K, whose inner (32-2K) x (SY-2K) cells are stored. West and east come from the neighbouring
// lanes, south and north from the lane's own rows, down and up from its planes.
template <int K, int SY, int ZC>
__global__ void __launch_bounds__(256)
    temporal_warp3d(const float* __restrict__ in, float* __restrict__ out, Grid g) {
  constexpr int OW = 32 - 2 * K, OH = SY - 2 * K;
  const int lane = threadIdx.x & 31;
  const int warp = int((blockIdx.x * blockDim.x + threadIdx.x) >> 5);
  const int tiles_x = (g.nx + OW - 1) / OW, tiles_y = (g.ny + OH - 1) / OH;
  const int chunks = (g.nz + ZC - 1) / ZC;
  if (warp >= tiles_x * tiles_y * chunks) return;
  const int ox = (warp % tiles_x) * OW - K, oy = (warp / tiles_x % tiles_y) * OH - K;
  const int z0 = warp / (tiles_x * tiles_y) * ZC, z1 = min(z0 + ZC, g.nz);
  const int x = ox + lane;
  const bool interior = ox >= 1 && oy >= 1 && ox + 32 <= g.nx - 1 && oy + SY <= g.ny - 1 &&
                        z0 - K >= 1 && z1 - 1 + K <= g.nz - 2;
  const bool periodic = g.bound == kPeriodic;
  auto load_plane = [&](int q, float(&v)[SY]) {
    if (interior) {
      const float* p = in + g.index(x, oy, q);
#pragma unroll
      for (int r = 0; r < SY; ++r) v[r] = p[int64_t(r) * g.nx];
    } else {
#pragma unroll
      for (int r = 0; r < SY; ++r) {
        int xs = x, ys = oy + r, zs = q;
        bool ok = g.inside(xs, ys, zs);
        if (!ok && periodic)
          xs = wrap(xs, g.nx), ys = wrap(ys, g.ny), zs = wrap(zs, g.nz), ok = true;
        v[r] = ok ? in[g.index(xs, ys, zs)] : 0.0f;
      }
    }
  };
  float w[K][3][SY];  // level l: planes p-1, p, p+1
  float next[SY];
#pragma unroll
  for (int l = 0; l < K; ++l)
#pragma unroll
    for (int j = 0; j < 3; ++j)
#pragma unroll
      for (int r = 0; r < SY; ++r) w[l][j][r] = 0.0f;
  const int q_first = z0 - K, q_last = z1 - 1 + K;
  load_plane(q_first, next);
  for (int q = q_first; q <= q_last; ++q) {
    const int i = q - q_first;
#pragma unroll
    for (int r = 0; r < SY; ++r)
      w[0][0][r] = w[0][1][r], w[0][1][r] = w[0][2][r], w[0][2][r] = next[r];
    if (q < q_last) load_plane(q + 1, next);  // in flight while this plane is computed
#pragma unroll
    for (int l = 1; l <= K; ++l) {
      if (i < 2 * l) break;  // level l-1 has not three planes yet
      const int p = q - l;
      const float(&W)[3][SY] = w[l - 1];
      float res[SY];
      float south = W[1][l - 1];
#pragma unroll
      for (int r = 0; r < SY; ++r) res[r] = W[1][r];
#pragma unroll
      for (int r = l; r < SY - l; ++r) {
        const float u = W[1][r];
        float nb[6];
        nb[0] = __shfl_up_sync(~0u, u, 1), nb[1] = __shfl_down_sync(~0u, u, 1);
        nb[2] = south, nb[3] = W[1][r + 1], nb[4] = W[0][r], nb[5] = W[2][r];
        south = u;
        bool update = true;
        if (!interior && !periodic) {
          const int y = oy + r;
          if (!g.inside(x, y, p)) {
            update = false;
          } else if (g.bound == kFixed && (x == 0 || y == 0 || p == 0 || x == g.nx - 1 ||
                                           y == g.ny - 1 || p == g.nz - 1)) {
            update = false;
          } else {
            if (x == 0) nb[0] = u;
            if (x == g.nx - 1) nb[1] = u;
            if (y == 0) nb[2] = u;
            if (y == g.ny - 1) nb[3] = u;
            if (p == 0) nb[4] = u;
            if (p == g.nz - 1) nb[5] = u;
          }
        }
        if (update) res[r] = update_uniform(u, nb, g.r);
      }
      if (l < K) {
#pragma unroll
        for (int r = 0; r < SY; ++r)
          w[l][0][r] = w[l][1][r], w[l][1][r] = w[l][2][r], w[l][2][r] = res[r];
      } else if (p >= z0 && lane >= K && lane < 32 - K && x < g.nx) {
#pragma unroll
        for (int r = K; r < SY - K; ++r)
          if (oy + r < g.ny) out[g.index(x, oy + r, p)] = res[r];
      }
    }
  }
}

template <int K, int SY, int ZC>
void launch_temporal_warp3d(const float* in, float* out, Grid g) {
  constexpr int OW = 32 - 2 * K, OH = SY - 2 * K;
  const int64_t warps =
      int64_t((g.nx + OW - 1) / OW) * ((g.ny + OH - 1) / OH) * ((g.nz + ZC - 1) / ZC);
  temporal_warp3d<K, SY, ZC><<<unsigned((warps + 7) / 8), 256>>>(in, out, g);
}

// ---------------------------------------------------------------- 2D: temporal blocking in
// registers. A warp owns a tile 32 columns wide and SH rows tall (halo K included): lane i holds
// column i in SH registers. A sub-step walks the rows top to bottom, west and east from the
// neighbouring lanes (shuffles), south and north from the lane's own registers; after K
// sub-steps the inner (32 - 2K) x (SH - 2K) cells are exact and stored. No shared memory, no
// barriers. Any boundary (insulated, fixed, periodic) as the app's kernels apply it.
template <int P, int K, int SH>
__global__ void __launch_bounds__(256)
    temporal_warp(const float* __restrict__ in, float* __restrict__ out, Grid g) {
  constexpr int OW = 32 - 2 * K, OH = SH - 2 * K;
  const int lane = threadIdx.x & 31;
  const int warp = int((blockIdx.x * blockDim.x + threadIdx.x) >> 5);
  const int tiles_x = (g.nx + OW - 1) / OW, tiles_y = (g.ny + OH - 1) / OH;
  if (warp >= tiles_x * tiles_y) return;
  const int ox = (warp % tiles_x) * OW - K, oy = (warp / tiles_x) * OH - K;
  const int x = ox + lane;
  const bool interior = ox >= 1 && oy >= 1 && ox + 32 <= g.nx - 1 && oy + SH <= g.ny - 1;
  const bool periodic = g.bound == kPeriodic;
  float v[SH];
  if (interior) {
    const float* p = in + int64_t(oy) * g.nx + x;
#pragma unroll
    for (int r = 0; r < SH; ++r) v[r] = p[int64_t(r) * g.nx];
  } else {
#pragma unroll
    for (int r = 0; r < SH; ++r) {
      int xs = x, ys = oy + r;
      bool ok = g.inside(xs, ys, 0);
      if (!ok && periodic) xs = wrap(xs, g.nx), ys = wrap(ys, g.ny), ok = true;
      v[r] = ok ? in[g.index(xs, ys, 0)] : 0.0f;
    }
  }
#pragma unroll
  for (int s = 1; s <= K; ++s) {
    // rows s .. SH-1-s; the row above's old value (and its west/east, 9-point) carried along
    float south = v[s - 1];
    float sw = 0, se = 0, w_next = 0, e_next = 0;
    if (P == 9) {
      sw = __shfl_up_sync(~0u, south, 1), se = __shfl_down_sync(~0u, south, 1);
      w_next = __shfl_up_sync(~0u, v[s], 1), e_next = __shfl_down_sync(~0u, v[s], 1);
    }
#pragma unroll
    for (int r = s; r < SH - s; ++r) {
      const float u = v[r], north = v[r + 1];
      float w, e, nw = 0, ne = 0;
      if (P == 9) {
        w = w_next, e = e_next;
        nw = __shfl_up_sync(~0u, north, 1), ne = __shfl_down_sync(~0u, north, 1);
        w_next = nw, e_next = ne;
      } else {
        w = __shfl_up_sync(~0u, u, 1), e = __shfl_down_sync(~0u, u, 1);
      }
      constexpr int N = P - 1;
      float nb[N];
      nb[0] = w, nb[1] = e, nb[2] = south, nb[3] = north;
      if constexpr (P == 9) nb[4] = sw, nb[5] = se, nb[6] = nw, nb[7] = ne;
      float result = 0;
      bool update = true;
      if (!interior && !periodic) {
        const int y = oy + r;
        if (!g.inside(x, y, 0)) {
          update = false;  // no cell here
        } else if (g.bound == kFixed && (x == 0 || y == 0 || x == g.nx - 1 || y == g.ny - 1)) {
          update = false;  // the fixed ring keeps its value
        } else {
#pragma unroll
          for (int d = 0; d < N; ++d) {
            const int dx = d < 4 ? (d == 0 ? -1 : d == 1 ? 1 : 0) : (d % 2 == 0 ? -1 : 1);
            const int dy = d < 4 ? (d == 2 ? -1 : d == 3 ? 1 : 0) : (d < 6 ? -1 : 1);
            if (!g.inside(x + dx, y + dy, 0)) nb[d] = u;
          }
        }
      }
      if (update) result = update_uniform(u, nb, g.r);
      south = u;
      if (P == 9) sw = w, se = e;
      v[r] = update ? result : u;
    }
  }
  if (lane >= K && lane < 32 - K && x < g.nx) {
#pragma unroll
    for (int r = K; r < SH - K; ++r)
      if (oy + r < g.ny) out[g.index(x, oy + r, 0)] = v[r];
  }
}

template <int P, int K, int SH>
void launch_temporal_warp(const float* in, float* out, Grid g) {
  constexpr int OW = 32 - 2 * K, OH = SH - 2 * K;
  const int64_t warps = int64_t((g.nx + OW - 1) / OW) * ((g.ny + OH - 1) / OH);
  temporal_warp<P, K, SH><<<unsigned((warps + 7) / 8), 256>>>(in, out, g);
}

// The app's fast temporal kernel (kernels/stencil/stencil.cu, stencil_temporal_fast), insulated
// and interior paths only as the app has them, for the baseline row.
constexpr int kTileX = 128, kTileY = 32, kThreads = 256;
template <int K>
__global__ void __launch_bounds__(kThreads)
    temporal_shared(const float* __restrict__ in, float* __restrict__ out, Grid g) {
  constexpr int sw = kTileX + 2 * K, sh = kTileY + 2 * K;
  extern __shared__ float half_a[];
  float* const half_b = half_a + sw * sh;
  const int ox = blockIdx.x * kTileX - K, oy = blockIdx.y * kTileY - K;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = kThreads / 32;
  const bool interior = ox >= 1 && oy >= 1 && ox + sw <= g.nx - 1 && oy + sh <= g.ny - 1;
  for (int ly = warp; ly < sh; ly += warps)
    for (int lx = lane; lx < sw; lx += 32) {
      const int x = ox + lx, y = oy + ly;
      half_a[ly * sw + lx] = interior || g.inside(x, y, 0) ? in[g.index(x, y, 0)] : 0.0f;
    }
  __syncthreads();
  for (int s = 1; s <= K; ++s) {
    const float* src = s % 2 == 1 ? half_a : half_b;
    float* dst = s % 2 == 1 ? half_b : half_a;
    for (int ly = s + warp; ly < sh - s; ly += warps)
      for (int lx = s + lane; lx < sw - s; lx += 32) {
        const int i = ly * sw + lx;
        const float u = src[i];
        float nb[4] = {src[i - 1], src[i + 1], src[i - sw], src[i + sw]};
        if (!interior) {
          const int x = ox + lx, y = oy + ly;
          if (!g.inside(x, y, 0)) continue;
          if (x == 0) nb[0] = u;
          if (x == g.nx - 1) nb[1] = u;
          if (y == 0) nb[2] = u;
          if (y == g.ny - 1) nb[3] = u;
        }
        dst[i] = update_uniform(u, nb, g.r);
      }
    __syncthreads();
  }
  const float* last = K % 2 == 1 ? half_b : half_a;
  for (int ly = K + warp; ly < K + kTileY; ly += warps)
    for (int lx = K + lane; lx < K + kTileX; lx += 32) {
      const int x = ox + lx, y = oy + ly;
      if (x < g.nx && y < g.ny) out[g.index(x, y, 0)] = last[ly * sw + lx];
    }
}

template <int K>
void launch_temporal_shared(const float* in, float* out, Grid g) {
  const size_t bytes = 2 * size_t(kTileX + 2 * K) * (kTileY + 2 * K) * sizeof(float);
  CK(cudaFuncSetAttribute(temporal_shared<K>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                          int(bytes)));
  const dim3 grid((g.nx + kTileX - 1) / kTileX, (g.ny + kTileY - 1) / kTileY);
  temporal_shared<K><<<grid, kThreads, bytes>>>(in, out, g);
}

// ---------------------------------------------------------------- harness
template <class F>
int regs_of(F kernel) {
  cudaFuncAttributes a{};
  CK(cudaFuncGetAttributes(&a, kernel));
  return a.numRegs;
}

void measure_copy() {
  const size_t bytes = size_t(1) << 30;
  Dev a(bytes), b(bytes);
  CK(cudaMemset(a.p, 1, bytes));
  const double ms = ws::dev::median_ms(
      [&] { CK(cudaMemcpy(b.p, a.p, bytes, cudaMemcpyDeviceToDevice)); }, g_reps);
  g_copy_gbps = 2.0 * bytes / ms / 1e6;
  std::printf("copy 1 GiB d2d: %.4f ms, %.0f GB/s (read + write)\n", ms, g_copy_gbps);
}

struct Case {
  Grid g;
  int dims, P;
  Dev *in, *out, *ref, *tmp;
  int64_t n;
};

// Runs `steps` reference steps from in into ref (ping-ponging through tmp).
void reference(const Case& c, int steps) {
  const float* src = c.in->as<float>();
  for (int s = 0; s < steps; ++s) {
    float* dst = (steps - s) % 2 == 1 ? c.ref->as<float>() : c.tmp->as<float>();
    const unsigned blocks = unsigned((c.n + 255) / 256);
    if (c.P == 7)
      reference_step<7><<<blocks, 256>>>(src, dst, c.g, c.dims);
    else if (c.P == 9)
      reference_step<9><<<blocks, 256>>>(src, dst, c.g, c.dims);
    else
      reference_step<5><<<blocks, 256>>>(src, dst, c.g, c.dims);
    src = dst;
  }
  CK(cudaDeviceSynchronize());
}

template <class Launch>
void row(const Case& c, const char* name, int steps, int regs, Launch&& launch) {
  CK(cudaMemset(c.out->p, 0, c.n * 4));
  launch();
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  const int64_t bad = ws::dev::first_difference(c.out->as<uint32_t>(), c.ref->as<uint32_t>(), c.n);
  const double ms = ws::dev::median_ms(launch, g_reps);
  const double per_step = ms / steps;
  const double gbps = 8.0 * c.n / per_step / 1e6;
  std::printf("%-44s %8.4f ms/step %7.0f GB/s %6.1f%% copy regs %3d %s\n", name, per_step, gbps,
              100 * gbps / g_copy_gbps, regs, bad < 0 ? "ok" : "MISMATCH");
  if (bad >= 0) std::printf("  first difference at %lld\n", (long long)bad);
}

void round_3d(int side) {
  Case c{};
  c.g = Grid{side, side, side, 0.1f, kInsulated};
  c.dims = 3, c.P = 7;
  c.n = int64_t(side) * side * side;
  Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
  c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
  ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 7);
  reference(c, 1);
  std::printf("\n3D 7-point %d^3, insulated, one step\n", side);
  const float* i = in.as<float>();
  float* o = out.as<float>();
  const Grid g = c.g;
  const unsigned blocks = unsigned((c.n + 255) / 256);
  row(c, "reference (one thread a cell)", 1, regs_of(reference_step<7>),
      [&] { reference_step<7><<<blocks, 256>>>(i, o, g, 3); });
  row(c, "basic fast (interior4 + border)", 1, regs_of(basic3d_interior4), [&] {
    const int groups = (g.nx - 8) / 4 + 1;
    basic3d_interior4<<<dim3((groups + 31) / 32, (g.ny - 2 + 7) / 8, g.nz - 2), dim3(32, 8)>>>(i, o,
                                                                                               g);
    launch_border3d(i, o, g);
  });
  {  // the border alone (its rows compare against nothing: only the time matters)
    const double ms = ws::dev::median_ms([&] { launch_border3d(i, o, g); }, g_reps);
    std::printf("%-44s %8.4f ms\n", "border cells alone", ms);
  }
#define MARCH(BY, ZC, ZS, A)                                         \
  row(c, "march BY=" #BY " ZC=" #ZC " zshared=" #ZS " ahead=" #A, 1, \
      regs_of(march3d<BY, ZC, ZS, A>), [&] { launch_march3d<BY, ZC, ZS, A>(i, o, g); })
  MARCH(4, 32, false, 1);
  MARCH(8, 16, false, 1);
  MARCH(8, 32, false, 1);
  MARCH(8, 64, false, 1);
  MARCH(8, 32, false, 2);
  MARCH(8, 64, false, 2);
  MARCH(16, 32, false, 1);
  MARCH(16, 64, false, 1);
  MARCH(16, 32, false, 2);
  MARCH(8, 32, true, 1);
  MARCH(8, 64, true, 2);
  MARCH(16, 32, true, 1);
#undef MARCH
}

void round_2d(int side, int bound) {
  Case c{};
  c.g = Grid{side, side, 1, 0.2f, bound};
  c.dims = 2, c.P = 5;
  c.n = int64_t(side) * side;
  Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
  c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
  ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 11);
  const float* i = in.as<float>();
  float* o = out.as<float>();
  const Grid g = c.g;
  std::printf("\n2D 5-point %d^2, boundary %d\n", side, bound);
  reference(c, 1);
  const unsigned blocks = unsigned((c.n + 255) / 256);
  row(c, "reference (one thread a cell)", 1, regs_of(reference_step<5>),
      [&] { reference_step<5><<<blocks, 256>>>(i, o, g, 2); });
  auto K_rows = [&](auto k_tag) {
    constexpr int K = decltype(k_tag)::value;
    reference(c, K);
    char name[80];
    if (bound == kInsulated) {
      std::snprintf(name, sizeof name, "app temporal shared 128x32 K=%d", K);
      row(c, name, K, regs_of(temporal_shared<K>), [&] { launch_temporal_shared<K>(i, o, g); });
    }
#define WARP(SH)                                                       \
  std::snprintf(name, sizeof name, "temporal warp K=%d SH=%d", K, SH); \
  row(c, name, K, regs_of(temporal_warp<5, K, SH>),                    \
      [&] { launch_temporal_warp<5, K, SH>(i, o, g); })
    WARP(32);
    WARP(48);
    WARP(64);
#undef WARP
  };
  K_rows(std::integral_constant<int, 2>{});
  K_rows(std::integral_constant<int, 3>{});
  K_rows(std::integral_constant<int, 4>{});
  K_rows(std::integral_constant<int, 6>{});
  K_rows(std::integral_constant<int, 8>{});
}

// The 9-point shape and the other boundaries, at a size that is not a multiple of the tiles.
void round_2d_checks() {
  for (int bound : {kInsulated, kFixed, kPeriodic})
    for (int P : {5, 9}) {
      Case c{};
      c.g = Grid{1000, 777, 1, P == 9 ? 0.3f : 0.2f, bound};
      c.dims = 2, c.P = P;
      c.n = int64_t(c.g.nx) * c.g.ny;
      Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
      c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
      ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 3);
      reference(c, 4);
      const float* i = in.as<float>();
      float* o = out.as<float>();
      char name[80];
      std::snprintf(name, sizeof name, "check 1000x777 P=%d bound=%d K=4 SH=48", P, bound);
      if (P == 9)
        row(c, name, 4, regs_of(temporal_warp<9, 4, 48>),
            [&] { launch_temporal_warp<9, 4, 48>(i, o, c.g); });
      else
        row(c, name, 4, regs_of(temporal_warp<5, 4, 48>),
            [&] { launch_temporal_warp<5, 4, 48>(i, o, c.g); });
    }
}

void round_3d_temporal(int side, int bound) {
  Case c{};
  c.g = Grid{side, side, side, 0.1f, bound};
  c.dims = 3, c.P = 7;
  c.n = int64_t(side) * side * side;
  Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
  c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
  ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 5);
  const float* i = in.as<float>();
  float* o = out.as<float>();
  const Grid g = c.g;
  std::printf("\n3D 7-point %d^3, boundary %d, temporal blocking in registers\n", side, bound);
  if (bound == kInsulated) {
    reference(c, 1);
    g_border_i32 = true;
    {
      const double ms = ws::dev::median_ms([&] { launch_border3d(i, o, g); }, g_reps);
      std::printf("%-44s %8.4f ms\n", "border cells alone, 32-bit", ms);
    }
    row(c, "basic fast (interior4 + border i32)", 1, regs_of(basic3d_interior4), [&] {
      const int groups = (g.nx - 8) / 4 + 1;
      basic3d_interior4<<<dim3((groups + 31) / 32, (g.ny - 2 + 7) / 8, g.nz - 2), dim3(32, 8)>>>(
          i, o, g);
      launch_border3d(i, o, g);
    });
    row(c, "march BY=4 ZC=32 (border i32)", 1, regs_of(march3d<4, 32, false, 1>),
        [&] { launch_march3d<4, 32, false, 1>(i, o, g); });
    row(c, "march BY=8 ZC=32 zshared (border i32)", 1, regs_of(march3d<8, 32, true, 1>),
        [&] { launch_march3d<8, 32, true, 1>(i, o, g); });
    g_border_i32 = false;
  }
  char name[80];
#define W3(K, SY, ZC)                                                              \
  reference(c, K);                                                                 \
  std::snprintf(name, sizeof name, "temporal warp3d K=%d SY=%d ZC=%d", K, SY, ZC); \
  row(c, name, K, regs_of(temporal_warp3d<K, SY, ZC>),                             \
      [&] { launch_temporal_warp3d<K, SY, ZC>(i, o, g); })
  if (bound != kInsulated) {
    W3(2, 12, 64);
    return;
  }
  W3(1, 8, 64);
  W3(1, 16, 64);
  W3(2, 8, 64);
  W3(2, 12, 64);
  W3(2, 16, 64);
  W3(2, 12, 128);
  W3(2, 16, 128);
  W3(3, 16, 64);
#undef W3
}

void round_2d_small(int side) {
  Case c{};
  c.g = Grid{side, side, 1, 0.2f, kInsulated};
  c.dims = 2, c.P = 5;
  c.n = int64_t(side) * side;
  Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
  c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
  ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 11);
  const float* i = in.as<float>();
  float* o = out.as<float>();
  const Grid g = c.g;
  std::printf("\n2D 5-point %d^2, smaller warp tiles\n", side);
  char name[80];
#define WARP(K, SH)                                                    \
  reference(c, K);                                                     \
  std::snprintf(name, sizeof name, "temporal warp K=%d SH=%d", K, SH); \
  row(c, name, K, regs_of(temporal_warp<5, K, SH>),                    \
      [&] { launch_temporal_warp<5, K, SH>(i, o, g); })
  WARP(1, 16);
  WARP(1, 32);
  WARP(2, 16);
  WARP(2, 24);
  WARP(2, 32);
  WARP(3, 24);
  WARP(3, 32);
  WARP(4, 24);
  reference(c, 2);
  c.P = 9;  // (round 3 as run compared this row against the 5-point reference)
  reference(c, 2);
  row(c, "temporal warp 9-point K=2 SH=32", 2, regs_of(temporal_warp<9, 2, 32>),
      [&] { launch_temporal_warp<9, 2, 32>(i, o, g); });
#undef WARP
}

// ---------------------------------------------------------------- round 4
// Basic, four cells a thread, every cell of the grid in one launch (nx a multiple of 4): the
// neighbouring rows, planes and end cells are clamped (insulated: the cell itself) or wrapped
// (periodic); a fixed grid's shell keeps its value. No border launch.
template <int P>
__global__ void basic_all4(const float* __restrict__ in, float* __restrict__ out, Grid g,
                           int dims) {
  const int x = 4 * int(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = int(blockIdx.y * blockDim.y + threadIdx.y);
  const int z = int(blockIdx.z);
  if (x >= g.nx || y >= g.ny) return;
  const bool periodic = g.bound == kPeriodic;
  auto near = [&](int v, int d, int n) {  // v + d, clamped or wrapped
    const int w = v + d;
    if (w < 0) return periodic ? n - 1 : 0;
    if (w >= n) return periodic ? 0 : n - 1;
    return w;
  };
  const int64_t plane = int64_t(g.nx) * g.ny;
  const int64_t row = int64_t(g.nx);
  const int64_t c = z * plane + y * row + x;
  const int64_t ys = near(y, -1, g.ny) * row + z * plane, yn = near(y, 1, g.ny) * row + z * plane;
  const int xw = x == 0 ? (periodic ? g.nx - 1 : 0) : x - 1;
  const int xe = x + 4 == g.nx ? (periodic ? 0 : g.nx - 1) : x + 4;
  float r0[6], r1[6], r2[6], d4[4], u4[4];
  load4(in, c, &r1[1]);
  r1[0] = in[c - x + xw], r1[5] = in[c - x + xe];
  load4(in, ys + x, &r0[1]);
  load4(in, yn + x, &r2[1]);
  if (P == 9) {
    r0[0] = in[ys + xw], r0[5] = in[ys + xe], r2[0] = in[yn + xw], r2[5] = in[yn + xe];
  }
  if (P == 7) {
    load4(in, near(z, -1, g.nz) * plane + y * row + x, d4);
    load4(in, near(z, 1, g.nz) * plane + y * row + x, u4);
  }
  const bool fixed = g.bound == kFixed;
  const bool edge_row = y == 0 || y == g.ny - 1 || (dims == 3 && (z == 0 || z == g.nz - 1));
  float4 res;
  float* o = &res.x;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const float u = r1[i + 1];
    float nb[P - 1];
    nb[0] = r1[i], nb[1] = r1[i + 2], nb[2] = r0[i + 1], nb[3] = r2[i + 1];
    if constexpr (P == 7) nb[4] = d4[i], nb[5] = u4[i];
    if constexpr (P == 9) nb[4] = r0[i], nb[5] = r0[i + 2], nb[6] = r2[i], nb[7] = r2[i + 2];
    const bool keep = fixed && (edge_row || x + i == 0 || x + i == g.nx - 1);
    o[i] = keep ? u : update_uniform(u, nb, g.r);
  }
  *reinterpret_cast<float4*>(out + c) = res;
}

template <int P>
void launch_basic_all4(const float* in, float* out, Grid g, int dims) {
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + 7) / 8, dims == 3 ? g.nz : 1);
  basic_all4<P><<<grid, dim3(32, 8)>>>(in, out, g, dims);
}

// 3D temporal blocking, two time steps a launch, in shared memory: a block of 32 x TY threads,
// one thread per column of the input tile (its halo two wide included), marches along z through
// ZC output planes. Per input plane q: the level-0 plane q goes to shared memory, level 1 is
// computed at plane q (x and y neighbours from shared memory, z neighbours from the thread's own
// registers) and goes to shared memory, then level 2 at plane q-1 is computed and stored (inner
// 28 x (TY-4) threads). Input planes are loaded D ahead.
template <int TY, int ZC, int D>
__global__ void __launch_bounds__(32 * TY)
    temporal_shared3d(const float* __restrict__ in, float* __restrict__ out, Grid g) {
  constexpr int K = 2, TX = 32, OW = TX - 2 * K, OH = TY - 2 * K;
  __shared__ float l0[2][TY][TX + 1], l1[2][TY][TX + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int ox = blockIdx.x * OW - K, oy = blockIdx.y * OH - K;
  const int z0 = blockIdx.z * ZC, z1 = min(z0 + ZC, g.nz);
  const int x = ox + tx, y = oy + ty;
  const bool interior = ox >= 1 && oy >= 1 && ox + TX <= g.nx - 1 && oy + TY <= g.ny - 1 &&
                        z0 - K >= 1 && z1 - 1 + K <= g.nz - 2;
  const bool periodic = g.bound == kPeriodic;
  int xs = x, ys = y;
  bool col_ok = unsigned(x) < unsigned(g.nx) && unsigned(y) < unsigned(g.ny);
  if (!col_ok && periodic) xs = wrap(x, g.nx), ys = wrap(y, g.ny), col_ok = true;
  const float* column = in + int64_t(ys) * g.nx + xs;
  const int64_t plane = int64_t(g.nx) * g.ny;
  auto load = [&](int q) {
    if (interior) return column[q * plane];
    int qs = q;
    if (periodic) qs = wrap(q, g.nz);
    return col_ok && unsigned(qs) < unsigned(g.nz) ? column[qs * plane] : 0.0f;
  };
  // The rule at (x, y, p) with its six neighbours; false: no update (outside, fixed shell).
  auto rule = [&](float u, float(&nb)[6], int p, float& result) {
    if (!interior && !periodic) {
      if (!g.inside(x, y, p)) return;
      if (g.bound == kFixed &&
          (x == 0 || y == 0 || p == 0 || x == g.nx - 1 || y == g.ny - 1 || p == g.nz - 1)) {
        result = u;
        return;
      }
      if (x == 0) nb[0] = u;
      if (x == g.nx - 1) nb[1] = u;
      if (y == 0) nb[2] = u;
      if (y == g.ny - 1) nb[3] = u;
      if (p == 0) nb[4] = u;
      if (p == g.nz - 1) nb[5] = u;
    }
    result = update_uniform(u, nb, g.r);
  };
  const bool in1 = tx >= 1 && tx < TX - 1 && ty >= 1 && ty < TY - 1;
  const bool in2 = tx >= 2 && tx < TX - 2 && ty >= 2 && ty < TY - 2;
  const int q0 = z0 - K;  // first input plane
  float ahead[D];         // planes q+1 .. q+D
  float a_prev = load(q0), a_cur = load(q0 + 1);
#pragma unroll
  for (int d = 0; d < D; ++d) ahead[d] = q0 + 2 + d <= z1 + 1 ? load(q0 + 2 + d) : 0.0f;
  float b_prev = 0, b_cur = 0;  // level 1 at planes q-2, q-1 (then q)
  int buf = 0;
  for (int q = q0 + 1; q <= z1; ++q) {  // level 1 at plane q (q0+1 .. z1), level 2 at q-1
    const float a_next = ahead[0];
#pragma unroll
    for (int d = 0; d + 1 < D; ++d) ahead[d] = ahead[d + 1];
    ahead[D - 1] = q + D + 1 <= z1 + 1 ? load(q + D + 1) : 0.0f;
    l0[buf][ty][tx] = a_cur;
    __syncthreads();
    float b_new = a_cur;
    if (in1) {
      float nb[6] = {l0[buf][ty][tx - 1],
                     l0[buf][ty][tx + 1],
                     l0[buf][ty - 1][tx],
                     l0[buf][ty + 1][tx],
                     a_prev,
                     a_next};
      rule(a_cur, nb, q, b_new);
    }
    l1[buf][ty][tx] = b_new;
    __syncthreads();
    if (q - 1 >= z0 && in2) {  // level 2 at plane q-1 from level 1 at q-2, q-1, q
      const int b = buf ^ 1;   // level 1 at plane q-1
      float nb[6] = {l1[b][ty][tx - 1],
                     l1[b][ty][tx + 1],
                     l1[b][ty - 1][tx],
                     l1[b][ty + 1][tx],
                     b_prev,
                     b_new};
      float v = b_cur;
      rule(b_cur, nb, q - 1, v);
      if (x < g.nx && y < g.ny) out[(q - 1) * plane + int64_t(y) * g.nx + x] = v;
    }
    a_prev = a_cur, a_cur = a_next;
    b_prev = b_cur, b_cur = b_new;
    buf ^= 1;
  }
}

template <int TY, int ZC, int D>
void launch_temporal_shared3d(const float* in, float* out, Grid g) {
  constexpr int OW = 28, OH = TY - 4;
  const dim3 grid((g.nx + OW - 1) / OW, (g.ny + OH - 1) / OH, (g.nz + ZC - 1) / ZC);
  temporal_shared3d<TY, ZC, D><<<grid, dim3(32, TY)>>>(in, out, g);
}

void round_4() {
  // basic over every cell, 2D and 3D, every boundary
  for (int bound : {kInsulated, kFixed, kPeriodic}) {
    for (int dims : {2, 3}) {
      const int side = dims == 3 ? 512 : 8192;
      Case c{};
      c.g = Grid{side, side, dims == 3 ? side : 1, 0.1f, bound};
      c.dims = dims, c.P = dims == 3 ? 7 : 5;
      c.n = int64_t(c.g.nx) * c.g.ny * c.g.nz;
      Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
      c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
      ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 9);
      reference(c, 1);
      const float* i = in.as<float>();
      float* o = out.as<float>();
      char name[80];
      std::snprintf(name, sizeof name, "basic all4 %dD %d bound=%d", dims, side, bound);
      if (dims == 3)
        row(c, name, 1, regs_of(basic_all4<7>), [&] { launch_basic_all4<7>(i, o, c.g, 3); });
      else
        row(c, name, 1, regs_of(basic_all4<5>), [&] { launch_basic_all4<5>(i, o, c.g, 2); });
      if (dims == 2 && bound == kInsulated) {
        c.P = 9;
        reference(c, 1);
        row(c, "basic all4 2D 9-point insulated", 1, regs_of(basic_all4<9>),
            [&] { launch_basic_all4<9>(i, o, c.g, 2); });
      }
      if (dims == 3) {
        reference(c, 2);
#define T3(TY, ZC, D)                                                                        \
  std::snprintf(name, sizeof name, "temporal shared3d K=2 TY=%d ZC=%d D=%d b=%d", TY, ZC, D, \
                bound);                                                                      \
  row(c, name, 2, regs_of(temporal_shared3d<TY, ZC, D>),                                     \
      [&] { launch_temporal_shared3d<TY, ZC, D>(i, o, c.g); })
        T3(16, 64, 4);
        if (bound == kInsulated) {
          T3(8, 64, 4);
          T3(16, 32, 4);
          T3(16, 128, 4);
          T3(16, 64, 1);
          T3(16, 64, 8);
          T3(32, 64, 4);
          T3(32, 128, 8);
        }
#undef T3
      }
    }
  }
  // small odd sizes for the boundary paths
  for (int bound : {kInsulated, kFixed, kPeriodic}) {
    Case c{};
    c.g = Grid{100, 60, 37, 0.1f, bound};
    c.dims = 3, c.P = 7;
    c.n = int64_t(c.g.nx) * c.g.ny * c.g.nz;
    Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
    c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
    ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 4);
    reference(c, 2);
    char name[80];
    std::snprintf(name, sizeof name, "check 100x60x37 temporal shared3d b=%d", bound);
    row(c, name, 2, regs_of(temporal_shared3d<16, 64, 4>),
        [&] { launch_temporal_shared3d<16, 64, 4>(in.as<float>(), out.as<float>(), c.g); });
    reference(c, 1);
    std::snprintf(name, sizeof name, "check 100x60x37 basic all4 b=%d", bound);
    row(c, name, 1, regs_of(basic_all4<7>),
        [&] { launch_basic_all4<7>(in.as<float>(), out.as<float>(), c.g, 3); });
  }
}

// ---------------------------------------------------------------- round 5: the app's clamped
// plane marching (stencil_fast.cu) with other shapes, and 3D shared tiling with a wide tile.
using ws::stencil::detail::GridDesc;

GridDesc desc(const Grid& g) {
  const ws::stencil::Boundary b = g.bound == kPeriodic ? ws::stencil::Boundary::Periodic
                                  : g.bound == kFixed  ? ws::stencil::Boundary::Fixed
                                                       : ws::stencil::Boundary::Insulated;
  return GridDesc{g.nx, g.ny, g.nz, 3, b, g.r};
}

struct PlaneLoad {
  float4 own, above, below;
  float left, right;
};

template <int BY, int ZC, bool ZShared>
__global__ void __launch_bounds__(32 * BY)
    march_all(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  constexpr int kSlots = 34, kBuffers = ZShared ? 4 : 2;
  __shared__ float4 plane[kBuffers][BY + 2][kSlots];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = 128 * blockIdx.x, x = x0 + 4 * tx;
  const int y0 = BY * blockIdx.y, y = y0 + ty;
  const int z0 = ZC * blockIdx.z, z_end = min(z0 + ZC, g.nz);
  const int row = g.beside(y, g.ny);
  const int row_above = g.beside(y0 - 1, g.ny), row_below = g.beside(y0 + BY, g.ny);
  const bool do_above = ty == 0 && x < g.nx, do_below = ty == BY - 1 && x < g.nx;
  const int x_right = x0 + 128;
  const bool do_left = tx == 0, do_right = tx == 31 && x_right <= g.nx;
  const int col_left = g.beside(x0 - 1, g.nx), col_right = g.beside(x_right, g.nx);
  auto fetch = [&](int z, PlaneLoad& p) {
    const int zs = g.beside(z, g.nz);
    if (x < g.nx)
      p.own = *reinterpret_cast<const float4*>(in + g.index(x, row, zs));
    else if (x == g.nx)
      p.own.x = in[g.index(g.beside(x, g.nx), row, zs)];
    if (do_above) p.above = *reinterpret_cast<const float4*>(in + g.index(x, row_above, zs));
    if (do_below) p.below = *reinterpret_cast<const float4*>(in + g.index(x, row_below, zs));
    if (do_left) p.left = in[g.index(col_left, row, zs)];
    if (do_right) p.right = in[g.index(col_right, row, zs)];
  };
  auto put = [&](int b, const PlaneLoad& p) {
    plane[b][ty + 1][tx + 1] = p.own;
    if (do_above) plane[b][0][tx + 1] = p.above;
    if (do_below) plane[b][BY + 1][tx + 1] = p.below;
    if (do_left) plane[b][ty + 1][0].w = p.left;
    if (do_right) plane[b][ty + 1][kSlots - 1].x = p.right;
  };
  PlaneLoad below_plane{}, this_plane{}, next_plane{};
  fetch(z0 - 1, below_plane);
  fetch(z0, this_plane);
  fetch(z0 + 1, next_plane);
  float4 prev = below_plane.own, curr = this_plane.own;
  if constexpr (ZShared) {
    put(0, below_plane);
    put(1, this_plane);
  } else {
    put(0, this_plane);
  }
  const bool compute = x < g.nx && y < g.ny;
  int b = 0;
  for (int z = z0; z < z_end; ++z) {
    if constexpr (ZShared) put((b + 2) % 4, next_plane);
    __syncthreads();
    const float4 next = next_plane.own;
    if (compute) {
      const int bc = ZShared ? (b + 1) % 4 : b;
      const float4 w4 = plane[bc][ty + 1][tx], e4 = plane[bc][ty + 1][tx + 2];
      const float4 s4 = plane[bc][ty][tx + 1], n4 = plane[bc][ty + 2][tx + 1];
      const float4 c4 = ZShared ? plane[bc][ty + 1][tx + 1] : curr;
      const float4 d4 = ZShared ? plane[b][ty + 1][tx + 1] : prev;
      const float4 u4 = ZShared ? plane[(b + 2) % 4][ty + 1][tx + 1] : next;
      const float c[6] = {w4.w, c4.x, c4.y, c4.z, c4.w, e4.x};
      const float sv[4] = {s4.x, s4.y, s4.z, s4.w}, nv[4] = {n4.x, n4.y, n4.z, n4.w};
      const float d[4] = {d4.x, d4.y, d4.z, d4.w}, u[4] = {u4.x, u4.y, u4.z, u4.w};
      float4 result;
      float* o = &result.x;
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const float nb[6] = {c[i], c[i + 2], sv[i], nv[i], d[i], u[i]};
        o[i] = g.left_alone(x + i, y, z, 1.0f) ? c[i + 1] : update_uniform(c[i + 1], nb, g.r);
      }
      *reinterpret_cast<float4*>(out + g.index(x, y, z)) = result;
    }
    prev = curr, curr = next;
    this_plane = next_plane;
    if constexpr (!ZShared) put(b ^ 1, this_plane);
    if (z + 1 < z_end) fetch(z + 2, next_plane);
    b = ZShared ? (b + 1) % 4 : b ^ 1;
  }
}

template <int BY, int ZC, bool ZShared>
void launch_march_all(const float* in, float* out, const Grid& gr) {
  const GridDesc g = desc(gr);
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + BY - 1) / BY, (g.nz + ZC - 1) / ZC);
  march_all<BY, ZC, ZShared><<<grid, dim3(32, BY)>>>(in, out, g);
}

// PMPP 8.3 in 3D with a wide tile: a block of 32 x BY x BZ threads, four cells of a row each,
// loads its 128 x BY x BZ tile and the halo around it (rows, planes, end cells) into shared
// memory once, one barrier, computes, stores. Every cell; neighbours outside resolved by beside.
template <int BY, int BZ>
__global__ void __launch_bounds__(32 * BY * BZ)
    tiled3d(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  constexpr int kSlots = 34;
  __shared__ float4 tile[BZ + 2][BY + 2][kSlots];
  const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  const int x0 = 128 * blockIdx.x, x = x0 + 4 * tx;
  const int y0 = BY * blockIdx.y, y = y0 + ty;
  const int z0 = BZ * blockIdx.z, z = z0 + tz;
  const int row = g.beside(y, g.ny), pl = g.beside(z, g.nz);
  auto ld4 = [&](int xx, int yy, int zz) {
    return *reinterpret_cast<const float4*>(in + g.index(xx, yy, zz));
  };
  if (x < g.nx) {
    tile[tz + 1][ty + 1][tx + 1] = ld4(x, row, pl);
    if (ty == 0) tile[tz + 1][0][tx + 1] = ld4(x, g.beside(y0 - 1, g.ny), pl);
    if (ty == BY - 1) tile[tz + 1][BY + 1][tx + 1] = ld4(x, g.beside(y0 + BY, g.ny), pl);
    if (tz == 0) tile[0][ty + 1][tx + 1] = ld4(x, row, g.beside(z0 - 1, g.nz));
    if (tz == BZ - 1) tile[BZ + 1][ty + 1][tx + 1] = ld4(x, row, g.beside(z0 + BZ, g.nz));
  } else if (x == g.nx) {
    tile[tz + 1][ty + 1][tx + 1].x = in[g.index(g.beside(x, g.nx), row, pl)];
  }
  if (tx == 0) tile[tz + 1][ty + 1][0].w = in[g.index(g.beside(x0 - 1, g.nx), row, pl)];
  if (tx == 31 && x0 + 128 <= g.nx)
    tile[tz + 1][ty + 1][kSlots - 1].x = in[g.index(g.beside(x0 + 128, g.nx), row, pl)];
  __syncthreads();
  if (x >= g.nx || y >= g.ny || z >= g.nz) return;
  const float4 w4 = tile[tz + 1][ty + 1][tx], e4 = tile[tz + 1][ty + 1][tx + 2];
  const float4 c4 = tile[tz + 1][ty + 1][tx + 1];
  const float4 s4 = tile[tz + 1][ty][tx + 1], n4 = tile[tz + 1][ty + 2][tx + 1];
  const float4 d4 = tile[tz][ty + 1][tx + 1], u4 = tile[tz + 2][ty + 1][tx + 1];
  const float c[6] = {w4.w, c4.x, c4.y, c4.z, c4.w, e4.x};
  const float sv[4] = {s4.x, s4.y, s4.z, s4.w}, nv[4] = {n4.x, n4.y, n4.z, n4.w};
  const float d[4] = {d4.x, d4.y, d4.z, d4.w}, u[4] = {u4.x, u4.y, u4.z, u4.w};
  float4 result;
  float* o = &result.x;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const float nb[6] = {c[i], c[i + 2], sv[i], nv[i], d[i], u[i]};
    o[i] = g.left_alone(x + i, y, z, 1.0f) ? c[i + 1] : update_uniform(c[i + 1], nb, g.r);
  }
  *reinterpret_cast<float4*>(out + g.index(x, y, z)) = result;
}

template <int BY, int BZ>
void launch_tiled3d(const float* in, float* out, const Grid& gr) {
  const GridDesc g = desc(gr);
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + BY - 1) / BY, (g.nz + BZ - 1) / BZ);
  tiled3d<BY, BZ><<<grid, dim3(32, BY, BZ)>>>(in, out, g);
}

void round_5() {
  for (int bound : {kInsulated, kFixed, kPeriodic})
    for (int side : {512, 100}) {
      Case c{};
      c.g = Grid{side, side == 100 ? 60 : side, side == 100 ? 37 : side, 0.1f, bound};
      c.dims = 3, c.P = 7;
      c.n = int64_t(c.g.nx) * c.g.ny * c.g.nz;
      Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
      c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
      ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 13);
      reference(c, 1);
      const float* i = in.as<float>();
      float* o = out.as<float>();
      char name[80];
      std::printf("\n3D %dx%dx%d boundary %d\n", c.g.nx, c.g.ny, c.g.nz, bound);
      row(c, "basic all4", 1, regs_of(basic_all4<7>), [&] { launch_basic_all4<7>(i, o, c.g, 3); });
#define M(BY, ZC, ZS)                                                                    \
  std::snprintf(name, sizeof name, "march all BY=%d ZC=%d zshared=%d", BY, ZC, int(ZS)); \
  row(c, name, 1, regs_of(march_all<BY, ZC, ZS>), [&] { launch_march_all<BY, ZC, ZS>(i, o, c.g); })
#define T(BY, BZ)                                                  \
  std::snprintf(name, sizeof name, "tiled3d BY=%d BZ=%d", BY, BZ); \
  row(c, name, 1, regs_of(tiled3d<BY, BZ>), [&] { launch_tiled3d<BY, BZ>(i, o, c.g); })
      M(4, 32, false);
      M(4, 32, true);
      T(4, 4);
      if (bound == kInsulated && side == 512) {
        M(2, 32, false);
        M(4, 16, false);
        M(4, 64, false);
        M(8, 32, false);
        M(2, 32, true);
        M(4, 16, true);
        M(4, 64, true);
        T(2, 4);
        T(4, 2);
        T(8, 2);
        T(2, 8);
        T(8, 4);
        T(4, 8);
      }
#undef M
#undef T
    }
}

// ---------------------------------------------------------------- round 6: 3D temporal blocking,
// K = 2, in the plane-marching shape. A block of 32 x (BY+2) threads, four cells of a row each,
// owns the 128 x BY output columns x0.., y0.. and marches ZC planes. Warp wy holds row y0-1+wy:
// level 1 (one time step) is computed on rows y0-1 .. y0+BY and columns x0-1 .. x0+128 (lanes 0
// and 31 take the one extra column each), level 2 on the BY inner rows. Per input plane q: the
// input plane goes to shared memory (rows y0-2 .. y0+BY+1, columns x0-4 .. x0+131), level 1 at
// plane q is computed (z neighbours from registers) and goes to shared memory, level 2 at plane
// q-1 is computed and stored. Boundaries by per-thread flags: insulated replaces a neighbour
// outside by the cell, fixed keeps its shell, periodic loads wrapped.
struct Edges {  // a cell's position against the grid's faces
  bool xlo, xhi, ylo, yhi, zlo, zhi;
};

__device__ __forceinline__ float rule_at(float u, float (&nb)[6], const Edges& e, int mode,
                                         float r) {
  if (mode == kInsulated) {
    if (e.xlo) nb[0] = u;
    if (e.xhi) nb[1] = u;
    if (e.ylo) nb[2] = u;
    if (e.yhi) nb[3] = u;
    if (e.zlo) nb[4] = u;
    if (e.zhi) nb[5] = u;
  } else if (mode == kFixed && (e.xlo || e.xhi || e.ylo || e.yhi || e.zlo || e.zhi)) {
    return u;
  }
  return update_uniform(u, nb, r);
}

template <int BY, int ZC>
__global__ void __launch_bounds__(32 * (BY + 2))
    temporal_march2(const float* __restrict__ in, float* __restrict__ out, Grid g) {
  constexpr int kSlots = 34;
  __shared__ float4 in_s[2][BY + 4][kSlots];
  __shared__ float4 l1_s[2][BY + 2][kSlots];
  const int tx = threadIdx.x, wy = threadIdx.y;
  const int x0 = 128 * blockIdx.x, x = x0 + 4 * tx;
  const int y0 = BY * blockIdx.y, y = y0 - 1 + wy;  // this warp's row (level 1)
  const int z0 = ZC * blockIdx.z, z_end = min(z0 + ZC, g.nz);
  const int mode = g.bound;
  auto fix = [&](int v, int n) {  // any v in [-4, n+3]: wrapped or clamped
    if (mode == kPeriodic) return v < 0 ? v + n : v >= n ? v - n : v;
    return v < 0 ? 0 : v >= n ? n - 1 : v;
  };
  const int64_t plane = int64_t(g.nx) * g.ny;
  // A float4 group of 4 cells starting at xs (a multiple of 4) of row ys: wrapped or clamped as
  // a whole (junk outside a non-periodic grid is never used).
  auto ld4 = [&](int xs, int ys, int zs) {
    const int xg = fix(xs, g.nx) & ~3;
    return *reinterpret_cast<const float4*>(in + fix(zs, g.nz) * plane +
                                            int64_t(fix(ys, g.ny)) * g.nx + xg);
  };
  const bool own = x < g.nx;
  const bool extra_row = wy == 0 || wy == BY + 1;  // also loads row y0-2 or y0+BY+1
  const int y_extra = wy == 0 ? y0 - 2 : y0 + BY + 1;
  const int sr_extra = wy == 0 ? 0 : BY + 3;  // its shared row
  const bool left = tx == 0, right = tx == 31;
  struct Loads {
    float4 own, extra, l, r, el, er;  // el/er: the extra row's halo groups
  };
  auto fetch = [&](int q, Loads& L) {
    if (own) L.own = ld4(x, y, q);
    if (extra_row && own) L.extra = ld4(x, y_extra, q);
    if (left) {
      L.l = ld4(x0 - 4, y, q);
      if (extra_row) L.el = ld4(x0 - 4, y_extra, q);
    }
    if (right) {
      L.r = ld4(x0 + 128, y, q);
      if (extra_row) L.er = ld4(x0 + 128, y_extra, q);
    }
  };
  // cell flags
  Edges cell[4], cl{}, cr{};
  const bool in_y = true;
  (void)in_y;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    cell[i] = {x + i == 0, x + i == g.nx - 1, y == 0, y == g.ny - 1, false, false};
  cl = {x0 - 1 == 0, x0 - 1 == g.nx - 1, y == 0, y == g.ny - 1, false, false};
  cr = {x0 + 128 == 0, x0 + 128 == g.nx - 1, y == 0, y == g.ny - 1, false, false};

  Loads prev{}, cur{}, next{};
  const int q_first = z0 - 1;  // level 1 from plane z0-1 to z_end
  fetch(q_first - 1, prev);
  fetch(q_first, cur);
  fetch(q_first + 1, next);
  float4 l1_prev{}, l1_cur{};
  int b = 0;
  for (int q = q_first; q <= z_end; ++q) {
    const bool zlo = q == 0, zhi = q == g.nz - 1;
    in_s[b][wy + 1][tx + 1] = cur.own;
    if (extra_row) in_s[b][sr_extra][tx + 1] = cur.extra;
    if (left) {
      in_s[b][wy + 1][0] = cur.l;
      if (extra_row) in_s[b][sr_extra][0] = cur.el;
    }
    if (right) {
      in_s[b][wy + 1][kSlots - 1] = cur.r;
      if (extra_row) in_s[b][sr_extra][kSlots - 1] = cur.er;
    }
    __syncthreads();
    // level 1 at plane q, own cells of row y
    float4 l1_new;
    {
      const float4 w4 = in_s[b][wy + 1][tx], e4 = in_s[b][wy + 1][tx + 2];
      const float4 s4 = in_s[b][wy][tx + 1], n4 = in_s[b][wy + 2][tx + 1];
      const float4 c4 = cur.own, d4 = prev.own, u4 = next.own;
      const float c[6] = {w4.w, c4.x, c4.y, c4.z, c4.w, e4.x};
      const float sv[4] = {s4.x, s4.y, s4.z, s4.w}, nv[4] = {n4.x, n4.y, n4.z, n4.w};
      const float d[4] = {d4.x, d4.y, d4.z, d4.w}, u[4] = {u4.x, u4.y, u4.z, u4.w};
      float* o = &l1_new.x;
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        float nb[6] = {c[i], c[i + 2], sv[i], nv[i], d[i], u[i]};
        Edges e = cell[i];
        e.zlo = zlo, e.zhi = zhi;
        o[i] = rule_at(c[i + 1], nb, e, mode, g.r);
      }
    }
    float l1_side = 0.0f;  // lane 0: column x0-1; lane 31: column x0+128
    if (left) {
      float nb[6] = {cur.l.z,  cur.own.x, in_s[b][wy][0].w, in_s[b][wy + 2][0].w,
                     prev.l.w, next.l.w};
      Edges e = cl;
      e.zlo = zlo, e.zhi = zhi;
      l1_side = rule_at(cur.l.w, nb, e, mode, g.r);
    }
    if (right) {
      float nb[6] = {cur.own.w, cur.r.y, in_s[b][wy][kSlots - 1].x, in_s[b][wy + 2][kSlots - 1].x,
                     prev.r.x,  next.r.x};
      Edges e = cr;
      e.zlo = zlo, e.zhi = zhi;
      l1_side = rule_at(cur.r.x, nb, e, mode, g.r);
    }
    l1_s[b][wy][tx + 1] = l1_new;
    if (left) l1_s[b][wy][0].w = l1_side;
    if (right) l1_s[b][wy][kSlots - 1].x = l1_side;
    __syncthreads();
    // level 2 at plane q-1 (inner rows)
    const int p = q - 1;
    if (p >= z0 && wy >= 1 && wy <= BY && own && y < g.ny) {
      const int bb = b ^ 1;
      const float4 w4 = l1_s[bb][wy][tx], e4 = l1_s[bb][wy][tx + 2];
      const float4 s4 = l1_s[bb][wy - 1][tx + 1], n4 = l1_s[bb][wy + 1][tx + 1];
      const float4 c4 = l1_cur, d4 = l1_prev, u4 = l1_new;
      const float c[6] = {w4.w, c4.x, c4.y, c4.z, c4.w, e4.x};
      const float sv[4] = {s4.x, s4.y, s4.z, s4.w}, nv[4] = {n4.x, n4.y, n4.z, n4.w};
      const float d[4] = {d4.x, d4.y, d4.z, d4.w}, u[4] = {u4.x, u4.y, u4.z, u4.w};
      float4 res;
      float* o = &res.x;
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        float nb[6] = {c[i], c[i + 2], sv[i], nv[i], d[i], u[i]};
        Edges e = cell[i];
        e.zlo = p == 0, e.zhi = p == g.nz - 1;
        o[i] = rule_at(c[i + 1], nb, e, mode, g.r);
      }
      *reinterpret_cast<float4*>(out + p * plane + int64_t(y) * g.nx + x) = res;
    }
    prev = cur, cur = next;
    if (q + 2 <= z_end + 1) fetch(q + 2, next);
    l1_prev = l1_cur, l1_cur = l1_new;
    b ^= 1;
  }
}

template <int BY, int ZC>
void launch_temporal_march2(const float* in, float* out, const Grid& g) {
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + BY - 1) / BY, (g.nz + ZC - 1) / ZC);
  temporal_march2<BY, ZC><<<grid, dim3(32, BY + 2)>>>(in, out, g);
}

template <int BY, int ZC, int MinBlocks>
__global__ void __launch_bounds__(32 * (BY + 2), MinBlocks)
    temporal_march2b(const float* __restrict__ in, float* __restrict__ out, Grid g) {
  constexpr int kSlots = 34;
  __shared__ float4 in_s[2][BY + 4][kSlots];
  __shared__ float4 l1_s[2][BY + 2][kSlots];
  const int tx = threadIdx.x, wy = threadIdx.y;
  const int x0 = 128 * blockIdx.x, x = x0 + 4 * tx;
  const int y0 = BY * blockIdx.y, y = y0 - 1 + wy;  // this warp's row (level 1)
  const int z0 = ZC * blockIdx.z, z_end = min(z0 + ZC, g.nz);
  const int mode = g.bound;
  auto fix = [&](int v, int n) {  // any v in [-4, n+3]: wrapped or clamped
    if (mode == kPeriodic) return v < 0 ? v + n : v >= n ? v - n : v;
    return v < 0 ? 0 : v >= n ? n - 1 : v;
  };
  const int64_t plane = int64_t(g.nx) * g.ny;
  // A float4 group of 4 cells starting at xs (a multiple of 4) of row ys: wrapped or clamped as
  // a whole (junk outside a non-periodic grid is never used).
  auto ld4 = [&](int xs, int ys, int zs) {
    const int xg = fix(xs, g.nx) & ~3;
    return *reinterpret_cast<const float4*>(in + fix(zs, g.nz) * plane +
                                            int64_t(fix(ys, g.ny)) * g.nx + xg);
  };
  const bool own = x < g.nx;
  const bool extra_row = wy == 0 || wy == BY + 1;  // also loads row y0-2 or y0+BY+1
  const int y_extra = wy == 0 ? y0 - 2 : y0 + BY + 1;
  const int sr_extra = wy == 0 ? 0 : BY + 3;  // its shared row
  const bool left = tx == 0, right = tx == 31;
  struct Loads {
    float4 own, extra;
    float2 l, r, el, er;  // columns x0-2, x0-1 and x0+128, x0+129 (el/er: the extra row's)
  };
  auto ld2 = [&](int xs, int ys, int zs) {  // xs even: the pair xs, xs+1 (wrapped or clamped)
    const int xa = fix(xs, g.nx), xb = fix(xs + 1, g.nx);
    const float* rowp = in + fix(zs, g.nz) * plane + int64_t(fix(ys, g.ny)) * g.nx;
    if (xb == xa + 1) return *reinterpret_cast<const float2*>(rowp + xa);
    return make_float2(rowp[xa], rowp[xb]);
  };
  auto fetch = [&](int q, Loads& L) {
    if (own) L.own = ld4(x, y, q);
    if (extra_row && own) L.extra = ld4(x, y_extra, q);
    if (left) {
      L.l = ld2(x0 - 2, y, q);
      if (extra_row) L.el = ld2(x0 - 2, y_extra, q);
    }
    if (right) {
      L.r = ld2(x0 + 128, y, q);
      if (extra_row) L.er = ld2(x0 + 128, y_extra, q);
    }
  };
  // cell flags
  Edges cell[4], cl{}, cr{};
  const bool in_y = true;
  (void)in_y;
#pragma unroll
  for (int i = 0; i < 4; ++i)
    cell[i] = {x + i == 0, x + i == g.nx - 1, y == 0, y == g.ny - 1, false, false};
  cl = {x0 - 1 == 0, x0 - 1 == g.nx - 1, y == 0, y == g.ny - 1, false, false};
  cr = {x0 + 128 == 0, x0 + 128 == g.nx - 1, y == 0, y == g.ny - 1, false, false};

  Loads prev{}, cur{}, next{};
  const int q_first = z0 - 1;  // level 1 from plane z0-1 to z_end
  fetch(q_first - 1, prev);
  fetch(q_first, cur);
  fetch(q_first + 1, next);
  float4 l1_prev{}, l1_cur{};
  int b = 0;
  for (int q = q_first; q <= z_end; ++q) {
    const bool zlo = q == 0, zhi = q == g.nz - 1;
    in_s[b][wy + 1][tx + 1] = cur.own;
    if (extra_row) in_s[b][sr_extra][tx + 1] = cur.extra;
    if (left) {
      in_s[b][wy + 1][0].z = cur.l.x, in_s[b][wy + 1][0].w = cur.l.y;
      if (extra_row) in_s[b][sr_extra][0].z = cur.el.x, in_s[b][sr_extra][0].w = cur.el.y;
    }
    if (right) {
      in_s[b][wy + 1][kSlots - 1].x = cur.r.x, in_s[b][wy + 1][kSlots - 1].y = cur.r.y;
      if (extra_row)
        in_s[b][sr_extra][kSlots - 1].x = cur.er.x, in_s[b][sr_extra][kSlots - 1].y = cur.er.y;
    }
    __syncthreads();
    // level 1 at plane q, own cells of row y
    float4 l1_new;
    {
      const float4 w4 = in_s[b][wy + 1][tx], e4 = in_s[b][wy + 1][tx + 2];
      const float4 s4 = in_s[b][wy][tx + 1], n4 = in_s[b][wy + 2][tx + 1];
      const float4 c4 = cur.own, d4 = prev.own, u4 = next.own;
      const float c[6] = {w4.w, c4.x, c4.y, c4.z, c4.w, e4.x};
      const float sv[4] = {s4.x, s4.y, s4.z, s4.w}, nv[4] = {n4.x, n4.y, n4.z, n4.w};
      const float d[4] = {d4.x, d4.y, d4.z, d4.w}, u[4] = {u4.x, u4.y, u4.z, u4.w};
      float* o = &l1_new.x;
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        float nb[6] = {c[i], c[i + 2], sv[i], nv[i], d[i], u[i]};
        Edges e = cell[i];
        e.zlo = zlo, e.zhi = zhi;
        o[i] = rule_at(c[i + 1], nb, e, mode, g.r);
      }
    }
    float l1_side = 0.0f;  // lane 0: column x0-1; lane 31: column x0+128
    if (left) {
      float nb[6] = {cur.l.x,  cur.own.x, in_s[b][wy][0].w, in_s[b][wy + 2][0].w,
                     prev.l.y, next.l.y};
      Edges e = cl;
      e.zlo = zlo, e.zhi = zhi;
      l1_side = rule_at(cur.l.y, nb, e, mode, g.r);
    }
    if (right) {
      float nb[6] = {cur.own.w, cur.r.y, in_s[b][wy][kSlots - 1].x, in_s[b][wy + 2][kSlots - 1].x,
                     prev.r.x,  next.r.x};
      Edges e = cr;
      e.zlo = zlo, e.zhi = zhi;
      l1_side = rule_at(cur.r.x, nb, e, mode, g.r);
    }
    l1_s[b][wy][tx + 1] = l1_new;
    if (left) l1_s[b][wy][0].w = l1_side;
    if (right) l1_s[b][wy][kSlots - 1].x = l1_side;
    __syncthreads();
    // level 2 at plane q-1 (inner rows)
    const int p = q - 1;
    if (p >= z0 && wy >= 1 && wy <= BY && own && y < g.ny) {
      const int bb = b ^ 1;
      const float4 w4 = l1_s[bb][wy][tx], e4 = l1_s[bb][wy][tx + 2];
      const float4 s4 = l1_s[bb][wy - 1][tx + 1], n4 = l1_s[bb][wy + 1][tx + 1];
      const float4 c4 = l1_cur, d4 = l1_prev, u4 = l1_new;
      const float c[6] = {w4.w, c4.x, c4.y, c4.z, c4.w, e4.x};
      const float sv[4] = {s4.x, s4.y, s4.z, s4.w}, nv[4] = {n4.x, n4.y, n4.z, n4.w};
      const float d[4] = {d4.x, d4.y, d4.z, d4.w}, u[4] = {u4.x, u4.y, u4.z, u4.w};
      float4 res;
      float* o = &res.x;
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        float nb[6] = {c[i], c[i + 2], sv[i], nv[i], d[i], u[i]};
        Edges e = cell[i];
        e.zlo = p == 0, e.zhi = p == g.nz - 1;
        o[i] = rule_at(c[i + 1], nb, e, mode, g.r);
      }
      *reinterpret_cast<float4*>(out + p * plane + int64_t(y) * g.nx + x) = res;
    }
    prev = cur, cur = next;
    if (q + 2 <= z_end + 1) fetch(q + 2, next);
    l1_prev = l1_cur, l1_cur = l1_new;
    b ^= 1;
  }
}

template <int BY, int ZC, int MinBlocks>
void launch_temporal_march2b(const float* in, float* out, const Grid& g) {
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + BY - 1) / BY, (g.nz + ZC - 1) / ZC);
  temporal_march2b<BY, ZC, MinBlocks><<<grid, dim3(32, BY + 2)>>>(in, out, g);
}

void round_7() {
  for (int bound : {kInsulated, kFixed, kPeriodic}) {
    Case c{};
    c.g = Grid{512, 512, 512, 0.1f, bound};
    c.dims = 3, c.P = 7;
    c.n = int64_t(c.g.nx) * c.g.ny * c.g.nz;
    Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
    c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
    ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 19);
    reference(c, 2);
    const float* i = in.as<float>();
    float* o = out.as<float>();
    char name[80];
    std::printf("\n3D 512^3 boundary %d, two steps a launch, fewer registers\n", bound);
#define TB(BY, ZC, MB)                                                                           \
  std::snprintf(name, sizeof name, "temporal march2b K=2 BY=%d ZC=%d minblocks=%d", BY, ZC, MB); \
  row(c, name, 2, regs_of(temporal_march2b<BY, ZC, MB>),                                         \
      [&] { launch_temporal_march2b<BY, ZC, MB>(i, o, c.g); })
    TB(6, 32, 1);
    if (bound != kInsulated) continue;
    TB(6, 32, 3);
    TB(6, 32, 4);
    TB(8, 32, 1);
    TB(8, 32, 2);
    TB(8, 32, 3);
    TB(6, 64, 3);
    TB(14, 32, 1);
    TB(14, 32, 2);
    TB(4, 32, 4);
#undef TB
  }
}

void round_6() {
  for (int bound : {kInsulated, kFixed, kPeriodic})
    for (int side : {512, 100}) {
      Case c{};
      c.g = Grid{side, side == 100 ? 60 : side, side == 100 ? 37 : side, 0.1f, bound};
      c.dims = 3, c.P = 7;
      c.n = int64_t(c.g.nx) * c.g.ny * c.g.nz;
      Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
      c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
      ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 17);
      reference(c, 2);
      const float* i = in.as<float>();
      float* o = out.as<float>();
      char name[80];
      std::printf("\n3D %dx%dx%d boundary %d, two steps a launch\n", c.g.nx, c.g.ny, c.g.nz, bound);
#define TM(BY, ZC)                                                            \
  std::snprintf(name, sizeof name, "temporal march K=2 BY=%d ZC=%d", BY, ZC); \
  row(c, name, 2, regs_of(temporal_march2<BY, ZC>),                           \
      [&] { launch_temporal_march2<BY, ZC>(i, o, c.g); })
      TM(6, 32);
      if (bound == kInsulated && side == 512) {
        TM(2, 32);
        TM(4, 32);
        TM(8, 32);
        TM(6, 16);
        TM(6, 64);
        TM(14, 32);
      }
#undef TM
    }
}

// ---------------------------------------------------------------- round 8: 2D shared tiling with
// a wide tile (PMPP 8.3): a block of 32 x BY threads, four cells of a row each, loads its 128 x BY
// tile and the halo around it into shared memory, one barrier, computes. 5- and 9-point; the
// boundary by per-cell flags (insulated: a neighbour outside is the cell; fixed: the ring keeps
// its value; periodic: loads wrapped).
template <int P, int BY>
__global__ void __launch_bounds__(32 * BY)
    tiled2d(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  constexpr int kSlots = 34, N = P - 1;
  __shared__ float4 tile[BY + 2][kSlots];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = 128 * blockIdx.x, x = x0 + 4 * tx;
  const int y0 = BY * blockIdx.y, y = y0 + ty;
  const int row = g.beside(y, g.ny);
  auto load4 = [&](int xx, int yy) {
    return *reinterpret_cast<const float4*>(in + g.index(xx, yy, 0));
  };
  const int row_above = g.beside(y0 - 1, g.ny), row_below = g.beside(y0 + BY, g.ny);
  const int col_left = g.beside(x0 - 1, g.nx), col_right = g.beside(x0 + 128, g.nx);
  if (x < g.nx) {
    tile[ty + 1][tx + 1] = load4(x, row);
    if (ty == 0) tile[0][tx + 1] = load4(x, row_above);
    if (ty == BY - 1) tile[BY + 1][tx + 1] = load4(x, row_below);
  } else if (x == g.nx) {
    tile[ty + 1][tx + 1].x = in[g.index(g.beside(x, g.nx), row, 0)];
    if (P == 9 && ty == 0) tile[0][tx + 1].x = in[g.index(g.beside(x, g.nx), row_above, 0)];
    if (P == 9 && ty == BY - 1)
      tile[BY + 1][tx + 1].x = in[g.index(g.beside(x, g.nx), row_below, 0)];
  }
  if (tx == 0) {
    tile[ty + 1][0].w = in[g.index(col_left, row, 0)];
    if (P == 9 && ty == 0) tile[0][0].w = in[g.index(col_left, row_above, 0)];
    if (P == 9 && ty == BY - 1) tile[BY + 1][0].w = in[g.index(col_left, row_below, 0)];
  }
  if (tx == 31 && x0 + 128 <= g.nx) {
    tile[ty + 1][kSlots - 1].x = in[g.index(col_right, row, 0)];
    if (P == 9 && ty == 0) tile[0][kSlots - 1].x = in[g.index(col_right, row_above, 0)];
    if (P == 9 && ty == BY - 1) tile[BY + 1][kSlots - 1].x = in[g.index(col_right, row_below, 0)];
  }
  __syncthreads();
  if (x >= g.nx || y >= g.ny) return;
  float r[3][6];  // rows y-1, y, y+1; columns x-1 .. x+4
#pragma unroll
  for (int k = 0; k < 3; ++k) {
    const float4 w4 = tile[ty + k][tx], c4 = tile[ty + k][tx + 1], e4 = tile[ty + k][tx + 2];
    r[k][0] = w4.w, r[k][1] = c4.x, r[k][2] = c4.y, r[k][3] = c4.z, r[k][4] = c4.w, r[k][5] = e4.x;
  }
  const bool insulated = g.boundary == ws::stencil::Boundary::Insulated;
  const bool ylo = y == 0, yhi = y == g.ny - 1;
  float4 result;
  float* o = &result.x;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const float u = r[1][i + 1];
    const bool xlo = x + i == 0, xhi = x + i == g.nx - 1;
    float nb[N];
    nb[0] = r[1][i], nb[1] = r[1][i + 2], nb[2] = r[0][i + 1], nb[3] = r[2][i + 1];
    if constexpr (P == 9)
      nb[4] = r[0][i], nb[5] = r[0][i + 2], nb[6] = r[2][i], nb[7] = r[2][i + 2];
    if (insulated) {
      if (xlo) nb[0] = u;
      if (xhi) nb[1] = u;
      if (ylo) nb[2] = u;
      if (yhi) nb[3] = u;
      if constexpr (P == 9) {
        if (xlo || ylo) nb[4] = u;
        if (xhi || ylo) nb[5] = u;
        if (xlo || yhi) nb[6] = u;
        if (xhi || yhi) nb[7] = u;
      }
    }
    o[i] = g.left_alone(x + i, y, 0, 1.0f) ? u : update_uniform(u, nb, g.r);
  }
  *reinterpret_cast<float4*>(out + g.index(x, y, 0)) = result;
}

template <int P, int BY>
void launch_tiled2d(const float* in, float* out, const Grid& gr) {
  GridDesc g = desc(gr);
  g.dims = 2;
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + BY - 1) / BY);
  tiled2d<P, BY><<<grid, dim3(32, BY)>>>(in, out, g);
}

void round_8() {
  for (int bound : {kInsulated, kFixed, kPeriodic})
    for (int P : {5, 9}) {
      Case c{};
      c.g = Grid{1000, 777, 1, P == 9 ? 0.3f : 0.2f, bound};
      c.dims = 2, c.P = P;
      c.n = int64_t(c.g.nx) * c.g.ny;
      Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
      c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
      ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 23);
      reference(c, 1);
      char name[80];
      std::snprintf(name, sizeof name, "check 1000x777 tiled2d P=%d bound=%d", P, bound);
      if (P == 9)
        row(c, name, 1, regs_of(tiled2d<9, 8>),
            [&] { launch_tiled2d<9, 8>(in.as<float>(), out.as<float>(), c.g); });
      else
        row(c, name, 1, regs_of(tiled2d<5, 8>),
            [&] { launch_tiled2d<5, 8>(in.as<float>(), out.as<float>(), c.g); });
    }
  for (int side : {4096, 8192})
    for (int P : {5, 9}) {
      Case c{};
      c.g = Grid{side, side, 1, 0.2f, kInsulated};
      c.dims = 2, c.P = P;
      c.n = int64_t(side) * side;
      Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
      c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
      ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 29);
      reference(c, 1);
      const float* i = in.as<float>();
      float* o = out.as<float>();
      char name[80];
      std::printf("\n2D %d^2 %d-point, one step\n", side, P);
      if (P == 5)
        row(c, "basic all4", 1, regs_of(basic_all4<5>),
            [&] { launch_basic_all4<5>(i, o, c.g, 2); });
#define T2(BY)                                                                           \
  std::snprintf(name, sizeof name, "tiled2d BY=%d", BY);                                 \
  if (P == 9)                                                                            \
    row(c, name, 1, regs_of(tiled2d<9, BY>), [&] { launch_tiled2d<9, BY>(i, o, c.g); }); \
  else                                                                                   \
    row(c, name, 1, regs_of(tiled2d<5, BY>), [&] { launch_tiled2d<5, BY>(i, o, c.g); })
      T2(4);
      T2(8);
      T2(16);
      T2(32);
#undef T2
    }
}

// ---------------------------------------------------------------- round 9: the app's streaming
// kernels (built with -DSTENCIL_FAST_SOURCE='"stencil/stencil_fast.cu"'), timed and checked here.
void round_9() {
#ifdef STENCIL_FAST_SOURCE
#ifndef ROUND9_MAX_K
#define ROUND9_MAX_K 4
#endif
  constexpr int kRound9MaxK = ROUND9_MAX_K;
  using ws::stencil::Params;
  for (int side : {4096, 8192})
    for (int P : {5, 9}) {
      Case c{};
      c.g = Grid{side, side, 1, 0.2f, kInsulated};
      c.dims = 2, c.P = P;
      c.n = int64_t(side) * side;
      Dev in(c.n * 4), out(c.n * 4), ref(c.n * 4), tmp(c.n * 4);
      c.in = &in, c.out = &out, c.ref = &ref, c.tmp = &tmp;
      ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), c.n, 31);
      std::printf("\napp kernels, 2D %d^2 %d-point\n", side, P);
      for (int K = 1; K <= kRound9MaxK; ++K) {
        reference(c, K);
        Params p;
        p.dim = 2, p.nx = side, p.ny = side, p.nz = 1;
        p.shape = P == 9 ? ws::stencil::Shape::Nine : ws::stencil::Shape::Five;
        p.boundary = ws::stencil::Boundary::Insulated, p.r = 0.2f;
        p.variant = ws::stencil::Variant::TemporalBlocked, p.steps_per_launch = K;
        char name[80];
        std::snprintf(name, sizeof name, "app temporal warp K=%d", K);
        row(c, name, K, 0, [&] {
          ws::stencil::detail::launch_streaming(p, in.as<float>(), out.as<float>(), nullptr, K);
        });
      }
    }
#endif
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::atoi(argv[1]);
  const int round = argc > 2 ? std::atoi(argv[2]) : 0;
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, %d SMs\n", prop.name, prop.multiProcessorCount);
  measure_copy();
  if (round == 0 || round == 1) round_3d(512);
  if (round == 0 || round == 2) {
    round_2d_checks();
    round_2d(4096, kInsulated);
    round_2d(8192, kInsulated);
  }
  if (round == 4) round_4();
  if (round == 5) round_5();
  if (round == 6) round_6();
  if (round == 7) round_7();
  if (round == 8) round_8();
  if (round == 9) round_9();
  if (round == 3) {
    round_3d_temporal(512, kInsulated);
    round_3d_temporal(100, kInsulated);
    round_3d_temporal(100, kFixed);
    round_3d_temporal(100, kPeriodic);
    round_2d_small(4096);
    round_2d_small(8192);
  }
  measure_copy();
  return 0;
}
