// The summed-area-table sweep of issue 30, round two (not part of the build): variant 5's wide
// u8 -> u32 path (the app's own kernels: this file includes sat_register_tiled.cu) under its
// tuning switches, each launch alone, and the limits it runs into (a device-to-device copy, a read
// of the image, a write of the table, a widening copy u8 -> u32), on 8192 x 8192 random bytes.
// Every switch's table is compared with the default's on the device.
// One line per case: median of the repeats in ms, % of copy (5 bytes per pixel: the image read
// once, the table written once, against the device-to-device copy's bytes per second).
// Then the box filter: the table and the filter reading it (the engine's SAT method) against the
// fused filter (sat_filter_fused.cu: the table never stored), at radii 1 to 8192.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -Ibench/dev -o sat_sweep bench/dev/sat_sweep.cu \
//     build/kernels/sat/libws_sat.a build/kernels/libws_common.a   (after a CUDA build)
//   ./sat_sweep [repeats] [side]   (default 20 repeats, side 8192)
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "dev_common.cuh"
#include "sat/sat_filter_fused_tuning.h"
#include "sat/sat_launch.h"
#include "sat/sat_register_tiled.cu"

namespace {

using ws::dev::Dev;
using ws::dev::median_ms;
int g_reps = 20;

__global__ void read_all(const uint4* p, size_t n, unsigned* sink) {
  unsigned acc = 0;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    const uint4 v = __ldg(p + i);
    acc ^= v.x ^ v.y ^ v.z ^ v.w;
  }
  if (acc == 0x12345678u) *sink = acc;
}

// Four 4-byte loads in flight per thread, each widened into a 16-byte streaming store.
__global__ void widen4x(const uchar4* in, uint4* out, size_t n4) {
  const size_t stride = size_t(gridDim.x) * blockDim.x;
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  for (; i + 3 * stride < n4; i += 4 * stride) {
    uchar4 v[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) v[k] = __ldg(in + i + k * stride);
#pragma unroll
    for (int k = 0; k < 4; ++k)
      __stcs(out + i + k * stride, make_uint4(v[k].x, v[k].y, v[k].z, v[k].w));
  }
  for (; i < n4; i += stride) {
    const uchar4 v = __ldg(in + i);
    __stcs(out + i, make_uint4(v.x, v.y, v.z, v.w));
  }
}

// 4 bytes in, 16 bytes out per thread: warps load 128 and store 512 consecutive bytes.
__global__ void widen(const uchar4* in, uint4* out, size_t n4) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n4;
       i += size_t(gridDim.x) * blockDim.x) {
    const uchar4 v = __ldg(in + i);
    __stcs(out + i, make_uint4(v.x, v.y, v.z, v.w));
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) g_reps = std::atoi(argv[1]);
  const int side = argc > 2 ? std::atoi(argv[2]) : 8192;
  const size_t n = size_t(side) * side;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, %d SMs, L2 %d MiB, persisting max %d MiB; %d x %d u8 -> u32, %d repeats\n",
              prop.name, prop.multiProcessorCount, prop.l2CacheSize >> 20,
              prop.persistingL2CacheMaxSize >> 20, side, side, g_reps);

  const double copy_gbps = ws::dev::copy_gbps(g_reps, 44);
  auto line = [&](const char* name, double ms, double bytes) {
    std::printf("%-44s %8.4f ms  %6.1f%% copy\n", name, ms, 100.0 * bytes / ms / 1e6 / copy_gbps);
  };
  const double sat_bytes = 5.0 * n;

  Dev in(n), out(4 * n), ref(4 * n), sink(16);
  ws::dev::fill_random_bytes<<<1024, 256>>>(in.as<uint8_t>(), n);
  CK(cudaDeviceSynchronize());
  line("read the image (64 MiB at 8192^2)",
       median_ms(
           [&] {
             read_all<<<prop.multiProcessorCount * 8, 256>>>(in.as<uint4>(), n / 16,
                                                             sink.as<unsigned>());
           },
           g_reps),
       double(n));
  for (int bps : {2, 4, 8})
    line(bps == 2 ? "read the image, 4 loads in flight, 2 blocks/SM"
                  : (bps == 4 ? "  ... 4 blocks/SM" : "  ... 8 blocks/SM"),
         median_ms(
             [&] {
               ws::dev::read_all4<false><<<prop.multiProcessorCount * bps, 1024>>>(
                   in.as<uint4>(), n / 16, sink.as<unsigned>());
             },
             g_reps),
         double(n));
  line("widening copy, 4 loads in flight",
       median_ms(
           [&] {
             widen4x<<<prop.multiProcessorCount * 8, 256>>>(in.as<uchar4>(), out.as<uint4>(),
                                                            n / 4);
           },
           g_reps),
       sat_bytes);
  line("write the table (memset)", median_ms([&] { CK(cudaMemsetAsync(out.p, 0, 4 * n)); }, g_reps),
       4.0 * n);
  line("widening copy u8 -> u32",
       median_ms(
           [&] {
             widen<<<prop.multiProcessorCount * 16, 256>>>(in.as<uchar4>(), out.as<uint4>(), n / 4);
           },
           g_reps),
       sat_bytes);

  using namespace ws::sat;
  const int D = kRegisterTiledDefault;
  size_t scratch_bytes = 0;
  for (int f : {D, D | kRegisterTiledWideRows32, D | kRegisterTiledWideRows128})
    scratch_bytes =
        std::max(scratch_bytes, register_tiled_scratch_bytes_flags(Accum::U8U32, side, side, f));
  Dev scratch(scratch_bytes);
  launch_register_tiled_flags(Accum::U8U32, in.p, ref.p, side, side, scratch.p, 0, D);
  CK(cudaDeviceSynchronize());

  struct Case {
    const char* name;
    int flags;
  };
  const Case cases[] = {
      {"default (reverse, streaming stores)", D},
      {"  ... 32-row tiles", D | kRegisterTiledWideRows32},
      {"  ... 128-row tiles", D | kRegisterTiledWideRows128},
      {"default, forward order", kRegisterTiledStream},
      {"default, plain stores", kRegisterTiledReverse},
  };
  for (const Case& c : cases) {
    CK(cudaMemset(out.p, 0, 4 * n));
    const double ms = median_ms(
        [&] {
          launch_register_tiled_flags(Accum::U8U32, in.p, out.p, side, side, scratch.p, 0, c.flags);
        },
        g_reps);
    const int64_t bad =
        ws::dev::first_difference(out.as<uint32_t>(), ref.as<uint32_t>(), int64_t(n));
    line(c.name, ms, sat_bytes);
    if (bad >= 0) std::printf("    WRONG: first difference at %lld\n", (long long)bad);
  }
  // Each launch alone (the table is incomplete; the scratch holds the last full run's carries).
  const Case alone[] = {
      {"launch 1 alone (tile sums)", D | kRegisterTiledOnly1},
      {"launch 2 alone (carries)", D | kRegisterTiledOnly2},
      {"launch 3 alone (tile tables)", D | kRegisterTiledOnly3},
      {"launches 1 + 2", D | kRegisterTiledOnly1 | kRegisterTiledOnly2},
      {"launches 2 + 3", D | kRegisterTiledOnly2 | kRegisterTiledOnly3},
  };
  for (const Case& c : alone) {
    const double ms = median_ms(
        [&] {
          launch_register_tiled_flags(Accum::U8U32, in.p, out.p, side, side, scratch.p, 0, c.flags);
        },
        g_reps);
    line(c.name, ms, sat_bytes);
  }

  // The box filter: table + filter against the fused filter, and the fused one against the
  // table path's pixels.
  {
    const double sat_ms = median_ms(
        [&] {
          launch_register_tiled_flags(Accum::U8U32, in.p, out.p, side, side, scratch.p, 0, D);
        },
        g_reps);
    Dev filtered(n), fused(n), fused_scratch(fused_box_scratch_bytes(side, side, 1));
    std::printf("box filter, %d x %d u8 (SAT alone %.4f ms)\n", side, side, sat_ms);
    for (int r : {1, 4, 16, 31, 32, 64, 256, 1000, 1500, 2052, 4000, 8192}) {
      FilterParams fp;
      fp.radius = r;
      const double table_ms = median_ms(
          [&] {
            launch_register_tiled_flags(Accum::U8U32, in.p, out.p, side, side, scratch.p, 0, D);
            launch_filter_sat(Accum::U8U32, out.p, side, side, 1, fp, nullptr,
                              filtered.as<uint8_t>(), 0);
          },
          g_reps);
      const double fused_ms = median_ms(
          [&] {
            launch_filter_box_fused(in.as<uint8_t>(), side, side, 1, fp, fused_scratch.p,
                                    fused.as<uint8_t>(), 0);
          },
          g_reps);
      const int64_t bad =
          ws::dev::first_difference(fused.as<uint8_t>(), filtered.as<uint8_t>(), int64_t(n));
      std::printf("  r %5d  table + filter %8.4f ms (%.2fx SAT)  fused %8.4f ms (%.2fx SAT)%s\n", r,
                  table_ms, table_ms / sat_ms, fused_ms, fused_ms / sat_ms,
                  bad >= 0 ? "  WRONG" : "");
    }
    struct FusedCase {
      const char* name;
      int flags;
    };
    const FusedCase fused_cases[] = {
        {"default (8 columns a thread, 2 rows an iteration)", kFusedDefault},
        {"the rule's rounding", kFusedRuleRounding},
        {"one output row an iteration", kFusedOneRow},
        {"two blocks per SM", kFused2PerSm},
        {"launch 1 alone (strip sums)", kFusedOnly1},
        {"launch 2 alone (start columns)", kFusedOnly2},
        {"launch 3 alone (walks)", kFusedOnly3},
        {"launch 1 alone, two blocks per SM", kFusedOnly1 | kFused2PerSm},
        {"launch 3 alone, two blocks per SM", kFusedOnly3 | kFused2PerSm},
        {"walks started from launches 1 and 2 at every radius", kFusedStripStarts},
        {"launch 3 alone, started from launches 1 and 2", kFusedOnly3 | kFusedStripStarts},
        {"walks started by themselves at every radius", kFusedOwnStarts},
        {"walks adding launch 1's strips past the own start", kFusedSummedStrips},
        {"walks adding launch 1's strips at every radius", kFusedSummedStrips | kFusedStripStarts},
        {"launch 3 alone, adding launch 1's strips", kFusedOnly3 | kFusedSummedStrips},
        {"inner pixels by a float estimate (before 2026-12-02)", kFusedFloatRounding},
        {"each warp its own runs of columns (before 2026-12-02)", kFusedWarpColumns},
        {"both (the walk before 2026-12-02, its loads last)",
         kFusedFloatRounding | kFusedWarpColumns},
        {"launch 3 alone, float estimate", kFusedOnly3 | kFusedFloatRounding},
        {"launch 3 alone, each warp its own runs", kFusedOnly3 | kFusedWarpColumns},
        {"launch 3 alone, both", kFusedOnly3 | kFusedFloatRounding | kFusedWarpColumns},
    };
    for (int r : {1, 4, 16, 32, 48, 56, 64, 96, 128, 192, 256, 384, 1000}) {
      FilterParams fp;
      fp.radius = r;
      launch_register_tiled_flags(Accum::U8U32, in.p, out.p, side, side, scratch.p, 0, D);
      launch_filter_sat(Accum::U8U32, out.p, side, side, 1, fp, nullptr, filtered.as<uint8_t>(), 0);
      for (const FusedCase& c : fused_cases) {
        CK(cudaMemset(fused.p, 0, n));
        const double ms = median_ms(
            [&] {
              launch_filter_box_fused_flags(in.as<uint8_t>(), side, side, 1, fp, fused_scratch.p,
                                            fused.as<uint8_t>(), 0, c.flags);
            },
            g_reps);
        const bool partial = (c.flags & (kFusedOnly1 | kFusedOnly2 | kFusedOnly3)) != 0;
        const int64_t bad = partial ? -1
                                    : ws::dev::first_difference(fused.as<uint8_t>(),
                                                                filtered.as<uint8_t>(), int64_t(n));
        std::printf("  r %3d fused, %-58s %8.4f ms (%.2fx SAT)%s\n", r, c.name, ms, ms / sat_ms,
                    bad >= 0 ? "  WRONG" : "");
      }
    }
    FilterParams sixteen;
    sixteen.radius = 16;
    for (int ch : {3}) {
      Dev in3(3 * n), out3(3 * n), scratch3(fused_box_scratch_bytes(side, side, ch));
      ws::dev::fill_random_bytes<<<1024, 256>>>(in3.as<uint8_t>(), 3 * n);
      const double ms = median_ms(
          [&] {
            launch_filter_box_fused(in3.as<uint8_t>(), side, side, ch, sixteen, scratch3.p,
                                    out3.as<uint8_t>(), 0);
          },
          g_reps);
      std::printf("  fused, 3 channels, r 16: %.4f ms\n", ms);
    }
    // Widths that are not a multiple of 8 go through launch 0's padded rows: by warps (the
    // default at these sizes) and by threads, alternated, with the pixels compared.
    for (int width : {8184, 8183, 8191}) {
      const size_t m = size_t(width) * side;
      Dev in_w(m), out_w(m), out_t(m), scratch_w(fused_box_scratch_bytes(width, side, 1));
      ws::dev::fill_random_bytes<<<1024, 256>>>(in_w.as<uint8_t>(), m);
      const bool padded = width % 8 != 0;
      for (int r : {4, 64}) {
        FilterParams fp;
        fp.radius = r;
        for (int pad : {kFusedDefault, kFusedPadByThreads, kFusedDefault, kFusedPadByThreads}) {
          if (!padded && pad != kFusedDefault) continue;
          Dev& dst = pad == kFusedDefault ? out_w : out_t;
          const double ms = median_ms(
              [&] {
                launch_filter_box_fused_flags(in_w.as<uint8_t>(), width, side, 1, fp, scratch_w.p,
                                              dst.as<uint8_t>(), 0, pad);
              },
              g_reps);
          std::printf("  fused, %d x %d, r %d%s: %.4f ms\n", width, side, r,
                      !padded                ? ""
                      : pad == kFusedDefault ? ", launch 0 by warps"
                                             : ", launch 0 by threads",
                      ms);
        }
        if (padded) {
          const int64_t bad =
              ws::dev::first_difference(out_w.as<uint8_t>(), out_t.as<uint8_t>(), int64_t(m));
          if (bad >= 0)
            std::printf("    WRONG: warps and threads differ at %lld\n", (long long)bad);
        }
      }
      // Launch 0 alone (with the own start launch 1 does not run) and the walk alone, r = 4.
      FilterParams four;
      four.radius = 4;
      const int alone[] = {kFusedOnly1, kFusedOnly1 | kFusedPadByThreads, kFusedOnly1,
                           kFusedOnly1 | kFusedPadByThreads, kFusedOnly3};
      for (int only : alone) {
        if (!padded && only != kFusedOnly3) continue;
        const double ms = median_ms(
            [&] {
              launch_filter_box_fused_flags(in_w.as<uint8_t>(), width, side, 1, four, scratch_w.p,
                                            out_w.as<uint8_t>(), 0, only | kFusedOwnStarts);
            },
            g_reps);
        std::printf("  fused, %d x %d, r 4, %s: %.4f ms\n", width, side,
                    only == kFusedOnly1   ? "launch 0 alone, by warps"
                    : only == kFusedOnly3 ? "launch 3 alone"
                                          : "launch 0 alone, by threads",
                    ms);
      }
    }
  }

  // The image kept in L2 between launch 1 and launch 3: a persisting access window over it.
  cudaStream_t st;
  CK(cudaStreamCreate(&st));
  CK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, size_t(prop.persistingL2CacheMaxSize)));
  for (float ratio : {0.25f, 0.5f, 0.75f, 1.0f}) {
    cudaStreamAttrValue v = {};
    v.accessPolicyWindow.base_ptr = in.p;
    v.accessPolicyWindow.num_bytes = std::min<size_t>(n, size_t(prop.accessPolicyMaxWindowSize));
    v.accessPolicyWindow.hitRatio = ratio;
    v.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    v.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    CK(cudaStreamSetAttribute(st, cudaStreamAttributeAccessPolicyWindow, &v));
    for (int f : {D, int(kRegisterTiledStream)}) {
      CK(cudaMemset(out.p, 0, 4 * n));
      cudaEvent_t a, b;
      CK(cudaEventCreate(&a));
      CK(cudaEventCreate(&b));
      std::vector<float> t;
      for (int i = 0; i < g_reps + 3; ++i) {
        CK(cudaEventRecord(a, st));
        launch_register_tiled_flags(Accum::U8U32, in.p, out.p, side, side, scratch.p, st, f);
        CK(cudaEventRecord(b, st));
        CK(cudaEventSynchronize(b));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, a, b));
        if (i >= 3) t.push_back(ms);
      }
      std::sort(t.begin(), t.end());
      const int64_t bad =
          ws::dev::first_difference(out.as<uint32_t>(), ref.as<uint32_t>(), int64_t(n));
      char name[96];
      std::snprintf(name, sizeof name, "L2 persisting image, hit ratio %.2f%s", ratio,
                    f == D ? "" : ", forward");
      line(name, t[t.size() / 2], sat_bytes);
      if (bad >= 0) std::printf("    WRONG: first difference at %lld\n", (long long)bad);
    }
    CK(cudaCtxResetPersistingL2Cache());
  }
  return 0;
}
