// The command line as scripts use it: the warpscope executable, its JSON, its figures and its
// errors (a clear message on stderr, a non-zero exit, nothing partial left behind).
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "render/image.h"
#include "scene_kit/run_json.h"
#include "test_paths.h"

namespace {

const std::string kExe = WS_WARPSCOPE_EXE;
const std::string kOut = WS_APP_OUT_DIR;

struct Result {
  int code;
  std::string stderr_text;
};

Result run(const std::string& args) {
  std::filesystem::create_directories(kOut);
  // One file per call and process: ctest runs these tests in parallel processes.
  static int calls = 0;
  const std::string err =
      kOut + "/stderr_" + std::to_string(getpid()) + "_" + std::to_string(++calls) + ".txt";
  // XDG_CONFIG_HOME: the GUI keeps its layout there; tests must not touch the user's.
  const int status = std::system(
      ("XDG_CONFIG_HOME=" + kOut + " " + kExe + " " + args + " 2>" + err + " >/dev/null").c_str());
  std::ifstream in(err);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

TEST(Cli, RunWritesResultStepsAndEveryCounter) {
  const std::string out = kOut + "/run.json";
  const Result r =
      run("run --scene reduce --variant interleaved-divergent --block 128 --n 256 "
          "--seed 4 --backend cpu --json " +
          out);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  const auto j = read_json(out);
  EXPECT_EQ(j["result"], j["reference"]);
  ASSERT_TRUE(j["steps"].is_array());
  ASSERT_EQ(j["steps"].size(), 10u);  // load, 8 levels, store
  for (const auto& step : j["steps"]) {
    EXPECT_TRUE(step.contains("label"));
    EXPECT_TRUE(step["values"].is_object());
    EXPECT_TRUE(step["active_threads"].is_array());
  }
  EXPECT_EQ(j["steps"][1]["active_threads"].size(), 128u);
  for (const char* key :
       {"steps", "ops", "useful_ops", "lanes_consumed", "efficiency", "divergent_warps",
        "global_requests", "bank_conflicts", "atomics", "barriers"})
    EXPECT_TRUE(j["counters"].contains(key)) << key;
  EXPECT_EQ(j["counters"]["useful_ops"], 255);
}

// `run --json` of the reduction follows the kit's schema: every key and every counter.
TEST(Cli, ReduceRunJsonHasEverySchemaKeyAndCounter) {
  const std::string out = kOut + "/run_schema.json";
  const Result r = run("run --scene reduce --n 64 --backend cpu --json " + out);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  const auto j = read_json(out);
  for (const char* key : ws::app::kRunJsonKeys) EXPECT_TRUE(j.contains(key)) << key;
  for (const char* key : ws::app::kCounterKeys) EXPECT_TRUE(j["counters"].contains(key)) << key;
  EXPECT_EQ(j["matches_reference"], true);
}

// `bench --scene reduce`: the bench library's JSON with what the command line adds.
TEST(Cli, ReduceBenchWritesVerifiedRowsAndItsSettings) {
  const std::string out = kOut + "/bench_reduce.json";
  const Result r = run("bench --scene reduce --sizes 10 --backend cpu --repeats 1 --json " + out);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  const auto j = read_json(out);
  EXPECT_EQ(j["scene"], "reduce");
  EXPECT_EQ(j["backend"], "cpu");
  EXPECT_EQ(j["repeats"], 1);
  EXPECT_EQ(j["op"], "sum");
  EXPECT_EQ(j["type"], "float32");
  EXPECT_EQ(j["gbps_counts"], "GB/s of input read");
  ASSERT_FALSE(j["rows"].empty());
  for (const auto& row : j["rows"]) {
    EXPECT_TRUE(row["verified"].get<bool>()) << row.dump();
    EXPECT_EQ(row["n"], 1024) << row.dump();
  }
}

TEST(Cli, RenderWritesPngAndSvgFigures) {
  const std::string png = kOut + "/fig.png", svg = kOut + "/fig.svg";
  std::filesystem::remove(png);
  Result r =
      run("render --scene reduce --variant sequential --op max --n 32 --seed 2 --step 3 "
          "--size 900x500 --scale 2 --backend cpu --out " +
          png);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  const ws::gfx::Image image = ws::gfx::read_png(png);
  EXPECT_EQ(image.width, 1800);
  EXPECT_EQ(image.height, 1000);
  r = run("render --scene reduce --values \"3 1 7 0 4 1 6 3\" --step last --backend cpu --out " +
          svg);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  std::ifstream in(svg);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("<svg"), std::string::npos);
  EXPECT_NE(text.find(">25<"), std::string::npos) << "the sum 25 is drawn in a cell";
}

TEST(Cli, BadArgumentsFailWithAClearMessageAndWriteNothing) {
  const std::string out = kOut + "/never.png";
  std::filesystem::remove(out);
  struct Case {
    std::string args, message;
  } cases[] = {
      {"render --variant 12 --out " + out, "unknown variant '12'"},
      {"render --values \"1 2 x\" --out " + out, "'x'"},
      {"render --size 10x10 --out " + out, "--size"},
      {"render --size wide --out " + out, "--size must look like"},
      {"render --step 99 --out " + out, "outside this run's steps"},
      {"render --out " + kOut + "/fig.jpg", "must end in .png or .svg"},
      {"render --out /nonexistent-folder/x.svg", "cannot write"},
      {"run --scene no-such-scene", "unknown scene 'no-such-scene'"},
      {"run --image no-such-picture.png", "'no-such-picture.png' not found"},
      {"run --image /nonexistent/camera.png", "'/nonexistent/camera.png' not found"},
      {"run --values \"1,,2\"", "two commas in a row"},
      {"render --step all --out " + kOut + "/seq_%s.png", "exactly one %d"},
      {"render --size 4294968576x720 --out " + out, "--size must look like"},
      {"render --size 8192x8192 --scale 2 --out " + out, "at most 8192 x 8192 pixels"},
      {"bench --backend cpu --sizes 27 --repeats 1", "no size could be run"},
      {"run --n", "--n expects a whole number"},
      {"run --backend tpu", "--backend"},
      {"render --script /nonexistent.json", "cannot read the figure script"},
      {"bench --type int8", "--type"},
      {"bench --scene scan --mode sort",
       "unknown mode 'sort' (scan, compact, radix, segmented, apps)"},
      {"bench --scene reduce --mode radix", "unknown mode 'radix' (teach, segmented)"},
      {"bench --scene reduce --variant 3", "--variant must be left out"},
      {"frobnicate", "frobnicate"},
      {"gui --scene scan --variant 12", "unknown variant '12'"},
  };
  for (const Case& c : cases) {
    const Result r = run(c.args);
    EXPECT_NE(r.code, 0) << c.args;
    EXPECT_NE(r.stderr_text.find(c.message), std::string::npos)
        << c.args << "\n  stderr: " << r.stderr_text;
  }
  EXPECT_FALSE(std::filesystem::exists(out));
}

// `bench --scene scan --mode apps`: our radix sort and compaction beside the library's, every
// row verified against the library's output, in the table and the JSON.
TEST(Cli, BenchScanApplicationsWritesVerifiedRowsBesideTheLibrary) {
  const std::string out = kOut + "/bench_apps.json";
  const Result r =
      run("bench --scene scan --mode apps --sizes 10,12 --backend cpu --repeats 1 --json " + out);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  const auto j = read_json(out);
  EXPECT_EQ(j["mode"], "apps");
  std::set<std::string> kinds;
  std::set<int64_t> sizes;
  for (const auto& row : j["rows"]) {
    EXPECT_TRUE(row["verified"].get<bool>()) << row.dump();
    EXPECT_GT(row["median_ms"].get<double>(), 0) << row.dump();
    kinds.insert(row["kind"].get<std::string>());
    sizes.insert(row["n"].get<int64_t>());
  }
  EXPECT_EQ(kinds, (std::set<std::string>{"sort", "sort pairs", "compact"}));
  EXPECT_EQ(sizes, (std::set<int64_t>{1024, 4096}));
}

TEST(Cli, StepAllWritesAPngSequence) {
  const Result r =
      run("render --values \"5 1 2 8\" --step all --size 320x200 --backend cpu --out " + kOut +
          "/frame_%02d.png");
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  EXPECT_TRUE(std::filesystem::exists(kOut + "/frame_01.png"));
  EXPECT_TRUE(std::filesystem::exists(kOut + "/frame_04.png"));  // load, 2 levels, store
  EXPECT_FALSE(std::filesystem::exists(kOut + "/frame_05.png"));
}

TEST(Cli, GuiUnderXvfbGivesANonBlankScreenshot) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const std::string shot = kOut + "/gui.png";
  const Result r = run("gui --frames 4 --screenshot " + shot);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  const ws::gfx::Image image = ws::gfx::read_png(shot);
  ASSERT_GT(image.width, 0);
  std::set<uint32_t> colours;
  for (size_t i = 0; i + 3 < image.rgba.size(); i += 4 * 13)
    colours.insert(image.rgba[i] | image.rgba[i + 1] << 8 | image.rgba[i + 2] << 16);
  EXPECT_GT(colours.size(), 16u) << "the window looks blank";
}

// Scene options after `gui` apply to the scene the window opens (the session saved at exit has
// them); without them the scene keeps its defaults.
TEST(Cli, GuiTakesSceneOptions) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const std::string session = kOut + "/gui_options_session.json";
  const Result r =
      run("gui --scene scan --mode compact --threshold 5 --frames 3 --save-session " + session);
  ASSERT_EQ(r.code, 0) << r.stderr_text;
  const auto j = read_json(session);
  EXPECT_EQ(j["scene"], "scan");
  EXPECT_EQ(j["params"]["mode"], "compact") << j.dump();
  EXPECT_EQ(j["params"]["threshold"], 5.0) << j.dump();
}

// --step opens the window at that step of the run (the session saved at exit has it, 0-based);
// 'last' is the run's last step; a step outside the run, or 'all', fails with a message before
// anything is lost, and the command exits non-zero.
TEST(Cli, GuiOpensAtTheStepAsked) {
  if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no X display (the test script runs under xvfb-run)";
  const std::string session = kOut + "/gui_step_session.json";
  const std::string scene = "gui --scene reduce --values \"5 1 2 8 3 3 0 4\" --frames 2";
  const Result third = run(scene + " --step 3 --save-session " + session);
  ASSERT_EQ(third.code, 0) << third.stderr_text;
  EXPECT_EQ(read_json(session)["step"], 2) << read_json(session).dump();

  const Result last = run(scene + " --step last --save-session " + session);
  ASSERT_EQ(last.code, 0) << last.stderr_text;
  const int last_step = read_json(session)["step"].get<int>();
  EXPECT_GT(last_step, 2);

  const Result beyond = run(scene + " --step " + std::to_string(last_step + 2));
  EXPECT_EQ(beyond.code, 1);
  EXPECT_NE(beyond.stderr_text.find("outside this run's steps 1.." + std::to_string(last_step + 1)),
            std::string::npos)
      << beyond.stderr_text;
  for (const char* bad : {"0", "three", "all"}) {
    const Result r = run(scene + " --step " + bad);
    EXPECT_EQ(r.code, 1) << bad;
    EXPECT_NE(r.stderr_text.find("--step"), std::string::npos) << bad << ": " << r.stderr_text;
  }
}

}  // namespace

// Errors speak to the user: the message names the option and what is accepted, without the
// failed C++ check or a source path; --verbose adds those for developers.
TEST(Cli, ErrorsLeaveTheFailedCheckToVerbose) {
  const std::string args = "run --scene bfs --graph karate.mtx --source 99 --backend cpu --json " +
                           kOut + "/bad_source.json";
  const Result plain = run(args);
  EXPECT_EQ(plain.code, 1);
  EXPECT_NE(plain.stderr_text.find("--source 99"), std::string::npos) << plain.stderr_text;
  EXPECT_NE(plain.stderr_text.find("0..33"), std::string::npos) << plain.stderr_text;
  EXPECT_EQ(plain.stderr_text.find(".cpp"), std::string::npos) << plain.stderr_text;
  EXPECT_EQ(plain.stderr_text.find("failed check"), std::string::npos) << plain.stderr_text;
  const Result verbose = run(args + " --verbose");
  EXPECT_EQ(verbose.code, 1);
  EXPECT_NE(verbose.stderr_text.find("failed check:"), std::string::npos) << verbose.stderr_text;
  EXPECT_NE(verbose.stderr_text.find(".cpp:"), std::string::npos) << verbose.stderr_text;
}
