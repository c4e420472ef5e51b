// The CUDA backend's compile path without a GPU: NVRTC builds students' kernels against the lab
// header (traced and untraced), marks compile errors on the student's line and column, and checks
// the kernel's signature against the job's arguments. Skips when libnvrtc is absent.
#include <gtest/gtest.h>

#include "common/cuda_device.h"
#include "common/error.h"
#include "lab_nvrtc_test_support.h"

namespace ws::lab {
namespace {

TEST(LabNvrtc, VectorAddCompilesToPtxInBothModes) {
  WS_SKIP_WITHOUT_NVRTC();
  const Job job = nvrtc_test::vector_add_job();
  const NvrtcBuild& traced = nvrtc_test::compiled(job, "compute_90", true);
  const NvrtcBuild& plain = nvrtc_test::compiled(job, "compute_90", false);
  ASSERT_TRUE(traced.compiled) << traced.log;
  ASSERT_TRUE(plain.compiled) << plain.log;
  EXPECT_EQ(nvrtc_test::count_kind(traced.diagnostics, DiagKind::CompileError), 0);
  // The lowered name is the mangled vec_add, and the PTX defines it as a kernel entry.
  EXPECT_NE(traced.lowered_name.find("7vec_add"), std::string::npos) << traced.lowered_name;
  EXPECT_NE(traced.ptx.find(".entry " + traced.lowered_name), std::string::npos);
  EXPECT_NE(plain.ptx.find(".entry " + plain.lowered_name), std::string::npos);
  EXPECT_NE(traced.ptx.find(".target sm_90"), std::string::npos);
  EXPECT_TRUE(traced.cubin.empty());  // a virtual architecture: PTX only
  // Traced: the recorder global exists; untraced: the views are plain pointers, no recorder.
  EXPECT_NE(traced.ptx.find("ws_lab_recorder"), std::string::npos);
  EXPECT_EQ(plain.ptx.find("ws_lab_recorder"), std::string::npos);
  EXPECT_EQ(plain.ptx.find("atom."), std::string::npos);
  EXPECT_NE(traced.ptx.find("atom.add.u64"), std::string::npos);  // the event counter
}

TEST(LabNvrtc, OptionsMatchTheCpuTwinsFloatRules) {
  NvrtcRequest request;
  request.arch = "sm_90";
  request.defines = {"WS_LAB_CUDA", "WS_LAB_TRACED"};
  const std::vector<std::string> o = nvrtc_options(request);
  const std::vector<std::string> expected = {
      "--gpu-architecture=sm_90", "-std=c++17",    "--fmad=false",   "-lineinfo",
      "-default-device",          "-DWS_LAB_CUDA", "-DWS_LAB_TRACED"};
  EXPECT_EQ(o, expected);
}

TEST(LabNvrtc, CompileErrorsAreMarkedOnTheStudentsLineAndColumn) {
  WS_SKIP_WITHOUT_NVRTC();
  const Job job = nvrtc_test::vector_add_job(
      "__global__ void vec_add(ws::Global<const float> a, ws::Global<const float> b,\n"
      "                        ws::Global<float> c, int n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  int unused;\n"
      "  if (i < n) c[i] = a[i] + bb[i];\n"
      "}\n");
  const NvrtcBuild& build = nvrtc_test::compiled(job, "compute_90", true);
  EXPECT_FALSE(build.compiled);
  ASSERT_EQ(nvrtc_test::count_kind(build.diagnostics, DiagKind::CompileError), 1) << build.log;
  for (const Diagnostic& d : build.diagnostics) {
    if (d.kind == DiagKind::CompileError) {
      EXPECT_EQ(d.line, 5);
      EXPECT_EQ(d.column, 28);  // the first b of bb
      EXPECT_EQ(d.message, "identifier \"bb\" is undefined");
    }
    if (d.kind == DiagKind::CompileWarning) {
      EXPECT_EQ(d.line, 4) << d.message;
    }
  }
  EXPECT_EQ(nvrtc_test::count_kind(build.diagnostics, DiagKind::CompileWarning), 1) << build.log;
}

TEST(LabNvrtc, AWrongSignatureSaysWhatToDeclare) {
  WS_SKIP_WITHOUT_NVRTC();
  Job job = nvrtc_test::vector_add_job(
      "__global__ void vec_add(ws::Global<const float> a, ws::Global<const float> b,\n"
      "                        ws::Global<float> c, unsigned n) {\n"
      "  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] + b[i];\n"
      "}\n");
  const NvrtcBuild& wrong = nvrtc_test::compiled(job, "compute_90", true);
  EXPECT_FALSE(wrong.compiled);
  ASSERT_EQ(wrong.diagnostics.size(), 1u) << wrong.log;
  EXPECT_EQ(wrong.diagnostics[0].kind, DiagKind::CompileError);
  EXPECT_EQ(wrong.diagnostics[0].line, 1);  // the kernel's declaration
  EXPECT_EQ(wrong.diagnostics[0].message,
            "vec_add must be declared as __global__ void vec_add(ws::Global<const float> a, "
            "ws::Global<const float> b, ws::Global<float> c, int n)");

  job = nvrtc_test::vector_add_job();
  job.kernel = "vector_add";
  const NvrtcBuild& missing = nvrtc_test::compiled(job, "compute_90", true);
  EXPECT_FALSE(missing.compiled);
  ASSERT_EQ(missing.diagnostics.size(), 1u) << missing.log;
  EXPECT_EQ(missing.diagnostics[0].line, 0);
  EXPECT_EQ(missing.diagnostics[0].message.rfind("no kernel named vector_add: it must be declared "
                                                 "as __global__ void vector_add(",
                                                 0),
            0u)
      << missing.diagnostics[0].message;
}

TEST(LabNvrtc, ABadKernelNameIsAnError) {
  Job job = nvrtc_test::vector_add_job();
  job.kernel = "vec add";
  EXPECT_THROW(cuda_program_source(job), Error);
  job.kernel = "vec_add";
  job.file_name = "ker\"nel.cu";
  EXPECT_THROW(cuda_program_source(job), Error);
}

TEST(LabNvrtc, ArchitectureFollowsTheDevice) {
  WS_SKIP_WITHOUT_NVRTC();
  EXPECT_EQ(nvrtc_arch_for(9, 0), "sm_90");
  EXPECT_EQ(nvrtc_arch_for(8, 0), "sm_80");
  // A device newer than NVRTC: PTX of NVRTC's newest architecture, which the driver compiles.
  EXPECT_EQ(nvrtc_arch_for(99, 0).rfind("compute_", 0), 0u);
  EXPECT_FALSE(nvrtc_version().empty());
}

}  // namespace
}  // namespace ws::lab

namespace ws::lab {
namespace {

TEST(LabNvrtc, AHelperWithoutDeviceCompilesAsOnTheCpuBackend) {
  WS_SKIP_WITHOUT_NVRTC();
  const Job job = nvrtc_test::vector_add_job(
      "float twice(float x) { return 2 * x; }\n"
      "__global__ void vec_add(ws::Global<const float> a, ws::Global<const float> b,\n"
      "                        ws::Global<float> c, int n) {\n"
      "  int i = threadIdx.x;\n"
      "  if (i < n) c[i] = twice(a[i]);\n"
      "}\n");
  const NvrtcBuild& build = nvrtc_test::compiled(job, "compute_90", false);
  EXPECT_TRUE(build.compiled) << build.log;
}

}  // namespace
}  // namespace ws::lab

namespace ws::lab {
namespace {

TEST(LabCudaBackend, WithoutADeviceItSaysSoAndRunsNothing) {
  if (cuda_device_available()) GTEST_SKIP() << "a CUDA device is present (tests/gpu/lab runs it)";
  Job job = nvrtc_test::vector_add_job();
  job.backend = Backend::Cuda;
  const Result r = run(job);
  EXPECT_FALSE(r.compiled);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].kind, DiagKind::Missing);
  EXPECT_FALSE(r.diagnostics[0].message.empty());
  EXPECT_TRUE(r.outputs.empty());
  EXPECT_TRUE(r.raw.empty());
  job.kernel = "";
  EXPECT_THROW(run(job), Error);  // a malformed job is an error on every build
}

}  // namespace
}  // namespace ws::lab

namespace ws::lab {
namespace {

TEST(LabNvrtc, ARememberedBuildIsTheSameBuild) {
  WS_SKIP_WITHOUT_NVRTC();
  const Job job = nvrtc_test::vector_add_job();
  NvrtcRequest request;
  request.source = cuda_program_source(job);
  request.program_name = request.file_name = job.file_name;
  request.kernel = job.kernel;
  request.defines = {"WS_LAB_CUDA"};
  const NvrtcBuild first = nvrtc_compile_cached(request);
  const NvrtcBuild again = nvrtc_compile_cached(request);
  ASSERT_TRUE(first.compiled) << first.log;
  EXPECT_EQ(again.ptx, first.ptx);
  EXPECT_EQ(again.lowered_name, first.lowered_name);
  // Another mode is another build: traced PTX has the recorder.
  request.defines.push_back("WS_LAB_TRACED");
  const NvrtcBuild traced = nvrtc_compile_cached(request);
  EXPECT_NE(traced.ptx.find("ws_lab_recorder"), std::string::npos);
  EXPECT_EQ(first.ptx.find("ws_lab_recorder"), std::string::npos);
}

}  // namespace
}  // namespace ws::lab
