// The CSR arrays on the device for variant 7 and cuSPARSE (spmv_fast_run.cu, spmv_timing.cu):
// int32 row_ptr and col, values rounded to T, uploaded once.
#pragma once

#include <algorithm>
#include <vector>

#include "../common/device_buffer.cuh"
#include "matrix.h"
#include "spmv_fast.h"

namespace ws::spmv {

template <class T>
struct DeviceCsr {
  int32_t rows = 0, cols = 0, nnz = 0;
  DeviceBuffer<int32_t> row_ptr, col;
  DeviceBuffer<T> val;
  CsrView<T> view() const {
    CsrView<T> v;
    v.rows = rows, v.cols = cols, v.nnz = nnz;
    v.row_ptr = row_ptr.data(), v.col = col.data(), v.val = val.data();
    return v;
  }
};

// Throws ws::Error (with the bytes) when the device lacks the memory.
template <class T>
DeviceCsr<T> upload_csr(const CsrMatrix& a) {
  const size_t nnz = size_t(a.nnz());
  require_device_memory((size_t(a.rows) + 1 + nnz) * 4 + nnz * sizeof(T), "the CSR of " + a.name);
  DeviceCsr<T> d;
  d.rows = a.rows, d.cols = a.cols, d.nnz = int32_t(nnz);
  d.row_ptr = DeviceBuffer<int32_t>(a.row_ptr.size());
  d.row_ptr.upload(a.row_ptr);
  d.col = DeviceBuffer<int32_t>(std::max<size_t>(nnz, 1));
  d.val = DeviceBuffer<T>(std::max<size_t>(nnz, 1));
  if (nnz > 0) {
    d.col.upload(a.col);
    d.val.upload(std::vector<T>(a.val.begin(), a.val.end()));
  }
  return d;
}

}  // namespace ws::spmv
