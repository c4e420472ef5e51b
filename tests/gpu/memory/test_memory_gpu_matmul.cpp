// Matrix multiplication on CUDA against the CPU: every variant's teach output and trace equal the
// twin's event for event; every full-size kernel equals matmul_float bit for bit on odd and
// large sizes; cuBLAS and ours agree within the summation-order bound (skipped with a message
// without libcublas); the timings run.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "memory/matmul.h"

namespace ws::mem {
namespace {

FloatMatrix matmul_gpu_random(int rows, int cols, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> value(-1.0f, 1.0f);
  FloatMatrix m{rows, cols, {}};
  m.values.resize(size_t(rows) * cols);
  for (float& v : m.values) v = value(rng);
  return m;
}

// Elements whose bits differ (-1: sizes differ).
int64_t matmul_gpu_bit_differences(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size()) return -1;
  int64_t d = 0;
  for (size_t i = 0; i < a.size(); ++i) d += std::memcmp(&a[i], &b[i], sizeof(float)) != 0;
  return d;
}

const MatmulVariant kMatmulGpuVariants[] = {MatmulVariant::Naive,      MatmulVariant::Tiled,
                                            MatmulVariant::Coarsened,  MatmulVariant::RegisterTiled,
                                            MatmulVariant::Vectorized, MatmulVariant::Fast};

TEST(MatmulGpuTeach, EveryVariantsTraceEqualsItsTwins) {
  WS_SKIP_WITHOUT_GPU();
  struct Size {
    int I, J, K;
  };
  const Size sizes[] = {{4, 4, 4},    {8, 8, 8},   {1, 1, 1},   {5, 7, 3},
                        {16, 16, 16}, {13, 16, 9}, {16, 12, 15}};
  for (MatmulVariant v : kMatmulGpuVariants)
    for (int tile : {2, 3, 4, 8})
      for (int tt : {1, 2, 4})
        for (const Size& s : sizes) {
          MatmulTeachParams p;
          p.variant = v;
          p.tile = v == MatmulVariant::Vectorized && tile != 8 ? 4 : tile;
          p.coarse_factor = tt == 4 ? 3 : tt;
          p.thread_tile = p.tile * tt > kMatmulTeachMaxSide ? 1 : tt;
          const FloatMatrix M = matmul_gpu_random(s.I, s.J, 3u),
                            N = matmul_gpu_random(s.J, s.K, 4u);
          const std::string what = std::string(matmul_info(v).id) + " tile " +
                                   std::to_string(p.tile) + " x" + std::to_string(tt) + " at " +
                                   std::to_string(s.I) + "x" + std::to_string(s.J) + "x" +
                                   std::to_string(s.K);
          const MatmulTeachRun cpu = teach_matmul(p, M, N, Backend::Cpu);
          const MatmulTeachRun gpu = teach_matmul(p, M, N, Backend::Cuda);
          ASSERT_EQ(gpu.output, cpu.output) << what;
          ASSERT_EQ(compare_traces(gpu.trace, cpu.trace), "") << what;
        }
}

// Every variant in `variants` (tiles 8, 16, 32 for 1-3) equals matmul_float bit for bit on one
// pair of random matrices (the CPU reference computed once).
void expect_full_size_exact(const std::vector<MatmulVariant>& variants, int I, int J, int K) {
  const FloatMatrix M = matmul_gpu_random(I, J, 7u + I), N = matmul_gpu_random(J, K, 8u + K);
  const std::vector<float> want = matmul_float(M, N);
  for (MatmulVariant v : variants)
    for (int tile : int(v) <= 3 ? std::vector<int>{8, 16, 32} : std::vector<int>{16})
      EXPECT_EQ(matmul_gpu_bit_differences(run_matmul(v, M, N, tile, Backend::Cuda), want), 0)
          << matmul_info(v).id << " tile " << tile << " at " << I << " x " << J << " x " << K;
}

const std::vector<MatmulVariant> kMatmulGpuAll(std::begin(kMatmulGpuVariants),
                                               std::end(kMatmulGpuVariants));

TEST(MatmulGpuFullSize, EveryVariantEqualsTheFloatReferenceOnOddSizes) {
  WS_SKIP_WITHOUT_GPU();
  struct Size {
    int I, J, K;
  };
  const Size sizes[] = {{1, 1, 1},   {33, 33, 33},   {127, 127, 127}, {1000, 300, 77},
                        {1, 513, 1}, {130, 17, 259}, {256, 128, 128}, {64, 64, 64}};
  for (const Size& s : sizes) expect_full_size_exact(kMatmulGpuAll, s.I, s.J, s.K);
}

TEST(MatmulGpuFullSize, TheFastKernelAt1024AndAcrossTileEdges) {
  WS_SKIP_WITHOUT_GPU();
  const std::vector<MatmulVariant> blocked = {MatmulVariant::RegisterTiled,
                                              MatmulVariant::Vectorized, MatmulVariant::Fast};
  expect_full_size_exact(blocked, 1024, 1024, 1024);  // the fast path: multiples of every tile
  expect_full_size_exact(blocked, 1025, 1023, 1021);  // the checked path
  expect_full_size_exact(blocked, 128, 128, 128);
  expect_full_size_exact(blocked, 256, 100, 384);  // J not a multiple of BK
}

TEST(MatmulGpuCublas, AgreesWithOursWithinTheSummationOrderBound) {
  WS_SKIP_WITHOUT_GPU();
  for (int n : {1, 33, 257, 1024}) {
    const FloatMatrix M = matmul_gpu_random(n, n + 5, 1u), N = matmul_gpu_random(n + 5, n, 2u);
    std::string note;
    const std::vector<float> theirs = cublas_sgemm(M, N, note);
    if (theirs.empty()) GTEST_SKIP() << "cuBLAS check skipped: " << note;
    const std::vector<float> ours = run_matmul(MatmulVariant::Fast, M, N, 16, Backend::Cuda);
    const std::vector<double> bound = matmul_error_bound(M, N);
    ASSERT_EQ(theirs.size(), ours.size());
    for (size_t i = 0; i < ours.size(); ++i)
      ASSERT_LE(std::fabs(double(theirs[i]) - double(ours[i])), 2.0 * bound[i])
          << "n " << n << " element " << i << " (" << note << ")";
  }
}

TEST(MatmulGpuTiming, EveryVariantAndCublasTime) {
  WS_SKIP_WITHOUT_GPU();
  for (MatmulVariant v : kMatmulGpuVariants) {
    const MatmulTiming t = time_matmul(v, 512, 512, 512, 16, 2);
    EXPECT_TRUE(t.available) << t.name << ": " << t.note;
    EXPECT_GT(t.gflops, 0.0) << t.name;
  }
  const MatmulTiming c = time_cublas_sgemm(512, 512, 512, 2);
  if (!c.available) GTEST_SKIP() << "cuBLAS timing skipped: " << c.note;
  EXPECT_GT(c.gflops, 0.0);
  EXPECT_GT(peak_fp32_gflops(), c.gflops);
}

TEST(MatmulGpuForTheSanitizers, EveryVariantOnceAtAnOddSize) {
  WS_SKIP_WITHOUT_GPU();
  for (MatmulVariant v : kMatmulGpuVariants) {
    expect_full_size_exact({v}, 37, 29, 41);
    MatmulTeachParams p;
    p.variant = v;
    p.tile = 4;
    const FloatMatrix M = matmul_gpu_random(7, 9, 1u), N = matmul_gpu_random(9, 6, 2u);
    EXPECT_EQ(teach_matmul(p, M, N, Backend::Cuda).output,
              teach_matmul(p, M, N, Backend::Cpu).output)
        << matmul_info(v).id;
  }
}

}  // namespace
}  // namespace ws::mem
