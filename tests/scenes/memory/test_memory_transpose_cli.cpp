// The transpose mode on the command line: `run --json` of the example, a step rendered
// to SVG (its parts) and PNG, bad options refused with a non-zero exit.
#include <gtest/gtest.h>

#include <filesystem>

#include "test_memory_transpose_support.h"

namespace ws::app {
namespace {

TEST(MemoryTransposeCli, RunJsonOfThePaddedTile) {
  const std::string dir = matrix_test::out_dir();
  ASSERT_EQ(matrix_test::run_cli(
                "run --scene memory --backend cpu --mode transpose --variant padded --rows 32 "
                "--cols 32 --tile 8 --json " +
                dir + "/transpose.json"),
            0);
  const nlohmann::json j = nlohmann::json::parse(matrix_test::read_text(dir + "/transpose.json"));
  EXPECT_EQ(j["scene"], "memory");
  EXPECT_EQ(j["params"]["mode"], "transpose");
  EXPECT_EQ(j["params"]["variant"], "padded");
  EXPECT_EQ(j["matches_reference"], true);
  // 16 blocks of 8 x 8: load and store, one barrier.
  EXPECT_EQ(j["geometry"]["grid"], nlohmann::json({4, 4}));
  EXPECT_EQ(j["steps"].size(), 2u);
  EXPECT_EQ(j["counters"]["barriers"], 1);
  EXPECT_EQ(j["result"][5][3], 3 * 32 + 5);  // out[5][3] = in[3][5]
}

TEST(MemoryTransposeCli, RenderDrawsTheTileAndTheSectors) {
  const std::string dir = matrix_test::out_dir();
  ASSERT_EQ(matrix_test::run_cli(
                "render --scene memory --backend cpu --mode transpose --variant tiled --rows 16 "
                "--cols 16 --tile 16 --step 2 --figure-size 1600x900 --out " +
                dir + "/transpose.svg"),
            0);
  const std::string svg = matrix_test::read_text(dir + "/transpose.svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("tile of block 0"), std::string::npos);
  EXPECT_NE(svg.find("in: 16 x 16, global"), std::string::npos);
  EXPECT_NE(svg.find("8-way bank conflict"), std::string::npos);  // 16 x 16: T^2 / 32
  ASSERT_EQ(matrix_test::run_cli(
                "render --scene memory --backend cpu --mode transpose --variant naive-rows "
                "--rows 32 --cols 32 --tile 32 --figure-size 800x600 --out " +
                dir + "/transpose.png"),
            0);
  EXPECT_GT(std::filesystem::file_size(dir + "/transpose.png"), 1000u);
}

TEST(MemoryTransposeCli, BadOptionsExitNonZero) {
  const std::string dir = matrix_test::out_dir();
  EXPECT_NE(
      matrix_test::run_cli("run --scene memory --backend cpu --mode transpose --variant 8 --json " +
                           dir + "/bad.json"),
      0);
  EXPECT_NE(matrix_test::run_cli("run --scene memory --backend cpu --rows 70 --cols 3 --json " +
                                 dir + "/bad.json"),
            0);
}

}  // namespace
}  // namespace ws::app
