// The tiled mode (PMPP 12.6-12.7): its keys through the scene's one parse, the merge against
// std::merge, the while loop's bookkeeping (every output made once, consumption adding up to A
// and B), and the book's point about loads: the tiled merge loads fewer keys per output than the
// basic merge, and the circular buffer loads every key of A and B exactly once.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>

#include "merge_test_support.h"

namespace ws::app {
namespace {

using merge_test::attached;
using merge_test::contains;
using merge_test::error_of;

// The loads row of `variant` in a run document.
nlohmann::json loads_of(const nlohmann::json& doc, const std::string& variant) {
  for (const nlohmann::json& l : doc["loads"])
    if (l["variant"] == variant) return l;
  return nullptr;
}

// The keys of a run document's array as doubles.
std::vector<double> tiled_doubles(const nlohmann::json& a) {
  std::vector<double> out;
  for (const nlohmann::json& v : a) out.push_back(v.get<double>());
  return out;
}

TEST(MergeTiledParams, DefaultsARoundTripAndTheKeysThatImplyTheMode) {
  auto scene = attached({{"mode", "tiled"}});
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["variant"], "tiled");
  EXPECT_EQ(p["tile"], 4);
  EXPECT_EQ(p["tile-threads"], 2);
  EXPECT_EQ(p["tile-blocks"], 1);
  scene->params_from_json({{"variant", "4"}, {"tile", "6"}, {"tile-threads", "3"}});
  const nlohmann::json changed = scene->params_to_json();
  EXPECT_EQ(changed["variant"], "circular");
  EXPECT_EQ(changed["tile"], 6);
  EXPECT_EQ(changed["tile-threads"], 3);
  EXPECT_EQ(attached(changed)->params_to_json(), changed);
  auto other = attached(nlohmann::json::object());
  other->params_from_json({{"tile", "8"}});
  EXPECT_EQ(other->mode(), "tiled");
  other->params_from_json({{"mode", "path"}});
  other->params_from_json({{"variant", "circular"}});
  EXPECT_EQ(other->mode(), "tiled");
}

TEST(MergeTiledParams, BadValuesAreRefusedWithMessagesNamingTheOption) {
  const struct {
    nlohmann::json params;
    std::vector<std::string> parts;
  } cases[] = {
      {{{"tile", "10"}, {"tile-threads", "4"}}, {"--tile 10", "--tile-threads 4", "multiple"}},
      {{{"tile", "0"}}, {"tile"}},
      {{{"tile", "65"}}, {"tile"}},
      {{{"tile-threads", "x"}}, {"tile-threads"}},
      {{{"tile-blocks", "17"}}, {"tile-blocks"}},
      {{{"mode", "tiled"}, {"variant", "basic"}}, {"--variant", "3 tiled", "4 circular"}},
      {{{"mode", "tiled"}, {"variant", "bitonic"}}, {"--variant", "bitonic"}},
      {{{"tile", "4"}, {"merge-at", "1,0"}}, {"--tile", "--merge-at"}},
  };
  for (const auto& c : cases) {
    const std::string e = error_of(c.params);
    for (const std::string& part : c.parts)
      EXPECT_TRUE(contains(e, part)) << c.params.dump() << " gave: '" << e << "', wants " << part;
  }
}

TEST(MergeTiledParams, ARefusedEditKeepsTheSceneAsItWas) {
  auto scene =
      attached({{"mode", "tiled"}, {"variant", "circular"}, {"tile", "6"}, {"tile-threads", "2"}});
  const nlohmann::json before = scene->params_to_json();
  const nlohmann::json result = scene->results_json()["result"];
  for (const nlohmann::json& bad :
       {nlohmann::json{{"tile", "5"}}, nlohmann::json{{"mode", "tiled"}, {"variant", "9"}},
        nlohmann::json{{"tile-threads", "4"}}, nlohmann::json{{"a", "3 1"}, {"tile", "4"}}}) {
    EXPECT_THROW(scene->params_from_json(bad), std::exception) << bad.dump();
    EXPECT_EQ(scene->params_to_json(), before) << bad.dump();
  }
  scene->reset();
  EXPECT_EQ(scene->results_json()["result"], result);
}

TEST(MergeTiledRun, BothVariantsMergeAsStdMergeAndConsumeAllOfAAndB) {
  for (const char* variant : {"tiled", "circular"})
    for (const char* gen : {"uniform", "duplicates", "skewed", "disjoint"}) {
      auto scene = attached({{"mode", "tiled"},
                             {"variant", variant},
                             {"gen", gen},
                             {"n-a", "13"},
                             {"n-b", "21"},
                             {"tile", "6"},
                             {"tile-threads", "3"},
                             {"tile-blocks", "2"},
                             {"seed", "5"}});
      const nlohmann::json doc = scene->results_json();
      const std::vector<double> a = tiled_doubles(doc["input"]["a"]),
                                b = tiled_doubles(doc["input"]["b"]);
      std::vector<double> want;
      std::merge(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(want));
      EXPECT_EQ(tiled_doubles(doc["result"]["keys"]), want) << variant << " " << gen;
      EXPECT_EQ(doc["matches_reference"], true) << variant << " " << gen;
      // Each block's iterations make its share of C; all of them together make every output.
      int outputs = 0;
      for (const nlohmann::json& it : doc["iterations"]) outputs += it["outputs"].get<int>();
      EXPECT_EQ(outputs, int(a.size() + b.size())) << variant << " " << gen;
    }
}

TEST(MergeTiledRun, TheTiledMergeLoadsLessPerOutputThanTheBasicAndTheCircularEachKeyOnce) {
  auto scene = attached({{"mode", "tiled"},
                         {"gen", "uniform"},
                         {"n-a", "24"},
                         {"n-b", "24"},
                         {"tile", "8"},
                         {"tile-threads", "4"},
                         {"tile-blocks", "2"},
                         {"seed", "3"}});
  const nlohmann::json doc = scene->results_json();
  const nlohmann::json basic = loads_of(doc, "basic"), tiled = loads_of(doc, "tiled"),
                       circular = loads_of(doc, "circular");
  ASSERT_FALSE(basic.is_null());
  ASSERT_FALSE(tiled.is_null());
  ASSERT_FALSE(circular.is_null());
  EXPECT_LT(tiled["loads_per_output"].get<double>(), basic["loads_per_output"].get<double>());
  EXPECT_LT(tiled["sectors_per_output"].get<double>(), basic["sectors_per_output"].get<double>());
  // The circular buffer: 48 keys, 48 tile loads, none loaded twice.
  EXPECT_EQ(circular["tile_loads"], 48);
  EXPECT_EQ(circular["most_tile_loads_of_a_key"], 1);
  EXPECT_EQ(circular["fewest_tile_loads_of_a_key"], 1);
  // The tiled merge reloads what a tile did not use: more tile loads than keys.
  EXPECT_GT(tiled["tile_loads"].get<int>(), 48);
  EXPECT_GT(tiled["most_tile_loads_of_a_key"].get<int>(), 1);
}

TEST(MergeTiledRun, TheCircularBuffersStartIsWhatTheBlockConsumedModuloTheTile) {
  auto scene = attached({{"mode", "tiled"},
                         {"variant", "circular"},
                         {"tile", "4"},
                         {"tile-threads", "2"}});  // the book's A and B
  const nlohmann::json doc = scene->results_json();
  ASSERT_GE(doc["iterations"].size(), 2u);
  for (const nlohmann::json& it : doc["iterations"]) {
    EXPECT_EQ(it["A_S_start"], it["A_consumed"].get<int>() % 4);
    EXPECT_EQ(it["B_S_start"], it["B_consumed"].get<int>() % 4);
  }
}

}  // namespace
}  // namespace ws::app
