// Inside kernels/spmv: the generator families behind generate_matrix (matrix.h), sizes already
// checked. Each is O(rows + nnz) (powerlaw: graph::generate's Kronecker edges first).
#pragma once

#include <cstdint>

#include "matrix.h"

namespace ws::spmv {

CsrMatrix generate_banded(int32_t n, int32_t w, uint64_t seed);
CsrMatrix generate_poisson(int32_t nx, int32_t ny);
CsrMatrix generate_random_rows(int32_t n, int32_t d, uint64_t seed);
CsrMatrix generate_powerlaw(int32_t scale, int32_t edge_factor, uint64_t seed);

}  // namespace ws::spmv
