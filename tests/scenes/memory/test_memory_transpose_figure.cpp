// The transpose and matmul figures' hover, drawn on a recording canvas: what a cell says is worked
// out by hand from the launch (thread = ty * T + tx, warp = thread / 32, a float's byte 4 i, its
// sector byte / 32, line byte / 128, bank word mod 32) and from PMPP Fig. 5.7.
#include <gtest/gtest.h>

#include <set>

#include "test_memory_transpose_support.h"

namespace ws::app {
namespace {

// Every text the figure's hover gives, over a grid of points.
std::set<std::string> matrix_hover_texts(const Scene& scene) {
  return test::hover_texts(scene, 3, {1600, 900}, 0);
}

TEST(MemoryTransposeFigure, HoverNamesTheElementItsSectorAndTheThread) {
  auto scene = matrix_test::attached(
      {{"mode", "transpose"}, {"variant", "naive-rows"}, {"rows", "32"}, {"cols", "32"}});
  const std::set<std::string> texts = matrix_hover_texts(*scene);
  // in[1][3]: element 35, byte 140 (sector 4, line 1), read by tx 3, ty 1: thread 35, warp 1.
  EXPECT_TRUE(
      texts.count("in[1][3] = 35: element 35, byte 140, sector 4, line 1; read by thread "
                  "35 (block 0, tx 3, ty 1; warp 1, lane 3)"));
  // The same thread writes out[3][1]: element 3 * 32 + 1 = 97, byte 388, sector 12, line 3.
  EXPECT_TRUE(
      texts.count("out[3][1]: element 97, byte 388, sector 12, line 3; written by thread 35 "
                  "(block 0, tx 3, ty 1; warp 1, lane 3)"));
}

TEST(MemoryTransposeFigure, HoverGivesTheBankOfEachTileWord) {
  for (const char* variant : {"tiled", "padded"}) {
    auto scene = matrix_test::attached({{"mode", "transpose"}, {"variant", variant}});
    scene->seek(1);  // the store: thread (tx, ty) reads tile[tx][ty]
    const std::set<std::string> texts = matrix_hover_texts(*scene);
    const bool padded = std::string(variant) == "padded";
    // tile[1][0] is word 32 (bank 0) unpadded, 33 (bank 1) with the padding column.
    const std::string word = padded ? "word 33, bank 1" : "word 32, bank 0";
    EXPECT_TRUE(texts.count("tile[1][0]: " + word +
                            "; read by thread 1 (block 0, tx 1, ty 0; warp 0, lane 1)"))
        << variant;
  }
}

TEST(MemoryMatmulFigure, HoverSaysWhichThreadLoadsWhatInFigure57) {
  auto scene = matrix_test::attached({{"mode", "matmul"}, {"size", "4"}, {"tile", "2"}});
  const std::set<std::string> texts = matrix_hover_texts(*scene);
  // Phase 0: thread (ty, tx) = (0, 1) loads M[0][1] and N[0][1]; M[0][1] = (0 + 2) mod 5 + 1.
  EXPECT_TRUE(texts.count(
      "M[0][1] = 3: element 1, sector 0; loaded in this step by thread (0, 1) of block 0"));
  EXPECT_TRUE(texts.count(
      "N[1][0] = 3: element 4, sector 0; loaded in this step by thread (1, 0) of block 0"));
}

}  // namespace
}  // namespace ws::app
