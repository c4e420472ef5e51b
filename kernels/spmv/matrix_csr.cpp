// The CSR matrix itself (matrix.h): its invariants, building it from triplets and from a graph's
// adjacency (duplicates summed, explicit zeros kept), and the memory limit every builder checks.
// Work O(nnz) (from_graph), O(nnz log nnz) (from_triplets: a sort).
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <string>

#include <unistd.h>

#include "../common/error.h"
#include "matrix.h"

namespace ws::spmv {

void validate(const CsrMatrix& m) {
  auto fail = [&](const std::string& what) {
    throw Error("matrix '" + m.name + "' is broken: " + what);
  };
  if (m.rows < 0 || m.cols < 0)
    fail("size " + std::to_string(m.rows) + " x " + std::to_string(m.cols) + " is negative");
  if (m.row_ptr.size() != size_t(m.rows) + 1)
    fail("row_ptr has " + std::to_string(m.row_ptr.size()) +
         " entries; expected rows + 1 = " + std::to_string(int64_t(m.rows) + 1));
  if (m.row_ptr[0] != 0) fail("row_ptr[0] is " + std::to_string(m.row_ptr[0]) + "; expected 0");
  if (m.val.size() != m.col.size())
    fail(std::to_string(m.val.size()) + " values for " + std::to_string(m.col.size()) +
         " column indices");
  if (int64_t(m.row_ptr[size_t(m.rows)]) != m.nnz())
    fail("row_ptr ends at " + std::to_string(m.row_ptr[size_t(m.rows)]) + " but there are " +
         std::to_string(m.nnz()) + " nonzeros");
  for (int32_t r = 0; r < m.rows; ++r) {
    const int32_t b = m.row_ptr[size_t(r)], e = m.row_ptr[size_t(r) + 1];
    if (e < b) fail("row_ptr decreases at row " + std::to_string(r));
    if (e > m.nnz())
      fail("row_ptr[" + std::to_string(r + 1) + "] is " + std::to_string(e) + ", past the " +
           std::to_string(m.nnz()) + " nonzeros");
    for (int32_t k = b; k < e; ++k) {
      const int32_t c = m.col[size_t(k)];
      if (c < 0 || c >= m.cols)
        fail("row " + std::to_string(r) + " has column " + std::to_string(c) + "; expected 0.." +
             std::to_string(m.cols - 1));
      if (k > b && c <= m.col[size_t(k) - 1])
        fail("row " + std::to_string(r) + "'s columns are not strictly ascending (" +
             std::to_string(m.col[size_t(k) - 1]) + " then " + std::to_string(c) + ")");
    }
  }
}

CsrMatrix from_triplets(int32_t rows, int32_t cols, const std::vector<int32_t>& row,
                        const std::vector<int32_t>& col, const std::vector<double>& val,
                        std::string name) {
  WS_REQUIRE(rows >= 0 && cols >= 0, "from_triplets: a negative size " + std::to_string(rows) +
                                         " x " + std::to_string(cols));
  WS_REQUIRE(row.size() == col.size() && col.size() == val.size(),
             "from_triplets: " + std::to_string(row.size()) + " rows, " +
                 std::to_string(col.size()) + " columns and " + std::to_string(val.size()) +
                 " values; expected one of each per entry");
  for (size_t i = 0; i < row.size(); ++i)
    WS_REQUIRE(row[i] >= 0 && row[i] < rows && col[i] >= 0 && col[i] < cols,
               "from_triplets: entry " + std::to_string(i) + " at (" + std::to_string(row[i]) +
                   ", " + std::to_string(col[i]) + ") is outside the " + std::to_string(rows) +
                   " x " + std::to_string(cols) + " matrix");
  require_fits(name, rows, int64_t(row.size()));
  std::vector<size_t> order(row.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return row[a] != row[b] ? row[a] < row[b] : col[a] < col[b];
  });
  CsrMatrix m;
  m.rows = rows, m.cols = cols, m.name = std::move(name);
  m.row_ptr.assign(size_t(rows) + 1, 0);
  for (size_t i : order) {
    // The last entry kept is in this row (its end was set by it) and has this column: a repeat.
    const bool same = !m.col.empty() && m.row_ptr[size_t(row[i]) + 1] == int32_t(m.col.size()) &&
                      m.col.back() == col[i];
    if (same) {
      m.val.back() += val[i];
      continue;
    }
    m.col.push_back(col[i]);
    m.val.push_back(val[i]);
    m.row_ptr[size_t(row[i]) + 1] = int32_t(m.col.size());
  }
  // Rows with no entry end where the row before them ends.
  for (int32_t r = 0; r < rows; ++r)
    m.row_ptr[size_t(r) + 1] = std::max(m.row_ptr[size_t(r) + 1], m.row_ptr[size_t(r)]);
  return m;
}

int64_t csr_bytes(int64_t rows, int64_t nnz) {
  return (rows + 1) * 4 + nnz * (4 + 8);
}

int64_t max_nonzeros() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return kMaxNonzeros;
  const int64_t memory = int64_t(pages) * int64_t(page);
  return std::min(kMaxNonzeros, memory / 4 / 24);
}

void require_fits(const std::string& what, int64_t rows, int64_t nnz) {
  const int64_t limit = max_nonzeros();
  if (nnz <= limit && rows <= kMaxNonzeros) return;
  char mb[48];
  std::snprintf(mb, sizeof mb, "%.0f MB", double(csr_bytes(rows, nnz)) / 1e6);
  throw Error(what + ": " + std::to_string(rows) + " rows and " + std::to_string(nnz) +
              " nonzeros, about " + mb + " as CSR; expected at most " + std::to_string(limit) +
              " nonzeros and " + std::to_string(kMaxNonzeros) +
              " rows (int32 indices, and a quarter of this machine's memory)");
}

CsrMatrix from_graph(const graph::Graph& g) {
  require_fits(g.name, g.vertices, g.edges());
  const bool wide = !g.weights64.empty(), narrow = !g.weights.empty();
  CsrMatrix m;
  m.rows = m.cols = g.vertices;
  m.name = g.name;
  m.row_ptr.assign(size_t(g.vertices) + 1, 0);
  m.col.reserve(size_t(g.edges()));
  m.val.reserve(size_t(g.edges()));
  for (int32_t u = 0; u < g.vertices; ++u) {
    const size_t row_start = m.col.size();
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      const int32_t v = g.columns[size_t(e)];
      const double w = wide ? g.weights64[size_t(e)] : narrow ? double(g.weights[size_t(e)]) : 1.0;
      if (m.col.size() > row_start && m.col.back() == v) {
        m.val.back() += w;  // a repeated entry: summed (columns are sorted, repeats adjacent)
        continue;
      }
      m.col.push_back(v);
      m.val.push_back(w);
    }
    m.row_ptr[size_t(u) + 1] = int32_t(m.col.size());
  }
  return m;
}

}  // namespace ws::spmv
