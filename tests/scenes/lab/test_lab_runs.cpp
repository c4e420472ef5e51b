// The lab scene running students' kernels the way the window does, through the worker process
// (the built warpscope's lab-worker), on the CPU backend: the reduction's solution passes and
// gives one step per barrier phase, a planted out-of-bounds bug is marked on its line in the
// editor, `render` draws a step of the solution into a PNG, and the window shows the scene.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "scenes/scene_test_support.h"
#include "scenes/lab/lab_files.h"
#include "scenes/lab/lab_run.h"
#include "scenes/lab/lab_scene.h"
#include "test_paths.h"

namespace ws::app {
namespace {

void use_built_worker() {
  ::setenv("WARPSCOPE_LAB_WORKER", WS_WARPSCOPE_EXE, 1);
}

TEST(LabRuns, TheReductionSolutionPassesWithOneStepPerBarrierPhase) {
  use_built_worker();
  auto scene = test::attached<LabScene>({{"exercise", "reduce"}, {"solution", "true"}});
  const nlohmann::json doc = scene->results_json();
  EXPECT_EQ(doc["matches_reference"], true) << doc.dump(2);
  EXPECT_EQ(doc["result"]["compiled"], true);
  // load, one tree level per halving of the block, write: more than two phases.
  EXPECT_GT(scene->step_count(), 2);
  EXPECT_EQ(scene->current_step(), scene->step_count() - 1);
  // The run document has every step and the counters: the solution's blocks of 64 threads pass
  // one barrier after loading and one per halving, 1 + log2(64).
  EXPECT_EQ(doc["steps"].size(), size_t(scene->step_count()));
  EXPECT_EQ(doc["counters"]["barriers"], 1 + 6);
  EXPECT_FALSE(test::figure_texts(*scene).empty());
}

TEST(LabRuns, AnOutOfBoundsBugIsMarkedOnItsLine) {
  use_built_worker();
  LabRunRequest request{"vector-add", "", "bug.cu", "odd", Backend::Cpu, lab_worker_exe()};
  // The solution without its bounds guard: the last block's extra threads read past the end.
  request.source = lab_solution("vector-add");
  const size_t guard = request.source.find("if (");
  ASSERT_NE(guard, std::string::npos) << request.source;
  const size_t end = request.source.find(')', guard);
  request.source.replace(guard, end - guard + 1, "if (true)");
  const LabRun run = run_lab(request);
  ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
  EXPECT_FALSE(run.passed());
  int line = 0;
  for (const lab::Diagnostic& d : run.result.diagnostics)
    if (d.kind == lab::DiagKind::OutOfBounds && line == 0) line = d.line;
  ASSERT_GT(line, 0);
  const auto marks =
      line_marks(lab_code_notes(run.result), int(split_code_lines(request.source).size()));
  ASSERT_TRUE(marks.count(line));
  EXPECT_TRUE(marks.at(line).error);
  // The marked line is the one that indexes the arrays.
  EXPECT_NE(split_code_lines(request.source)[size_t(line - 1)].find('['), std::string::npos);
}

TEST(LabRuns, RenderDrawsAStepOfTheReductionSolution) {
  const std::string out = test::out_dir("render") + "/reduce_step3.png";
  std::filesystem::remove(out);
  const std::string kernel = std::string(WS_SOURCE_ROOT) + "/assets/lab/reduce/solution.cu";
  ASSERT_EQ(test::run_cli("render --scene lab --exercise reduce --kernel " + kernel +
                          " --step 3 --out " + out),
            0);
  std::ifstream png(out, std::ios::binary);
  char signature[8] = {};
  png.read(signature, 8);
  EXPECT_EQ(std::string(signature + 1, 3), "PNG");
  EXPECT_GT(std::filesystem::file_size(out), 2000u);
}

TEST(LabRuns, RenderRefusesABadSizeNamingIt) {
  const std::string out = test::out_dir("render") + "/never.png";
  EXPECT_NE(test::run_cli("render --scene lab --size huge --out " + out), 0);
  EXPECT_FALSE(std::filesystem::exists(out));
}

// The window with a student's buggy kernel: it opens, runs it in the background, draws, and the
// session it saves on exit holds the student's code.
TEST(LabRuns, TheWindowRunsTheKernelAndItsSessionKeepsTheCode) {
  if (std::system("command -v xvfb-run > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = test::out_dir("gui");
  const std::string shot = dir + "/lab_gui.png", session = dir + "/lab_session.json";
  std::filesystem::remove(shot);
  std::filesystem::remove(session);
  const std::string kernel = std::string(WS_SOURCE_ROOT) + "/assets/lab/reduce/bug_no_guard.cu";
  const std::string command = "xvfb-run -a -s \"-screen 0 1920x1080x24\" " +
                              std::string(WS_WARPSCOPE_EXE) + " gui --scene lab --kernel " +
                              kernel + " --size odd --frames 4" + " --screenshot " + shot +
                              " --save-session " + session + " > /dev/null 2>&1";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << command;
  EXPECT_TRUE(std::filesystem::exists(shot));
  const nlohmann::json saved = test::read_json(session);
  EXPECT_EQ(saved["scene"], "lab");
  EXPECT_EQ(saved["params"]["source"], test::read_text(kernel)) << saved.dump(2);
  EXPECT_EQ(saved["params"]["size"], "odd");
}

}  // namespace
}  // namespace ws::app
