// The reduction benchmark behind `warpscope bench`: every variant (two-pass), variant 7 with the
// atomic and last-block finishes, and the backend's library (CUB on CUDA), at several sizes, each
// result checked against a host reference, next to the measured copy bandwidth.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/backend.h"
#include "common/binary_op.h"
#include "common/inputs.h"

namespace ws::bench {

struct BenchRow {
  std::string name;  // e.g. "7 coarsened + last-block", "CUB DeviceReduce"
  int64_t n = 0;
  double ms = 0;                // median over the repeats
  double gbps = 0;              // input bytes / ms
  double pct_copy = 0;          // gbps as a percentage of the device-to-device copy bandwidth
  double ratio_to_library = 0;  // the library's time / this time (CUB on CUDA): 1 = as fast
  bool verified = false;        // result matches the host reference (see reduce_reference)
  double result = 0, reference = 0;
};

// Deterministic bench data (the uniform distribution of common/inputs.h): int32 in [-9, 9],
// float32 in [0, 1). `out` holds n int32_t or float values.
void generate_bench_data(ValueType type, int64_t n, uint64_t seed, void* out);

// What a correct reduction of `data` returns, and how far from it a result may be.
struct Reference {
  double value = 0;
  double tolerance = 0;
};
Reference reduce_reference(BinaryOp op, ValueType type, const void* data, int64_t n);
bool matches(double result, const Reference& reference);

// The data every variant is timed on (the GUI passes the scene's own distribution and seed).
struct BenchInput {
  Distribution distribution = Distribution::Uniform;
  uint64_t seed = 0x5eed2024;
};

// Runs the whole table at every size; `progress` gets one line per run. The copy bandwidth the
// percentages use is measured once and stored in *copy_gbps when given.
std::vector<BenchRow> bench_reduce(Backend backend, const std::vector<int64_t>& sizes,
                                   ValueType type, BinaryOp op, int repeats, std::ostream& progress,
                                   double* copy_gbps = nullptr, const BenchInput& input = {});

// Fixed-width table: variant, N, median ms, GB/s, % copy, x CUB, ok.
std::string bench_table(const std::vector<BenchRow>& rows);

nlohmann::json bench_json(const std::vector<BenchRow>& rows, const std::string& device,
                          double copy_gbps);

// "2^28" -> 268435456, "1000" -> 1000; throws ws::Error for anything else.
int64_t parse_size(const std::string& text);
std::string format_size(int64_t n);  // powers of two as "2^k", others as digits

}  // namespace ws::bench
