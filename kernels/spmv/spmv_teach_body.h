// What one thread of an SpMV kernel does, written once for both backends: the CUDA kernels
// (spmv_*.cu) call these with a DeviceTrace (teach) or NoTrace (full size), the CPU twins
// (spmv_*_cpu.cpp, spmv_full_cpu.cpp) with a HostTrace or HostNoTrace, so a twin's trace and
// sums are its kernel's by construction. rec.read(buffer, address, value) returns the value.
// Each thread adds its products in its loop's order: sum = sum + x[col] * val, one rounding per
// operation (the library is built with EXACT_FLOAT).
#pragma once

#include <cstdint>

#include "../common/host_device.h"

namespace ws::spmv::body {

// The kernels' names for the arrays; each launch maps them to its Trace::buffers indices.
enum SpmvBuffer : int {
  kBufRowPtr,
  kBufRow,
  kBufCol,
  kBufVal,
  kBufX,
  kBufY,
  kBufSum,
  kBufPerm,
  kBufIterPtr,
  kBufCount
};
// Phases; the recorder maps each to its first step (a loop's level k is step base + k).
//   kBounds: csr, csr-vector "row bounds"; kLoop + k: the k-th iteration; kShuffle + level;
//   kWrite: "write y"; kAtomic + warp: coo's (and hybrid's COO part's) step of one warp.
enum SpmvPhase : int { kBounds, kLoop, kShuffle, kWrite, kAtomic, kPhaseCount };

inline constexpr int kWarp = 32;

// The warp a thread belongs to as the counters number them: warps never span blocks, so a block
// of block_dim threads holds ceil(block_dim / 32) warps.
WS_HD int warp_of(int64_t thread, int block_dim) {
  const int64_t warps_per_block = (block_dim + kWarp - 1) / kWarp;
  return static_cast<int>((thread / block_dim) * warps_per_block + (thread % block_dim) / kWarp);
}

// The arrays of one launch (device or host pointers), whichever the variant walks.
template <class T>
struct Arrays {
  int32_t rows = 0;
  int64_t nnz = 0;  // coo: the triples; csr: the nonzeros
  const int32_t* row_ptr = nullptr;
  const int32_t* row = nullptr;
  const int32_t* col = nullptr;
  const T* val = nullptr;
  const int32_t* perm = nullptr;
  const int32_t* iter_ptr = nullptr;
  int32_t diagonals = 0;  // jds
  int32_t width = 0;      // ell: slots per row
  const T* x = nullptr;
  T* y = nullptr;
};

// @helper multiply-add
// One multiply-add of a row loop: reads col[i], val[i], x[col[i]] (the book's order) and
// returns sum + x * val, recorded as an Op at `op_address` of `op_buffer`.
template <class T, class Rec>
WS_HD T multiply_add(const Arrays<T>& a, int64_t i, T sum, int op_buffer, int64_t op_address,
                     Rec& rec) {
  const int c = rec.read(kBufCol, i, a.col[i]);
  const T v = rec.read(kBufVal, i, a.val[i]);
  const T xv = rec.read(kBufX, c, a.x[c]);
  return rec.op(op_buffer, op_address, sum + xv * v);
}
// @end

// @variant coo
// PMPP 14.2. Thread i < nnz: returns the product its atomicAdd adds to y[*row_out] (the kernel
// does the atomicAdd; the twin adds in thread order).
template <class T, class Rec>
WS_HD T coo_thread(const Arrays<T>& a, int64_t i, int block_dim, Rec& rec, int* row_out) {
  rec.begin(kAtomic, warp_of(i, block_dim));
  const int r = rec.read(kBufRow, i, a.row[i]);
  const int c = rec.read(kBufCol, i, a.col[i]);
  const T v = rec.read(kBufVal, i, a.val[i]);
  const T xv = rec.read(kBufX, c, a.x[c]);
  const T product = rec.op(kBufY, r, xv * v);
  *row_out = r;
  return rec.atomic(kBufY, r, product);  // @coo-atomic atomicAdd(&y[row], x[col] * value)
}
// @end

// @variant csr
// PMPP 14.3. Thread row < rows walks its own row: a warp waits for its longest row.
template <class T, class Rec>
WS_HD void csr_thread(const Arrays<T>& a, int row, Rec& rec) {
  rec.begin(kBounds);
  const int start = rec.read(kBufRowPtr, row, a.row_ptr[row]);  // @csr-bounds
  const int end = rec.read(kBufRowPtr, row + 1, a.row_ptr[row + 1]);
  T sum = T(0);
  for (int i = start; i < end; ++i) {
    rec.begin(kLoop, i - start);
    sum = multiply_add(a, i, sum, kBufY, row, rec);  // @csr-multiply
  }
  rec.begin(kWrite);
  a.y[row] = rec.write(kBufY, row, sum);  // @csr-write
}
// @end

// @variant ell
// PMPP 14.4, the 3rd edition's loop over every slot: thread row < rows reads slot k of its row
// at k * rows + row (neighbouring threads, neighbouring addresses), padding (col 0, val 0) too.
template <class T, class Rec>
WS_HD void ell_thread(const Arrays<T>& a, int row, Rec& rec) {
  T sum = T(0);
  for (int k = 0; k < a.width; ++k) {
    rec.begin(kLoop, k);
    sum = multiply_add(a, int64_t(k) * a.rows + row, sum, kBufY, row, rec);  // @ell-multiply
  }
  rec.begin(kWrite);
  a.y[row] = rec.write(kBufY, row, sum);  // @ell-write
}
// @end

// @variant hybrid
// PMPP 14.5. Launch 1, the ELL part: every row's first W nonzeros (padded), as ell_thread.
template <class T, class Rec>
WS_HD void hybrid_ell_thread(const Arrays<T>& ell, int row, Rec& rec) {
  T sum = T(0);
  for (int k = 0; k < ell.width; ++k) {
    rec.begin(kLoop, k);
    sum = multiply_add(ell, int64_t(k) * ell.rows + row, sum, kBufY,  // @hybrid-ell-multiply
                       row, rec);
  }
  rec.begin(kWrite);
  ell.y[row] = rec.write(kBufY, row, sum);  // @hybrid-ell-write
}
// Launch 2, the COO part: the nonzeros past W of the longer rows, added atomically, as
// coo_thread (returns the product for the atomicAdd).
template <class T, class Rec>
WS_HD T hybrid_coo_thread(const Arrays<T>& coo, int64_t i, int block_dim, Rec& rec, int* row_out) {
  rec.begin(kAtomic, warp_of(i, block_dim));
  const int r = rec.read(kBufRow, i, coo.row[i]);
  const int c = rec.read(kBufCol, i, coo.col[i]);
  const T v = rec.read(kBufVal, i, coo.val[i]);
  const T xv = rec.read(kBufX, c, coo.x[c]);
  const T product = rec.op(kBufY, r, xv * v);
  *row_out = r;
  return rec.atomic(kBufY, r, product);  // @hybrid-coo-atomic
}
// @end

// @variant jds
// PMPP 14.6. Thread i < rows takes sorted row i (original row perm[i]) along the jagged
// diagonals while it is inside them: diagonal k holds element k of every row longer than k.
template <class T, class Rec>
WS_HD void jds_thread(const Arrays<T>& a, int i, Rec& rec) {
  T sum = T(0);
  int start = 0;
  for (int k = 0; k < a.diagonals; ++k) {
    rec.begin(kLoop, k);
    if (k == 0) start = rec.read(kBufIterPtr, 0, a.iter_ptr[0]);
    const int end = rec.read(kBufIterPtr, k + 1, a.iter_ptr[k + 1]);
    if (start + i >= end) break;  // no element of this row on diagonal k: the row is done
    // (perm[i] here only names the row in the trace's Op; the write below reads it for y)
    sum = multiply_add(a, start + i, sum, kBufY, a.perm[i], rec);  // @jds-multiply
    start = end;
  }
  rec.begin(kWrite);
  const int row = rec.read(kBufPerm, i, a.perm[i]);  // @jds-write
  a.y[row] = rec.write(kBufY, row, sum);
}
// @end

// @variant csr-vector
// Bell & Garland 2009. The warp of row `row`: lane `lane` takes the row's elements lane,
// lane + 32, ... (a warp's loads side by side), then the kernel adds the 32 partial sums with
// five __shfl_down_sync levels (shuffle_add) and lane 0 writes y[row].
template <class T, class Rec>
WS_HD T csr_vector_lane(const Arrays<T>& a, int row, int lane, int64_t thread, Rec& rec) {
  rec.begin(kBounds);
  const int start = rec.read(kBufRowPtr, row, a.row_ptr[row]);  // @csr-vector-bounds
  const int end = rec.read(kBufRowPtr, row + 1, a.row_ptr[row + 1]);
  T sum = rec.write(kBufSum, thread, T(0));
  int k = 0;
  for (int i = start + lane; i < end; i += kWarp, ++k) {
    rec.begin(kLoop, k);
    sum = multiply_add(a, i, sum, kBufSum, thread, rec);  // @csr-vector-multiply
    rec.write(kBufSum, thread, sum);
  }
  return sum;
}

// One level of the tree for a lane: `other` is what __shfl_down_sync(mask, sum, offset) gave it
// (lane + offset's sum, or its own when lane + offset >= 32).
template <class T, class Rec>
WS_HD T shuffle_add(T sum, T other, int lane, int offset, int level, int64_t thread, Rec& rec) {
  rec.begin(kShuffle, level);
  rec.read(kBufSum, lane + offset < kWarp ? thread + offset : thread, other);
  sum = rec.op(kBufSum, thread, sum + other);  // @csr-vector-shuffle
  return rec.write(kBufSum, thread, sum);
}

// Lane 0 holds the row's sum after the last level.
template <class T, class Rec>
WS_HD void csr_vector_write(const Arrays<T>& a, int row, T sum, Rec& rec) {
  rec.begin(kWrite);
  a.y[row] = rec.write(kBufY, row, sum);  // @csr-vector-write
}
// @end

}  // namespace ws::spmv::body
