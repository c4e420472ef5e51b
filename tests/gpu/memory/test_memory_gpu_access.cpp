// The access patterns on CUDA against their CPU twin: every pattern's trace event for event (so
// the counters, sectors and bank ways the view shows are the kernel's own), and the full-size
// timings run and give a plausible effective bandwidth.
#include <gtest/gtest.h>

#include <string>

#include "common/trace.h"
#include "gpu_test_support.h"
#include "memory/access.h"

namespace ws::mem {
namespace {

void expect_same_trace(const AccessParams& p, const std::string& what) {
  const AccessRun cpu = run_access(p, Backend::Cpu);
  const AccessRun gpu = run_access(p, Backend::Cuda);
  EXPECT_EQ(gpu.idx, cpu.idx) << what;
  EXPECT_EQ(gpu.access_step, cpu.access_step) << what;
  EXPECT_EQ(compare_traces(gpu.trace, cpu.trace), "") << what;
}

TEST(MemoryGpuAccess, EveryPatternsTraceEqualsItsTwins) {
  WS_SKIP_WITHOUT_GPU();
  for (const PatternInfo& info : pattern_infos()) {
    for (int warps : {1, 3, 8}) {
      for (int elem_bytes : {1, 4, 16}) {
        AccessParams p;
        p.pattern = info.variant;
        p.warps = warps;
        p.elem_bytes = elem_bytes;
        p.stride = 7;
        p.offset = 3;
        p.width = 37;
        p.window = 16;
        p.tile_pad = warps == 3 ? 1 : 0;
        p.seed = 5 + warps;
        expect_same_trace(p, std::string(info.id) + " warps " + std::to_string(warps) + " elem " +
                                 std::to_string(elem_bytes));
      }
    }
  }
}

TEST(MemoryGpuAccess, StridesAndOffsetsForTheSanitizers) {
  WS_SKIP_WITHOUT_GPU();
  for (int stride : {1, 2, 33, 64}) {
    AccessParams p;
    p.pattern = Pattern::Strided;
    p.stride = stride;
    p.warps = 8;
    expect_same_trace(p, "stride " + std::to_string(stride));
  }
  for (int offset : {0, 1, 31, 128}) {
    AccessParams p;
    p.pattern = Pattern::Misaligned;
    p.offset = offset;
    p.warps = 2;
    expect_same_trace(p, "offset " + std::to_string(offset));
  }
  AccessParams corner;
  corner.pattern = Pattern::CornerTurning;
  corner.warps = 8;
  corner.width = 1024;
  corner.tile_pad = 32;
  expect_same_trace(corner, "corner turning, widest");
}

TEST(MemoryGpuAccess, TimingsRunAndStridesCostBandwidth) {
  WS_SKIP_WITHOUT_GPU();
  const int64_t n = int64_t{1} << 24;
  for (const PatternInfo& info : pattern_infos()) {
    AccessParams p;
    p.pattern = info.variant;
    p.width = 4096;
    const PatternTiming t = time_pattern(p, n, 3);
    if (info.variant == Pattern::CornerTurning) {
      EXPECT_FALSE(t.available);
      EXPECT_FALSE(t.note.empty());
      continue;
    }
    ASSERT_TRUE(t.available) << info.id << ": " << t.note;
    EXPECT_GT(t.ms, 0) << info.id;
    EXPECT_GT(t.gbps, 1) << info.id;
  }
  const BandwidthCurve by_stride = bandwidth_vs_stride(n, 16, 3);
  ASSERT_TRUE(by_stride.available) << by_stride.note;
  ASSERT_EQ(by_stride.x.size(), 16u);
  EXPECT_GT(by_stride.copy_gbps, 0);
  // Stride 16 moves a sector per 4 useful bytes read: well under half of stride 1's bandwidth.
  EXPECT_LT(by_stride.gbps.back(), 0.5 * by_stride.gbps.front());
  // No effective bandwidth beats the copy by much (the write of stride 1 is as a copy's).
  EXPECT_LT(by_stride.gbps.front(), 1.3 * by_stride.copy_gbps);
  const BandwidthCurve by_offset = bandwidth_vs_offset(n, 4, 3);
  ASSERT_TRUE(by_offset.available) << by_offset.note;
  EXPECT_EQ(by_offset.x.front(), 0);
}

}  // namespace
}  // namespace ws::mem
