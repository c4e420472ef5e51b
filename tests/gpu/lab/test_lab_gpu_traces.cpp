// The kernel lab on the GPU against its CPU backend: a student's race-free kernel gives the same
// outputs (bit for bit: no FMA contraction on either side) and the same events, field for field
// and in the same (thread, seq) order, hence the same trace and lines.
#include <gtest/gtest.h>

#include "lab_gpu_test_support.h"

namespace ws::lab {
namespace {

using gpu_test::event_difference;
using gpu_test::messages;
using gpu_test::run_on;

void expect_same_run(const Job& job) {
  const Result cpu = run_on(Backend::Cpu, job);
  const Result cuda = run_on(Backend::Cuda, job);
  ASSERT_TRUE(cpu.compiled) << messages(cpu);
  ASSERT_TRUE(cuda.compiled) << messages(cuda);
  EXPECT_EQ(cuda.backend_name.rfind("cuda (", 0), 0u) << cuda.backend_name;
  EXPECT_TRUE(gpu_test::diagnostics_of(cuda, DiagKind::LaunchError).empty()) << messages(cuda);
  ASSERT_EQ(cpu.outputs.size(), job.args.size());
  ASSERT_EQ(cuda.outputs.size(), job.args.size());
  for (size_t i = 0; i < job.args.size(); ++i)
    EXPECT_EQ(cpu.outputs[i], cuda.outputs[i]) << "argument " << job.args[i].name;
  ASSERT_FALSE(cpu.raw.empty());
  EXPECT_EQ(event_difference(cpu.raw, cuda.raw), "");
  EXPECT_EQ(compare_traces(cpu.trace, cuda.trace), "");
  EXPECT_EQ(cpu.lines, cuda.lines);
  std::vector<std::string> cpu_keys, cuda_keys;
  for (const Diagnostic& d : cpu.diagnostics)
    if (d.kind != DiagKind::CompileWarning) cpu_keys.push_back(gpu_test::diagnostic_key(d));
  for (const Diagnostic& d : cuda.diagnostics)
    if (d.kind != DiagKind::CompileWarning) cuda_keys.push_back(gpu_test::diagnostic_key(d));
  EXPECT_EQ(cpu_keys, cuda_keys) << messages(cpu) << messages(cuda);
}

TEST(LabGpuTraces, VectorAddMatchesTheCpuBackend) {
  WS_SKIP_WITHOUT_GPU();
  const Job job = gpu_test::vector_add(1000, Launch{8, 1, 128, 1});
  expect_same_run(job);
  // And the sums themselves, computed here in float.
  const Result cuda = run_on(Backend::Cuda, job);
  ASSERT_EQ(cuda.outputs[2].size(), 1000u);
  for (int i = 0; i < 1000; ++i)
    EXPECT_EQ(cuda.outputs[2][size_t(i)], double(float(float(job.args[0].values[size_t(i)]) +
                                                       float(job.args[1].values[size_t(i)]))))
        << i;
  EXPECT_TRUE(cuda.diagnostics.empty()) << messages(cuda);
}

TEST(LabGpuTraces, SharedMemoryReductionMatchesTheCpuBackend) {
  WS_SKIP_WITHOUT_GPU();
  // 3 blocks of 32 threads over 150 inputs: the last block is partly past the end.
  const Job job = gpu_test::shared_reduction(150, 3, 32);
  expect_same_run(job);
  const Result cuda = run_on(Backend::Cuda, job);
  // Phases: the load, one per tree level (16, 8, 4, 2, 1), the write after the last barrier.
  EXPECT_EQ(cuda.trace.steps.size(), 7u);
  EXPECT_TRUE(gpu_test::diagnostics_of(cuda, DiagKind::Race).empty()) << messages(cuda);
  double total = 0;
  for (double v : job.args[0].values) total += v;
  double sum = 0;
  for (double v : cuda.outputs[1]) sum += v;
  EXPECT_NEAR(sum, total, 1e-3 * total);
}

TEST(LabGpuTraces, TwoDimensionalLaunchMatchesTheCpuBackend) {
  WS_SKIP_WITHOUT_GPU();
  // A 2D grid of 2D blocks brightening a 10 x 6 image (the image-map exercise's shape).
  std::vector<double> image;
  for (int i = 0; i < 60; ++i) image.push_back((i * 37) % 256);
  const Job job = gpu_test::job_of(
      "__global__ void brighten(ws::Global<const unsigned char> in, ws::Global<unsigned char> "
      "out,\n"
      "                         int width, int height) {\n"
      "  int col = blockIdx.x * blockDim.x + threadIdx.x;\n"
      "  int row = blockIdx.y * blockDim.y + threadIdx.y;\n"
      "  if (col < width && row < height) {\n"
      "    int v = in[row * width + col] + 40;\n"
      "    out[row * width + col] = v > 255 ? 255 : v;\n"
      "  }\n"
      "}\n",
      "brighten",
      {gpu_test::array_arg("in", image, false, ElemType::U8),
       gpu_test::array_arg("out", std::vector<double>(60, 0), true, ElemType::U8),
       gpu_test::scalar_arg("width", 10), gpu_test::scalar_arg("height", 6)},
      Launch{3, 2, 4, 4});
  expect_same_run(job);
}

TEST(LabGpuTraces, PrivatizedHistogramWithAtomicsMatchesTheCpuBackend) {
  WS_SKIP_WITHOUT_GPU();
  // ws::atomic_add on shared bins, then on the global ones: the order of atomics between threads
  // differs, the events of each thread (operands, the counts read after the barrier) do not.
  std::vector<double> in;
  for (int i = 0; i < 200; ++i) in.push_back((i * 7) % 11);
  const Job job = gpu_test::job_of(
      "const int BINS = 4;\n"
      "__global__ void histogram(ws::Global<const unsigned char> in,\n"
      "                          ws::Global<unsigned> bins, int n) {\n"
      "  WS_SHARED(unsigned int, local, BINS);\n"
      "  int t = threadIdx.x;\n"
      "  if (t < BINS) local[t] = 0;\n"
      "  __syncthreads();\n"
      "  int i = blockIdx.x * blockDim.x + t;\n"
      "  if (i < n) ws::atomic_add(local, in[i] % BINS, 1);\n"
      "  __syncthreads();\n"
      "  if (t < BINS) ws::atomic_add(bins, t, local[t]);\n"
      "}\n",
      "histogram",
      {gpu_test::array_arg("in", in, false, ElemType::U8),
       gpu_test::array_arg("bins", std::vector<double>(4, 0), true, ElemType::U32),
       gpu_test::scalar_arg("n", 200)},
      Launch{4, 1, 64, 1});
  expect_same_run(job);
  const Result cuda = run_on(Backend::Cuda, job);
  std::vector<double> expected(4, 0);
  for (double v : in) expected[size_t(int(v) % 4)] += 1;
  EXPECT_EQ(cuda.outputs[1], expected);
}

}  // namespace
}  // namespace ws::lab
