// The access mode against hand-worked counts: a warp of 32 lanes on 4-byte elements, 32-byte
// sectors, 128-byte lines. Row: 128 contiguous bytes = 4 sectors, 1 line. Stride 2: the lanes span
// 256 bytes = 8 sectors, 2 lines, half used. Offset 1: bytes 4..131 = sectors 0..4, lines 0..1.
// Column of a 32-wide matrix: lanes 128 bytes apart = 32 sectors, 32 lines, an eighth used.
#include <gtest/gtest.h>

#include "memory_test_support.h"
#include "render/recording_canvas.h"

namespace ws::app {
namespace {

using memory_test::attached;

// The "access" step's totals of a run.
nlohmann::json memory_access_totals(const nlohmann::json& params) {
  return attached(params)->results_json()["result"]["access"];
}

TEST(MemoryAccess, HandWorkedSectorAndLineCounts) {
  const struct {
    nlohmann::json params;
    int64_t sectors, lines, useful, moved;
  } cases[] = {
      {{{"pattern", "row"}, {"warps", "1"}}, 4, 1, 128, 128},
      {{{"pattern", "row"}, {"warps", "4"}}, 16, 4, 512, 512},
      {{{"pattern", "row"}, {"warps", "1"}, {"elem-bytes", "8"}}, 8, 2, 256, 256},
      {{{"pattern", "strided"}, {"stride", "2"}, {"warps", "1"}}, 8, 2, 128, 256},
      {{{"pattern", "strided"}, {"stride", "4"}, {"warps", "1"}}, 16, 4, 128, 512},
      {{{"pattern", "strided"}, {"stride", "8"}, {"warps", "1"}}, 32, 8, 128, 1024},
      {{{"pattern", "misaligned"}, {"offset", "1"}, {"warps", "1"}}, 5, 2, 128, 160},
      {{{"pattern", "column"}, {"width", "32"}, {"warps", "1"}}, 32, 32, 128, 1024},
  };
  for (const auto& c : cases) {
    const nlohmann::json t = memory_access_totals(c.params);
    EXPECT_EQ(t["sectors"], c.sectors) << c.params.dump();
    EXPECT_EQ(t["lines"], c.lines) << c.params.dump();
    EXPECT_EQ(t["useful_bytes"], c.useful) << c.params.dump();
    EXPECT_EQ(t["moved_bytes"], c.moved) << c.params.dump();
  }
}

TEST(MemoryAccess, CornerTurningsColumnConflictsAndThePadThatRemovesThem) {
  // A 32-wide tile read down a column: every lane on one bank (32-way); a row of 33 spreads the
  // column over all 32 banks.
  EXPECT_EQ(
      memory_access_totals({{"pattern", "corner-turning"}, {"tile-pad", "0"}})["max_bank_ways"],
      32);
  EXPECT_EQ(
      memory_access_totals({{"pattern", "corner-turning"}, {"tile-pad", "1"}})["max_bank_ways"], 1);
}

TEST(MemoryAccess, StepsWalkTheInstructionsAndStartOnTheAccess) {
  auto scene = attached({{"pattern", "gather"}, {"warps", "2"}});
  const nlohmann::json list = scene->results_json()["result"]["instructions"];
  // Gather: the index load, the access, the store; one instruction per warp each.
  ASSERT_EQ(list.size(), 6u);
  EXPECT_EQ(scene->step_count(), 6);
  EXPECT_EQ(list[size_t(scene->current_step())]["phase"], "access");
  scene->seek(0);
  EXPECT_EQ(list[0]["phase"], "index");
  const std::string first = scene->caption();
  scene->seek(scene->step_count() - 1);
  EXPECT_EQ(list[5]["phase"], "store");
  EXPECT_NE(scene->caption(), first);
}

TEST(MemoryAccess, TheStrideChartOnTheCpuIsTheSectorModelSaidSo) {
  const nlohmann::json chart =
      attached({{"pattern", "strided"}})->results_json()["bandwidth_vs_stride"];
  EXPECT_EQ(chart["measured"], false);
  EXPECT_NE(chart["note"].get<std::string>().find("model"), std::string::npos);
  // 256 useful bytes (a read and a write of 4 per lane) over the sectors moved: stride 1 moves
  // 128 + 128, stride 2 256 + 128, stride 8 and past one sector per lane, 1024 + 128.
  const nlohmann::json f = chart["model_fraction"];
  EXPECT_DOUBLE_EQ(f[0].get<double>(), 1.0);
  EXPECT_DOUBLE_EQ(f[1].get<double>(), 256.0 / 384.0);
  EXPECT_DOUBLE_EQ(f[7].get<double>(), 256.0 / 1152.0);
  EXPECT_DOUBLE_EQ(f[31].get<double>(), 256.0 / 1152.0);
}

TEST(MemoryAccess, TheKitsSectorCounterAgreesWithTheInstructions) {
  // Strided 4 over 4 warps: 16 sectors per read instruction, 4 per (coalesced) store: 80 in all,
  // as the shared counters (ws::compute_counters) count the trace.
  const nlohmann::json j =
      attached({{"pattern", "strided"}, {"stride", "4"}, {"warps", "4"}})->results_json();
  EXPECT_EQ(j["counters"]["global_requests"], 4 * 16 + 4 * 4);
  int64_t sectors = 0;
  for (const nlohmann::json& i : j["result"]["instructions"])
    sectors += i["sectors"].get<int64_t>();
  EXPECT_EQ(sectors, 80);
}

TEST(MemoryAccess, HoverNamesLaneAddressSectorAndLine) {
  auto scene = attached({{"pattern", "strided"}, {"stride", "2"}, {"warps", "1"}});
  gfx::RecordingCanvas canvas({1280, 720});
  scene->draw(canvas, gfx::Theme::Light);
  // Lane 5 of warp 0 reads a[10]: byte 40, sector 1, line 0.
  bool lane5 = false, sector = false;
  for (float y = 0; y < 720; y += 4)
    for (float x = 0; x < 1280; x += 4) {
      const std::string text = scene->describe_at({x, y});
      lane5 = lane5 || text == "lane 5 (thread 5): a[10], byte 40, sector 1, line 0";
      sector = sector || text == "sector 1 (bytes 32-63): 16 of 32 bytes used";
    }
  EXPECT_TRUE(lane5);
  EXPECT_TRUE(sector);
}

}  // namespace
}  // namespace ws::app
