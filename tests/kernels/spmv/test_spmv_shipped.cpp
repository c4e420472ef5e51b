// Every variant's full-size CPU run on every shipped matrix and graph (assets/graphs) as an
// adjacency matrix: y within the summation bound of the long-double reference, float32 and
// float64, x seeded random (so cancellation happens).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "spmv_variant_test_support.h"
#include "test_paths.h"

namespace ws::spmv {
namespace {

CsrMatrix shipped(const std::string& name, bool stored_once = false) {
  LoadMatrixOptions options;
  options.symmetrize = stored_once;  // edge lists that store each undirected edge once
  return load_matrix(std::string(WS_TEST_GRAPHS_DIR) + "/" + name, options);
}

// float64 for every variant; float32 too, but for ELL when `ell_float64_only` (the largest ELL).
void check_every_variant(const CsrMatrix& m, bool ell_float64_only = false) {
  ASSERT_GT(m.nnz(), 0) << m.name;
  const std::vector<double> x = ktest::random_x(m.cols, 5);
  const std::vector<float> xf(x.begin(), x.end());
  for (SpmvVariant v : ktest::teach_variants()) {
    SCOPED_TRACE(ktest::variant_name(v) + " on " + m.name);
    EXPECT_TRUE(ktest::within_bound<double>(m, x, spmv_cpu<double>(v, m, x)));
    if (ell_float64_only && v == SpmvVariant::Ell) continue;
    EXPECT_TRUE(ktest::within_bound<float>(m, x, spmv_cpu<float>(v, m, xf)));
  }
}

TEST(SpmvVariantsShipped, Karate) {
  check_every_variant(shipped("karate.mtx"));
}

TEST(SpmvVariantsShipped, Bcspwr10) {
  check_every_variant(shipped("bcspwr10.mtx"));
}

TEST(SpmvVariantsShipped, FourElt) {
  check_every_variant(shipped("4elt.graph"));
}

TEST(SpmvVariantsShipped, MinnesotaRoads) {
  check_every_variant(shipped("minnesota_edges.txt", true));
}

// Max degree 1045 over 4039 rows: ELL pads 176k nonzeros to 4.2M slots (the chapter's warning),
// run once, in float64.
TEST(SpmvVariantsShipped, FacebookCircles) {
  check_every_variant(shipped("facebook_combined.txt", true), true);
}

}  // namespace
}  // namespace ws::spmv
