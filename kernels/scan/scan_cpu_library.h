// The CPU library baseline behind scan_run.cpp: std::inclusive_scan / std::exclusive_scan, timed
// like fast_cpu.
#pragma once

#include <cstdint>

#include "scan.h"

namespace ws::scan {

FastRun cpu_library_scan(BinaryOp op, ValueType type, bool inclusive, const void* in, void* out,
                         int64_t n, int repeats);

}  // namespace ws::scan
