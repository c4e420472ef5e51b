// The kernel lab's worker process (run_isolated + `warpscope lab-worker`), on the CPU backend: a
// kernel's result comes back from the worker; an endless loop is stopped by the timeout and a
// crash becomes a diagnostic naming the signal, while this process carries on; a cancel stops
// the worker at once; the job's folder is removed every time.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <unistd.h>

#include "common/error.h"
#include "lab/lab_isolated.h"
#include "test_paths.h"

namespace {

const std::string kLabWorkerExe = WS_WARPSCOPE_EXE;

ws::lab::Arg lab_array(const std::string& name, std::vector<double> values, bool writable) {
  ws::lab::Arg arg;
  arg.name = name;
  arg.type = ws::lab::ElemType::F32;
  arg.is_array = true;
  arg.writable = writable;
  arg.values = std::move(values);
  return arg;
}

// double_it(in, out, n) over 2 blocks of 4 threads, with `body` as the kernel's body.
ws::lab::Job doubling_job(const std::string& body) {
  ws::lab::Job job;
  job.backend = ws::Backend::Cpu;
  job.file_name = "double_it.cu";
  job.kernel = "double_it";
  job.source =
      "__global__ void double_it(ws::Global<const float> in, ws::Global<float> out, int n) {\n" +
      body + "}\n";
  job.args = {lab_array("in", {1, 2, 3, 4, 5, 6, 7}, false),
              lab_array("out", std::vector<double>(7, 0), true)};
  ws::lab::Arg n;
  n.name = "n";
  n.type = ws::lab::ElemType::I32;
  n.values = {7};
  job.args.push_back(n);
  job.launch.grid_x = 2;
  job.launch.block_x = 4;
  return job;
}

const char* const kDoublingBody =
    "  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
    "  if (i < n) out[i] = in[i] * 2;\n";

bool has_kind(const ws::lab::Result& result, ws::lab::DiagKind kind) {
  for (const auto& d : result.diagnostics)
    if (d.kind == kind) return true;
  return false;
}

std::string describe(const ws::lab::Result& result) {
  std::string text = "compiled " + std::to_string(result.compiled) + ": " + result.compile_log;
  for (const auto& d : result.diagnostics) text += "\n" + d.message;
  return text;
}

// Sets TMPDIR to a fresh folder for the test (the worker inherits it): the job folders go there.
class LabWorkerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    tmp_ = std::string(WS_APP_OUT_DIR) + "/tmp_" + std::to_string(getpid()) + "_" +
           ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::remove_all(tmp_);
    std::filesystem::create_directories(tmp_);
    const char* old = std::getenv("TMPDIR");
    old_tmp_ = old ? old : "";
    setenv("TMPDIR", tmp_.c_str(), 1);
    // The compiled kernels' cache: the suite's own, not the user's.
    setenv("XDG_CACHE_HOME", (std::string(WS_APP_OUT_DIR) + "/cache").c_str(), 1);
  }
  void TearDown() override {
    if (old_tmp_.empty())
      unsetenv("TMPDIR");
    else
      setenv("TMPDIR", old_tmp_.c_str(), 1);
  }
  bool job_folders_left() const {
    for (const auto& entry : std::filesystem::directory_iterator(tmp_))
      if (entry.path().filename().string().rfind("warpscope-lab-", 0) == 0) return true;
    return false;
  }
  std::string tmp_, old_tmp_;
};

TEST_F(LabWorkerTest, TheWorkersResultComesBack) {
  const ws::lab::Result result =
      ws::lab::run_isolated(doubling_job(kDoublingBody), kLabWorkerExe, 20);
  ASSERT_TRUE(result.compiled) << result.compile_log;
  for (const auto& d : result.diagnostics) ADD_FAILURE() << d.message;
  ASSERT_EQ(result.outputs.size(), 3u);
  EXPECT_EQ(result.outputs[1], (std::vector<double>{2, 4, 6, 8, 10, 12, 14}));
  EXPECT_FALSE(result.trace.steps.empty());  // the trace travels too
  EXPECT_FALSE(job_folders_left());
}

TEST_F(LabWorkerTest, AnEndlessLoopWithoutViewAccessesIsStoppedByTheTimeout) {
  const auto start = std::chrono::steady_clock::now();
  const ws::lab::Result result =
      ws::lab::run_isolated(doubling_job("  while (1) {}\n"), kLabWorkerExe, 2);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 3.0);
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].kind, ws::lab::DiagKind::Timeout);
  EXPECT_NE(result.diagnostics[0].message.find("did not finish in 2 s"), std::string::npos)
      << result.diagnostics[0].message;
  EXPECT_FALSE(job_folders_left());
}

TEST_F(LabWorkerTest, ACrashInTheKernelIsADiagnosticNamingTheSignal) {
  const ws::lab::Result result = ws::lab::run_isolated(
      doubling_job(
          "  volatile int* p = (volatile int*)(long long)(n - 7);  // n is 7: a null pointer\n"
          "  if (threadIdx.x == 1) *p = 1;\n"),
      kLabWorkerExe, 20);
  ASSERT_TRUE(has_kind(result, ws::lab::DiagKind::Crash)) << describe(result);
  EXPECT_NE(result.diagnostics[0].message.find("SIGSEGV"), std::string::npos)
      << result.diagnostics[0].message;
  EXPECT_FALSE(job_folders_left());
}

TEST_F(LabWorkerTest, ACancelStopsTheWorkerAtOnce) {
  const auto start = std::chrono::steady_clock::now();
  int polls = 0;
  const ws::lab::Result result = ws::lab::run_isolated(
      doubling_job("  while (1) {}\n"), kLabWorkerExe, 30, [&] { return ++polls > 3; });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 1.0);
  EXPECT_FALSE(result.compiled);
  EXPECT_TRUE(result.diagnostics.empty());
  EXPECT_FALSE(job_folders_left());
}

TEST(LabWorker, AMissingWorkerIsAnErrorNamingIt) {
  try {
    ws::lab::run_isolated(doubling_job(kDoublingBody), "/nonexistent/warpscope", 5);
    FAIL() << "no error";
  } catch (const ws::Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/warpscope"), std::string::npos) << e.what();
  }
}

}  // namespace
