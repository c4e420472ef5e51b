// The merge scene's one parse: defaults (the book's example), a round trip of every key, typed
// against generated inputs, bad values refused with a message naming the option, and a refused
// edit that leaves the scene as it was.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "merge_test_support.h"

namespace ws::app {
namespace {

using merge_test::attached;
using merge_test::contains;
using merge_test::error_of;

TEST(MergeParams, DefaultsAreTheBooksExampleWithThreeThreads) {
  auto scene = attached(nlohmann::json::object());
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["mode"], "path");
  EXPECT_EQ(p["a"], "1 7 8 9 10");
  EXPECT_EQ(p["b"], "7 10 10 12");
  EXPECT_EQ(p["variant"], "basic");
  EXPECT_EQ(p["threads"], 3);
  EXPECT_EQ(p["blocks"], 1);
  EXPECT_EQ(p["keys"], "int32");
  EXPECT_EQ(p["pairs"], false);
}

TEST(MergeParams, EveryGeneratedSettingRoundTrips) {
  auto scene = attached({{"keys", "float32"},
                         {"pairs", "true"},
                         {"gen", "duplicates"},
                         {"n-a", "7"},
                         {"n-b", "9"},
                         {"seed", "5"},
                         {"sort-gen", "reversed"},
                         {"n", "20"},
                         {"variant", "fast"},
                         {"threads", "4"},
                         {"blocks", "2"},
                         {"items", "3"}});
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["keys"], "float32");
  EXPECT_EQ(p["pairs"], true);
  EXPECT_EQ(p["gen"], "duplicates");
  EXPECT_EQ(p["n-a"], 7);
  EXPECT_EQ(p["n-b"], 9);
  EXPECT_EQ(p["seed"], 5);
  EXPECT_EQ(p["sort-gen"], "reversed");
  EXPECT_EQ(p["n"], 20);
  EXPECT_EQ(p["variant"], "fast");
  EXPECT_EQ(p["threads"], 4);
  EXPECT_EQ(p["blocks"], 2);
  EXPECT_EQ(p["items"], 3);
  // Generated arrays: no typed keys written, and they read back as generated.
  EXPECT_FALSE(p.contains("a"));
  EXPECT_FALSE(p.contains("b"));
  EXPECT_FALSE(p.contains("input"));
  EXPECT_EQ(attached(p)->params_to_json(), p);
}

TEST(MergeParams, SkewedWithoutSizesMakesOneArrayMuchLonger) {
  // The "one array much longer": B four times A unless the sizes are given.
  const nlohmann::json p = attached({{"gen", "skewed"}})->params_to_json();
  EXPECT_EQ(p["n-a"], 6);
  EXPECT_EQ(p["n-b"], 24);
  const nlohmann::json q = attached({{"gen", "skewed"}, {"n-a", "10"}})->params_to_json();
  EXPECT_EQ(q["n-a"], 10);
  EXPECT_EQ(q["n-b"], 12);  // the default size, not the skewed one: a size was given
  EXPECT_EQ(attached(p)->params_to_json(), p);
}

TEST(MergeParams, TypedArraysRoundTripAndAnEmptyOneIsAnArray) {
  auto scene = attached({{"a", "2 4 6"}, {"b", ""}, {"input", "5 3 9 1"}});
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["a"], "2 4 6");
  EXPECT_EQ(p["b"], "");  // B typed and empty: one side empty is a merge too
  EXPECT_EQ(p["input"], "5 3 9 1");
  EXPECT_EQ(attached(p)->params_to_json(), p);
  const nlohmann::json run = scene->results_json();
  EXPECT_EQ(run["result"], nlohmann::json::parse("[2, 4, 6]"));
}

TEST(MergeParams, GeneratorKeysReplaceTypedArraysUnlessTypedInTheSameEdit) {
  auto scene = attached({{"gen", "interleaved"}, {"n-a", "4"}, {"n-b", "3"}});
  nlohmann::json p = scene->params_to_json();
  EXPECT_FALSE(p.contains("a"));
  EXPECT_EQ(scene->results_json()["input"]["a"].size(), 4u);
  EXPECT_EQ(scene->results_json()["input"]["b"].size(), 3u);
  scene->params_from_json({{"gen", "disjoint"}, {"a", "1 2"}});
  p = scene->params_to_json();
  EXPECT_EQ(p["a"], "1 2");
  EXPECT_FALSE(p.contains("b"));
  EXPECT_EQ(scene->results_json()["input"]["b"].size(), 3u);
}

TEST(MergeParams, PathModeTakesTheVariantsItShows) {
  auto scene = attached({{"variant", "1"}});
  EXPECT_EQ(scene->params_to_json()["variant"], "sequential");
  scene->params_from_json({{"variant", "5"}});
  EXPECT_EQ(scene->params_to_json()["variant"], "fast");
  scene->params_from_json({{"variant", "basic"}});
  EXPECT_EQ(scene->params_to_json()["variant"], "basic");
}

TEST(MergeParams, BadValuesAreRefusedWithMessagesNamingTheOption) {
  const std::string sixty_five = [] {
    std::string t;
    for (int i = 0; i < 65; ++i) t += std::to_string(i) + " ";
    return t;
  }();
  const struct {
    nlohmann::json params;
    std::vector<std::string> parts;
  } cases[] = {
      {{{"a", "1 9 3"}}, {"--a must be sorted ascending", "9"}},
      {{{"b", "10 7"}}, {"--b must be sorted ascending"}},
      {{{"b", "1 x"}}, {"--b", "x"}},
      {{{"a", "1.5 2"}}, {"--a"}},
      {{{"a", sixty_five}}, {"--a", "64"}},
      {{{"input", "3 x"}}, {"--input", "x"}},
      {{{"keys", "int64"}}, {"--keys", "int32", "float32"}},
      {{{"gen", "zipf"}}, {"--gen", "uniform", "disjoint"}},
      {{{"sort-gen", "zipf"}}, {"--sort-gen", "reversed"}},
      {{{"n-a", "65"}}, {"--n-a"}},
      {{{"n-b", "-1"}}, {"--n-b"}},
      {{{"n", "129"}}, {"--n"}},
      {{{"seed", "-1"}}, {"--seed"}},
      {{{"threads", "0"}}, {"--threads"}},
      {{{"threads", "65"}}, {"--threads"}},
      {{{"blocks", "17"}}, {"--blocks"}},
      {{{"items", "17"}}, {"--items"}},
      {{{"pairs", "maybe"}}, {"--pairs"}},
      {{{"variant", "bogus"}}, {"--variant", "bogus"}},
      {{{"mode", "path"}, {"variant", "tiled"}}, {"--variant", "path mode", "sequential", "fast"}},
      {{{"colour", "red"}}, {"unknown option --colour"}},
  };
  for (const auto& c : cases) {
    const std::string message = error_of(c.params);
    ASSERT_FALSE(message.empty()) << c.params.dump();
    for (const std::string& part : c.parts)
      EXPECT_TRUE(contains(message, part)) << c.params.dump() << ": " << message;
  }
}

TEST(MergeParams, ARefusedEditLeavesTheSceneAsItWas) {
  auto scene = attached({{"a", "1 3 5"}, {"b", "2 4"}, {"threads", "2"}});
  const nlohmann::json before = scene->params_to_json();
  const nlohmann::json result = scene->results_json()["result"];
  EXPECT_THROW(scene->params_from_json({{"a", "3 1"}, {"threads", "5"}}), std::exception);
  EXPECT_EQ(scene->params_to_json(), before);
  EXPECT_EQ(scene->results_json()["result"], result);
  // A key type the typed keys do not fit is refused too, naming the array.
  scene->params_from_json({{"keys", "float32"}, {"a", "0.5 1.5"}});
  const nlohmann::json floats = scene->params_to_json();
  try {
    scene->params_from_json({{"keys", "int32"}});
    ADD_FAILURE() << "int32 keys accepted 0.5";
  } catch (const std::exception& e) {
    EXPECT_TRUE(contains(e.what(), "--a")) << e.what();
  }
  EXPECT_EQ(scene->params_to_json(), floats);
}

}  // namespace
}  // namespace ws::app
