// CPU-side helpers behind scan_run.cpp: the library baseline (std::inclusive_scan /
// std::exclusive_scan, timed like fast_cpu) and the modelled single-pass timeline at any size.
#pragma once

#include <cstdint>

#include "scan.h"

namespace ws::scan {

FastRun cpu_library_scan(BinaryOp op, ValueType type, bool inclusive, const void* in, void* out,
                         int64_t n, int repeats);

// The CPU twin's modelled schedule of variant 8 or 9 over n values (no trace: any n up to
// kCpuFastMaxN).
Timeline timeline_cpu(const Params& p, const void* in, int64_t n);

}  // namespace ws::scan
