// The scan scene's one parse (scene kit v2): an edit's keys are read by the mode it asks for
// ("mode", else the one shown; "segments" alone means the segmented scan), each mode keeps its own
// settings across switches, a key another mode owns is refused by name, and a refused edit that
// asked for a switch leaves the scene on its mode with its settings. `bench --mode apps` times the
// radix sort, then the compaction.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <sstream>

#include "common/error.h"
#include "scenes/scan/scan_scene.h"

namespace ws::app {
namespace {

std::string error_of(ScanScene& scene, const nlohmann::json& params) {
  try {
    scene.params_from_json(params);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(ScanSettings, EachModeReadsItsOwnKeysAndRefusesTheOthersByName) {
  const std::pair<const char*, const char*> foreign[] = {
      {"scan", "threshold"},  {"scan", "segments"}, {"compact", "variant"},  {"compact", "bit"},
      {"radix", "threshold"}, {"radix", "op"},      {"segmented", "values"}, {"segmented", "view"}};
  for (const auto& [mode, key] : foreign) {
    SCOPED_TRACE(std::string(mode) + " --" + key);
    ScanScene scene;
    scene.params_from_json({{"mode", mode}});
    const nlohmann::json before = scene.params_to_json();
    const std::string error = error_of(scene, {{"mode", mode}, {key, "1"}});
    EXPECT_NE(error.find(std::string("unknown option --") + key), std::string::npos) << error;
    EXPECT_EQ(scene.params_to_json(), before);
    EXPECT_EQ(scene.mode(), mode);
  }
}

TEST(ScanSettings, EveryModesParametersAreItsKeysAndTheMode) {
  const std::map<std::string, std::set<std::string>> keys = {
      {"scan",
       {"variant", "op", "type", "inclusive", "block", "coarsening", "mapping", "race", "compare",
        "view", "record", "values", "n", "seed", "distribution", "mode"}},
      {"compact",
       {"predicate", "threshold", "type", "block", "values", "n", "seed", "distribution", "image",
        "mode"}},
      {"radix",
       {"keys", "n", "seed", "key-bits", "bit", "radix-bits", "block", "radix-view", "mode"}},
      {"segmented", {"segments", "op", "type", "inclusive", "block", "mode"}}};
  for (const auto& [mode, expected] : keys) {
    ScanScene scene;
    scene.params_from_json({{"mode", mode}});
    const nlohmann::json params = scene.params_to_json();
    std::set<std::string> got;
    for (auto it = params.begin(); it != params.end(); ++it) got.insert(it.key());
    EXPECT_EQ(got, expected) << mode;
    EXPECT_EQ(params["mode"], mode);
  }
}

TEST(ScanSettings, SegmentsWithoutAModeMeanTheSegmentedScan) {
  ScanScene scene;
  scene.params_from_json({{"segments", "[4 5] [6]"}, {"op", "max"}});
  EXPECT_EQ(scene.mode(), "segmented");
  EXPECT_EQ(scene.params_to_json()["op"], "max");
  // The scan's own "op" is untouched: each mode has its settings.
  scene.params_from_json({{"mode", "scan"}});
  EXPECT_EQ(scene.params_to_json()["op"], "sum");
  // With "mode" naming another mode, "segments" is not that mode's key.
  EXPECT_NE(error_of(scene, {{"mode", "scan"}, {"segments", "[1]"}}).find("--segments"),
            std::string::npos);
  EXPECT_EQ(scene.mode(), "scan");
}

TEST(ScanSettings, ModesKeepTheirSettingsAcrossSwitches) {
  ScanScene scene;
  scene.params_from_json({{"variant", "blelloch"}, {"values", "1 2 3"}});
  scene.params_from_json({{"mode", "compact"}, {"values", "9 8 7 6"}, {"threshold", 7}});
  scene.params_from_json({{"mode", "radix"}, {"keys", "3 1 2"}});
  scene.params_from_json({{"mode", "scan"}});
  EXPECT_EQ(scene.params_to_json()["variant"], "blelloch");
  EXPECT_EQ(scene.params_to_json()["values"], "1 2 3");
  scene.params_from_json({{"mode", "compact"}});
  EXPECT_EQ(scene.params_to_json()["values"], "9 8 7 6");
  EXPECT_EQ(scene.params_to_json()["threshold"], 7.0);
  scene.params_from_json({{"mode", "radix"}});
  EXPECT_EQ(scene.params_to_json()["keys"], "3 1 2");
}

// A refused edit that asked for another mode (explicitly or by "segments") changes nothing: the
// scene stays on its mode, every mode's settings as they were.
TEST(ScanSettings, ARefusedEditWithASwitchRollsBack) {
  ScanScene scene;
  SceneContext context;
  scene.params_from_json({{"variant", "brent-kung"}});
  scene.attach(context);
  const nlohmann::json before = scene.params_to_json();
  const nlohmann::json refused[] = {
      {{"mode", "compact"}, {"threshold", "lots"}},
      {{"mode", "compact"}, {"values", "1 2"}, {"block", 3}},
      {{"mode", "radix"}, {"keys", "255 1"}, {"key-bits", 4}},
      {{"segments", "[1.5 2]"}},  // implies the segmented scan; int32 takes no 1.5
      {{"mode", "segmented"}, {"segments", "[1 2] 3"}},
      {{"mode", "sorting"}},
  };
  for (const nlohmann::json& edit : refused) {
    SCOPED_TRACE(edit.dump());
    EXPECT_FALSE(error_of(scene, edit).empty());
    EXPECT_EQ(scene.mode(), "scan");
    EXPECT_EQ(scene.params_to_json(), before);
  }
  // The other modes' settings were not written either.
  scene.params_from_json({{"mode", "compact"}});
  EXPECT_EQ(scene.params_to_json()["threshold"], 3.0);
  EXPECT_EQ(scene.params_to_json()["block"], 0);
  scene.params_from_json({{"mode", "radix"}});
  EXPECT_EQ(scene.params_to_json()["key-bits"], 0);
  scene.params_from_json({{"mode", "segmented"}});
  EXPECT_EQ(scene.params_to_json()["segments"], "[1 2] [6 7 1] [1 2 3 4]");
  scene.detach();
}

// An edit of the scan mode starts its new run at the first step; the application modes keep the
// step they show.
TEST(ScanSettings, AnEditRewindsTheScanButNotTheApplications) {
  SceneContext context;
  ScanScene scene;
  scene.attach(context);
  scene.seek(3);
  scene.params_from_json({{"op", "max"}});
  scene.reset();
  EXPECT_EQ(scene.current_step(), 0);
  scene.params_from_json({{"mode", "compact"}});
  scene.seek(3);
  scene.params_from_json({{"threshold", 2}});
  scene.reset();
  EXPECT_EQ(scene.current_step(), 3);
  scene.detach();
}

TEST(ScanSettings, BenchAppsTimesTheRadixSortThenTheCompaction) {
  ScanScene scene;
  BenchRequest request;
  request.mode = "apps";
  request.sizes = {"10"};
  request.repeats = 1;
  std::ostringstream progress;
  const BenchReport report = scene.bench_job(request)(progress);
  EXPECT_EQ(report.json["mode"], "apps");
  std::set<std::string> kinds;
  for (const auto& row : report.json["rows"]) kinds.insert(row["kind"].get<std::string>());
  EXPECT_EQ(kinds, (std::set<std::string>{"sort", "sort pairs", "compact"}));
  EXPECT_EQ(report.title.rfind("radix sort on ", 0), 0u) << report.title;
  EXPECT_NE(report.title.find("; stream compaction on "), std::string::npos) << report.title;
  EXPECT_FALSE(report.title_shown.empty());
  EXPECT_TRUE(report.failures.empty());
  request.mode = "segmented";
  EXPECT_EQ(scene.bench_job(request)(progress).json["mode"], "segmented");
  request.mode = "nosuch";
  try {
    scene.bench_job(request);
    ADD_FAILURE() << "accepted --mode nosuch";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("(scan, compact, radix, segmented, apps)"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace ws::app
