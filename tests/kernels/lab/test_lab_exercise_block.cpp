// The student's own launch (issue 29): the block comes from the source's BLOCK_DIM / TILE /
// SECTION_SIZE when it defines one, else the exercise's default; the grid, the inputs and the
// expected per-block results follow from it; a block the hardware or the exercise cannot run is
// refused naming the macro.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/error.h"
#include "exercise_test_support.h"

namespace ws::lab {
namespace {

using etest::run_exercise_source;

// `source` with its line `#define <macro> <old>` set to `value`.
std::string with_define(std::string source, const std::string& macro, const std::string& value) {
  const std::string key = "#define " + macro + " ";
  const size_t at = source.find(key);
  EXPECT_NE(at, std::string::npos) << "no " << key;
  if (at == std::string::npos) return source;
  const size_t end = source.find('\n', at);
  return source.replace(at, end - at, key + value);
}

std::string reduce_solution_with_block(const std::string& block) {
  return with_define(etest::exercise_source(find_exercise("reduce"), "solution.cu"), "BLOCK_DIM",
                     block);
}

// The error source_block throws for `source` ("" when it throws none).
std::string refusal(const std::string& id, const std::string& source) {
  try {
    source_block(find_exercise(id), source);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// Every size passes; at the teach size (256 inputs) the grid has 256 / (2 block) blocks and the
// trace 1 + log2(block) + 1 steps (load, one per tree level, write).
void expect_reduce_passes_with_block(int block, int log2_block) {
  const std::string source = reduce_solution_with_block(std::to_string(block));
  const Exercise& e = find_exercise("reduce");
  for (const Size& declared : e.sizes) {
    SCOPED_TRACE(declared.name);
    const etest::ExerciseRun run = run_exercise_source("reduce", source, "r.cu", declared.name);
    ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
    EXPECT_EQ(run.job.launch.block_x, block);
    const int64_t n = run.size.dims.at(0);
    EXPECT_EQ(run.job.launch.grid_x, (n + 2 * block - 1) / (2 * block));
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.result.diagnostics.front().message;
    EXPECT_TRUE(e.check(run.size, run.inputs, run.result).empty());
    if (declared.name == "teach") {
      EXPECT_EQ(run.result.trace.steps.size(), static_cast<size_t>(1 + log2_block + 1));
      EXPECT_EQ(etest::input_values(run.inputs, "out").size(),
                static_cast<size_t>(256 / (2 * block)));
    }
  }
}

TEST(LabSourceBlock, ReduceSolutionWithBlock128PassesAtEverySize) {
  expect_reduce_passes_with_block(128, 7);
}

TEST(LabSourceBlock, ReduceSolutionWithBlock32PassesAtEverySize) {
  expect_reduce_passes_with_block(32, 5);
}

TEST(LabSourceBlock, ReduceExpectsOnePartialPerBlockOfTheSourcesBlock) {
  const Exercise& e = find_exercise("reduce");
  Size odd = size_for(e, e.sizes[1], Backend::Cpu, reduce_solution_with_block("128"));
  ASSERT_EQ(odd.dims.at(0), 357);
  const Inputs in = e.inputs(odd, 1);
  const std::vector<double> partials = e.reference(odd, in)[1];
  ASSERT_EQ(partials.size(), 2u);  // 357 inputs in spans of 256
  const std::vector<double>& x = etest::input_values(in, "in");
  double first = 0, second = 0;
  for (size_t i = 0; i < x.size(); ++i) (i < 256 ? first : second) += x[i];
  EXPECT_EQ(partials[0], first);
  EXPECT_EQ(partials[1], second);
}

TEST(LabSourceBlock, BlocksTheHardwareOrTheExerciseCannotRunAreRefusedNamingTheMacro) {
  const std::string over = refusal("reduce", reduce_solution_with_block("2000"));
  EXPECT_NE(over.find("BLOCK_DIM"), std::string::npos) << over;
  EXPECT_NE(over.find("at most 1024"), std::string::npos) << over;
  const std::string zero = refusal("reduce", reduce_solution_with_block("0"));
  EXPECT_NE(zero.find("BLOCK_DIM"), std::string::npos) << zero;
  EXPECT_NE(zero.find("at least one thread"), std::string::npos) << zero;
  const std::string odd = refusal("reduce", reduce_solution_with_block("48"));
  EXPECT_NE(odd.find("power of two"), std::string::npos) << odd;
  const std::string text = refusal("reduce", reduce_solution_with_block("SOMETHING"));
  EXPECT_NE(text.find("BLOCK_DIM"), std::string::npos) << text;
  // Past 64 bits, as a literal or as a product: refused with the same message, not a throw.
  for (const char* huge :
       {"999999999999999999999999", "9223372036854775807 + 1", "4611686018427387904 * 4"}) {
    const std::string past = refusal("reduce", reduce_solution_with_block(huge));
    EXPECT_NE(past.find("the launch needs an integer"), std::string::npos) << huge << ": " << past;
  }
  // vector-add needs no power of two; a 33 x 33 tile is 1089 threads.
  EXPECT_EQ(refusal("vector-add", "#define BLOCK_DIM 48\n"), "");
  const std::string tile = refusal("matmul-tiled", "#define TILE 33\n");
  EXPECT_NE(tile.find("TILE"), std::string::npos) << tile;
  EXPECT_NE(tile.find("1089"), std::string::npos) << tile;
}

TEST(LabSourceBlock, TheBlockIsReadFromConstantsAndOtherDefines) {
  const Exercise& add = find_exercise("vector-add");
  EXPECT_EQ(source_block(add, "#define WARPS 4\n#define BLOCK_DIM (WARPS * 32)  // four\n").x, 128);
  EXPECT_EQ(source_block(add, "constexpr int BLOCK_DIM = 96;\n").x, 96);
  const BlockChoice none = source_block(add, "__global__ void vector_add() {}\n");
  EXPECT_EQ(none.x, 0);
  EXPECT_EQ(add.launch(size_for(add.sizes[0], Backend::Cpu)).block_x, 64);  // the default
  const Exercise& grey = find_exercise("image-map");
  const BlockChoice wide = source_block(grey, "#define BLOCK_DIM_X 32\n#define BLOCK_DIM_Y 8\n");
  EXPECT_EQ(wide.x, 32);
  EXPECT_EQ(wide.y, 8);
  EXPECT_EQ(wide.from, "BLOCK_DIM_X, BLOCK_DIM_Y");
}

TEST(LabSourceBlock, LaunchTextSaysWhereTheBlockCameFrom) {
  const Exercise& e = find_exercise("reduce");
  const Size chosen = size_for(e, e.sizes[0], Backend::Cpu, reduce_solution_with_block("32"));
  EXPECT_EQ(launch_text(e.launch(chosen), chosen.block),
            "grid 4 x 1 of blocks 32 x 1, from BLOCK_DIM in your source");
  const Size plain = size_for(e, e.sizes[0], Backend::Cpu, "");
  EXPECT_EQ(launch_text(e.launch(plain), plain.block),
            "grid 2 x 1 of blocks 64 x 1, the exercise's default");
}

TEST(LabSourceBlock, MatmulSolutionWithTile8Passes) {
  const Exercise& e = find_exercise("matmul-tiled");
  const std::string source = with_define(etest::exercise_source(e, "solution.cu"), "TILE", "8");
  for (const std::string size : {"teach", "odd"}) {
    SCOPED_TRACE(size);
    const etest::ExerciseRun run = run_exercise_source(e.id, source, "m.cu", size);
    ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
    EXPECT_EQ(run.job.launch.block_x, 8);
    EXPECT_EQ(run.job.launch.block_y, 8);
    EXPECT_TRUE(run.result.diagnostics.empty()) << run.result.diagnostics.front().message;
    EXPECT_TRUE(e.check(run.size, run.inputs, run.result).empty());
  }
}

TEST(LabSourceBlock, ScanSolutionWithSection128Passes) {
  const Exercise& e = find_exercise("scan");
  const std::string source =
      with_define(etest::exercise_source(e, "solution.cu"), "SECTION_SIZE", "128");
  const etest::ExerciseRun run = run_exercise_source(e.id, source, "s.cu", "odd");
  ASSERT_TRUE(run.result.compiled) << run.result.compile_log;
  EXPECT_EQ(run.job.launch.block_x, 128);
  EXPECT_EQ(run.job.launch.grid_x, 8);  // 1000 elements
  EXPECT_TRUE(run.result.diagnostics.empty()) << run.result.diagnostics.front().message;
  EXPECT_TRUE(e.check(run.size, run.inputs, run.result).empty());
}

}  // namespace
}  // namespace ws::lab
