// The generators: sizes, nonzeros and row lengths worked out from each spec, symmetry where the
// family is symmetric, seeds that reproduce, and the messages for bad or too large specs.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "graph/graph.h"
#include "matrix_test_support.h"

namespace ws::spmv {
namespace {

using test::contains;
using test::spmv_error_of;

// The value at (r, c), or NAN when it is not stored (binary search of the sorted row).
double stored_entry(const CsrMatrix& m, int32_t r, int32_t c) {
  const auto b = m.col.begin() + m.row_ptr[size_t(r)], e = m.col.begin() + m.row_ptr[size_t(r) + 1];
  const auto it = std::lower_bound(b, e, c);
  return it != e && *it == c ? m.val[size_t(it - m.col.begin())] : NAN;
}

bool equals_its_transpose(const CsrMatrix& m) {
  for (int32_t r = 0; r < m.rows; ++r)
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k)
      if (stored_entry(m, m.col[size_t(k)], r) != m.val[size_t(k)]) return false;
  return true;
}

TEST(MatrixGenerate, PoissonFivePointStencil) {
  const CsrMatrix m = generate_matrix("poisson:4:3", 7);
  EXPECT_NO_THROW(validate(m));
  EXPECT_EQ(m.rows, 12);
  EXPECT_EQ(m.cols, 12);
  // 12 diagonal + 2 * (3 * 3 horizontal + 4 * 2 vertical grid edges) = 12 + 34 = 46.
  EXPECT_EQ(m.nnz(), 46);
  EXPECT_EQ(m.name, "poisson:4:3");
  for (int32_t y = 0; y < 3; ++y)
    for (int32_t x = 0; x < 4; ++x) {
      const int32_t r = y * 4 + x;
      const int inside_x = (x > 0) + (x < 3), inside_y = (y > 0) + (y < 2);
      EXPECT_EQ(m.row_length(r), 1 + inside_x + inside_y) << "row " << r;
      EXPECT_EQ(stored_entry(m, r, r), 4.0);
      if (x > 0) {
        EXPECT_EQ(stored_entry(m, r, r - 1), -1.0);
      }
      if (y > 0) {
        EXPECT_EQ(stored_entry(m, r, r - 4), -1.0);
      }
    }
  EXPECT_EQ(m.row_length(5), 5);  // inside
  EXPECT_EQ(m.row_length(0), 3);  // a corner
  EXPECT_EQ(m.row_length(1), 4);  // an edge
  EXPECT_TRUE(equals_its_transpose(m));
  // NY defaults to NX; every row sums to 0 inside (4 - 4 neighbours).
  const CsrMatrix sq = generate_matrix("poisson:5");
  EXPECT_EQ(sq.rows, 25);
  EXPECT_EQ(sq.nnz(), 5 * 25 - 2 * 5 - 2 * 5);
  EXPECT_EQ(dense_reference(sq, make_x(XKind::Ones, 25, 1))[12], 0.0);
}

TEST(MatrixGenerate, BandedHasItsDiagonals) {
  const CsrMatrix m = generate_matrix("banded:10:2", 3);
  EXPECT_NO_THROW(validate(m));
  EXPECT_EQ(m.rows, 10);
  // 10 * 5 minus the corners' missing 2 + 1 entries on each side: 50 - 6 = 44.
  EXPECT_EQ(m.nnz(), 44);
  for (int32_t r = 0; r < 10; ++r) {
    const int32_t lo = std::max(0, r - 2), hi = std::min(9, r + 2);
    EXPECT_EQ(m.row_length(r), hi - lo + 1);
    EXPECT_EQ(m.col[size_t(m.row_ptr[size_t(r)])], lo);
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k) {
      EXPECT_GE(m.val[size_t(k)], -1.0);
      EXPECT_LT(m.val[size_t(k)], 1.0);
      EXPECT_EQ(double(float(m.val[size_t(k)])), m.val[size_t(k)]);  // exact in float
    }
  }
  EXPECT_TRUE(equals_its_transpose(m));
  EXPECT_EQ(generate_matrix("banded:5:0").nnz(), 5);
  EXPECT_EQ(generate_matrix("banded:5:4").nnz(), 25);
}

TEST(MatrixGenerate, RandomRowsHaveExactlyDDistinctSortedColumns) {
  for (const char* spec : {"random:50:3", "random:20:15", "random:9:9", "random:1:1"}) {
    SCOPED_TRACE(spec);
    const CsrMatrix m = generate_matrix(spec, 11);
    EXPECT_NO_THROW(validate(m));  // strictly ascending columns: distinct and sorted
    const int32_t d = m.rows == 50 ? 3 : m.rows == 20 ? 15 : m.rows;
    for (int32_t r = 0; r < m.rows; ++r) EXPECT_EQ(m.row_length(r), d);
  }
  // Columns spread over the whole range (not a band): 400 uniform draws over 100 columns miss
  // about 100 * e^-4 = 2 of them.
  const CsrMatrix wide = generate_matrix("random:100:4", 5);
  std::set<int32_t> seen(wide.col.begin(), wide.col.end());
  EXPECT_GT(seen.size(), 90u);
  EXPECT_FALSE(equals_its_transpose(wide));
}

TEST(MatrixGenerate, PowerlawIsTheKroneckerAdjacency) {
  const graph::Graph g = graph::generate("kron:8:4", 9);
  const CsrMatrix m = generate_matrix("powerlaw:8:4", 9);
  EXPECT_NO_THROW(validate(m));
  EXPECT_EQ(m.rows, 256);
  EXPECT_EQ(m.nnz(), g.edges());
  EXPECT_EQ(std::vector<int32_t>(g.columns.begin(), g.columns.end()), m.col);
  for (int32_t r = 0; r < m.rows; ++r) {
    EXPECT_EQ(m.row_length(r), g.degree(r));
    EXPECT_TRUE(std::isnan(stored_entry(m, r, r)));  // no self-loops
  }
  EXPECT_TRUE(equals_its_transpose(m));  // values symmetric too
  const RowStats s = row_stats(m);
  EXPECT_GT(s.max, 4 * s.mean);  // a heavy tail
}

TEST(MatrixGenerate, SeedsReproduceAndDiffer) {
  for (const char* spec : {"banded:30:3", "random:40:5", "powerlaw:7:4"}) {
    SCOPED_TRACE(spec);
    const CsrMatrix a = generate_matrix(spec, 1), b = generate_matrix(spec, 1),
                    c = generate_matrix(spec, 2);
    EXPECT_EQ(a.col, b.col);
    EXPECT_EQ(a.val, b.val);
    EXPECT_NE(a.val, c.val);
  }
  // Poisson and the book's example have no random part.
  EXPECT_EQ(generate_matrix("poisson:6", 1).val, generate_matrix("poisson:6", 2).val);
}

TEST(MatrixGenerate, BadSpecsNameTheAcceptedOnes) {
  for (const char* spec :
       {"", "poisson", "poisson:0", "poisson:3:4:5", "banded:5:5", "banded:x:1", "random:5:6",
        "random:5:0", "powerlaw:31:4", "powerlaw:8", "grid:4", "pmpp:4", "banded:-3:1"}) {
    SCOPED_TRACE(spec);
    const std::string msg = spmv_error_of([&] { generate_matrix(spec, 1); });
    EXPECT_TRUE(contains(msg, "matrix spec '" + std::string(spec) + "'")) << msg;
    EXPECT_TRUE(contains(msg, "poisson:NX[:NY]")) << msg;
  }
  EXPECT_TRUE(contains(spmv_error_of([] { generate_matrix("banded:5:5", 1); }), "W must be"));
}

TEST(MatrixGenerate, TooLargeIsRefusedWithItsSizeBeforeAllocating) {
  // 10^9 rows of 21 nonzeros: 2.1e10 nonzeros, far past int32 and memory; refused at once.
  const std::string msg = spmv_error_of([] { generate_matrix("banded:1000000000:10", 1); });
  EXPECT_TRUE(contains(msg, "20999999890 nonzeros")) << msg;
  // (1e9 + 1) * 4 + 20999999890 * 12 = 4.0e9 + 2.52e11 bytes = 256000 MB.
  EXPECT_TRUE(contains(msg, "256000 MB")) << msg;
  EXPECT_TRUE(contains(msg, "expected at most")) << msg;
  EXPECT_TRUE(contains(spmv_error_of([] { generate_matrix("poisson:50000", 1); }), "rows"));
  EXPECT_LE(max_nonzeros(), kMaxNonzeros);
  EXPECT_GT(max_nonzeros(), 1000000);
}

}  // namespace
}  // namespace ws::spmv
