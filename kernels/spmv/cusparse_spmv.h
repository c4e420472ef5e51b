// cuSPARSE's SpMV as the timings use it (cusparse.cu; CUDA builds only): libcusparse is loaded at
// run time (spmv_fast.h: cusparse_available), so warpscope runs without it. CUDA-free header.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "spmv_fast.h"

namespace ws::spmv {

// y = A x through cusparseSpMV (CSR, int32 row offsets and columns, base 0, non-transposed,
// alpha 1, beta 0, compute type = value type) on device pointers. The constructor makes the
// handle's descriptors, sizes and allocates the external buffer and runs cusparseSpMV_preprocess
// (when the library has it), so run() is the call alone, enqueued on the default stream.
// Throws ws::Error with cuSPARSE's status when a call fails, and when cuSPARSE is not available.
class CusparseSpmv {
 public:
  CusparseSpmv(CusparseAlg alg, bool float64, int32_t rows, int32_t cols, int64_t nnz,
               const int32_t* row_ptr, const int32_t* col, const void* val, const void* x, void* y);
  ~CusparseSpmv();
  CusparseSpmv(const CusparseSpmv&) = delete;
  CusparseSpmv& operator=(const CusparseSpmv&) = delete;
  void run();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// "loaded <path>" (what the timing's note says).
std::string cusparse_loaded_note();

}  // namespace ws::spmv
