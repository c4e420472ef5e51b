// The generator families (matrix.h's generate_matrix; sizes checked there):
//   banded    row r holds columns max(0, r - W) .. min(N - 1, r + W)
//   poisson   row y * NX + x: (x, y - 1), (x - 1, y), itself (4), (x + 1, y), (x, y + 1), the
//             neighbours -1, in column order
//   random    each row D distinct uniform columns: draw D, sort, drop repeats, draw again for the
//             missing ones; for D > N / 2 the N - D columns left out are drawn instead
//   powerlaw  graph::generate("kron:SCALE:EF") as an adjacency matrix (its values written on
//             graph::worker_threads() threads)
// Values of banded, random and powerlaw: seeded, in [-1, 1), 24 significant bits
// (matrix_values.h); banded and powerlaw give (i, j) and (j, i) the same value.
// Work O(rows + nnz) (random: O(nnz log D) for the per-row sort); no per-row allocation.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "../graph/graph.h"
#include "../graph/graph_parallel.h"
#include "matrix_generate_families.h"
#include "matrix_values.h"

namespace ws::spmv {

namespace {

// row_ptr and reserved col / val for `rows` rows and `nnz` nonzeros.
CsrMatrix sized_matrix(int32_t rows, int32_t cols, int64_t nnz) {
  CsrMatrix m;
  m.rows = rows, m.cols = cols;
  m.row_ptr.assign(size_t(rows) + 1, 0);
  m.col.reserve(size_t(nnz));
  m.val.reserve(size_t(nnz));
  return m;
}

// `d` distinct sorted values in [0, n) (d <= n), drawn uniformly, into `out` (reused): the
// first d distinct values of the stream. Short rows keep each draw that is new and sort once;
// long ones draw the missing count, sort and drop repeats, until d are left. Both keep the same
// values and consume the same draws.
void distinct_sorted(SplitMix64& rng, uint32_t n, uint32_t d, std::vector<int32_t>& out) {
  out.clear();
  if (d <= 32) {
    while (out.size() < d) {
      const int32_t v = int32_t(below_n(rng, n));
      if (std::find(out.begin(), out.end(), v) == out.end()) out.push_back(v);
    }
    std::sort(out.begin(), out.end());
    return;
  }
  while (out.size() < d) {
    while (out.size() < d) out.push_back(int32_t(below_n(rng, n)));
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
  }
}

}  // namespace

CsrMatrix generate_banded(int32_t n, int32_t w, uint64_t seed) {
  CsrMatrix m = sized_matrix(n, n, int64_t(n) * (2 * int64_t(w) + 1) - int64_t(w) * (w + 1));
  for (int32_t r = 0; r < n; ++r) {
    const int32_t lo = std::max(0, r - w), hi = int32_t(std::min<int64_t>(n - 1, int64_t(r) + w));
    for (int32_t c = lo; c <= hi; ++c) {
      m.col.push_back(c);
      m.val.push_back(symmetric_entry_value(seed, r, c));
    }
    m.row_ptr[size_t(r) + 1] = int32_t(m.col.size());
  }
  return m;
}

CsrMatrix generate_poisson(int32_t nx, int32_t ny) {
  const int64_t rows = int64_t(nx) * ny;
  CsrMatrix m = sized_matrix(int32_t(rows), int32_t(rows), 5 * rows - 2 * int64_t(nx) - 2 * ny);
  auto add = [&](int64_t c, double v) {
    m.col.push_back(int32_t(c));
    m.val.push_back(v);
  };
  for (int32_t y = 0; y < ny; ++y)
    for (int32_t x = 0; x < nx; ++x) {
      const int64_t r = int64_t(y) * nx + x;
      if (y > 0) add(r - nx, -1);
      if (x > 0) add(r - 1, -1);
      add(r, 4);
      if (x + 1 < nx) add(r + 1, -1);
      if (y + 1 < ny) add(r + nx, -1);
      m.row_ptr[size_t(r) + 1] = int32_t(m.col.size());
    }
  return m;
}

CsrMatrix generate_random_rows(int32_t n, int32_t d, uint64_t seed) {
  CsrMatrix m = sized_matrix(n, n, int64_t(n) * d);
  const bool complement = int64_t(d) * 2 > n;
  std::vector<int32_t> picked;
  picked.reserve(size_t(complement ? n - d : d));
  for (int32_t r = 0; r < n; ++r) {
    SplitMix64 rng = stream_for(seed, uint64_t(r));
    if (!complement) {
      distinct_sorted(rng, uint32_t(n), uint32_t(d), picked);
      m.col.insert(m.col.end(), picked.begin(), picked.end());
    } else {
      distinct_sorted(rng, uint32_t(n), uint32_t(n - d), picked);
      size_t skip = 0;
      for (int32_t c = 0; c < n; ++c) {
        if (skip < picked.size() && picked[skip] == c) {
          ++skip;
          continue;
        }
        m.col.push_back(c);
      }
    }
    for (int32_t k = 0; k < d; ++k) m.val.push_back(signed_unit24(rng.next()));
    m.row_ptr[size_t(r) + 1] = int32_t(m.col.size());
  }
  return m;
}

CsrMatrix generate_powerlaw(int32_t scale, int32_t edge_factor, uint64_t seed) {
  // from_graph's matrix (the graph has no repeated edges), built by moving the columns and
  // writing the values in parallel (graph_parallel.h: the same values for any thread count).
  graph::Graph g =
      graph::generate("kron:" + std::to_string(scale) + ":" + std::to_string(edge_factor), seed);
  require_fits(g.name, g.vertices, g.edges());
  CsrMatrix m;
  m.rows = m.cols = g.vertices;
  m.name = std::move(g.name);
  m.row_ptr.assign(g.row_offsets.begin(), g.row_offsets.end());  // int64 -> int32: fits
  std::vector<int64_t>().swap(g.row_offsets);
  m.col = std::move(g.columns);
  m.val.resize(m.col.size());
  graph::parallel_ranges(m.rows, 1 << 12, [&m, seed](int64_t first_row, int64_t end_row) {
    for (int64_t r = first_row; r < end_row; ++r)
      for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k)
        m.val[size_t(k)] = symmetric_entry_value(seed, int32_t(r), m.col[size_t(k)]);
  });
  return m;
}

}  // namespace ws::spmv
