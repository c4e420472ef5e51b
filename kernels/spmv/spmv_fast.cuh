// Variant 7, the fast SpMV (spmv_fast.h): the plan picks one of two paths per matrix from its
// row statistics (spmv_fast_choice.h: regular short rows -> row lanes, anything else -> merge).
// Row lanes (regular short rows: longest <= 2 x mean, mean <= 16; float64 mean <= 8):
//   G lanes a row (G = 1 for mean <= 8, else 4): lane l adds nonzeros l, l + G, ... of its row,
//   then a shuffle tree of width G                       [work nnz + rows log G, no plan scratch]
//   (float64 regular rows of mean 8..16 take the merge path at 128 x 3)
// Merge path (Merrill & Garland 2016; long or uneven rows):
//   0 plan: each tile boundary finds its (row, nonzero) coordinate      [work (N/TILE) log N]
//   1 tile: a. row ends + products val[j] x[col[j]] into shared memory, coalesced; every thread
//              issues all its loads before any gather (no branch between them)
//           b. each thread's coordinate at local diagonal tid ITEMS     [log TILE steps]
//           c. each thread walks ITEMS items: sums in registers
//           d. rows crossing threads: pieces added left to right; finished rows -> y, coalesced
//   2 fix-up: a tile's first row, its pieces from earlier tiles left to right [one thread a tile]
//   work N = rows + nnz: every nonzero, row end, x gather and y store once.
// Self-contained (only the CUDA runtime and spmv_fast_choice.h): bench/dev/spmv_tune.cu includes
// it to sweep THREADS, ITEMS and LOADS and to run the plan's choice. Code-panel markers
// (@fast-rows, @fast-partition, @fast-load, @fast-corank, @fast-walk, @fast-fold, @fast-store,
// @fast-fixup) on the lines they name.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "spmv_fast_choice.h"
#include "spmv_merge_path.h"

namespace ws::spmv::fast {

struct Coord {  // layout of ws::spmv::MergeCoord
  int32_t row;
  int32_t nz;
};

// Shared memory of a tile: T products[TILE] (then the finished rows' y), T head[THREADS],
// T carry[THREADS], int32 row_end[TILE + 1], int32 done[THREADS].
template <class T>
constexpr size_t tile_shared_bytes(int threads, int items) {
  return size_t(threads) * items * sizeof(T) + 2 * size_t(threads) * sizeof(T) +
         (size_t(threads) * items + 1) * 4 + size_t(threads) * 4;
}

// LOADS 0: plain loads of col and val; 1: streaming loads (__ldcs: evict first, so x stays in
// L2); 2: the read-only path (__ldg).
template <int LOADS, class T>
__device__ __forceinline__ T stream_load(const T* p) {
  if constexpr (LOADS == 1)
    return __ldcs(p);
  else if constexpr (LOADS == 2)
    return __ldg(p);
  else
    return *p;
}

// @variant fast
// Row lanes: G lanes a row; lane l adds nonzeros l, l + G, ... in order from 0, then the tree
// p_l += p_{l + G/2}, ..., p_0 += p_1 (the host twin adds in this order).
template <int G, class T>
__global__ __launch_bounds__(256) void spmv_row_lanes_kernel(const int32_t* __restrict__ row_ptr,
                                                             const int32_t* __restrict__ col,
                                                             const T* __restrict__ val,
                                                             const T* __restrict__ x,
                                                             T* __restrict__ y, int32_t rows) {
  const int64_t thread = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  const int64_t row = thread / G;
  const int lane = int(threadIdx.x) % G;
  T sum = T(0);
  if (row < rows) {
    const int32_t end = row_ptr[row + 1];
    for (int32_t k = row_ptr[row] + lane; k < end; k += G)  // @fast-rows
      sum += val[k] * __ldg(x + col[k]);
  }
#pragma unroll
  for (int offset = G / 2; offset > 0; offset /= 2)
    sum += __shfl_down_sync(0xFFFFFFFFu, sum, offset, G);
  if (row < rows && lane == 0) y[row] = sum;
}

// The plan's statistic: the longest row (atomicMax into *longest, zeroed first).
__global__ void spmv_longest_row_kernel(const int32_t* __restrict__ row_ptr, int32_t rows,
                                        int32_t* __restrict__ longest) {
  int32_t best = 0;
  for (int64_t r = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; r < rows;
       r += int64_t(gridDim.x) * blockDim.x)
    best = max(best, row_ptr[r + 1] - row_ptr[r]);
  for (int offset = 16; offset > 0; offset /= 2)
    best = max(best, __shfl_down_sync(0xFFFFFFFFu, best, offset));
  if ((threadIdx.x & 31) == 0) atomicMax(longest, best);
}

// @fast-partition
__global__ void spmv_partition_kernel(const int32_t* __restrict__ row_ptr, int32_t rows,
                                      int32_t nnz, int64_t tile, int64_t tiles,
                                      Coord* __restrict__ coords) {
  const int64_t t = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (t > tiles) return;
  const int64_t total = int64_t(rows) + nnz;
  const int64_t d = t * tile < total ? t * tile : total;
  const int32_t r = merge_path_rows(row_ptr + 1, rows, 0, nnz, d);
  coords[t] = Coord{r, int32_t(d - r)};
}

// The fold ((p_from + p_from+1) + ...) + last over the pieces p[from, to) and `last`.
template <class T>
__device__ __forceinline__ T fold_pieces(const T* p, int from, int to, T last) {
  if (from == to) return last;
  T sum = p[from];
  for (int u = from + 1; u < to; ++u) sum += p[u];
  return sum + last;
}

template <int THREADS, int ITEMS, int LOADS, class T>
__global__ __launch_bounds__(THREADS) void spmv_tile_kernel(
    const int32_t* __restrict__ row_ptr, const int32_t* __restrict__ col, const T* __restrict__ val,
    const T* __restrict__ x, T* __restrict__ y, int32_t rows, const Coord* __restrict__ coords,
    T* __restrict__ tile_head, T* __restrict__ tile_carry, int32_t* __restrict__ tile_done) {
  extern __shared__ __align__(16) unsigned char spmv_smem[];
  constexpr int kTile = THREADS * ITEMS;
  T* s_prod = reinterpret_cast<T*>(spmv_smem);
  T* s_head = s_prod + kTile;
  T* s_carry = s_head + THREADS;
  int32_t* s_row_end = reinterpret_cast<int32_t*>(s_carry + THREADS);
  int32_t* s_done = s_row_end + kTile + 1;
  const int tid = int(threadIdx.x);
  const Coord c0 = coords[blockIdx.x], c1 = coords[blockIdx.x + 1];
  const int n_rows = c1.row - c0.row, n_nz = c1.nz - c0.nz, total = n_rows + n_nz;
  // a. the row ends of rows r0..r1 (r1 unfinished, when it exists) and the products
  const int n_ends = (c1.row < rows ? c1.row : rows - 1) - c0.row + 1;  // @fast-load
  for (int i = tid; i < n_ends; i += THREADS) s_row_end[i] = row_ptr[c0.row + 1 + i];
  if (n_nz > 0) {  // the same for the whole block
    // Indices past the tile's nonzeros read its last one again: no branch between the loads, so
    // all ITEMS col/val loads and then all ITEMS x gathers are in flight at once (a guarded load
    // compiled to a branch each and serialized the gathers: 2x slower on float64, run 1).
    int32_t cols[ITEMS];
    T vals[ITEMS];
#pragma unroll
    for (int q = 0; q < ITEMS; ++q) {
      const int idx = min(q * THREADS + tid, n_nz - 1);
      cols[q] = stream_load<LOADS>(col + c0.nz + idx);
      vals[q] = stream_load<LOADS>(val + c0.nz + idx);
    }
#pragma unroll
    for (int q = 0; q < ITEMS; ++q) vals[q] = vals[q] * __ldg(x + cols[q]);
#pragma unroll
    for (int q = 0; q < ITEMS; ++q)
      if (q * THREADS + tid < n_nz) s_prod[q * THREADS + tid] = vals[q];
  }
  __syncthreads();
  // b. this thread's coordinate: local row i, local nonzero k
  const int diag = tid * ITEMS < total ? tid * ITEMS : total;
  const int count = total - diag < ITEMS ? total - diag : ITEMS;
  int i = merge_path_rows(s_row_end, n_rows, c0.nz, n_nz, diag);  // @fast-corank
  int k = diag - i;
  const int first_row = i;
  // c. the walk: nonzeros add to `sum`; a row end keeps the sum (the first one as the head)
  T sum = T(0), head = T(0);
  T finished[ITEMS];
  bool done = false;
  unsigned ends = 0;  // bit q: item q finished a row after the first
#pragma unroll
  for (int q = 0; q < ITEMS; ++q) {
    finished[q] = T(0);
    if (q < count) {
      if (c0.nz + k < s_row_end[i]) {  // @fast-walk
        sum += s_prod[k];
        ++k;
      } else {
        if (done) {
          finished[q] = sum;
          ends |= 1u << q;
        } else {
          head = sum;
          done = true;
        }
        sum = T(0);
        ++i;
      }
    }
  }
  s_head[tid] = head;
  s_carry[tid] = sum;
  s_done[tid] = (done && count > 0) ? 1 : 0;
  __syncthreads();  // the products are read; s_prod becomes the tile's y
  // d. this thread's rows after its first, then its first row's pieces left to right
  int row = first_row + 1;
#pragma unroll
  for (int q = 0; q < ITEMS; ++q)
    if (ends & (1u << q)) s_prod[row++] = finished[q];
  if (done) {
    int s = tid - 1;
    while (s >= 0 && s_done[s] == 0) --s;  // @fast-fold
    if (s >= 0)
      s_prod[first_row] = fold_pieces(s_carry, s, tid, head);
    else
      tile_head[blockIdx.x] = fold_pieces(s_carry, 0, tid, head);  // first_row is row 0
  }
  const int last = (total + ITEMS - 1) / ITEMS - 1;  // the last thread with items
  if (tid == last) {
    int s = last;
    while (s >= 0 && s_done[s] == 0) --s;
    tile_done[blockIdx.x] = s >= 0 ? 1 : 0;
    tile_carry[blockIdx.x] = fold_pieces(s_carry, s >= 0 ? s : 0, last, s_carry[last]);
  }
  __syncthreads();
  for (int r = 1 + tid; r < n_rows; r += THREADS) y[c0.row + r] = s_prod[r];  // @fast-store
}

// 2: tile t's first row (when it finished one): the pieces of the tiles since the last tile that
// finished a row (their carries), then its head.
template <class T>
__global__ void spmv_fixup_kernel(const Coord* __restrict__ coords, int64_t tiles,
                                  const T* __restrict__ tile_head, const T* __restrict__ tile_carry,
                                  const int32_t* __restrict__ tile_done, T* __restrict__ y) {
  const int64_t t = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (t >= tiles || tile_done[t] == 0) return;
  int64_t s = t - 1;  // @fast-fixup
  while (s >= 0 && tile_done[s] == 0) --s;
  if (s < 0) s = 0;
  T sum = tile_head[t];
  if (s < t) {
    sum = tile_carry[s];
    for (int64_t u = s + 1; u < t; ++u) sum += tile_carry[u];
    sum += tile_head[t];
  }
  y[coords[t].row] = sum;
}
// @end

inline int64_t spmv_tiles(int32_t rows, int32_t nnz, int64_t tile) {
  return (int64_t(rows) + nnz + tile - 1) / tile;
}

// The plan: coords[0..tiles] for tiles of THREADS x ITEMS items. Launch only.
inline cudaError_t launch_partition(const int32_t* row_ptr, int32_t rows, int32_t nnz, int64_t tile,
                                    Coord* coords, cudaStream_t stream) {
  const int64_t tiles = spmv_tiles(rows, nnz, tile);
  if (tiles == 0) return cudaSuccess;
  spmv_partition_kernel<<<unsigned((tiles + 1 + 255) / 256), 256, 0, stream>>>(row_ptr, rows, nnz,
                                                                               tile, tiles, coords);
  return cudaGetLastError();
}

// y = A x with a plan from launch_partition (same THREADS x ITEMS) and per-tile scratch
// (tiles values of T twice, tiles int32). Launch only; returns the launch error.
template <int THREADS, int ITEMS, int LOADS, class T>
cudaError_t launch_spmv(const int32_t* row_ptr, const int32_t* col, const T* val, const T* x, T* y,
                        int32_t rows, int32_t nnz, const Coord* coords, T* tile_head, T* tile_carry,
                        int32_t* tile_done, cudaStream_t stream) {
  const int64_t tiles = spmv_tiles(rows, nnz, int64_t(THREADS) * ITEMS);
  if (tiles == 0) return cudaSuccess;
  auto kernel = spmv_tile_kernel<THREADS, ITEMS, LOADS, T>;
  const size_t smem = tile_shared_bytes<T>(THREADS, ITEMS);
  if (smem > 48 * 1024) {  // opt in once per configuration (not on every timed launch)
    static const cudaError_t opt_in =
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem));
    if (opt_in != cudaSuccess) return opt_in;
  }
  kernel<<<unsigned(tiles), THREADS, smem, stream>>>(row_ptr, col, val, x, y, rows, coords,
                                                     tile_head, tile_carry, tile_done);
  spmv_fixup_kernel<T><<<unsigned((tiles + 255) / 256), 256, 0, stream>>>(coords, tiles, tile_head,
                                                                          tile_carry, tile_done, y);
  return cudaGetLastError();
}

// The longest row into *longest (device; zeroed here). Launch only.
inline cudaError_t launch_longest_row(const int32_t* row_ptr, int32_t rows, int32_t* longest,
                                      cudaStream_t stream) {
  cudaError_t e = cudaMemsetAsync(longest, 0, sizeof(int32_t), stream);
  if (e != cudaSuccess || rows == 0) return e;
  const int64_t blocks = (int64_t(rows) + 255) / 256;
  spmv_longest_row_kernel<<<unsigned(blocks < 2048 ? blocks : 2048), 256, 0, stream>>>(
      row_ptr, rows, longest);
  return cudaGetLastError();
}

// y = A x on the row-lanes path, G = lanes (1, 2, 4 or 8). Launch only.
template <class T>
cudaError_t launch_row_lanes(int lanes, const int32_t* row_ptr, const int32_t* col, const T* val,
                             const T* x, T* y, int32_t rows, cudaStream_t stream) {
  if (rows == 0) return cudaSuccess;
  const unsigned blocks = unsigned((int64_t(rows) * lanes + 255) / 256);
  switch (lanes) {
    case 1:
      spmv_row_lanes_kernel<1, T><<<blocks, 256, 0, stream>>>(row_ptr, col, val, x, y, rows);
      break;
    case 2:
      spmv_row_lanes_kernel<2, T><<<blocks, 256, 0, stream>>>(row_ptr, col, val, x, y, rows);
      break;
    case 4:
      spmv_row_lanes_kernel<4, T><<<blocks, 256, 0, stream>>>(row_ptr, col, val, x, y, rows);
      break;
    case 8:
      spmv_row_lanes_kernel<8, T><<<blocks, 256, 0, stream>>>(row_ptr, col, val, x, y, rows);
      break;
    default:
      return cudaErrorInvalidValue;
  }
  return cudaGetLastError();
}

// y = A x on the path `config` names (the plan's choice, spmv_fast_choice.h): row lanes, or the
// merge path at fast_merge_config(sizeof(T)) (float64: also fast_merge_config_regular64()), the
// merge configurations built per value type (another gives cudaErrorInvalidValue). coords and the
// per-tile scratch: sized and partitioned for config.tile() (the merge path only). Launch only.
template <class T>
cudaError_t launch_fast(const FastSpmvConfig& config, const int32_t* row_ptr, const int32_t* col,
                        const T* val, const T* x, T* y, int32_t rows, int32_t nnz,
                        const Coord* coords, T* tile_head, T* tile_carry, int32_t* tile_done,
                        cudaStream_t stream) {
  if (config.row_lanes())
    return launch_row_lanes<T>(config.lanes, row_ptr, col, val, x, y, rows, stream);
  constexpr FastSpmvConfig merge = fast_merge_config(sizeof(T));
  constexpr int loads = sizeof(T) == 8 ? kFastSpmvLoads64 : kFastSpmvLoads;
  if constexpr (sizeof(T) == 8) {  // float64's second configuration: regular rows of 8..16
    constexpr FastSpmvConfig regular = fast_merge_config_regular64();
    if (config.threads == regular.threads && config.items == regular.items)
      return launch_spmv<regular.threads, regular.items, loads, T>(
          row_ptr, col, val, x, y, rows, nnz, coords, tile_head, tile_carry, tile_done, stream);
  }
  if (config.threads != merge.threads || config.items != merge.items) return cudaErrorInvalidValue;
  return launch_spmv<merge.threads, merge.items, loads, T>(
      row_ptr, col, val, x, y, rows, nnz, coords, tile_head, tile_carry, tile_done, stream);
}

}  // namespace ws::spmv::fast
