// The threads mode's figure: a teach step as a golden PNG (CSR on the book's example with a warp
// of 4 lanes, iteration 2: thread 3 has finished its one-nonzero row, the divergence the mode
// teaches), every variant's every step drawn with its arrays and lanes labelled and under the
// pointer, and the command line's run and render of each variant.
#include <gtest/gtest.h>

#include <filesystem>
#include <set>

#include "gl_environment.h"
#include "golden.h"
#include "scenes/scene_test_support.h"
#include "scenes/spmv/spmv_scene.h"

namespace ws::app {
namespace {

const char* const kThreadsVariants[] = {"coo", "csr", "ell", "hybrid", "jds", "csr-vector"};

std::unique_ptr<SpmvScene> threads_figure_scene(nlohmann::json params) {
  params["mode"] = "threads";
  return test::attached<SpmvScene>(params);
}

TEST(SpmvThreadsFigure, CsrIterationTwoMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = threads_figure_scene({{"variant", "csr"}, {"threads", 4}});
  scene->seek(2);  // "nonzero 1": rows 0-2 busy, thread 3 finished
  gfx::FigureOptions options;
  options.width = 1280;
  options.height = 720;
  gfx::test::expect_matches_golden(
      "spmv_threads_csr_book_step2", [&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Light); },
      options, 24, 0.002);
}

TEST(SpmvThreadsFigure, EveryVariantDrawsItsArraysLanesAndHoverAtEveryStep) {
  for (const char* variant : kThreadsVariants) {
    auto scene = threads_figure_scene({{"variant", variant}});
    ASSERT_GE(scene->step_count(), 1) << variant;  // COO on the book: one warp, one step
    for (int step = 0; step < scene->step_count(); ++step) {
      scene->seek(step);
      const std::set<std::string> texts = test::figure_texts(*scene);
      EXPECT_TRUE(texts.count("x")) << variant << " step " << step;
      EXPECT_TRUE(texts.count("y")) << variant << " step " << step;
      EXPECT_TRUE(texts.count(std::string(variant) == "hybrid" ? "ell_val" : "val") ||
                  texts.count("coo_val"))
          << variant << " step " << step;
      EXPECT_FALSE(scene->caption().empty()) << variant << " step " << step;
    }
    // The matrix's cells say who handles them: A[1][3] = 9 is row 1's.
    const std::set<std::string> hovers = test::hover_texts(*scene);
    bool cell = false;
    for (const std::string& h : hovers) cell = cell || test::contains(h, "A[1][3] = 9");
    EXPECT_TRUE(cell) << variant;
  }
}

TEST(SpmvThreadsFigure, EachVariantRunsAndRendersOnTheCommandLine) {
  const std::string dir = test::out_dir("spmv");
  for (const char* variant : kThreadsVariants) {
    const std::string json = dir + "/threads_" + variant + ".json";
    std::filesystem::remove(json);
    ASSERT_EQ(
        test::run_cli(std::string("run --scene spmv --backend cpu --mode threads --variant ") +
                      variant + " --json " + json),
        0)
        << variant;
    const nlohmann::json j = test::read_json(json);
    EXPECT_EQ(j["matches_reference"], true) << variant;
    EXPECT_EQ(j["threads"]["variant"], variant);
  }
  const std::string png = dir + "/threads_jds.png";
  std::filesystem::remove(png);
  ASSERT_EQ(test::run_cli("render --scene spmv --backend cpu --mode threads --variant jds --step 3 "
                          "--size 1280x720 --out " +
                          png),
            0);
  EXPECT_TRUE(std::filesystem::exists(png));
  // A variant threads mode cannot teach fails with nothing written.
  const std::string bad = dir + "/threads_fast.json";
  std::filesystem::remove(bad);
  EXPECT_NE(
      test::run_cli("run --scene spmv --backend cpu --mode threads --variant fast --json " + bad),
      0);
  EXPECT_FALSE(std::filesystem::exists(bad));
}

}  // namespace
}  // namespace ws::app
