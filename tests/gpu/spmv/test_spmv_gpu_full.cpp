// The full-size CUDA SpMV kernels on generated matrices (2D Poisson, even random rows, power-law
// rows, banded), float32 and float64: every variant within the summation bound of the
// long-double reference, and bit for bit the full-size CPU run where no atomics reorder the sums
// (the library is built with EXACT_FLOAT: one rounding per operation on both sides).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "common/device_buffer.cuh"
#include "gpu_test_support.h"
#include "spmv_gpu_test_support.h"

namespace ws::spmv {
namespace {

template <class T>
void check_full_size(const std::string& spec, bool skip_ell) {
  const CsrMatrix m = generate_matrix(spec, 7);
  const std::vector<double> x = gtest_support::gpu_random_x(m.cols, 13);
  const std::vector<T> xt(x.begin(), x.end());
  for (SpmvVariant v : gtest_support::gpu_variants()) {
    if (skip_ell && v == SpmvVariant::Ell) continue;
    const std::string what = std::string(spmv_info(v).id) + " on " + spec + " " +
                             (sizeof(T) == 8 ? "float64" : "float32");
    const std::vector<T> gpu = spmv_on_device<T>(v, m, xt);
    EXPECT_TRUE(gtest_support::gpu_within_bound<T>(m, x, gpu)) << what;
    if (!uses_atomics(v)) {
      EXPECT_EQ(gpu, spmv_cpu<T>(v, m, xt)) << what;
    }
  }
}

// powerlaw:14:8's longest row has ~2400 nonzeros: its ELL would pad 16384 rows to ~40M slots
// (seconds to build on the host for 228k nonzeros: the chapter's point); hybrid covers it.
const std::vector<std::pair<std::string, bool>>& gpu_specs() {
  static const std::vector<std::pair<std::string, bool>> specs = {{"poisson:64", false},
                                                                  {"random:5000:17", false},
                                                                  {"powerlaw:14:8", true},
                                                                  {"banded:4000:6", false}};
  return specs;
}

TEST(SpmvGpuFull, Float32OnGeneratedMatrices) {
  WS_SKIP_WITHOUT_GPU();
  for (const auto& [spec, skip_ell] : gpu_specs()) check_full_size<float>(spec, skip_ell);
}

TEST(SpmvGpuFull, Float64OnGeneratedMatrices) {
  WS_SKIP_WITHOUT_GPU();
  for (const auto& [spec, skip_ell] : gpu_specs()) check_full_size<double>(spec, skip_ell);
}

// One upload, two launches on a stream: the DeviceMatrix is reusable, and coo clears y itself
// (the second run starts from the first's y).
TEST(SpmvGpuFull, AnUploadedMatrixRunsTwiceOnAStream) {
  WS_SKIP_WITHOUT_GPU();
  const CsrMatrix m = generate_matrix("random:3000:9", 3);
  const std::vector<double> x = gtest_support::gpu_random_x(m.cols, 5);
  const std::vector<float> xf(x.begin(), x.end());
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreate(&stream), cudaSuccess);
  DeviceBuffer<float> dx(xf.size()), dy(size_t(m.rows));
  dx.upload(xf);
  for (SpmvVariant v : gtest_support::gpu_variants()) {
    const DeviceMatrix<float> d = upload<float>(v, m);
    EXPECT_GT(d.device_bytes, 0) << spmv_info(v).id;
    spmv_device(d, dx.data(), dy.data(), stream);
    ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
    const std::vector<float> once = dy.download();
    spmv_device(d, dx.data(), dy.data(), stream);
    ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
    const std::vector<float> twice = dy.download();
    EXPECT_TRUE(gtest_support::gpu_within_bound<float>(m, x, twice)) << spmv_info(v).id;
    if (!uses_atomics(v)) {
      EXPECT_EQ(once, twice) << spmv_info(v).id;
    }
  }
  cudaStreamDestroy(stream);
}

}  // namespace
}  // namespace ws::spmv
