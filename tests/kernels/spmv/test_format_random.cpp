// Every layout of seeded random matrices of 0..64 rows (empty rows, one full row, duplicates
// summed) holds exactly the matrix: each is turned back into a dense matrix by the layout's own
// definition and compared with the triplets summed densely. The hybrid width against a brute
// force over every width, and each format's storage against the sizes of the arrays built.
#include <gtest/gtest.h>

#include <algorithm>

#include "common/split_mix.h"
#include "matrix_test_support.h"

namespace ws::spmv {
namespace {

using test::Dense;

struct FormatRandomCase {
  CsrMatrix m;
  Dense dense;  // the triplets summed into a dense matrix (independent of from_triplets)
};

FormatRandomCase format_random_case(uint64_t seed) {
  SplitMix64 rng{seed};
  const int32_t rows = int32_t(rng.next() % 65), cols = 1 + int32_t(rng.next() % 40);
  std::vector<int32_t> r, c;
  std::vector<double> v;
  Dense dense = test::zeros(rows, cols);
  auto add = [&](int32_t i, int32_t j, double x) {
    r.push_back(i), c.push_back(j), v.push_back(x);
    dense[size_t(i)][size_t(j)] += x;
  };
  if (rows > 0) {
    const int64_t entries = int64_t(rng.next() % uint64_t(rows * 4 + 1));
    for (int64_t e = 0; e < entries; ++e)  // rows with a 1 in 3 chance of staying empty
      add(int32_t(rng.next() % uint64_t(std::max(1, rows * 2 / 3))), int32_t(rng.next() % cols),
          double(int64_t(rng.next() % 19) - 9));
    const int32_t full = int32_t(rng.next() % rows);
    for (int32_t j = 0; j < cols; ++j) add(full, j, 0.5);  // one full row
    if (entries > 0) add(r[0], c[0], 1.25);                // a duplicate, summed
  }
  return {from_triplets(rows, cols, r, c, v, "random"), dense};
}

int64_t hybrid_bytes_by_brute_force(const std::vector<int32_t>& lengths, int32_t w, int vb) {
  int64_t overflow = 0;
  for (int32_t len : lengths) overflow += std::max(0, len - w);
  return int64_t(lengths.size()) * w * (4 + vb) + overflow * (8 + vb);
}

TEST(FormatRandom, EveryLayoutHoldsTheMatrix) {
  for (uint64_t seed = 1; seed <= 120; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const FormatRandomCase rc = format_random_case(seed);
    const CsrMatrix& m = rc.m;
    ASSERT_NO_THROW(validate(m));
    EXPECT_EQ(test::dense_of(m), rc.dense);
    Dense coo = test::zeros(m.rows, m.cols);
    test::add_coo(to_coo(m), coo);
    EXPECT_EQ(coo, rc.dense);
    Dense ell = test::zeros(m.rows, m.cols);
    const EllMatrix e = to_ell(m);
    test::add_ell(e, ell);
    EXPECT_EQ(ell, rc.dense);
    for (size_t s = 0; s < e.col.size(); ++s)
      if (e.padded[s]) {
        EXPECT_EQ(e.col[s], 0);
        EXPECT_EQ(e.val[s], 0.0);
      }
    EXPECT_EQ(test::dense_of(to_jds(m)), rc.dense);
    const std::vector<int32_t> lengths = row_lengths(m);
    for (int vb : {4, 8}) {
      const int32_t w = choose_hybrid_width(lengths, vb);
      const int32_t longest =
          lengths.empty() ? 0 : *std::max_element(lengths.begin(), lengths.end());
      for (int32_t other = 0; other <= longest; ++other) {
        const int64_t best = hybrid_bytes_by_brute_force(lengths, w, vb),
                      here = hybrid_bytes_by_brute_force(lengths, other, vb);
        EXPECT_TRUE(here > best || (here == best && other >= w)) << "width " << other;
      }
      const HybridMatrix h = to_hybrid(m, -1, vb);
      EXPECT_EQ(h.width, w);
      Dense hybrid = test::zeros(m.rows, m.cols);
      test::add_ell(h.ell, hybrid);
      test::add_coo(h.coo, hybrid);
      EXPECT_EQ(hybrid, rc.dense);
      EXPECT_EQ(format_storage(m, SparseFormat::Hybrid, vb).bytes_total,
                hybrid_bytes_by_brute_force(lengths, w, vb));
      // Storage from the row lengths equals the arrays actually built.
      const int64_t b = vb;
      EXPECT_EQ(format_storage(m, SparseFormat::Ell, vb).bytes_total,
                int64_t(e.col.size()) * 4 + int64_t(e.val.size()) * b);
      EXPECT_EQ(format_storage(m, SparseFormat::Ell, vb).padding_slots,
                std::count(e.padded.begin(), e.padded.end(), uint8_t{1}));
      const CooMatrix c = to_coo(m);
      EXPECT_EQ(format_storage(m, SparseFormat::Coo, vb).bytes_total,
                int64_t(c.row.size() + c.col.size()) * 4 + int64_t(c.val.size()) * b);
      const JdsMatrix j = to_jds(m);
      EXPECT_EQ(format_storage(m, SparseFormat::Jds, vb).bytes_total,
                int64_t(j.perm.size() + j.iter_ptr.size() + j.col.size()) * 4 +
                    int64_t(j.val.size()) * b);
      EXPECT_EQ(format_storage(m, SparseFormat::Csr, vb).bytes_total,
                int64_t(m.row_ptr.size() + m.col.size()) * 4 + int64_t(m.val.size()) * b);
    }
  }
}

TEST(FormatRandom, JdsOrderIsStableAndLongestFirst) {
  for (uint64_t seed = 200; seed < 240; ++seed) {
    const CsrMatrix m = format_random_case(seed).m;
    const JdsMatrix j = to_jds(m);
    for (int32_t i = 0; i + 1 < m.rows; ++i) {
      const int32_t a = m.row_length(j.perm[size_t(i)]), b = m.row_length(j.perm[size_t(i) + 1]);
      EXPECT_GE(a, b);
      if (a == b) {
        EXPECT_LT(j.perm[size_t(i)], j.perm[size_t(i) + 1]);
      }
      EXPECT_EQ(j.row_length[size_t(i)], a);
    }
  }
}

TEST(FormatRandom, NamesAndRefusals) {
  EXPECT_EQ(parse_sparse_format("jds"), SparseFormat::Jds);
  EXPECT_EQ(std::string(sparse_format_id(SparseFormat::Hybrid)), "hybrid");
  EXPECT_EQ(test::spmv_error_of([] { parse_sparse_format("dia", "--format"); }),
            "--format: expected coo, csr, ell, hybrid or jds, got 'dia'");
  EXPECT_TRUE(test::contains(test::spmv_error_of([] {
                               choose_hybrid_width({1, 2}, 2);
                             }),
                             "expected 4 (float32) or 8"));
  // An ELL as wide as a power-law matrix's longest row is refused before allocating.
  CsrMatrix star;
  star.rows = star.cols = 2000000;
  star.row_ptr.assign(size_t(star.rows) + 1, 2000000);
  star.row_ptr[0] = 0;
  star.col.resize(2000000);
  for (int32_t k = 0; k < 2000000; ++k) star.col[size_t(k)] = k;
  star.val.assign(2000000, 1.0);
  star.name = "star";
  const std::string msg = test::spmv_error_of([&] { to_ell(star); });
  EXPECT_TRUE(test::contains(msg, "ELL of 'star': 2000000 rows x width 2000000")) << msg;
  EXPECT_TRUE(test::contains(msg, "hybrid")) << msg;
  EXPECT_EQ(format_storage(star, SparseFormat::Ell, 4).padding_slots,
            int64_t(2000000) * 2000000 - 2000000);
  EXPECT_EQ(to_hybrid(star, -1, 4).width, 0);  // one row: all COO is cheapest
}

}  // namespace
}  // namespace ws::spmv
