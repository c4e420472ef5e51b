// The warps mode: the book's warp counts (PMPP 4.4-4.5) and the occupancy cliff (PMPP 4.7), read
// from the run document and checked against counts worked by hand.
#include <gtest/gtest.h>

#include "memory_test_support.h"
#include "render/recording_canvas.h"

namespace ws::app {
namespace {

using memory_test::attached;

nlohmann::json warps_run_of(const nlohmann::json& params) {
  return attached(params)->results_json();
}

TEST(MemoryWarps, TheBooksWarpCountsComeOutOfTheLaunch) {
  // 1003 = 15 x 64 + 43: 16 blocks of 2 warps; the last block's warp 1 holds threads 992..1023,
  // of which 992..1002 are in range: the one divergent warp.
  nlohmann::json r = warps_run_of({{"data", "1003"}, {"block", "64"}})["result"];
  EXPECT_EQ(r["blocks"], 16);
  EXPECT_EQ(r["warps"], 32);
  EXPECT_EQ(r["divergent_warps"], 1);
  // 76 wide, 62 high, 16x16: 5 x 4 blocks of 8 warps (2 rows each) = 160. The right column's
  // blocks hold 12 of 16 columns: their 3 full-height blocks' 8 warps and the corner block's 7
  // warps with rows in range diverge (31); the bottom row's warp 7 (rows 62, 63) idles.
  r = warps_run_of({{"data", "76x62"}, {"block", "16x16"}})["result"];
  EXPECT_EQ(r["warps"], 160);
  EXPECT_EQ(r["divergent_warps"], 31);
  EXPECT_EQ(r["idle_warps"], 5);
  // 200 wide, 150 high: 13 x 10 blocks = 1040 warps; the right column (8 of 16 columns) gives 9 x
  // 8 + 3 divergent; the bottom row (rows 144..149) keeps warps 0..2, 3..7 idle in 13 blocks.
  const nlohmann::json doc = warps_run_of({{"data", "200x150"}, {"block", "16x16"}});
  EXPECT_EQ(doc["result"]["warps"], 1040);
  EXPECT_EQ(doc["result"]["divergent_warps"], 75);
  EXPECT_EQ(doc["result"]["idle_warps"], 65);
  // The book says 80: both are in the run with the reason.
  bool shown = false;
  for (const nlohmann::json& b : doc["reference"]["book"])
    if (b["quantity"] == "divergent warps") {
      EXPECT_EQ(b["book"], 80);
      EXPECT_EQ(b["launch"], 75);
      EXPECT_FALSE(b["why"].get<std::string>().empty());
      shown = true;
    }
  EXPECT_TRUE(shown);
  EXPECT_EQ(doc["input"]["preset"], "book-200x150");
}

TEST(MemoryWarps, TheOccupancyCliffAt32Registers) {
  // 512-thread blocks = 16 warps. 31 or 32 registers: 32 x 32 = 1024 per warp, 16384 per block,
  // 4 blocks in 65536 (2048 threads: 100%). 33: 1056 rounds up to 1280 per warp, 20480 per
  // block, 3 blocks (1536 threads: 75%), limited by registers.
  for (const char* device : {"H100 SXM", "PMPP 4.7 example"}) {
    nlohmann::json o =
        warps_run_of({{"threads", "512"}, {"registers", "31"}, {"device", device}})["occupancy"];
    EXPECT_EQ(o["blocks_per_sm"], 4) << device;
    EXPECT_DOUBLE_EQ(o["occupancy"].get<double>(), 1.0) << device;
    o = warps_run_of({{"threads", "512"}, {"registers", "33"}, {"device", device}})["occupancy"];
    EXPECT_EQ(o["blocks_per_sm"], 3) << device;
    EXPECT_DOUBLE_EQ(o["occupancy"].get<double>(), 0.75) << device;
    EXPECT_EQ(o["limiter"], "registers") << device;
    // The cliff plot has the drop between 32 and 33.
    for (const nlohmann::json& pt : o["cliff"]) {
      if (pt["registers"] == 32) {
        EXPECT_EQ(pt["blocks_per_sm"], 4);
      }
      if (pt["registers"] == 33) {
        EXPECT_EQ(pt["blocks_per_sm"], 3);
      }
    }
    EXPECT_EQ(o["device_measured"], false);
  }
}

TEST(MemoryWarps, AThreeDimensionalLaunchAndTheFigure) {
  // 10 x 10 x 3 with 8x8x2 blocks: 2 x 2 x 2 blocks of 4 warps; every block holds threads
  // outside x or y or z.
  auto scene = attached({{"data", "10x10x3"}, {"block", "8x8x2"}});
  const nlohmann::json r = scene->results_json()["result"];
  EXPECT_EQ(r["blocks"], 8);
  EXPECT_EQ(r["warps"], 32);
  EXPECT_EQ(r["threads_in_range"], 300);
  gfx::RecordingCanvas canvas({1280, 720});
  scene->draw(canvas, gfx::Theme::Light);
  bool counts = false;
  for (const gfx::TextBox& t : canvas.texts())
    counts = counts || t.text == "32 warps: " + std::to_string(r["full_warps"].get<int>()) +
                                     " full, " + std::to_string(r["divergent_warps"].get<int>()) +
                                     " divergent, " + std::to_string(r["idle_warps"].get<int>()) +
                                     " idle";
  EXPECT_TRUE(counts);
  // A thread's hover says where it is and whether it is inside the data.
  bool hovered = false;
  for (float y = 0; y < 720 && !hovered; y += 3)
    for (float x = 0; x < 760 && !hovered; x += 3)
      hovered = scene->describe_at({x, y}).find(
                    "block (0, 0, 0), thread (0, 0, 0): warp 0, "
                    "lane 0") != std::string::npos;
  EXPECT_TRUE(hovered);
}

}  // namespace
}  // namespace ws::app
