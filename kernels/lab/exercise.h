// The kernel lab's exercises (issue 29): nine PMPP labs a student writes a kernel for. Each one
// knows its kernel's signature and default launch (a source changes the block with the macro its
// BlockRule names: BLOCK_DIM, TILE, ...), builds deterministic inputs at every size, computes the
// CPU reference (double precision where a tolerance is derived, exact for integers), and checks a
// run's outputs, naming the first mismatches and, from the trace, the thread and line that wrote
// them. The texts and sources live in assets/lab/<id>/ (statement.en.md, statement.zh.md,
// starter.cu, solution.cu, bug_*.cu).
//
//   id            PMPP   kernel            what the student writes
//   vector-add    2.5    vector_add        c[i] = a[i] + b[i], one thread per element
//   image-map     3.2    rgb_to_grey       RGB u8 -> grey u8, one thread per pixel (2D grid)
//   conv1d        7.2    conv1d            out[i] = sum_j mask[j] in[i + j - r], zero halo
//   conv2d        7.2    conv2d            the same over a 2D image, (2r+1)^2 mask
//   matmul-tiled  5.4    matmul_tiled      C = A B, 16 x 16 shared tiles
//   transpose     5/6    transpose         out = in^T through a shared 16 x 17 tile
//   histogram     9.4    histogram         64-bin histogram of u8 values, private shared bins
//   reduce        10.4   reduce_sum        one partial sum per block of 2 * blockDim inputs
//   scan          11.2   scan_block        Kogge-Stone inclusive scan of each block's elements
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "lab.h"

namespace ws::lab {

// One kernel parameter as the exercise declares it (the Arg of a Job, without the values).
struct ArgSpec {
  std::string name;
  ElemType type = ElemType::F32;
  bool is_array = true;
  bool writable = false;
};

// Where a student's source sets the launch's block (issue 29), one rule per exercise: `x` is the
// macro or integer constant read ("BLOCK_DIM", "BLOCK_DIM_X", "TILE", "SECTION_SIZE"), `y` the
// second axis's where the two are independent ("BLOCK_DIM_Y"), `square`: x sets both axes (a
// TILE x TILE block). Absent from the source: the default. power_of_two: the exercise's work per
// block needs one (reduce's tree, scan's strides).
struct BlockRule {
  std::string x, y;
  bool square = false;
  bool power_of_two = false;
  int default_x = 64, default_y = 1;
};

// The block a run uses: x, y and where it came from ("" for the exercise's default, else the
// macros read, "BLOCK_DIM" or "BLOCK_DIM_X, BLOCK_DIM_Y").
struct BlockChoice {
  int x = 0, y = 0;  // 0: the exercise's default
  std::string from;
};

// One problem size. dims: {n} for 1D exercises, {width, height} for images, {m, k, n} for matmul
// (A is m x k, B k x n). cpu_dims: what the CPU backend runs instead (empty: dims): "full" sizes
// are reduced there so a traced fiber run stays within seconds.
struct Size {
  std::string name;  // "teach", "odd", "full", or "photo" for a user's image (image-map)
  std::vector<int64_t> dims;
  std::vector<int64_t> cpu_dims;
  bool traced = true;  // false for "full": timed, not traced, on CUDA
  BlockChoice block;   // the source's block (with_source_block); default: the exercise's
};

// The size a backend actually runs (cpu_dims on the CPU when given).
Size size_for(const Size& size, Backend backend);

// The arguments of one run: every ArgSpec with its values (input arrays filled, writable arrays
// zeroed, scalars as [value]).
using Inputs = std::vector<Arg>;

// Expected contents of each argument after the run: empty for arguments the check ignores.
using Expected = std::vector<std::vector<double>>;

struct Exercise {
  std::string id, title, title_zh, kernel;
  BlockRule block_rule;  // which macro of the source sets the block, and its default
  std::vector<ArgSpec> signature;
  std::string folder;  // "lab/<id>", relative to the assets folder
  std::vector<Size> sizes;
  // The planted bugs in the folder (file names, "bug_no_guard.cu"), for demos and the tests.
  std::vector<std::string> planted_bugs;
  // Deterministic inputs for a size (already size_for'd) and a seed.
  std::function<Inputs(const Size&, uint64_t seed)> inputs;
  // The launch for a size: the size's block (the source's) or the exercise's default; the grid
  // follows from the dims and that block. inputs, reference and check honour the block too.
  std::function<Launch(const Size&)> launch;
  // The CPU reference for the inputs.
  std::function<Expected(const Size&, const Inputs&)> reference;
  // Allowed |got - expected| per element, shaped like the reference (null or empty: exact).
  std::function<Expected(const Size&, const Inputs&)> tolerance;
  // A ready Job: source, kernel name, args, launch, traced per the size (filled by exercises()).
  std::function<Job(Backend, const std::string& source, const Size&, const Inputs&)> make;
  // WrongAnswer diagnostics for a finished run (empty: correct). Names up to 5 mismatches: array,
  // index, expected, got, and, when the run was traced, the thread that last wrote the element
  // and its line. Filled by exercises(): reference and tolerance against result.outputs.
  std::function<std::vector<Diagnostic>(const Size&, const Inputs&, const Result&)> check;
  // The built-in baseline's time in ms for the same inputs (CUDA builds only; null where none
  // exists): reduce CUB DeviceReduce, scan CUB DeviceScan, histogram CUB DeviceHistogram
  // (exercise_builtin_timing.h names them).
  std::function<double(const Size&, const Inputs&)> builtin_time_ms;
};

// The block `source` sets under the exercise's rule (BlockChoice{} when it sets none). ws::Error
// naming the macro for a block of zero, over 1024 threads, or not a power of two where the rule
// needs one.
BlockChoice source_block(const Exercise& exercise, const std::string& source);

// size_for, then the block `source` sets (source_block; ws::Error as there).
Size size_for(const Exercise& exercise, const Size& size, Backend backend,
              const std::string& source);

// The block a size runs with: its own, else the exercise's default (x, y).
int block_x(const Size& size, const BlockRule& rule);
int block_y(const Size& size, const BlockRule& rule);

// "grid 8 x 1 of blocks 128 x 1, from BLOCK_DIM in your source" or "..., the exercise's default".
std::string launch_text(const Launch& launch, const BlockChoice& block);

// All nine, in teaching order.
const std::vector<Exercise>& exercises();

// The exercise with this id; ws::Error listing the ids otherwise.
const Exercise& find_exercise(const std::string& id);

// image-map on the user's photo: the Size ("photo", {width, height}; traced up to 512 x 512
// pixels, untraced on CUDA beyond) and its inputs from an interleaved RGB byte array
// (3 * width * height bytes; ws::Error otherwise).
Size image_map_photo_size(int width, int height);
Inputs image_map_photo_inputs(const std::vector<uint8_t>& rgb, int width, int height);

// Reads assets/lab/<id>/<file> from `assets_dir` (ws::Error naming the path when missing).
std::string read_exercise_file(const Exercise& exercise, const std::string& assets_dir,
                               const std::string& file);

}  // namespace ws::lab
