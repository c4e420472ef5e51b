// What the intensity mode computes: conv::arithmetic_intensity of every variant against the tile
// edge for the chosen radius (the chapter's table and its plot), the bound of an infinitely large
// tile, the book's figures checked, and the device's roofline (peak FP32 from its SM count and
// clock, measured copy bandwidth; on the CPU backend an assumed device, said so).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/palette.h"
#include "scene_kit/hover_map.h"
#include "scenes/convolution/conv_settings.h"

namespace ws::app {

// The tile edges of the chapter's table.
inline constexpr int kIntensityTableTiles[] = {8, 16, 32};

struct IntensityPoint {
  int tile = 0;                       // the block's edge T
  std::optional<double> op_per_byte;  // none: the tile is no wider than its halos
};
struct IntensityVariant {
  conv::Variant variant = conv::Variant::Basic;
  bool takes_radius = true;           // false: a tiled variant past radius 7
  std::vector<IntensityPoint> curve;  // T = 8..32
  std::vector<IntensityPoint> table;  // T = 8, 16, 32
  IntensityPoint chosen;              // T = settings' intensity_tile
  double bound = 0;                   // an infinitely large tile
  double attainable_gflops = 0;       // min(peak, OP/B x bandwidth) at the chosen tile
};
// One of the book's figures, recomputed.
struct BookFigure {
  std::string what;  // "5x5 filter, 32x32 input tile"
  double book = 0;   // the book's number
  double computed = 0;
  bool matches() const;  // equal to the book's two decimals
};
struct Roofline {
  bool assumed = false;  // the CPU backend: no device measured
  std::string device;    // its name, or what is assumed
  double peak_gflops = 0, bandwidth_gbps = 0;
  double ridge() const { return bandwidth_gbps > 0 ? peak_gflops / bandwidth_gbps : 0; }
};
struct IntensityRun {
  int radius = 0, tile = 32;
  std::vector<IntensityVariant> variants;
  std::vector<BookFigure> book;
  Roofline roof;
};

// The block's output tile for edge T: variants 3 and 5 (block = input tile) T - 2r, the others T.
int intensity_out_tile(conv::Variant v, int tile, int radius);
IntensityRun compute_intensity(int radius, int tile, const Roofline& roof);
// The device's roofline on `backend` (measures the copy bandwidth on CUDA).
Roofline device_roofline(Backend backend);

// An axis tick: 0.1, 1, 10, 100, 1k, 10k, 1M.
std::string conv_tick(double v);
void draw_intensity(gfx::Canvas& c, gfx::Theme theme, const IntensityRun& run, HoverMap& hover);

}  // namespace ws::app
