// Path mode's figure: the merge path of the book's example as a golden PNG (the second pass of
// the co-rank searches), the figure's labels and hover texts for it, and the reusable merge path
// piece's moves and crossings against the book's example worked by hand.
#include <gtest/gtest.h>

#include <set>

#include "gl_environment.h"
#include "golden.h"
#include "merge_test_support.h"
#include "scenes/merge/path/merge_path_figure.h"

namespace ws::app {
namespace {

using test::figure_texts;
using test::hover_texts;

TEST(MergeFigure, TheBooksMergePathMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = merge_test::attached(nlohmann::json::object());
  scene->seek(1);  // co-rank k_curr, pass 2: thread 1's probe moves from (1, 2) to (2, 1)
  gfx::FigureOptions options;
  options.width = 1280;
  options.height = 720;
  gfx::test::expect_matches_golden(
      "merge_path_book_pass2", [&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Light); }, options,
      24, 0.002);
}

TEST(MergeFigure, TheSecondPassOfThread1IsInTheTableAndUnderThePointer) {
  auto scene = merge_test::attached(nlohmann::json::object());
  scene->seek(1);
  const std::set<std::string> texts = figure_texts(*scene);
  for (const char* k : {"k=0", "k=3", "k=6"}) EXPECT_TRUE(texts.count(k)) << k;
  EXPECT_TRUE(texts.count("B[1] = 10 >= A[1] = 7: i is too low; delta = 1, so i = 2, j = 1"));
  const std::set<std::string> hovers = hover_texts(*scene, 6);
  EXPECT_TRUE(hovers.count("A[2] = 8 > B[0] = 7: B[0] goes first"));
  EXPECT_TRUE(hovers.count("A[1] = 7 <= B[0] = 7: A[1] goes first"));  // a tie takes A's
  EXPECT_TRUE(hovers.count("diagonal k = 3: still searched (thread 1)"));
  // Any corner names its diagonal and the path's crossing: the book's co-ranks of 4 and 9.
  EXPECT_TRUE(hovers.count("(1, 3) on diagonal k = 4: the path crosses it at i = 3, j = 1"));
  EXPECT_TRUE(hovers.count("(5, 4) on diagonal k = 9: the path crosses it at i = 5, j = 4"));
}

TEST(MergeFigure, AtTheLastStepEveryOutputNamesItsThread) {
  auto scene = merge_test::attached(nlohmann::json::object());
  scene->seek(scene->step_count() - 1);
  const std::set<std::string> hovers = hover_texts(*scene, 6);
  EXPECT_TRUE(hovers.count("C[0] = 1, written by thread 0"));
  EXPECT_TRUE(hovers.count("C[5] = 10, written by thread 1"));
  EXPECT_TRUE(hovers.count("C[8] = 12, written by thread 2"));
  EXPECT_TRUE(hovers.count("diagonal k = 6: co-rank i = 5, j = 1 (thread 2)"));
  EXPECT_TRUE(hovers.count("A[4] = 10, merged by thread 1"));
}

TEST(MergePathPiece, TheBooksPathAndItsCrossings) {
  const std::vector<double> a = {1, 7, 8, 9, 10}, b = {7, 10, 10, 12};
  // C = 1(A) 7(A) 7(B) 8(A) 9(A) 10(A) 10(B) 10(B) 12(B): a tie takes A's first.
  const std::vector<bool> moves = merge_path_moves(a, b);
  EXPECT_EQ(moves, (std::vector<bool>{true, true, false, true, true, true, false, false, false}));
  const MergePathCut k4 = merge_path_crossing(a, b, 4);
  EXPECT_EQ(k4.i, 3);
  EXPECT_EQ(k4.j, 1);
  const MergePathCut k9 = merge_path_crossing(a, b, 9);
  EXPECT_EQ(k9.i, 5);
  EXPECT_EQ(k9.j, 4);
  EXPECT_TRUE(merge_path_moves({}, {}).empty());
}

}  // namespace
}  // namespace ws::app
