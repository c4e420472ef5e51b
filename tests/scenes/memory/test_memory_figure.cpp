// The access figure's parts as drawn: the 32 lanes numbered, one "line N" label per line the
// instruction touches (the column walk of a 32-wide matrix: lines 0, 1, ..., 31), the cost in the
// header, and the chart saying on the CPU backend that it is the model's prediction.
#include <gtest/gtest.h>

#include <set>

#include "memory_test_support.h"

namespace ws::app {
namespace {

TEST(MemoryFigure, TheColumnWalkDrawsEveryLaneAndItsOwnLine) {
  auto scene = memory_test::attached({{"pattern", "column"}, {"width", "32"}, {"warps", "1"}});
  const std::set<std::string> texts = test::figure_texts(*scene, {1600, 900});
  for (int lane = 0; lane < 32; ++lane)
    EXPECT_TRUE(texts.count(std::to_string(lane))) << "lane " << lane;
  // Lane i reads element 32 i: byte 128 i, line i.
  for (int line = 0; line < 32; ++line)
    EXPECT_TRUE(texts.count("line " + std::to_string(line))) << "line " << line;
  EXPECT_FALSE(texts.count("line 32"));
  EXPECT_TRUE(texts.count("32 sectors, 32 lines: 128 of 1024 bytes used (12%)"));
  EXPECT_TRUE(texts.count("CPU backend: the sector model's prediction"));
}

TEST(MemoryFigure, ARowReadIsOneLine) {
  auto scene = memory_test::attached({{"pattern", "row"}, {"warps", "2"}});
  const std::set<std::string> texts = test::figure_texts(*scene, {1600, 900});
  EXPECT_TRUE(texts.count("line 0"));
  EXPECT_FALSE(texts.count("line 1"));
  EXPECT_TRUE(texts.count("4 sectors, 1 line: 128 of 128 bytes used (100%)"));
}

}  // namespace
}  // namespace ws::app
