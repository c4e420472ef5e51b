// The lab scene's parameters: the default exercise and its starter, each source option, sizes,
// refusals that name the option and leave the scene as it was, and a session that brings the
// student's code back.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "io/session.h"
#include "scenes/scene_test_support.h"
#include "scenes/lab/lab_files.h"
#include "scenes/lab/lab_scene.h"
#include "test_paths.h"

namespace ws::app {
namespace {

std::string asset(const std::string& relative) {
  return test::read_text(std::string(WS_SOURCE_ROOT) + "/assets/lab/" + relative);
}

std::string refusal(LabScene& scene, const nlohmann::json& params) {
  try {
    scene.params_from_json(params);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

TEST(LabParams, StartsOnTheReductionWithItsStarter) {
  LabScene scene;
  const nlohmann::json p = scene.params_to_json();
  EXPECT_EQ(p["exercise"], "reduce");
  EXPECT_EQ(p["size"], "teach");
  EXPECT_EQ(p["source"], asset("reduce/starter.cu"));
  EXPECT_FALSE(p.contains("mode"));  // one mode: no mode key
}

TEST(LabParams, AnotherExerciseBringsItsStarterAndSolutionItsSolution) {
  LabScene scene;
  scene.params_from_json({{"exercise", "vector-add"}});
  EXPECT_EQ(scene.settings().source, asset("vector-add/starter.cu"));
  scene.params_from_json({{"solution", "true"}});
  EXPECT_EQ(scene.settings().source, asset("vector-add/solution.cu"));
  EXPECT_EQ(scene.settings().file_name, "solution.cu");
  scene.params_from_json({{"size", "odd"}});
  EXPECT_EQ(scene.settings().source, asset("vector-add/solution.cu"));  // a size keeps the code
  EXPECT_EQ(scene.settings().size, "odd");
}

TEST(LabParams, KernelReadsTheStudentsFile) {
  const std::string path = test::out_dir("params") + "/mine.cu";
  std::ofstream(path) << "// my kernel\n";
  LabScene scene;
  scene.params_from_json({{"exercise", "scan"}, {"kernel", path}});
  EXPECT_EQ(scene.settings().exercise, "scan");
  EXPECT_EQ(scene.settings().source, "// my kernel\n");
  EXPECT_EQ(scene.settings().file_name, "mine.cu");
}

TEST(LabParams, BadValuesAreRefusedNamingTheOptionAndTheSceneKeepsItsState) {
  LabScene scene;
  scene.params_from_json({{"source", "// kept\n"}, {"size", "odd"}});
  const nlohmann::json before = scene.params_to_json();
  const std::string unknown = refusal(scene, {{"exercise", "sorting"}});
  EXPECT_NE(unknown.find("--exercise"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("matmul-tiled"), std::string::npos) << unknown;  // lists the ids
  const std::string size = refusal(scene, {{"size", "huge"}});
  EXPECT_NE(size.find("--size"), std::string::npos) << size;
  EXPECT_NE(size.find("teach"), std::string::npos) << size;
  const std::string missing = refusal(scene, {{"kernel", "/no/such/file.cu"}});
  EXPECT_NE(missing.find("--kernel"), std::string::npos) << missing;
  EXPECT_NE(missing.find("/no/such/file.cu"), std::string::npos) << missing;
  EXPECT_NE(refusal(scene, {{"kernel", "/no/such.cu"}, {"solution", "true"}}).find("give one"),
            std::string::npos);
  EXPECT_NE(refusal(scene, {{"colour", "red"}}).find("colour"), std::string::npos);
  EXPECT_NE(refusal(scene, {{"source", ""}}).find("--source"), std::string::npos);
  EXPECT_EQ(scene.params_to_json(), before);
}

TEST(LabParams, ASessionKeepsTheStudentsSource) {
  const std::string source = "__global__ void reduce_sum() {\n  // half done, ünïcode 注释\n}\n";
  LabScene scene;
  scene.params_from_json({{"exercise", "histogram"}, {"source", source}, {"file", "hist.cu"}});
  Session session;
  session.scene = scene.id();
  session.params = scene.params_to_json();
  const std::string path = test::out_dir("session") + "/lab.json";
  save_session(session, path);
  const Session loaded = load_session(path);
  LabScene restored;
  restored.params_from_json(loaded.params);
  EXPECT_EQ(restored.settings().exercise, "histogram");
  EXPECT_EQ(restored.settings().source, source);
  EXPECT_EQ(restored.settings().file_name, "hist.cu");
}

TEST(LabParams, SaveWritesTheSourceAndLoadReadsItBack) {
  const std::string path = test::out_dir("save") + "/saved.cu";
  write_kernel_file(path, "int x;\n");
  EXPECT_EQ(read_kernel_file(path, "--kernel"), "int x;\n");
  EXPECT_THROW(write_kernel_file("/no/such/folder/k.cu", "x"), Error);
}

}  // namespace
}  // namespace ws::app
