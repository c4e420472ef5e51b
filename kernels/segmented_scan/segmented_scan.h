// Segmented scan with head flags (PMPP 11, Blelloch 1990): a scan that restarts at every segment
// head. "[1 2] [6 7 1] [1 2 3 4]" is values 1 2 6 7 1 1 2 3 4 with heads 1 0 1 0 0 1 0 0 0; its
// inclusive sum scan is 1 3 6 13 14 1 3 6 10.
//
// Teach mode: a segmented Kogge-Stone in one block (n <= kTeachMaxN, one element per thread). Per
// step with stride s, thread t >= s whose flag is not set combines values[t - s] into values[t] and
// takes flags[t - s] into its flag (flags combine with OR): a position stops accumulating once its
// window reaches its segment head. Work n log2 n - (n - 1) at most, steps log2 n, two barriers per
// step (in place). Exclusive: the load shifts in the identity at each head. CPU twin and CUDA emit
// the same trace event for event.
// Fast mode (any n): serial on the CPU; on CUDA block-level segmented scans, a segmented scan of
// the block aggregates and a carry added up to each block's first head.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/backend.h"
#include "common/binary_op.h"
#include "common/trace.h"
#include "scan/scan.h"

namespace ws::segscan {

constexpr int64_t kTeachMaxN = 1024;  // one block

struct Segments {
  std::vector<double> values;
  std::vector<uint8_t> heads;  // 1 where a segment starts (heads[0] is always 1 when n > 0)
};

// "[1 2] [6 7 1] [1 2 3 4]": brackets enclose each segment, values separated by spaces or commas.
// Throws ws::Error naming the character position (0-based) of a malformed part: a value outside a
// segment, a nested or unclosed bracket, an empty segment, a value that is not a number.
Segments parse_segments(const std::string& text);
std::string format_segments(const Segments& s);  // the inverse: "[1 2] [6 7 1]"
// Segments of the given lengths over `values` (lengths sum to values.size()).
Segments from_lengths(const std::vector<double>& values, const std::vector<int64_t>& lengths);

struct Params {
  BinaryOp op = BinaryOp::Sum;
  ValueType type = ValueType::Int32;
  bool inclusive = true;
  int block_dim = 0;  // teach: a power of two >= n (0 = the smallest one)
};

void validate(const Params& p, int64_t n, bool teach);

// The sequential answer in the element type: a per-segment left-to-right loop.
std::vector<double> segmented_serial(const Params& p, const Segments& s);

// Teach. Trace buffers: "input" (n), "heads" (n), "output" (n), "values" (shared, block_dim),
// "flags" (shared, block_dim). Steps (phase): "load" (load), "stride s" (scan) for s = 1, 2, ...
// < block_dim, "store" (store).
struct TeachRun {
  std::vector<double> result;
  Trace trace;
};

TeachRun teach(Backend backend, const Params& p, const Segments& s);

// Fast: `in` holds n int32_t or float values (p.type), heads n flags; out (may be null) the n
// results. gbps counts 9 bytes per element (value and flag read, result written).
scan::FastRun fast(Backend backend, const Params& p, const void* in, const uint8_t* heads,
                   void* out, int64_t n, int repeats);

}  // namespace ws::segscan
