// Part of bench/dev/spmv_emulate.cpp (see spmv_emulate.sh): the row-binning kernels of
// bench/dev/spmv_tune_binned.cuh emulated on the host, checked against a double reference with
// the tuning harness's bound |y - ref| <= (2 len + 7) eps sum |a x| (its "bad" column), and the
// plan's bins against a host count.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>
#include <vector>

// One binned run: the plan kernel one "thread" at a time, then the fused kernel block by block.
// Returns the rows past the bound (NaN included) plus any bin miscounted.
template <int G, class T>
int check_binned(const ws::spmv::CsrMatrix& a, int32_t short_max, int32_t medium_max,
                 const char* what) {
  using namespace ws::spmv::fast;
  std::vector<double> xd = ws::spmv::make_x(ws::spmv::XKind::Random, a.cols, 28);
  std::vector<T> x(xd.begin(), xd.end()), val(a.val.begin(), a.val.end());
  std::vector<T> y(size_t(a.rows), T(NAN));
  std::vector<int32_t> medium(size_t(a.rows) + 1, -7), longs(size_t(a.rows) + 1, -7);
  int32_t counts[2] = {0, 0};
  unsigned long long binned_nnz = 0;
  for (int64_t r = 0; r < a.rows; ++r) {
    blockDim.x = 256;
    blockIdx.x = unsigned(r / 256);
    threadIdx.x = unsigned(r % 256);
    spmv_bin_rows_kernel(a.row_ptr.data(), a.rows, short_max, medium_max, medium.data(),
                         longs.data(), counts, &binned_nnz);
  }
  int bad = 0;
  int32_t want_medium = 0, want_long = 0;
  unsigned long long want_nnz = 0;
  for (int32_t r = 0; r < a.rows; ++r) {
    const int32_t len = a.row_ptr[size_t(r) + 1] - a.row_ptr[size_t(r)];
    want_medium += len > short_max && len <= medium_max;
    want_long += len > medium_max;
    if (len > short_max) want_nnz += (unsigned long long)len;
  }
  if (counts[0] != want_medium || counts[1] != want_long || binned_nnz != want_nnz) {
    std::printf("  bins: medium %d (want %d), long %d (want %d), nnz %llu (want %llu)\n", counts[0],
                want_medium, counts[1], want_long, binned_nnz, want_nnz);
    ++bad;
  }
  std::reverse(longs.begin(), longs.begin() + counts[1]);  // any order is the kernel's to take
  const int64_t blocks =
      counts[1] + (int64_t(counts[0]) + 7) / 8 + (int64_t(a.rows) * G + 255) / 256;
  for (int64_t b = 0; b < blocks; ++b) {
    std::memset(spmv_smem, int(0xC0 + b % 16), 8 * sizeof(T));  // poison
    std::barrier<> bar(256);
    std::vector<std::thread> threads;
    for (int t = 0; t < 256; ++t)
      threads.emplace_back([&, t] {
        emu_barrier = &bar;
        blockIdx.x = unsigned(b);
        threadIdx.x = unsigned(t);
        blockDim.x = 256;
        spmv_binned_kernel<G, T>(a.row_ptr.data(), a.col.data(), val.data(), x.data(), y.data(),
                                 a.rows, short_max, medium.data(), counts[0], longs.data(),
                                 counts[1]);
      });
    for (auto& th : threads) th.join();
  }
  const double eps = sizeof(T) == 8 ? 0x1.0p-53 : 0x1.0p-24;
  int rows_bad = 0;
  for (int32_t r = 0; r < a.rows; ++r) {
    double sum = 0, magnitude = 0;
    for (int32_t k = a.row_ptr[size_t(r)]; k < a.row_ptr[size_t(r) + 1]; ++k) {
      const double p = double(val[size_t(k)]) * double(x[size_t(a.col[size_t(k)])]);
      sum += p, magnitude += std::fabs(p);
    }
    const int64_t len = a.row_ptr[size_t(r) + 1] - a.row_ptr[size_t(r)];
    const double bound = double(2 * len + 7) * eps * magnitude * 1.000001;
    if (!(std::fabs(double(y[size_t(r)]) - sum) <= bound)) {
      if (rows_bad < 3) std::printf("  row %d y %.9g ref %.9g\n", r, double(y[size_t(r)]), sum);
      ++rows_bad;
    }
  }
  std::printf("%-28s bin %d/%d/%-4d %s: %d rows past the bound of %d (bins %d medium, %d long)\n",
              what, G, short_max, medium_max, sizeof(T) == 8 ? "f64" : "f32", rows_bad, a.rows,
              counts[0], counts[1]);
  return bad + rows_bad;
}
