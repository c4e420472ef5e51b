// Sparse matrix-vector multiplication y = A x (PMPP chapter 14): the same nonzeros in five
// layouts (format.h) and the kernels that walk them. CUDA-free API: the CPU twins
// (spmv_*_cpu.cpp) and the CUDA kernels (spmv_*.cu) sit behind it; spmv_teach_body.h holds the
// per-thread code both run. Variant 7 (fast) is F's: spmv_fast.h.
//
// Variants (n rows, nnz nonzeros, L = the longest row, W = the ELL width, D = JDS diagonals):
//   1 coo         PMPP 14.2: one thread per nonzero, atomicAdd(&y[row[i]], val[i] * x[col[i]]).
//                 Work nnz, steps 1 (plus the atomics' serialization on long rows).
//   2 csr         PMPP 14.3: one thread per row walks row_ptr[row]..row_ptr[row+1]. Work nnz,
//                 steps L: a warp waits for its longest row (divergence); lanes read far-apart
//                 col/val (uncoalesced).
//   3 ell         PMPP 14.4: one thread per row over the padded, column-major arrays: slot k of
//                 row r at k * n + r, so a warp's loads are coalesced. Work n * W (padding
//                 included), steps W, no divergence.
//   4 hybrid      PMPP 14.5: ELL with a width W chosen from the row lengths (or given) for the
//                 first W nonzeros of every row, COO atomics for the rest. Work n * W + nnz_coo.
//   5 jds         PMPP 14.6: rows sorted by length (perm), one thread per sorted row walks the
//                 jagged diagonals (iter_ptr), writes y[perm[i]]. Work nnz, steps D; neighbours
//                 have similar lengths, so little divergence, and no padding.
//   6 csr-vector  Bell & Garland 2009 (not in the book's chapter): a warp per row, lanes stride
//                 the row by 32 (coalesced), then a shuffle-down tree (5 levels) sums the 32
//                 partials. Work nnz + 31 n adds, steps ceil(L / 32) + 5.
//   7 fast        merge-path CSR (Merrill & Garland 2016; F's kernel, spmv_fast.h): every thread
//                 an equal share of rows + nnz; its teach view shows the partition it computes.
//
// Values: float32 or float64 (ws::ValueType Float32 / Float64); indices and row pointers int32, so
// at most 2^31 - 1 nonzeros (a known limit). The host matrix holds doubles (matrix.h); the kernels
// see them rounded to T. Each thread adds its products in the order its loop visits them, and the
// library compiles with EXACT_FLOAT, so a CPU twin's y is bit-identical to its kernel's (COO and
// hybrid: only up to the order of the atomics, see below).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/binary_op.h"
#include "../common/trace.h"
#include "format.h"
#include "matrix.h"

namespace ws::spmv {

// ---- Value types. Accepts float32/f32/float and float64/f64/double; throws ws::Error naming
// `option` and those ids. (ws::parse_type stays int32/float32: the other scenes take those.)
ValueType parse_spmv_value_type(const std::string& text, const char* option = "--type");
inline int value_bytes(ValueType type) {
  return type == ValueType::Float64 ? 8 : 4;
}

// ---- Variants.
enum class SpmvVariant : uint8_t {
  Coo = 1,
  Csr = 2,
  Ell = 3,
  Hybrid = 4,
  Jds = 5,
  CsrVector = 6,
  Fast = 7,
};

struct SpmvInfo {
  SpmvVariant variant;
  const char* id;     // coo, csr, ell, hybrid, jds, csr-vector, fast
  const char* title;  // e.g. "ELL, one thread per row, column-major padding"
  // The file whose "@variant id" section the code panel shows, relative to kernels/spmv/:
  // spmv_teach_body.h, the per-thread code the CUDA kernels and the CPU twins both run.
  const char* source;
  const char* reference;  // "PMPP 14.4"; csr-vector: "Bell & Garland 2009"
  const char* lesson;     // one sentence a student should take away
  // Where the kernel departs from the book's figure and why ("" where it does not).
  const char* book_note;
};
const std::vector<SpmvInfo>& spmv_infos();  // 1..7 in order
const SpmvInfo& spmv_info(SpmvVariant v);
// By id or number 1..7; throws ws::Error "--variant: unknown SpMV variant 'x' (accepted: coo, csr,
// ell, hybrid, jds, csr-vector, fast or 1..7)".
SpmvVariant parse_spmv_variant(const std::string& text, const char* option = "--variant");
bool uses_atomics(SpmvVariant v);  // coo, hybrid: y starts at 0 and takes atomicAdds

// ---- Teach limits (the views draw every thread and every cell).
inline constexpr int kSpmvTeachMaxRows = 64;
inline constexpr int kSpmvTeachMaxCols = 64;
inline constexpr int kSpmvTeachMaxNonzeros = 512;
inline constexpr int kSpmvTeachMaxBlockDim = 256;  // threads per block 1..256 (csr-vector: 32k)
inline constexpr int kSpmvWarpSize = 32;
inline constexpr int kShuffleLevels = 5;  // csr-vector: offsets 16, 8, 4, 2, 1

struct SpmvTeachParams {
  SpmvVariant variant = SpmvVariant::Csr;
  ValueType type = ValueType::Float32;  // Float32 or Float64
  int block_dim = 32;                   // threads per block; csr-vector: a multiple of 32
  int hybrid_width = -1;  // hybrid: the ELL width; -1 = choose_hybrid_width (format.h)
};

// Which launch of a variant a thread belongs to: hybrid runs the ELL kernel, then the COO kernel
// over the leftover nonzeros; every other variant has only Main.
enum class SpmvLaunch : uint8_t { Main = 0, HybridCoo = 1 };

// What one thread of a launch does (one entry per thread that exists in the grid, idle ones too).
struct SpmvThreadWork {
  int32_t thread = 0;  // block * block_dim + tid, numbered within its launch
  SpmvLaunch launch = SpmvLaunch::Main;
  int32_t row = -1;  // the row it computes or adds into (coo: its nonzero's row; csr-vector: its
                     // warp's row; jds: perm[thread]); -1: idle (past the end)
  int32_t iterations = 0;  // trips through its loop (ell: W, padding included; coo: 1)
  // The slots of the launch's val array it reads, in its order: csr, csr-vector, jds, coo:
  // nonzero indices; ell and hybrid's ELL part: slots k * rows + r (padding included); hybrid's
  // COO part: indices into hybrid.coo.
  std::vector<int32_t> slots;
};

// One step of the trace, as the views read it (parallel to trace.steps).
struct SpmvStepInfo {
  SpmvLaunch launch = SpmvLaunch::Main;
  // A loop step's k (slot, nonzero, diagonal, stride); coo's (and hybrid's COO part's) step:
  // its warp; a shuffle step: its level (0 = offset 16); -1 otherwise.
  int32_t iteration = -1;
  std::vector<int32_t> rows;  // rows whose thread(s) applied an Op in this step (ascending)
};

// ---- Teach run. Values are doubles holding T-rounded values exactly (Trace::type Float32 or
// Float64; Trace::elem_bytes 4 or 8; index buffers are Int32 with elem_bytes 4, so the sector
// counters are right for float64).
//
// Trace layout (S2's view relies on it). Buffers, named as the book names the arrays, in this
// order (index = position):
//   coo:        0 "row", 1 "col", 2 "val" (nnz each), 3 "x" (cols), 4 "y" (rows, initial 0)
//   csr:        0 "row_ptr" (rows + 1), 1 "col", 2 "val", 3 "x", 4 "y" (initial NaN)
//   ell:        0 "col", 1 "val" (rows * W, column-major, padding col 0 / val 0), 2 "x", 3 "y"
//               (initial NaN)
//   hybrid:     0 "ell_col", 1 "ell_val" (rows * W), 2 "coo_row", 3 "coo_col", 4 "coo_val"
//               (nnz_coo each), 5 "x", 6 "y" (initial NaN; the ELL part writes every row, the COO
//               part adds atomically)
//   jds:        0 "perm" (rows), 1 "iter_ptr" (D + 1; the book's jds_t_col_ptr), 2 "col", 3 "val"
//               (nnz, diagonal by diagonal), 4 "x", 5 "y" (initial NaN)
//   csr-vector: 0 "row_ptr", 1 "col", 2 "val", 3 "x", 4 "y" (initial NaN), 5 "sum" (register,
//               one per thread of the grid, initial NaN: each lane's partial sum)
// op_label "multiply-add"; serial_ops = nnz. Threads numbered block * block_dim + tid within
// their launch; each step's grid_dim / block_dim is its launch's. Events of a thread in program
// order. An Op event is one multiply-add: buffer y (csr-vector: "sum"), address = the row (csr-
// vector: the thread), value = the running sum after it.
// Steps:
//   coo:    "warp w: nonzeros a..b" (phase "atomic", marker "@coo-atomic"), one per warp of the
//           grid that has a nonzero: each thread reads row[i], col[i], val[i], x[col[i]], then
//           Op, then Atomic y[row[i]] += val[i] * x[col[i]]. The twin's atomics land in thread
//           order (the serialization order run.atomic_order lists); the GPU's order may differ.
//   csr:    "row bounds" (phase "load", "@csr-bounds"): reads row_ptr[row], row_ptr[row + 1];
//           "nonzero k" for k = 0..L-1 (phase "multiply", "@csr-multiply"): threads whose row
//           has more than k nonzeros read col[i], val[i], x[col[i]] (i = row_ptr[row] + k), Op;
//           "write y" (phase "write", "@csr-write"): y[row] = sum, every row.
//   ell:    "slot k" for k = 0..W-1 (phase "multiply", "@ell-multiply"): every row's thread
//           reads col[k * rows + r], val[..], x[col[..]] (padding too: x[0] times 0), Op;
//           "write y" ("@ell-write").
//   hybrid: the ELL part as ell ("ELL slot k", "@hybrid-ell-multiply"; "ELL write y",
//           "@hybrid-ell-write"), then the COO part as coo ("COO warp w: nonzeros a..b",
//           "@hybrid-coo-atomic", launch HybridCoo, block_dim as given) on coo_* buffers.
//   jds:    "diagonal k" for k = 0..D-1 (phase "multiply", "@jds-multiply"): thread i reads
//           iter_ptr[0] (k = 0 only), then iter_ptr[k + 1]; while i < iter_ptr[k + 1] -
//           iter_ptr[k] it reads col[iter_ptr[k] + i], val[..], x[col[..]], Op (a thread whose
//           row ended reads only iter_ptr[k + 1] there, then leaves the loop: no later events);
//           "write y" ("@jds-write"): reads perm[i], writes y[perm[i]].
//   csr-vector: "row bounds" ("@csr-vector-bounds"): every lane of the row's warp reads
//           row_ptr[row], row_ptr[row + 1] and writes sum[thread] = 0; "stride k" for k =
//           0..ceil(L/32)-1 (phase "multiply", "@csr-vector-multiply"): lane l reads col[i],
//           val[i], x[col[i]] for i = row_ptr[row] + 32 k + l < row_ptr[row + 1], Op, then writes
//           sum[thread]; "shuffle offset s" for s = 16, 8, 4, 2, 1 (phase "shuffle",
//           "@csr-vector-shuffle"): every lane reads sum[thread + s] (its own sum[thread] when lane
//           + s >= 32, as
//           __shfl_down_sync returns it), Op, writes sum[thread]; "write y" ("@csr-vector-
//           write"): lane 0 writes y[row].
//   A launch with nothing to do (no rows, no nonzeros) leaves its loop steps out; "write y" is
//   always there (maybe empty).
struct SpmvTeachRun {
  Trace trace;
  SpmvTeachParams params;  // as run (hybrid: hybrid_width the width used)
  CsrMatrix matrix;        // the input (values as given, double)
  std::vector<double> x;   // the input vector rounded to T
  std::vector<double> y;   // what the run computed (T values as doubles)
  // The layout the variant walks (only its own is filled): coo; ell; hybrid; jds.
  CooMatrix coo;
  EllMatrix ell;
  HybridMatrix hybrid;
  JdsMatrix jds;
  std::vector<SpmvThreadWork> threads;  // Main launch first, then HybridCoo
  std::vector<SpmvStepInfo> steps;      // parallel to trace.steps
  // coo, hybrid: for every row, the nonzeros (coo: COO indices; hybrid: hybrid.coo indices) in
  // the order their atomics are applied in the trace's replay: thread order (the twin's
  // serialization). A CUDA run's events come back sorted by (step, thread) too, so its trace and
  // atomic_order equal the twin's; the order the device really took is not recorded, only its
  // effect on y (float sums may differ from the twin's in the last bits). Empty otherwise.
  std::vector<std::vector<int32_t>> atomic_order;
};

// Throws ws::Error naming the option and what is accepted: a matrix over the teach limits
// ("--matrix: 80 rows; teach mode takes up to 64"), x of the wrong length ("--x: 3 values for 4
// columns"), block_dim out of range or (csr-vector) not a multiple of 32 ("--threads"), a hybrid
// width below -1 or above the longest row ("--ell-width"), a value type other than float32 /
// float64 ("--type"), variant fast (F's: spmv_fast.h), Backend::Cuda without a device or in a
// CPU-only build.
SpmvTeachRun teach_spmv(const SpmvTeachParams& params, const CsrMatrix& matrix,
                        const std::vector<double>& x, Backend backend);
// The CPU twin alone (teach_spmv(.., Backend::Cpu) after the checks): for tests.
SpmvTeachRun teach_spmv_cpu(const SpmvTeachParams& params, const CsrMatrix& matrix,
                            const std::vector<double>& x);

// ---- Full size on the CPU (spmv_full_cpu.cpp): the same loops as the kernels, one thread, in
// each kernel thread's order (coo, hybrid's COO part: nonzero order), for the CPU backend's fast
// mode and as the GPU tests' twin. Variants 1..6 (fast: spmv_fast.h); hybrid_width -1 = chosen.
template <class T>
std::vector<T> spmv_cpu(SpmvVariant variant, const CsrMatrix& matrix, const std::vector<T>& x,
                        int hybrid_width = -1);
extern template std::vector<float> spmv_cpu<float>(SpmvVariant, const CsrMatrix&,
                                                   const std::vector<float>&, int);
extern template std::vector<double> spmv_cpu<double>(SpmvVariant, const CsrMatrix&,
                                                     const std::vector<double>&, int);

// ---- Full size on the CUDA device (spmv_device.cu). No CUDA types here: a DeviceMatrix holds
// plain device pointers to one variant's layout, uploaded once (so a benchmark times the kernel,
// not the upload); the allocations are freed when the last copy goes.
template <class T>
struct DeviceMatrix {
  SpmvVariant variant = SpmvVariant::Csr;  // the variant whose layout it holds
  int32_t rows = 0, cols = 0;
  int64_t nnz = 0;  // of the matrix (ELL padding not counted)
  // csr, csr-vector (and fast): row_ptr (rows + 1), col, val (nnz).
  // coo: row, col, val (nnz).
  // jds: perm (rows), iter_ptr (diagonals + 1), col, val (nnz, diagonal by diagonal).
  const int32_t* row_ptr = nullptr;
  const int32_t* row = nullptr;
  const int32_t* col = nullptr;
  const T* val = nullptr;
  const int32_t* perm = nullptr;
  const int32_t* iter_ptr = nullptr;
  int32_t diagonals = 0;
  // ell, hybrid: ell_col, ell_val (rows * ell_width, column-major).
  int32_t ell_width = 0;
  const int32_t* ell_col = nullptr;
  const T* ell_val = nullptr;
  // hybrid: the COO part (coo_nnz each).
  int64_t coo_nnz = 0;
  const int32_t* coo_row = nullptr;
  const int32_t* coo_col = nullptr;
  const T* coo_val = nullptr;
  int64_t device_bytes = 0;       // what the layout takes on the device
  std::shared_ptr<void> storage;  // owns the allocations
};

// Builds the variant's layout from the matrix (format.h) and uploads it; hybrid_width -1 = chosen.
// Throws ws::Error when the device lacks the memory (with the bytes), for variant fast, and in a
// CPU-only build.
template <class T>
DeviceMatrix<T> upload(SpmvVariant variant, const CsrMatrix& matrix, int hybrid_width = -1);
extern template DeviceMatrix<float> upload<float>(SpmvVariant, const CsrMatrix&, int);
extern template DeviceMatrix<double> upload<double>(SpmvVariant, const CsrMatrix&, int);

// Launches y = A x for the matrix's variant on `stream` (a cudaStream_t; nullptr: the default
// stream) and returns. dx: cols values, dy: rows values (device pointers). coo clears y first (a
// memset on the same stream, part of the time); hybrid's ELL kernel writes every row before its
// COO kernel adds. Errors come back as ws::Error.
inline constexpr int kSpmvDeviceBlockDim = 256;
template <class T>
void spmv_device(const DeviceMatrix<T>& matrix, const T* dx, T* dy, void* stream = nullptr);
extern template void spmv_device<float>(const DeviceMatrix<float>&, const float*, float*, void*);
extern template void spmv_device<double>(const DeviceMatrix<double>&, const double*, double*,
                                         void*);

// Host vectors in and out (upload, spmv_device, copy back): the GPU tests.
template <class T>
std::vector<T> spmv_on_device(SpmvVariant variant, const CsrMatrix& matrix, const std::vector<T>& x,
                              int hybrid_width = -1);
extern template std::vector<float> spmv_on_device<float>(SpmvVariant, const CsrMatrix&,
                                                         const std::vector<float>&, int);
extern template std::vector<double> spmv_on_device<double>(SpmvVariant, const CsrMatrix&,
                                                           const std::vector<double>&, int);

}  // namespace ws::spmv
