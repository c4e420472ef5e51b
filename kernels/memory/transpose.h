// Matrix transpose (the lecture chapter's tiled transpose; cuda-samples' transpose; PMPP 6.1's
// coalescing): a rows x cols f32 matrix, row-major, becomes its cols x rows transpose,
// out[c][r] = in[r][c]. No arithmetic at all: every variant moves rows * cols elements once in
// and once out (work rows * cols copies, one step each), and they differ only in HOW a warp's
// 32 addresses fall on memory. CUDA-free API: the CPU twins (transpose_*_cpu.cpp) and the CUDA
// kernels (transpose_*.cu) sit behind it.
//
// Variants (T = the tile edge):
//   1 naive-rows     one thread per element, a T x T block over the input: a warp reads a row
//                    segment (coalesced: 32 floats = 4 sectors, 1 line) and writes a column of
//                    the output (strided: 32 sectors, 32 lines).
//   2 naive-columns  the other way: a T x T block over the output; a warp reads a column of the
//                    input (32 sectors) and writes a row segment of the output (4 sectors).
//   3 tiled          a T x T shared tile: the block loads its input tile by rows (coalesced),
//                    barrier, then stores the output tile by rows (coalesced), reading the tile
//                    by columns: tile[tx][ty], T floats apart, so at T = 32 all 32 lanes hit one
//                    bank (32-way conflict).
//   4 padded         the tile T x (T + 1): the column read walks T + 1 words apart, a different
//                    bank per lane; no conflicts at T = 32 (2-way at T = 8, 16: see below).
//   5 diagonal       padded + diagonal block order (cuda-samples' transposeDiagonal): block b of
//                    the launch takes the tile on a diagonal, so the blocks running at once spread
//                    over the DRAM partitions ("partition camping" on GT200-era GPUs). Modern GPUs
//                    hash addresses over the partitions, so it barely matters any more: the bench
//                    shows it within a few percent of padded.
//   6 fast           the fastest this project makes: a padded tile moved by fewer threads (each
//                    thread T / block_rows elements: more loads in flight per thread, cuda-samples'
//                    TILE_DIM 32 / BLOCK_ROWS 8), and at full size 16-byte float4 loads and stores
//                    where both sides are multiples of 4 (transpose_fast.cu; configurations in
//                    fast_configs()). Goal: >= 90% of the measured copy bandwidth at 8192^2 f32.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/trace.h"

namespace ws::mem {

enum class TransposeVariant : uint8_t {
  NaiveRows = 1,
  NaiveColumns = 2,
  Tiled = 3,
  Padded = 4,
  Diagonal = 5,
  Fast = 6,
};

struct TransposeInfo {
  TransposeVariant variant;
  const char* id;         // naive-rows, naive-columns, tiled, padded, diagonal, fast
  const char* title;      // e.g. "Shared tile, padded (no bank conflicts)"
  const char* source;     // the kernel file the code panel shows, relative to kernels/memory/
  const char* reference;  // e.g. "cuda-samples transposeNoBankConflicts; lecture: tiled transpose"
  const char* lesson;     // one sentence a student should take away
};
const std::vector<TransposeInfo>& transpose_infos();  // 1..6 in order
const TransposeInfo& transpose_info(TransposeVariant v);
// The id or its number 1..6.
bool parse_transpose_variant(const std::string& text, TransposeVariant& out);
bool uses_tile(TransposeVariant v);  // 3..6: a shared tile, load and store phases

inline constexpr int kTransposeTeachMaxSide = 64;  // teach: matrices up to 64 x 64
inline constexpr int kTransposeMinTile = 4;        // teach: tile edge 4..32
inline constexpr int kTransposeMaxTile = 32;
// The default teach tile: 32, the book's case. A warp is then one row of the tile: the unpadded
// column read puts all 32 lanes in one bank (32-way) and the padded one spreads them over 32
// banks (1-way). Smaller tiles show other numbers: unpadded T x T, T dividing 32, has
// T^2 / 32 ways (T = 16: 8-way, T = 8: 2-way, T = 4: a 16-thread block, 1); padded T x (T + 1)
// below 32 is 2-way (T = 8, 16): a warp reads 32 / T columns at once, and the +1 pad separates
// the words of one column, not those of two (T = 16: lanes tx 0 and 15 of neighbouring rows meet,
// as 17 * 15 = -1 mod 32).
inline constexpr int kTransposeDefaultTile = 32;

// ---- Teach mode: one traced run on a small matrix (1..64 x 1..64), values in[i][j] = i*cols+j.
// Launch (every variant): a grid of blocks over tiles of T x T elements, numbered row-major as
// launched (blockIdx.x = the launch's linear block number). Blocks of T x T threads, except
// fast: T x block_rows threads, each thread T / block_rows elements (rows ty, ty + block_rows,
// ...). naive-rows, tiled, padded, fast: grid over the INPUT's tiles (grid_x = ceil(cols / T),
// grid_y = ceil(rows / T)), block (bx, by) = (b % grid_x, b / grid_x). naive-columns: grid over
// the OUTPUT's tiles (grid_x = ceil(rows / T), grid_y = ceil(cols / T)). diagonal: grid over the
// input's tiles, but launch block b takes tile (bx, by) = ((b / grid_y + b % grid_y) % grid_x,
// b % grid_y) (cuda-samples' mapping for rectangular matrices; see TransposeRun::tile_of).
// The fast variant's teach run is its small-tile form: the padded scalar tile with block_rows
// rows of threads (no float4: the full-size kernel's vectors move 4 elements per instruction,
// which the teach trace does not draw).
//
// Trace layout (the views rely on it):
//   buffers 0 "in" (global, rows * cols, the input), 1 "out" (global, cols * rows, unwritten at
//   first), 2 "tile" (shared, per block, T * (T + pad) with pad 0 for tiled, 1 for padded,
//   diagonal and fast: element (r, c) of the tile at r * (T + pad) + c; variants 3..6 only).
//   steps: naive variants one step, phase "copy": each thread reads in[r][c] and writes
//   out[c][r] (address c * rows + r); naive-rows r = by T + ty, c = bx T + tx; naive-columns
//   r = bx T + tx, c = by T + ty. Tiled variants step 0 phase "load" (1 barrier): each thread
//   reads in[by T + y][bx T + tx] and writes tile[y][tx]; step 1 phase "store": it reads
//   tile[tx][y] and writes out[bx T + y][by T + tx]; y = ty (fast: ty, ty + block_rows, ...).
//   No Op events: Trace::serial_ops is 0 and op_label "copy" (a transpose only moves data).
//   Threads numbered block * block_threads + ty * block_x + tx (block_x = T). A thread outside
//   the matrix (a partial tile) records nothing in that element's place: it skips it.
//   Fast: a thread's events for element k (row ty + k * block_rows of the tile) in order of k.
// Counters (compute_counters on the trace) then give each warp's sectors (global_requests), lines
// (global_lines) and bank ways (max_bank_ways, bank_conflicts). Worked at T = 32 and 32-multiple
// sizes: naive-rows reads 4 sectors / 1 line per warp, writes 32 / 32; tiled's column read is
// 32-way; padded's 1-way.
struct TransposeTeachParams {
  TransposeVariant variant = TransposeVariant::Tiled;
  int tile = kTransposeDefaultTile;  // T, 4..32
  int block_rows = 4;                // fast only: threads per tile column, 1..T, dividing T
};
struct TransposeGeometry {
  int grid_x = 1, grid_y = 1;    // blocks
  int block_x = 1, block_y = 1;  // threads per block (block_x = T)
  int tile = 0;                  // T
  int pad = 0;                   // the tile's row is T + pad floats (0 without a tile)
  bool over_output = false;      // naive-columns: the grid covers the output's tiles
  bool diagonal = false;         // diagonal block order
  int block_threads() const { return block_x * block_y; }
  int blocks() const { return grid_x * grid_y; }
};
struct TransposeRun {
  Trace trace;
  TransposeTeachParams params;
  int rows = 0, cols = 0;      // of the input
  std::vector<double> input;   // rows * cols
  std::vector<double> output;  // cols * rows: what the run wrote to "out" (NaN where unwritten)
  TransposeGeometry geometry;
  // The tile (bx, by) launch block b works on: over the input's tiles, except naive-columns
  // (over the output's); diagonal order for diagonal.
  void tile_of(int block, int& bx, int& by) const;
};
// The geometry of a request (no checks).
TransposeGeometry transpose_geometry(const TransposeTeachParams& params, int rows, int cols);
// Throws ws::Error naming the problem: an unknown variant, a side outside 1..64 ("teach mode
// takes matrices of 1..64 x 1..64, not 65 x 3"), a tile outside 4..32, block_rows outside 1..T
// or not dividing T (fast), Backend::Cuda without a device or in a CPU-only build.
TransposeRun teach_transpose(const TransposeTeachParams& params, int rows, int cols,
                             Backend backend);

// ---- Full size.
// The direct transpose on the host: out[c * rows + r] = in[r * cols + c].
std::vector<float> transpose_reference(const std::vector<float>& in, int rows, int cols);
// Runs `variant` (its full-size kernel: T = 32, fast in its default configuration) on the device
// on a rows x cols host matrix and returns the cols x rows result. Throws ws::Error for sizes
// that are not positive, in.size() != rows * cols, or without a CUDA device.
std::vector<float> transpose_on_device(TransposeVariant variant, const std::vector<float>& in,
                                       int rows, int cols);

// Timings on the CUDA device: median of `repeats` runs after a warm-up (CUDA events), of a rows x
// cols f32 matrix; bytes moved = read + write once = 2 * rows * cols * 4; GB/s = bytes / ms / 1e6.
struct TransposeTiming {
  bool available = false;  // false: no device (note says why)
  double ms = 0;
  double gbps = 0;
  std::string name;  // the variant's title, "copy kernel", "cudaMemcpy device to device"
  std::string note;
};
TransposeTiming time_transpose(TransposeVariant variant, int rows, int cols, int repeats);
// The same bytes copied, not transposed: a plain float4 grid-stride copy kernel, and cudaMemcpy
// device-to-device beside it. % of copy = kernel GB/s / copy-kernel GB/s in one process.
struct CopyTimings {
  TransposeTiming kernel;
  TransposeTiming memcpy;
};
CopyTimings time_copy(int rows, int cols, int repeats);

// ---- The fast variant's configurations, for the lead's sweep on the GPU (bench/dev).
// tile x tile elements per block, tile/vector x block_rows threads; vector 1 (scalar floats) or
// 4 (float4 rows: needs rows and cols multiples of 4, else the scalar form runs). streaming
// (float4 only): loads and stores with the evict-first cache hints (__ldcs, __stcs), as every
// element is touched once. grid_stride (float4 only): as many blocks as fit on the device at once
// (the occupancy API), each looping over tiles, instead of one block per tile. registers (float4
// only): no shared tile; each lane transposes 4 x 4 blocks in registers, a warp owning 32 columns
// x `tile` rows (16 or 32), block_rows warps a block (transpose_fast_registers.cu).
struct FastConfig {
  int tile = 32;
  int block_rows = 8;
  int vector = 1;
  bool streaming = false;
  bool grid_stride = false;
  bool registers = false;
  std::string name() const;  // e.g. "tile 64, 8 rows, float4, streaming, grid-stride"
};
const std::vector<FastConfig>& fast_configs();  // the compiled ones; [0] is the default
// Times fast_configs()[index] at rows x cols (as time_transpose); available false for a bad
// index or without a device.
TransposeTiming time_fast_config(int index, int rows, int cols, int repeats);
// Runs fast_configs()[index] on a rows x cols host matrix (as transpose_on_device): the GPU
// tests check every configuration the sweep times. Throws ws::Error for a bad index too.
std::vector<float> transpose_fast_config_on_device(int index, const std::vector<float>& in,
                                                   int rows, int cols);

}  // namespace ws::mem
