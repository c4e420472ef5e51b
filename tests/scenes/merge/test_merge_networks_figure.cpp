// The S2 modes' figures: a bitonic stage as a golden PNG (8 keys, stage k 4, j 2 in shared
// memory), and each mode's figure drawn with its labels and hover texts (the tiled mode's ring,
// the sort mode's selected merge path), in English and with no English left in Chinese beyond
// ids and buffer names.
#include <gtest/gtest.h>

#include <set>

#include "gl_environment.h"
#include "golden.h"
#include "merge_test_support.h"

namespace ws::app {
namespace {

struct S2Figure {
  std::set<std::string> texts, hovers;
};

S2Figure s2_figure(Scene& scene) {
  return {test::figure_texts(scene, {1600, 900}), test::hover_texts(scene, 4, {1600, 900})};
}

bool s2_any(const std::set<std::string>& texts, const std::string& part) {
  for (const std::string& t : texts)
    if (merge_test::contains(t, part)) return true;
  return false;
}

TEST(MergeNetworksFigure, ABitonicStageMatchesTheGolden) {
  WS_REQUIRE_GL();
  auto scene = merge_test::attached({{"mode", "networks"}, {"input", "25 39 35 30 1 8 13 5"}});
  scene->seek(2);  // stage k 4, j 2 in shared memory (after the load and stage k 2, j 1)
  gfx::FigureOptions options;
  options.width = 1280;
  options.height = 720;
  gfx::test::expect_matches_golden(
      "merge_bitonic_stage_k4_j2", [&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Light); },
      options, 24, 0.002);
}

TEST(MergeNetworksFigure, TheStageShownHasItsKeysBeforeAndAfter) {
  auto scene = merge_test::attached({{"mode", "networks"}, {"input", "25 39 35 30 1 8 13 5"}});
  scene->seek(2);
  const S2Figure f = s2_figure(*scene);
  EXPECT_TRUE(s2_any(f.texts, "Step 3 of 8: k 4, j 2"));
  // After k 2 the pairs alternate up and down: 25 39 | 35 30 | 1 8 | 13 5. Stage (4, 2) orders
  // wires 1 and 3 ascending: 39, 30 become 30, 39.
  EXPECT_TRUE(s2_any(f.hovers, "before wire 1: 39"));
  EXPECT_TRUE(s2_any(f.hovers, "after wire 1: 30; changed by this stage"));
  EXPECT_TRUE(s2_any(f.texts, "24 comparators"));
}

TEST(MergeTiledFigure, TheRingSaysWhereItStartsAndTheLoadsBarsAreThere) {
  auto scene = merge_test::attached({{"mode", "tiled"}, {"variant", "circular"}});
  scene->seek(scene->step_count() - 1);
  const S2Figure f = s2_figure(*scene);
  EXPECT_TRUE(s2_any(f.hovers, "of the ring from its start slot"));
  EXPECT_TRUE(s2_any(f.texts, "start"));
  EXPECT_TRUE(s2_any(f.hovers, "circular: 1.00 loads per output"));
  EXPECT_TRUE(s2_any(f.hovers, "each key of A and B loaded into a tile 1 to 1 times"));
}

TEST(MergeSortFigure, TheSelectedMergeDrawsItsPath) {
  auto scene = merge_test::attached({{"mode", "sort"}, {"n", "16"}, {"merge-at", "3,1"}});
  scene->seek(scene->step_count() - 1);
  const S2Figure f = s2_figure(*scene);
  EXPECT_TRUE(s2_any(f.texts,
                     "Pass 2, merge 1 (--merge-at 3,1): A = keys [8, 12), B = keys "
                     "[12, 16)"));
  EXPECT_TRUE(s2_any(f.texts, "level 4: runs of 16 (pass 3)"));
}

}  // namespace
}  // namespace ws::app
