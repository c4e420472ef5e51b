// The SpMV timings (spmv_fast.h): variants 1-6 through spmv_device (K's layouts, uploaded once),
// variant 7 through spmv_fast with its plan built once, and cuSPARSE's cusparseSpMV, all on the
// same device matrix and x. The last matrix's layouts, x and reference stay cached, so a bench
// that times every variant on one matrix uploads and checks against one reference.
#include <cuda_runtime.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "cusparse_spmv.h"
#include "spmv.h"
#include "spmv_device_csr.cuh"
#include "spmv_timing_check.h"

namespace ws::spmv {

namespace {

// Which matrix the cache holds (its vectors' addresses and sizes, and its name).
struct MatrixKey {
  const void* row_ptr = nullptr;
  const void* val = nullptr;
  int32_t rows = -1, cols = -1;
  int64_t nnz = -1;
  std::string name;
  bool operator==(const MatrixKey& o) const {
    return row_ptr == o.row_ptr && val == o.val && rows == o.rows && cols == o.cols &&
           nnz == o.nnz && name == o.name;
  }
};
MatrixKey key_of(const CsrMatrix& a) {
  return {a.row_ptr.data(), a.val.data(), a.rows, a.cols, a.nnz(), a.name};
}

template <class T>
struct TimingCache {
  MatrixKey key;
  std::vector<double> x, reference;
  DeviceBuffer<T> dx, dy;
  std::map<int, DeviceMatrix<T>> layouts;  // variants 1-6 (K's layouts), by variant
  std::unique_ptr<DeviceCsr<T>> csr;       // variant 7 and cuSPARSE
};

template <class T>
const DeviceCsr<T>& cached_csr(TimingCache<T>& cache, const CsrMatrix& a) {
  if (!cache.csr) cache.csr = std::make_unique<DeviceCsr<T>>(upload_csr<T>(a));
  return *cache.csr;
}

template <class T>
TimingCache<T>& timing_cache(const CsrMatrix& a) {
  static TimingCache<T> cache;
  const MatrixKey key = key_of(a);
  if (cache.key == key) return cache;
  cache = TimingCache<T>{};  // frees the old matrix's device memory first
  cache.x = timing_x(a);
  cache.reference = dense_reference(a, cache.x);
  std::vector<T> xt(cache.x.begin(), cache.x.end());
  cache.dx = DeviceBuffer<T>(std::max<size_t>(xt.size(), 1));
  if (!xt.empty()) cache.dx.upload(xt);
  cache.dy = DeviceBuffer<T>(std::max<size_t>(size_t(a.rows), 1));
  cache.key = key;
  return cache;
}

template <class T>
const DeviceMatrix<T>& cached_layout(TimingCache<T>& cache, SpmvVariant variant,
                                     const CsrMatrix& a) {
  auto found = cache.layouts.find(int(variant));
  if (found != cache.layouts.end()) return found->second;
  return cache.layouts.emplace(int(variant), upload<T>(variant, a)).first->second;
}

// y poisoned (NaN), a warm-up, the median of max(20, repeats) runs, then the last y checked.
template <class T, class Work>
void time_and_check(SpmvTiming& t, const CsrMatrix& a, ValueType value, TimingCache<T>& cache,
                    int items, int repeats, Work&& work) {
  if (a.rows > 0) WS_CUDA_CHECK(cudaMemset(cache.dy.data(), 0xFF, size_t(a.rows) * sizeof(T)));
  t.ms = median_ms(work, 1, std::max(20, repeats));
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  std::vector<T> y = cache.dy.download();
  std::vector<double> yd(y.begin(), y.begin() + a.rows);
  const double eps = sizeof(T) == 8 ? 0x1.0p-53 : 0x1.0p-24;
  const SpmvCheck check = check_spmv_result(a, cache.x, cache.reference, yd, eps, items);
  t.checked = check.ok;
  t.max_error = check.max_error;
  if (!check.ok)
    t.note += (t.note.empty() ? "" : "; ") + std::string("WRONG: row ") +
              std::to_string(check.worst_row) + " is past the summation-order bound";
  fill_spmv_rates(t, a, value);
  t.available = true;
}

constexpr int kSequentialRows = 1 << 30;  // variants 1-6: each row summed by one chain

template <class T>
SpmvTiming time_spmv_typed(int variant, ValueType value, const CsrMatrix& a, int repeats) {
  SpmvTiming t;
  t.name = spmv_info(SpmvVariant(variant)).title;
  TimingCache<T>& cache = timing_cache<T>(a);
  if (variant == int(SpmvVariant::Fast)) {
    const CsrView<T> view = cached_csr(cache, a).view();
    FastSpmvPlan plan = make_fast_spmv_plan(view, nullptr);
    t.note = plan.why + "; plan built once (untimed)";
    const int items = plan.config.row_lanes() ? kSequentialRows : plan.config.items;
    time_and_check(t, a, value, cache, items, repeats,
                   [&] { spmv_fast(view, cache.dx.data(), cache.dy.data(), plan, nullptr); });
    return t;
  }
  const DeviceMatrix<T>& m = cached_layout(cache, SpmvVariant(variant), a);
  time_and_check(t, a, value, cache, kSequentialRows, repeats,
                 [&] { spmv_device(m, cache.dx.data(), cache.dy.data(), nullptr); });
  return t;
}

template <class T>
SpmvTiming time_cusparse_typed(CusparseAlg alg, ValueType value, const CsrMatrix& a, int repeats) {
  SpmvTiming t;
  t.name = cusparse_alg_name(alg);
  TimingCache<T>& cache = timing_cache<T>(a);
  const CsrView<T> m = cached_csr(cache, a).view();
  CusparseSpmv call(alg, sizeof(T) == 8, m.rows, m.cols, m.nnz, m.row_ptr, m.col, m.val,
                    cache.dx.data(), cache.dy.data());
  t.note = cusparse_loaded_note() + "; buffer and preprocess untimed";
  time_and_check(t, a, value, cache, 0, repeats, [&] { call.run(); });
  return t;
}

std::string no_device_note() {
  return cuda_device_available() ? "" : "no CUDA device: " + cuda_device_description();
}

}  // namespace

SpmvTiming time_spmv(int variant, ValueType value, const CsrMatrix& a, int repeats) {
  WS_REQUIRE(variant >= 1 && variant <= 7,
             "time_spmv: variant " + std::to_string(variant) + " (accepted: 1..7)");
  spmv_value_name(value);
  if (const std::string why = no_device_note(); !why.empty()) {
    SpmvTiming t;
    t.name = spmv_info(SpmvVariant(variant)).title;
    t.note = why;
    return t;
  }
  return value == ValueType::Float64 ? time_spmv_typed<double>(variant, value, a, repeats)
                                     : time_spmv_typed<float>(variant, value, a, repeats);
}

SpmvTiming time_cusparse(CusparseAlg alg, ValueType value, const CsrMatrix& a, int repeats) {
  spmv_value_name(value);
  std::string why;
  if (!cusparse_available(&why) || a.nnz() == 0) {
    SpmvTiming t;
    t.name = cusparse_alg_name(alg);
    t.note = a.nnz() == 0 && why.empty() ? "no nonzeros: nothing for cuSPARSE to time" : why;
    return t;
  }
  return value == ValueType::Float64 ? time_cusparse_typed<double>(alg, value, a, repeats)
                                     : time_cusparse_typed<float>(alg, value, a, repeats);
}

}  // namespace ws::spmv
