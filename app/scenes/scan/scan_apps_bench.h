// The benchmark of the scan applications (bench/radix_bench.h: our radix sort and stream
// compaction beside the library's, every row verified against the library's output) as a scene's
// BenchJob: the radix sort and the compaction scenes each time their own rows, and the scan
// scene's `--mode apps` times both.
#pragma once

#include <cstdint>
#include <string>

#include "scene_kit/bench_report.h"

namespace ws::app {

enum class ScanAppsBench { Radix, Compact };

// Sizes: --sizes (log2) or bench::default_radix_sizes. No --type or --variant to choose.
BenchJob scan_apps_bench_job(const BenchRequest& request, ScanAppsBench which);

}  // namespace ws::app
