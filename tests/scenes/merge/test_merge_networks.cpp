// The networks mode (Batcher's bitonic and odd-even merge sorts): its keys, the counts the book
// and Knuth give (8 wires: 6 stages; bitonic 24 comparators, odd-even 19), the sort against
// std::sort with padding wires, which stages run in shared memory, and the idle threads of
// odd-even merge sort; the figure's hover names each comparator's thread and wires.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "merge_test_support.h"
#include "render/recording_canvas.h"

namespace ws::app {
namespace {

using merge_test::attached;
using merge_test::contains;
using merge_test::error_of;

std::vector<double> network_doubles(const nlohmann::json& a) {
  std::vector<double> out;
  for (const nlohmann::json& v : a) out.push_back(v.get<double>());
  return out;
}

TEST(MergeNetworksParams, DefaultsARoundTripAndTheVariantsThatImplyTheMode) {
  auto scene = attached({{"mode", "networks"}});
  EXPECT_EQ(scene->params_to_json()["variant"], "bitonic");
  EXPECT_EQ(scene->params_to_json()["sort-threads"], 4);
  scene->params_from_json({{"variant", "8"}, {"sort-threads", "8"}});
  const nlohmann::json changed = scene->params_to_json();
  EXPECT_EQ(changed["variant"], "odd-even");
  EXPECT_EQ(changed["sort-threads"], 8);
  EXPECT_EQ(attached(changed)->params_to_json(), changed);
  auto other = attached(nlohmann::json::object());
  other->params_from_json({{"variant", "bitonic"}});
  EXPECT_EQ(other->mode(), "networks");
}

TEST(MergeNetworksParams, BadValuesAreRefusedWithMessagesNamingTheOption) {
  const struct {
    nlohmann::json params;
    std::vector<std::string> parts;
  } cases[] = {
      {{{"mode", "networks"}, {"variant", "merge-sort"}}, {"--variant", "7 bitonic", "8 odd-even"}},
      {{{"mode", "networks"}, {"sort-threads", "6"}}, {"--sort-threads", "power of two"}},
      {{{"mode", "networks"}, {"sort-threads", "128"}}, {"sort-threads"}},
      {{{"mode", "networks"}, {"n", "129"}}, {"n"}},
  };
  for (const auto& c : cases) {
    const std::string e = error_of(c.params);
    for (const std::string& part : c.parts)
      EXPECT_TRUE(contains(e, part)) << c.params.dump() << " gave: '" << e << "', wants " << part;
  }
  auto scene = attached({{"mode", "networks"}, {"variant", "odd-even"}});
  const nlohmann::json before = scene->params_to_json();
  EXPECT_THROW(scene->params_from_json({{"sort-threads", "3"}}), std::exception);
  EXPECT_EQ(scene->params_to_json(), before);
}

TEST(MergeNetworksRun, EightWiresGiveTheBooksCounts) {
  // N = 8, L = 3: L (L + 1) / 2 = 6 stages; bitonic (N/2) * 6 = 24 comparators; odd-even
  // (L^2 - L + 4) N / 4 - 1 = 10 * 2 - 1 = 19.
  const struct {
    const char* variant;
    int comparators;
  } cases[] = {{"bitonic", 24}, {"odd-even", 19}};
  for (const auto& c : cases) {
    auto scene =
        attached({{"mode", "networks"}, {"variant", c.variant}, {"input", "5 3 8 1 9 2 7 4"}});
    const nlohmann::json doc = scene->results_json();
    EXPECT_EQ(doc["network"]["wires"], 8) << c.variant;
    EXPECT_EQ(doc["network"]["stages"], 6) << c.variant;
    EXPECT_EQ(doc["network"]["comparators"], c.comparators) << c.variant;
    EXPECT_EQ(doc["network"]["comparator_formula"], c.comparators) << c.variant;
    int listed = 0;
    for (const nlohmann::json& s : doc["network"]["stage_list"])
      listed += s["comparators"].get<int>();
    EXPECT_EQ(listed, c.comparators) << c.variant;
    EXPECT_EQ(network_doubles(doc["result"]["keys"]), (std::vector<double>{1, 2, 3, 4, 5, 7, 8, 9}))
        << c.variant;
  }
}

TEST(MergeNetworksRun, PaddedInputsSortAsStdSortDoes) {
  for (const char* variant : {"bitonic", "odd-even"})
    for (int n : {0, 1, 2, 3, 5, 13, 17, 33}) {
      auto scene = attached({{"mode", "networks"},
                             {"variant", variant},
                             {"sort-gen", "duplicates"},
                             {"n", std::to_string(n)},
                             {"seed", "7"},
                             {"sort-threads", "2"}});
      const nlohmann::json doc = scene->results_json();
      std::vector<double> want = network_doubles(doc["input"]["keys"]);
      std::sort(want.begin(), want.end());
      EXPECT_EQ(network_doubles(doc["result"]["keys"]), want) << variant << " n " << n;
      int wires = 2;
      while (wires < n) wires *= 2;
      EXPECT_EQ(doc["network"]["wires"], wires) << variant << " n " << n;
      EXPECT_EQ(doc["network"]["padding_wires"], wires - n) << variant << " n " << n;
    }
}

TEST(MergeNetworksRun, BitonicStagesWithinTheTileRunInSharedMemoryTheOthersOnGlobal) {
  // 16 keys, 2 threads a block: a tile of 4 keys, so the stages with j < 4 run in shared memory.
  auto scene = attached({{"mode", "networks"}, {"n", "16"}, {"sort-threads", "2"}});
  const nlohmann::json doc = scene->results_json();
  EXPECT_EQ(doc["network"]["tile"], 4);
  for (const nlohmann::json& s : doc["network"]["stage_list"])
    EXPECT_EQ(s["memory"], s["j"].get<int>() < 4 ? "shared" : "global") << s.dump();
}

TEST(MergeNetworksRun, OddEvenLeavesThreadsIdleWhereBitonicUsesThemAll) {
  auto bitonic = attached({{"mode", "networks"}, {"variant", "bitonic"}, {"n", "16"}});
  auto odd_even = attached({{"mode", "networks"}, {"variant", "odd-even"}, {"n", "16"}});
  const nlohmann::json b = bitonic->results_json(), o = odd_even->results_json();
  for (const nlohmann::json& s : b["network"]["stage_list"])
    EXPECT_EQ(s["active_threads"], 8) << s.dump();
  int idle_stages = 0;
  for (const nlohmann::json& s : o["network"]["stage_list"]) {
    EXPECT_EQ(s["active_threads"], s["comparators"]) << s.dump();
    if (s["comparators"].get<int>() < 8) ++idle_stages;
  }
  EXPECT_GT(idle_stages, 0);
}

TEST(MergeNetworksFigure, HoverNamesAComparatorsThreadWiresAndKeys) {
  auto scene = attached({{"mode", "networks"}, {"input", "5 3 8 1 9 2 7 4"}});
  scene->seek(1);  // the first stage, k 2, j 1, after the tile's load
  gfx::RecordingCanvas canvas({1600, 900});
  scene->draw(canvas, gfx::Theme::Light);
  std::set<std::string> texts;
  for (float y = 0; y < 900; y += 2)
    for (float x = 0; x < 1600; x += 2) texts.insert(scene->describe_at({x, y}));
  // Stage 1 (k 2, j 1): thread 1 joins wires 2 and 3, descending ((2 & 2) != 0): 8, 1 stay.
  bool found = false;
  for (const std::string& t : texts)
    found = found || (contains(t,
                               "stage 1 (k 2, j 1), thread 1 (block 0, tid 1; warp 0): wires "
                               "2 and 3, descending") &&
                      contains(t, "keys 8, 1 become 8, 1"));
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace ws::app
