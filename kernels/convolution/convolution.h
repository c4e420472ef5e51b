// Convolution (PMPP chapter 7; the course's convolution lab): every output is a weighted sum of
// its input's neighbourhood, P[y][x] = sum_{j,i} F[j][i] * N[y - ry + j][x - rx + i] (the book's
// definition: the filter is not flipped, so "convolution" here is the correlation the book and
// the lab compute). Input cells outside the array are ghost cells: zero, clamped to the edge, or
// mirrored (reflect-101: ... 2 1 | 0 1 2 ... n-1 | n-2 ...). CUDA-free API: the CPU twins
// (*_cpu.cpp) and the CUDA kernels (*.cu) sit behind it.
//
// Variants (n outputs, a (2r+1)^2 filter, F = (2r+1)^2 taps; 1D: F = 2r+1):
//   1 basic          one thread per output, the filter in global memory (PMPP 7.2). Work n F
//                    multiply-adds, one step; 2 global loads per multiply-add: 0.25 OP/B.
//   2 constant       the filter in constant memory (7.3): every lane of a warp reads the same tap
//                    at once, one broadcast from the constant cache; 0.5 OP/B.
//   3 tiled-input    block = input tile (7.4): every thread loads one input cell (with the halo)
//                    into shared memory, then only the inner OUT_TILE^2 threads compute; the halo
//                    threads load and idle. OP/B = OUT^2 F 2 / (IN^2 4) for f32.
//   4 tiled-output   block = output tile (7.5): the tile's interior from shared memory, the halo
//                    read from global memory through the L1/L2 caches; every thread computes.
//   5 fast           the fastest this project makes: more outputs per thread from registers,
//                    vector loads, separable (two 1D passes) when the filter has rank 1.
// Every variant accumulates the taps in the same order (filter row j, then column i, in float),
// so variants 1-4 give bit-identical float outputs; variant 5's separable path rounds differently
// (within float tolerance of the double reference).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/image_engine.h"
#include "../common/trace.h"

namespace ws::conv {

enum class Variant : uint8_t {
  Basic = 1,
  ConstantMemory = 2,
  TiledInput = 3,
  TiledOutput = 4,
  Fast = 5,
};

struct VariantInfo {
  Variant variant;
  const char* id;      // command-line name: basic, constant, tiled-input, tiled-output, fast
  const char* title;   // e.g. "Tiled, block = input tile (halo threads idle)"
  const char* source;  // the kernel file the code panel shows, relative to kernels/convolution/
  const char* lesson;  // one sentence a student should take away
};
const std::vector<VariantInfo>& variant_infos();  // 1..5 in order
const VariantInfo& info(Variant v);
bool parse_variant(const std::string& text, Variant& out);  // the id or its number 1..5
bool is_tiled(Variant v);                                   // 3, 4, 5: radius <= kMaxTiledRadius

enum class Boundary : uint8_t { Zero = 0, Clamp = 1, Mirror = 2 };
const char* boundary_name(Boundary b);  // "zero", "clamp", "mirror"
bool parse_boundary(const std::string& text, Boundary& out);
// The input index a ghost cell at i (outside 0..n-1) reads under `b`; -1 under Zero (no read).
// Mirror reflects repeatedly, so any i maps into 0..n-1 (n = 1: 0).
int64_t ghost_index(int64_t i, int64_t n, Boundary b);

inline constexpr int kMaxTiledRadius = 7;    // tiled kernels (3-5): up to 15 x 15
inline constexpr int kMaxRadius = 31;        // basic and constant: up to 63 x 63
inline constexpr int kMaxSide = 8192;        // images up to 8192 x 8192
inline constexpr int kTeachMaxSide = 32;     // teach mode: images up to 32 x 32
inline constexpr int kTeachMaxLength = 256;  // teach mode: 1D arrays up to 256

// A filter: width x height weights, row-major, both sides odd (the centre is the output's cell).
// A 1D filter has height 1 (and is applied along rows).
struct Filter {
  int width = 1, height = 1;
  std::vector<float> weights;
  int radius_x() const { return width / 2; }
  int radius_y() const { return height / 2; }
  int radius() const { return radius_x() > radius_y() ? radius_x() : radius_y(); }
  bool is_1d() const { return height == 1; }
  int64_t taps() const { return int64_t(width) * height; }
};
// Throws ws::Error naming the problem: an even or non-positive side ("a filter needs a centre:
// 4 weights in a row; give an odd count, 1..63"), weights.size() != width * height, a side over
// 2 kMaxRadius + 1, a weight that is not finite.
void validate(const Filter& f);

// How the u8 image path turns the (float) weighted sum into a byte: round(v + bias) clamped to
// 0..255; Absolute takes |v| first (edge detectors); Magnitude combines two filters as
// sqrt(a^2 + b^2) (Sobel magnitude).
enum class Post : uint8_t { None = 0, Absolute = 1, Magnitude = 2 };

// A named or typed filter as the scene applies it: one filter, or two for Magnitude.
struct FilterSpec {
  std::string name;  // "box", "gaussian", ..., or "typed"
  Filter filter;
  std::optional<Filter> second;  // Magnitude: the y filter
  Post post = Post::None;
  float bias = 0;  // emboss: 128
};
// Named filters: box, gaussian (sigma; 0: radius / 2, at least 0.5), sharpen, emboss, sobel-x,
// sobel-y, sobel (magnitude), laplacian, motion (a diagonal line of 2r+1 taps). `dims` 1 makes
// the 1D form (box, gaussian, motion; a 1D derivative [-1 0 1] for sobel-x); 2 the 2D form. The
// fixed-size ones (sharpen, emboss, sobel, laplacian) are 3 x 3 at radius 1 and grow to the radius
// asked for (sobel and laplacian: the larger smoothed forms; sharpen and emboss: padded).
// (Radius 0 gives the 3 x 3 form of sharpen, emboss, sobel and laplacian: they need a neighbour.)
// Weights of smoothing filters sum to 1. Throws ws::Error listing the accepted names, or a radius
// outside 0..kMaxRadius, or a sigma that is not positive and finite.
FilterSpec named_filter(const std::string& name, int radius, double sigma, int dims);
const std::vector<std::string>& filter_names();
// The rank-1 split of a 2D filter, F[j][i] = column[j] * row[i] (within a relative 1e-5), or
// nothing; a 1D filter is its own row.
struct Separable {
  std::vector<float> row, column;
};
std::optional<Separable> separate(const Filter& f);

// One channel of an image or a 1D array (height 1), row-major.
struct Plane {
  int width = 0, height = 0;
  std::vector<float> values;
  int64_t size() const { return int64_t(width) * height; }
};

// ---- References (CPU, any size).
// The exact convolution in double precision.
std::vector<double> convolve_reference(const Plane& in, const Filter& f, Boundary b);
// In float, taps in the variants' order (row j, column i): what variants 1-4 give bit for bit.
std::vector<float> convolve_float(const Plane& in, const Filter& f, Boundary b);

// ---- Teach mode: one traced run on a small input (up to kTeachMaxSide^2, or kTeachMaxLength in
// 1D). `tile` is the block's edge (1D: its length; 2D: tile x tile threads) for every variant:
// variant 3's input tile (its output tile is tile - 2r), variant 4's output tile; variant 5's
// thread computes `outputs_per_thread` outputs along x.
//
// Trace layout (the views rely on it):
//   buffers 0 "N" (global, the input, width*height), 1 "F" (the filter: MemSpace::Global for
//   variant 1, MemSpace::Constant for the others), 2 "P" (global, the output), 3 "N_s" (shared,
//   the input tile with its halo, per block; variants 3-5 only).
//   steps: phase "load" (tiled variants: one step, each thread's global reads of N and its
//   writes to N_s; ghost cells under Zero are written as 0 with no read), then phase "compute",
//   one step per filter row j (each thread's reads of N or N_s and of F, then an Op event at its
//   output's address with the running sum), then phase "store" (the write of P). Threads are
//   numbered block * block_threads + ty * block_x + tx; blocks row-major over the grid.
//   A ghost cell under Zero is a predicated-off load: where the read of N (and, in compute, of F)
//   would have been, the thread records an EventKind::Skip of that buffer (address -1), so the
//   counters group every lane's n-th read of a buffer as one warp instruction (the load phase of
//   variants 3 and 5: a Skip of N; the taps of variants 1, 2 and 4's halo: a Skip of N, then of F).
struct TeachParams {
  Variant variant = Variant::Basic;
  Boundary boundary = Boundary::Zero;
  int tile = 8;                // the block edge, 4..32 (1D: 4..256); tiled: > 2r
  int outputs_per_thread = 2;  // variant 5
};
struct TeachGeometry {
  int grid_x = 1, grid_y = 1;          // blocks
  int block_x = 1, block_y = 1;        // threads per block
  int in_tile_x = 0, in_tile_y = 0;    // the shared tile with its halo (0: no tile)
  int out_tile_x = 0, out_tile_y = 0;  // outputs a block computes
};
struct TeachRun {
  Trace trace;
  TeachParams params;
  Filter filter;
  int width = 0, height = 0;
  std::vector<double> input;   // width * height
  std::vector<double> output;  // what the run wrote to P
  TeachGeometry geometry;
  // The input tile of block b: its first input cell (may be negative: ghost cells) in x and y.
  int tile_origin_x(int block) const;
  int tile_origin_y(int block) const;
};
// Throws ws::Error for an input larger than the teach limits, a radius too large for the
// variant or the tile ("radius 5 needs a tile of at least 11 for tiled-input"), or Backend::Cuda
// without a device.
TeachRun teach(const TeachParams& params, const Plane& input, const Filter& filter,
               Backend backend);

// ---- Arithmetic intensity (PMPP 7.4-7.5): operations (a multiply and an add per tap) per byte
// of global (DRAM) traffic, 4-byte f32 elements, for variant `v` with an output tile of `out_tile`
// (2D: out_tile^2 outputs) and a filter of radius r in `dims` 1 or 2. Variants 1-2 count every
// load; 3 counts the input tile (out_tile + 2r)^2 once; 4 counts the tile's interior once (the
// halo from the caches); 5 as 3 with outputs_per_thread. `bound`: the same at an infinitely
// large tile. The book's figures: 5x5 with 32x32 input tiles 9.57 (bound 12.5); 9x9 22.78 (40.5);
// 5x5 with 8x8 input tiles 3.13.
struct Intensity {
  double op_per_byte = 0;
  double bound = 0;
};
Intensity arithmetic_intensity(Variant v, int out_tile, int radius, int dims);

// ---- The engine the live filter, the CLI and the benchmarks drive: an 8-bit image on the
// backend (ws::ImageEngine) filtered by any variant; the output is bytes after FilterSpec's post
// rule.
class Engine : public ImageEngine {
 public:
  // Throws ws::Error for Backend::Cuda in a CPU-only build or without a usable device.
  static std::unique_ptr<Engine> create(Backend backend);
  // Filters every channel with `variant` (variant 5 splits rank-1 filters); throws ws::Error for
  // a radius the variant does not take (naming the limit). The image is kept.
  virtual void filter(Variant variant, const FilterSpec& spec, Boundary boundary) = 0;
  // Median wall time of `repeats` runs of filter() in milliseconds (CUDA: events, after a warm-up).
  virtual double time_filter_ms(Variant variant, const FilterSpec& spec, Boundary boundary,
                                int repeats) = 0;
};

// ---- Full-size timings on the CUDA device for the benchmark: a w x h image of `channels` random
// planes of `elem` (U8: bytes in and out, f32 accumulation; F32: floats in and out), median of
// `repeats` runs after a warm-up, plus NPP's nppiFilter on the same data (libnppif loaded at run
// time with dlopen; `available` false with `note` saying why when it is absent).
enum class Elem : uint8_t { U8 = 0, F32 = 1 };
struct Timing {
  bool available = false;
  double ms = 0;
  std::string name;  // the variant's title or e.g. "NPP nppiFilterBorder_32f_C1R"
  std::string note;
};
Timing time_variant(Variant v, Elem elem, int w, int h, int channels, const Filter& f, Boundary b,
                    int repeats);
Timing time_npp_filter(Elem elem, int w, int h, int channels, const Filter& f, int repeats);

}  // namespace ws::conv
