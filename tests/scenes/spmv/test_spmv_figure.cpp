// The SpMV scene's figures: the ELL layout of the book's example as a golden PNG (padding greyed,
// memory order numbered), the texts and hover of the formats and the matrix figures.
#include <gtest/gtest.h>

#include <set>

#include "gl_environment.h"
#include "golden.h"
#include "spmv_test_support.h"

namespace ws::app {
namespace {

using test::figure_texts;
using test::hover_texts;

TEST(SpmvFigure, TheBooksEllLayoutMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = spmv_test::attached({{"mode", "formats"}, {"format", "ell"}});
  gfx::FigureOptions options;
  options.width = 1280;
  options.height = 720;
  gfx::test::expect_matches_golden(
      "spmv_ell_book", [&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Light); }, options, 24,
      0.002);
}

TEST(SpmvFigure, EllMarksItsPaddingAndMemoryOrder) {
  auto scene = spmv_test::attached({{"mode", "formats"}, {"format", "ell"}});
  const std::set<std::string> texts = figure_texts(*scene);
  EXPECT_TRUE(texts.count("*"));    // padding
  EXPECT_TRUE(texts.count("@9"));   // row 1's third slot: 2 * 4 + 1
  EXPECT_TRUE(texts.count("@11"));  // the last slot
  const std::set<std::string> hovers = hover_texts(*scene);
  EXPECT_TRUE(hovers.count("row 1, slot 2: column 3, memory index 9"));
  EXPECT_TRUE(hovers.count("row 3, slot 2: padding, memory index 11"));
}

TEST(SpmvFigure, CsrAndJdsNameTheirArrays) {
  auto csr = spmv_test::attached({{"mode", "formats"}, {"format", "csr"}});
  const std::set<std::string> texts = figure_texts(*csr);
  for (const char* t : {"row_ptr", "col", "val"}) EXPECT_TRUE(texts.count(t)) << t;
  EXPECT_TRUE(hover_texts(*csr).count("row 2 starts at 5"));
  auto jds = spmv_test::attached({{"mode", "formats"}, {"format", "jds"}});
  EXPECT_TRUE(figure_texts(*jds).count("iter_ptr"));
  EXPECT_TRUE(hover_texts(*jds).count("sorted row 0 is row 1 (3 nonzeros)"));
}

TEST(SpmvFigure, TheMatrixShowsEntriesXAndY) {
  auto scene = spmv_test::attached(nlohmann::json::object());
  const std::set<std::string> hovers = hover_texts(*scene);
  EXPECT_TRUE(hovers.count("row 1, column 3: 9"));
  EXPECT_TRUE(hovers.count("row 0, column 2: 0 (not stored)"));
  EXPECT_TRUE(hovers.count("y[1] = 17 (row 1 of A times x)"));  // 5 + 3 + 9
  EXPECT_TRUE(hovers.count("row length 3: 1 rows"));
}

TEST(SpmvFigure, ALargeMatrixIsBinned) {
  auto scene = spmv_test::attached({{"matrix", "bcspwr10"}});
  const std::set<std::string> hovers = hover_texts(*scene);
  bool binned = false;
  for (const std::string& h : hovers) binned = binned || spmv_test::contains(h, "nonzeros");
  EXPECT_TRUE(binned);
}

}  // namespace
}  // namespace ws::app
