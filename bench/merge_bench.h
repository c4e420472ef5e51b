// The merge and sort benchmark behind `warpscope bench --scene merge` and the scene's fast panel
// (kernels/merge: merge_fast.h's timings), CUDA only (the CPU backend is refused with a message):
//   merges  two sorted arrays of 2^20, 2^24 and 2^27 keys each (--set max=28 adds 2^28), uniform
//           (A and B the same size) and skewed (A a quarter of B, its keys in a narrow stretch of
//           B's): variants 2-5 with GB/s (read A and B, write C), % of the device copy of the same
//           bytes, x CUB DeviceMerge (the table's x lib) and x thrust::merge (the second table);
//   sorts   2^20, 2^24 and 2^26 keys, uniform and skewed (duplicates): variants 6-9 with
//           Gkeys/s, x CUB DeviceMergeSort (x lib) and x CUB DeviceRadixSort (second table:
//           radix sort is not a comparison sort and is expected to win); the networks (7, 8)
//           only up to 2^24 (--set network_max=26 lifts the cap; they take seconds there);
//   int32 keys; float32 keys and key-value pairs (uint32 values) at 2^24 as well.
// Every timed result is checked on the device (stable order by the input tags): "checked" yes.
#pragma once

#include <string>

#include "bench_job.h"

namespace ws::bench {

// `part`: "merge" or "sort" runs that part alone (the scene's fast mode); anything else ("" too)
// both, or those --set part=merge,sort names. Reads --sizes (log2: merges' keys a side, sorts'
// keys; replaces both parts' defaults), --type (int32 or float32: only that type, no extra
// rows), --variant (ids or numbers of merge variants 2-5 and sort variants 6-9), --set part=...,
// gen=uniform,skewed, pairs=0|1 (pairs only / keys only at every size), max=28, network_max=N.
BenchJob merge_bench_job(const BenchRequest& request, const std::string& part);

}  // namespace ws::bench
