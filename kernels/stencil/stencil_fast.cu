// Fast-mode kernels of the heat stencil that stream: each is the same algorithm as its variant's
// teach kernel in stencil.cu, in a shape wide enough for a big grid. They use the rule of
// stencil_rule.h in the same neighbour order (W E S N, then down up or SW SE NW NE), so their
// fields are bit for bit those of the CPU twins. n cells, K time steps per launch.
//   basic, 3D           Four neighbouring cells of a row a thread (16-byte loads of the rows
//                       y-1, y, y+1 and the planes z-1, z+1), every cell of the grid in one
//                       launch: a neighbour one cell outside is the edge cell itself (insulated)
//                       or wrapped (periodic); a fixed grid's shell keeps its value. Work O(7n)
//                       per time step, 1 step. (2D keeps stencil.cu's interior + border launches.)
//   shared-tiled, 2D    PMPP 8.3 with a wide tile: a block of 32 x 4 threads, four cells of a
//                       row each, loads its 128 x 4 tile and the rows and end cells around it into
//                       shared memory, one barrier, computes (5- and 9-point). Work O(P n);
//                       2 steps. Loads (130 x 6) / (128 x 4) = 1.5x the outputs.
//   shared-tiled, 3D    PMPP 8.3 with a wide tile: a block of 32 x 4 x 2 threads, four cells of
//                       a row each, loads its 128 x 4 x 2 tile and the halo around it (rows,
//                       planes, end cells) into shared memory, one barrier, computes. Work
//                       O(7n); 2 steps: load, compute. Loads (130 x 6 x 4) / (128 x 4 x 2) = 3x
//                       the outputs, most of them hits in the L2.
//   coarsened-z         A block of 32 x 4 threads, four cells of a row each, owns a 128-wide tile
//                       of rows and marches 32 planes along z, the planes z-1, z, z+1 and their
//                       halo in a ring of four in shared memory (one barrier a plane), the plane 3
//                       ahead prefetched into the L2. Work O(7n) per time step; steps: 1 + the
//                       planes marched.
//   register-tiled      A thread owns four cells of a row and marches 32 planes along z, the
//                       planes z-1, z, z+1 of its cells in registers and plane z+2's loads in
//                       flight; west and east come from the neighbouring lanes (shuffles), the
//                       rows y-1 and y+1 are loads the warps of those rows bring into the L1; the
//                       plane 4 ahead is prefetched into the L2. No shared memory, no barrier.
//                       92% of the copy bandwidth at 512^3 on an H200 (basic: 82%). Work O(7n)
//                       per time step; steps: 1 + the planes marched.
// All of them take every cell: neighbours outside the grid resolve as basic's do (beside; the
// 9-point diagonals by the cell's own flags).
//   temporal-blocked    2D, no materials, 5-point any K, 9-point K <= 4: a warp owns a tile 32
//                       columns wide and SH rows tall (SH = 24 for K = 3, 4, else 32) with its
//                       halo K wide. Lane i
//                       keeps column i in registers; a sub-step walks the rows, takes west and
//                       east from the neighbouring lanes (shuffles) and south and north from its
//                       own registers. After K sub-steps the inner (32-2K) x (SH-2K) cells are
//                       exact and stored. No shared memory, no barriers. Work per launch
//                       O(n P 32 SH / ((32-2K)(SH-2K))) for K time steps; K + 2 steps.
#include <cuda_runtime.h>

#include "../common/cuda_check.cuh"
#include "stencil_device.cuh"
#include "stencil_launch.h"
#include "stencil_rule.h"

namespace ws::stencil::detail {

namespace {

// ------------------------------------------------------------------------- basic, 3D, all cells
__device__ inline float4 load4(const float* p) {  // p: 16-byte aligned
  return *reinterpret_cast<const float4*>(p);
}
__device__ void load4(const float* __restrict__ a, int first, float* v) {
  const float4 q = load4(a + first);  // `first` is a multiple of 4
  v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
}

// The seven-point neighbourhood of the cells x .. x+3 of row y, plane z, from one array (field
// or material): a neighbour outside the grid is resolved by GridDesc::beside.
struct Around4 {
  float row[3][6];       // rows y-1, y, y+1; columns x-1 .. x+4 (only row y uses the ends)
  float down[4], up[4];  // planes z-1 and z+1

  __device__ void load(const float* __restrict__ a, int x, int y, int z, const GridDesc& g) {
    const int ys = g.beside(y - 1, g.ny), yn = g.beside(y + 1, g.ny);
    load4(a, g.index(x, ys, z), &row[0][1]);
    load4(a, g.index(x, y, z), &row[1][1]);
    load4(a, g.index(x, yn, z), &row[2][1]);
    row[1][0] = a[g.index(g.beside(x - 1, g.nx), y, z)];
    row[1][5] = a[g.index(g.beside(x + 4, g.nx), y, z)];
    load4(a, g.index(x, y, g.beside(z - 1, g.nz)), down);
    load4(a, g.index(x, y, g.beside(z + 1, g.nz)), up);
  }
  __device__ float centre(int i) const { return row[1][i + 1]; }
  __device__ void neighbours(int i, float (&nb)[6]) const {  // W E S N down up
    nb[0] = row[1][i], nb[1] = row[1][i + 2], nb[2] = row[0][i + 1], nb[3] = row[2][i + 1];
    nb[4] = down[i], nb[5] = up[i];
  }
};

template <bool Materials>
__global__ void stencil_basic_all4_3d(const float* __restrict__ in, float* __restrict__ out,
                                      const float* __restrict__ material, GridDesc g) {
  const int x = 4 * static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  const int z = static_cast<int>(blockIdx.z);
  if (x >= g.nx || y >= g.ny) return;
  Around4 u;
  u.load(in, x, y, z, g);
  Around4 m;
  if constexpr (Materials) m.load(material, x, y, z, g);
  float4 result;
  float* o = &result.x;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const float mc = Materials ? m.centre(i) : 1.0f;
    float nb[6];
    u.neighbours(i, nb);
    if (g.left_alone(x + i, y, z, mc)) {
      o[i] = u.centre(i);  // the fixed shell and pinned cells keep their value
    } else if constexpr (Materials) {
      float nm[6];
      m.neighbours(i, nm);
      o[i] = update_materials(u.centre(i), mc, nb, nm, g.r);
    } else {
      o[i] = update_uniform(u.centre(i), nb, g.r);
    }
  }
  *reinterpret_cast<float4*>(out + g.index(x, y, z)) = result;
}

void launch_basic_all4_3d(const float* in, float* out, const float* material, const GridDesc& g,
                          bool materials) {
  const dim3 block(32, 8), grid((g.nx / 4 + 31) / 32, (g.ny + 7) / 8, g.nz);
  if (materials)
    stencil_basic_all4_3d<true><<<grid, block>>>(in, out, material, g);
  else
    stencil_basic_all4_3d<false><<<grid, block>>>(in, out, material, g);
  WS_CUDA_CHECK_LAUNCH();
}

// The 7-point update of the four cells x .. x+3 of row y, plane z, from their neighbourhood as
// float4 groups: c4 the cells, w4.w and e4.x the cells west and east of them, s4 n4 the rows y-1
// and y+1, d4 u4 the planes z-1 and z+1. A fixed grid's shell keeps its value.
__device__ float4 update_four_7(const GridDesc& g, int x, int y, int z, float4 w4, float4 c4,
                                float4 e4, float4 s4, float4 n4, float4 d4, float4 u4) {
  const float c[6] = {w4.w, c4.x, c4.y, c4.z, c4.w, e4.x};
  const float s[4] = {s4.x, s4.y, s4.z, s4.w}, n[4] = {n4.x, n4.y, n4.z, n4.w};
  const float d[4] = {d4.x, d4.y, d4.z, d4.w}, u[4] = {u4.x, u4.y, u4.z, u4.w};
  float4 result;
  float* o = &result.x;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const float nb[6] = {c[i], c[i + 2], s[i], n[i], d[i], u[i]};
    o[i] = g.left_alone(x + i, y, z, 1.0f) ? c[i + 1] : update_uniform(c[i + 1], nb, g.r);
  }
  return result;
}

// L2 prefetch of one address's line: the marching kernels ask for the plane a few ahead, so its
// DRAM read is under way while the planes before it are computed (no register held for it).
__device__ inline void prefetch_l2(const float* p) {
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
}

// ------------------------------------------------------------- coarsened-z: plane marching
constexpr int kMarchPlanes = 32;  // planes a block marches along z

// One plane's values a thread loads: its four cells, the rows above and below the tile (first
// and last warp), the cells left and right of its row (first and last lane).
struct PlaneLoad {
  float4 own, above, below;
  float left, right;
};

// Prefetch: the plane that many ahead of the one loaded goes into the L2 first (0: none).
template <int BY, int Prefetch>
__global__ void __launch_bounds__(32 * BY)
    stencil_march(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  constexpr int kSlots = 34;                   // float4 slots of a row: left halo, 32, right halo
  __shared__ float4 plane[4][BY + 2][kSlots];  // planes z-1 .. z+2, a ring
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = 128 * blockIdx.x, x = x0 + 4 * tx;
  const int y0 = BY * blockIdx.y, y = y0 + ty;
  const int z0 = kMarchPlanes * blockIdx.z, z_end = min(z0 + kMarchPlanes, g.nz);
  // Rows and columns one outside the tile or grid resolve as a neighbour outside the grid does.
  const int row = g.beside(y, g.ny);  // y = ny: the row below the last one
  const int row_above = g.beside(y0 - 1, g.ny), row_below = g.beside(y0 + BY, g.ny);
  const bool do_above = ty == 0 && x < g.nx, do_below = ty == BY - 1 && x < g.nx;
  const int x_right = x0 + 128;
  const bool do_left = tx == 0, do_right = tx == 31 && x_right <= g.nx;
  const int col_left = g.beside(x0 - 1, g.nx), col_right = g.beside(x_right, g.nx);

  auto fetch = [&](int z, PlaneLoad& p) {
    const int zs = g.beside(z, g.nz);
    if (Prefetch > 0 && x < g.nx && z + Prefetch <= z_end && z + Prefetch < g.nz)
      prefetch_l2(in + g.index(x, row, z + Prefetch));
    if (x < g.nx)
      p.own = *reinterpret_cast<const float4*>(in + g.index(x, row, zs));
    else if (x == g.nx)  // the east neighbour of the last cell of the row
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

  PlaneLoad below_plane{}, this_plane{}, next_plane{};  // z-1, z, z+1
  fetch(z0 - 1, below_plane);
  fetch(z0, this_plane);
  fetch(z0 + 1, next_plane);
  put(0, below_plane);
  put(1, this_plane);
  const bool compute = x < g.nx && y < g.ny;
  int b = 0;  // the buffer of plane z-1
  for (int z = z0; z < z_end; ++z) {
    put((b + 2) % 4, next_plane);
    __syncthreads();
    if (compute) {
      const int bc = (b + 1) % 4;  // plane z
      const float4 w4 = plane[bc][ty + 1][tx], e4 = plane[bc][ty + 1][tx + 2];
      const float4 s4 = plane[bc][ty][tx + 1], n4 = plane[bc][ty + 2][tx + 1];
      const float4 c4 = plane[bc][ty + 1][tx + 1];
      const float4 d4 = plane[b][ty + 1][tx + 1], u4 = plane[(b + 2) % 4][ty + 1][tx + 1];
      *reinterpret_cast<float4*>(out + g.index(x, y, z)) =
          update_four_7(g, x, y, z, w4, c4, e4, s4, n4, d4, u4);
    }
    // plane z+2 is loaded while the next barrier waits
    if (z + 1 < z_end) fetch(z + 2, next_plane);
    b = (b + 1) % 4;
  }
}

// 32 x 4 threads, the plane 3 ahead prefetched into the L2: 81.6% of copy at 512^3 on an H200
// (basic 80.6% in the same run); 32 x 2 without the prefetch (until then): 75.7%.
constexpr int kCoarsenRows = 4, kCoarsenPrefetch = 3;

template <int Prefetch = kCoarsenPrefetch>
void launch_march(const float* in, float* out, const GridDesc& g) {
  constexpr int BY = kCoarsenRows;
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + BY - 1) / BY,
                  (g.nz + kMarchPlanes - 1) / kMarchPlanes);
  stencil_march<BY, Prefetch><<<grid, dim3(32, BY)>>>(in, out, g);
  WS_CUDA_CHECK_LAUNCH();
}

// ------------------------------------------------------ register-tiled: marching in registers
constexpr int kRegisterRows = 16;     // a block of 32 x 16 threads
constexpr int kRegisterPlanes = 32;   // planes a block marches along z
constexpr int kRegisterPrefetch = 4;  // the plane 4 ahead of the one computed goes into the L2

// What a thread keeps of one plane.
struct PlaneRegs {
  float4 c, s, n;  // its four cells; the same columns of the rows y-1 and y+1
  float w, e;      // the cells west and east of its four (the warp's end lanes only)
};

// Four cells of a row a thread; the warp's 32 lanes cover 128 columns, so west and east come
// from the neighbouring lanes by shuffles (the end lanes load theirs), and the rows y-1 and
// y+1 are loads that the warps of those rows bring into the L1 as their own. Planes z-1, z and
// z+1 of the thread's cells sit in registers, and the loads of plane z+2 are in flight while
// plane z is computed; no shared memory, no barrier.
__global__ void __launch_bounds__(32 * kRegisterRows, 2)
    stencil_register_march(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  const int tx = threadIdx.x;
  const int x = 4 * static_cast<int>(blockIdx.x * 32 + tx);
  const int y = static_cast<int>(blockIdx.y * kRegisterRows + threadIdx.y);
  if (y >= g.ny) return;  // whole warps: the shuffles below need every lane of a warp
  const int z0 = static_cast<int>(blockIdx.z) * kRegisterPlanes;
  const int z_end = min(z0 + kRegisterPlanes, g.nz);
  const int xc = min(x, g.nx - 4);  // lanes past the row's end work on its last cells, unstored
  const int plane = g.nx * g.ny;
  const float* own = in + g.index(xc, y, 0);
  const float* south = in + g.index(xc, g.beside(y - 1, g.ny), 0);
  const float* north = in + g.index(xc, g.beside(y + 1, g.ny), 0);
  const bool load_w = tx == 0, load_e = tx == 31 || xc + 4 >= g.nx;
  const float* west = in + g.index(g.beside(xc - 1, g.nx), y, 0);
  const float* east = in + g.index(g.beside(xc + 4, g.nx), y, 0);
  auto fetch = [&](int z, PlaneRegs& q) {  // z at most one plane outside the grid
    const int at = g.beside(z, g.nz) * plane;
    q.c = load4(own + at);
    q.s = load4(south + at);
    q.n = load4(north + at);
    if (load_w) q.w = west[at];
    if (load_e) q.e = east[at];
  };
  auto prefetch = [&](int z) {
    if (z <= z_end && z < g.nz) prefetch_l2(own + z * plane);
  };
  for (int k = 2; k < kRegisterPrefetch; ++k) prefetch(z0 + k);
  float4 down = load4(own + g.beside(z0 - 1, g.nz) * plane);
  PlaneRegs centre, up, ahead;
  fetch(z0, centre);
  fetch(z0 + 1, up);
  float* o = out + g.index(x, y, 0);
#pragma unroll 1
  for (int z = z0; z < z_end; ++z) {
    prefetch(z + kRegisterPrefetch);
    if (z + 2 <= z_end) fetch(z + 2, ahead);
    float w = __shfl_up_sync(~0u, centre.c.w, 1);
    float e = __shfl_down_sync(~0u, centre.c.x, 1);
    if (load_w) w = centre.w;
    if (load_e) e = centre.e;
    const float4 r = update_four_7(g, xc, y, z, make_float4(0, 0, 0, w), centre.c,
                                   make_float4(e, 0, 0, 0), centre.s, centre.n, down, up.c);
    if (x < g.nx) *reinterpret_cast<float4*>(o + z * plane) = r;
    down = centre.c;
    centre = up;
    up = ahead;
  }
}

void launch_register_march(const float* in, float* out, const GridDesc& g) {
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + kRegisterRows - 1) / kRegisterRows,
                  (g.nz + kRegisterPlanes - 1) / kRegisterPlanes);
  stencil_register_march<<<grid, dim3(32, kRegisterRows)>>>(in, out, g);
  WS_CUDA_CHECK_LAUNCH();
}

// ------------------------------------------------------------------ shared-tiled, 2D, wide tile
constexpr int kTiled2DRows = 4;  // the tile: 128 x 4 cells

template <int P>
__global__ void __launch_bounds__(32 * kTiled2DRows)
    stencil_tiled2d(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  constexpr int BY = kTiled2DRows, kSlots = 34, N = P - 1;
  __shared__ float4 tile[BY + 2][kSlots];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = 128 * blockIdx.x, x = x0 + 4 * tx;
  const int y0 = BY * blockIdx.y, y = y0 + ty;
  // The rows this thread loads: its own (y = ny: the row below the last one), and for the first
  // and last warp the halo row above or below the tile. The 9-point shape needs the halo rows'
  // end cells too.
  const int row = g.beside(y, g.ny);
  const bool halo_row = ty == 0 || ty == BY - 1;
  const int slot_halo = ty == 0 ? 0 : BY + 1;
  const int row_halo = g.beside(ty == 0 ? y0 - 1 : y0 + BY, g.ny);
  auto cell = [&](int xx, int yy) { return in[g.index(xx, yy, 0)]; };
  if (x < g.nx) {
    tile[ty + 1][tx + 1] = *reinterpret_cast<const float4*>(in + g.index(x, row, 0));
    if (halo_row)
      tile[slot_halo][tx + 1] = *reinterpret_cast<const float4*>(in + g.index(x, row_halo, 0));
  } else if (x == g.nx) {  // the east neighbour of the row's last cell
    tile[ty + 1][tx + 1].x = cell(g.beside(x, g.nx), row);
    if (P == 9 && halo_row) tile[slot_halo][tx + 1].x = cell(g.beside(x, g.nx), row_halo);
  }
  const int col_left = g.beside(x0 - 1, g.nx), col_right = g.beside(x0 + 128, g.nx);
  if (tx == 0) {
    tile[ty + 1][0].w = cell(col_left, row);
    if (P == 9 && halo_row) tile[slot_halo][0].w = cell(col_left, row_halo);
  }
  if (tx == 31 && x0 + 128 <= g.nx) {
    tile[ty + 1][kSlots - 1].x = cell(col_right, row);
    if (P == 9 && halo_row) tile[slot_halo][kSlots - 1].x = cell(col_right, row_halo);
  }
  __syncthreads();
  if (x >= g.nx || y >= g.ny) return;
  float r[3][6];  // rows y-1, y, y+1; columns x-1 .. x+4
#pragma unroll
  for (int k = 0; k < 3; ++k) {
    const float4 w4 = tile[ty + k][tx], c4 = tile[ty + k][tx + 1], e4 = tile[ty + k][tx + 2];
    r[k][0] = w4.w, r[k][1] = c4.x, r[k][2] = c4.y, r[k][3] = c4.z, r[k][4] = c4.w;
    r[k][5] = e4.x;
  }
  // Insulated: a neighbour outside counts as the cell (beside gives the edge cell, which is the
  // cell itself only for W E S N, not for the 9-point diagonals: hence the flags).
  const bool insulated = g.boundary == Boundary::Insulated;
  const bool ylo = y == 0, yhi = y == g.ny - 1;
  float4 result;
  float* o = &result.x;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const float u = r[1][i + 1];
    const bool xlo = x + i == 0, xhi = x + i == g.nx - 1;
    float nb[N];
    nb[0] = r[1][i], nb[1] = r[1][i + 2], nb[2] = r[0][i + 1], nb[3] = r[2][i + 1];
    if constexpr (P == 9) {
      nb[4] = r[0][i], nb[5] = r[0][i + 2], nb[6] = r[2][i], nb[7] = r[2][i + 2];
      if (insulated) {
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

void launch_tiled2d(const Params& p, const float* in, float* out, const GridDesc& g) {
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + kTiled2DRows - 1) / kTiled2DRows);
  if (p.shape == Shape::Nine)
    stencil_tiled2d<9><<<grid, dim3(32, kTiled2DRows)>>>(in, out, g);
  else
    stencil_tiled2d<5><<<grid, dim3(32, kTiled2DRows)>>>(in, out, g);
  WS_CUDA_CHECK_LAUNCH();
}

// ------------------------------------------------------------------ shared-tiled, 3D, wide tile
constexpr int kTiledRows = 4, kTiledPlanes = 2;  // the tile: 128 x 4 x 2 cells

__global__ void __launch_bounds__(32 * kTiledRows * kTiledPlanes)
    stencil_tiled3d(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  constexpr int BY = kTiledRows, BZ = kTiledPlanes, kSlots = 34;
  __shared__ float4 tile[BZ + 2][BY + 2][kSlots];
  const int tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  const int x0 = 128 * blockIdx.x, x = x0 + 4 * tx;
  const int y0 = BY * blockIdx.y, y = y0 + ty;
  const int z0 = BZ * blockIdx.z, z = z0 + tz;
  const int row = g.beside(y, g.ny), pl = g.beside(z, g.nz);  // y = ny, z = nz: one beyond
  auto load4 = [&](int xx, int yy, int zz) {
    return *reinterpret_cast<const float4*>(in + g.index(xx, yy, zz));
  };
  if (x < g.nx) {
    tile[tz + 1][ty + 1][tx + 1] = load4(x, row, pl);
    if (ty == 0) tile[tz + 1][0][tx + 1] = load4(x, g.beside(y0 - 1, g.ny), pl);
    if (ty == BY - 1) tile[tz + 1][BY + 1][tx + 1] = load4(x, g.beside(y0 + BY, g.ny), pl);
    if (tz == 0) tile[0][ty + 1][tx + 1] = load4(x, row, g.beside(z0 - 1, g.nz));
    if (tz == BZ - 1) tile[BZ + 1][ty + 1][tx + 1] = load4(x, row, g.beside(z0 + BZ, g.nz));
  } else if (x == g.nx) {  // the east neighbour of the row's last cell
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
  *reinterpret_cast<float4*>(out + g.index(x, y, z)) =
      update_four_7(g, x, y, z, w4, c4, e4, s4, n4, d4, u4);
}

void launch_tiled3d(const float* in, float* out, const GridDesc& g) {
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + kTiledRows - 1) / kTiledRows,
                  (g.nz + kTiledPlanes - 1) / kTiledPlanes);
  stencil_tiled3d<<<grid, dim3(32, kTiledRows, kTiledPlanes)>>>(in, out, g);
  WS_CUDA_CHECK_LAUNCH();
}

// ----------------------------------------------------- temporal blocking, 2D, tiles in registers
template <int K>
inline constexpr int kWarpTileRows =
    K == 3 || K == 4 ? 24 : 32;  // SH: the tile's rows, halo included

// The K sub-steps of a warp's tile, column x of rows oy .. oy+SH-1 in v. Checks: the tile
// touches the edge of a fixed or insulated grid, so each cell is tested (no cell outside the
// grid; the fixed ring keeps its value; an insulated neighbour outside counts as the cell).
// Two instantiations, so a tile inside the grid (or any tile of a periodic one, loaded wrapped)
// runs without any test: left to itself the compiler sometimes kept one loop with the tests
// inside, which took twice the registers and a quarter of the speed.
template <int P, int K, int SH, bool Checks>
__device__ __forceinline__ void advance_tile(float (&v)[SH], const GridDesc& g, int x, int oy) {
  constexpr int N = P - 1;
  const bool column_inside = unsigned(x) < unsigned(g.nx);
  const bool xlo = x == 0, xhi = x == g.nx - 1, fixed = g.boundary == Boundary::Fixed;
#pragma unroll
  for (int s = 1; s <= K; ++s) {  // rows s .. SH-1-s are computed; lanes shrink by one a side
    float south = v[s - 1];       // the row above's value before this sub-step
    float sw = 0.0f, se = 0.0f, w_next = 0.0f, e_next = 0.0f;
    if constexpr (P == 9) {
      sw = __shfl_up_sync(~0u, south, 1), se = __shfl_down_sync(~0u, south, 1);
      w_next = __shfl_up_sync(~0u, v[s], 1), e_next = __shfl_down_sync(~0u, v[s], 1);
    }
#pragma unroll
    for (int r = s; r < SH - s; ++r) {
      const float u = v[r], north = v[r + 1];
      float nb[N];
      if constexpr (P == 9) {
        const float nw = __shfl_up_sync(~0u, north, 1), ne = __shfl_down_sync(~0u, north, 1);
        nb[0] = w_next, nb[1] = e_next, nb[4] = sw, nb[5] = se, nb[6] = nw, nb[7] = ne;
        sw = w_next, se = e_next, w_next = nw, e_next = ne;
      } else {
        nb[0] = __shfl_up_sync(~0u, u, 1), nb[1] = __shfl_down_sync(~0u, u, 1);
      }
      nb[2] = south, nb[3] = north;
      south = u;
      bool update = true;
      if constexpr (Checks) {
        const int y = oy + r;
        const bool ylo = y == 0, yhi = y == g.ny - 1;
        if (!column_inside || unsigned(y) >= unsigned(g.ny)) {
          update = false;  // no cell here
        } else if (fixed) {
          update = !(xlo || xhi || ylo || yhi);  // the fixed ring keeps its value
        } else {  // insulated: a neighbour outside counts as the cell
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
      }
      if (update) v[r] = update_uniform(u, nb, g.r);
    }
  }
}

template <int P, int K>
__global__ void __launch_bounds__(256, 4)  // at most 64 registers: 32 warps per SM
    stencil_temporal_warp(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  constexpr int SH = kWarpTileRows<K>, OW = 32 - 2 * K, OH = SH - 2 * K;
  const int lane = threadIdx.x & 31;
  const int warp = static_cast<int>((blockIdx.x * blockDim.x + threadIdx.x) >> 5);
  const int tiles_x = (g.nx + OW - 1) / OW, tiles_y = (g.ny + OH - 1) / OH;
  if (warp >= tiles_x * tiles_y) return;  // the whole warp: the shuffles stay full
  const int ox = (warp % tiles_x) * OW - K, oy = (warp / tiles_x) * OH - K;
  const int x = ox + lane;
  // A tile wholly inside the grid (and off a fixed ring) needs no boundary test at all.
  const bool interior = ox >= 1 && oy >= 1 && ox + 32 <= g.nx - 1 && oy + SH <= g.ny - 1;
  const bool periodic = g.boundary == Boundary::Periodic;
  float v[SH];  // column x, rows oy .. oy+SH-1
  if (interior) {
    const float* column = in + g.index(x, oy, 0);
#pragma unroll
    for (int r = 0; r < SH; ++r) v[r] = column[r * g.nx];
  } else {
#pragma unroll
    for (int r = 0; r < SH; ++r) {
      int xs = x, ys = oy + r, zs = 0;
      v[r] = g.resolve(xs, ys, zs) ? in[g.index(xs, ys, 0)] : 0.0f;
    }
  }
  if (interior || periodic)
    advance_tile<P, K, SH, false>(v, g, x, oy);
  else
    advance_tile<P, K, SH, true>(v, g, x, oy);
  if (lane < K || lane >= 32 - K || x >= g.nx) return;
#pragma unroll
  for (int r = K; r < SH - K; ++r)
    if (oy + r < g.ny) out[g.index(x, oy + r, 0)] = v[r];
}

template <int P, int K>
void launch_temporal_warp(const float* in, float* out, const GridDesc& g) {
  constexpr int OW = 32 - 2 * K, OH = kWarpTileRows<K> - 2 * K;
  const int64_t warps = int64_t((g.nx + OW - 1) / OW) * ((g.ny + OH - 1) / OH);
  stencil_temporal_warp<P, K><<<unsigned((warps + 7) / 8), 256>>>(in, out, g);
  WS_CUDA_CHECK_LAUNCH();
}

template <int P>
void launch_temporal_warp(const float* in, float* out, const GridDesc& g, int K) {
  switch (K) {
    case 1:
      return launch_temporal_warp<P, 1>(in, out, g);
    case 2:
      return launch_temporal_warp<P, 2>(in, out, g);
    case 3:
      return launch_temporal_warp<P, 3>(in, out, g);
    case 4:
      return launch_temporal_warp<P, 4>(in, out, g);
    case 5:
      return launch_temporal_warp<P, 5>(in, out, g);
    case 6:
      return launch_temporal_warp<P, 6>(in, out, g);
    case 7:
      return launch_temporal_warp<P, 7>(in, out, g);
    default:  // validate() keeps K in 1..8
      return launch_temporal_warp<P, 8>(in, out, g);
  }
}

// Which of the kernels above p uses (None: stencil.cu's).
enum class Streaming { None, Basic3D, Tiled2D, Tiled3D, March, RegisterMarch, TemporalWarp };

Streaming streaming_kernel(const Params& p, int time_steps) {
  if (p.dim == 3 && p.nx % 4 == 0) {
    if (p.variant == Variant::Basic) return Streaming::Basic3D;
    if (p.variant == Variant::SharedTiled && !p.materials) return Streaming::Tiled3D;
    if (p.variant == Variant::CoarsenedZ && !p.materials) return Streaming::March;
    if (p.variant == Variant::RegisterTiled && !p.materials) return Streaming::RegisterMarch;
  }
  if (p.dim == 2 && p.variant == Variant::SharedTiled && !p.materials && p.nx % 4 == 0)
    return Streaming::Tiled2D;
  // The 9-point shape above K = 4 keeps the shared-memory sweep: the warp kernel's four
  // shuffles a cell were not measured against it there (docs/performance.md).
  if (p.dim == 2 && p.variant == Variant::TemporalBlocked && !p.materials &&
      (time_steps <= 4 || p.shape == Shape::Five))
    return Streaming::TemporalWarp;
  return Streaming::None;
}

}  // namespace

bool launch_streaming(const Params& p, const float* in, float* out, const float* material,
                      int time_steps) {
  const GridDesc g{p.nx, p.ny, p.nz, p.dim, p.boundary, p.r};
  switch (streaming_kernel(p, time_steps)) {
    case Streaming::Basic3D:
      launch_basic_all4_3d(in, out, material, g, p.materials);
      return true;
    case Streaming::Tiled2D:
      launch_tiled2d(p, in, out, g);
      return true;
    case Streaming::Tiled3D:
      launch_tiled3d(in, out, g);
      return true;
    case Streaming::March:
      launch_march(in, out, g);
      return true;
    case Streaming::RegisterMarch:
      launch_register_march(in, out, g);
      return true;
    case Streaming::TemporalWarp:
      if (p.shape == Shape::Nine)
        launch_temporal_warp<9>(in, out, g, time_steps);
      else
        launch_temporal_warp<5>(in, out, g, time_steps);
      return true;
    case Streaming::None:
      break;
  }
  return false;
}

}  // namespace ws::stencil::detail
