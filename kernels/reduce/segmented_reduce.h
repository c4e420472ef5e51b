// Segmented reduction (the lecture chapter's "segment reduce"): one total per segment of a
// flagged array — the segmented scan's input, values plus heads (1 where a segment starts; parsed
// by ws::segscan::parse_segments from "[1 2] [6 7 1] [1 2 3 4]").
//
// The kernel (segmented_reduce.cu; CPU twin segmented_reduce_cpu.cpp) is a segmented Kogge-Stone
// in ONE block of n threads (n <= 1024), in shared memory: at offset d = 1, 2, 4, ... < n, thread
// i >= d whose flag is still 0 adds v[i - d] into its value and takes flag[i - d] as its flag (a
// head within its window stops it from looking further left). After log2(n) levels each element
// holds the reduction of its segment up to itself, so the LAST element of every segment holds the
// segment's total, and it writes that total to totals[segment[i]] (compacted: one per segment).
// Work O(n log n) operations (the per-element prefixes come for free, as in the segmented scan);
// steps: 1 load + ceil(log2 n) levels + 1 store; two barriers per level (read, then write).
//
// Trace layout, in Trace::buffers order:
//   0 "values"        global, n: the input
//   1 "heads"         global, n, int32: 1 where a segment starts
//   2 "segment"       global, n, int32: the segment of each element (heads counted up to it, - 1;
//                     computed by the host, an exclusive scan the lecture leaves out)
//   3 "shared values" shared, n: the running segmented reductions
//   4 "shared flags"  shared, n, int32: 1 once a head lies within the element's window
//   5 "totals"        global, one per segment: the answer
// Steps: "load" (phase "load", marker "@load": thread i reads values[i] and heads[i], writes
// both shared arrays); "offset d" (phase "tree", marker "@tree": an active thread reads shared
// values[i - d] and shared flags[i - d], applies the operator (Op at shared values i), writes
// shared values[i] and shared flags[i]); "segment totals" (phase "finish", marker "@store": thread
// i reads heads[i + 1] when i + 1 < n; the last element of a segment reads segment[i] and writes
// totals[segment[i]]).
#pragma once

#include <cstdint>
#include <vector>

#include "../common/backend.h"
#include "../common/trace.h"

namespace ws::reduce {

constexpr int64_t kSegmentedMaxN = 1024;  // one element per thread of one block

struct SegmentedInput {
  std::vector<double> values;
  std::vector<uint8_t> heads;  // heads[0] must be 1
};

struct SegmentedRun {
  std::vector<double> totals;  // one per segment, in order
  Trace trace;
};

// Throws ws::Error for an empty input, more than kSegmentedMaxN values, heads of another length,
// or heads[0] == 0.
SegmentedRun segmented_teach_cpu(BinaryOp op, ValueType type, const SegmentedInput& in);
SegmentedRun segmented_teach(Backend backend, BinaryOp op, ValueType type,
                             const SegmentedInput& in);
// The answer by a serial loop over each segment, in the element type.
std::vector<double> segmented_serial(BinaryOp op, ValueType type, const SegmentedInput& in);
// The segment of each element (the trace's "segment" buffer).
std::vector<int32_t> segment_of_each(const std::vector<uint8_t>& heads);

}  // namespace ws::reduce
