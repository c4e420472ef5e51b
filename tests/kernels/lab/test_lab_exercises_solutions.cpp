// Every exercise on the CPU backend: the solution passes at every size (the full size reduced as
// size_for says) with no diagnostic at all; the starter compiles and the check reports that it
// wrote nothing; the reduction's trace has the reduction scene's shape (load, one step per tree
// level, write). Compiled kernels are cached on disk by the runtime: one g++ per source.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "exercise_test_support.h"

namespace ws::lab {
namespace {

using etest::run_exercise_file;

std::string diagnostics_text(const std::vector<Diagnostic>& diagnostics) {
  std::string text;
  for (const Diagnostic& d : diagnostics)
    text += std::string(diag_kind_name(d.kind)) + ": " + d.message + "\n";
  return text;
}

class LabExerciseOnCpu : public ::testing::TestWithParam<std::string> {};

TEST_P(LabExerciseOnCpu, SolutionPassesAtEverySize) {
  const Exercise& e = find_exercise(GetParam());
  for (const Size& size : e.sizes) {
    SCOPED_TRACE(size.name);
    const etest::ExerciseRun run = run_exercise_file(e.id, "solution.cu", size.name);
    ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
    EXPECT_TRUE(run.result.diagnostics.empty()) << diagnostics_text(run.result.diagnostics);
    const std::vector<Diagnostic> wrong = e.check(run.size, run.inputs, run.result);
    EXPECT_TRUE(wrong.empty()) << diagnostics_text(wrong);
  }
}

TEST_P(LabExerciseOnCpu, StarterCompilesAndIsReportedAsWritingNothing) {
  const Exercise& e = find_exercise(GetParam());
  const etest::ExerciseRun run = run_exercise_file(e.id, "starter.cu", "teach");
  ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
  EXPECT_TRUE(etest::of_kind(run.result.diagnostics, DiagKind::CompileError).empty());
  const std::vector<Diagnostic> wrong = e.check(run.size, run.inputs, run.result);
  ASSERT_FALSE(wrong.empty());
  EXPECT_EQ(wrong[0].kind, DiagKind::WrongAnswer);
  EXPECT_EQ(wrong[0].thread, -1);  // the starter writes nothing
}

// Every exercise of the list, so a new one is tested without another line here.
std::vector<std::string> every_exercise_id() {
  std::vector<std::string> ids;
  for (const Exercise& e : exercises()) ids.push_back(e.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(Exercises, LabExerciseOnCpu, ::testing::ValuesIn(every_exercise_id()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char c : info.param) name += c == '-' ? '_' : c;
                           return name;
                         });

// The solution's tree in block 0 of the teach size (64 threads, 128 inputs): the load step (all
// 64 threads), six levels with 32, 16, 8, 4, 2, 1 active threads, and thread 0's write: the
// figure of the reduction scene's "sequential" variant.
TEST(LabExerciseReduceTrace, StepsAreLoadTreeLevelsAndWrite) {
  const etest::ExerciseRun run = run_exercise_file("reduce", "solution.cu", "teach");
  ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
  const Trace& trace = run.result.trace;
  ASSERT_EQ(trace.steps.size(), 8u);
  const std::vector<size_t> active = {64, 32, 16, 8, 4, 2, 1, 1};
  for (size_t s = 0; s < trace.steps.size(); ++s) {
    size_t in_block0 = 0;
    for (int32_t t : active_threads(trace.steps[s])) in_block0 += t < 64 ? 1 : 0;
    EXPECT_EQ(in_block0, active[s]) << "step " << s;
  }
  // The last step writes out[0] and out[1]: one partial per block.
  const std::string source = etest::exercise_source(find_exercise("reduce"), "solution.cu");
  const int write_line = etest::line_of(source, "out[blockIdx.x] = partial[0];");
  int writes = 0;
  for (const LabEvent& ev : run.result.raw)
    if (ev.kind == LabWrite && ev.buffer == 1) {
      ++writes;
      EXPECT_EQ(ev.line, write_line);
      EXPECT_EQ(ev.thread % 64, 0);
    }
  EXPECT_EQ(writes, 2);
}

}  // namespace
}  // namespace ws::lab
