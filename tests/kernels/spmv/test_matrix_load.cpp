// Loading matrices through the graph loaders: every shipped file, with its nonzeros counted here
// from the file itself (a symmetric file stores one triangle: 2 * off-diagonal + diagonal);
// duplicates summed, explicit zeros kept, values in double precision, the loader's messages.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <tuple>

#include "graph/graph.h"
#include "matrix_test_support.h"

namespace ws::spmv {
namespace {

using test::contains;
using test::MatrixTempDir;
using test::shipped_graph;
using test::spmv_error_of;

// Entries of a Matrix Market body (or a headerless "i j" list), split into diagonal and not.
struct FileEntryCount {
  int64_t diagonal = 0, off_diagonal = 0;
};
FileEntryCount count_file_entries(const std::string& path, bool has_size_line) {
  std::ifstream in(path);
  std::string line;
  FileEntryCount c;
  bool size_seen = !has_size_line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '%') continue;
    if (!size_seen) {
      size_seen = true;
      continue;
    }
    std::istringstream fields(line);
    int64_t i = 0, j = 0;
    fields >> i >> j;
    (i == j ? c.diagonal : c.off_diagonal) += 1;
  }
  return c;
}

// (row, col, value) triples, and the same transposed: equal for a symmetric matrix.
bool loaded_is_symmetric(const CsrMatrix& m) {
  std::vector<std::tuple<int32_t, int32_t, double>> a, t;
  for (int32_t r = 0; r < m.rows; ++r)
    for (int32_t k = m.row_ptr[size_t(r)]; k < m.row_ptr[size_t(r) + 1]; ++k) {
      a.emplace_back(r, m.col[size_t(k)], m.val[size_t(k)]);
      t.emplace_back(m.col[size_t(k)], r, m.val[size_t(k)]);
    }
  std::sort(a.begin(), a.end());
  std::sort(t.begin(), t.end());
  return a == t;
}

bool all_values_one(const CsrMatrix& m) {
  return std::all_of(m.val.begin(), m.val.end(), [](double v) { return v == 1.0; });
}

TEST(MatrixLoad, KarateIsThePatternExpanded) {
  const FileEntryCount c = count_file_entries(shipped_graph("karate.mtx"), true);
  EXPECT_EQ(c.diagonal, 0);
  EXPECT_EQ(c.off_diagonal, 78);
  const CsrMatrix m = load_matrix(shipped_graph("karate.mtx"));
  EXPECT_NO_THROW(validate(m));
  EXPECT_EQ(m.rows, 34);
  EXPECT_EQ(m.cols, 34);
  EXPECT_EQ(m.nnz(), 2 * c.off_diagonal + c.diagonal);
  EXPECT_EQ(m.name, "karate.mtx");
  EXPECT_TRUE(all_values_one(m));
  EXPECT_TRUE(loaded_is_symmetric(m));
}

TEST(MatrixLoad, Bcspwr10KeepsItsDiagonal) {
  const FileEntryCount c = count_file_entries(shipped_graph("bcspwr10.mtx"), true);
  EXPECT_EQ(c.diagonal, 5300);
  EXPECT_EQ(c.off_diagonal, 8271);
  const CsrMatrix m = load_matrix(shipped_graph("bcspwr10.mtx"));
  EXPECT_NO_THROW(validate(m));
  EXPECT_EQ(m.rows, 5300);
  EXPECT_EQ(m.nnz(), 2 * 8271 + 5300);
  EXPECT_TRUE(all_values_one(m));
  EXPECT_TRUE(loaded_is_symmetric(m));
  for (int32_t r = 0; r < m.rows; ++r)
    ASSERT_TRUE(std::binary_search(m.col.begin() + m.row_ptr[size_t(r)],
                                   m.col.begin() + m.row_ptr[size_t(r) + 1], r))
        << "row " << r << " lost its diagonal entry";
}

TEST(MatrixLoad, FourEltMetisListsEveryEdgeTwice) {
  std::ifstream in(shipped_graph("4elt.graph"));
  std::string line;
  std::getline(in, line);  // header "15606 45878"
  int64_t listed = 0;
  for (int64_t id = 0; in >> id;) ++listed;
  EXPECT_EQ(listed, 2 * 45878);
  const CsrMatrix m = load_matrix(shipped_graph("4elt.graph"));
  EXPECT_NO_THROW(validate(m));
  EXPECT_EQ(m.rows, 15606);
  EXPECT_EQ(m.nnz(), listed);
  EXPECT_TRUE(all_values_one(m));
  EXPECT_TRUE(loaded_is_symmetric(m));
}

TEST(MatrixLoad, MinnesotaEdgesAsASymmetricAdjacency) {
  const FileEntryCount c = count_file_entries(shipped_graph("minnesota_edges.txt"), false);
  EXPECT_EQ(c.diagonal, 0);
  EXPECT_EQ(c.off_diagonal, 3303);
  LoadMatrixOptions o;
  o.symmetrize = true;  // each undirected edge once in the file
  const CsrMatrix m = load_matrix(shipped_graph("minnesota_edges.txt"), o);
  EXPECT_NO_THROW(validate(m));
  EXPECT_EQ(m.rows, 2642);
  EXPECT_EQ(m.nnz(), 2 * 3303);
  EXPECT_TRUE(all_values_one(m));
  EXPECT_TRUE(loaded_is_symmetric(m));
}

TEST(MatrixLoad, DuplicatesSummedZerosKeptDoublesExact) {
  MatrixTempDir dir;
  const double fine = 0.1 + 1e-12;  // no float holds it
  ASSERT_NE(double(float(fine)), fine);
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", fine);
  const std::string path = dir.write("dup.mtx",
                                     "%%MatrixMarket matrix coordinate real general\n"
                                     "% a comment\n"
                                     "3 3 5\n"
                                     "1 1 0.5\n"
                                     "2 3 0.0\n"
                                     "3 2 -1.5\n"
                                     "1 1 0.25\n"
                                     "1 3 " +
                                         std::string(text) + "\n");
  const CsrMatrix m = load_matrix(path);
  EXPECT_NO_THROW(validate(m));
  EXPECT_EQ(m.row_ptr, (std::vector<int32_t>{0, 2, 3, 4}));
  EXPECT_EQ(m.col, (std::vector<int32_t>{0, 2, 2, 1}));
  EXPECT_EQ(m.val, (std::vector<double>{0.75, std::strtod(text, nullptr), 0.0, -1.5}));
  EXPECT_EQ(m.val[1], fine);
}

TEST(MatrixLoad, SymmetricAndSkewFilesMirrorTheirValues) {
  MatrixTempDir dir;
  const CsrMatrix s = load_matrix(dir.write("s.mtx",
                                            "%%MatrixMarket matrix coordinate real symmetric\n"
                                            "3 3 4\n1 1 2\n2 1 -3\n3 2 0.5\n3 2 0.25\n"));
  // Diagonal once, (2,1) both ways, (3,2) twice then summed, both ways: 1 + 2 + 2 nonzeros.
  EXPECT_EQ(s.row_ptr, (std::vector<int32_t>{0, 2, 4, 5}));
  EXPECT_EQ(s.col, (std::vector<int32_t>{0, 1, 0, 2, 1}));
  EXPECT_EQ(s.val, (std::vector<double>{2, -3, -3, 0.75, 0.75}));
  const CsrMatrix k = load_matrix(dir.write("k.mtx",
                                            "%%MatrixMarket matrix coordinate integer "
                                            "skew-symmetric\n2 2 1\n2 1 4\n"));
  EXPECT_EQ(k.col, (std::vector<int32_t>{1, 0}));
  EXPECT_EQ(k.val, (std::vector<double>{-4, 4}));
}

TEST(MatrixLoad, WeightedEdgeListKeepsDoubles) {
  MatrixTempDir dir;
  const CsrMatrix m = load_matrix(dir.write("w.wel", "0 1 0.30000000000000004\n1 1 2.5\n"));
  EXPECT_EQ(m.rows, 2);
  EXPECT_EQ(m.col, (std::vector<int32_t>{1, 1}));
  EXPECT_EQ(m.val, (std::vector<double>{0.30000000000000004, 2.5}));  // the self-loop kept
}

TEST(MatrixLoad, BadFilesGetTheLoadersMessages) {
  MatrixTempDir dir;
  const std::string bad = dir.write("bad.mtx",
                                    "%%MatrixMarket matrix coordinate real general\n"
                                    "2 2 2\n1 1 1.0\n2 x 3.0\n");
  const std::string msg = spmv_error_of([&] { load_matrix(bad); });
  EXPECT_TRUE(contains(msg, "bad.mtx, line 4:")) << msg;
  const std::string truncated = dir.write("short.mtx",
                                          "%%MatrixMarket matrix coordinate real general\n"
                                          "2 2 3\n1 1 1.0\n");
  EXPECT_TRUE(contains(spmv_error_of([&] { load_matrix(truncated); }), "truncated"));
  const std::string wide = dir.write("wide.mtx",
                                     "%%MatrixMarket matrix coordinate real general\n"
                                     "3 4 1\n1 4 1.0\n");
  const std::string square = spmv_error_of([&] { load_matrix(wide); });
  EXPECT_TRUE(contains(square, "wide.mtx, line 2:")) << square;
  EXPECT_TRUE(contains(square, "3 x 4 matrix; expected a square one")) << square;
  const std::string huge = dir.write("huge.mtx",
                                     "%%MatrixMarket matrix coordinate pattern general\n"
                                     "2 2 999999999999\n1 1\n");
  EXPECT_TRUE(contains(spmv_error_of([&] { load_matrix(huge); }), "promises 999999999999"));
  EXPECT_TRUE(
      contains(spmv_error_of([&] { load_matrix(dir.path.string() + "/none.mtx"); }), "none.mtx"));
}

TEST(MatrixLoad, GraphOptionsKeepEveryEntryInDouble) {
  LoadMatrixOptions o;
  o.symmetrize = true;
  o.renumber = false;
  const graph::LoadOptions g = graph_load_options(o);
  EXPECT_TRUE(g.double_weights);
  EXPECT_FALSE(g.remove_self_loops);
  EXPECT_FALSE(g.remove_duplicates);
  EXPECT_TRUE(g.symmetrize);
  EXPECT_FALSE(g.renumber);
}

TEST(MatrixLoad, FromGraphTakesWeightsOrOnes) {
  // 0 -> 1 twice (summed), 1 -> 1, 2 -> 0; float weights become their double values.
  graph::Graph g;
  g.vertices = 3;
  g.row_offsets = {0, 2, 3, 4};
  g.columns = {1, 1, 1, 0};
  g.weights = {0.5f, 0.25f, 0.1f, -2.f};
  g.name = "g";
  const CsrMatrix m = from_graph(g);
  EXPECT_EQ(m.row_ptr, (std::vector<int32_t>{0, 1, 2, 3}));
  EXPECT_EQ(m.col, (std::vector<int32_t>{1, 1, 0}));
  EXPECT_EQ(m.val, (std::vector<double>{0.75, double(0.1f), -2}));
  g.weights.clear();
  EXPECT_EQ(from_graph(g).val, (std::vector<double>{2, 1, 1}));  // unweighted: 1 each, summed
  g.weights64 = {0.5, 0.25, 0.1, -2};
  EXPECT_EQ(from_graph(g).val, (std::vector<double>{0.75, 0.1, -2}));
}

}  // namespace
}  // namespace ws::spmv
