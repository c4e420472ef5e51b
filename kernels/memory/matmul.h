// Matrix multiplication (PMPP chapters 3, 5 and 6): P = M N with M I x J, N J x K and P I x K,
// f32, row-major (the book's names: M, N, P; the shared tiles Mds and Nds; TILE_WIDTH). CUDA-free
// API: the CPU twins (matmul_*_cpu.cpp) and the CUDA kernels (matmul_*.cu) sit behind it.
//
// Variants (I J K multiply-adds of work for all; global loads per multiply-add in brackets):
//   1 naive           one thread per output P[row][col] (PMPP 3.4): a dot product of a row of M
//                     and a column of N straight from global memory [2: 0.25 OP/B].
//   2 tiled           TILE_WIDTH x TILE_WIDTH threads; per phase the block loads a tile of M and
//                     of N into shared memory (Mds, Nds), a barrier, TILE_WIDTH multiply-adds
//                     from shared memory, a barrier (PMPP 5.3-5.5, with 5.5's boundary checks so
//                     any size works) [2 / TILE_WIDTH: 0.25 TILE_WIDTH OP/B].
//   3 coarsened       thread coarsening (PMPP 6.3): each thread computes COARSE_FACTOR outputs in
//                     columns TILE_WIDTH apart, loading its Mds element once per phase and
//                     reusing it for every output [(1 + 1/C) / TILE_WIDTH].
//   4 register-tiled  2D register blocking: each thread a TM x TN block of outputs, the block a
//                     BM x BN tile of P with BM x BK / BK x BN tiles of M and N in shared memory;
//                     per k the thread reads TM + TN values from shared memory for TM TN
//                     multiply-adds [1/BN + 1/BM].
//   5 vectorized      4 + float4 global loads and shared stores, Mds stored transposed (so a
//                     thread's TM values of a column of the M tile are one float4 read), and two
//                     shared buffers: the next tile loads while this one is used (one barrier a
//                     phase) [as 4].
//   6 fast            the fastest FP32 SGEMM of the project: warp tiling (a block of warps, each a
//                     WM x WN tile of P, each lane TM x TN), 128 x 128 block tiles, register
//                     prefetch of the next tile, float4 stores; edge tiles take a bounds-checked
//                     path, so any size works. Goal: 0.9x cuBLAS SGEMM (TF32 off) at 4096^3.
// Every variant accumulates k = 0..J-1 in order, one fused multiply-add per term (__fmaf_rn on
// the device, std::fmaf in the twins, starting from +0), so every variant's output equals
// matmul_float bit for bit; matmul_reference (double) and matmul_error_bound bound the rounding.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/trace.h"

namespace ws::mem {

enum class MatmulVariant : uint8_t {
  Naive = 1,
  Tiled = 2,
  Coarsened = 3,
  RegisterTiled = 4,
  Vectorized = 5,
  Fast = 6,
};

struct MatmulVariantInfo {
  MatmulVariant variant;
  const char* id;       // naive, tiled, coarsened, register-tiled, vectorized, fast
  const char* title;    // e.g. "Tiled in shared memory (Mds, Nds)"
  const char* source;   // the kernel file the code panel shows, relative to kernels/memory/
  const char* section;  // PMPP section, e.g. "5.4"
  const char* lesson;   // one sentence a student should take away
};
const std::vector<MatmulVariantInfo>& matmul_variant_infos();  // 1..6 in order
const MatmulVariantInfo& matmul_info(MatmulVariant v);
// The id or its number 1..6; false otherwise.
bool parse_matmul_variant(const std::string& text, MatmulVariant& out);
bool uses_shared_tiles(MatmulVariant v);  // 2..6

// A row-major float matrix.
struct FloatMatrix {
  int rows = 0, cols = 0;
  std::vector<float> values;  // rows * cols
  float at(int r, int c) const { return values[size_t(r) * size_t(cols) + size_t(c)]; }
};

// ---- References (CPU, any size). Throw ws::Error when M.cols != N.rows or a size is wrong.
// The exact product in double precision.
std::vector<double> matmul_reference(const FloatMatrix& M, const FloatMatrix& N);
// In float, p = fmaf(M[i][k], N[k][j], p) for k = 0..J-1 from p = +0: every variant's result.
std::vector<float> matmul_float(const FloatMatrix& M, const FloatMatrix& N);
// Per output, a bound on |float result - exact|: J * eps * sum_k |M[i][k] N[k][j]| (eps = 2^-24
// f32 unit roundoff; at least the smallest normal float). Holds for any summation order, so it
// bounds cuBLAS against matmul_float too (use 2x: both sides round).
std::vector<double> matmul_error_bound(const FloatMatrix& M, const FloatMatrix& N);

// ---- Teach mode: one traced run on small matrices (every side 1..kMatmulTeachMaxSide).
inline constexpr int kMatmulTeachMaxSide = 16;
inline constexpr int kMatmulTeachMinTile = 2, kMatmulTeachMaxTile = 8;
//
// Launch (all variants): blocks of tile x tile threads (block_x = block_y = tile), threads
// numbered block * block_threads + ty * block_x + tx, blocks row-major over the grid (block =
// by * grid_x + bx).
//   1 naive: thread (ty, tx) of block (by, bx) computes P[by tile + ty][bx tile + tx].
//   2 tiled: the same outputs; phase p loads Mds[ty][tx] = M[row][p tile + tx] and
//     Nds[ty][tx] = N[p tile + ty][col] (0 outside M or N: no read).
//   3 coarsened: a block covers tile rows x (tile coarse_factor) columns; thread (ty, tx)
//     computes P[row][col0 + c tile] for c = 0..coarse_factor-1, col0 = bx tile coarse + tx.
//   4, 5 (and 6, which teaches as 4: the same schedule and trace, its steps' code markers
//     "@fast-load", "@fast-compute", "@fast-store" pointing at the fast kernel's matching lines):
//     TM = TN = thread_tile, BM = BN = tile thread_tile, BK = tile; thread (ty, tx) computes P[by
//     BM + ty TM + i][bx BN + tx TN + j], i < TM, j < TN. The block loads its BM x BK tile of M and
//     BK x BN tile of N cooperatively: element e of the tile (row-major) is loaded by thread e mod
//     (tile^2), in rounds; variant 5 loads 4 consecutive elements per thread per round (a float4:
//     events with vector_part 0..3) where they all lie inside the matrix and its rows are a
//     multiple of 4 long (16-byte aligned), else scalar loads (a Skip for each one outside).
//
// Trace layout (the views draw PMPP Fig 5.5-5.7 from it):
//   buffers 0 "M" (global, I x J), 1 "N" (global, J x K), 2 "P" (global, I x K; initial NaN),
//   3 "Mds" (shared, per block), 4 "Nds" (shared, per block); the naive variant has no 3 and 4.
//     Mds: variants 2-3 tile x tile, [ty][tx]; 4 BM x BK, [m][k]; 5 two buffers of BK x BM,
//     transposed: [buf][k][m] (address buf BK BM + k BM + m). Nds: 2-3 tile x tile [ty][tx];
//     4 BK x BN [k][n]; 5 two buffers [buf][k][n].
//   steps (phase field in quotes, label after it):
//     naive: "compute" steps "k a..b", one per tile-width chunk of k, each thread's read of M,
//       read of N and an Op event at its P address (value: the running sum) per k; then "store"
//       ("store P": the write of P). Threads outside P have no events.
//     tiled (2, 4, 6): per phase p = 0..ceil(J / BK)-1: "load" ("load phase p": each thread's
//       reads of M and N and its writes of Mds / Nds, 0 written with no read outside the
//       matrices; barriers 1) then "compute" ("compute phase p": per k of the tile, the reads of
//       Mds and Nds and an Op per multiply-add at the output's P address with the running sum;
//       barriers 1). Then "store" ("store P"). Threads whose outputs all lie outside P load
//       but do not compute (no Op events).
//     coarsened (3): per phase p and output c: "load" ("load phase p, output c": Mds is loaded
//       with c = 0 only, Nds every c; barriers 1), "compute" ("compute phase p, output c";
//       barriers 1); then "store".
//     vectorized (5): "load" ("load phase 0": the first tiles into buffer 0; barriers 1), then
//       per phase p "compute" ("compute phase p"): first the prefetch of phase p + 1 (global
//       reads of M and N, writes into the other buffer), then the reads and Ops of phase p;
//       barriers 1 (a single barrier a phase: the two buffers make the second one unneeded).
//   Op events: address = the output's index in P, value = the running sum after the fmaf.
struct MatmulTeachParams {
  MatmulVariant variant = MatmulVariant::Tiled;
  int tile = 2;           // TILE_WIDTH: the block is tile x tile threads; teach 2..8
                          // (vectorized: 4 or 8, BK = tile holds whole float4s)
  int coarse_factor = 2;  // variant 3: outputs per thread, 1..4
  int thread_tile = 2;    // variants 4-6: TM = TN; 1..4, BM = tile thread_tile <= 16
};
struct MatmulTeachGeometry {
  int grid_x = 1, grid_y = 1;    // blocks
  int block_x = 1, block_y = 1;  // threads per block
  int tile_m = 1, tile_n = 1;    // rows and columns of P a block computes
  int tile_k = 1;                // k per phase (0 for naive: no phases)
  int phases = 0;                // ceil(J / tile_k) (naive: the number of compute steps)
  int outputs_per_thread = 1;    // 1, coarse_factor or thread_tile^2
};
struct MatmulTeachRun {
  Trace trace;
  MatmulTeachParams params;
  FloatMatrix M, N;
  int I = 0, J = 0, K = 0;
  std::vector<double> output;  // what the run wrote to P, I x K
  MatmulTeachGeometry geometry;
};
// Throws ws::Error naming the option: a side outside 1..16, M.cols != N.rows, a tile outside
// 2..8, a coarse factor outside 1..4, a thread tile outside 1..4 or a block tile over 16, or
// Backend::Cuda without a device.
MatmulTeachRun teach_matmul(const MatmulTeachParams& params, const FloatMatrix& M,
                            const FloatMatrix& N, Backend backend);
MatmulTeachGeometry matmul_teach_geometry(const MatmulTeachParams& params, int I, int J, int K);

// ---- The model (PMPP 5.2's arithmetic intensity): global bytes loaded (each block loads its
// row band of M and column band of N once per phase; naive: 2 floats per multiply-add), FLOPs
// (2 I J K), OP/B = flops / bytes loaded. `tile` is TILE_WIDTH (variants 2-3), the naive block's
// edge (ignored by the count), and for 4-5 BM = BN = tile * thread_tile; variant 6 uses its
// default block tile (fast_block_tile()) whatever `tile` is. Square n, tile | n: naive 0.25,
// tiled 0.25 tile (16: 4, 32: 8), coarsened tile C / (2 (C + 1)), register-tiled BM / 4
// (BM = BN).
struct MatmulTraffic {
  double bytes_loaded = 0;  // global loads of M and N
  double bytes_stored = 0;  // P, 4 I K
  double flops = 0;         // 2 I J K
  double op_per_byte = 0;   // flops / bytes_loaded
};
MatmulTraffic matmul_traffic(MatmulVariant v, int64_t I, int64_t J, int64_t K, int tile,
                             int coarse_factor = 4, int thread_tile = 8);
int fast_block_tile();  // BM (= BN) of variant 6's default configuration
// The model of what time_matmul / run_matmul launch (the roofline's measured points): `tile` is
// TILE_WIDTH for 1-3 (coarsened with COARSE_FACTOR 4); 4, 5 and 6 their fixed block tiles (64,
// 128, fast_block_tile()).
MatmulTraffic matmul_full_size_traffic(MatmulVariant v, int64_t I, int64_t J, int64_t K, int tile);

// ---- Full size on the backend. `tile`: TILE_WIDTH for 1-3 (8, 16 or 32); 4-6 use their fixed
// full-size configurations (4: 64 x 64 x 8, 4 x 4 per thread; 5: 128 x 128 x 8, 8 x 8; 6: the
// default fast configuration) and ignore it; coarsened uses COARSE_FACTOR 4. The CPU backend
// runs the twin's arithmetic (matmul_float). Throws ws::Error for a bad tile or size (1..16384
// per side) or Backend::Cuda without a device.
std::vector<float> run_matmul(MatmulVariant v, const FloatMatrix& M, const FloatMatrix& N, int tile,
                              Backend backend);

// ---- Timings on the CUDA device: random matrices, the median of `repeats` runs after a warm-up
// (CUDA events). GFLOP/s = 2 I J K / time. `available` false with a plain `note` without a
// device (or, for cuBLAS, without libcublas: loaded at run time with dlopen, libcublas.so.13,
// .so.12, .so, also from $CUDA_HOME/lib64 and /usr/local/cuda/lib64; math mode
// CUBLAS_DEFAULT_MATH, no TF32; the note says whether NVIDIA_TF32_OVERRIDE=1 is set, which would
// let cuBLAS use TF32 anyway).
struct MatmulTiming {
  bool available = false;
  double ms = 0;
  double gflops = 0;
  std::string name;  // the variant's title, or "cuBLAS cublasSgemm (FP32, no TF32)"
  std::string note;
};
MatmulTiming time_matmul(MatmulVariant v, int I, int J, int K, int tile, int repeats);
MatmulTiming time_cublas_sgemm(int I, int J, int K, int repeats);
// The device's FP32 peak: SMs x FP32 lanes per SM x 2 (an FMA is two FLOPs) x clock, in
// GFLOP/s; 0 without a device.
double peak_fp32_gflops();
// cuBLAS's SGEMM on the given matrices (row-major through the transposed column-major call),
// for tests; empty with `note` set when cuBLAS or the device is absent.
std::vector<float> cublas_sgemm(const FloatMatrix& M, const FloatMatrix& N, std::string& note);

}  // namespace ws::mem
