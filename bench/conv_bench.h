// The convolution benchmark behind `warpscope bench --scene conv` and the scene's fast panel:
// every variant at each size, element type and filter size, in Gpixels/s and % of copy bandwidth,
// next to NPP's nppiFilter (loaded at run time; the report says plainly when it is absent). Each
// variant's output is checked against the reference before it is timed.
#pragma once

#include <optional>

#include "bench_job.h"
#include "convolution/convolution.h"

namespace ws::bench {

// What the scene chooses: the GUI's fast mode times the scene's filter radius (unless --radius
// names others); the command line the benchmark's own list.
struct ConvBenchChoice {
  std::optional<int> radius;
};

// Reads the request (--sizes N or WxH, default 1024, 4096, 8192 on CUDA and 512, 1024 on the
// CPU; --type u8, f32 (comma-separated, default both; u8 is RGB, f32 one plane; the CPU backend
// times u8 only); --set radius=1..7, comma-separated, default 1, 2, 3, 7 (`bench` has no
// --radius option); --variant ids or numbers) and returns the job.
BenchJob conv_bench_job(const BenchRequest& request, const ConvBenchChoice& choice);

}  // namespace ws::bench
