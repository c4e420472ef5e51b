// The matrices of bench/dev/spmv_tune.cu, built on the device (no project libraries): the same
// definitions as kernels/spmv's generate_matrix (2D 5-point Poisson; R-MAT a 0.57, b = c 0.19,
// symmetrized, self-loops and repeats dropped, ids permuted; D uniform columns a row, repeats
// dropped) with their own hash, values random in [-1, 1) with 24 significant bits (Poisson: 4
// and -1); x alike; and the device check of a result against a one-thread-per-row double sum.
#pragma once

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "dev_common.cuh"  // CK

namespace spmv_tune {

__host__ __device__ inline uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
__host__ __device__ inline uint64_t hash2(uint64_t seed, uint64_t i) {
  return mix(seed * 0x9E3779B97F4A7C15ull + i * 0xD1B54A32D192ED03ull + 1);
}
// [-1, 1) with 24 significant bits: exact in float.
__device__ inline double unit_value(uint64_t h) {
  return double(int64_t(h >> 40) - (int64_t(1) << 23)) * 0x1.0p-23;
}

struct DevCsr {
  std::string name;
  int32_t rows = 0, cols = 0, nnz = 0;
  int32_t* row_ptr = nullptr;
  int32_t* col = nullptr;
  double* val64 = nullptr;
  float* val32 = nullptr;
  void release() { cudaFree(row_ptr), cudaFree(col), cudaFree(val64), cudaFree(val32); }
};

// ---- Generators (on the device).
__global__ void poisson_counts(int32_t nx, int32_t* counts) {
  const int64_t r = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (r >= int64_t(nx) * nx) return;
  const int32_t x = int32_t(r % nx), y = int32_t(r / nx);
  counts[r] = 1 + (x > 0) + (x < nx - 1) + (y > 0) + (y < nx - 1);
}
__global__ void poisson_fill(int32_t nx, const int32_t* row_ptr, int32_t* col, double* val) {
  const int64_t r = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (r >= int64_t(nx) * nx) return;
  const int32_t x = int32_t(r % nx), y = int32_t(r / nx);
  int32_t k = row_ptr[r];
  auto put = [&](int64_t c, double v) { col[k] = int32_t(c), val[k] = v, ++k; };
  if (y > 0) put(r - nx, -1.0);
  if (x > 0) put(r - 1, -1.0);
  put(r, 4.0);
  if (x < nx - 1) put(r + 1, -1.0);
  if (y < nx - 1) put(r + nx, -1.0);
}
// A bijection of [0, 2^scale): the permuted vertex ids of the R-MAT graph.
__device__ inline uint32_t permute_id(uint32_t v, int scale) {
  const uint32_t mask = scale >= 32 ? 0xFFFFFFFFu : (1u << scale) - 1;
  for (int round = 0; round < 3; ++round) {
    v = (v * 0x9E3779B1u + 0x7F4A7C15u * uint32_t(round + 1)) & mask;
    v ^= v >> ((scale + 1) / 2);
  }
  return v;
}
__global__ void rmat_keys(int scale, int64_t edges, uint64_t seed, uint64_t* keys) {
  const int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (e >= edges) return;
  uint32_t u = 0, v = 0;
  for (int bit = 0; bit < scale; ++bit) {
    const double p = double(hash2(seed + bit, uint64_t(e)) >> 11) * 0x1.0p-53;
    const int q = p < 0.57 ? 0 : p < 0.76 ? 1 : p < 0.95 ? 2 : 3;
    u = (u << 1) | uint32_t(q >> 1), v = (v << 1) | uint32_t(q & 1);
  }
  u = permute_id(u, scale), v = permute_id(v, scale);
  const bool loop = u == v;
  keys[2 * e] = loop ? ~0ull : (uint64_t(u) << 32) | v;
  keys[2 * e + 1] = loop ? ~0ull : (uint64_t(v) << 32) | u;
}
__global__ void random_keys(int32_t n, int32_t d, uint64_t seed, uint64_t* keys) {
  const int64_t k = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (k >= int64_t(n) * d) return;
  const uint64_t r = uint64_t(k / d), c = hash2(seed, uint64_t(k)) % uint64_t(n);
  keys[k] = (r << 32) | c;
}
__global__ void keys_to_csr(const uint64_t* keys, int64_t nnz, int32_t rows, bool symmetric,
                            uint64_t seed, int32_t* row_ptr, int32_t* col, double* val) {
  const int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (i <= rows) {  // row_ptr[i] = lower bound of (i << 32)
    int64_t lo = 0, hi = nnz;
    const uint64_t target = uint64_t(i) << 32;
    while (lo < hi) {
      const int64_t mid = (lo + hi) / 2;
      if (keys[mid] < target)
        lo = mid + 1;
      else
        hi = mid;
    }
    row_ptr[i] = int32_t(lo);
  }
  if (i < nnz) {
    const uint64_t r = keys[i] >> 32, c = keys[i] & 0xFFFFFFFFu;
    col[i] = int32_t(c);
    const uint64_t a = symmetric ? (r < c ? r : c) : r, b = symmetric ? (r < c ? c : r) : c;
    val[i] = unit_value(hash2(seed ^ 0xABCDu, (a << 32) | b));
  }
}
__global__ void to_float(const double* in, float* out, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    out[i] = float(in[i]);
}

inline unsigned blocks_for(int64_t n, int threads = 256) {
  return unsigned((n + threads - 1) / threads);
}

inline DevCsr from_keys(std::string name, int32_t rows, uint64_t* keys, int64_t count,
                        bool symmetric) {
  uint64_t* sorted = nullptr;
  CK(cudaMalloc(&sorted, size_t(count) * 8));
  size_t bytes = 0;
  void* temp = nullptr;
  CK(cub::DeviceRadixSort::SortKeys(nullptr, bytes, keys, sorted, count));
  CK(cudaMalloc(&temp, bytes));
  CK(cub::DeviceRadixSort::SortKeys(temp, bytes, keys, sorted, count));
  CK(cudaFree(temp));
  int64_t* n_unique = nullptr;
  CK(cudaMallocManaged(&n_unique, 8));
  bytes = 0;
  CK(cub::DeviceSelect::Unique(nullptr, bytes, sorted, keys, n_unique, count));
  CK(cudaMalloc(&temp, bytes));
  CK(cub::DeviceSelect::Unique(temp, bytes, sorted, keys, n_unique, count));
  CK(cudaDeviceSynchronize());
  CK(cudaFree(temp));
  CK(cudaFree(sorted));
  int64_t nnz = *n_unique;
  CK(cudaFree(n_unique));
  uint64_t last = 0;
  if (nnz > 0) CK(cudaMemcpy(&last, keys + nnz - 1, 8, cudaMemcpyDeviceToHost));
  if (nnz > 0 && last == ~0ull) --nnz;  // the self-loops' marker
  DevCsr a;
  a.name = std::move(name), a.rows = rows, a.cols = rows, a.nnz = int32_t(nnz);
  CK(cudaMalloc(&a.row_ptr, size_t(rows + 1) * 4));
  CK(cudaMalloc(&a.col, size_t(nnz) * 4 + 4));
  CK(cudaMalloc(&a.val64, size_t(nnz) * 8 + 8));
  keys_to_csr<<<blocks_for(std::max<int64_t>(nnz, rows + 1)), 256>>>(keys, nnz, rows, symmetric, 7,
                                                                     a.row_ptr, a.col, a.val64);
  CK(cudaGetLastError());
  return a;
}

inline DevCsr make_matrix(const std::string& spec) {
  DevCsr a;
  if (spec.rfind("poisson:", 0) == 0) {
    const int32_t nx = std::atoi(spec.c_str() + 8);
    const int64_t rows = int64_t(nx) * nx;
    a.name = spec, a.rows = a.cols = int32_t(rows);
    CK(cudaMalloc(&a.row_ptr, size_t(rows + 1) * 4));
    CK(cudaMemset(a.row_ptr, 0, size_t(rows + 1) * 4));
    int32_t* counts = nullptr;
    CK(cudaMalloc(&counts, size_t(rows) * 4));
    poisson_counts<<<blocks_for(rows), 256>>>(nx, counts);
    size_t bytes = 0;
    void* temp = nullptr;
    CK(cub::DeviceScan::InclusiveSum(nullptr, bytes, counts, a.row_ptr + 1, rows));
    CK(cudaMalloc(&temp, bytes));
    CK(cub::DeviceScan::InclusiveSum(temp, bytes, counts, a.row_ptr + 1, rows));
    CK(cudaFree(temp));
    CK(cudaFree(counts));
    CK(cudaMemcpy(&a.nnz, a.row_ptr + rows, 4, cudaMemcpyDeviceToHost));
    CK(cudaMalloc(&a.col, size_t(a.nnz) * 4));
    CK(cudaMalloc(&a.val64, size_t(a.nnz) * 8));
    poisson_fill<<<blocks_for(rows), 256>>>(nx, a.row_ptr, a.col, a.val64);
  } else if (spec.rfind("powerlaw:", 0) == 0) {
    int scale = 0, ef = 0;
    std::sscanf(spec.c_str(), "powerlaw:%d:%d", &scale, &ef);
    const int64_t edges = int64_t(ef) << scale;
    uint64_t* keys = nullptr;
    CK(cudaMalloc(&keys, size_t(2 * edges) * 8));
    rmat_keys<<<blocks_for(edges), 256>>>(scale, edges, 28, keys);
    a = from_keys(spec, int32_t(1) << scale, keys, 2 * edges, true);
    CK(cudaFree(keys));
  } else {
    int32_t n = 0, d = 0;
    std::sscanf(spec.c_str(), "random:%d:%d", &n, &d);
    uint64_t* keys = nullptr;
    CK(cudaMalloc(&keys, size_t(n) * d * 8));
    random_keys<<<blocks_for(int64_t(n) * d), 256>>>(n, d, 28, keys);
    a = from_keys(spec, n, keys, int64_t(n) * d, false);
    CK(cudaFree(keys));
  }
  CK(cudaMalloc(&a.val32, size_t(a.nnz) * 4 + 4));
  to_float<<<1024, 256>>>(a.val64, a.val32, a.nnz);
  CK(cudaDeviceSynchronize());
  return a;
}

// ---- The check: a one-thread-per-row double sum and the bound of the header.
template <class T>
__global__ void count_bad_rows(const int32_t* row_ptr, const int32_t* col, const T* val, const T* x,
                               const T* y, int32_t rows, int items, double eps,
                               unsigned long long* bad) {
  const int64_t r = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (r >= rows) return;
  double sum = 0, magnitude = 0;
  for (int32_t k = row_ptr[r]; k < row_ptr[r + 1]; ++k) {
    const double p = double(val[k]) * double(x[col[k]]);
    sum += p, magnitude += fabs(p);
  }
  const int64_t len = row_ptr[r + 1] - row_ptr[r];
  const double bound = double(2 * len + 3 + 2 * (len / items + 2)) * eps * magnitude * 1.000001;
  const double error = fabs(double(y[r]) - sum);
  if (!(error <= bound)) atomicAdd(bad, 1ull);
}
template <class T>
__global__ void fill_x(T* x, int64_t n) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < n;
       i += int64_t(gridDim.x) * blockDim.x)
    x[i] = T(unit_value(hash2(28, uint64_t(i))));
}

}  // namespace spmv_tune
