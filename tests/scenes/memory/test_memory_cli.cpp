// The memory scene on the command line: `run --json` of the access and warps modes, a step
// rendered to PNG and SVG, bad options refused with a non-zero exit and nothing written.
#include <gtest/gtest.h>

#include <filesystem>

#include "memory_test_support.h"

namespace ws::app {
namespace {

using memory_test::out_dir;
using memory_test::read_json;
using memory_test::run_cli;

TEST(MemoryCli, RunJsonOfAStridedAccess) {
  const std::string f = out_dir() + "/strided.json";
  ASSERT_EQ(run_cli("run --scene memory --backend cpu --mode access --pattern strided --stride 4 "
                    "--warps 1 --json " +
                    f),
            0);
  const nlohmann::json j = read_json(f);
  EXPECT_EQ(j["scene"], "memory");
  EXPECT_EQ(j["params"]["mode"], "access");
  // Stride 4 on f32: the lanes span 512 bytes, 16 sectors in 4 lines, a quarter used.
  EXPECT_EQ(j["result"]["access"]["sectors"], 16);
  EXPECT_EQ(j["result"]["access"]["lines"], 4);
  EXPECT_DOUBLE_EQ(j["result"]["access"]["efficiency"].get<double>(), 0.25);
}

TEST(MemoryCli, RunJsonOfTheBooksLaunches) {
  const std::string f = out_dir() + "/warps.json";
  ASSERT_EQ(run_cli("run --scene memory --backend cpu --mode warps --data 76x62 --block 16x16 "
                    "--json " +
                    f),
            0);
  nlohmann::json j = read_json(f);
  EXPECT_EQ(j["result"]["warps"], 160);
  EXPECT_EQ(j["result"]["divergent_warps"], 31);
  EXPECT_EQ(j["matches_reference"], true);
  ASSERT_EQ(run_cli("run --scene memory --backend cpu --data 1003 --block 64 --json " + f), 0);
  j = read_json(f);
  EXPECT_EQ(j["result"]["blocks"], 16);
  EXPECT_EQ(j["result"]["warps"], 32);
  EXPECT_EQ(j["result"]["divergent_warps"], 1);
}

TEST(MemoryCli, RenderAStepAsPngAndSvg) {
  const std::string png = out_dir() + "/column.png", svg = out_dir() + "/warps.svg";
  std::filesystem::remove(png);
  ASSERT_EQ(
      run_cli("render --scene memory --backend cpu --mode access --pattern column --out " + png),
      0);
  ASSERT_TRUE(std::filesystem::exists(png));
  EXPECT_GT(std::filesystem::file_size(png), 10000u);
  ASSERT_EQ(run_cli("render --scene memory --backend cpu --mode warps --data 200x150 --out " + svg),
            0);
  std::ifstream in(svg);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_NE(text.find("<svg"), std::string::npos);
  EXPECT_NE(text.find("1040"), std::string::npos);  // the warp count
}

TEST(MemoryCli, BadOptionsExitNonZeroAndWriteNothing) {
  const std::string f = out_dir() + "/bad.json";
  std::filesystem::remove(f);
  EXPECT_NE(run_cli("run --scene memory --backend cpu --stride 99 --json " + f), 0);
  EXPECT_NE(run_cli("run --scene memory --backend cpu --data 62x76 --block 2000 --json " + f), 0);
  EXPECT_FALSE(std::filesystem::exists(f));
}

}  // namespace
}  // namespace ws::app
