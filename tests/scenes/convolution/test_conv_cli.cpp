// The convolution scene on the command line: the book's example through `run --json`, a teach
// step rendered to SVG (its structure), bad options refused with a non-zero exit.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>

#include "conv_test_support.h"

namespace ws::app {
namespace {

using conv_test::out_dir;
using conv_test::run_cli;

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ConvCli, RunJsonGivesTheBooksExample) {
  const std::string dir = out_dir();
  ASSERT_EQ(run_cli("run --scene conv --backend cpu --values \"8 2 5 4 1 7 3\" --filter "
                    "\"1 3 5 3 1\" --boundary zero --variant 2 --json " +
                    dir + "/book.json"),
            0);
  const nlohmann::json j = nlohmann::json::parse(read_text(dir + "/book.json"));
  EXPECT_EQ(j["scene"], "conv");
  EXPECT_EQ(j["result"], nlohmann::json({51, 53, 52, 47, 46, 51, 37}));
  EXPECT_EQ(j["matches_reference"], true);
  EXPECT_EQ(j["params"]["variant"], "constant");
  EXPECT_NE(j["summary"].get<std::string>().find("51 53 52 47 46 51 37"), std::string::npos);
}

TEST(ConvCli, RenderDrawsATeachStepWithHalosAsSvg) {
  const std::string dir = out_dir();
  ASSERT_EQ(run_cli("render --scene conv --backend cpu --mode teach --values \"1 2 3 4 5 6; 7 8 "
                    "9 10 11 12; 13 14 15 16 17 18; 19 20 21 22 23 24\" --filter \"1 2 1; 2 4 "
                    "2; 1 2 1\" --boundary mirror --variant 3 --tile 4 --step 2 --out " +
                    dir + "/teach.svg"),
            0);
  const std::string svg = read_text(dir + "/teach.svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("ghost cells"), std::string::npos);
  EXPECT_NE(svg.find("N_s: block 0"), std::string::npos);
  EXPECT_NE(svg.find("F: constant memory"), std::string::npos);
  EXPECT_NE(svg.find("P: the output"), std::string::npos);
}

TEST(ConvCli, RenderDrawsTheIntensityChartAsSvg) {
  const std::string dir = out_dir();
  ASSERT_EQ(run_cli("render --scene conv --backend cpu --mode intensity --filter box --radius 2 "
                    "--out " +
                    dir + "/intensity.svg"),
            0);
  const std::string svg = read_text(dir + "/intensity.svg");
  EXPECT_NE(svg.find("9.57"), std::string::npos);
  EXPECT_NE(svg.find("12.50"), std::string::npos);
  EXPECT_NE(svg.find("Roofline"), std::string::npos);
}

TEST(ConvCli, BadOptionsExitNonZero) {
  const std::string dir = out_dir();
  EXPECT_NE(
      run_cli("run --scene conv --backend cpu --filter \"1 2 3 4\" --json " + dir + "/bad.json"),
      0);
  EXPECT_NE(run_cli("run --scene conv --backend cpu --variant 3 --filter box --radius 8 --json " +
                    dir + "/bad.json"),
            0);
}

}  // namespace
}  // namespace ws::app
