// Stream compaction (PMPP 11, "applications of scan"): keep the elements a predicate accepts, in
// order. Three phases, the same on both backends:
//   1 predicate   flags[i] = keep(input[i])                  work n,  1 step
//   2 scan        positions = exclusive scan of the flags    work O(n), log2(block) + 3 steps
//                 (block-level Kogge-Stone, a scan of the block sums, add back)
//   3 scatter     output[positions[i]] = input[i] where flags[i]
// The kept count is positions[n - 1] + flags[n - 1].
//
// Teach mode (CPU twin and CUDA, identical traces event for event, n <= scan::kTeachMaxN, several
// blocks) records every phase; fast mode times the same algorithm at any n against the library:
// std::copy_if on the CPU, CUB DeviceSelect::If on CUDA.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/backend.h"
#include "common/binary_op.h"
#include "common/trace.h"
#include "scan/scan.h"

namespace ws::compact {

enum class Predicate : uint8_t {
  Greater = 0,  // x > threshold
  Less = 1,     // x < threshold
  Even = 2,     // an integer value divisible by 2
  Odd = 3,      // an integer value not divisible by 2
  NonZero = 4,  // x != 0
};

struct PredicateSpec {
  Predicate kind = Predicate::Greater;
  double threshold = 0;  // Greater and Less only
};

const char* predicate_name(Predicate p);                        // "greater", "less", "even", ...
bool parse_predicate(const std::string& text, Predicate& out);  // the name, or "gt" / "lt" / "nz"
std::string describe(const PredicateSpec& p);                   // e.g. "x > 128", "x is even"
bool keeps(const PredicateSpec& p, double value);               // the predicate on the host

struct Params {
  PredicateSpec predicate;
  ValueType type = ValueType::Int32;
  int block_dim = 0;  // threads per block in teach mode (power of two, 2..1024); 0 = automatic
};

// Throws ws::Error naming the problem (block size, n out of range for teach mode).
void validate(const Params& p, int64_t n, bool teach);
// block_dim when set; otherwise 256 for large inputs, smaller (>= 8) so small inputs still use
// several blocks.
int resolve_block_dim(const Params& p, int64_t n);

// Teach mode. Trace buffers: "input" (n), "flags" (n), "positions" (n), "output" (n, unwritten
// past the kept count), "XY" (shared, block_dim per block), "block sums" (grid), "block offsets"
// (grid). Steps (phase): "predicate" (predicate), "load" (scan), "stride s" (scan) for s = 1, 2,
// ... < block_dim, "store + block sum" (scan), "scan block sums" (block sums, one thread),
// "add back" (add back), "scatter" (scatter).
struct TeachRun {
  std::vector<double> input;      // the n values (rounded to the type)
  std::vector<double> flags;      // 0 or 1 per input
  std::vector<double> positions;  // exclusive scan of the flags
  std::vector<double> output;     // the kept values, in order (kept entries)
  int64_t kept = 0;
  Trace trace;
};

// The reference answer on the host: std::copy_if with keeps().
std::vector<double> compact_reference(const PredicateSpec& p, const std::vector<double>& values);

TeachRun teach(Backend backend, const Params& p, const std::vector<double>& values);

// Fast mode: `in` holds n int32_t or float values (p.type); `out` (may be null) receives the kept
// values, *kept (may be null) their number. gbps counts 4 bytes read per input plus 4 written per
// kept element.
scan::FastRun fast(Backend backend, const Params& p, const void* in, void* out, int64_t n,
                   int repeats, int64_t* kept);
// The library on the same data: std::copy_if (CPU) or cub::DeviceSelect::If (CUDA).
scan::FastRun fast_library(Backend backend, const Params& p, const void* in, void* out, int64_t n,
                           int repeats, int64_t* kept);
const char* library_name(Backend backend);  // "std::copy_if" | "CUB DeviceSelect::If"

// Ours and the library's on the same data; verified = same kept count and identical outputs.
struct Comparison {
  scan::FastRun ours, library;
  int64_t kept = 0;
  bool verified = false;
};
Comparison compare_with_library(Backend backend, const Params& p, const void* in, int64_t n,
                                int repeats);

}  // namespace ws::compact
