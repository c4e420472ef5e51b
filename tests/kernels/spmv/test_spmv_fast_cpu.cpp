// Variant 7's host twin (spmv_fast_cpu, spmv_fast.h) against the long-double dense_reference:
// exactly on integer matrices (every partial sum an exact small integer, so a piece lost, added
// twice or put in the wrong row shows whatever the order), within the summation-order bound on
// random real values, with configurations small enough that rows cross threads and tiles; the
// partition against a walk of the merge written out here; the shipped matrices; bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "common/split_mix.h"
#include "matrix_test_support.h"
#include "spmv/spmv_fast.h"

namespace ws::spmv {
namespace {

using test::shipped_graph;

// Configurations: the default (one tile for small matrices) and tiny ones (rows cross threads
// and tiles at every size here).
const FastSpmvConfig kConfigs[] = {{32, 1}, {32, 2}, {32, 3}, {64, 5}, {}};

// A rows x cols matrix: row r has lengths[r] distinct columns; values integers in -3..3 (0 kept:
// an explicit zero) when `integers`, else 24-bit values in [-1, 1).
CsrMatrix make_rows(int32_t rows, int32_t cols, const std::vector<int32_t>& lengths, uint64_t seed,
                    bool integers) {
  SplitMix64 rng{seed};
  std::vector<int32_t> ri, ci;
  std::vector<double> vi;
  for (int32_t r = 0; r < rows; ++r) {
    const int32_t len = std::min(lengths[size_t(r)], cols);
    std::vector<char> used(size_t(cols), 0);
    for (int32_t k = 0; k < len; ++k) {
      int32_t c = int32_t(rng.next() % uint64_t(cols));
      while (used[size_t(c)]) c = (c + 1) % cols;
      used[size_t(c)] = 1;
      ri.push_back(r), ci.push_back(c);
      vi.push_back(integers ? double(int(rng.next() % 7) - 3) : 2.0 * rng.unit_float() - 1.0);
    }
  }
  return from_triplets(rows, cols, ri, ci, vi, "test");
}

std::vector<double> integer_x(int32_t cols, uint64_t seed) {
  SplitMix64 rng{seed};
  std::vector<double> x(static_cast<size_t>(cols));
  for (double& v : x) v = double(int(rng.next() % 9) - 4);
  return x;
}

template <class T>
std::vector<double> fast_as_double(const CsrMatrix& a, const std::vector<double>& x,
                                   FastSpmvConfig config) {
  const std::vector<T> xt(x.begin(), x.end());
  const std::vector<T> y = spmv_fast_cpu<T>(a, xt, config);
  return std::vector<double>(y.begin(), y.end());
}

// The bound: each product is rounded once (values and x are exact in T here; loaded matrices
// hold 1.0), then passes through at most len - 1 additions inside the threads and, as a piece,
// through at most one fold addition per thread and per tile the row's len + 1 merge items touch
// (<= (len + 1) / items + 2 each). So |y - ref| <= (1 + len + 2 ((len + 1) / items + 2)) eps
// sum |a x|, plus the reference's own rounding to double.
template <class T>
void expect_within_bound(const CsrMatrix& a, const std::vector<double>& x,
                         const std::vector<double>& y, int items, const std::string& what) {
  const std::vector<double> ref = dense_reference(a, x);
  const double eps = sizeof(T) == 8 ? 0x1.0p-53 : 0x1.0p-24;
  for (int32_t r = 0; r < a.rows; ++r) {
    double magnitude = 0;
    for (int32_t k = a.row_ptr[size_t(r)]; k < a.row_ptr[size_t(r) + 1]; ++k)
      magnitude += std::fabs(a.val[size_t(k)] * x[size_t(a.col[size_t(k)])]);
    const int64_t len = a.row_length(r);
    const double bound = double(2 + len + 2 * ((len + 1) / items + 2)) * eps * magnitude;
    ASSERT_LE(std::fabs(y[size_t(r)] - ref[size_t(r)]), bound) << what << " row " << r;
  }
}

TEST(SpmvFastCpu, RandomIntegerMatricesExact) {
  for (int32_t rows = 0; rows <= 64; rows += 3) {
    const int32_t cols = std::max(rows, 1) + 2;
    SplitMix64 rng{uint64_t(rows) + 100};
    std::vector<int32_t> lengths(static_cast<size_t>(rows));
    for (int32_t& len : lengths) len = rng.next() % 3 == 0 ? 0 : int32_t(rng.next() % 9);
    if (rows > 2) lengths[size_t(rows / 2)] = cols;  // one full row
    const CsrMatrix a = make_rows(rows, cols, lengths, uint64_t(rows), true);
    const std::vector<double> x = integer_x(cols, uint64_t(rows) + 7);
    const std::vector<double> ref = dense_reference(a, x);
    for (const FastSpmvConfig& config : kConfigs) {
      const std::string what = std::to_string(rows) + " rows, " + std::to_string(config.threads) +
                               "x" + std::to_string(config.items);
      EXPECT_EQ(fast_as_double<float>(a, x, config), ref) << what << " float32";
      EXPECT_EQ(fast_as_double<double>(a, x, config), ref) << what << " float64";
    }
  }
}

TEST(SpmvFastCpu, RandomRealMatricesWithinTheBound) {
  for (int32_t rows = 1; rows <= 64; rows += 7) {
    SplitMix64 rng{uint64_t(rows)};
    std::vector<int32_t> lengths(static_cast<size_t>(rows));
    for (int32_t& len : lengths) len = int32_t(rng.next() % 20);
    lengths[0] = 0;  // an empty first row
    const CsrMatrix a = make_rows(rows, 64, lengths, uint64_t(rows) + 3, false);
    const std::vector<double> x = make_x(XKind::Random, 64, uint64_t(rows));
    for (const FastSpmvConfig& config : kConfigs) {
      const std::string what =
          std::to_string(rows) + " rows, items " + std::to_string(config.items);
      expect_within_bound<float>(a, x, fast_as_double<float>(a, x, config), config.items,
                                 what + " float32");
      expect_within_bound<double>(a, x, fast_as_double<double>(a, x, config), config.items,
                                  what + " float64");
    }
  }
}

TEST(SpmvFastCpu, OneLongRowAmongShortOnesExact) {
  std::vector<int32_t> lengths(3000, 2);
  lengths[1234] = 5000;  // crosses many threads and tiles
  lengths[0] = 0, lengths[2999] = 0;
  const CsrMatrix a = make_rows(3000, 6000, lengths, 42, true);
  const std::vector<double> x = integer_x(6000, 43);
  const std::vector<double> ref = dense_reference(a, x);
  for (const FastSpmvConfig& config : kConfigs) {
    EXPECT_EQ(fast_as_double<float>(a, x, config), ref) << config.threads << "x" << config.items;
    EXPECT_EQ(fast_as_double<double>(a, x, config), ref) << config.threads << "x" << config.items;
  }
}

TEST(SpmvFastCpu, EmptyMatricesGiveZeros) {
  const CsrMatrix none = from_triplets(0, 3, {}, {}, {}, "none");
  EXPECT_TRUE(spmv_fast_cpu<float>(none, {1, 2, 3}).empty());
  const CsrMatrix empty_rows = from_triplets(100, 4, {}, {}, {}, "empty");
  for (const FastSpmvConfig& config : kConfigs)
    EXPECT_EQ(spmv_fast_cpu<double>(empty_rows, {1, 2, 3, 4}, config),
              std::vector<double>(100, 0.0));
}

// The merge walked one item at a time: nonzero j before row end r when j < row_ptr[r + 1].
TEST(SpmvFastCpu, PartitionIsTheMergeWalkedItemByItem) {
  std::vector<int32_t> lengths = {0, 3, 0, 0, 7, 1, 0, 12, 2, 0};
  const CsrMatrix a = make_rows(10, 16, lengths, 5, true);
  const FastSpmvConfig config{32, 1};  // tiles of 32 items: 2 tiles for 25 nonzeros + 10 rows
  std::vector<MergeCoord> walked;
  int32_t row = 0, nz = 0;
  for (int64_t d = 0; d <= a.rows + a.nnz(); ++d) {
    if (d % config.tile() == 0 || d == a.rows + a.nnz()) walked.push_back({row, nz});
    if (row < a.rows && nz < a.row_ptr[size_t(row) + 1])
      ++nz;
    else
      ++row;
  }
  const std::vector<MergeCoord> coords = fast_spmv_partition(a, config);
  ASSERT_EQ(coords.size(), walked.size());
  for (size_t t = 0; t < coords.size(); ++t) {
    EXPECT_EQ(coords[t].row, walked[t].row) << "boundary " << t;
    EXPECT_EQ(coords[t].nz, walked[t].nz) << "boundary " << t;
  }
}

TEST(SpmvFastCpu, ShippedMatricesWithinTheBound) {
  LoadMatrixOptions symmetric;
  symmetric.symmetrize = true;
  const std::vector<CsrMatrix> matrices = {
      load_matrix(shipped_graph("bcspwr10.mtx")), load_matrix(shipped_graph("4elt.graph")),
      load_matrix(shipped_graph("minnesota_edges.txt"), symmetric),
      load_matrix(shipped_graph("karate.mtx")),
      load_matrix(shipped_graph("facebook_combined.txt"), symmetric)};
  for (const CsrMatrix& a : matrices) {
    const std::vector<double> x = make_x(XKind::Random, a.cols, 28);
    for (const FastSpmvConfig& config : {FastSpmvConfig{32, 3}, FastSpmvConfig{}}) {
      expect_within_bound<float>(a, x, fast_as_double<float>(a, x, config), config.items, a.name);
      expect_within_bound<double>(a, x, fast_as_double<double>(a, x, config), config.items, a.name);
    }
  }
}

TEST(SpmvFastCpu, TheBooksExample) {
  const CsrMatrix a = generate_matrix("pmpp");  // 1 7 0 0; 5 0 3 9; 0 2 8 0; 0 0 0 6
  for (const FastSpmvConfig& config : kConfigs) {
    EXPECT_EQ(spmv_fast_cpu<float>(a, {1, 1, 1, 1}, config), (std::vector<float>{8, 17, 10, 6}));
    EXPECT_EQ(spmv_fast_cpu<double>(a, {1, 2, 3, 4}, config),
              (std::vector<double>{15, 50, 28, 24}));  // 1+14; 5+9+36; 4+24; 24
  }
}

TEST(SpmvFastCpu, BadInputIsRefused) {
  const CsrMatrix a = generate_matrix("pmpp");
  const std::string short_x =
      test::spmv_error_of([&] { spmv_fast_cpu<float>(a, std::vector<float>(3, 1.0f)); });
  EXPECT_TRUE(test::contains(short_x, "3 entries")) << short_x;
  EXPECT_TRUE(test::contains(short_x, "4 columns")) << short_x;
  const std::string config = test::spmv_error_of([&] {
    spmv_fast_cpu<float>(a, std::vector<float>(4, 1.0f), FastSpmvConfig{48, 3});
  });
  EXPECT_TRUE(test::contains(config, "multiple of 32")) << config;
}

}  // namespace
}  // namespace ws::spmv
