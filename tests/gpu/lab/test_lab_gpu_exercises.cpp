// The nine exercises on the GPU (tier gpu, skipped without a device): each solution passes at
// every size on the CUDA backend (the full size untraced and timed), its traced run equals the CPU
// backend's event for event, the CUB baselines time, and the planted bugs are caught on the GPU
// with the same thread and line as on the CPU (the endless loop: by the budget, in block 0).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "../../kernels/shipped_graphs_test_support.h"
#include "lab/exercise.h"
#include "lab/lab.h"

namespace ws::lab {
namespace {

// The shipped assets/ folder: the source tree's, or $WARPSCOPE_DATA_DIR/assets (the GPU machine
// runs its checks from an installed prefix).
std::string exercise_assets() {
  return test::shipped_graphs_dir() + "/..";
}

struct ExerciseJob {
  Size size;
  Inputs inputs;
  Job job;
};

ExerciseJob exercise_job(const std::string& id, const std::string& file, const std::string& size,
                         Backend backend) {
  const Exercise& e = find_exercise(id);
  ExerciseJob out;
  for (const Size& s : e.sizes)
    if (s.name == size) out.size = size_for(s, backend);
  out.inputs = e.inputs(out.size, 7);
  out.job = e.make(backend, read_exercise_file(e, exercise_assets(), file), out.size, out.inputs);
  out.job.file_name = file;
  return out;
}

std::string diagnostics_of(const Result& r) {
  std::string text = r.backend_name + ":\n";
  for (const Diagnostic& d : r.diagnostics)
    text += std::string(diag_kind_name(d.kind)) + ": " + d.message + "\n";
  return text + r.compile_log;
}

std::vector<Diagnostic> diagnostics_of_kind(const Result& r, DiagKind kind) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : r.diagnostics)
    if (d.kind == kind && d.thread >= 0) out.push_back(d);
  return out;
}

// The first event that differs (every field, the value bit for bit), or "".
std::string first_event_difference(const std::vector<LabEvent>& a, const std::vector<LabEvent>& b) {
  if (a.size() != b.size())
    return std::to_string(a.size()) + " events on the CPU, " + std::to_string(b.size()) +
           " on CUDA";
  for (size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(LabEvent)) != 0)
      return "event " + std::to_string(i) + ": thread " + std::to_string(a[i].thread) + " seq " +
             std::to_string(a[i].seq) + " vs thread " + std::to_string(b[i].thread) + " seq " +
             std::to_string(b[i].seq) + " (line " + std::to_string(a[i].line) + " / " +
             std::to_string(b[i].line) + ")";
  return "";
}

class LabGpuExercise : public ::testing::TestWithParam<std::string> {};

TEST_P(LabGpuExercise, SolutionPassesAndTracesLikeTheCpu) {
  WS_SKIP_WITHOUT_GPU();
  const Exercise& e = find_exercise(GetParam());
  for (const char* size : {"teach", "odd"}) {
    SCOPED_TRACE(size);
    const ExerciseJob cuda_job = exercise_job(e.id, "solution.cu", size, Backend::Cuda);
    const Result cuda = run(cuda_job.job);
    ASSERT_TRUE(cuda.compiled) << diagnostics_of(cuda);
    for (const Diagnostic& d : cuda.diagnostics)
      EXPECT_EQ(d.kind, DiagKind::CompileWarning) << diagnostics_of(cuda);
    EXPECT_TRUE(e.check(cuda_job.size, cuda_job.inputs, cuda).empty());
    const ExerciseJob cpu_job = exercise_job(e.id, "solution.cu", size, Backend::Cpu);
    const Result cpu = run(cpu_job.job);
    ASSERT_TRUE(cpu.compiled) << diagnostics_of(cpu);
    EXPECT_EQ(cpu.outputs, cuda.outputs);
    EXPECT_EQ(first_event_difference(cpu.raw, cuda.raw), "");
    EXPECT_EQ(cpu.lines, cuda.lines);
  }
}

TEST_P(LabGpuExercise, FullSizeRunsUntracedAndTimed) {
  WS_SKIP_WITHOUT_GPU();
  const Exercise& e = find_exercise(GetParam());
  ExerciseJob full = exercise_job(e.id, "solution.cu", "full", Backend::Cuda);
  EXPECT_FALSE(full.job.traced);
  full.job.timing_repeats = 5;
  const Result cuda = run(full.job);
  ASSERT_TRUE(cuda.compiled) << diagnostics_of(cuda);
  EXPECT_GT(cuda.ms, 0.0);
  EXPECT_TRUE(e.check(full.size, full.inputs, cuda).empty());
  if (e.builtin_time_ms) {
    EXPECT_GT(e.builtin_time_ms(full.size, full.inputs), 0.0);
  }
}

// Every exercise of the list, so a new one is tested without another line here.
std::vector<std::string> every_exercise_id() {
  std::vector<std::string> ids;
  for (const Exercise& e : exercises()) ids.push_back(e.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(Exercises, LabGpuExercise, ::testing::ValuesIn(every_exercise_id()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char c : info.param) name += c == '-' ? '_' : c;
                           return name;
                         });

// The same thread and line as on the CPU backend (tests/kernels/lab/test_lab_exercises_bugs.cpp
// works them out): the events are sorted by (thread, seq), so the analysis sees the same order.
TEST(LabGpuPlantedBugs, OutOfBoundsRacesAndWrongAnswersAsOnTheCpu) {
  WS_SKIP_WITHOUT_GPU();
  struct Case {
    const char* id;
    const char* file;
    const char* size;
    DiagKind kind;
  };
  for (const Case& c : {Case{"vector-add", "bug_no_guard.cu", "odd", DiagKind::OutOfBounds},
                        Case{"reduce", "bug_no_guard.cu", "odd", DiagKind::OutOfBounds},
                        Case{"reduce", "bug_no_sync.cu", "teach", DiagKind::Race},
                        Case{"scan", "bug_no_sync.cu", "teach", DiagKind::Race}}) {
    SCOPED_TRACE(std::string(c.id) + "/" + c.file);
    const Result cpu = run(exercise_job(c.id, c.file, c.size, Backend::Cpu).job);
    const Result cuda = run(exercise_job(c.id, c.file, c.size, Backend::Cuda).job);
    const std::vector<Diagnostic> want = diagnostics_of_kind(cpu, c.kind);
    const std::vector<Diagnostic> got = diagnostics_of_kind(cuda, c.kind);
    ASSERT_FALSE(want.empty()) << diagnostics_of(cpu);
    ASSERT_FALSE(got.empty()) << diagnostics_of(cuda);
    EXPECT_EQ(got[0].thread, want[0].thread) << diagnostics_of(cuda);
    EXPECT_EQ(got[0].line, want[0].line);
    EXPECT_EQ(got[0].other_thread, want[0].other_thread);
    EXPECT_EQ(got[0].other_line, want[0].other_line);
    EXPECT_EQ(got[0].index, want[0].index);
  }
  const ExerciseJob matmul =
      exercise_job("matmul-tiled", "bug_tile_index.cu", "teach", Backend::Cuda);
  const Result cuda = run(matmul.job);
  const ExerciseJob matmul_cpu =
      exercise_job("matmul-tiled", "bug_tile_index.cu", "teach", Backend::Cpu);
  const Exercise& e = find_exercise("matmul-tiled");
  const std::vector<Diagnostic> got = e.check(matmul.size, matmul.inputs, cuda);
  const std::vector<Diagnostic> want =
      e.check(matmul_cpu.size, matmul_cpu.inputs, run(matmul_cpu.job));
  ASSERT_FALSE(got.empty());
  ASSERT_FALSE(want.empty());
  EXPECT_EQ(got[0].message, want[0].message);
}

TEST(LabGpuPlantedBugs, EndlessLoopIsStoppedByTheBudgetInBlockZero) {
  WS_SKIP_WITHOUT_GPU();
  ExerciseJob endless = exercise_job("vector-add", "bug_endless.cu", "teach", Backend::Cuda);
  endless.job.budget = 10000;
  const Result cuda = run(endless.job);
  ASSERT_TRUE(cuda.compiled) << diagnostics_of(cuda);
  const std::vector<Diagnostic> budget = diagnostics_of_kind(cuda, DiagKind::Budget);
  ASSERT_EQ(budget.size(), 1u) << diagnostics_of(cuda);
  EXPECT_EQ(budget[0].block, 0);  // only block 0's stride is 0
  EXPECT_EQ(budget[0].line, 8);   // c[i] = a[i] + b[i];
}

}  // namespace
}  // namespace ws::lab
