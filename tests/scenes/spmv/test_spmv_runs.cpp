// What the SpMV scene's run documents say, against the book's example worked by hand (PMPP 14.1-
// 14.6) and a shipped matrix counted straight from its file.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "spmv_test_support.h"

namespace ws::app {
namespace {

using nlohmann::json;

TEST(SpmvMatrixRun, TheBooksExampleRowLengthsAndProduct) {
  const json doc = spmv_test::run_of({{"x", "1 2 3 4"}});
  EXPECT_EQ(doc["input"]["rows"], 4);
  EXPECT_EQ(doc["input"]["nnz"], 8);
  const json& rows = doc["result"]["row_lengths"];
  EXPECT_EQ(rows["min"], 1);
  EXPECT_EQ(rows["max"], 3);
  EXPECT_DOUBLE_EQ(rows["mean"].get<double>(), 2.0);
  EXPECT_EQ(rows["empty_rows"], 0);
  // y = A x by hand: [1 + 14, 5 + 9 + 36, 4 + 24, 24].
  EXPECT_EQ(doc["result"]["y"], (std::vector<double>{15, 50, 28, 24}));
}

TEST(SpmvMatrixRun, EmptyRowsAreCounted) {
  const json doc = spmv_test::run_of({{"values", "0 0 0; 1 2 3; 0 0 0"}});
  EXPECT_EQ(doc["result"]["row_lengths"]["empty_rows"], 2);
  EXPECT_EQ(doc["result"]["y"], (std::vector<double>{0, 6, 0}));
}

// bcspwr10.mtx is "pattern symmetric": each off-diagonal line stands for two nonzeros.
TEST(SpmvMatrixRun, AShippedMatrixHasTheRowsAndNonzerosOfItsFile) {
  std::ifstream in(spmv_test::shipped("bcspwr10.mtx"));
  std::string line;
  int64_t rows = 0, cols = 0, lines = 0, expected = 0;
  while (std::getline(in, line) && line[0] == '%') {
  }
  std::istringstream(line) >> rows >> cols >> lines;
  for (int64_t k = 0; k < lines && std::getline(in, line); ++k) {
    int64_t i = 0, j = 0;
    std::istringstream(line) >> i >> j;
    expected += i == j ? 1 : 2;
  }
  const json doc = spmv_test::run_of({{"matrix", "bcspwr10"}});
  EXPECT_EQ(doc["input"]["rows"], rows);
  EXPECT_EQ(doc["input"]["cols"], cols);
  EXPECT_EQ(doc["input"]["nnz"], expected);
  EXPECT_FALSE(doc["result"].contains("y"));  // too large to print entry by entry
  EXPECT_LE(doc["result"]["sparsity_image"]["width"].get<int>(), 128);
}

// The Minnesota roads list each undirected road once: the shared loading rules symmetrize it, so
// every line of the file is two nonzeros (io/shipped_graphs.h).
TEST(SpmvMatrixRun, AnUndirectedEdgeListBecomesASymmetricMatrix) {
  std::ifstream in(spmv_test::shipped("minnesota_edges.txt"));
  std::string line;
  int64_t edges = 0;
  while (std::getline(in, line))
    if (!line.empty() && line[0] != '#' && line[0] != '%') ++edges;
  const json doc = spmv_test::run_of({{"matrix", "minnesota"}});
  EXPECT_EQ(doc["input"]["rows"], 2642);
  EXPECT_EQ(doc["input"]["nnz"], 2 * edges);
}

TEST(SpmvFormatsRun, TheBooksExampleLaysOutAsTheBookDrawsIt) {
  const json doc = spmv_test::run_of({{"mode", "formats"}});
  const json& r = doc["result"];
  EXPECT_EQ(r["csr"]["row_ptr"], (std::vector<int>{0, 2, 5, 7, 8}));
  EXPECT_EQ(r["coo"]["row"], (std::vector<int>{0, 0, 1, 1, 1, 2, 2, 3}));
  // ELL: width 3 (row 1), column-major, 4 of its 12 slots padding.
  EXPECT_EQ(r["ell_width"], 3);
  EXPECT_EQ(r["ell"]["val"], (std::vector<double>{1, 5, 2, 6, 7, 3, 8, 0, 0, 9, 0, 0}));
  EXPECT_EQ(r["ell"]["padded"], (std::vector<int>{0, 0, 0, 0, 0, 0, 0, 1, 1, 0, 1, 1}));
  EXPECT_EQ(r["storage"]["ell"]["float32"]["padding_slots"], 4);
  EXPECT_DOUBLE_EQ(r["storage"]["ell"]["float32"]["padding_fraction"].get<double>(), 4.0 / 12);
  // JDS: rows by length 3 2 2 1 -> perm [1 0 2 3], diagonals of 4, 3 and 1 entries.
  EXPECT_EQ(r["jds"]["perm"], (std::vector<int>{1, 0, 2, 3}));
  EXPECT_EQ(r["jds"]["iter_ptr"], (std::vector<int>{0, 4, 7, 8}));
  // Hybrid (float32): width 2 keeps 8 slots in ELL and row 1's third nonzero in COO.
  EXPECT_EQ(r["hybrid_width"], 2);
  EXPECT_EQ(r["hybrid"]["coo_row"], (std::vector<int>{1}));
  EXPECT_EQ(r["hybrid"]["coo_col"], (std::vector<int>{3}));
}

TEST(SpmvFormatsRun, StorageOfTheBooksExampleByHand) {
  const json s = spmv_test::run_of({{"mode", "formats"}})["result"]["storage"];
  // 4 rows, 8 nonzeros, int32 indices: CSR (5 + 8) * 4 + 8 vb; COO 16 * 4 + 8 vb;
  // ELL 12 * 4 + 12 vb; JDS (4 perm + 4 iter_ptr + 8 col) * 4 + 8 vb; hybrid 8 * (4 + vb) +
  // 1 * (8 + vb).
  for (const auto& [type, vb] : {std::pair<const char*, int>{"float32", 4}, {"float64", 8}}) {
    EXPECT_EQ(s["csr"][type]["bytes_total"], 52 + 8 * vb) << type;
    EXPECT_EQ(s["coo"][type]["bytes_total"], 64 + 8 * vb) << type;
    EXPECT_EQ(s["ell"][type]["bytes_total"], 48 + 12 * vb) << type;
    EXPECT_EQ(s["jds"][type]["bytes_total"], 64 + 8 * vb) << type;
    EXPECT_DOUBLE_EQ(s["ell"][type]["ratio_to_csr"].get<double>(),
                     double(48 + 12 * vb) / double(52 + 8 * vb))
        << type;
  }
  EXPECT_EQ(s["hybrid"]["float32"]["bytes_total"], 8 * 8 + 12);
}

TEST(SpmvFormatsRun, SteppingWalksTheFiveFormatsInTheBooksOrder) {
  auto scene = spmv_test::attached({{"mode", "formats"}, {"format", "coo"}});
  EXPECT_EQ(scene->step_count(), 5);
  EXPECT_EQ(scene->current_step(), 0);
  const char* expected[] = {"coo", "csr", "ell", "hybrid", "jds"};
  for (int k = 0; k < 5; ++k) {
    scene->seek(k);
    EXPECT_EQ(scene->results_json()["result"]["format"], expected[k]);
  }
}

TEST(SpmvFormatsRun, ALargeMatrixGetsTheStorageWithoutCells) {
  const json r = spmv_test::run_of({{"mode", "formats"}, {"matrix", "gen:poisson:32"}})["result"];
  EXPECT_FALSE(r.contains("ell"));
  // The 5-point Laplacian on 32 x 32: 1024 rows, 5 * 1024 - 4 * 32 nonzeros, the longest 5.
  EXPECT_EQ(r["ell_width"], 5);
  EXPECT_EQ(r["storage"]["ell"]["float32"]["padding_slots"], 5 * 1024 - (5 * 1024 - 4 * 32));
}

}  // namespace
}  // namespace ws::app
