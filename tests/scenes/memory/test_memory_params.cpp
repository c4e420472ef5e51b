// The memory scene's one parse (access and warps keys): defaults, a round trip, the keys that
// imply a mode, bad values refused with a message naming the option, and a refused edit that
// leaves the scene as it was.
#include <gtest/gtest.h>

#include "memory_test_support.h"

namespace ws::app {
namespace {

using memory_test::attached;
using memory_test::contains;
using memory_test::error_of;

TEST(MemoryParams, DefaultsAreTheRowPatternAndTheBooksImage) {
  auto scene = attached(nlohmann::json::object());
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["mode"], "access");
  EXPECT_EQ(p["pattern"], "row");
  EXPECT_EQ(p["warps"], 4);
  EXPECT_EQ(p["elem-bytes"], 4);
  // PMPP 4.4's picture: 76 wide, 62 high, 16x16 blocks; the occupancy cliff's 512 threads.
  EXPECT_EQ(p["data"], "76x62");
  EXPECT_EQ(p["block"], "16x16");
  EXPECT_EQ(p["threads"], 512);
  EXPECT_EQ(p["registers"], 31);
}

TEST(MemoryParams, EverySettingRoundTrips) {
  auto scene = attached({{"pattern", "misaligned"},
                         {"stride", "7"},
                         {"offset", "3"},
                         {"elem-bytes", "8"},
                         {"warps", "2"},
                         {"width", "48"},
                         {"window", "16"},
                         {"tile-pad", "1"},
                         {"seed", "9"}});
  scene->params_from_json({{"data", "30x20x5"},
                           {"block", "8x8x4"},
                           {"threads", "256"},
                           {"registers", "40"},
                           {"shared", "4096"},
                           {"device", "A100"}});
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["mode"], "warps");
  EXPECT_EQ(p["pattern"], "misaligned");
  EXPECT_EQ(p["stride"], 7);
  EXPECT_EQ(p["offset"], 3);
  EXPECT_EQ(p["elem-bytes"], 8);
  EXPECT_EQ(p["width"], 48);
  EXPECT_EQ(p["tile-pad"], 1);
  EXPECT_EQ(p["seed"], 9);
  EXPECT_EQ(p["data"], "30x20x5");
  EXPECT_EQ(p["block"], "8x8x4");
  EXPECT_EQ(p["shared"], 4096);
  EXPECT_EQ(p["device"], "A100");
  EXPECT_EQ(attached(p)->params_to_json(), p);
}

TEST(MemoryParams, KeysImplyTheirMode) {
  auto scene = attached({{"data", "1003"}, {"block", "64"}});
  EXPECT_EQ(scene->params_to_json()["mode"], "warps");
  scene->params_from_json({{"stride", "4"}});
  EXPECT_EQ(scene->params_to_json()["mode"], "access");
  // An explicit mode wins: access keys read in warps mode change only the settings.
  scene->params_from_json({{"mode", "warps"}, {"pattern", "column"}});
  EXPECT_EQ(scene->params_to_json()["mode"], "warps");
  EXPECT_EQ(scene->params_to_json()["pattern"], "column");
  // "variant" (lecture keys) is the pattern in access mode and a book launch in warps mode.
  scene->params_from_json({{"variant", "book-1003"}});
  EXPECT_EQ(scene->params_to_json()["data"], "1003");
  EXPECT_EQ(scene->params_to_json()["block"], "64");
  scene->params_from_json({{"mode", "access"}, {"variant", "3"}});
  EXPECT_EQ(scene->params_to_json()["pattern"], "strided");
}

TEST(MemoryParams, DataOfAnotherShapeTakesAMatchingBlock) {
  auto scene = attached({{"data", "1000"}});
  EXPECT_EQ(scene->params_to_json()["block"], "256");
  scene->params_from_json({{"data", "40x40x40"}});
  EXPECT_EQ(scene->params_to_json()["block"], "8x8x4");
}

TEST(MemoryParams, BadValuesAreRefusedWithMessagesNamingTheOption) {
  const struct {
    nlohmann::json params;
    std::vector<std::string> parts;
  } cases[] = {
      {{{"pattern", "diagonal"}}, {"pattern", "row", "corner-turning", "diagonal"}},
      {{{"stride", "65"}}, {"stride", "64"}},
      {{{"stride", "0"}}, {"stride"}},
      {{{"offset", "-1"}}, {"offset"}},
      {{{"elem-bytes", "3"}}, {"elem-bytes", "1, 2, 4, 8 or 16"}},
      {{{"warps", "9"}}, {"warps", "8"}},
      {{{"pattern", "corner-turning"}, {"width", "16"}}, {"width 16", "32"}},
      {{{"data", "62x"}}, {"data"}},
      {{{"data", "62x76"}, {"block", "16"}}, {"block", "2"}},
      {{{"data", "100"}, {"block", "2048"}}, {"block", "1024"}},
      {{{"threads", "2000"}}, {"threads"}},
      {{{"registers", "256"}}, {"registers"}},
      {{{"device", "Voodoo"}}, {"device", "H100", "Voodoo"}},
      {{{"mode", "warps"}, {"variant", "book-9"}}, {"variant", "book-1003", "book-200x150"}},
      {{{"radius", "2"}}, {"radius"}},
  };
  for (const auto& c : cases) {
    const std::string e = error_of(c.params);
    EXPECT_FALSE(e.empty()) << c.params.dump();
    for (const std::string& part : c.parts)
      EXPECT_TRUE(contains(e, part)) << c.params.dump() << " gave: '" << e << "', wants " << part;
  }
}

TEST(MemoryParams, ARefusedEditKeepsTheSceneAsItWas) {
  auto scene = attached({{"pattern", "strided"}, {"stride", "4"}});
  const nlohmann::json before = scene->params_to_json();
  const nlohmann::json result = scene->results_json()["result"];
  for (const nlohmann::json& bad : {nlohmann::json{{"stride", "8"}, {"warps", "20"}},
                                    nlohmann::json{{"data", "64x64"}, {"block", "64x64"}},
                                    nlohmann::json{{"pattern", "row"}, {"device", "none"}}}) {
    EXPECT_THROW(scene->params_from_json(bad), std::exception) << bad.dump();
    EXPECT_EQ(scene->params_to_json(), before) << bad.dump();
  }
  scene->reset();
  EXPECT_EQ(scene->results_json()["result"], result);
}

}  // namespace
}  // namespace ws::app
