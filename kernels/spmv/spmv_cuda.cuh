// What the SpMV kernels share on the device: the recorder type, a launch's arrays in device
// memory, and each variant's launches (its .cu file): the full-size kernel (NoTrace) on a stream
// and the traced teach kernel in the twin's launch shape. spmv_device.cu dispatches the full-size
// runs, spmv_device_teach.cu the teach runs.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "spmv_teach_body.h"
#include "spmv_teach_cpu.h"

namespace ws::spmv::scuda {

// Every buffer name of spmv_teach_body.h may be mapped.
using SpmvDeviceTrace = BasicDeviceTrace<body::kBufCount, false>;

inline int blocks_for(int64_t threads, int block_dim) {
  return int((threads + block_dim - 1) / block_dim);
}

// A HostLayout's arrays on the device (y allocated, filled as the host's).
template <class T>
struct DeviceLayout {
  int32_t rows = 0;
  int64_t nnz = 0;
  int32_t diagonals = 0, width = 0;
  DeviceBuffer<int32_t> row_ptr, row, col, perm, iter_ptr;
  DeviceBuffer<T> val, x, y;

  explicit DeviceLayout(const HostLayout<T>& h)
      : rows(h.rows),
        nnz(h.nnz),
        diagonals(h.diagonals),
        width(h.width),
        row_ptr(h.row_ptr.size()),
        row(h.row.size()),
        col(h.col.size()),
        perm(h.perm.size()),
        iter_ptr(h.iter_ptr.size()),
        val(h.val.size()),
        x(h.x.size()),
        y(h.y.size()) {
    row_ptr.upload(h.row_ptr), row.upload(h.row), col.upload(h.col), perm.upload(h.perm);
    iter_ptr.upload(h.iter_ptr), val.upload(h.val), x.upload(h.x), y.upload(h.y);
  }
  body::Arrays<T> view() {
    body::Arrays<T> a;
    a.rows = rows, a.nnz = nnz, a.diagonals = diagonals, a.width = width;
    a.row_ptr = row_ptr.data(), a.row = row.data(), a.col = col.data(), a.val = val.data();
    a.perm = perm.data(), a.iter_ptr = iter_ptr.data();
    a.x = x.data(), a.y = y.data();
    return a;
  }
};

// Full size: a.x and a.y are the caller's vectors; coo's y must be zero already.
template <class T>
void launch_coo(const body::Arrays<T>& a, cudaStream_t stream);
template <class T>
void launch_csr(const body::Arrays<T>& a, cudaStream_t stream);
template <class T>
void launch_ell(const body::Arrays<T>& a, cudaStream_t stream);
template <class T>
void launch_hybrid(const body::Arrays<T>& ell, const body::Arrays<T>& coo, cudaStream_t stream);
template <class T>
void launch_jds(const body::Arrays<T>& a, cudaStream_t stream);
template <class T>
void launch_csr_vector(const body::Arrays<T>& a, cudaStream_t stream);

// Teach: the twin's grid and block, the default stream.
template <class T>
void teach_coo(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec);
template <class T>
void teach_csr(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec);
template <class T>
void teach_ell(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec);
template <class T>
void teach_hybrid_ell(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec);
template <class T>
void teach_hybrid_coo(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec);
template <class T>
void teach_jds(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec);
template <class T>
void teach_csr_vector(const body::Arrays<T>& a, int grid, int block, const SpmvDeviceTrace& rec);

}  // namespace ws::spmv::scuda

// Instantiates a variant's full-size and teach launches for float and double.
#define WS_SPMV_INSTANTIATE_LAUNCHES(launch, teach)                                         \
  template void launch<float>(const body::Arrays<float>&, cudaStream_t);                    \
  template void launch<double>(const body::Arrays<double>&, cudaStream_t);                  \
  template void teach<float>(const body::Arrays<float>&, int, int, const SpmvDeviceTrace&); \
  template void teach<double>(const body::Arrays<double>&, int, int, const SpmvDeviceTrace&);
