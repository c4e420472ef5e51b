// Teach mode from the command line: `warpscope run --scene bfs --mode teach` gives the textbook's
// levels for the 9-vertex example in every variant (PMPP ch. 15: from 0 the levels are {1, 2},
// {3, 4, 5, 6, 7}, {8}) with the trace's steps; `render --mode teach --step` writes the figure of
// a step as PNG and SVG; a graph too large for teach mode still gives a document that says so.
#include <gtest/gtest.h>

#include "render/image.h"
#include "test_bfs_scene_support.h"

namespace ws::app {
namespace {

using bfs_test::out_dir;
using bfs_test::read_json;
using bfs_test::run_cli;

TEST(BfsTeachCli, RunGivesTheTextbooksLevelsInEveryVariant) {
  const std::vector<int> textbook = {0, 1, 1, 2, 2, 2, 2, 2, 3};
  for (const bfs::VariantInfo& vi : bfs::variant_infos()) {
    SCOPED_TRACE(vi.id);
    const std::string path = out_dir() + "/teach_" + vi.id + ".json";
    const auto r = run_cli("run --scene bfs --mode teach --graph gen:pmpp --source 0 --variant " +
                           std::string(vi.id) + " --json " + path);
    ASSERT_EQ(r.code, 0) << r.err;
    const nlohmann::json doc = read_json(path);
    EXPECT_EQ(doc["params"]["mode"], "teach");
    EXPECT_EQ(doc["result"]["level"], nlohmann::json(textbook));
    EXPECT_EQ(doc["matches_reference"], true);
    EXPECT_GT(doc["steps"].size(), 3u);
    EXPECT_EQ(doc["step_depth"].size(), doc["steps"].size());
  }
}

TEST(BfsTeachCli, RenderWritesTheStepAsPngAndSvg) {
  const std::string png = out_dir() + "/teach_step5.png", svg = out_dir() + "/teach_step5.svg";
  auto r = run_cli(
      "render --scene bfs --mode teach --graph gen:pmpp --variant global-queue "
      "--step 5 --out " +
      png);
  ASSERT_EQ(r.code, 0) << r.err;
  const gfx::Image image = gfx::read_png(png);
  EXPECT_GT(image.width, 0);
  EXPECT_GT(image.height, 0);
  r = run_cli(
      "render --scene bfs --mode teach --graph gen:pmpp --variant global-queue --step 5 "
      "--out " +
      svg);
  ASSERT_EQ(r.code, 0) << r.err;
  std::ifstream in(svg);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const char* expected : {"row_offsets", "frontier", "tail", "level 1"})
    EXPECT_NE(text.find(expected), std::string::npos) << expected;
}

TEST(BfsTeachCli, AGraphTooLargeGivesADocumentThatSaysSo) {
  const std::string path = out_dir() + "/teach_too_large.json";
  const auto r = run_cli("run --scene bfs --mode teach --graph bcspwr10.mtx --json " + path);
  ASSERT_EQ(r.code, 0) << r.err;
  const nlohmann::json doc = read_json(path);
  EXPECT_EQ(doc["params"]["mode"], "teach");
  EXPECT_NE(doc["summary"].get<std::string>().find("karate.mtx"), std::string::npos);
  EXPECT_TRUE(doc["result"].is_null());
}

}  // namespace
}  // namespace ws::app
