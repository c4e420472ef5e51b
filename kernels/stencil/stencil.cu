// Heat flow by an explicit stencil on the GPU (PMPP chapter 8): one kernel per variant, each
// written once for both modes. Teach mode passes a DeviceTrace recorder and every `rec.` call
// records what the thread did; fast mode passes NoTrace and the same calls compile to nothing.
// Every update goes through stencil_rule.h (compiled with -fmad=false), so the fields are bit for
// bit those of the CPU twins.
//
// n cells, P points of the shape (5, 9 or 7), T the output tile edge, K time steps per launch.
// Each kernel finds its thread (tx, ty, tz) and block (bx, by, bz) coordinates with `where`:
// teach mode launches 1D blocks and grids (numbered x fastest), fast mode 3D ones.
//   1 basic             PMPP 8.2. One thread per output reads its P points from global memory.
//                       Work O(n P) per time step; 1 step: compute.
//   2 shared-tiled      PMPP 8.3. A (T+2)^d block loads its tile and halo into shared memory,
//                       the T^d inner threads compute from it. Work O(n P); 2 steps: load,
//                       compute (1 barrier).
//   3 coarsened-z       PMPP 8.4 (3D). A (T+2)^2 block marches T planes along z with the planes
//                       z-1, z, z+1 in shared memory: one plane loaded per output plane.
//                       Work O(n P); 1 + 3T steps: load, then per plane load next, compute,
//                       rotate.
//   4 register-tiled    PMPP 8.5 (3D). As 3, but each thread keeps z-1 and z+1 in registers:
//                       only the current plane is shared. Same work and steps as 3.
//   5 temporal-blocked  2D and 3D. A (T+2K)^d block loads a tile with a halo K wide and advances
//                       it K time steps in shared memory (ping-pong halves), each sub-step one
//                       cell narrower on every face, then stores the inner T^d. Work
//                       O(n P (T+2K)^d / T^d) per launch of K time steps; K + 2 steps: load,
//                       K time steps, store.
// Fast mode launches the same kernels without recording, as 3D blocks and grids (teach mode: 1D,
// see Launch), or wider shapes of the same algorithms:
//   - basic, 2D, nx a multiple of 4: 32x8 thread blocks (a warp spans one 128-byte row
//     segment), four cells per thread with 16-byte loads in the interior, one thread per border
//     cell; basic in 3D (nx a multiple of 4) covers every cell with four cells per thread in one
//     launch (stencil_fast.cu);
//   - 3D shared tiling, coarsened-z and register-tiled, nx a multiple of 4, no materials: four
//     cells per thread, 128 x 4 x 2 tiles (shared tiling), 128-column tiles marching 32 planes
//     in shared memory (coarsened-z), or threads marching 32 planes with their planes in
//     registers, neighbours by shuffles and the L1 (register-tiled) (stencil_fast.cu);
//   - 2D temporal blocking, no materials: a warp per tile with the tile in registers
//     (stencil_fast.cu), except the 9-point shape with K >= 5: a 128 x 32 output tile (and its
//     halo) that 256 threads sweep row by row in shared memory; 2D shared tiling 128 x 4 tiles with
//     four cells per thread (stencil_fast.cu) when nx is a multiple of 4, else the same sweep with
//     K = 1;
//   - everything else (materials in variants 2-5, 3D grids whose nx is not a multiple of 4, 3D
//     temporal blocking) the tile T of the parameters, as in teach mode.
// Every fast kernel applies the same rule in the same order, so the same bits. Blocks whose cells
// and their neighbours all lie inside the grid (`interior`, nearly all of a big grid) skip the
// per-neighbour boundary checks.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/trace_download.cuh"
#include "stencil_cpu.h"
#include "stencil_cuda.h"
#include "stencil_device.cuh"
#include "stencil_launch.h"
#include "stencil_rule.h"

namespace ws::stencil {

namespace {

// The arrays and phases the kernels record (the host maps them to trace buffers and steps).
enum TraceArray : int { kIn, kOut, kTile, kPrev, kNext, kArrayCount };
enum TracePhase : int { kLoad, kCompute, kLoadNext, kRotate, kTimeStep, kStore, kPhaseCount };
static_assert(kArrayCount <= DeviceTrace::kMaxBuffers && kPhaseCount <= DeviceTrace::kMaxPhases,
              "the recorder's maps must hold every array and phase");
constexpr int kStepsPerPlane = 3;  // variants 3-4: load next, compute, rotate
constexpr int kMaxThreads = 1024;  // per block (teach mode's recorder needs the register cap)

using detail::GridDesc;

// One launch: the block and grid shapes and the output tile of a block. Teach mode launches
// them `linear`: 1D blocks of block_x * block_y * block_z threads and a 1D grid, numbered x
// fastest, so the recorder's thread ids (blockIdx.x * blockDim.x + threadIdx.x) are the trace's.
// Fast mode launches the same shapes as 3D blocks and grids, which saves the divisions.
struct Launch {
  int block_x, block_y, block_z;  // threads of a block
  int grid_x, grid_y, grid_z;     // blocks of the grid
  int tile_x, tile_y, tile_z;     // outputs of a block (variants 3-4: tile_z planes along z)
  int steps;                      // variant 5: time steps per launch K (the halo width)
  bool linear;                    // 1D blocks and grid (teach mode), else 3D

  int threads() const { return block_x * block_y * block_z; }
  int blocks() const { return grid_x * grid_y * grid_z; }
};

// Where a thread sits: its block's coordinates in the grid and its own in the block.
struct Where {
  int t;           // linear thread in the block: tx + block_x * (ty + block_y * tz)
  int tx, ty, tz;  // thread coordinates in the block
  int bx, by, bz;  // block coordinates in the grid
};

__device__ Where where(const Launch& L) {
  Where w;
  if (L.linear) {
    w.t = static_cast<int>(threadIdx.x);
    w.tx = w.t % L.block_x;
    w.ty = w.t / L.block_x % L.block_y;
    w.tz = w.t / (L.block_x * L.block_y);
    const int b = static_cast<int>(blockIdx.x);
    w.bx = b % L.grid_x;
    w.by = b / L.grid_x % L.grid_y;
    w.bz = b / (L.grid_x * L.grid_y);
  } else {
    w.tx = threadIdx.x, w.ty = threadIdx.y, w.tz = threadIdx.z;
    w.t = w.tx + L.block_x * (w.ty + L.block_y * w.tz);
    w.bx = blockIdx.x, w.by = blockIdx.y, w.bz = blockIdx.z;
  }
  return w;
}

__device__ int global_thread() {
  return static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
}

__device__ float* shared_floats() {
  extern __shared__ float shared_memory[];
  return shared_memory;
}

// What a tile slot or register holds before anything is loaded into it (the CPU model's NaN),
// so teach mode never records stale memory.
__device__ float not_loaded() {
  return __int_as_float(0x7fc00000);
}

// @helper update
struct Offset {
  int dx, dy, dz;
};

// Neighbour d of the P-point shape, in the rule's order: W E S N, then down up (7-point) or
// SW SE NW NE (9-point). S is y - 1, down is z - 1.
template <int P>
__host__ __device__ constexpr Offset neighbour(int d) {
  if (d < 4) return {d == 0 ? -1 : d == 1 ? 1 : 0, d == 2 ? -1 : d == 3 ? 1 : 0, 0};
  if (P == 7) return {0, 0, d == 4 ? -1 : 1};
  return {d % 2 == 0 ? -1 : 1, d < 6 ? -1 : 1, 0};
}

// The one update of a cell of value u and material m. fetch(offset, value, material) supplies
// each neighbour; it leaves them alone for a neighbour outside an insulated grid, which then
// counts as the cell itself.
template <int P, bool Materials, class Fetch>
__device__ float update_cell(const GridDesc& g, float u, float m, Fetch&& fetch) {
  constexpr int N = P - 1;
  float nb[N], nm[N];
#pragma unroll
  for (int d = 0; d < N; ++d) {
    nb[d] = u;
    nm[d] = m;
    fetch(neighbour<P>(d), nb[d], nm[d]);
  }
  if constexpr (Materials)
    return update_materials(u, m, nb, nm, g.r);
  else
    return update_uniform(u, nb, g.r);
}
// @end

// @variant basic
template <int P, bool Materials, class Rec>
__global__ void __launch_bounds__(kMaxThreads)
    stencil_basic(const float* __restrict__ in, float* __restrict__ out,
                  const float* __restrict__ material, GridDesc g, Launch L, Rec rec) {
  const Where w = where(L);
  const int x0 = w.bx * L.tile_x, y0 = w.by * L.tile_y, z0 = w.bz * L.tile_z;  // block's first cell
  const int x = x0 + w.tx, y = y0 + w.ty, z = z0 + w.tz;
  const bool interior =
      g.interior(x0, y0, z0, x0 + L.tile_x - 1, y0 + L.tile_y - 1, z0 + L.tile_z - 1);
  rec.begin(kCompute);
  if (!g.inside(x, y, z)) return;
  const int c = g.index(x, y, z);
  const float m = Materials ? material[c] : 1.0f;
  if (g.left_alone(x, y, z, m)) return;     // out already holds its value (both ping-pong buffers)
  const float u = rec.read(kIn, c, in[c]);  // @compute
  const float v = update_cell<P, Materials>(g, u, m, [&](Offset o, float& nb, float& nm) {
    int xn = x + o.dx, yn = y + o.dy, zn = z + o.dz;
    if (!interior && !g.resolve(xn, yn, zn)) return;
    const int n = g.index(xn, yn, zn);
    nb = rec.read(kIn, n, in[n]);  // every neighbour is its own global load
    if (Materials) nm = material[n];
  });
  out[c] = rec.write(kOut, c, rec.op(kOut, c, v));
}

// Fast mode of basic, when nx is a multiple of 4, in two launches. The first covers the
// interior, where no neighbour can leave the grid: each thread updates four neighbouring cells of
// a row, reading each neighbouring row (y-1, y, y+1; in 3D also z-1 and z+1) with one 16-byte
// load plus the cells just left and right of it (and the same of the material map), the
// coarsening reduce's variant 7 uses, with no boundary test at all. The second gives every
// remaining cell (the first and last four columns, the first and last row, in 3D the first and
// last plane) one thread and the general rule. The same rule in the same order as above, so the
// same bits.
__device__ void load4(const float* __restrict__ a, int first, float* v) {
  const float4 q = *reinterpret_cast<const float4*>(a + first);  // `first` is a multiple of 4
  v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
}

// The neighbourhood of the four cells c .. c+3 of a row, from one array (field or material).
template <int P>
struct Window4 {
  float row[3][6];       // rows y-1, y, y+1; columns x-1 .. x+4
  float down[4], up[4];  // 3D: the planes z-1 and z+1

  __device__ void load(const float* __restrict__ a, int c, const GridDesc& g) {
#pragma unroll
    for (int k = 0; k < 3; ++k) {
      const int first = c + (k - 1) * g.nx;
      load4(a, first, &row[k][1]);
      if (k == 1 || P == 9) row[k][0] = a[first - 1], row[k][5] = a[first + 4];
    }
    if constexpr (P == 7) {
      load4(a, c - g.nx * g.ny, down);
      load4(a, c + g.nx * g.ny, up);
    }
  }
  __device__ float centre(int i) const {
    return row[1][i + 1];
  }
  // W E S N, then down up (7) or SW SE NW NE (9): the rule's order.
  __device__ void neighbours(int i, float (&nb)[P - 1]) const {
    nb[0] = row[1][i], nb[1] = row[1][i + 2], nb[2] = row[0][i + 1], nb[3] = row[2][i + 1];
    if constexpr (P == 7) nb[4] = down[i], nb[5] = up[i];
    if constexpr (P == 9)
      nb[4] = row[0][i], nb[5] = row[0][i + 2], nb[6] = row[2][i], nb[7] = row[2][i + 2];
  }
};

template <int P, bool Materials>
__global__ void stencil_basic_interior4(const float* __restrict__ in, float* __restrict__ out,
                                        const float* __restrict__ material, GridDesc g) {
  const int x = 4 + 4 * static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = 1 + static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  const int z = (P == 7 ? 1 : 0) + static_cast<int>(blockIdx.z);
  if (x + 4 >= g.nx || y >= g.ny - 1) return;
  const int c = g.index(x, y, z);
  Window4<P> u;
  u.load(in, c, g);
  float4 result;
  float* o = &result.x;
  if constexpr (Materials) {
    Window4<P> m;
    m.load(material, c, g);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      float nb[P - 1], nm[P - 1];
      u.neighbours(i, nb);
      m.neighbours(i, nm);
      // A pinned cell keeps its value (both ping-pong buffers hold it).
      o[i] = m.centre(i) < 0.0f ? u.centre(i)
                                : update_materials(u.centre(i), m.centre(i), nb, nm, g.r);
    }
  } else {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      float nb[P - 1];
      u.neighbours(i, nb);
      o[i] = update_uniform(u.centre(i), nb, g.r);
    }
  }
  *reinterpret_cast<float4*>(out + c) = result;
}

// The cells stencil_basic_interior4 leaves, numbered plane by plane: in 3D the whole first and
// last planes, then in every other plane its first and last rows and the four cells at each end
// of the rows between (the whole row when nx < 8).
struct BorderCells {
  int nx, ny, nz, dims;
  __host__ __device__ int side() const { return nx >= 8 ? 8 : nx; }
  __host__ __device__ int64_t ring() const { return 2 * int64_t(nx) + int64_t(ny - 2) * side(); }
  __host__ __device__ int64_t full() const { return dims == 3 ? 2 * int64_t(nx) * ny : 0; }
  __host__ __device__ int64_t count() const { return full() + (dims == 3 ? nz - 2 : 1) * ring(); }
  __device__ void cell(int64_t i, int& x, int& y, int& z) const {
    if (i < full()) {
      const int64_t plane = int64_t(nx) * ny;
      z = i < plane ? 0 : nz - 1;
      x = int(i % plane % nx), y = int(i % plane / nx);
      return;
    }
    const int64_t j = i - full();
    z = dims == 3 ? 1 + int(j / ring()) : 0;
    const int64_t k = j % ring();
    if (k < 2 * nx) {
      y = k < nx ? 0 : ny - 1, x = int(k % nx);
      return;
    }
    const int s = int((k - 2 * nx) % side());
    y = 1 + int((k - 2 * nx) / side());
    x = nx >= 8 && s >= 4 ? nx - 8 + s : s;
  }
};

template <int P, bool Materials>
__global__ void stencil_basic_border(const float* __restrict__ in, float* __restrict__ out,
                                     const float* __restrict__ material, GridDesc g,
                                     BorderCells b) {
  const int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (i >= b.count()) return;
  int x, y, z;
  b.cell(i, x, y, z);
  const int c = g.index(x, y, z);
  const float m = Materials ? material[c] : 1.0f;
  if (g.left_alone(x, y, z, m)) return;
  out[c] = update_cell<P, Materials>(g, in[c], m, [&](Offset o, float& nb, float& nm) {
    int xn = x + o.dx, yn = y + o.dy, zn = z + o.dz;
    if (!g.resolve(xn, yn, zn)) return;
    const int n = g.index(xn, yn, zn);
    nb = in[n];
    if (Materials) nm = material[n];
  });
}

template <int P, bool Materials>
void launch_basic_fast(const float* in, float* out, const float* material, const GridDesc& g) {
  const int groups = g.nx >= 8 ? (g.nx - 8) / 4 + 1 : 0;  // x = 4, 8, ..., nx - 8
  const int planes = g.dims == 3 ? g.nz - 2 : 1;
  if (groups > 0) {
    const dim3 block(32, 8), grid((groups + 31) / 32, (g.ny - 2 + 7) / 8, planes);
    stencil_basic_interior4<P, Materials><<<grid, block>>>(in, out, material, g);
    WS_CUDA_CHECK_LAUNCH();
  }
  const BorderCells b{g.nx, g.ny, g.nz, g.dims};
  const int threads = 256;
  stencil_basic_border<P, Materials>
      <<<unsigned((b.count() + threads - 1) / threads), threads>>>(in, out, material, g, b);
  WS_CUDA_CHECK_LAUNCH();
}

template <int P>
void launch_basic_fast(const Params& p, const float* in, float* out, const float* material) {
  const GridDesc g{p.nx, p.ny, p.nz, p.dim, p.boundary, p.r};
  if (p.materials)
    launch_basic_fast<P, true>(in, out, material, g);
  else
    launch_basic_fast<P, false>(in, out, material, g);
}
// @end

// @variant shared-tiled
template <int P, bool Materials, class Rec>
__global__ void __launch_bounds__(kMaxThreads)
    stencil_shared_tiled(const float* __restrict__ in, float* __restrict__ out,
                         const float* __restrict__ material, GridDesc g, Launch L, Rec rec) {
  float* tile = shared_floats();  // one slot per thread: the output tile and its halo ring
  const Where w = where(L);
  const int halo_z = g.dims == 3 ? 1 : 0;
  const int x = w.bx * L.tile_x - 1 + w.tx;  // the tile starts one cell before the outputs
  const int y = w.by * L.tile_y - 1 + w.ty;
  const int z = w.bz * L.tile_z - halo_z + w.tz;
  const bool interior =
      g.interior(w.bx * L.tile_x, w.by * L.tile_y, w.bz * L.tile_z, (w.bx + 1) * L.tile_x - 1,
                 (w.by + 1) * L.tile_y - 1, (w.bz + 1) * L.tile_z - 1);

  rec.begin(kLoad);
  int xs = x, ys = y, zs = z;
  if (g.resolve(xs, ys, zs)) {
    const int c = g.index(xs, ys, zs);
    tile[w.t] = rec.write(kTile, w.t, rec.read(kIn, c, in[c]));  // @load
  }
  __syncthreads();

  rec.begin(kCompute);
  const bool inner = w.tx >= 1 && w.tx <= L.tile_x && w.ty >= 1 && w.ty <= L.tile_y &&
                     (halo_z == 0 || (w.tz >= 1 && w.tz <= L.tile_z));
  if (!inner || !g.inside(x, y, z)) return;  // halo threads only load
  const int c = g.index(x, y, z);
  const float m = Materials ? material[c] : 1.0f;
  if (g.left_alone(x, y, z, m)) return;
  const float u = rec.read(kTile, w.t, tile[w.t]);  // @compute
  const float v = update_cell<P, Materials>(g, u, m, [&](Offset o, float& nb, float& nm) {
    int xn = x + o.dx, yn = y + o.dy, zn = z + o.dz;
    if (!interior && !g.resolve(xn, yn, zn)) return;
    const int s = w.t + o.dx + L.block_x * (o.dy + L.block_y * o.dz);  // the neighbour's slot
    nb = rec.read(kTile, s, tile[s]);
    if (Materials) nm = material[g.index(xn, yn, zn)];
  });
  out[c] = rec.write(kOut, c, rec.op(kOut, c, v));
}
// @end

// @variant coarsened-z
template <int P, bool Materials, class Rec>
__global__ void __launch_bounds__(kMaxThreads)
    stencil_coarsened_z(const float* __restrict__ in, float* __restrict__ out,
                        const float* __restrict__ material, GridDesc g, Launch L, Rec rec) {
  const int plane = L.block_x * L.block_y;  // (T+2)^2 slots per plane
  float* tile = shared_floats();            // three planes: prev (z-1) | curr (z) | next (z+1)
  float* prev = tile;
  float* curr = tile + plane;
  float* next = tile + 2 * plane;
  const Where w = where(L);
  const int t = w.t;
  const int x = w.bx * L.tile_x - 1 + w.tx, y = w.by * L.tile_y - 1 + w.ty;
  const int z0 = w.bz * L.tile_z;  // the block's first output plane
  const int z_last = min(z0 + L.tile_z, g.nz) - 1;
  const bool interior =
      g.interior(x + 1 - w.tx, y + 1 - w.ty, z0, x + L.tile_x - w.tx, y + L.tile_y - w.ty, z_last);
  prev[t] = curr[t] = next[t] = not_loaded();
  auto is_real = [&](int z) {  // whether (x, y, z) is a grid cell (periodic: always)
    int xs = x, ys = y, zs = z;
    return g.resolve(xs, ys, zs);
  };
  // Copies the input cell (x, y, z) into tile[slot] when it is a real cell.
  auto load = [&](int slot, int z) {
    int xs = x, ys = y, zs = z;
    if (!g.resolve(xs, ys, zs)) return;
    const int c = g.index(xs, ys, zs);
    tile[slot] = rec.write(kTile, slot, rec.read(kIn, c, in[c]));
  };

  rec.begin(kLoad);
  load(t, z0 - 1);  // @load
  load(plane + t, z0);
  __syncthreads();

  const bool inner = w.tx >= 1 && w.tx <= L.tile_x && w.ty >= 1 && w.ty <= L.tile_y;
  for (int i = 0; i < L.tile_z && z0 + i < g.nz; ++i) {
    const int z = z0 + i;
    rec.begin(kLoadNext, kStepsPerPlane * i);
    load(2 * plane + t, z + 1);  // @load_next
    __syncthreads();

    rec.begin(kCompute, kStepsPerPlane * i);
    const int c = g.index(x, y, z);
    const float m = Materials && inner && g.inside(x, y, z) ? material[c] : 1.0f;
    if (inner && g.inside(x, y, z) && !g.left_alone(x, y, z, m)) {
      const float u = rec.read(kTile, plane + t, curr[t]);  // @compute
      const float v = update_cell<P, Materials>(g, u, m, [&](Offset o, float& nb, float& nm) {
        int xn = x + o.dx, yn = y + o.dy, zn = z + o.dz;
        if (!interior && !g.resolve(xn, yn, zn)) return;
        const int s = (1 + o.dz) * plane + t + o.dx + L.block_x * o.dy;  // plane 0, 1 or 2
        nb = rec.read(kTile, s, tile[s]);
        if (Materials) nm = material[g.index(xn, yn, zn)];
      });
      out[c] = rec.write(kOut, c, rec.op(kOut, c, v));
    }
    __syncthreads();

    rec.begin(kRotate, kStepsPerPlane * i);  // slots that hold a cell move down one plane
    if (is_real(z)) prev[t] = rec.write(kTile, t, rec.read(kTile, plane + t, curr[t]));  // @rotate
    if (is_real(z + 1))
      curr[t] = rec.write(kTile, plane + t, rec.read(kTile, 2 * plane + t, next[t]));
  }
}
// @end

// @variant register-tiled
template <int P, bool Materials, class Rec>
__global__ void __launch_bounds__(kMaxThreads)
    stencil_register_tiled(const float* __restrict__ in, float* __restrict__ out,
                           const float* __restrict__ material, GridDesc g, Launch L, Rec rec) {
  float* curr = shared_floats();  // the current plane z, (T+2)^2 slots
  float prev = not_loaded();      // this thread's cell in plane z-1 (a register)
  float next = not_loaded();      // and in plane z+1
  const Where w = where(L);
  const int t = w.t, id = global_thread();
  const int x = w.bx * L.tile_x - 1 + w.tx, y = w.by * L.tile_y - 1 + w.ty;
  const int z0 = w.bz * L.tile_z;
  const int z_last = min(z0 + L.tile_z, g.nz) - 1;
  const bool interior =
      g.interior(x + 1 - w.tx, y + 1 - w.ty, z0, x + L.tile_x - w.tx, y + L.tile_y - w.ty, z_last);
  curr[t] = not_loaded();
  auto is_real = [&](int z) {  // whether (x, y, z) is a grid cell (periodic: always)
    int xs = x, ys = y, zs = z;
    return g.resolve(xs, ys, zs);
  };
  // The input cell (x, y, z) when it is a real cell: true and its value in `value`.
  auto read_input = [&](int z, float& value) {
    int xs = x, ys = y, zs = z;
    if (!g.resolve(xs, ys, zs)) return false;
    const int c = g.index(xs, ys, zs);
    value = rec.read(kIn, c, in[c]);
    return true;
  };

  rec.begin(kLoad);
  float value;
  if (read_input(z0 - 1, value)) prev = rec.write(kPrev, id, value);  // @load
  if (read_input(z0, value)) curr[t] = rec.write(kTile, t, value);
  __syncthreads();

  const bool inner = w.tx >= 1 && w.tx <= L.tile_x && w.ty >= 1 && w.ty <= L.tile_y;
  for (int i = 0; i < L.tile_z && z0 + i < g.nz; ++i) {
    const int z = z0 + i;
    rec.begin(kLoadNext, kStepsPerPlane * i);
    if (read_input(z + 1, value)) next = rec.write(kNext, id, value);  // @load_next
    __syncthreads();

    rec.begin(kCompute, kStepsPerPlane * i);
    const int c = g.index(x, y, z);
    const float m = Materials && inner && g.inside(x, y, z) ? material[c] : 1.0f;
    if (inner && g.inside(x, y, z) && !g.left_alone(x, y, z, m)) {
      const float u = rec.read(kTile, t, curr[t]);  // @compute
      const float v = update_cell<P, Materials>(g, u, m, [&](Offset o, float& nb, float& nm) {
        int xn = x + o.dx, yn = y + o.dy, zn = z + o.dz;
        if (!interior && !g.resolve(xn, yn, zn)) return;
        if (o.dz < 0) {
          nb = rec.read(kPrev, id, prev);
        } else if (o.dz > 0) {
          nb = rec.read(kNext, id, next);
        } else {
          const int s = t + o.dx + L.block_x * o.dy;
          nb = rec.read(kTile, s, curr[s]);
        }
        if (Materials) nm = material[g.index(xn, yn, zn)];
      });
      out[c] = rec.write(kOut, c, rec.op(kOut, c, v));
    }
    __syncthreads();

    rec.begin(kRotate, kStepsPerPlane * i);  // values that hold a cell move down one plane
    if (is_real(z)) prev = rec.write(kPrev, id, rec.read(kTile, t, curr[t]));  // @rotate
    __syncthreads();
    if (is_real(z + 1)) curr[t] = rec.write(kTile, t, rec.read(kNext, id, next));
  }
}
// @end

// @variant temporal-blocked
template <int P, bool Materials, class Rec>
__global__ void __launch_bounds__(kMaxThreads)
    stencil_temporal_blocked(const float* __restrict__ in, float* __restrict__ out,
                             const float* __restrict__ material, GridDesc g, Launch L, Rec rec) {
  const int K = L.steps;
  const int half = L.block_x * L.block_y * L.block_z;  // (T+2K)^d slots per half
  float* tile = shared_floats();  // two halves: a (slots 0..) | b (slots half..)
  const Where w = where(L);
  const int t = w.t;
  const int halo_z = g.dims == 3 ? K : 0;
  // The tile starts K cells before the outputs in x and y (and z in 3D).
  const int x0 = w.bx * L.tile_x - K, y0 = w.by * L.tile_y - K, z0 = w.bz * L.tile_z - halo_z;
  const int x = x0 + w.tx, y = y0 + w.ty, z = z0 + w.tz;
  // Every cell a sub-step computes is at least one cell inside the tile, so its neighbours are
  // in the tile: when the whole tile lies inside the grid, no boundary checks are needed.
  const bool interior = g.interior(x0 + 1, y0 + 1, z0 + 1, x0 + L.block_x - 2, y0 + L.block_y - 2,
                                   z0 + L.block_z - 2);
  tile[t] = tile[half + t] = not_loaded();
  int xs = x, ys = y, zs = z;
  const bool real = g.resolve(xs, ys, zs);  // a grid cell (periodic: wrapped into the grid)
  const int c = real ? g.index(xs, ys, zs) : 0;
  const float m = Materials && real ? material[c] : 1.0f;
  const bool keep = real && g.left_alone(xs, ys, zs, m);

  rec.begin(kLoad);
  if (real) tile[t] = rec.write(kTile, t, rec.read(kIn, c, in[c]));  // @load
  __syncthreads();

  for (int s = 1; s <= K; ++s) {
    rec.begin(kTimeStep, s - 1);
    const int src = s % 2 == 1 ? 0 : half, dst = half - src;  // a -> b, then b -> a, ...
    // After s sub-steps only cells at least s from every tile face are still exact.
    const bool valid = w.tx >= s && w.tx < L.block_x - s && w.ty >= s && w.ty < L.block_y - s &&
                       (halo_z == 0 || (w.tz >= s && w.tz < L.block_z - s));
    if (real && valid) {
      const float u = rec.read(kTile, src + t, tile[src + t]);  // @time_step
      const float v = update_cell<P, Materials>(g, u, m, [&](Offset o, float& nb, float& nm) {
        int xn = xs + o.dx, yn = ys + o.dy, zn = zs + o.dz;
        if (!interior && !g.resolve(xn, yn, zn)) return;
        const int n = src + t + o.dx + L.block_x * (o.dy + L.block_y * o.dz);
        nb = rec.read(kTile, n, tile[n]);
        if (Materials) nm = material[g.index(xn, yn, zn)];
      });
      // A cell left alone carries its value into the other half unchanged.
      tile[dst + t] = rec.write(kTile, dst + t, keep ? u : rec.op(kTile, dst + t, v));
    }
    __syncthreads();
  }

  rec.begin(kStore);
  const int last = K % 2 == 1 ? half : 0;  // the half the final sub-step wrote
  const bool inner = w.tx >= K && w.tx < K + L.tile_x && w.ty >= K && w.ty < K + L.tile_y &&
                     (halo_z == 0 || (w.tz >= K && w.tz < K + L.tile_z));
  if (inner && g.inside(x, y, z) && !keep)
    out[c] = rec.write(kOut, c, rec.read(kTile, last + t, tile[last + t]));  // @store
}

// Fast mode of temporal blocking without materials: the same K sub-steps, but a wide tile of
// 128 x 32 outputs (and its halo K wide) that 256 threads sweep row by row, each handling many
// cells per sub-step, instead of one thread per tile cell: the shared-memory work is spread over
// fewer, busier threads and the global traffic per time step falls to about (1 + halo) / K of a
// copy. The same rule in the same order, so the same bits as every other variant.
constexpr int kTemporalTileX = 128, kTemporalTileY = 32, kTemporalThreads = 256;

template <int P, int K>  // K a compile-time constant: the tile's strides are constants
__global__ void __launch_bounds__(kTemporalThreads)
    stencil_temporal_fast(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  constexpr int sw = kTemporalTileX + 2 * K, sh = kTemporalTileY + 2 * K;  // tile with its halo
  float* const half_a = shared_floats();  // sub-steps go a -> b -> a ...
  float* const half_b = half_a + sw * sh;
  const int ox = blockIdx.x * kTemporalTileX - K, oy = blockIdx.y * kTemporalTileY - K;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, warps = kTemporalThreads / 32;
  const bool periodic = g.boundary == Boundary::Periodic;
  // A tile wholly inside the grid (and off a fixed ring) needs no boundary test at all.
  const bool interior = ox >= 1 && oy >= 1 && ox + sw <= g.nx - 1 && oy + sh <= g.ny - 1;

  if (interior) {  // straight loads the compiler can keep many of in flight
    for (int ly = warp; ly < sh; ly += warps)  // @load
      for (int lx = lane; lx < sw; lx += 32)
        half_a[ly * sw + lx] = in[g.index(ox + lx, oy + ly, 0)];
  } else {
    for (int ly = warp; ly < sh; ly += warps)
      for (int lx = lane; lx < sw; lx += 32) {
        int x = ox + lx, y = oy + ly, z = 0;
        half_a[ly * sw + lx] = g.resolve(x, y, z) ? in[g.index(x, y, 0)] : 0.0f;
      }
  }
  __syncthreads();

  for (int s = 1; s <= K; ++s) {  // @time_step
    const float* src = s % 2 == 1 ? half_a : half_b;
    float* dst = s % 2 == 1 ? half_b : half_a;
    for (int ly = s + warp; ly < sh - s; ly += warps)
      for (int lx = s + lane; lx < sw - s; lx += 32) {
        const int i = ly * sw + lx;
        const float u = src[i];
        float nb[P - 1];
#pragma unroll
        for (int d = 0; d < P - 1; ++d) {
          const Offset o = neighbour<P>(d);
          nb[d] = src[i + o.dx + sw * o.dy];
        }
        if (!interior && !periodic) {
          const int x = ox + lx, y = oy + ly;
          if (!g.inside(x, y, 0)) continue;   // no cell here
          if (g.left_alone(x, y, 0, 1.0f)) {  // the fixed ring carries its value
            dst[i] = u;
            continue;
          }
#pragma unroll
          for (int d = 0; d < P - 1; ++d) {  // insulated: a neighbour outside counts as the cell
            const Offset o = neighbour<P>(d);
            if (!g.inside(x + o.dx, y + o.dy, 0)) nb[d] = u;
          }
        }
        dst[i] = update_uniform(u, nb, g.r);
      }
    __syncthreads();
  }

  const float* last = K % 2 == 1 ? half_b : half_a;
  for (int ly = K + warp; ly < K + kTemporalTileY; ly += warps)  // @store
    for (int lx = K + lane; lx < K + kTemporalTileX; lx += 32) {
      const int x = ox + lx, y = oy + ly;
      if (x < g.nx && y < g.ny) out[g.index(x, y, 0)] = last[ly * sw + lx];
    }
}

// Shared-memory tiling (2D, no materials) uses the same sweep with a halo of one: one time step
// per launch from a 128 x 32 tile, PMPP 8.3's idea with a tile wide enough to pay for its halo.
bool uses_temporal_fast(const Params& p) {
  return (p.variant == Variant::TemporalBlocked || p.variant == Variant::SharedTiled) &&
         p.dim == 2 && !p.materials;
}

template <int P, int K>
void launch_temporal_fast(const Params& p, const float* in, float* out) {
  const GridDesc g{p.nx, p.ny, p.nz, p.dim, p.boundary, p.r};
  const size_t bytes =
      2 * size_t(kTemporalTileX + 2 * K) * (kTemporalTileY + 2 * K) * sizeof(float);
  WS_CUDA_CHECK(cudaFuncSetAttribute(stencil_temporal_fast<P, K>,
                                     cudaFuncAttributeMaxDynamicSharedMemorySize, int(bytes)));
  const dim3 grid((p.nx + kTemporalTileX - 1) / kTemporalTileX,
                  (p.ny + kTemporalTileY - 1) / kTemporalTileY);
  stencil_temporal_fast<P, K><<<grid, kTemporalThreads, bytes>>>(in, out, g);
  WS_CUDA_CHECK_LAUNCH();
}

template <int P>
void launch_temporal_fast(const Params& p, const float* in, float* out, int K) {
  switch (K) {  // validate() keeps K in 1..8
    case 1:
      return launch_temporal_fast<P, 1>(p, in, out);
    case 2:
      return launch_temporal_fast<P, 2>(p, in, out);
    case 3:
      return launch_temporal_fast<P, 3>(p, in, out);
    case 4:
      return launch_temporal_fast<P, 4>(p, in, out);
    case 5:
      return launch_temporal_fast<P, 5>(p, in, out);
    case 6:
      return launch_temporal_fast<P, 6>(p, in, out);
    case 7:
      return launch_temporal_fast<P, 7>(p, in, out);
    case 8:
      return launch_temporal_fast<P, 8>(p, in, out);
  }
  throw Error("temporal blocking advances 1..8 steps per launch, got " + std::to_string(K));
}
// @end

// ================================ host side: launches ==========================================

template <class Rec>
using StencilKernel = void (*)(const float*, float*, const float*, GridDesc, Launch, Rec);

template <int P, bool Materials, class Rec>
StencilKernel<Rec> kernel_for(Variant v) {
  switch (v) {
    case Variant::Basic:
      return stencil_basic<P, Materials, Rec>;
    case Variant::SharedTiled:
      return stencil_shared_tiled<P, Materials, Rec>;
    case Variant::CoarsenedZ:
    case Variant::RegisterTiled:
      if constexpr (P == 7) {
        return v == Variant::CoarsenedZ ? stencil_coarsened_z<P, Materials, Rec>
                                        : stencil_register_tiled<P, Materials, Rec>;
      }
      break;
    case Variant::TemporalBlocked:
      return stencil_temporal_blocked<P, Materials, Rec>;
  }
  throw Error(std::string("stencil variant '") + info(v).id + "' has no " + std::to_string(P) +
              "-point kernel");
}

template <class Rec>
StencilKernel<Rec> kernel_for(const Params& p) {
  switch (p.shape) {
    case Shape::Five:
      return p.materials ? kernel_for<5, true, Rec>(p.variant)
                         : kernel_for<5, false, Rec>(p.variant);
    case Shape::Nine:
      return p.materials ? kernel_for<9, true, Rec>(p.variant)
                         : kernel_for<9, false, Rec>(p.variant);
    case Shape::Seven:
      return p.materials ? kernel_for<7, true, Rec>(p.variant)
                         : kernel_for<7, false, Rec>(p.variant);
  }
  throw Error("unknown stencil shape " + std::to_string(static_cast<int>(p.shape)));
}

int blocks_for(int cells, int per_block) {
  return (cells + per_block - 1) / per_block;
}

// The launch of p: teach mode's shapes, or fast mode's (basic: 32x8 blocks). `steps` is the K
// of this launch (variant 5; it may be below p.steps_per_launch for the last time steps).
Launch make_launch(const Params& p, bool fast, int steps) {
  const int T = p.tile;
  const bool three_d = p.dim == 3;
  Launch L{};
  L.steps = 1;
  L.linear = !fast;
  switch (p.variant) {
    case Variant::Basic:
      L.block_x = fast ? 32 : T;
      L.block_y = fast ? 8 : T;
      L.block_z = 1;
      L.tile_x = L.block_x, L.tile_y = L.block_y, L.tile_z = 1;
      L.grid_z = p.nz;
      break;
    case Variant::SharedTiled:
      L.tile_x = L.tile_y = T;
      L.tile_z = three_d ? T : 1;
      L.block_x = L.block_y = T + 2;
      L.block_z = three_d ? T + 2 : 1;
      L.grid_z = three_d ? blocks_for(p.nz, T) : 1;
      break;
    case Variant::CoarsenedZ:
    case Variant::RegisterTiled:
      L.tile_x = L.tile_y = L.tile_z = T;
      L.block_x = L.block_y = T + 2;
      L.block_z = 1;
      L.grid_z = blocks_for(p.nz, T);
      break;
    case Variant::TemporalBlocked:
      L.steps = steps;
      L.tile_x = L.tile_y = T;
      L.tile_z = three_d ? T : 1;
      L.block_x = L.block_y = T + 2 * steps;
      L.block_z = three_d ? T + 2 * steps : 1;
      L.grid_z = three_d ? blocks_for(p.nz, T) : 1;
      break;
  }
  L.grid_x = blocks_for(p.nx, L.tile_x);
  L.grid_y = blocks_for(p.ny, L.tile_y);
  return L;
}

size_t shared_bytes(Variant v, const Launch& L) {
  const size_t slots = size_t(L.threads());
  switch (v) {
    case Variant::SharedTiled:
      return slots * sizeof(float);
    case Variant::CoarsenedZ:
      return 3 * slots * sizeof(float);  // three planes
    case Variant::RegisterTiled:
      return slots * sizeof(float);  // the current plane
    case Variant::TemporalBlocked:
      return 2 * slots * sizeof(float);  // two halves
    default:
      return 0;
  }
}

template <class Rec>
void launch(const Params& p, const Launch& L, const float* in, float* out, const float* material,
            const Rec& rec) {
  WS_REQUIRE(L.threads() >= 1 && L.threads() <= kMaxThreads,
             "a stencil block of " + std::to_string(L.threads()) +
                 " threads does not fit a launch (1..1024)");
  WS_REQUIRE(!p.materials || material != nullptr,
             std::string("a stencil launch with materials needs the material map"));
  const GridDesc g{p.nx, p.ny, p.nz, p.dim, p.boundary, p.r};
  const dim3 grid = L.linear ? dim3(L.blocks()) : dim3(L.grid_x, L.grid_y, L.grid_z);
  const dim3 block = L.linear ? dim3(L.threads()) : dim3(L.block_x, L.block_y, L.block_z);
  kernel_for<Rec>(p)<<<grid, block, shared_bytes(p.variant, L)>>>(in, out, material, g, L, rec);
  WS_CUDA_CHECK_LAUNCH();
}

// Fast mode's basic kernels: the interior four cells per thread with 16-byte loads, the border
// cell by cell (stencil_basic_interior4, stencil_basic_border).
bool uses_basic_fast(const Params& p) {
  return p.variant == Variant::Basic && p.nx % 4 == 0;
}

// ================================ host side: teach mode ========================================

int find_buffer(const Trace& trace, const char* name) {
  for (size_t i = 0; i < trace.buffers.size(); ++i)
    if (trace.buffers[i].name == name) return static_cast<int>(i);
  return -1;
}

// The first step of each phase, found by the code markers of the CPU model. A phase the variant
// does not have gets a step far out of range, so a stray event is reported.
void map_phases(const Trace& trace, DeviceTrace& rec) {
  constexpr int kAbsent = -(1 << 24);
  const char* markers[kPhaseCount] = {"load",   "compute",   "load_next",
                                      "rotate", "time_step", "store"};
  for (int phase = 0; phase < kPhaseCount; ++phase) {
    rec.phases[phase] = kAbsent;
    for (size_t s = 0; s < trace.steps.size(); ++s) {
      if (trace.steps[s].code_marker == markers[phase]) {
        rec.phases[phase] = static_cast<int>(s);
        break;
      }
    }
  }
}

}  // namespace

namespace detail {

void launch_fast(const Params& p, const float* in, float* out, const float* material,
                 int time_steps) {
  WS_REQUIRE(time_steps >= 1 && time_steps <= p.steps_per_launch,
             "a stencil launch advances 1..K time steps, got " + std::to_string(time_steps));
  WS_REQUIRE(time_steps == 1 || p.variant == Variant::TemporalBlocked,
             std::string("only the temporal-blocked variant advances several steps per launch"));
  if (launch_streaming(p, in, out, material, time_steps)) return;
  if (uses_temporal_fast(p)) {
    if (p.shape == Shape::Nine)
      launch_temporal_fast<9>(p, in, out, time_steps);
    else
      launch_temporal_fast<5>(p, in, out, time_steps);
    return;
  }
  if (uses_basic_fast(p)) {
    if (p.shape == Shape::Nine)
      launch_basic_fast<9>(p, in, out, material);
    else if (p.shape == Shape::Seven)
      launch_basic_fast<7>(p, in, out, material);
    else
      launch_basic_fast<5>(p, in, out, material);
    return;
  }
  launch(p, make_launch(p, true, time_steps), in, out, material, NoTrace{});
}

}  // namespace detail

TeachRun teach_cuda(const Params& p, const std::vector<float>& field,
                    const std::vector<float>& material) {
  // The CPU model validates the request and supplies the trace's buffers and steps; the events
  // and the field after the launch are then replaced by what the GPU recorded and computed.
  TeachRun run = teach_cpu(p, field, material);
  Trace& trace = run.trace;
  const Launch L = make_launch(p, false, p.steps_per_launch);
  for (const TraceStep& s : trace.steps)
    WS_REQUIRE(s.grid_dim == L.blocks() && s.block_dim == L.threads(),
               "step '" + s.label + "': the CPU model launches " + std::to_string(s.grid_dim) +
                   " x " + std::to_string(s.block_dim) + ", the GPU " + std::to_string(L.blocks()) +
                   " x " + std::to_string(L.threads()));

  // The model's event count is exact for a correct kernel; the slack turns a kernel that records
  // too much into a clear error instead of an overflow.
  size_t expected = 0;
  for (TraceStep& s : trace.steps) {
    expected += s.events.size();
    s.events.clear();
  }
  const size_t cells = size_t(p.cells());
  const size_t capacity = 2 * expected + 4096;
  require_device_memory(capacity * sizeof(TraceEvent) + 3 * cells * sizeof(float) + (1 << 20),
                        "a teach-mode stencil trace");
  DeviceBuffer<TraceEvent> events(capacity);
  DeviceBuffer<unsigned long long> count(1);
  count.fill_zero();
  DeviceBuffer<float> in(cells), out(cells), conductivity(p.materials ? cells : 0);
  in.upload(field);
  out.upload(field);  // both buffers hold the cells the launch leaves alone
  if (p.materials) conductivity.upload(material);

  DeviceTrace rec{};
  rec.events = events.data();
  rec.count = count.data();
  rec.capacity = capacity;
  const char* names[kArrayCount] = {"in", "out", "tile", "prev", "next"};
  for (int16_t& b : rec.buffers) b = -1;
  for (int a = 0; a < kArrayCount; ++a)
    rec.buffers[a] = static_cast<int16_t>(find_buffer(trace, names[a]));
  map_phases(trace, rec);
  rec.step = rec.phases[kLoad];

  launch(p, L, in.data(), out.data(), p.materials ? conductivity.data() : nullptr, rec);
  WS_CUDA_CHECK(cudaDeviceSynchronize());

  download_trace_events(events, count, capacity, expected, trace);
  run.after = out.download();
  return run;
}

}  // namespace ws::stencil
