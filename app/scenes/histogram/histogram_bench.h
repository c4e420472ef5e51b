// `warpscope bench --scene histogram` and the fast-mode panel: every variant through the engine on
// synthetic float samples (2^20..2^28), on 8-bit images (uniform bytes and the Black Marble photo's
// luminance tiled to 8192x8192) and for 256, 4096 and 65536 bins over the uniform, Zipf (skewed)
// and all-equal distributions, each row checked against the sequential reference and set next to
// CUB's DeviceHistogram::HistogramEven on the same data. The "skew" benchmark sweeps the Zipf skew
// 0..3 (and all-equal) at one size: the data of the throughput-against-skew plot, which
// `warpscope render --bench f.json` draws (views/line_chart.h).
#pragma once

#include "histogram_settings.h"
#include "scene_kit/bench_report.h"

namespace ws::app {

// request.mode: "" (or any mode of the scene) = the matrix, "skew" = the skew sweep.
// request.type: "u8", "f32" or both (comma-separated; default both, the sweep: f32).
// request.variants: ids or numbers (default: 2-8 on CUDA, 1-8 on the CPU).
// request.sizes: log2 of the float sample counts (default 2^20, 2^24, 2^28 on CUDA; 2^14, 2^16
// on the CPU; the sweep takes the first, default 2^24 / 2^16).
// request.params (`--set KEY=VALUE`): bins=256,4096,65536 (the sweep: one, default 256),
// dist=uniform,zipf,all-equal (zipf takes zipf:S), image=SIDE (the image rows' side, default
// 8192 on CUDA, 512 on the CPU), photo=NAME (the photo tiled for the image rows, default
// blackmarble_night.jpg; "none" leaves it out), skews=S,S,... (the sweep's skews, default 0, 0.25,
// ..., 3). Anything else is refused with a message naming it.
// request.from_scene: the scene's own input: its image's luminance (the image mode, 256 bins,
// tiled to sizes[0] as a side) or its synthetic distribution and bins at sizes[0].
// Throws ws::Error for a bad option before any work starts.
BenchJob histogram_bench_job(const HistogramSettings& settings, const BenchRequest& request);

}  // namespace ws::app
