// Each format's arrays as a kernel launch sees them: indices as they are, values rounded to the
// launch's value type T. Shared by the twins, the full-size CPU runs and the CUDA uploads.
#include <limits>

#include "spmv_teach_cpu.h"

namespace ws::spmv {

namespace {

template <class T>
std::vector<T> layout_values(const std::vector<double>& values) {
  return std::vector<T>(values.begin(), values.end());
}

}  // namespace

template <class T>
HostLayout<T> csr_layout(const CsrMatrix& m, const std::vector<double>& x, T y_start) {
  HostLayout<T> l;
  l.rows = m.rows, l.nnz = m.nnz();
  l.row_ptr = m.row_ptr, l.col = m.col, l.val = layout_values<T>(m.val);
  l.x = layout_values<T>(x);
  l.y.assign(size_t(m.rows), y_start);
  return l;
}

template <class T>
HostLayout<T> coo_layout(const CooMatrix& m, const std::vector<double>& x, T y_start) {
  HostLayout<T> l;
  l.rows = m.rows, l.nnz = m.nnz();
  l.row = m.row, l.col = m.col, l.val = layout_values<T>(m.val);
  l.x = layout_values<T>(x);
  l.y.assign(size_t(m.rows), y_start);
  return l;
}

template <class T>
HostLayout<T> ell_layout(const EllMatrix& m, const std::vector<double>& x, T y_start) {
  HostLayout<T> l;
  l.rows = m.rows, l.width = m.width, l.nnz = m.slots();
  l.col = m.col, l.val = layout_values<T>(m.val);
  l.x = layout_values<T>(x);
  l.y.assign(size_t(m.rows), y_start);
  return l;
}

template <class T>
HostLayout<T> jds_layout(const JdsMatrix& m, const std::vector<double>& x, T y_start) {
  HostLayout<T> l;
  l.rows = m.rows, l.nnz = int64_t(m.col.size()), l.diagonals = m.diagonals();
  l.perm = m.perm, l.iter_ptr = m.iter_ptr, l.col = m.col, l.val = layout_values<T>(m.val);
  l.x = layout_values<T>(x);
  l.y.assign(size_t(m.rows), y_start);
  return l;
}

template <class T>
HostLayout<T> launch_layout(const SpmvTeachRun& run, SpmvLaunch launch) {
  const T unwritten = std::numeric_limits<T>::quiet_NaN();
  switch (run.params.variant) {
    case SpmvVariant::Coo:
      return coo_layout<T>(run.coo, run.x, T(0));
    case SpmvVariant::Ell:
      return ell_layout<T>(run.ell, run.x, unwritten);
    case SpmvVariant::Hybrid:
      return launch == SpmvLaunch::Main ? ell_layout<T>(run.hybrid.ell, run.x, unwritten)
                                        : coo_layout<T>(run.hybrid.coo, run.x, unwritten);
    case SpmvVariant::Jds:
      return jds_layout<T>(run.jds, run.x, unwritten);
    default:
      return csr_layout<T>(run.matrix, run.x, unwritten);
  }
}

#define WS_SPMV_LAYOUTS(T)                                                               \
  template HostLayout<T> csr_layout<T>(const CsrMatrix&, const std::vector<double>&, T); \
  template HostLayout<T> coo_layout<T>(const CooMatrix&, const std::vector<double>&, T); \
  template HostLayout<T> ell_layout<T>(const EllMatrix&, const std::vector<double>&, T); \
  template HostLayout<T> jds_layout<T>(const JdsMatrix&, const std::vector<double>&, T); \
  template HostLayout<T> launch_layout<T>(const SpmvTeachRun&, SpmvLaunch);
WS_SPMV_LAYOUTS(float)
WS_SPMV_LAYOUTS(double)
#undef WS_SPMV_LAYOUTS

}  // namespace ws::spmv
