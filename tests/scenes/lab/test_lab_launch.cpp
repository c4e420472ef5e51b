// The lab scene runs the student's own launch (issue 29): a reduction whose BLOCK_DIM is 128 runs
// in blocks of 128 (its run document's launch, its barrier count, the figure's header says where
// the block came from); a block of 2000 is refused with a message naming BLOCK_DIM and nothing
// runs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>
#include <string>

#include "scenes/lab/lab_files.h"
#include "scenes/lab/lab_scene.h"
#include "scenes/scene_test_support.h"
#include "test_paths.h"

namespace ws::app {
namespace {

std::string reduce_solution_with_block(const std::string& block) {
  std::string source = lab_solution("reduce");
  const std::string key = "#define BLOCK_DIM 64";
  const size_t at = source.find(key);
  EXPECT_NE(at, std::string::npos);
  if (at != std::string::npos) source.replace(at, key.size(), "#define BLOCK_DIM " + block);
  return source;
}

bool any_text_contains(const std::set<std::string>& texts, const std::string& part) {
  for (const std::string& t : texts)
    if (t.find(part) != std::string::npos) return true;
  return false;
}

TEST(LabLaunch, TheScenesRunUsesTheSourcesBlock) {
  ::setenv("WARPSCOPE_LAB_WORKER", WS_WARPSCOPE_EXE, 1);
  auto scene = test::attached<LabScene>(
      {{"exercise", "reduce"}, {"size", "odd"}, {"source", reduce_solution_with_block("128")}});
  const nlohmann::json doc = scene->results_json();
  EXPECT_EQ(doc["matches_reference"], true) << doc.dump(2);
  const nlohmann::json& launch = doc["result"]["launch"];
  EXPECT_EQ(launch["block"], nlohmann::json({128, 1}));
  EXPECT_EQ(launch["grid"], nlohmann::json({2, 1}));  // 357 inputs, 256 a block
  EXPECT_EQ(launch["from"], "BLOCK_DIM");
  EXPECT_EQ(launch["text"], "grid 2 x 1 of blocks 128 x 1, from BLOCK_DIM in your source");
  EXPECT_EQ(doc["counters"]["barriers"], 1 + 7);  // the load, then one per halving of 128
  EXPECT_TRUE(any_text_contains(test::figure_texts(*scene), "BLOCK_DIM"));
}

TEST(LabLaunch, ABlockOf2000IsRefusedNamingBlockDim) {
  ::setenv("WARPSCOPE_LAB_WORKER", WS_WARPSCOPE_EXE, 1);
  auto scene = test::attached<LabScene>(
      {{"exercise", "reduce"}, {"source", reduce_solution_with_block("2000")}});
  EXPECT_TRUE(any_text_contains(test::figure_texts(*scene), "BLOCK_DIM in your source is 2000"));
  EXPECT_TRUE(scene->results_json()["result"].is_null());  // nothing ran
}

}  // namespace
}  // namespace ws::app
