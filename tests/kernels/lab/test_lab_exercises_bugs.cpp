// The planted bugs of assets/lab on the CPU backend, each caught with the thread and line worked
// out by hand below (the CPU backend runs a block's threads in lane order, barrier to barrier,
// and blocks one after another, so the order of events is fixed).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "exercise_test_support.h"

namespace ws::lab {
namespace {

using etest::line_of;
using etest::of_kind;
using etest::run_exercise_file;

std::string source_of(const std::string& id, const std::string& file) {
  return etest::exercise_source(find_exercise(id), file);
}

// Out-of-bounds diagnostics that name a thread (not the "... and N more" summary).
std::vector<Diagnostic> out_of_bounds(const Result& result) {
  std::vector<Diagnostic> named;
  for (const Diagnostic& d : of_kind(result.diagnostics, DiagKind::OutOfBounds))
    if (d.thread >= 0) named.push_back(d);
  return named;
}

// The out-of-bounds diagnostic of the lowest thread.
Diagnostic first_out_of_bounds(const Result& result) {
  std::vector<Diagnostic> oob = out_of_bounds(result);
  EXPECT_FALSE(oob.empty());
  if (oob.empty()) return {};
  return *std::min_element(oob.begin(), oob.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return a.thread < b.thread;
  });
}

// vector-add, odd size: n = 1000, 16 blocks of 64 = 1024 threads. Without the guard, thread i
// reads a[i] and b[i] for every i; the first past the end is thread 1000 = block 15, thread 40
// (15 * 64 + 40), index 1000, size 1000, on the line that adds. Threads 1000..1023 all do.
TEST(LabPlantedBugs, VectorAddWithoutGuardReadsPastTheEnd) {
  const etest::ExerciseRun run = run_exercise_file("vector-add", "bug_no_guard.cu", "odd");
  ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
  const int line = line_of(source_of("vector-add", "bug_no_guard.cu"), "c[i] = a[i] + b[i];");
  const Diagnostic first = first_out_of_bounds(run.result);
  EXPECT_EQ(first.thread, 1000);
  EXPECT_EQ(first.block, 15);
  EXPECT_EQ(first.index, 1000);
  EXPECT_EQ(first.line, line);
  for (const Diagnostic& d : out_of_bounds(run.result)) {
    EXPECT_GE(d.thread, 1000);
    EXPECT_LE(d.thread, 1023);
    EXPECT_EQ(d.line, line);
  }
  // At the teach size (128 = 2 blocks of 64) nothing is out of bounds: only "odd" shows it.
  const etest::ExerciseRun teach = run_exercise_file("vector-add", "bug_no_guard.cu", "teach");
  EXPECT_TRUE(of_kind(teach.result.diagnostics, DiagKind::OutOfBounds).empty());
}

// reduce, odd size: n = 357, blocks of 64 threads over 128 inputs, 3 blocks. Thread t of block b
// reads in[i] and in[i + 64] with i = 128 b + t whenever i < n. In block 2, i = 256 + t < 357
// always, and i + 64 >= 357 from t = 37 on: thread 37 of block 2 (linear 2 * 64 + 37 = 165)
// reads in[357] past its end (size 357): the example.
TEST(LabPlantedBugs, ReduceWithoutSecondGuardIsThread37OfBlock2) {
  const etest::ExerciseRun run = run_exercise_file("reduce", "bug_no_guard.cu", "odd");
  ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
  const int line =
      line_of(source_of("reduce", "bug_no_guard.cu"), "sum = in[i] + in[i + BLOCK_DIM];");
  const Diagnostic first = first_out_of_bounds(run.result);
  EXPECT_EQ(first.thread, 165);
  EXPECT_EQ(first.block, 2);
  EXPECT_EQ(first.index, 357);
  EXPECT_EQ(first.buffer, 0);
  EXPECT_EQ(first.line, line);
  for (const Diagnostic& d : out_of_bounds(run.result)) {
    EXPECT_GE(d.thread, 165);
    EXPECT_LE(d.thread, 191);  // t = 37..63 of block 2
  }
}

// reduce without the barrier between levels: after the load's barrier every level runs in one
// step. At stride s thread t < s reads partial[t + s], which thread t + s writes in the same step
// while t + s < 32. Events are analysed in (thread, program order): thread 0 reads partial[1] at
// stride 1 before thread 1's events, and thread 1's first write of partial[1] (stride 32) is the
// first conflicting access: thread 0 read, thread 1 wrote, both on the tree's line. The runtime
// names each pair of lines once, so that is the only race reported.
TEST(LabPlantedBugs, ReduceWithoutBarrierRacesOnTheTreeLine) {
  const etest::ExerciseRun run = run_exercise_file("reduce", "bug_no_sync.cu", "teach");
  ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
  const int line =
      line_of(source_of("reduce", "bug_no_sync.cu"), "partial[t] += partial[t + stride];");
  const std::vector<Diagnostic> races = of_kind(run.result.diagnostics, DiagKind::Race);
  ASSERT_EQ(races.size(), 1u);
  EXPECT_EQ(races[0].thread, 0);
  EXPECT_EQ(races[0].other_thread, 1);
  EXPECT_EQ(races[0].block, 0);
  EXPECT_EQ(races[0].index, 1);
  EXPECT_EQ(races[0].line, line);
  EXPECT_EQ(races[0].other_line, line);
  // In lane order thread 0 finishes its whole tree before thread 1 starts: the sums are wrong.
  EXPECT_FALSE(find_exercise("reduce").check(run.size, run.inputs, run.result).empty());
}

// scan without the second barrier of the pair: at stride s (one barrier phase per stride) thread
// t >= s reads xy[t] and xy[t - s] and writes xy[t]. In (thread, program order) the first conflict
// is at stride 1: thread 1 writes xy[1], then thread 2 reads it. Later strides repeat the same
// pair of lines, which the runtime names once.
TEST(LabPlantedBugs, ScanWithoutSecondBarrierRacesWriterAgainstReader) {
  const etest::ExerciseRun run = run_exercise_file("scan", "bug_no_sync.cu", "teach");
  ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
  const std::string source = source_of("scan", "bug_no_sync.cu");
  const std::vector<Diagnostic> races = of_kind(run.result.diagnostics, DiagKind::Race);
  ASSERT_EQ(races.size(), 1u);
  EXPECT_EQ(races[0].thread, 1);
  EXPECT_EQ(races[0].line, line_of(source, "if (t >= stride) xy[t] = sum;"));
  EXPECT_EQ(races[0].other_thread, 2);
  EXPECT_EQ(races[0].other_line, line_of(source, "sum = xy[t] + xy[t - stride];"));
  EXPECT_EQ(races[0].block, 0);
  EXPECT_EQ(races[0].index, 1);
  EXPECT_FALSE(find_exercise("scan").check(run.size, run.inputs, run.result).empty());
}

// matmul with B's tile row taken from threadIdx.x: Bs[ty][tx] = B[p * 16 + tx][col], so
// C[r][c] = sum over phases p of B[16 p + tx][c] * (sum_j A[r][16 p + j]) with tx = c % 16. The
// first element where that differs from A B is the first mismatch named, with the thread that
// wrote it (block (c / 16, r / 16), thread (c % 16, r % 16)) on the line that stores C.
TEST(LabPlantedBugs, MatmulWrongTileIndexNamesTheFirstMismatch) {
  const etest::ExerciseRun run = run_exercise_file("matmul-tiled", "bug_tile_index.cu", "teach");
  ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
  EXPECT_TRUE(run.result.diagnostics.empty());  // in bounds and race free: only wrong
  const int m = 32, k = 32, n = 32;
  const std::vector<double>& a = etest::input_values(run.inputs, "A");
  const std::vector<double>& b = etest::input_values(run.inputs, "B");
  int first = -1;
  for (int idx = 0; idx < m * n && first < 0; ++idx) {
    const int r = idx / n, c = idx % n, tx = c % 16;
    double right = 0, buggy = 0;
    for (int j = 0; j < k; ++j) right += a[r * k + j] * b[j * n + c];
    for (int p = 0; p < k / 16; ++p) {
      double row_sum = 0;
      for (int j = 0; j < 16; ++j) row_sum += a[r * k + 16 * p + j];
      buggy += b[(16 * p + tx) * n + c] * row_sum;
    }
    if (right != buggy) first = idx;
  }
  ASSERT_GE(first, 0);
  const std::vector<Diagnostic> wrong =
      find_exercise("matmul-tiled").check(run.size, run.inputs, run.result);
  ASSERT_FALSE(wrong.empty());
  const int r = first / n, c = first % n;
  const int block = (r / 16) * 2 + c / 16;  // grid 2 x 2, x fastest
  EXPECT_EQ(wrong[0].kind, DiagKind::WrongAnswer);
  EXPECT_EQ(wrong[0].index, first);
  EXPECT_EQ(wrong[0].buffer, 2);  // C
  EXPECT_EQ(wrong[0].thread, block * 256 + (r % 16) * 16 + c % 16);
  EXPECT_EQ(wrong[0].line,
            line_of(source_of("matmul-tiled", "bug_tile_index.cu"), "C[row * n + col] = sum;"));
  EXPECT_NE(wrong[0].message.find("C[" + std::to_string(first) + "]: expected"), std::string::npos)
      << wrong[0].message;
}

// vector-add whose grid-stride loop steps by blockDim.x * blockIdx.x: 0 in block 0. Block 0 runs
// first and its thread 0 first, alone until it ends or waits (no barrier here): it reads a[0],
// b[0] and writes c[0] forever, 3 events a round. With a budget of 10000 events, event 10000 (the
// first past it) is thread 0's, on the line that adds; every other thread stops at its first
// access after that.
TEST(LabPlantedBugs, EndlessLoopIsStoppedByTheBudget) {
  const etest::ExerciseRun run = run_exercise_file("vector-add", "bug_endless.cu", "teach", 10000);
  ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
  const std::vector<Diagnostic> budget = of_kind(run.result.diagnostics, DiagKind::Budget);
  ASSERT_EQ(budget.size(), 1u);
  EXPECT_EQ(budget[0].thread, 0);
  EXPECT_EQ(budget[0].block, 0);
  EXPECT_EQ(budget[0].line,
            line_of(source_of("vector-add", "bug_endless.cu"), "c[i] = a[i] + b[i];"));
  // The budget's 10000 events, then the one BudgetStop.
  ASSERT_EQ(run.result.raw.size(), 10001u);
  EXPECT_EQ(std::count_if(run.result.raw.begin(), run.result.raw.end(),
                          [](const LabEvent& e) { return e.kind == LabBudgetStop; }),
            1);
}

}  // namespace
}  // namespace ws::lab
