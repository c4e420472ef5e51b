// Variant 7 of spmv.h, the fast SpMV y = A x (CSR, int32 row pointers and columns, float or
// double values), its timings and the cuSPARSE baseline; CUDA-free API. The kernels are
// templates in spmv_fast.cuh (self-contained: bench/dev/spmv_tune.cu sweeps their
// configurations), instantiated in spmv_fast.cu; the host twin (spmv_fast_cpu.cpp) partitions
// and adds exactly as the kernels do (EXACT_FLOAT: bit-identical y).
//
// Two paths; the plan chooses one per matrix from its row statistics, computed once when it is
// made (spmv_fast_choice.h: choose_fast_spmv):
//   regular short rows (longest <= 2 x mean; mean <= 16 in float32, <= 8 in float64)  ->  row
//     lanes: G lanes a row, G = 1 for mean <= 8 (one thread a row), G = 4 above: lane l adds
//     nonzeros l, l + G, ... of its row in order from 0, then a shuffle tree p_l += p_{l + G/2}
//     ... p_0 += p_1. No plan or fix-up on rows this even (2D Poisson: G = 1, 85% of a copy's
//     bandwidth on an H200).   [work nnz + rows log G]
//   float64 regular rows of 8 < mean <= 16  ->  the merge path at 128 x 3
//     (fast_merge_config_regular64; random 16 a row: 0.93x cuSPARSE against G = 4's 0.84x).
//   anything else  ->  the merge path below, one configuration per value type
//     (fast_merge_config: float32 128 x 7, float64 128 x 5, col/val with streaming loads).
//
// Merge-path CSR (Merrill & Garland, "Merge-based parallel sparse matrix-vector multiplication",
// SC 2016). The work is the merge of two lists: the row ends row_ptr[1..rows] (list A) and the
// nonzero indices 0..nnz-1 (list B); nonzero j comes before row end r when j < row_ptr[r + 1].
// Walking the merged list, a nonzero adds val[j] x[col[j]] to the running sum and a row end writes
// the sum to y[r] and starts the next row. The list has rows + nnz items; every thread takes an
// equal share, ITEMS of them, so one long row or many empty rows cannot unbalance a warp.
//   0 plan (once per matrix): each tile boundary d = t TILE (TILE = THREADS x ITEMS) finds its
//     coordinate (row r_t, nonzero j_t) by a binary search of diagonal d   [work (N/TILE) log N]
//   1 tile (a block of THREADS threads, items [t TILE, (t+1) TILE)):
//     a. row ends row_ptr[r_t+1 .. r_{t+1}+1] and the products val[j] x[col[j]] of its nonzeros
//        into shared memory, coalesced (x through the read-only path, __ldg)
//     b. each thread finds its own coordinate at local diagonal tid ITEMS (log TILE steps)
//     c. each thread walks its ITEMS items: sums in registers, rows it completes into shared y
//     d. the pieces of a row that crosses threads are added left to right (below); the block's
//        completed rows go to y with coalesced stores
//   2 fix-up (one thread per tile): rows that cross tiles, their tile pieces left to right.
//   work rows + nnz (each nonzero, row end, x gather and y store once); global traffic
//   row_ptr + col + val + x (gathered) + y.
// Summation order (what the host twin reproduces; the bound tests use it): a row's nonzeros are
// added in order within a thread, starting from 0; a row that crosses threads is the sum of its
// per-thread pieces p_a, ..., p_b added left to right ((p_a + p_a+1) + ...) + p_b, where a
// thread's piece of a row it did not finish is its "carry" and of the row it finishes first its
// "head"; a row crossing tiles is the same fold over the tiles' pieces (each tile's piece itself
// the fold over its threads). Each product is rounded once (plus the rounding of val and x to T),
// then passes through at most len_r - 1 additions in a thread and one fold addition per thread
// and per tile its row's len_r + 1 items touch (<= (len_r + 1) / ITEMS + 2 each), so
// |y_r - exact| <= (3 + len_r + 2 (len_r / ITEMS + 2)) eps sum_j |a_rj x_j| to first order
// (spmv_timing_check.h: rounding_steps). Row lanes: a lane adds ceil(len_r / G) products, the
// tree log2 G pieces: at most len_r additions, inside the same bound.
// Limits: int32 row pointers and columns (up to 2^31 - 1 nonzeros and rows); rows + nnz < 2^31.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../common/binary_op.h"
#include "spmv_fast_choice.h"

struct CUstream_st;  // the CUDA runtime's stream; cudaStream_t is CUstream_st*

namespace ws::spmv {

struct CsrMatrix;  // matrix.h

using DeviceStream = CUstream_st*;  // a cudaStream_t, without the CUDA headers

// ---- Configuration: FastSpmvConfig, the per-type merge configurations and the choice rule are
// in spmv_fast_choice.h (THREADS a multiple of 32, 32..1024; ITEMS 1..32; shared memory about
// THREADS x ITEMS x (4 + sizeof(T)) bytes; row lanes G in 1, 2, 4, 8). CUB's DeviceSpmv (the same
// merge algorithm) used tiles of the same order (64-128 threads x 5-7 items).

// A tile boundary's coordinate on the merge path: rows finished before it, nonzeros before it.
struct MergeCoord {
  int32_t row = 0;
  int32_t nz = 0;
};

// The coordinate of diagonal d (0 <= d <= rows + nnz): the co-rank search over row_ptr[1..rows]
// and 0..nnz-1 (row ends count as finished when row_ptr[r + 1] <= the nonzeros before them).
MergeCoord merge_path_coord(const int32_t* row_ptr, int32_t rows, int32_t nnz, int64_t d);

// ---- The device view of a CSR matrix (device pointers; K's DeviceMatrix hands these out).
template <class T>
struct CsrView {
  int32_t rows = 0;
  int32_t cols = 0;
  int32_t nnz = 0;
  const int32_t* row_ptr = nullptr;  // rows + 1
  const int32_t* col = nullptr;      // nnz
  const T* val = nullptr;            // nnz
};

// What repeated SpMVs on one matrix share, built once by make_fast_spmv_plan: the path chosen
// from the row statistics (config, why) and, for the merge path, the tile coordinates (tiles + 1,
// on the device) and the per-tile pieces the fix-up reads, sized for config.tile(), the tile the
// SpMV launches.
struct FastSpmvPlan {
  int32_t rows = 0;
  int32_t nnz = 0;
  int32_t longest_row = 0;
  FastSpmvConfig config;  // config.row_lanes(): the row-lanes path (no scratch, tiles 0)
  std::string why;        // choose_fast_spmv's line: which path and why
  int64_t tiles = 0;
  size_t value_bytes = 0;        // 4 or 8: the pieces' type
  std::shared_ptr<void> device;  // device scratch (coordinates, pieces); null on the CPU
  MergeCoord* coords = nullptr;  // device: tiles + 1
  void* tile_head = nullptr;     // device: tiles values (T): the piece of the tile's first row
  void* tile_carry = nullptr;    // device: tiles values (T): the piece of its unfinished row
  int32_t* tile_done = nullptr;  // device: tiles flags: the tile finished at least one row
};

// ---- Host twin (any size; the CPU backend's fast mode and the CPU tests). Values and x are
// converted to T first; y bit-identical to the kernel's (EXACT_FLOAT). Without a config: the
// plan's choice for this matrix and T (fast_spmv_choice), as spmv_fast runs it; with one: that
// path (config.lanes > 0: row lanes, else the merge path at threads x items). Throws ws::Error
// when x.size() != a.cols or the config is outside the limits above.
template <class T>
std::vector<T> spmv_fast_cpu(const CsrMatrix& a, const std::vector<T>& x);
template <class T>
std::vector<T> spmv_fast_cpu(const CsrMatrix& a, const std::vector<T>& x, FastSpmvConfig config);
// The plan's choice for a host matrix (its longest row, rows, nonzeros) and values of
// value_bytes (4 or 8): what make_fast_spmv_plan picks for the same matrix on the device.
FastSpmvChoice fast_spmv_choice(const CsrMatrix& a, size_t value_bytes);
// The plan's tile coordinates on the host: entry t = merge_path_coord at min(t TILE, rows + nnz),
// t = 0..tiles (what the teach view shows as variant 7's partition).
std::vector<MergeCoord> fast_spmv_partition(const CsrMatrix& a, FastSpmvConfig config = {});

// ---- Device entry points (CUDA builds; T = float or double). make_fast_spmv_plan finds the
// longest row on the device and waits for it (once per matrix), chooses the path
// (choose_fast_spmv) and, for the merge path, partitions; spmv_fast is asynchronous on `stream`.
// Launch errors throw ws::Error; CPU-only builds throw ws::Error. The plan must come from the
// same matrix (rows, nnz; checked) and value type.
template <class T>
FastSpmvPlan make_fast_spmv_plan(const CsrView<T>& a, DeviceStream stream);
template <class T>
void spmv_fast(const CsrView<T>& a, const T* x, T* y, FastSpmvPlan& plan, DeviceStream stream);

// Host vectors in and out on the CUDA device: the matrix uploaded (values rounded to T), the
// plan made, one spmv_fast, y copied back (the GPU tests and the CUDA backend's fast mode).
// Throws ws::Error without a device, in a CPU-only build, or when x.size() != a.cols.
template <class T>
std::vector<T> spmv_fast_on_device(const CsrMatrix& a, const std::vector<T>& x);

// ---- cuSPARSE, loaded at run time (dlopen libcusparse.so.13, .so.12, .so; also from
// $CUDA_HOME/lib64 and /usr/local/cuda/lib64): true when it can run here, else false and `why`
// (when not null) a plain sentence (not installed, a symbol missing, no CUDA device, CPU build).
bool cusparse_available(std::string* why = nullptr);
enum class CusparseAlg : uint8_t {
  Default = 0,
  CsrAlg2 = 1
};  // CUSPARSE_SPMV_ALG_DEFAULT,
    // CUSPARSE_SPMV_CSR_ALG2
const char* cusparse_alg_name(CusparseAlg alg);

// ---- Timings on the CUDA device. The matrix is uploaded once (values converted to `value`:
// Float32 or Float64), x = seeded random in [-1, 1) (kFastSpmvSeed), then a warm-up and the
// median of max(20, repeats) runs (CUDA events; the plan / cuSPARSE's buffer-size and preprocess
// calls outside the timed loop). The last result is checked against dense_reference (long double)
// row by row within the summation-order bound above (cuSPARSE: the same bound with its order
// unknown, len_r + 64 terms; a matrix without nonzeros is not given to it: available false):
// `checked` true when every row passes, `max_error` the largest
// |y - ref| / (eps sum |a x|) seen. CPU-only builds and no device: available false, note says why.
struct SpmvTiming {
  bool available = false;
  bool checked = false;
  double ms = 0;            // median
  double gflops = 0;        // 2 nnz / time, 1e9 / s
  double gbps = 0;          // bytes / time, 1e9 B/s
  double copy_gbps = 0;     // ws::copy_bandwidth_gbps_at(Cuda, bytes)
  double copy_percent = 0;  // gbps / copy_gbps x 100
  int64_t bytes = 0;        // spmv_bytes below
  double max_error = 0;     // in units of eps sum |a x| (see above)
  std::string name;         // the variant's title or the library call
  std::string note;         // why not available, or what to know
};
inline constexpr uint64_t kFastSpmvSeed = 28;
// Effective bytes: row_ptr (rows + 1) x 4 + col nnz x 4 + val nnz x vb + x cols x vb (read once)
// + y rows x vb, vb = 4 (Float32) or 8 (Float64).
int64_t spmv_bytes(int64_t rows, int64_t cols, int64_t nnz, ValueType value);
// variant 1..7 (spmv.h; 1-6 through spmv_device, 7 the fast SpMV). Throws ws::Error for another
// variant, a value type other than Float32 / Float64, or a non-square-compatible x (never: x is
// made here).
SpmvTiming time_spmv(int variant, ValueType value, const CsrMatrix& a, int repeats);
SpmvTiming time_cusparse(CusparseAlg alg, ValueType value, const CsrMatrix& a, int repeats);

}  // namespace ws::spmv
