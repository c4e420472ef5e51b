// `warpscope bench --scene histogram` and the fast-mode panel: every variant through the engine on
// synthetic float samples (2^20..2^28), on 8-bit images (uniform bytes and the Black Marble photo's
// luminance tiled to 8192x8192) and for 256, 4096 and 65536 bins over the uniform, Zipf (skewed)
// and all-equal distributions, each row checked against the sequential reference and set next to
// CUB's DeviceHistogram::HistogramEven on the same data. The "skew" benchmark sweeps the Zipf skew
// 0..3 (and all-equal) at one size: the data of the throughput-against-skew plot, which
// `warpscope render --bench f.json` draws (views/line_chart.h).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bench_job.h"
#include "histogram/histogram.h"

namespace ws::bench {

// The photo whose luminance the image rows tile (and the histogram scene's image mode shows).
inline constexpr const char* kHistogramPhoto = "blackmarble_night.jpg";

// A photo's luminance, row-major, as the app reads it (bench/ reads no image files itself).
struct LuminanceImage {
  int width = 0, height = 0;
  std::vector<uint8_t> pixels;
};
using LuminanceReader = std::function<LuminanceImage(const std::string& file)>;

// What the job times beside the request: the reader of the photo rows, and in the GUI's fast mode
// (request.from_scene) the scene's own input: its photo's luminance (256 bins, tiled to sizes[0]
// as a side) or its synthetic distribution and bins at sizes[0].
struct HistogramBenchChoice {
  LuminanceReader read_luminance;
  std::string photo;  // fast mode: the scene's photo ("" = its synthetic samples)
  histogram::Dist dist = histogram::Dist::Zipf;
  double skew = 1.2;
  int bins = 256;
};

// request.mode: "" = the matrix, "skew" = the skew sweep.
// request.type: "u8", "f32" or both (comma-separated; default both, the sweep: f32).
// request.variants: ids or numbers (default: 2-8 on CUDA, 1-8 on the CPU).
// request.sizes: log2 of the float sample counts (default 2^20, 2^24, 2^28 on CUDA; 2^14, 2^16
// on the CPU; the sweep takes the first, default 2^24 / 2^16).
// request.params (`--set KEY=VALUE`, each read once here): bins=256,4096,65536 (the sweep: one,
// default 256), dist=uniform,zipf,all-equal (zipf takes zipf:S), image=SIDE (the image rows'
// side, default 8192 on CUDA, 512 on the CPU), photo=NAME (the photo tiled for the image rows,
// default kHistogramPhoto; "none" leaves it out), skews=S,S,... (the sweep's skews, default 0,
// 0.25, ..., 3). Anything else is refused with a message naming it.
// Throws ws::Error for a bad option before any work starts.
BenchJob histogram_bench_job(const BenchRequest& request, const HistogramBenchChoice& choice);

}  // namespace ws::bench
