// The host twin of variant 7, the fast SpMV (spmv_fast.h, kernels in spmv_fast.cuh): the plan's
// choice (spmv_fast_choice.h) and, on the merge path, the same tiles, the same per-thread walks
// and the same left-to-right folds of the pieces of rows that cross threads and tiles; on the
// row-lanes path the same lane sums and shuffle tree; so y is bit-identical to the kernel's
// (EXACT_FLOAT). One thread; the block's threads run one after the other.
#include <algorithm>
#include <string>
#include <vector>

#include "../common/error.h"
#include "matrix.h"
#include "spmv_fast.h"
#include "spmv_merge_path.h"

namespace ws::spmv {

namespace {

void check_fast_config(const FastSpmvConfig& config) {
  if (config.row_lanes()) {
    WS_REQUIRE(config.lanes == 1 || config.lanes == 2 || config.lanes == 4 || config.lanes == 8,
               "the fast SpMV's row lanes take G = 1, 2, 4 or 8 lanes a row, got " +
                   std::to_string(config.lanes));
    return;
  }
  WS_REQUIRE(config.threads >= 32 && config.threads <= 1024 && config.threads % 32 == 0 &&
                 config.items >= 1 && config.items <= 32,
             "the fast SpMV's configuration takes 32..1024 threads (a multiple of 32) and 1..32 "
             "items a thread, got " +
                 std::to_string(config.threads) + " x " + std::to_string(config.items));
}

// ((p[from] + p[from + 1]) + ...) + last, as fold_pieces in spmv_fast.cuh.
template <class T>
T fold_pieces_host(const std::vector<T>& p, int64_t from, int64_t to, T last) {
  if (from == to) return last;
  T sum = p[size_t(from)];
  for (int64_t u = from + 1; u < to; ++u) sum += p[size_t(u)];
  return sum + last;
}

// One tile of the kernel: rows it finishes after its first go to y; its head, carry and whether
// it finished a row come back.
template <class T>
struct TilePieces {
  T head = T(0), carry = T(0);
  bool done = false;
};

template <class T>
TilePieces<T> fast_tile_cpu(const CsrMatrix& a, const std::vector<T>& prod, MergeCoord c0,
                            MergeCoord c1, const FastSpmvConfig& config, std::vector<T>& y) {
  const int n_rows = c1.row - c0.row, n_nz = c1.nz - c0.nz, total = n_rows + n_nz;
  const int threads = config.threads, items = config.items;
  const int32_t* row_end = a.row_ptr.data() + c0.row + 1;
  std::vector<T> head(size_t(threads), T(0)), carry(size_t(threads), T(0));
  std::vector<char> done(size_t(threads), 0);
  std::vector<int> first_row(size_t(threads), 0);
  for (int tid = 0; tid < threads; ++tid) {
    const int diag = std::min(tid * items, total);
    const int count = std::min(items, total - diag);
    int i = merge_path_rows(row_end, n_rows, c0.nz, n_nz, diag);
    int k = diag - i;
    first_row[size_t(tid)] = i;
    T sum = T(0);
    for (int q = 0; q < count; ++q) {
      if (c0.nz + k < row_end[i]) {
        sum += prod[size_t(c0.nz) + size_t(k)];
        ++k;
      } else {
        if (done[size_t(tid)])
          y[size_t(c0.row) + size_t(i)] = sum;
        else
          head[size_t(tid)] = sum, done[size_t(tid)] = 1;
        sum = T(0);
        ++i;
      }
    }
    carry[size_t(tid)] = sum;
  }
  TilePieces<T> tile;
  for (int tid = 0; tid < threads; ++tid) {
    if (!done[size_t(tid)]) continue;
    int s = tid - 1;
    while (s >= 0 && !done[size_t(s)]) --s;
    if (s >= 0)
      y[size_t(c0.row) + size_t(first_row[size_t(tid)])] =
          fold_pieces_host(carry, s, tid, head[size_t(tid)]);
    else
      tile.head = fold_pieces_host(carry, 0, tid, head[size_t(tid)]);
  }
  const int last = (total + items - 1) / items - 1;
  int s = last;
  while (s >= 0 && !done[size_t(s)]) --s;
  tile.done = s >= 0;
  tile.carry = fold_pieces_host(carry, s >= 0 ? s : 0, last, carry[size_t(last)]);
  return tile;
}

// The row-lanes kernel: lane l of G adds nonzeros l, l + G, ... from 0; then the shuffle tree
// (offset G/2, ..., 1: lane l adds lane l + offset's sum).
template <class T>
std::vector<T> row_lanes_cpu(const CsrMatrix& a, const std::vector<T>& x, int lanes) {
  std::vector<T> y(size_t(a.rows), T(0));
  std::vector<T> lane_sum(static_cast<size_t>(lanes));
  for (int32_t r = 0; r < a.rows; ++r) {
    const int32_t start = a.row_ptr[size_t(r)], end = a.row_ptr[size_t(r) + 1];
    for (int l = 0; l < lanes; ++l) {
      T sum = T(0);
      for (int32_t k = start + l; k < end; k += lanes)
        sum += T(a.val[size_t(k)]) * x[size_t(a.col[size_t(k)])];
      lane_sum[size_t(l)] = sum;
    }
    for (int offset = lanes / 2; offset > 0; offset /= 2)
      for (int l = 0; l < offset; ++l) lane_sum[size_t(l)] += lane_sum[size_t(l + offset)];
    y[size_t(r)] = lane_sum[0];
  }
  return y;
}

}  // namespace

FastSpmvChoice fast_spmv_choice(const CsrMatrix& a, size_t value_bytes) {
  int64_t longest = 0;
  for (int32_t r = 0; r < a.rows; ++r) longest = std::max<int64_t>(longest, a.row_length(r));
  return choose_fast_spmv(a.rows, a.nnz(), longest, value_bytes);
}

MergeCoord merge_path_coord(const int32_t* row_ptr, int32_t rows, int32_t nnz, int64_t d) {
  const int32_t r = merge_path_rows(row_ptr + 1, rows, 0, nnz, d);
  return MergeCoord{r, int32_t(d - r)};
}

std::vector<MergeCoord> fast_spmv_partition(const CsrMatrix& a, FastSpmvConfig config) {
  WS_REQUIRE(!config.row_lanes(), std::string("fast_spmv_partition: the row-lanes path has no "
                                              "partition (lanes 0 takes the merge path)"));
  check_fast_config(config);
  const int64_t total = int64_t(a.rows) + a.nnz(), tile = config.tile();
  const int64_t tiles = (total + tile - 1) / tile;
  std::vector<MergeCoord> coords(size_t(tiles + 1));
  for (int64_t t = 0; t <= tiles; ++t)
    coords[size_t(t)] =
        merge_path_coord(a.row_ptr.data(), a.rows, int32_t(a.nnz()), std::min(t * tile, total));
  return coords;
}

template <class T>
std::vector<T> spmv_fast_cpu(const CsrMatrix& a, const std::vector<T>& x) {
  return spmv_fast_cpu<T>(a, x, fast_spmv_choice(a, sizeof(T)).config);
}

template <class T>
std::vector<T> spmv_fast_cpu(const CsrMatrix& a, const std::vector<T>& x, FastSpmvConfig config) {
  check_fast_config(config);
  WS_REQUIRE(int64_t(x.size()) == a.cols, "the fast SpMV: x has " + std::to_string(x.size()) +
                                              " entries, the matrix " + std::to_string(a.cols) +
                                              " columns");
  WS_REQUIRE(int64_t(a.rows) + a.nnz() < (int64_t(1) << 31) - 1,
             std::string("the fast SpMV needs rows + nonzeros below 2^31"));
  if (config.row_lanes()) return row_lanes_cpu(a, x, config.lanes);
  std::vector<T> prod(size_t(a.nnz()));
  for (size_t j = 0; j < prod.size(); ++j) prod[j] = T(a.val[j]) * x[size_t(a.col[j])];
  std::vector<T> y(size_t(a.rows), T(0));
  const std::vector<MergeCoord> coords = fast_spmv_partition(a, config);
  const int64_t tiles = int64_t(coords.size()) - 1;
  std::vector<T> heads(static_cast<size_t>(tiles)), carries(static_cast<size_t>(tiles));
  std::vector<char> done(static_cast<size_t>(tiles));
  for (int64_t t = 0; t < tiles; ++t) {
    const TilePieces<T> p =
        fast_tile_cpu(a, prod, coords[size_t(t)], coords[size_t(t) + 1], config, y);
    heads[size_t(t)] = p.head, carries[size_t(t)] = p.carry, done[size_t(t)] = p.done;
  }
  for (int64_t t = 0; t < tiles; ++t) {  // the fix-up kernel
    if (!done[size_t(t)]) continue;
    int64_t s = t - 1;
    while (s >= 0 && !done[size_t(s)]) --s;
    y[size_t(coords[size_t(t)].row)] =
        fold_pieces_host(carries, std::max<int64_t>(s, 0), t, heads[size_t(t)]);
  }
  return y;
}

template std::vector<float> spmv_fast_cpu<float>(const CsrMatrix&, const std::vector<float>&);
template std::vector<double> spmv_fast_cpu<double>(const CsrMatrix&, const std::vector<double>&);
template std::vector<float> spmv_fast_cpu<float>(const CsrMatrix&, const std::vector<float>&,
                                                 FastSpmvConfig);
template std::vector<double> spmv_fast_cpu<double>(const CsrMatrix&, const std::vector<double>&,
                                                   FastSpmvConfig);

}  // namespace ws::spmv
