// What the memory scene's matmul mode draws and says besides the trace: its input, its limits, the
// teach figure (PMPP Fig. 5.5-5.7) and caption, the model's global traffic against TILE_WIDTH,
// and the roofline of every variant (measured on CUDA in the scene's background work, the model's
// positions on the CPU backend).
#pragma once

#include <string>
#include <vector>

#include "memory/matmul.h"
#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/background_work.h"
#include "scene_kit/hover_map.h"
#include "scene_kit/modal_scene.h"
#include "scene_kit/panel_widgets.h"
#include "scene_kit/teach_pipeline.h"
#include "scenes/memory/memory_settings.h"

namespace ws::app {

using MatmulTaught = Taught<mem::MatmulTeachRun>;

// Teach mode's bounds: sides 1..16, TILE_WIDTH 2..8, a register tile of at most 16 x 16.
std::vector<ModeLimit<MemorySettings>> matmul_limits();

// The mode's row in the scene's table: the code panel's source (the variant's kernel file, the
// step's statement) and lecture mode's keys 1..6.
KernelSource matmul_source(const MemorySettings& s, const std::string& marker);
std::vector<std::string> matmul_lecture_variants(const MemorySettings& s);

// The teach input: M (m x k) and N (k x n) of small whole numbers, so every sum is exact:
// M[r][c] = (r + 2c) mod 5 + 1, N[r][c] = (2r + c) mod 5 + 1.
mem::FloatMatrix matmul_teach_m(int rows, int cols);
mem::FloatMatrix matmul_teach_n(int rows, int cols);

// The sizes the full-size measurement and the model's roofline use.
inline constexpr int kMatmulTimedSides[] = {1024, 2048, 4096};
inline constexpr int kMatmulTimedTiles[] = {8, 16, 32};

// One variant on the roofline: the model's OP/B at full size and what it achieves.
struct RooflinePoint {
  std::string name;        // the variant's id, or "cuBLAS"
  double op_per_byte = 0;  // the model's (matmul_traffic); cuBLAS: none (0)
  double gflops = 0;       // measured (CUDA) or the model's attainable min(peak, OP/B x BW)
  double ms = 0;           // measured only
  bool measured = false;
  std::string note;  // why it is missing (no device, no cuBLAS)
};
struct MatmulRoofline {
  bool assumed = false;  // the CPU backend: no device measured, an H100 SXM assumed
  std::string device;
  double peak_gflops = 0, bandwidth_gbps = 0;
  int side = 4096, tile = 16;         // the full size (side^3) and TILE_WIDTH of variants 1-3
  std::vector<RooflinePoint> points;  // variants 1..6, then cuBLAS
  double ridge() const { return bandwidth_gbps > 0 ? peak_gflops / bandwidth_gbps : 0; }
};
// The model's positions: peak and bandwidth of the device (CUDA: peak_fp32_gflops and the
// remembered copy bandwidth; CPU: an assumed H100 SXM), every variant at min(peak, OP/B x BW).
MatmulRoofline matmul_model_roofline(Backend backend, int side, int tile);
// Measured on the CUDA device: every variant (time_matmul) and cuBLAS SGEMM at side^3, the copy
// bandwidth of the same bytes (copy_bandwidth_gbps_at); `control`: progress and cancel.
MatmulRoofline measure_matmul_roofline(int side, int tile, int repeats, const WorkControl& control);

// The teach figure of `taught` (and `compare` under it, or null) at `step` for block `block`,
// with the traffic chart and `roof` beside it; hover regions go into `hover`.
void draw_matmul_teach(gfx::Canvas& c, gfx::Theme theme, const MatmulTaught& taught,
                       const MatmulTaught* compare, int step, int block, const MatmulRoofline& roof,
                       HoverMap& hover);
// The global traffic chart (OP/B against TILE_WIDTH, the model at side^3) and the roofline.
void draw_matmul_charts(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max, const MatmulTaught& taught,
                        const MatmulRoofline& roof, const gfx::Palette& p, float font,
                        HoverMap& hover);

// The lecture caption of `step` for block `block`: what the step does in the book's words, which
// thread loads which element and how often a loaded element is used, then the trace's facts.
std::string matmul_caption(const MatmulTaught& taught, int step, int block);

// Which thread of block `block` loads which element of M and N in each load step (PMPP Fig. 5.7):
// one entry per load, in step order.
struct MatmulLoad {
  int step = 0;
  int thread = 0;  // within the block: ty * block_x + tx
  int tx = 0, ty = 0;
  bool of_m = true;  // M (else N)
  int row = 0, col = 0;
};
std::vector<MatmulLoad> matmul_loads(const mem::MatmulTeachRun& run, int block);
// How many times the block's threads read each shared element in `step` (Mds then Nds, flat):
// the reuse of a loaded element.
std::vector<int> shared_reads(const mem::MatmulTeachRun& run, int step, int block, int buffer);

}  // namespace ws::app
