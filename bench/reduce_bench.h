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
#include "bench_job.h"
#include "common/inputs.h"

namespace ws::bench {

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
// Whether `result` is the serial loop's `reference` over `input`: exactly for int32 and for
// min/max, within the tolerance of a float order for a float32 sum or product (both are float
// sums in some order: within twice the tolerance of each other).
bool matches_serial(BinaryOp op, ValueType type, const std::vector<double>& input, double result,
                    double reference);

// The data every variant is timed on (the GUI passes the scene's own distribution and seed).
struct BenchInput {
  Distribution distribution = Distribution::Uniform;
  uint64_t seed = 0x5eed2024;
};

// Runs the whole table at every size; `progress` gets one line per run. Each row's `extra` holds
// its "result" and the host "reference"; GB/s counts the input read, ratio_to_library is against
// the library on the same data. The copy bandwidth the percentages use is measured once and
// stored in *copy_gbps when given.
std::vector<BenchRow> bench_reduce(Backend backend, const std::vector<int64_t>& sizes,
                                   ValueType type, BinaryOp op, int repeats, std::ostream& progress,
                                   double* copy_gbps = nullptr, const BenchInput& input = {});

// Fixed-width table: variant, N, median ms, GB/s, % copy, x CUB, ok.
std::string bench_table(const std::vector<BenchRow>& rows);

nlohmann::json bench_json(const std::vector<BenchRow>& rows, const std::string& device,
                          double copy_gbps);

// "2^28" -> 268435456, "1000" -> 1000; throws ws::Error for anything else.
int64_t parse_size(const std::string& text);

// What the job reduces and on which data: the command line's defaults (a float32 sum of the
// benchmark's own uniform data), or, in the GUI's fast mode, the scene's operator, type,
// distribution and seed.
struct ReduceBenchChoice {
  BinaryOp op = BinaryOp::Sum;
  ValueType type = ValueType::Float32;  // --type replaces it
  BenchInput input;
};
// Reads the request (--sizes as log2, default 20,24,28; --type; no --mode or --variant: the
// reduction has neither) and returns the job: every variant and the library at every size, each
// result checked against the host reference; a wrong result is a failure of the report.
BenchJob reduce_bench_job(const BenchRequest& request, const ReduceBenchChoice& choice);
std::string format_size(int64_t n);  // powers of two as "2^k", others as digits

}  // namespace ws::bench
