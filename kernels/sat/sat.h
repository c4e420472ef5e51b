// Summed-area tables (SAT): a 2D inclusive prefix sum, SAT(x, y) = sum of img(x', y') over x' <= x
// and y' <= y. Scan every row, then every column of the result; then the sum over any rectangle
// is four look-ups, SAT(D) - SAT(B) - SAT(C) + SAT(A), so a 3x3 box filter and a 500x500 one cost
// the same. CUDA-free API: the CPU twins (sat_*_cpu.cpp) and the CUDA kernels (*.cu) sit behind it.
//
// Variants (w x h image, n = w h pixels):
//   1 row-column       the notes' version: one thread per row scans it serially, then one thread
//                      per column. Work 2n adds, steps w + h. The row phase is uncoalesced
//                      (neighbouring threads read addresses w apart), the column phase coalesced.
//   2 transpose        transpose through a padded shared-memory tile, scan (one thread per line,
//                      coalesced), transpose back, scan again: every global access coalesced,
//                      the padding keeps the tile free of bank conflicts. Work 2n adds + 2n
//                      moves, steps w + h + 2 transposes.
//   3 block-scan       rows and columns scanned by the scan scene's block scans (a block per line,
//                      warp-shuffle / Brent-Kung in shared memory): work O(n), steps O(log w +
//                      log h) per section.
//   4 single-pass      one launch over tiles taken in order from an atomic counter: each tile
//                      computes its local SAT, publishes its row sums at once, looks back across
//                      the tiles to its left for its row carries (decoupled look-back, Merrill &
//                      Garland 2016) and waits for the tile above to publish the table row above
//                      it. Reads the image once, writes the table once; the waits cost latency.
//   5 register-tiled   the fastest: register-cached tiles (Chen, Wahib et al. 2018 style), a warp
//                      per tile; tile sums, a tiny scan of the sums, then each tile's table with
//                      its carries (sat_register_tiled.cu). Reads the image twice, writes once.
//
// Accumulation types: u8 -> u32 (exact modulo 2^32; a 8192 x 8192 image of 255s sums to more than
// 2^32, but every rectangle whose true sum is below 2^32 comes out exact from the four look-ups,
// because the wrap-around cancels), f32 -> f32 (rounding grows with the table: the same lesson as
// the reduction's float order), f32 -> f64.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "../common/backend.h"
#include "../common/image_engine.h"
#include "../common/trace.h"

namespace ws::sat {

enum class Variant : uint8_t {
  RowColumn = 1,
  Transpose = 2,
  BlockScan = 3,
  SinglePass = 4,
  RegisterTiled = 5,
};

struct VariantInfo {
  Variant variant;
  const char* id;      // command-line name, e.g. "row-column"
  const char* title;   // e.g. "Row scan, then column scan"
  const char* source;  // the kernel file the code panel shows, relative to kernels/sat/
  const char* lesson;  // one sentence a student should take away
};
const std::vector<VariantInfo>& variant_infos();  // 1..5 in order
const VariantInfo& info(Variant v);
bool parse_variant(const std::string& text, Variant& out);  // the id or its number

enum class Accum : uint8_t {
  U8U32 = 0,   // 8-bit samples, uint32 table (wraps modulo 2^32)
  F32F32 = 1,  // float samples, float table
  F32F64 = 2,  // float samples, double table
};
const char* accum_name(Accum a);  // "u8", "f32", "f32-f64"
// Accepts "u8", "u8-u32", "f32", "f32-f32", "f32-f64"; false leaves `out` unchanged.
bool parse_accum(const std::string& text, Accum& out);
int input_bytes(Accum a);   // 1, 4, 4
int output_bytes(Accum a);  // 4, 4, 8

inline constexpr int kMaxSide = 8192;   // images up to 8192 x 8192
inline constexpr int kTeachMax = 32;    // teach mode: up to 32 x 32
inline constexpr int kMaxChannels = 4;  // grey, or R G B (alpha is never filtered)

// One channel of an image, row-major: pixel (x, y) is values[y * width + x]. For Accum::U8U32 the
// values are integers 0..255.
struct Plane {
  int width = 0, height = 0;
  std::vector<float> values;
  int64_t pixels() const { return int64_t(width) * height; }
};

// Throws ws::Error naming the problem: a side outside 1..kMaxSide, values.size() != w h, or (u8)
// a value that is not an integer in 0..255.
void validate(const Plane& p, Accum a);

// ---- References (any size, CPU).
// The exact SAT in double precision (the values of every input here are exact in a double).
std::vector<double> sat_reference(const Plane& p);
// The table in the accumulation type, rows then columns sequentially, widened to double (u32: the
// wrapped values 0..2^32-1; f32: each partial sum rounded to float). Equals every variant's output
// for u8 -> u32 and f32 -> f64 on these inputs; the f32 variants may differ by rounding.
std::vector<double> sat_sequential(const Plane& p, Accum a);
// Every row scanned (the intermediate the notes print before the column phase), in double.
std::vector<double> row_scans_reference(const Plane& p);

// The sum over the rectangle x0..x1, y0..y1 (inclusive, clamped to the image) from a table, by the
// four look-ups; for a u32 table (values mod 2^32) the difference is taken modulo 2^32, exact
// whenever the true sum is below 2^32.
double rect_sum(const std::vector<double>& table, int width, int height, Accum a, int x0, int y0,
                int x1, int y1);

// ---- Teach mode: one run on a small image (up to kTeachMax x kTeachMax), traced.
// Buffers: 0 "in" (global, the image), 1 "sat" (global, the table: the row phase leaves the row
// scans in it, the column phase the SAT), then the variant's own (2: "tmp" global and "tile"
// shared; 4: the tiles' published aggregates and flags; 5: the tiles' aggregates and their
// carries). Steps carry a phase ("row", "transpose", "column", "tile", "look-back"; variant 5:
// "tile sums", "carries", "tile tables", its three launches) that the views group by. The exact
// format: sat_teach_cpu.cpp.
// TeachKernel::FusedFilter traces the fused box filter (FilterMethod::Fused, u8 only) instead of a
// table variant: its three launches ("strip sums", "start columns", "walk") at teaching size,
// buffers "image", "running sums", "strip sums", "segment totals", "start columns", "V", "E",
// "output" (sat_teach_fused_filter_cpu.cpp); TeachRun::filtered holds its output, `sat` stays
// empty.
enum class TeachKernel : uint8_t {
  Table = 0,        // the summed-area table of TeachParams::variant
  FusedFilter = 1,  // the fused box filter at TeachParams::radius
};
// What the figure and the panel call the fused filter's teach run (kernel-made text, translated
// by the app), and its kernel file (the code panel's, relative to kernels/sat/).
inline constexpr const char* kFusedTeachTitle = "The box filter fused with its table";
inline constexpr const char* kFusedTeachLesson =
    "No table is stored: the window's column sums V move down the image a row at a time, their "
    "prefix E across the width is one block scan a row, and each pixel is two look-ups in E.";
inline constexpr const char* kFusedTeachSource = "sat_filter_fused_teach.cu";
const char* teach_kernel_name(TeachKernel k);  // "table", "fused"
// Accepts "table" and "fused"; false leaves `out` unchanged.
bool parse_teach_kernel(const std::string& text, TeachKernel& out);
struct TeachParams {
  Variant variant = Variant::RowColumn;
  Accum accum = Accum::U8U32;
  int tile = 4;  // variants 4 and 5: the tile edge, 2..16
  TeachKernel kernel = TeachKernel::Table;
  int radius = 1;  // the fused filter: 0..kMaxSide (beyond the longer side the same windows)
};
struct TeachRun {
  Trace trace;
  TeachParams params;
  int width = 0, height = 0;
  std::vector<double> input;      // w h values
  std::vector<double> row_scans;  // every row scanned (what the notes print between the phases)
  std::vector<double> sat;        // the table the run produced
  std::vector<double> filtered;   // the fused filter: the output image (w h values 0..255)
};
// Throws ws::Error for an image larger than kTeachMax, invalid params, a variant without a traced
// kernel (says which variants have one), the fused filter on a float type or with a negative or
// too large radius, or Backend::Cuda without a device.
TeachRun teach(const TeachParams& params, const Plane& input, Backend backend);
bool has_teach_trace(Variant v);

// ---- Filters built on the SAT. Each output pixel is the mean over its window, clamped to the
// image, divided by the true pixel count of the clamped window, rounded half up to 0..255.
enum class FilterMethod : uint8_t {
  Sat = 0,        // four look-ups per pixel: O(1) in the radius
  Direct = 1,     // sums the (2r+1)^2 window: O(r^2) per pixel
  Separable = 2,  // a running sum along rows, then along columns: O(1) per pixel, two passes
  Fused = 3,      // two rows of the table walked down the image, the table never stored: O(1)
};
const char* filter_method_name(FilterMethod m);  // "sat", "direct", "separable", "fused"
bool parse_filter_method(const std::string& text, FilterMethod& out);

struct FilterParams {
  int radius = 4;               // box filter: the window is (2r+1)^2 before clamping; r >= 0
  bool depth_of_field = false;  // per-pixel radius from the depth map instead of `radius`
  float focus = 0.5f;           // the depth that stays sharp, 0..1
  float aperture = 16;          // the largest radius, in pixels (>= 0)
};
// The depth-of-field radius of a pixel at depth d (0..1): round(aperture * |d - focus|), the same
// float arithmetic on both backends.
int dof_radius(float depth, float focus, float aperture);

// Depth maps for depth of field, w h values in 0..1: "ramp" (0 at the top row to 1 at the
// bottom), "bowl" (0 at the centre rising to 1 at the corners), "step" (0 on the left half, 1 on
// the right). Throws ws::Error naming the accepted kinds.
std::vector<float> generated_depth(const std::string& kind, int width, int height);

// ---- The engine the scene, the CLI and the benchmarks drive: an image that lives on the
// backend, its SAT, and its filtered image.
class Engine : public ImageEngine {
 public:
  // Throws ws::Error for Backend::Cuda in a CPU-only build or without a usable device.
  static std::unique_ptr<Engine> create(Backend backend);

  // set_image (ImageEngine): sides 1..kMaxSide, channels 1..kMaxChannels.
  // w h depths in 0..1 for depth of field (the image's size); throws when no image is set.
  virtual void set_depth(const float* depth) = 0;

  // The SAT of every channel with `variant` in `accum`, kept for filter() and sat().
  virtual void compute_sat(Variant variant, Accum accum) = 0;
  // Channel c's table on the host, widened to double (u32: the wrapped values).
  virtual std::vector<double> sat(int channel) const = 0;

  // Filters every channel. FilterMethod::Sat reads the table of the last compute_sat (and computes
  // one with RegisterTiled in U8U32 first when there is none). u32 tables give exactly the
  // pixels of the direct filter at any radius (windows too big for 32 bits are summed in parts).
  // Fused needs no table (it keeps two of its rows); Separable and Fused reject depth of field.
  virtual void filter(FilterMethod method, const FilterParams& params) = 0;

  // Median wall time of `repeats` runs in milliseconds (CUDA: events around the launches, after a
  // warm-up run). time_filter_ms with FilterMethod::Sat includes computing the table with
  // (variant, accum).
  virtual double time_sat_ms(Variant variant, Accum accum, int repeats) = 0;
  virtual double time_filter_ms(FilterMethod method, const FilterParams& params, Variant variant,
                                Accum accum, int repeats) = 0;
};

// ---- Library baselines on the CUDA device (sat_library.cu): one table of a w x h image of random
// samples, median of `repeats` timed runs. `available` false with `note` saying why: a CPU-only
// build or no device; NPP: no libnppist in this toolkit or on the library path (it is loaded at
// run time with dlopen, so warpscope runs without it).
struct LibraryTiming {
  bool available = false;
  double ms = 0;
  std::string name;  // e.g. "CUB DeviceScan by rows and columns", "NPP nppiIntegral_8u32s_C1R"
  std::string note;
};
LibraryTiming time_cub_sat(Accum a, int w, int h, int repeats);
LibraryTiming time_npp_sat(int w, int h, int repeats);  // u8 -> u32 only (NPP's s32 table)

}  // namespace ws::sat
