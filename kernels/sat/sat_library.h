// The library baselines with their tables, for the GPU tests that check them against ours
// (sat_library.cu; sat.h's time_cub_sat / time_npp_sat time them on random images). CUDA-free.
#pragma once

#include <vector>

#include "sat.h"

namespace ws::sat {

// CUB's table of `p` in `a`, widened to double (u32: the wrapped values); `table` may be null.
LibraryTiming cub_sat_table(Accum a, const Plane& p, int repeats, std::vector<double>* table);
// NPP's u8 -> s32 table of `p` as it comes: (w+1) x (h+1), row-major, zero first row and column,
// table[(y+1)(w+1) + x+1] = SAT(x, y); values read as uint32 (the wrapped sums).
LibraryTiming npp_sat_table(const Plane& p, int repeats, std::vector<double>* table);

}  // namespace ws::sat
