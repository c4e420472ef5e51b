// Inside kernels/spmv: the ELL fill that to_ell and to_hybrid share, and the size checks.
#pragma once

#include <cstdint>
#include <string>

#include "format.h"

namespace ws::spmv {

// The ELL of `m` with `width` slots a row, holding the first min(length, width) nonzeros of each
// row (the rest is the caller's: to_hybrid's COO). Throws ws::Error when rows * width slots pass
// max_nonzeros(), naming `what`, the slots and the MB.
EllMatrix fill_ell(const CsrMatrix& m, int32_t width, const char* what);

// The longest row (0 for none).
int32_t longest_row(const CsrMatrix& m);

void require_value_bytes(int value_bytes);

}  // namespace ws::spmv
