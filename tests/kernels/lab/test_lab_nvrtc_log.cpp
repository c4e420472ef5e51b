// NVRTC's log read into diagnostics: line and column on the student's file, the message's extra
// text, errors inside the lab header put on the student line that instantiated them, other files
// named. The last case runs NVRTC (skipped without it).
#include <gtest/gtest.h>

#include "lab_nvrtc_test_support.h"

namespace ws::lab {
namespace {

// NVRTC 13.0's words, whitespace included (a tab in the second source line).
const char* kLog =
    "kernel.cu(4): error: no operator \"=\" matches these operands\n"
    "            operand types are: ws::lab::Ref<float> = ws::Global<const float>\n"
    "    c[i] = a;\n"
    "         ^\n"
    "ws_lab.h(258): note #3326-D: function \"operator=\" does not match\n"
    "    __device__ V operator=(const Ref& other) const { return *this = other.load(); }\n"
    "                 ^\n"
    "\n"
    "kernel.cu(6): warning #177-D: variable \"y\" was declared but never referenced\n"
    "  \tint y;\n"
    "  \t    ^\n"
    "\n"
    "ws_lab.h(348): error: no instance of overloaded function \"atomicAdd\" matches the argument "
    "list\n"
    "            argument types are: (const float *, float)\n"
    "    return atomicAdd(&a.data[i.i], T(v));\n"
    "           ^\n"
    "Note #3326-D: function \"atomicAdd(int *, int)\" does not match\n"
    "          detected during instantiation of \"T ws::atomic_add(const ws::Global<T> &, "
    "ws::Index, V) [with T=const float, V=float]\" at line 3 of kernel.cu\n"
    "\n"
    "other.h(2): catastrophic error: cannot open source file \"x.h\"\n"
    "\n"
    "Remark: The warnings can be suppressed with \"-diag-suppress <warning-number>\"\n"
    "\n"
    "3 errors detected in the compilation of \"kernel.cu\".\n";

TEST(LabNvrtcLog, MessagesLandOnTheStudentsLines) {
  const std::vector<Diagnostic> ds = parse_nvrtc_log(kLog, "kernel.cu");
  ASSERT_EQ(ds.size(), 4u);
  EXPECT_EQ(ds[0].kind, DiagKind::CompileError);
  EXPECT_EQ(ds[0].line, 4);
  EXPECT_EQ(ds[0].column, 8);  // the '=' of "  c[i] = a;"
  EXPECT_EQ(ds[0].message,
            "no operator \"=\" matches these operands; operand types are: ws::lab::Ref<float> = "
            "ws::Global<const float>");
  EXPECT_EQ(ds[1].kind, DiagKind::CompileWarning);
  EXPECT_EQ(ds[1].line, 6);
  EXPECT_EQ(ds[1].column, 6);  // a tab counts as one column: "\tint y" -> y is the 6th
  EXPECT_EQ(ds[1].message, "variable \"y\" was declared but never referenced");
  // Inside the header, instantiated from the student's line 3: the student's line, no column.
  EXPECT_EQ(ds[2].kind, DiagKind::CompileError);
  EXPECT_EQ(ds[2].line, 3);
  EXPECT_EQ(ds[2].column, 0);
  EXPECT_EQ(ds[2].message.rfind("no instance of overloaded function \"atomicAdd\"", 0), 0u);
  EXPECT_EQ(ds[3].line, 0);
  EXPECT_EQ(ds[3].message, "other.h line 2: cannot open source file \"x.h\"");
  EXPECT_TRUE(parse_nvrtc_log("", "kernel.cu").empty());
}

TEST(LabNvrtcLog, AnAtomicOnAReadOnlyArrayIsMarkedWhereTheStudentWroteIt) {
  WS_SKIP_WITHOUT_NVRTC();
  Job job;
  job.kernel = "count";
  job.args = {{"in", ElemType::F32, true, false, {1}}, {"out", ElemType::F32, true, true, {0}}};
  job.source =
      "__global__ void count(ws::Global<const float> in, ws::Global<float> out) {\n"
      "  int i = threadIdx.x;\n"
      "  ws::atomic_add(in, i, 1.0f);\n"
      "  out[i] = in[i];\n"
      "}\n";
  const NvrtcBuild& build = nvrtc_test::compiled(job, "compute_90", true);
  EXPECT_FALSE(build.compiled);
  ASSERT_EQ(nvrtc_test::count_kind(build.diagnostics, DiagKind::CompileError), 1) << build.log;
  EXPECT_EQ(build.diagnostics[0].line, 3) << build.log;
}

TEST(LabNvrtcLog, WritingAReadOnlyArrayIsOneErrorOnTheStudentsLineAsOnTheCpu) {
  WS_SKIP_WITHOUT_NVRTC();
  Job job;
  job.kernel = "add";
  job.args = {{"a", ElemType::F32, true, false, {1}},
              {"c", ElemType::F32, true, true, {0}},
              {"n", ElemType::I32, false, false, {1}}};
  job.source =
      "__global__ void add(ws::Global<const float> a, ws::Global<float> c, int n) {\n"
      "  int i = threadIdx.x;\n"
      "  a[i] = 2.0f;\n"
      "}\n";
  const NvrtcBuild& build = nvrtc_test::compiled(job, "compute_90", true);
  EXPECT_FALSE(build.compiled);
  ASSERT_FALSE(build.diagnostics.empty()) << build.log;
  EXPECT_EQ(build.diagnostics[0].kind, DiagKind::CompileError);
  EXPECT_EQ(build.diagnostics[0].line, 3) << build.log;
  // The header's static_assert, unwrapped: the CPU backend's words.
  EXPECT_EQ(build.diagnostics[0].message,
            "this array is read-only (a ws::Global<const ...> parameter): it cannot be written");
}

}  // namespace
}  // namespace ws::lab
