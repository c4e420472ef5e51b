// The merge scene on the command line: `run --json` of the book's example with each thread's
// co-ranks and search passes, a step rendered to PNG and SVG, bad options refused with a non-zero
// exit and nothing written.
#include <gtest/gtest.h>

#include <filesystem>

#include "merge_test_support.h"

namespace ws::app {
namespace {

using merge_test::out_dir;
using merge_test::read_json;
using merge_test::run_cli;

TEST(MergeCli, RunJsonOfTheBooksExample) {
  const std::string f = out_dir() + "/book.json";
  ASSERT_EQ(run_cli("run --scene merge --backend cpu --mode path --a \"1 7 8 9 10\" --b \"7 10 10 "
                    "12\" --threads 3 --json " +
                    f),
            0);
  const nlohmann::json j = read_json(f);
  EXPECT_EQ(j["scene"], "merge");
  EXPECT_EQ(j["params"]["mode"], "path");
  EXPECT_EQ(j["matches_reference"], true);
  ASSERT_EQ(j["threads"].size(), 3u);
  // Thread 2 merges C[6..9): from the co-rank of 6, (5, 1), to that of 9, (5, 4).
  EXPECT_EQ(j["threads"][2]["i_curr"], 5);
  EXPECT_EQ(j["threads"][2]["j_curr"], 1);
  EXPECT_EQ(j["threads"][2]["i_next"], 5);
  EXPECT_EQ(j["threads"][2]["j_next"], 4);
  EXPECT_FALSE(j["threads"][2]["search_curr"].empty());
}

TEST(MergeCli, RenderAStepAsPngAndSvg) {
  const std::string png = out_dir() + "/path.png", svg = out_dir() + "/path.svg";
  std::filesystem::remove(png);
  ASSERT_EQ(run_cli("render --scene merge --backend cpu --mode path --step 2 --out " + png), 0);
  ASSERT_TRUE(std::filesystem::exists(png));
  EXPECT_GT(std::filesystem::file_size(png), 10000u);
  ASSERT_EQ(run_cli("render --scene merge --backend cpu --variant sequential --out " + svg), 0);
  std::ifstream in(svg);
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  EXPECT_NE(text.find("<svg"), std::string::npos);
}

TEST(MergeCli, BadOptionsAreRefusedAndWriteNothing) {
  const std::string f = out_dir() + "/refused.json";
  std::filesystem::remove(f);
  EXPECT_NE(run_cli("run --scene merge --backend cpu --a \"9 1\" --json " + f), 0);
  EXPECT_NE(run_cli("run --scene merge --backend cpu --gen zipf --json " + f), 0);
  EXPECT_NE(run_cli("run --scene merge --backend cpu --threads 0 --json " + f), 0);
  EXPECT_FALSE(std::filesystem::exists(f));
}

}  // namespace
}  // namespace ws::app
