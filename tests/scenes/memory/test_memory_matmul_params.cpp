// The matmul mode's keys through the memory scene's one parse: defaults (PMPP Fig. 5.7's 4 x 4
// with TILE_WIDTH 2), a round trip, size setting all three sides, the keys that imply the mode,
// bad values refused with a message naming the option, a refused edit changing nothing.
#include <gtest/gtest.h>

#include "test_memory_transpose_support.h"

namespace ws::app {
namespace {

TEST(MemoryMatmulParams, DefaultsAreFigure57AndParametersRoundTrip) {
  auto scene = matrix_test::attached({{"mode", "matmul"}});
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["variant"], "tiled");
  EXPECT_EQ(p["m"], 4);
  EXPECT_EQ(p["n"], 4);
  EXPECT_EQ(p["k"], 4);
  EXPECT_EQ(p["tile"], 2);
  scene->params_from_json({{"variant", "3"},
                           {"compare", "naive"},
                           {"m", "5"},
                           {"n", "7"},
                           {"k", "3"},
                           {"tile", "4"},
                           {"coarse", "3"}});
  const nlohmann::json changed = scene->params_to_json();
  EXPECT_EQ(changed["variant"], "coarsened");
  EXPECT_EQ(changed["compare"], "naive");
  EXPECT_EQ(changed["m"], 5);
  EXPECT_EQ(changed["n"], 7);
  EXPECT_EQ(changed["k"], 3);
  EXPECT_EQ(changed["coarse"], 3);
  EXPECT_EQ(matrix_test::attached(changed)->params_to_json(), changed);
}

TEST(MemoryMatmulParams, SizeSetsEverySideAndImpliesTheMode) {
  auto scene = matrix_test::attached(nlohmann::json::object());
  scene->params_from_json({{"size", "8"}, {"tile", "4"}});
  EXPECT_EQ(scene->mode(), "matmul");
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["m"], 8);
  EXPECT_EQ(p["n"], 8);
  EXPECT_EQ(p["k"], 8);
  EXPECT_EQ(p["tile"], 4);
  // The transpose keeps its own variant and tile.
  scene->params_from_json({{"mode", "transpose"}});
  EXPECT_EQ(scene->params_to_json()["tile"], 32);
}

TEST(MemoryMatmulParams, ChoosingVectorizedTakesATileItsFloat4LoadsFit) {
  // From the book's 4 x 4 TILE_WIDTH 2 case to 8 x 8 with TILE_WIDTH 4, and the run works.
  auto scene = matrix_test::attached({{"mode", "matmul"}});
  scene->params_from_json({{"variant", "vectorized"}});
  nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["tile"], 4);
  EXPECT_EQ(p["m"], 8);
  EXPECT_EQ(p["n"], 8);
  EXPECT_EQ(p["k"], 8);
  scene->reset();
  EXPECT_EQ(scene->results_json()["input"]["M"].size(), 8u);  // the 8 x 8 run
  // Sizes given with it stand, and so does a tile given with it.
  scene->params_from_json({{"variant", "tiled"}, {"tile", "2"}, {"size", "4"}});
  scene->params_from_json({{"variant", "vectorized"}, {"size", "5"}});
  p = scene->params_to_json();
  EXPECT_EQ(p["tile"], 4);
  EXPECT_EQ(p["m"], 5);
  auto other = matrix_test::attached({{"mode", "matmul"}, {"variant", "naive"}, {"tile", "3"}});
  other->params_from_json({{"variant", "vectorized"}, {"tile", "8"}});
  EXPECT_EQ(other->params_to_json()["tile"], 8);
}

TEST(MemoryMatmulParams, BadValuesAreRefusedWithMessagesNamingTheOption) {
  const struct {
    nlohmann::json params;
    std::vector<std::string> parts;
  } cases[] = {
      {{{"mode", "matmul"}, {"variant", "strassen"}}, {"variant", "naive", "tiled", "strassen"}},
      {{{"mode", "matmul"}, {"compare", "0"}}, {"compare", "naive"}},
      {{{"size", "17"}}, {"size"}},
      {{{"size", "0"}}, {"size"}},
      {{{"m", "4"}, {"tile", "1"}}, {"tile"}},
      {{{"m", "4"}, {"tile", "9"}}, {"tile"}},
      {{{"m", "4"}, {"coarse", "5"}}, {"coarse"}},
      {{{"mode", "matmul"}, {"variant", "register-tiled"}, {"tile", "8"}, {"thread-tile", "4"}},
       {"thread-tile", "16"}},
      {{{"mode", "access"}, {"tile", "4"}}, {"tile", "transpose", "matmul"}},
  };
  for (const auto& c : cases) {
    const std::string e = matrix_test::error_of(c.params);
    for (const std::string& part : c.parts)
      EXPECT_TRUE(matrix_test::contains(e, part))
          << c.params.dump() << " gave: '" << e << "', wants " << part;
  }
}

TEST(MemoryMatmulParams, ARefusedEditKeepsTheSceneAsItWas) {
  auto scene = matrix_test::attached({{"mode", "matmul"}, {"size", "6"}, {"tile", "3"}});
  const nlohmann::json before = scene->params_to_json();
  const nlohmann::json result = scene->results_json()["result"];
  for (const nlohmann::json& bad :
       {nlohmann::json{{"variant", "9"}}, nlohmann::json{{"size", "40"}},
        nlohmann::json{{"tile", "0"}}, nlohmann::json{{"k", "3"}, {"rows", "4"}}}) {
    EXPECT_THROW(scene->params_from_json(bad), std::exception) << bad.dump();
    EXPECT_EQ(scene->params_to_json(), before) << bad.dump();
  }
  scene->reset();
  EXPECT_EQ(scene->results_json()["result"], result);
}

}  // namespace
}  // namespace ws::app
