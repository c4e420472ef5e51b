// Every variant's full-size CPU run on every shipped matrix and graph (assets/graphs) as an
// adjacency matrix: y within the summation bound of the long-double reference, float32 and
// float64, x seeded random (so cancellation happens).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "spmv_variant_test_support.h"

namespace ws::spmv {
namespace {

std::vector<CsrMatrix> shipped_matrices() {
  const std::string dir = WS_TEST_GRAPHS_DIR;
  std::vector<CsrMatrix> out;
  for (const char* name : {"karate.mtx", "bcspwr10.mtx", "4elt.graph"})
    out.push_back(load_matrix(dir + "/" + name));
  LoadMatrixOptions once;
  once.symmetrize = true;  // edge lists storing each undirected edge once
  out.push_back(load_matrix(dir + "/minnesota_edges.txt", once));
  out.push_back(load_matrix(dir + "/facebook_combined.txt", once));  // ELL: 1045 slots a row
  return out;
}

TEST(SpmvVariantsShipped, EveryVariantOnEveryShippedMatrix) {
  for (const CsrMatrix& m : shipped_matrices()) {
    ASSERT_GT(m.nnz(), 0) << m.name;
    const std::vector<double> x = ktest::random_x(m.cols, 5);
    const std::vector<float> xf(x.begin(), x.end());
    for (SpmvVariant v : ktest::teach_variants()) {
      SCOPED_TRACE(ktest::variant_name(v) + " on " + m.name);
      EXPECT_TRUE(ktest::within_bound<double>(m, x, spmv_cpu<double>(v, m, x)));
      EXPECT_TRUE(ktest::within_bound<float>(m, x, spmv_cpu<float>(v, m, xf)));
    }
  }
}

}  // namespace
}  // namespace ws::spmv
