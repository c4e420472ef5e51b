// The fused box filter's launch 0 (pad rows: an image whose width is not a multiple of 8 copied
// into rows of w rounded up to 8 bytes) by threads and by warps (sat_filter_fused_starts.cu), on
// large and small shapes, at aligned and odd addresses; the warps' rows are compared with the
// threads' on the device (pads included), not part of the build. By threads (three aligned 4-byte
// loads and two funnel shifts per 8 bytes a thread) it took 0.044-0.052 ms at 8183-8191 x 8192 on
// an H200, 61-72% of copy; by warps (a warp per 512 bytes of a row: one aligned 16-byte load a
// lane, the next lane's 16 bytes by shuffles, a funnel shift by the warp's common byte offset)
// 0.040-0.042 ms, 76-79%, and 1-2 us slower on images of 12 MB and less, so the app takes the
// warps from 32 MiB of rows. The first version of this sweep also ran the warps with 256 and 1024
// row groups (0.050 and 0.043-0.045 ms: the app takes 4096) and with 4 rows unrolled (no change):
// docs/perf/sat_pad_sweep_h200_2026-12-02_{1,2,3,4}.txt.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -Ibench/dev -o sat_pad_sweep \
//     bench/dev/sat_pad_sweep.cu build/kernels/sat/libws_sat.a build/kernels/libws_common.a
//   ./sat_pad_sweep [repeats]
#include <cstdio>
#include <cstdlib>

#include "dev_common.cuh"
#include "sat/sat_filter_fused_parts.cuh"

int main(int argc, char** argv) {
  using ws::dev::Dev;
  using ws::dev::median_ms;
  const int reps = argc > 1 ? std::atoi(argv[1]) : 20;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, %d SMs; %d repeats\n", prop.name, prop.multiProcessorCount, reps);
  const double copy_gbps = ws::dev::copy_gbps(reps, 56);
  struct Shape {
    int w, h, channels, offset;
  };
  const Shape shapes[] = {{8183, 8192, 1, 0}, {8191, 8192, 1, 0}, {8183, 8192, 1, 3},
                          {1366, 768, 3, 0},  {4001, 3000, 1, 0}, {13, 40, 2, 1},
                          {8185, 8192, 1, 0}};
  for (const Shape& s : shapes) {
    const int pitch = ws::sat::fused::padded_pitch(s.w);
    const int rows = s.h * s.channels;
    const size_t in_bytes = size_t(rows) * s.w, out_bytes = size_t(rows) * pitch;
    Dev in(in_bytes + 16), by_threads(out_bytes), by_warps(out_bytes);
    const uint8_t* image = in.as<uint8_t>() + s.offset;
    ws::dev::fill_random_bytes<<<1024, 256>>>(in.as<uint8_t>(), in_bytes + 16);
    const double bytes = double(in_bytes) + double(out_bytes);
    for (int round = 0; round < 2; ++round) {
      for (bool warps : {false, true}) {
        Dev& out = warps ? by_warps : by_threads;
        CK(cudaMemset(out.p, warps ? 0xa5 : 0x5a, out_bytes));
        auto pad = [&] {
          ws::sat::fused::launch_pad_rows(image, s.w, pitch, rows, out.as<uint8_t>(), warps, 0);
        };
        pad();
        CK(cudaDeviceSynchronize());
        const int64_t bad =
            warps ? ws::dev::first_difference(by_warps.as<uint8_t>(), by_threads.as<uint8_t>(),
                                              int64_t(out_bytes))
                  : -1;
        const double ms = median_ms(pad, reps);
        std::printf("%5d x %4d x %d +%d  %-12s %8.4f ms  %6.1f%% copy%s\n", s.w, s.h, s.channels,
                    s.offset, warps ? "by warps" : "by threads", ms,
                    100.0 * bytes / ms / 1e6 / copy_gbps,
                    !warps    ? ""
                    : bad < 0 ? "  same bytes"
                              : "  WRONG");
      }
    }
  }
  return 0;
}
