// One `run --json` schema for every scene and every mode of a scene (scene_kit/run_json.h,
// docs/run-json.md): the same keys, the same counter names, the same step fields.
#include <gtest/gtest.h>

#include "scene_kit/run_json.h"
#include "scenes/registry.h"

namespace ws::app {
namespace {

void expect_schema(const nlohmann::json& j, const std::string& where) {
  SCOPED_TRACE(where);
  for (const char* key : kRunJsonKeys) EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_TRUE(j["params"].is_object());
  EXPECT_TRUE(j["backend"] == "cpu" || j["backend"] == "cuda");
  EXPECT_TRUE(j["matches_reference"].is_boolean() || j["matches_reference"].is_null());
  EXPECT_TRUE(j["cpu_check"].is_null() || j["cpu_check"].contains("match"));
  EXPECT_TRUE(j["summary"].is_string());
  ASSERT_TRUE(j["steps"].is_array());
  if (j["counters"].is_null()) {
    EXPECT_TRUE(j["steps"].empty()) << "steps without counters";
    return;
  }
  for (const char* key : kCounterKeys) EXPECT_TRUE(j["counters"].contains(key)) << key;
  EXPECT_EQ(j["counters"].size(), std::size(kCounterKeys)) << "a counter outside the schema";
  EXPECT_EQ(j["counters"]["steps"], j["steps"].size());
  for (const auto& step : j["steps"]) {
    for (const char* key :
         {"label", "phase", "code_marker", "grid_dim", "block_dim", "active_threads", "values"})
      EXPECT_TRUE(step.contains(key)) << key;
    EXPECT_TRUE(step["active_threads"].is_array());
    for (const char* key : kStepCounterKeys) EXPECT_TRUE(step["counters"].contains(key)) << key;
  }
}

TEST(RunJsonSchema, EverySceneAndModeWritesTheSameKeys) {
  for (const auto& listed : make_scenes()) {
    const SceneCapabilities caps = listed->capabilities();
    std::vector<std::string> modes = caps.modes;
    if (modes.empty()) modes.push_back("");
    for (const std::string& mode : modes) {
      auto scene = make_scene(listed->id());
      if (!mode.empty()) scene->params_from_json({{"mode", mode}});
      SceneContext context;
      scene->attach(context);
      const nlohmann::json j = scene->results_json();
      expect_schema(j, std::string(listed->id()) + (mode.empty() ? "" : " --mode " + mode));
      EXPECT_EQ(j["scene"], listed->id());
      if (!mode.empty()) {
        EXPECT_EQ(j["params"]["mode"], mode);
      }
      scene->detach();
    }
  }
}

}  // namespace
}  // namespace ws::app
