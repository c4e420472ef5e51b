// The scan applications' benchmark (`warpscope bench --scene scan --mode radix`, wired by the app):
// our radix sorts (CUDA: onesweep with 8-bit digits, the multi-bit LSD sort with 8- and 4-bit
// digits; CPU: LSD with 8-bit digits) against the library's (CUB DeviceRadixSort::SortKeys on
// CUDA, std::stable_sort on the CPU), the same for key-value pairs (values 0..n-1; CUB SortPairs /
// std::stable_sort by key), and our stream compaction against CUB DeviceSelect::If /
// std::copy_if, on the same data in the same run. Every row of ours is verified element by
// element against the library's output. Sorts: 32-bit uniformly random keys, 8 bytes moved per key
// (16 per pair) and pass-free GB/s (one read, one write). Compaction: int32 uniform in [-1000,
// 1000], keeping x > 0 (about half), GB/s counting 4 bytes read per element and 4 written per kept
// element.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "bench_job.h"
#include "common/backend.h"

namespace ws::bench {

// What the GB/s column counts (also written into the JSON as "gbps_counts").
inline constexpr const char* kScanAppsGbpsCounts =
    "GB/s: sorts 8 bytes per key (16 per key-value pair); compaction 4 bytes read per element + 4 "
    "written per kept one";

struct RadixBenchOptions {
  int repeats = 10;
  uint64_t seed = 0x5eed2024;
  bool sort = true;     // the radix-sort rows
  bool compact = true;  // the compaction rows
};

// A row is a BenchRow: name ("radix sort, 8-bit digits", "CUB DeviceRadixSort::SortKeys", ...), n,
// ms (the median), per_second (elements per second), gbps (see above), ratio_to_library (the
// library's time / this time), verified (output identical to the library's; library rows: true),
// note (an error that stopped the row); its `extra` holds "kind": "sort" | "sort pairs" |
// "compact".

// 2^20, 2^24, 2^26, 2^28 on CUDA (those that fit the free memory); 2^16, 2^20, 2^22 on the CPU.
std::vector<int64_t> default_radix_sizes(Backend backend);

// Runs every row at every size; `progress` gets one line per row. A row that fails (out of
// memory, a backend not built) is kept with its note and the benchmark goes on.
std::vector<BenchRow> bench_radix(Backend backend, const std::vector<int64_t>& sizes,
                                  const RadixBenchOptions& options, std::ostream& progress);

// Fixed-width table: name, N, median ms, Mkeys/s, GB/s, x lib, ok.
std::string radix_bench_table(const std::vector<BenchRow>& rows);

// {"device", "gbps_counts", "rows": [{name, kind, n, median_ms, keys_per_s, gbps,
// ratio_to_library, verified, note}]}.
nlohmann::json radix_bench_json(const std::vector<BenchRow>& rows, const std::string& device);

// The scan scene's applications: the radix sorts, or the compaction.
enum class ScanApp { Radix, Compact };
// Reads the request (--sizes as log2, default default_radix_sizes; no --type or --variant to
// choose) and returns the job: the application's rows at every size, each of ours checked against
// the library's output; a row that differs is a failure of the report.
BenchJob scan_apps_bench_job(const BenchRequest& request, ScanApp which);

}  // namespace ws::bench
