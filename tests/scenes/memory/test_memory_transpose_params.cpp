// The transpose mode's keys through the memory scene's one parse: defaults, a round trip, the
// keys that imply the mode, bad values refused with a message naming the option, and a refused
// edit leaving the scene as it was.
#include <gtest/gtest.h>

#include "test_memory_transpose_support.h"

namespace ws::app {
namespace {

TEST(MemoryTransposeParams, DefaultsAndARoundTrip) {
  auto scene = matrix_test::attached({{"mode", "transpose"}});
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["mode"], "transpose");
  EXPECT_EQ(p["variant"], "tiled");
  EXPECT_EQ(p["compare"], "");
  EXPECT_EQ(p["rows"], 32);
  EXPECT_EQ(p["cols"], 32);
  EXPECT_EQ(p["tile"], 32);
  scene->params_from_json(
      {{"variant", "5"}, {"compare", "naive-rows"}, {"rows", "7"}, {"cols", "13"}, {"tile", "4"}});
  const nlohmann::json changed = scene->params_to_json();
  EXPECT_EQ(changed["variant"], "diagonal");
  EXPECT_EQ(changed["compare"], "naive-rows");
  EXPECT_EQ(changed["rows"], 7);
  EXPECT_EQ(changed["cols"], 13);
  EXPECT_EQ(changed["tile"], 4);
  EXPECT_EQ(matrix_test::attached(changed)->params_to_json(), changed);
}

TEST(MemoryTransposeParams, RowsAndColumnsImplyTheTransposeMode) {
  auto scene = matrix_test::attached(nlohmann::json::object());
  scene->params_from_json({{"rows", "8"}, {"cols", "8"}});
  EXPECT_EQ(scene->mode(), "transpose");
  EXPECT_EQ(scene->params_to_json()["rows"], 8);
}

TEST(MemoryTransposeParams, BadValuesAreRefusedWithMessagesNamingTheOption) {
  const struct {
    nlohmann::json params;
    std::vector<std::string> parts;
  } cases[] = {
      {{{"mode", "transpose"}, {"variant", "fastest"}},
       {"variant", "naive-rows", "padded", "fastest"}},
      {{{"mode", "transpose"}, {"variant", "7"}}, {"variant", "1-6"}},
      {{{"mode", "transpose"}, {"compare", "spiral"}}, {"compare", "padded", "spiral"}},
      {{{"mode", "transpose"}, {"tile", "3"}}, {"tile"}},
      {{{"mode", "transpose"}, {"tile", "33"}}, {"tile"}},
      {{{"rows", "65"}, {"cols", "4"}}, {"rows 65", "1..64"}},
      {{{"rows", "4"}, {"cols", "0"}}, {"cols"}},
      {{{"rows", "x"}}, {"rows"}},
      {{{"rows", "8"}, {"size", "4"}}, {"rows", "size"}},
      {{{"mode", "transpose"}, {"variant", "fast"}, {"tile", "8"}, {"block-rows", "3"}}, {"block"}},
  };
  for (const auto& c : cases) {
    const std::string e = matrix_test::error_of(c.params);
    for (const std::string& part : c.parts)
      EXPECT_TRUE(matrix_test::contains(e, part))
          << c.params.dump() << " gave: '" << e << "', wants " << part;
  }
}

TEST(MemoryTransposeParams, ARefusedEditKeepsTheSceneAsItWas) {
  auto scene = matrix_test::attached(
      {{"mode", "transpose"}, {"variant", "padded"}, {"rows", "8"}, {"cols", "12"}, {"tile", "4"}});
  const nlohmann::json before = scene->params_to_json();
  const nlohmann::json result = scene->results_json()["result"];
  for (const nlohmann::json& bad :
       {nlohmann::json{{"variant", "9"}}, nlohmann::json{{"rows", "100"}},
        nlohmann::json{{"tile", "64"}}, nlohmann::json{{"compare", "x"}, {"rows", "4"}}}) {
    EXPECT_THROW(scene->params_from_json(bad), std::exception) << bad.dump();
    EXPECT_EQ(scene->params_to_json(), before) << bad.dump();
  }
  scene->reset();
  EXPECT_EQ(scene->results_json()["result"], result);
}

}  // namespace
}  // namespace ws::app
