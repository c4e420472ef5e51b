// The exercises' CPU references against small cases worked by hand, and the output check: the
// first five mismatches named with array, index, expected, got, and the writer's thread and line.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "exercise_support.h"
#include "exercise_test_support.h"

namespace ws::lab {
namespace {

// The exercise's inputs at `size` with the arrays called in `arrays` replaced.
Inputs with_values(const Exercise& e, const Size& size,
                   const std::vector<std::pair<std::string, std::vector<double>>>& arrays) {
  Inputs in = e.inputs(size, 1);
  for (const auto& [name, values] : arrays) input(in, name).values = values;
  return in;
}

std::vector<double> output(const Exercise& e, const Size& size, const Inputs& in,
                           const std::string& name) {
  const Expected want = e.reference(size, in);
  for (size_t a = 0; a < in.size(); ++a)
    if (in[a].name == name) return want[a];
  return {};
}

TEST(LabExerciseReferences, VectorAdd) {
  const Exercise& e = find_exercise("vector-add");
  const Size s{"t", {3}, {}, true};
  const Inputs in = with_values(e, s, {{"a", {1, 2.5, -3}}, {"b", {10, 0.25, 3}}});
  EXPECT_EQ(output(e, s, in, "c"), (std::vector<double>{11, 2.75, 0}));
}

TEST(LabExerciseReferences, Conv1dSkipsTheGhostCells) {
  const Exercise& e = find_exercise("conv1d");
  const Size s{"t", {6}, {}, true};
  // mask = {1/8, 1/4, 1/2, 1/4, -1/8}; out[i] = sum_j mask[j] in[i + j - 2].
  // A unit impulse at 0 reaches out[0] through mask[2], out[1] through mask[1], out[2] through
  // mask[0].
  EXPECT_EQ(output(e, s, with_values(e, s, {{"in", {1, 0, 0, 0, 0, 0}}}), "out"),
            (std::vector<double>{0.5, 0.25, 0.125, 0, 0, 0}));
  // All ones: the mask's taps add to 1; out[0] misses taps 0 and 1 (1/2 + 1/4 - 1/8), out[1] tap 0
  // (1 - 1/8), out[4] tap 4 (1 + 1/8), out[5] taps 3 and 4 (1/8 + 1/4 + 1/2).
  EXPECT_EQ(output(e, s, with_values(e, s, {{"in", {1, 1, 1, 1, 1, 1}}}), "out"),
            (std::vector<double>{0.625, 0.875, 1, 1, 1.125, 0.875}));
}

TEST(LabExerciseReferences, Conv2dOfAnImpulseIsTheMaskMirrored) {
  const Exercise& e = find_exercise("conv2d");
  const Size s{"t", {3, 3}, {}, true};
  // out[y][x] = sum mask[j][i] in[y + j - 1][x + i - 1]; an impulse at the centre (1, 1) gives
  // out[y][x] = mask[2 - y][2 - x]: the mask turned half a turn.
  const std::vector<double> mask = input(e.inputs(s, 1), "mask").values;
  const std::vector<double> out =
      output(e, s, with_values(e, s, {{"in", {0, 0, 0, 0, 1, 0, 0, 0, 0}}}), "out");
  ASSERT_EQ(out.size(), 9u);
  for (int k = 0; k < 9; ++k) EXPECT_EQ(out[k], mask[8 - k]) << k;
}

TEST(LabExerciseReferences, MatmulTwoByThreeTimesThreeByTwo) {
  const Exercise& e = find_exercise("matmul-tiled");
  const Size s{"t", {2, 3, 2}, {}, true};
  // [1 2 3; 4 5 6] [7 8; 9 10; 11 12] = [58 64; 139 154]
  const Inputs in = with_values(e, s, {{"A", {1, 2, 3, 4, 5, 6}}, {"B", {7, 8, 9, 10, 11, 12}}});
  EXPECT_EQ(output(e, s, in, "C"), (std::vector<double>{58, 64, 139, 154}));
}

TEST(LabExerciseReferences, TransposeThreeWideTwoHigh) {
  const Exercise& e = find_exercise("transpose");
  const Size s{"t", {3, 2}, {}, true};  // in: 2 rows [1 2 3; 4 5 6] -> out: 3 rows [1 4; 2 5; 3 6]
  EXPECT_EQ(output(e, s, with_values(e, s, {{"in", {1, 2, 3, 4, 5, 6}}}), "out"),
            (std::vector<double>{1, 4, 2, 5, 3, 6}));
}

TEST(LabExerciseReferences, HistogramBinsOfFourLevels) {
  const Exercise& e = find_exercise("histogram");
  const Size s{"t", {6}, {}, true};
  const std::vector<double> bins =
      output(e, s, with_values(e, s, {{"data", {0, 3, 4, 255, 252, 128}}}), "bins");
  std::vector<double> want(64, 0.0);
  want[0] = 2;   // 0, 3
  want[1] = 1;   // 4
  want[32] = 1;  // 128
  want[63] = 2;  // 252, 255
  EXPECT_EQ(bins, want);
}

TEST(LabExerciseReferences, ReducePartialsPerBlockOf128) {
  const Exercise& e = find_exercise("reduce");
  const Size s{"t", {130}, {}, true};
  std::vector<double> in(130, 1.0);
  in[129] = 5;  // block 1 holds in[128] and in[129]
  EXPECT_EQ(output(e, s, with_values(e, s, {{"in", in}}), "out"), (std::vector<double>{128, 6}));
  EXPECT_EQ(e.launch(s).grid_x, 2);
  EXPECT_EQ(e.launch(s).block_x, 64);
}

TEST(LabExerciseReferences, ScanRestartsAtEveryBlock) {
  const Exercise& e = find_exercise("scan");
  const Size s{"t", {66}, {}, true};
  const std::vector<double> out =
      output(e, s, with_values(e, s, {{"in", std::vector<double>(66, 1)}}), "out");
  ASSERT_EQ(out.size(), 66u);
  EXPECT_EQ(out[0], 1);
  EXPECT_EQ(out[63], 64);
  EXPECT_EQ(out[64], 1);  // block 1 starts again
  EXPECT_EQ(out[65], 2);
}

TEST(LabExerciseReferences, ImageMapTruncatesTheWeightedSum) {
  const Exercise& e = find_exercise("image-map");
  const Size s{"t", {2, 1}, {}, true};
  // 0.21 * 10 + 0.72 * 20 + 0.07 * 30 = 2.1 + 14.4 + 2.1 = 18.6 -> 18; (100, 0, 0) -> 21.
  EXPECT_EQ(output(e, s, with_values(e, s, {{"rgb", {10, 20, 30, 100, 0, 0}}}), "grey"),
            (std::vector<double>{18, 21}));
}

// A fake run of vector-add over 8 elements, blocks of 4: c[i] written by thread i at line 7.
Result fake_vector_add(const std::vector<double>& c) {
  Result r;
  r.compiled = true;
  r.outputs = {{}, {}, c, {}};
  for (int i = 0; i < static_cast<int>(c.size()); ++i) {
    LabEvent w{};
    w.thread = i;
    w.index = i;
    w.line = 7;
    w.buffer = 2;  // c is the third array argument
    w.kind = LabWrite;
    w.value = c[i];
    r.raw.push_back(w);
  }
  return r;
}

TEST(LabExerciseCheck, NamesTheFirstFiveMismatchesWithWriterAndLine) {
  Inputs in = empty_inputs(find_exercise("vector-add").signature);
  Launch launch;
  launch.block_x = 4;
  launch.grid_x = 2;
  const std::vector<double> want = {0, 1, 2, 3, 4, 5, 6, 7};
  const Result r = fake_vector_add({0, 1, -2, -3, -4, -5, -6, -7});
  const std::vector<Diagnostic> d = compare_outputs(in, launch, r, {{}, {}, want, {}});
  ASSERT_EQ(d.size(), 5u);  // six wrong, five named
  EXPECT_EQ(d[0].kind, DiagKind::WrongAnswer);
  EXPECT_EQ(d[0].index, 2);
  EXPECT_EQ(d[0].buffer, 2);
  EXPECT_EQ(d[0].thread, 2);
  EXPECT_EQ(d[0].block, 0);
  EXPECT_EQ(d[0].line, 7);
  EXPECT_EQ(d[0].message,
            "c[2]: expected 2, got -2 (last written by thread 2 (block 0, thread 2) at line 7); "
            "6 wrong elements in all");
  EXPECT_EQ(d[4].index, 6);
  EXPECT_EQ(d[4].block, 1);
  EXPECT_EQ(d[4].message,
            "c[6]: expected 6, got -6 (last written by thread 6 (block 1, thread 2) at line 7)");
}

TEST(LabExerciseCheck, ToleranceAndUnwrittenElements) {
  Inputs in = empty_inputs(find_exercise("vector-add").signature);
  Launch launch;
  launch.block_x = 8;
  Result r = fake_vector_add({0, 1.001, 2});
  r.raw.pop_back();  // nobody wrote c[2]
  r.outputs[2][2] = 0;
  const Expected want = {{}, {}, {0, 1, 2}, {}};
  const std::vector<Diagnostic> loose =
      compare_outputs(in, launch, r, want, {{}, {}, {0, 0.01, 0}, {}});
  ASSERT_EQ(loose.size(), 1u);
  EXPECT_EQ(loose[0].message, "c[2]: expected 2, got 0 (no thread wrote it)");
  EXPECT_EQ(loose[0].thread, -1);
  EXPECT_EQ(compare_outputs(in, launch, r, want).size(), 2u);  // exact: c[1] fails too
  r.outputs.clear();
  const std::vector<Diagnostic> none = compare_outputs(in, launch, r, want);
  ASSERT_EQ(none.size(), 1u);
  EXPECT_EQ(none[0].message, "the run returned no values for c");
}

}  // namespace
}  // namespace ws::lab
