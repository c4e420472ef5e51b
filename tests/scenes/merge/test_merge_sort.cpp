// The sort mode (merge sort from merges, PMPP 13): its keys (--per-thread, --merge-at), the
// passes (8 keys: 3), the result against std::stable_sort with values (stability), the merge a
// click or --merge-at selects, and the command line of the three S2 modes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>

#include "merge_test_support.h"
#include "render/recording_canvas.h"

namespace ws::app {
namespace {

using merge_test::attached;
using merge_test::contains;
using merge_test::error_of;

TEST(MergeSortParams, DefaultsARoundTripAndTheKeysThatImplyTheMode) {
  auto scene = attached({{"mode", "sort"}});
  const nlohmann::json p = scene->params_to_json();
  EXPECT_EQ(p["variant"], "merge-sort");
  EXPECT_EQ(p["per-thread"], 4);
  EXPECT_EQ(p["merge-at"], "auto");
  scene->params_from_json({{"variant", "fast"}, {"per-thread", "2"}, {"merge-at", "2,1"}});
  const nlohmann::json changed = scene->params_to_json();
  EXPECT_EQ(changed["variant"], "fast");
  EXPECT_EQ(changed["merge-at"], "2,1");
  EXPECT_EQ(attached(changed)->params_to_json(), changed);
  auto other = attached(nlohmann::json::object());
  other->params_from_json({{"merge-at", "1,0"}});
  EXPECT_EQ(other->mode(), "sort");
}

TEST(MergeSortParams, BadValuesAreRefusedWithMessagesNamingTheOption) {
  const struct {
    nlohmann::json params;
    std::vector<std::string> parts;
  } cases[] = {
      {{{"mode", "sort"}, {"variant", "bitonic"}}, {"--variant", "6 merge-sort", "9 fast"}},
      {{{"per-thread", "3"}}, {"--per-thread", "power of two"}},
      {{{"per-thread", "32"}}, {"per-thread"}},
      {{{"merge-at", "x"}}, {"--merge-at", "level,index"}},
      {{{"merge-at", "0,0"}}, {"--merge-at"}},
      // 8 keys sort in 3 passes; pass 3 is one merge.
      {{{"n", "8"}, {"merge-at", "4,0"}}, {"merge-at", "3 passes"}},
      {{{"n", "8"}, {"merge-at", "3,1"}}, {"merge-at", "1 merges"}},
  };
  for (const auto& c : cases) {
    const std::string e = error_of(c.params);
    for (const std::string& part : c.parts)
      EXPECT_TRUE(contains(e, part)) << c.params.dump() << " gave: '" << e << "', wants " << part;
  }
  auto scene = attached({{"mode", "sort"}, {"n", "8"}, {"merge-at", "2,1"}});
  const nlohmann::json before = scene->params_to_json();
  EXPECT_THROW(scene->params_from_json({{"merge-at", "2,2"}}), std::exception);
  EXPECT_EQ(scene->params_to_json(), before);
}

TEST(MergeSortRun, EightKeysSortInThreePassesOfDoublingRuns) {
  auto scene = attached({{"mode", "sort"}, {"input", "5 3 8 1 9 2 7 4"}});
  const nlohmann::json doc = scene->results_json();
  EXPECT_EQ(doc["pass_count"], 3);
  ASSERT_EQ(doc["passes"].size(), 3u);
  for (int p = 0; p < 3; ++p) {
    EXPECT_EQ(doc["passes"][p]["width"], 1 << p);
    EXPECT_EQ(doc["passes"][p]["merges"].size(), size_t(8 >> (p + 1)));
  }
  EXPECT_EQ(doc["steps"].size(), 6u);  // a co-rank and a merge step a pass
  EXPECT_EQ(doc["result"]["keys"], (nlohmann::json{1, 2, 3, 4, 5, 7, 8, 9}));
  EXPECT_EQ(doc["matches_reference"], true);
}

TEST(MergeSortRun, EqualKeysKeepTheirInputOrder) {
  for (int n : {0, 1, 2, 7, 16, 33}) {
    auto scene = attached({{"mode", "sort"},
                           {"sort-gen", "duplicates"},
                           {"n", std::to_string(n)},
                           {"pairs", "true"},
                           {"seed", "11"},
                           {"per-thread", "2"}});
    const nlohmann::json doc = scene->results_json();
    std::vector<double> keys;
    for (const nlohmann::json& k : doc["input"]["keys"]) keys.push_back(k.get<double>());
    std::vector<uint32_t> order(keys.size());
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(),
                     [&](uint32_t a, uint32_t b) { return keys[a] < keys[b]; });
    EXPECT_EQ(doc["result"]["values"].get<std::vector<uint32_t>>(), order) << n;
    EXPECT_EQ(doc["matches_reference"], true) << n;
  }
}

TEST(MergeSortRun, MergeAtSelectsAMergeAndAutoFollowsTheStep) {
  auto scene = attached({{"mode", "sort"}, {"n", "16"}, {"merge-at", "2,3"}});
  EXPECT_EQ(scene->results_json()["merge_at"], (nlohmann::json{{"level", 2}, {"index", 3}}));
  scene->params_from_json({{"merge-at", "auto"}});
  scene->seek(5);  // pass 2's merge step
  EXPECT_EQ(scene->results_json()["merge_at"], (nlohmann::json{{"level", 3}, {"index", 0}}));
}

TEST(MergeSortRun, AClickOnAMergeSelectsIt) {
  auto scene = attached({{"mode", "sort"}, {"n", "16"}});
  scene->seek(scene->step_count() - 1);
  gfx::RecordingCanvas canvas({1600, 900});
  scene->draw(canvas, gfx::Theme::Light);
  // Key 5 of level 2 (runs of 4) lies in that level's second merge, keys [4, 8).
  for (float y = 0; y < 900; y += 3)
    for (float x = 0; x < 1600; x += 3) {
      if (scene->describe_at({x, y}).rfind("level 2 (after pass 1): key 5 =", 0) != 0) continue;
      Scene::Pointer click;
      click.point = {x, y};
      click.left_down = click.left_clicked = true;
      scene->pointer(click);
      EXPECT_EQ(scene->params_to_json()["merge-at"], "2,1");
      return;
    }
  ADD_FAILURE() << "no cell says it is key 5 of level 2";
}

TEST(MergeS2Cli, RunAndRenderEachMode) {
  const std::string dir = merge_test::out_dir();
  const struct {
    const char* mode;
    const char* args;
  } cases[] = {{"tiled", "--variant circular"},
               {"networks", "--variant odd-even --n 12"},
               {"sort", "--n 12 --merge-at 2,1"}};
  for (const auto& c : cases) {
    const std::string json = dir + "/s2_" + c.mode + ".json", png = dir + "/s2_" + c.mode + ".png";
    std::filesystem::remove(png);
    const std::string common =
        std::string(" --scene merge --backend cpu --mode ") + c.mode + " " + c.args;
    ASSERT_EQ(merge_test::run_cli("run" + common + " --json " + json), 0) << c.mode;
    const nlohmann::json doc = merge_test::read_json(json);
    EXPECT_EQ(doc["params"]["mode"], c.mode);
    EXPECT_EQ(doc["matches_reference"], true) << c.mode;
    ASSERT_EQ(merge_test::run_cli("render" + common + " --step 2 --out " + png), 0) << c.mode;
    EXPECT_GT(std::filesystem::file_size(png), 10000u) << c.mode;
  }
  EXPECT_NE(merge_test::run_cli("run --scene merge --mode sort --merge-at 9,9 --json " + dir +
                                "/s2_refused.json"),
            0);
  EXPECT_FALSE(std::filesystem::exists(dir + "/s2_refused.json"));
}

}  // namespace
}  // namespace ws::app
