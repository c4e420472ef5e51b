// The matmul mode's runs read from the run document: the product against a direct computation,
// PMPP Fig. 5.7 (4 x 4, TILE_WIDTH 2: in phase p thread (ty, tx) of block 0 loads M[ty][2p + tx]
// and N[2p + ty][tx]), two barriers a phase, and the tiled block loading TILE_WIDTH times fewer
// elements than the naive one.
#include <gtest/gtest.h>

#include <set>
#include <tuple>

#include "test_memory_transpose_support.h"

namespace ws::app {
namespace {

nlohmann::json matmul_run(const nlohmann::json& params) {
  nlohmann::json p = params;
  p["mode"] = "matmul";
  return matrix_test::attached(p)->results_json();
}

TEST(MemoryMatmulRun, EveryVariantMultipliesOddSizes) {
  for (const char* variant : {"naive", "tiled", "coarsened", "register-tiled", "vectorized"})
    for (const auto& [m, k, n] : {std::tuple{1, 1, 1}, {3, 5, 7}, {7, 2, 5}, {13, 11, 9}}) {
      const nlohmann::json j = matmul_run({{"variant", variant},
                                           {"m", std::to_string(m)},
                                           {"k", std::to_string(k)},
                                           {"n", std::to_string(n)},
                                           {"tile", "4"}});
      const nlohmann::json& M = j["input"]["M"];
      const nlohmann::json& N = j["input"]["N"];
      bool right = true;
      for (int r = 0; r < m; ++r)
        for (int c = 0; c < n; ++c) {
          double sum = 0;
          for (int i = 0; i < k; ++i) sum += M[r][i].get<double>() * N[i][c].get<double>();
          right = right && j["result"][r][c] == sum;
        }
      EXPECT_TRUE(right) << variant << " " << m << "x" << k << "x" << n;
      EXPECT_EQ(j["matches_reference"], true) << variant;
    }
}

TEST(MemoryMatmulRun, Figure57sLoadsPhaseByPhase) {
  const nlohmann::json j = matmul_run({{"variant", "tiled"}, {"size", "4"}, {"tile", "2"}});
  // (phase, thread, matrix, row, col) as the book's kernel indexes them for block (0, 0).
  std::set<std::tuple<int, int, std::string, int, int>> expected, got;
  for (int phase = 0; phase < 2; ++phase)
    for (int ty = 0; ty < 2; ++ty)
      for (int tx = 0; tx < 2; ++tx) {
        expected.insert({phase, ty * 2 + tx, "M", ty, phase * 2 + tx});
        expected.insert({phase, ty * 2 + tx, "N", phase * 2 + ty, tx});
      }
  for (const nlohmann::json& l : j["loads"]) {
    const std::string label = l["phase_label"];
    ASSERT_EQ(label.rfind("load phase ", 0), 0u) << label;
    got.insert({std::stoi(label.substr(11)), l["thread"].get<int>(), l["matrix"].get<std::string>(),
                l["row"].get<int>(), l["col"].get<int>()});
  }
  EXPECT_EQ(got, expected);
  // Two barriers a phase: after the loads and after the multiply-adds.
  int barriers = 0;
  for (const nlohmann::json& s : j["steps"]) barriers += s["counters"]["barriers"].get<int>();
  EXPECT_EQ(barriers, 4);
  EXPECT_EQ(j["counters"]["ops"], 4 * 4 * 4);  // one multiply-add per (i, j, k)
}

TEST(MemoryMatmulRun, TilingLoadsTileWidthTimesFewerElements) {
  for (int tile : {2, 4}) {
    const nlohmann::json naive =
        matmul_run({{"variant", "naive"}, {"size", "8"}, {"tile", std::to_string(tile)}});
    const nlohmann::json tiled =
        matmul_run({{"variant", "tiled"}, {"size", "8"}, {"tile", std::to_string(tile)}});
    // Block 0's threads: naive reads 2 elements per multiply-add, 8 per output's k.
    EXPECT_EQ(naive["loads"].size(), size_t(tile * tile * 8 * 2));
    EXPECT_EQ(naive["loads"].size(), tiled["loads"].size() * tile);
    EXPECT_DOUBLE_EQ(tiled["traffic"]["op_per_byte"].get<double>(), 0.25 * tile);
  }
}

}  // namespace
}  // namespace ws::app
