// The matmul mode on the command line: `run --json` of PMPP Fig. 5.7's case, a step rendered to
// SVG (M, N, P, Mds, Nds, the traffic chart and the roofline) and PNG, bad options refused.
#include <gtest/gtest.h>

#include <filesystem>

#include "test_memory_transpose_support.h"

namespace ws::app {
namespace {

TEST(MemoryMatmulCli, RunJsonOfFigure57) {
  const std::string dir = matrix_test::out_dir();
  ASSERT_EQ(matrix_test::run_cli(
                "run --scene memory --backend cpu --mode matmul --variant tiled --size 4 "
                "--tile 2 --json " +
                dir + "/matmul.json"),
            0);
  const nlohmann::json j = nlohmann::json::parse(matrix_test::read_text(dir + "/matmul.json"));
  EXPECT_EQ(j["params"]["mode"], "matmul");
  EXPECT_EQ(j["matches_reference"], true);
  EXPECT_EQ(j["geometry"]["grid"], nlohmann::json({2, 2}));
  EXPECT_EQ(j["geometry"]["phases"], 2);
  // The CPU backend: the roofline's points are the model's, on an assumed device.
  EXPECT_EQ(j["roofline"]["assumed"], true);
  for (const nlohmann::json& p : j["roofline"]["points"]) EXPECT_EQ(p["measured"], false);
  ASSERT_EQ(matrix_test::run_cli(
                "run --scene memory --backend cpu --mode matmul --m 3 --k 5 --n 2 --json " + dir +
                "/matmul-mkn.json"),
            0);
  const nlohmann::json r = nlohmann::json::parse(matrix_test::read_text(dir + "/matmul-mkn.json"));
  EXPECT_EQ(r["result"].size(), 3u);
  EXPECT_EQ(r["result"][0].size(), 2u);
}

TEST(MemoryMatmulCli, RenderDrawsTheTilesAndTheCharts) {
  const std::string dir = matrix_test::out_dir();
  ASSERT_EQ(matrix_test::run_cli(
                "render --scene memory --backend cpu --mode matmul --variant tiled --m 4 --n 4 "
                "--k 4 --tile 2 --step 1 --figure-size 1600x900 --out " +
                dir + "/matmul.svg"),
            0);
  const std::string svg = matrix_test::read_text(dir + "/matmul.svg");
  for (const char* part : {"M: 4 x 4", "N: 4 x 4", "Mds, block 0", "Nds, block 0",
                           "OP/B against TILE_WIDTH", "Roofline"})
    EXPECT_NE(svg.find(part), std::string::npos) << part;
  ASSERT_EQ(matrix_test::run_cli(
                "render --scene memory --backend cpu --mode matmul --m 8 --n 8 --k 8 --tile 4 "
                "--step 2 --out " +
                dir + "/matmul.png"),
            0);
  EXPECT_GT(std::filesystem::file_size(dir + "/matmul.png"), 1000u);
}

TEST(MemoryMatmulCli, BadOptionsExitNonZero) {
  const std::string dir = matrix_test::out_dir();
  EXPECT_NE(
      matrix_test::run_cli("run --scene memory --backend cpu --mode matmul --tile 12 --json " +
                           dir + "/bad.json"),
      0);
  EXPECT_NE(matrix_test::run_cli("run --scene memory --backend cpu --size 99 --json " + dir +
                                 "/bad.json"),
            0);
}

}  // namespace
}  // namespace ws::app
