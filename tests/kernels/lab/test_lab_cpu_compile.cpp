// What the kernel lab tells a student about the code, on the CPU backend: compile errors and
// warnings on the student's lines (also those raised inside the header's templates), a wrong
// signature or a missing kernel as one clear error, an unclosed brace, a missing compiler.
#include <gtest/gtest.h>

#include <cstdlib>

#include "lab_test_support.h"

namespace ws::lab {
namespace {

using test::array_arg;
using test::scalar_arg;

// Runs `source`'s kernel add(a, c, n) (one thread) with a = {a0}, c = {0}, n = 1.
Result run_copy_kernel(const char* source, double a0) {
  return run(test::cpu_job(
      source, "add", {array_arg("a", {a0}, false), array_arg("c", {0}, true), scalar_arg("n", 1)},
      Launch{}));
}

TEST(LabCpuCompile, CompileErrorsAreOnTheStudentsLines) {
  const char* source =
      "__global__ void add(ws::Global<const float> a, ws::Global<float> c, int n) {\n"
      "  int i = threadIdx.x;\n"
      "  if (i < n) {\n"
      "    c[i] = a[i];\n"
      "    c[i] = undefined_name;\n"
      "  }\n"
      "}\n";
  const Result r = run_copy_kernel(source, 1);
  EXPECT_FALSE(r.compiled);
  const auto errors = test::diagnostics_of(r, DiagKind::CompileError);
  ASSERT_EQ(errors.size(), 1u) << test::all_messages(r);
  EXPECT_EQ(errors[0].line, 5);
  EXPECT_EQ(errors[0].column, 12);
  EXPECT_NE(errors[0].message.find("undefined_name"), std::string::npos);
}

TEST(LabCpuCompile, WarningsAreOnTheStudentsLinesAndTheKernelStillRuns) {
  const char* source =
      "__global__ void add(ws::Global<const float> a, ws::Global<float> c, int n) {\n"
      "  int i = threadIdx.x;\n"
      "  c[i] = a[i] * 2;\n"
      "  int unused = 3;\n"
      "}\n";
  const Result r = run_copy_kernel(source, 4);
  ASSERT_TRUE(r.compiled) << test::all_messages(r);
  EXPECT_EQ(r.outputs[1][0], 8);
  ASSERT_EQ(r.diagnostics.size(), 1u) << test::all_messages(r);
  EXPECT_EQ(r.diagnostics[0].kind, DiagKind::CompileWarning);
  EXPECT_EQ(r.diagnostics[0].line, 4);
  EXPECT_NE(r.diagnostics[0].message.find("unused"), std::string::npos);
}

TEST(LabCpuCompile, WritingAReadOnlyArrayIsAnErrorOnTheStudentsLine) {
  // The error is inside the header's view (a template): it goes to the line that instantiated it.
  const char* source =
      "__global__ void add(ws::Global<const float> a, ws::Global<float> c, int n) {\n"
      "  int i = threadIdx.x;\n"
      "  a[i] = 2.0f;\n"
      "}\n";
  const Result r = run_copy_kernel(source, 1);
  EXPECT_FALSE(r.compiled);
  const auto errors = test::diagnostics_of(r, DiagKind::CompileError);
  ASSERT_FALSE(errors.empty()) << test::all_messages(r);
  EXPECT_EQ(errors[0].line, 3) << test::all_messages(r);
  EXPECT_EQ(errors[0].message,
            "this array is read-only (a ws::Global<const ...> parameter): it cannot be written");
}

TEST(LabCpuCompile, WrongSignatureIsOneClearError) {
  const char* source =
      "__global__ void reduce(ws::Global<float> in, ws::Global<float> out, int n) {\n"
      "  if (threadIdx.x == 0) out[0] = in[0];\n"
      "}\n";
  const Result r = run(test::reduce_job(source));
  EXPECT_FALSE(r.compiled);
  ASSERT_EQ(r.diagnostics.size(), 1u) << test::all_messages(r);
  EXPECT_EQ(r.diagnostics[0].kind, DiagKind::CompileError);
  EXPECT_EQ(r.diagnostics[0].line, 1);
  EXPECT_EQ(r.diagnostics[0].message,
            "reduce must be declared as __global__ void reduce(ws::Global<const float> in, "
            "ws::Global<float> out, int n)");
}

TEST(LabCpuCompile, UnclosedBraceIsOneErrorNotASignatureError) {
  const char* source =
      "__global__ void reduce(ws::Global<const float> in, ws::Global<float> out, int n) {\n"
      "  if (threadIdx.x == 0) {\n"
      "    out[0] = in[0];\n"
      "}\n";
  const Result r = run(test::reduce_job(source));
  EXPECT_FALSE(r.compiled);
  ASSERT_EQ(r.diagnostics.size(), 1u) << test::all_messages(r);
  EXPECT_EQ(r.diagnostics[0].line, 1);  // g++ pairs the last '}' with the if's
  EXPECT_EQ(r.diagnostics[0].message,
            "the code does not end where it should: a brace, parenthesis or comment left open?");
}

TEST(LabCpuCompile, MissingKernelIsOneClearError) {
  const Result r = run(test::reduce_job("__global__ void reduc(ws::Global<float> out) {}\n"));
  EXPECT_FALSE(r.compiled);
  ASSERT_EQ(r.diagnostics.size(), 1u) << test::all_messages(r);
  EXPECT_EQ(r.diagnostics[0].message,
            "no kernel named reduce: it must be declared as __global__ void reduce("
            "ws::Global<const float> in, ws::Global<float> out, int n)");
}

TEST(LabCpuCompile, MissingCompilerSaysSo) {
  setenv("WARPSCOPE_LAB_CXX", "/nonexistent/c++", 1);
  const Result r = run(test::reduce_job());
  unsetenv("WARPSCOPE_LAB_CXX");
  EXPECT_FALSE(r.compiled);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].kind, DiagKind::Missing);
  EXPECT_NE(r.diagnostics[0].message.find("/nonexistent/c++"), std::string::npos);
}

}  // namespace
}  // namespace ws::lab
