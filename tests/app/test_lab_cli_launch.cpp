// `warpscope lab` with the student's own launch (issue 29): a reduce solution whose BLOCK_DIM is
// 128 passes with the block and the grids it implies in the JSON's `launch` and in the report; a
// source without the macro runs the exercise's default; a block of 2000 is refused naming
// BLOCK_DIM, in the report and the JSON, and nothing is run.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "test_paths.h"

namespace {

namespace fs = std::filesystem;

const std::string kLaunchOut = std::string(WS_APP_OUT_DIR) + "/cli_launch";

struct LaunchCliRun {
  int code;
  std::string out;
};

std::string launch_slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The reduce solution with its `#define BLOCK_DIM 64` line replaced by `define_line`.
std::string reduce_solution_with(const std::string& define_line) {
  std::string source = launch_slurp(std::string(WS_SOURCE_ROOT) + "/assets/lab/reduce/solution.cu");
  const size_t at = source.find("#define BLOCK_DIM 64");
  EXPECT_NE(at, std::string::npos);
  if (at != std::string::npos)
    source.replace(at, std::string("#define BLOCK_DIM 64").size(), define_line);
  return source;
}

// `warpscope lab` on `source` written as <name>.cu (teach and odd sizes, CPU), its JSON in
// <name>.json.
LaunchCliRun grade_source(const std::string& name, const std::string& exercise,
                          const std::string& source) {
  fs::create_directories(kLaunchOut);
  const std::string base = kLaunchOut + "/" + name;
  std::ofstream(base + ".cu") << source;
  const int status = std::system(
      ("XDG_CONFIG_HOME=" + kLaunchOut + " XDG_CACHE_HOME=" + kLaunchOut + "/cache " +
       WS_WARPSCOPE_EXE + " lab --exercise " + exercise + " --kernel " + base +
       ".cu --backend cpu --sizes teach,odd --json " + base + ".json >" + base + ".out 2>&1")
          .c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, launch_slurp(base + ".out")};
}

nlohmann::json launch_json_of(const std::string& name) {
  std::ifstream in(kLaunchOut + "/" + name + ".json");
  return nlohmann::json::parse(in);
}

TEST(LabCliLaunch, TheSourcesBlockIsUsedAndReported) {
  const LaunchCliRun r =
      grade_source("block128", "reduce", reduce_solution_with("#define BLOCK_DIM 128"));
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = launch_json_of("block128");
  // teach: 256 inputs, 256 per block; odd: 357 inputs, two blocks.
  EXPECT_EQ(j["launch"]["block"], nlohmann::json({128, 1}));
  EXPECT_EQ(j["launch"]["grid"], nlohmann::json({1, 1}));
  EXPECT_EQ(j["launch"]["from"], "BLOCK_DIM");
  ASSERT_EQ(j["sizes"].size(), 2u);
  EXPECT_EQ(j["sizes"][1]["launch"]["grid"], nlohmann::json({2, 1}));
  EXPECT_EQ(j["sizes"][1]["launch"]["block"], nlohmann::json({128, 1}));
  EXPECT_EQ(j["sizes"][0]["counters"]["steps"], 1 + 7 + 1);  // load, 7 levels, write
  EXPECT_TRUE(j["launch_error"].is_null());
  EXPECT_NE(r.out.find("grid 2 x 1 of blocks 128 x 1, from BLOCK_DIM in your source"),
            std::string::npos)
      << r.out;
}

TEST(LabCliLaunch, WithoutTheMacroTheExercisesDefaultIsUsed) {
  // vector-add's solution indexes with blockDim and defines no BLOCK_DIM.
  const std::string solution =
      launch_slurp(std::string(WS_SOURCE_ROOT) + "/assets/lab/vector-add/solution.cu");
  ASSERT_EQ(solution.find("BLOCK_DIM"), std::string::npos);
  const LaunchCliRun r = grade_source("default", "vector-add", solution);
  ASSERT_EQ(r.code, 0) << r.out;
  const auto j = launch_json_of("default");
  EXPECT_EQ(j["launch"]["from"], "default");
  EXPECT_EQ(j["launch"]["block"], nlohmann::json({64, 1}));
  EXPECT_NE(r.out.find("of blocks 64 x 1, the exercise's default"), std::string::npos) << r.out;
}

TEST(LabCliLaunch, ABlockOf2000IsRefusedNamingTheMacro) {
  const LaunchCliRun r =
      grade_source("block2000", "reduce", reduce_solution_with("#define BLOCK_DIM 2000"));
  EXPECT_EQ(r.code, 1) << r.out;
  const auto j = launch_json_of("block2000");
  EXPECT_EQ(j["passed"], false);
  EXPECT_TRUE(j["launch"].is_null());
  const std::string refusal = j["launch_error"];
  EXPECT_NE(refusal.find("BLOCK_DIM"), std::string::npos) << refusal;
  EXPECT_NE(refusal.find("2000"), std::string::npos) << refusal;
  ASSERT_EQ(j["sizes"].size(), 2u);
  EXPECT_EQ(j["sizes"][0]["diagnostics"][0]["kind"], "launch-error");
  EXPECT_TRUE(j["sizes"][0]["counters"].is_null());  // nothing ran
  EXPECT_NE(r.out.find("BLOCK_DIM in your source is 2000"), std::string::npos) << r.out;
}

}  // namespace
