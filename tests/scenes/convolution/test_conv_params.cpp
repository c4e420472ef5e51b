// The convolution scene's one parse: parameters round-trip, every bad input is refused with a
// message naming the option and what it accepts, and a refused edit leaves the scene as it was.
#include <gtest/gtest.h>

#include "conv_test_support.h"

namespace ws::app {
namespace {

using conv_test::attached;
using conv_test::error_of;

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(ConvParams, TheDefaultIsTheBooksExampleAndParametersRoundTrip) {
  auto scene = attached(nlohmann::json::object());
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["values"], "8 2 5 4 1 7 3");
  EXPECT_EQ(p["filter"], "1 3 5 3 1");
  EXPECT_EQ(p["boundary"], "zero");
  EXPECT_EQ(p["mode"], "teach");
  // Every setting changed, written out and read into a fresh scene: the same parameters.
  scene->params_from_json({{"values", "1 2 3; 4 5 6; 7 8 9"},
                           {"filter", "gaussian"},
                           {"radius", "1"},
                           {"sigma", "0.75"},
                           {"boundary", "mirror"},
                           {"variant", "tiled-input"},
                           {"tile", "6"},
                           {"compare", "constant"}});
  const nlohmann::json changed = scene->params_to_json();
  EXPECT_EQ(changed["variant"], "tiled-input");
  EXPECT_EQ(changed["compare"], "constant");
  EXPECT_EQ(changed["boundary"], "mirror");
  auto copy = attached(changed);
  EXPECT_EQ(copy->params_to_json(), changed);
  // Numbers name variants too.
  scene->params_from_json({{"variant", "4"}, {"compare", ""}});
  EXPECT_EQ(scene->params_to_json()["variant"], "tiled-output");
  EXPECT_EQ(scene->params_to_json()["compare"], "");
}

TEST(ConvParams, BadInputsAreRefusedWithMessagesNamingTheOption) {
  const struct {
    nlohmann::json params;
    std::vector<std::string> parts;  // what the message must say
  } cases[] = {
      {{{"filter", "1 3 5 3"}}, {"filter", "4 weights in a row", "centre", "odd"}},
      {{{"filter", "1 2 1; 2 4 2"}}, {"filter", "2 rows", "centre"}},
      {{{"filter", "1 x 1"}}, {"filter", "gaussian", "1 3 5 3 1"}},
      {{{"filter", "blur"}}, {"filter", "blur", "box", "gaussian", "sobel"}},
      {{{"filter", "1 2; 3"}}, {"filter", "row 2"}},
      {{{"filter", "1 2 1"}, {"radius", "3"}}, {"radius 3", "filter", "1 2 1", "radius 1"}},
      {{{"radius", "32"}}, {"radius", "0 and 31"}},
      {{{"sigma", "-1"}}, {"sigma"}},
      {{{"boundary", "wrap"}}, {"boundary", "zero, clamp or mirror", "wrap"}},
      {{{"variant", "fastest"}}, {"variant", "basic", "tiled-input", "fastest"}},
      {{{"compare", "9"}}, {"compare", "basic", "9"}},
      {{{"tile", "2"}}, {"tile"}},
      {{{"values", "1 2; 3"}}, {"values", "row 2"}},
      {{{"image", "/no/such/photo.png"}}, {"photo.png"}},
      {{{"bins", "8"}}, {"bins"}},
  };
  for (const auto& c : cases) {
    const std::string e = error_of(c.params);
    for (const std::string& part : c.parts)
      EXPECT_TRUE(contains(e, part)) << c.params.dump() << " gave: '" << e << "', wants " << part;
  }
}

TEST(ConvParams, ARefusedEditKeepsTheSceneAsItWas) {
  auto scene = attached({{"values", "1 2 3 4 5 6"}, {"filter", "box"}, {"radius", "1"}});
  const nlohmann::json before = scene->params_to_json();
  const nlohmann::json result = scene->results_json()["result"];
  for (const nlohmann::json& bad :
       {nlohmann::json{{"filter", "1 1"}}, nlohmann::json{{"boundary", "wrap"}},
        nlohmann::json{{"variant", "3"}, {"radius", "8"}},
        nlohmann::json{{"values", "1 2; 3 4"}, {"tile", "64"}}}) {
    EXPECT_THROW(scene->params_from_json(bad), std::exception) << bad.dump();
    EXPECT_EQ(scene->params_to_json(), before) << bad.dump();
  }
  scene->reset();
  EXPECT_EQ(scene->results_json()["result"], result);
}

TEST(ConvParams, ATypedFilterSetsTheRadiusAndANamedOneTakesIt) {
  auto scene = attached({{"filter", "1 2 3 2 1"}});
  EXPECT_EQ(scene->params_to_json()["radius"], 2);
  // The same radius given with typed weights is no contradiction.
  scene->params_from_json({{"filter", "1 1 1"}, {"radius", "1"}});
  EXPECT_EQ(scene->params_to_json()["radius"], 1);
  scene->params_from_json({{"filter", "box"}, {"radius", "3"}});
  scene->reset();
  EXPECT_EQ(scene->results_json()["input"]["filter"]["width"], 7);
  // A 1-row input takes the 1D form of a named filter, a 2D input the 2D form.
  EXPECT_EQ(scene->results_json()["input"]["filter"]["height"], 1);
  scene->params_from_json({{"values", "1 2 3; 4 5 6; 7 8 9"}, {"radius", "1"}});
  scene->reset();
  EXPECT_EQ(scene->results_json()["input"]["filter"]["height"], 3);
}

TEST(ConvParams, TheIntensityTileImpliesTheIntensityMode) {
  auto scene = attached(nlohmann::json::object());
  scene->params_from_json({{"intensity-tile", "16"}});
  EXPECT_EQ(scene->mode(), "intensity");
  EXPECT_EQ(scene->params_to_json()["intensity-tile"], 16);
}

}  // namespace
}  // namespace ws::app
