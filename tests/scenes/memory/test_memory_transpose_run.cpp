// The transpose mode's runs read from the run document: the transpose itself against a direct
// one, and the lecture's numbers worked by hand — at T = 32 a naive-rows warp reads 4 sectors (32
// floats in a row, 128 bytes) and writes 32 (a column: one sector per lane); the tiled variant's
// store reads the tile by columns, 32 lanes in one bank (32-way); the padded tile spreads them
// over all 32 banks (no conflict).
#include <gtest/gtest.h>

#include "test_memory_transpose_support.h"

namespace ws::app {
namespace {

nlohmann::json transpose_run(const std::string& variant, int rows, int cols, int tile) {
  return matrix_test::attached({{"mode", "transpose"},
                                {"variant", variant},
                                {"rows", std::to_string(rows)},
                                {"cols", std::to_string(cols)},
                                {"tile", std::to_string(tile)}})
      ->results_json();
}

// The accesses of step `step` to `buffer` of kind `kind`, from the run document.
std::vector<nlohmann::json> accesses_of(const nlohmann::json& j, size_t step,
                                        const std::string& buffer, const std::string& kind) {
  std::vector<nlohmann::json> out;
  for (const nlohmann::json& a : j["accesses"][step])
    if (a["buffer"] == buffer && a["kind"] == kind) out.push_back(a);
  return out;
}

TEST(MemoryTransposeRun, EveryVariantTransposesOddSizes) {
  for (const char* variant : {"naive-rows", "naive-columns", "tiled", "padded", "diagonal", "fast"})
    for (const auto& [rows, cols] : {std::pair{1, 1}, {5, 7}, {13, 3}, {33, 17}}) {
      const nlohmann::json j = transpose_run(variant, rows, cols, 8);
      ASSERT_EQ(j["result"].size(), size_t(cols)) << variant;
      bool right = true;
      for (int c = 0; c < cols; ++c)
        for (int r = 0; r < rows; ++r)  // out[c][r] = in[r][c] = r * cols + c
          right = right && j["result"][c][r] == double(r * cols + c);
      EXPECT_TRUE(right) << variant << " " << rows << "x" << cols;
      EXPECT_EQ(j["matches_reference"], true) << variant;
    }
}

TEST(MemoryTransposeRun, NaiveRowsReadsFourSectorsAndWritesThirtyTwoPerWarp) {
  const nlohmann::json j = transpose_run("naive-rows", 32, 32, 32);
  ASSERT_EQ(j["steps"].size(), 1u);
  const auto reads = accesses_of(j, 0, "in", "read");
  const auto writes = accesses_of(j, 0, "out", "write");
  ASSERT_EQ(reads.size(), 32u);  // 1024 threads: 32 warps, one read and one write each
  ASSERT_EQ(writes.size(), 32u);
  for (const nlohmann::json& a : reads) {
    EXPECT_EQ(a["sectors"], 4);
    EXPECT_EQ(a["lines"], 1);
  }
  for (const nlohmann::json& a : writes) {
    EXPECT_EQ(a["sectors"], 32);
    EXPECT_EQ(a["lines"], 32);
  }
  EXPECT_EQ(j["counters"]["global_requests"], 32 * (4 + 32));
}

TEST(MemoryTransposeRun, TheTiledStoreConflictsThirtyTwoWaysAndThePaddedOneNever) {
  const nlohmann::json tiled = transpose_run("tiled", 32, 32, 32);
  const nlohmann::json padded = transpose_run("padded", 32, 32, 32);
  ASSERT_EQ(tiled["steps"].size(), 2u);  // load, store
  for (const nlohmann::json& a : accesses_of(tiled, 1, "tile", "read"))
    EXPECT_EQ(a["bank_ways"], 32);
  for (const nlohmann::json& a : accesses_of(padded, 1, "tile", "read"))
    EXPECT_EQ(a["bank_ways"], 1);
  // 32 warps, 31 extra passes each.
  EXPECT_EQ(tiled["steps"][1]["counters"]["bank_conflicts"], 32 * 31);
  EXPECT_EQ(padded["counters"]["bank_conflicts"], 0);
  // Both store the output by rows: 4 sectors a warp, against naive-rows' 32.
  for (const nlohmann::json& a : accesses_of(padded, 1, "out", "write")) EXPECT_EQ(a["sectors"], 4);
  EXPECT_EQ(padded["steps"][0]["counters"]["barriers"], 1);
}

TEST(MemoryTransposeRun, ASecondVariantRunsBesideTheFirst) {
  const nlohmann::json j =
      matrix_test::attached(
          {{"mode", "transpose"}, {"variant", "tiled"}, {"compare", "padded"}, {"tile", "32"}})
          ->results_json();
  EXPECT_EQ(j["compare"]["variant"], "padded");
  EXPECT_EQ(j["compare"]["counters"]["bank_conflicts"], 0);
  EXPECT_GT(j["counters"]["bank_conflicts"], 0);
}

}  // namespace
}  // namespace ws::app
