// Full-size SpMV on the device (spmv.h): a variant's layout uploaded once into a DeviceMatrix,
// the launch on a stream, and the host-vector round trip the GPU tests use.
#include <cuda_runtime.h>

#include <memory>
#include <string>

#include "../common/cuda_check.cuh"
#include "spmv_cuda.cuh"

namespace ws::spmv {

namespace {

// The layouts a DeviceMatrix's pointers point into.
template <class T>
struct DeviceStorage {
  std::unique_ptr<scuda::DeviceLayout<T>> main, coo;
};

template <class T>
int64_t layout_bytes(const HostLayout<T>& h) {
  return int64_t(h.row_ptr.size() + h.row.size() + h.col.size() + h.perm.size() +
                 h.iter_ptr.size()) *
             4 +
         int64_t(h.val.size()) * int64_t(sizeof(T));
}

template <class T>
HostLayout<T> host_layout(SpmvVariant variant, const CsrMatrix& m, int hybrid_width,
                          HostLayout<T>& coo) {
  const std::vector<double> no_x;
  switch (variant) {
    case SpmvVariant::Coo:
      return coo_layout<T>(to_coo(m), no_x, T(0));
    case SpmvVariant::Ell:
      return ell_layout<T>(to_ell(m), no_x, T(0));
    case SpmvVariant::Hybrid: {
      const HybridMatrix h = to_hybrid(m, hybrid_width, int(sizeof(T)));
      coo = coo_layout<T>(h.coo, no_x, T(0));
      return ell_layout<T>(h.ell, no_x, T(0));
    }
    case SpmvVariant::Jds:
      return jds_layout<T>(to_jds(m), no_x, T(0));
    case SpmvVariant::Fast:
      throw Error("upload: variant fast is spmv_fast.h's");
    default:
      return csr_layout<T>(m, no_x, T(0));
  }
}

}  // namespace

template <class T>
DeviceMatrix<T> upload(SpmvVariant variant, const CsrMatrix& matrix, int hybrid_width) {
  spmv_info(variant);
  HostLayout<T> coo_host;
  HostLayout<T> host = host_layout<T>(variant, matrix, hybrid_width, coo_host);
  host.y.clear(), coo_host.y.clear();  // the caller's vectors are x and y
  const int64_t bytes = layout_bytes(host) + layout_bytes(coo_host);
  require_device_memory(size_t(bytes), std::string("the ") + spmv_info(variant).id + " layout of " +
                                           std::to_string(matrix.rows) + " rows and " +
                                           std::to_string(matrix.nnz()) + " nonzeros");
  auto storage = std::make_shared<DeviceStorage<T>>();
  storage->main = std::make_unique<scuda::DeviceLayout<T>>(host);
  storage->coo = std::make_unique<scuda::DeviceLayout<T>>(coo_host);
  DeviceMatrix<T> d;
  d.variant = variant;
  d.rows = matrix.rows, d.cols = matrix.cols, d.nnz = matrix.nnz();
  d.device_bytes = bytes;
  scuda::DeviceLayout<T>& m = *storage->main;
  const bool ell = variant == SpmvVariant::Ell || variant == SpmvVariant::Hybrid;
  d.row_ptr = m.row_ptr.data(), d.row = m.row.data(), d.perm = m.perm.data();
  d.iter_ptr = m.iter_ptr.data(), d.diagonals = m.diagonals;
  d.col = ell ? nullptr : m.col.data();
  d.val = ell ? nullptr : m.val.data();
  if (ell) d.ell_width = m.width, d.ell_col = m.col.data(), d.ell_val = m.val.data();
  if (variant == SpmvVariant::Hybrid) {
    scuda::DeviceLayout<T>& c = *storage->coo;
    d.coo_nnz = c.nnz, d.coo_row = c.row.data(), d.coo_col = c.col.data();
    d.coo_val = c.val.data();
  }
  d.storage = storage;
  return d;
}

template <class T>
void spmv_device(const DeviceMatrix<T>& m, const T* dx, T* dy, void* stream_handle) {
  const cudaStream_t stream = static_cast<cudaStream_t>(stream_handle);
  body::Arrays<T> a;
  a.rows = m.rows, a.nnz = m.nnz, a.diagonals = m.diagonals;
  a.row_ptr = m.row_ptr, a.row = m.row, a.col = m.col, a.val = m.val;
  a.perm = m.perm, a.iter_ptr = m.iter_ptr;
  a.x = dx, a.y = dy;
  switch (m.variant) {
    case SpmvVariant::Coo:
      if (m.rows > 0) WS_CUDA_CHECK(cudaMemsetAsync(dy, 0, size_t(m.rows) * sizeof(T), stream));
      scuda::launch_coo(a, stream);
      return;
    case SpmvVariant::Csr:
      scuda::launch_csr(a, stream);
      return;
    case SpmvVariant::CsrVector:
      scuda::launch_csr_vector(a, stream);
      return;
    case SpmvVariant::Jds:
      scuda::launch_jds(a, stream);
      return;
    case SpmvVariant::Ell:
    case SpmvVariant::Hybrid: {
      a.width = m.ell_width, a.col = m.ell_col, a.val = m.ell_val;
      if (m.variant == SpmvVariant::Ell) return scuda::launch_ell(a, stream);
      body::Arrays<T> c;
      c.rows = m.rows, c.nnz = m.coo_nnz;
      c.row = m.coo_row, c.col = m.coo_col, c.val = m.coo_val;
      c.x = dx, c.y = dy;
      scuda::launch_hybrid(a, c, stream);
      return;
    }
    case SpmvVariant::Fast:
      break;
  }
  throw Error("spmv_device: variant fast is spmv_fast.h's");
}

template <class T>
std::vector<T> spmv_on_device(SpmvVariant variant, const CsrMatrix& matrix, const std::vector<T>& x,
                              int hybrid_width) {
  WS_REQUIRE(int64_t(x.size()) == matrix.cols, "spmv_on_device: x has " + std::to_string(x.size()) +
                                                   " values for " + std::to_string(matrix.cols) +
                                                   " columns");
  const DeviceMatrix<T> m = upload<T>(variant, matrix, hybrid_width);
  DeviceBuffer<T> dx(x.size()), dy(size_t(matrix.rows));
  dx.upload(x);
  spmv_device(m, dx.data(), dy.data(), nullptr);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  return dy.download();
}

template DeviceMatrix<float> upload<float>(SpmvVariant, const CsrMatrix&, int);
template DeviceMatrix<double> upload<double>(SpmvVariant, const CsrMatrix&, int);
template void spmv_device<float>(const DeviceMatrix<float>&, const float*, float*, void*);
template void spmv_device<double>(const DeviceMatrix<double>&, const double*, double*, void*);
template std::vector<float> spmv_on_device<float>(SpmvVariant, const CsrMatrix&,
                                                  const std::vector<float>&, int);
template std::vector<double> spmv_on_device<double>(SpmvVariant, const CsrMatrix&,
                                                    const std::vector<double>&, int);

}  // namespace ws::spmv
