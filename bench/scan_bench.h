// The scan benchmark behind `warpscope bench --scene scan` and the scan scene's fast-mode panel:
// every variant (1-10, each in its fast mode: section variants as the block phase of a
// hierarchical scan) and the backend's library (CUB DeviceScan on CUDA, std::inclusive_scan on the
// CPU) at several sizes, on the same data in the same run. Each result is checked element by
// element against a host reference; GB/s counts 8 bytes per element (one 4-byte read, one 4-byte
// write), compared with a device-to-device copy of the same bytes measured beside it and with the
// peak copy bandwidth. A variant whose kernels have not landed yet gives a row marked "not built
// yet" (its error message in `note`) and the benchmark goes on.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/backend.h"
#include "common/binary_op.h"
#include "bench_job.h"
#include "common/inputs.h"
#include "common/tr_noop.h"
#include "scan/scan.h"

namespace ws::bench {

// What the GB/s column counts (also written into the JSON as "gbps_counts").
inline constexpr const char* kScanGbpsCounts =
    TR_NOOP("GB/s counts 8 bytes per element (read + write)");

struct ScanBenchOptions {
  ValueType type = ValueType::Int32;
  BinaryOp op = BinaryOp::Sum;
  bool inclusive = true;
  int repeats = 20;
  std::vector<scan::Variant> variants;  // empty: all ten
  bool library = true;                  // time the library too (the "x lib" column needs it)
  Distribution distribution = Distribution::Uniform;
  uint64_t seed = 0x5eed2024;
};

// A row of the table is a BenchRow: name ("9 decoupled-lookback", "CUB DeviceScan"), n, ms (the
// median), gbps (8 bytes per element), pct_copy (against a copy of the same 4n bytes measured
// beside it), ratio_to_library (the library's time / this time), verified (every element matches
// the host reference), note (why not built, or the first mismatching element); its `extra` holds
// "variant" (1-10; 0 for the library), "pct_peak" (gbps as a % of the peak copy bandwidth) and
// "built" (false: the variant is not built yet on this backend, no timing).

// Sizes offered by default: 2^20, 2^24, 2^26, 2^28 on CUDA (those that fit the free device
// memory); 2^16, 2^20, 2^22 on the CPU.
std::vector<int64_t> default_scan_sizes(Backend backend);

// Whether n elements (input, output, the library's temporary storage and a copy of the same
// bytes) fit the device's free memory; always true on the CPU up to scan::kCpuFastMaxN.
bool scan_size_fits(Backend backend, int64_t n);

// The first element of `out` (n values of `type`) that differs from the scan of `in` computed on
// the host: exact for int32 (wraparound included) and for float min/max; for float sum and product
// within a tolerance that grows with the number of terms (the orders differ). Empty when all match.
std::string check_scan_result(BinaryOp op, ValueType type, bool inclusive, const void* in,
                              const void* out, int64_t n);

// Runs the table at every size; `progress` gets one line per run. Sizes that do not fit are
// skipped with a line saying so. The peak copy bandwidth is stored in *copy_gbps when given.
std::vector<BenchRow> bench_scan(Backend backend, const std::vector<int64_t>& sizes,
                                 const ScanBenchOptions& options, std::ostream& progress,
                                 double* copy_gbps = nullptr);

// Fixed-width table: variant, N, median ms, GB/s, % copy, % peak, x lib, ok.
std::string scan_bench_table(const std::vector<BenchRow>& rows);

// {"device", "gbps_counts", "copy_gbps", "rows": [{name, variant, n, median_ms, gbps, pct_copy,
// pct_peak, ratio_to_library, built, verified, note}]}.
nlohmann::json scan_bench_json(const std::vector<BenchRow>& rows, const std::string& device,
                               double copy_gbps);

// What the job scans: the command line's defaults (an inclusive float32 sum of the benchmark's
// uniform data; --type replaces the type), or, in the GUI's fast mode, the scene's operator, scan,
// type, distribution and seed.
struct ScanBenchChoice {
  BinaryOp op = BinaryOp::Sum;
  ValueType type = ValueType::Float32;
  bool inclusive = true;
  Distribution distribution = Distribution::Uniform;
  uint64_t seed = 0x5eed2024;
};
// Reads the request (--sizes as log2, default default_scan_sizes; --type; --variant: ids or
// numbers, default all ten) and returns the job: every variant and the library at every size,
// each result checked against the host reference; a wrong result is a failure of the report.
BenchJob scan_bench_job(const BenchRequest& request, const ScanBenchChoice& choice);

}  // namespace ws::bench
