// The fused box filter on the GPU (sat_filter_fused.cu: two table rows walked down the image,
// the table never stored) against its CPU twin (filter_box_walk_cpu) and the direct filter, pixel
// for pixel: 1 and 3 channels, radii from 0 to past the image, heights that do not divide into
// the blocks' rows, widths from 1 to 8192 (whole 8-byte groups or not), windows too large for
// 32-bit sums, every way of starting a walk (its first window summed by itself, or from the
// strips' column sums), every way of rounding its inner pixels and of giving warps their columns,
// and the messages for what it does not take.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "common/device_buffer.cuh"
#include "common/error.h"
#include "../kernels/sat_engine_test_support.h"
#include "gpu_test_support.h"
#include "sat/sat.h"
#include "sat/sat_filter_cpu.h"
#include "sat/sat_filter_fused_tuning.h"
#include "sat/sat_launch.h"

namespace ws::sat {
namespace {

using test::random_planes;

FilterParams box(int r) {
  FilterParams p;
  p.radius = r;
  return p;
}

// The GPU's pixels for every channel, channel-major; the image `offset` bytes into its buffer.
std::vector<uint8_t> fused_on_gpu(const std::vector<uint8_t>& planes, int w, int h, int channels,
                                  int r, int flags = kFusedDefault, int offset = 0) {
  DeviceBuffer<uint8_t> image(planes.size() + size_t(offset)), out(planes.size());
  DeviceBuffer<uint8_t> scratch(fused_box_scratch_bytes(w, h, channels));
  WS_CUDA_CHECK(
      cudaMemcpy(image.data() + offset, planes.data(), planes.size(), cudaMemcpyHostToDevice));
  WS_CUDA_CHECK(cudaMemset(out.data(), 0xAB, out.bytes()));
  launch_filter_box_fused_flags(image.data() + offset, w, h, channels, box(r), scratch.data(),
                                out.data(), 0, flags);
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  return out.download();
}

std::vector<uint8_t> walked_on_cpu(const std::vector<uint8_t>& planes, int w, int h, int channels,
                                   int r) {
  std::vector<uint8_t> out(planes.size());
  const size_t n = size_t(w) * h;
  for (int c = 0; c < channels; ++c)
    filter_box_walk_cpu(planes.data() + c * n, w, h, box(r), out.data() + c * n);
  return out;
}

// Each shape's pixels (one channel, random, `seed`) under each set of tuning flags equal the CPU
// twin's.
struct FlagSet {
  int flags;
  const char* name;
};
struct ShapeAndRadius {
  int w, h, r;
};
void expect_the_twin_under_every_flag_set(std::initializer_list<ShapeAndRadius> shapes,
                                          uint64_t seed, std::initializer_list<FlagSet> sets) {
  for (const ShapeAndRadius& c : shapes) {
    const std::vector<uint8_t> img = random_planes(c.w, c.h, 1, seed);
    const std::vector<uint8_t> twin = walked_on_cpu(img, c.w, c.h, 1, c.r);
    for (const FlagSet& set : sets)
      ASSERT_EQ(fused_on_gpu(img, c.w, c.h, 1, c.r, set.flags), twin)
          << c.w << "x" << c.h << " r " << c.r << " (" << set.name << ")";
  }
}

TEST(SatGpuFilterFused, EqualsTheCpuTwinAndTheDirectFilter) {
  WS_SKIP_WITHOUT_GPU();
  struct Shape {
    int w, h;
  };
  for (Shape s :
       {Shape{8, 1}, Shape{8, 37}, Shape{16, 16}, Shape{64, 7}, Shape{96, 333}, Shape{520, 77},
        Shape{1000, 259}, Shape{1, 1}, Shape{1, 50}, Shape{13, 7}, Shape{37, 130}, Shape{1001, 67},
        Shape{10, 40}, Shape{30, 65}, Shape{7, 9}, Shape{12, 20}}) {
    for (int channels : {1, 3}) {
      const std::vector<uint8_t> img = random_planes(s.w, s.h, channels, 5);
      for (int r : {0, 1, 2, 5, 31, s.h / 2, s.w - 1, std::max(s.w, s.h) + 3, 2147483647}) {
        if (r < 0) continue;
        const std::string at = std::to_string(s.w) + "x" + std::to_string(s.h) + " x" +
                               std::to_string(channels) + " r " + std::to_string(r);
        const std::vector<uint8_t> gpu = fused_on_gpu(img, s.w, s.h, channels, r);
        ASSERT_EQ(gpu, walked_on_cpu(img, s.w, s.h, channels, r)) << at;
        if (s.w * s.h <= 20000 && r <= 40) {  // the direct filter costs O(r^2) a pixel
          FilterParams p;
          p.radius = r;
          std::vector<uint8_t> direct(img.size());
          const size_t n = size_t(s.w) * s.h;
          for (int c = 0; c < channels; ++c)
            filter_direct_cpu(img.data() + c * n, s.w, s.h, p, nullptr, direct.data() + c * n);
          ASSERT_EQ(gpu, direct) << at << " (direct)";
        }
      }
    }
  }
}

TEST(SatGpuFilterFused, WideAndTallImages) {
  WS_SKIP_WITHOUT_GPU();
  struct Case {
    int w, h, r;
  };
  // The walks take 256 threads up to 2048 columns, 512 up to 4096, 1024 above: widths at and
  // just past each edge, whole 8-byte rows and not. 8183 x 4104: over 32 MiB of padded rows, so
  // launch 0 runs by warps.
  for (Case c : {Case{8192, 24, 3}, Case{8, 8192, 100}, Case{8192, 8192, 4}, Case{8192, 8192, 64},
                 Case{2048, 2048, 1000}, Case{8191, 300, 17}, Case{3, 8192, 2}, Case{4096, 4096, 4},
                 Case{2049, 700, 33}, Case{3000, 500, 40}, Case{3001, 301, 9}, Case{4097, 64, 3},
                 Case{1500, 900, 7}, Case{8183, 4104, 5}, Case{8183, 4104, 50}}) {
    const std::vector<uint8_t> img = random_planes(c.w, c.h, 1, 11);
    ASSERT_EQ(fused_on_gpu(img, c.w, c.h, 1, c.r), walked_on_cpu(img, c.w, c.h, 1, c.r))
        << c.w << "x" << c.h << " r " << c.r;
  }
}

TEST(SatGpuFilterFused, EveryStartGivesTheSamePixels) {
  WS_SKIP_WITHOUT_GPU();
  // Windows of at most 1.4 times a block's rows start by summing their rows (8192^2: 63 rows a
  // block, r <= 43; 32 or 3 columns: 16 rows a block, r <= 10), longer ones from launch 1's strips
  // (added by the walks while a window spans at most 16 of them, else through launch 2);
  // kFusedStripStarts takes launches 1 and 2 at every radius, kFusedOwnStarts the walks' own
  // starts at every radius (windows taller than a walk's rows), kFusedSummedStrips the walks'
  // sums of the strips (with kFusedStripStarts at every radius). All must give the twin's pixels,
  // at the radii where the default changes ways too.
  expect_the_twin_under_every_flag_set(
      {{8192, 8192, 4},
       {8192, 8192, 31},
       {8192, 8192, 32},
       {4096, 4096, 7},
       {32, 8192, 3},
       {3, 8192, 7},
       {37, 8192, 8},
       {8192, 500, 0},
       {8192, 8192, 100},
       {37, 8192, 300},
       {8192, 8192, 43},
       {8192, 8192, 44},
       {32, 8192, 10},
       {37, 8192, 11},
       {32, 8192, 13},
       {37, 8192, 14},
       {8192, 8192, 256},
       {8192, 8192, 1000},
       {2049, 700, 33}},
      13,
      {{kFusedDefault, "default"},
       {kFusedStripStarts, "strips"},
       {kFusedOwnStarts, "own"},
       {kFusedSummedStrips, "summed"},
       {kFusedSummedStrips | kFusedStripStarts, "summed, every radius"}});
}

TEST(SatGpuFilterFused, EveryWalkWayGivesTheSamePixels) {
  WS_SKIP_WITHOUT_GPU();
  // The inner pixels go through their row's divisor (rule::mean_divisor) unless the window has
  // 2^23 pixels or more (4104 x 3000 at r = 1500: the middle rows' windows hold 3001 x 3000,
  // the top and bottom rows' fewer, so a walk meets both ways); kFusedFloatRounding rounds them
  // by the float estimate, kFusedWarpColumns gives each warp its own runs of columns (both for
  // the 1024-thread walks: widths past 4096). All must give the twin's pixels.
  expect_the_twin_under_every_flag_set({{8192, 8192, 64},
                                        {8192, 300, 1},
                                        {8192, 300, 200},
                                        {4104, 3000, 1500},
                                        {4097, 700, 45},
                                        {8192, 64, 4000}},
                                       17,
                                       {{kFusedDefault, "default"},
                                        {kFusedFloatRounding, "float"},
                                        {kFusedWarpColumns, "warps"},
                                        {kFusedFloatRounding | kFusedWarpColumns, "float, warps"}});
}

// Widths that are not a multiple of 8 are copied into padded rows first (launch 0): by threads,
// word loads when the image is 4-byte aligned, bytes when not; by warps, aligned 16-byte loads and
// shuffles at any address; every remainder of w / 8, several channels.
TEST(SatGpuFilterFused, RowsThatAreNotWhole8ByteGroups) {
  WS_SKIP_WITHOUT_GPU();
  for (int w : {9, 10, 11, 12, 13, 14, 15, 601, 4093}) {
    const int h = 67;
    const std::vector<uint8_t> img = random_planes(w, h, 2, 21);
    for (int r : {1, 5, 40}) {
      const std::vector<uint8_t> twin = walked_on_cpu(img, w, h, 2, r);
      const std::string at =
          std::to_string(w) + "x" + std::to_string(h) + " r " + std::to_string(r);
      ASSERT_EQ(fused_on_gpu(img, w, h, 2, r), twin) << at;
      ASSERT_EQ(fused_on_gpu(img, w, h, 2, r, kFusedDefault, 1), twin) << at << " (odd address)";
      ASSERT_EQ(fused_on_gpu(img, w, h, 2, r, kFusedDefault, 4), twin) << at << " (4-byte aligned)";
      ASSERT_EQ(fused_on_gpu(img, w, h, 2, r, kFusedStripStarts), twin) << at << " (launch 2)";
      // Launch 0 by warps (the default's from 32 MiB of rows) and by threads, at any address.
      for (int offset : {0, 1, 4, 7}) {
        ASSERT_EQ(fused_on_gpu(img, w, h, 2, r, kFusedPadByWarps, offset), twin)
            << at << " (by warps, offset " << offset << ")";
        ASSERT_EQ(fused_on_gpu(img, w, h, 2, r, kFusedPadByThreads, offset), twin)
            << at << " (by threads, offset " << offset << ")";
      }
    }
  }
}

TEST(SatGpuFilterFused, WindowsTooLargeFor32BitSums) {
  WS_SKIP_WITHOUT_GPU();
  // 8192 x 4200 at r = 4100: windows up to 8192 x 4200 pixels, sums past 2^32 (64-bit walks);
  // all 255 the mean is 255 everywhere, random it must equal the twin.
  const int w = 8192, h = 4200;
  const std::vector<uint8_t> white(size_t(w) * h, 255);
  const std::vector<uint8_t> gpu = fused_on_gpu(white, w, h, 1, 4100);
  EXPECT_EQ(gpu, white);
  const std::vector<uint8_t> img = random_planes(w, h, 1, 3);
  for (int r : {2052, 4100, 8191})
    ASSERT_EQ(fused_on_gpu(img, w, h, 1, r), walked_on_cpu(img, w, h, 1, r)) << "r " << r;
  // The walks adding launch 1's strips themselves (the default takes launch 2 for these windows).
  ASSERT_EQ(fused_on_gpu(img, w, h, 1, 2052, kFusedSummedStrips),
            walked_on_cpu(img, w, h, 1, 2052));
  // The same in the 512-thread walk: 4096 x 4200 windows pass 2^32 / 255 pixels too.
  const std::vector<uint8_t> half = random_planes(4096, h, 1, 5);
  ASSERT_EQ(fused_on_gpu(half, 4096, h, 1, 4100), walked_on_cpu(half, 4096, h, 1, 4100));
  // And in padded rows (4097 columns: launch 0, then the 64-bit walk for padded rows).
  const std::vector<uint8_t> padded = random_planes(4097, h, 1, 6);
  ASSERT_EQ(fused_on_gpu(padded, 4097, h, 1, 4100), walked_on_cpu(padded, 4097, h, 1, 4100));
}

// Small runs of every launch shape for compute-sanitizer (device-check.sh runs the
// *ForTheSanitizers* tests under memcheck, racecheck and synccheck): whole 8-byte rows and not,
// 32- and 64-bit windows, one and two channels, walks that sum their first window themselves.
TEST(SatGpuFilterFused, SmallRunsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  struct Case {
    int w, h, channels, r;
  };
  for (Case c : {Case{64, 40, 1, 3}, Case{37, 29, 2, 5}, Case{16, 300, 1, 0}, Case{8, 9, 1, 100},
                 Case{32, 8192, 1, 3}, Case{37, 4096, 1, 2}, Case{4104, 24, 1, 3}}) {
    const std::vector<uint8_t> img = random_planes(c.w, c.h, c.channels, 9);
    const std::vector<uint8_t> twin = walked_on_cpu(img, c.w, c.h, c.channels, c.r);
    ASSERT_EQ(fused_on_gpu(img, c.w, c.h, c.channels, c.r), twin)
        << c.w << "x" << c.h << " r " << c.r;
    // Every start: the walks adding launch 1's strips, and launch 2's columns.
    ASSERT_EQ(fused_on_gpu(img, c.w, c.h, c.channels, c.r, kFusedSummedStrips | kFusedStripStarts),
              twin)
        << c.w << "x" << c.h << " r " << c.r << " (summed strips)";
    ASSERT_EQ(fused_on_gpu(img, c.w, c.h, c.channels, c.r, kFusedStripStarts), twin)
        << c.w << "x" << c.h << " r " << c.r << " (launch 2)";
  }
  // Padded rows from an image at an odd address (launch 0 byte by byte) and a 4-byte aligned one,
  // by threads and by warps (whose first and last 16-byte loads reach outside the image).
  const std::vector<uint8_t> odd = random_planes(13, 40, 2, 8);
  for (int offset : {1, 4})
    for (int pad : {kFusedDefault, kFusedPadByWarps})
      ASSERT_EQ(fused_on_gpu(odd, 13, 40, 2, 6, pad, offset), walked_on_cpu(odd, 13, 40, 2, 6))
          << "offset " << offset << " flags " << pad;
  const std::vector<uint8_t> wide_odd = random_planes(1037, 19, 1, 7);
  for (int offset : {0, 3})
    ASSERT_EQ(fused_on_gpu(wide_odd, 1037, 19, 1, 2, kFusedPadByWarps, offset),
              walked_on_cpu(wide_odd, 1037, 19, 1, 2))
        << "1037 x 19, offset " << offset;
  // 64-bit windows need more than kExactU32Pixels pixels: 4200 x 4200 at r = 4100, one channel.
  const int side = 4200;
  const std::vector<uint8_t> img = random_planes(side, side, 1, 10);
  ASSERT_EQ(fused_on_gpu(img, side, side, 1, 4100), walked_on_cpu(img, side, side, 1, 4100));
}

TEST(SatGpuFilterFused, ClearMessagesForWhatItDoesNotTake) {
  WS_SKIP_WITHOUT_GPU();
  EXPECT_EQ(fused_box_scratch_bytes(0, 4, 1), 0u);
  EXPECT_EQ(fused_box_scratch_bytes(kMaxSide + 1, 4, 1), 0u);
  DeviceBuffer<uint8_t> image(64), out(64), scratch(1 << 20);
  try {
    launch_filter_box_fused(image.data(), kMaxSide + 1, 1, 1, box(1), scratch.data(), out.data(),
                            0);
    FAIL() << "a width of " << kMaxSide + 1 << " was taken";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("1..8192"), std::string::npos) << e.what();
  }
  EXPECT_THROW(
      launch_filter_box_fused(image.data(), 8, 4, 1, box(-1), scratch.data(), out.data(), 0),
      Error);
  EXPECT_THROW(
      launch_filter_box_fused(image.data(), 8, 4, 5, box(1), scratch.data(), out.data(), 0), Error);
}

}  // namespace
}  // namespace ws::sat
