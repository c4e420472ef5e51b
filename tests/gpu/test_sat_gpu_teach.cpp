// The summed-area-table variants 1-5 on the GPU: teach traces equal to the CPU twins', the fast
// launches against the sequential table on odd shapes up to 8192 x 8192, and small runs for
// compute-sanitizer (memcheck, racecheck, synccheck).
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "common/error.h"
#include "gpu_test_support.h"
#include "sat/sat.h"
#include "sat/sat_launch.h"
#include "../kernels/sat_teach_test_support.h"

namespace ws::sat {
namespace {

using test::describe;
using test::kTeachVariants;
using test::random_plane;
using test::takes_tile;
using test::teach_params;

void expect_teach_equal(Variant v, Accum a, int w, int h, int tile, uint64_t seed) {
  const Plane img = random_plane(w, h, a, seed);
  const TeachParams p = teach_params(v, a, tile);
  const TeachRun cpu = teach(p, img, Backend::Cpu);
  const TeachRun gpu = teach(p, img, Backend::Cuda);
  const std::string what = describe(v, a, w, h, tile);
  EXPECT_EQ(compare_traces(cpu.trace, gpu.trace), "") << what;
  EXPECT_EQ(gpu.sat, cpu.sat) << what;
  EXPECT_EQ(gpu.row_scans, cpu.row_scans) << what;
}

TEST(SatGpuTeach, TracesEqualTheCpuTwins) {
  WS_SKIP_WITHOUT_GPU();
  const std::pair<int, int> shapes[] = {{1, 1},  {3, 3},  {32, 32}, {17, 5},
                                        {1, 31}, {29, 1}, {13, 9}};
  for (Variant v : kTeachVariants)
    for (Accum a : {Accum::U8U32, Accum::F32F32, Accum::F32F64})
      for (auto [w, h] : shapes)
        for (int tile : {2, 5, 16})
          if (takes_tile(v) || tile == 2) expect_teach_equal(v, a, w, h, tile, 11);
}

// Variant 5's lanes record their registers (running column sums, running table values) as events
// like any other: the GPU's are the twin's, event for event, and there are some.
TEST(SatGpuTeach, RegisterTiledRecordsTheLanesRegistersLikeTheTwin) {
  WS_SKIP_WITHOUT_GPU();
  for (Accum a : {Accum::U8U32, Accum::F32F32, Accum::F32F64}) {
    const Plane img = random_plane(13, 9, a, 12);
    const TeachParams p = teach_params(Variant::RegisterTiled, a, 4);
    const Trace cpu = teach(p, img, Backend::Cpu).trace, gpu = teach(p, img, Backend::Cuda).trace;
    const std::string what = describe(Variant::RegisterTiled, a, 13, 9, 4);
    EXPECT_EQ(compare_traces(cpu, gpu), "") << what;
    const auto register_writes = [](const Trace& t, const std::string& name) {
      int64_t n = 0;
      for (const TraceStep& s : t.steps)
        for (const TraceEvent& e : s.events)
          n += t.buffers[size_t(e.buffer)].name == name &&
               t.buffers[size_t(e.buffer)].space == MemSpace::Register &&
               e.kind == EventKind::Write;
      return n;
    };
    // 13 x 9 in 4 x 4 tiles: 3 rows of tiles (4, 4, 1 rows high), 13 lanes across each.
    EXPECT_EQ(register_writes(gpu, "lane column sums"), 13 * (4 + 4 + 1)) << what;
    EXPECT_EQ(register_writes(gpu, "lane table values"), 13 * (5 + 5 + 2)) << what;
  }
}

// One fast launch on device memory; the table widened to double.
std::vector<double> fast_table(Variant v, Accum a, const Plane& img) {
  const int w = img.width, h = img.height;
  const size_t n = img.values.size();
  std::vector<uint8_t> bytes(n);
  for (size_t i = 0; i < n; ++i) bytes[i] = static_cast<uint8_t>(img.values[i]);
  const void* host_in = a == Accum::U8U32 ? static_cast<const void*>(bytes.data())
                                          : static_cast<const void*>(img.values.data());
  const size_t in_bytes = n * size_t(input_bytes(a)), out_bytes = n * size_t(output_bytes(a));
  size_t scratch_bytes = 0;
  switch (v) {
    case Variant::RowColumn:
      scratch_bytes = row_column_scratch_bytes(a, w, h);
      break;
    case Variant::Transpose:
      scratch_bytes = transpose_scratch_bytes(a, w, h);
      break;
    case Variant::BlockScan:
      scratch_bytes = block_scan_scratch_bytes(a, w, h);
      break;
    case Variant::RegisterTiled:
      scratch_bytes = register_tiled_scratch_bytes(a, w, h);
      break;
    default:
      scratch_bytes = single_pass_scratch_bytes(a, w, h);
  }
  void *in = nullptr, *out = nullptr, *scratch = nullptr;
  EXPECT_EQ(cudaMalloc(&in, in_bytes), cudaSuccess);
  EXPECT_EQ(cudaMalloc(&out, out_bytes), cudaSuccess);
  if (scratch_bytes) {
    EXPECT_EQ(cudaMalloc(&scratch, scratch_bytes), cudaSuccess);
  }
  EXPECT_EQ(cudaMemcpy(in, host_in, in_bytes, cudaMemcpyHostToDevice), cudaSuccess);
  // Garbage in the scratch: a launch must not rely on it.
  if (scratch_bytes) {
    EXPECT_EQ(cudaMemset(scratch, 0x5a, scratch_bytes), cudaSuccess);
  }
  switch (v) {
    case Variant::RowColumn:
      launch_row_column(a, in, out, w, h, scratch, 0);
      break;
    case Variant::Transpose:
      launch_transpose(a, in, out, w, h, scratch, 0);
      break;
    case Variant::BlockScan:
      launch_block_scan(a, in, out, w, h, scratch, 0);
      break;
    case Variant::RegisterTiled:
      launch_register_tiled(a, in, out, w, h, scratch, 0);
      break;
    default:
      launch_single_pass(a, in, out, w, h, scratch, 0);
  }
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  std::vector<double> table(n);
  if (a == Accum::U8U32) {
    std::vector<uint32_t> t(n);
    EXPECT_EQ(cudaMemcpy(t.data(), out, out_bytes, cudaMemcpyDeviceToHost), cudaSuccess);
    table.assign(t.begin(), t.end());
  } else if (a == Accum::F32F32) {
    std::vector<float> t(n);
    EXPECT_EQ(cudaMemcpy(t.data(), out, out_bytes, cudaMemcpyDeviceToHost), cudaSuccess);
    table.assign(t.begin(), t.end());
  } else {
    EXPECT_EQ(cudaMemcpy(table.data(), out, out_bytes, cudaMemcpyDeviceToHost), cudaSuccess);
  }
  cudaFree(in);
  cudaFree(out);
  if (scratch) cudaFree(scratch);
  return table;
}

void expect_fast(Variant v, Accum a, int w, int h, uint64_t seed) {
  const Plane img = random_plane(w, h, a, seed);
  const std::vector<double> got = fast_table(v, a, img);
  const std::string what = describe(v, a, w, h);
  if (a == Accum::F32F32) {
    const std::vector<double> exact = sat_reference(img);
    // float rounding grows with the table: about one ulp per add along the longest chain
    const double tol = 2e-7 * (w + h + 64);
    for (size_t i = 0; i < exact.size(); ++i)
      ASSERT_NEAR(got[i], exact[i], tol * std::max(1.0, exact[i])) << what << " at " << i;
  } else {
    const std::vector<double> want = sat_sequential(img, a);
    for (size_t i = 0; i < want.size(); ++i) ASSERT_EQ(got[i], want[i]) << what << " at " << i;
  }
}

TEST(SatGpuTeach, FastLaunchesEqualTheSequentialTable) {
  WS_SKIP_WITHOUT_GPU();
  const std::pair<int, int> shapes[] = {{1, 1},    {1, 100},  {100, 1},   {7, 13},
                                        {31, 33},  {33, 31},  {127, 129}, {257, 255},
                                        {4099, 3}, {3, 4099}, {1000, 777}};
  for (Variant v : kTeachVariants)
    for (Accum a : {Accum::U8U32, Accum::F32F32, Accum::F32F64})
      for (auto [w, h] : shapes) expect_fast(v, a, w, h, 21);
}

// 8192 x 8192 of 255s: the true table passes 2^32; the u32 table is the wrapped sequential one,
// 255 (x + 1)(y + 1) mod 2^32.
TEST(SatGpuTeach, FastLaunchesAtTheLargestSizeWrapLikeTheSequentialTable) {
  WS_SKIP_WITHOUT_GPU();
  const int n = kMaxSide;
  Plane img;
  img.width = img.height = n;
  img.values.assign(size_t(n) * n, 255.0f);
  for (Variant v : kTeachVariants) {
    const std::vector<double> got = fast_table(v, Accum::U8U32, img);
    for (int y = 0; y < n; ++y)
      for (int x = 0; x < n; ++x) {
        const uint32_t want = uint32_t(255u * uint32_t(x + 1) * uint32_t(y + 1));
        ASSERT_EQ(got[size_t(y) * n + x], double(want)) << info(v).id << " at " << x << "," << y;
      }
  }
}

// Small runs of every variant, teach and fast, for compute-sanitizer.
TEST(SatGpuTeach, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (Variant v : kTeachVariants) {
    expect_teach_equal(v, Accum::U8U32, 32, 32, 4, 31);
    expect_teach_equal(v, Accum::F32F64, 7, 5, 3, 32);
    expect_fast(v, Accum::U8U32, 70, 45, 33);
    expect_fast(v, Accum::F32F64, 33, 65, 34);
  }
}

TEST(SatGpuTeach, BadLaunchesThrow) {
  WS_SKIP_WITHOUT_GPU();
  EXPECT_THROW(launch_row_column(Accum::U8U32, nullptr, nullptr, 4, 4, nullptr, 0), Error);
  int* p = nullptr;
  ASSERT_EQ(cudaMalloc(&p, 64), cudaSuccess);
  EXPECT_THROW(launch_single_pass(Accum::U8U32, p, p, 0, 4, p, 0), Error);
  EXPECT_THROW(launch_block_scan(Accum::U8U32, p, p, kMaxSide + 1, 1, nullptr, 0), Error);
  cudaFree(p);
  TeachParams tp;
  tp.tile = 17;
  for (Variant v : {Variant::SinglePass, Variant::RegisterTiled}) {
    tp.variant = v;
    EXPECT_THROW(teach(tp, random_plane(4, 4, Accum::U8U32, 1), Backend::Cuda), Error);
  }
}

}  // namespace
}  // namespace ws::sat
