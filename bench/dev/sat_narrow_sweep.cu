// Variant 5's 128-column tiles (the u8 -> u32 path for widths that are not a multiple of 16, and
// every float table) at photo sizes, 32, 64 and 128 rows high, against the default's choice
// (narrow_rows: 32 rows up to 2048 tiles, else 64 up to 8192), and the wide path (widths that are
// a multiple of 16) by default (wide_rows: 32 rows up to 2048 tiles, else 64), at 64 and 32 rows;
// the defaults also with plain launches (launches 2 and 3 not dependent launches).
// Not part of the build. Every case's table is compared with the 128-row tiles' on the device (the
// 128-row path is the one the GPU tests check against the CPU). One line per case: median of the
// repeats in ms.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -Ibench/dev -o sat_narrow_sweep \
//     bench/dev/sat_narrow_sweep.cu build/kernels/sat/libws_sat.a build/kernels/libws_common.a
//   ./sat_narrow_sweep [repeats]   (default 20)
#include <cstdio>
#include <cstdlib>

#include "dev_common.cuh"
#include "sat/sat_launch.h"
#include "sat/sat_register_tiled_tuning.h"

int main(int argc, char** argv) {
  using namespace ws::sat;
  using ws::dev::Dev;
  const int reps = argc > 1 ? std::atoi(argv[1]) : 20;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, %d SMs; u8 -> u32, median of %d\n", prop.name, prop.multiProcessorCount, reps);
  const int shapes[][2] = {{600, 400},   {512, 512},   {1000, 700},  {1366, 768},  {1200, 800},
                           {1920, 1080}, {2040, 1530}, {2048, 2048}, {3000, 2000}, {4001, 3000},
                           {4096, 4096}, {8184, 8192}, {8192, 8192}};
  const int D = kRegisterTiledDefault | kRegisterTiledNarrow;
  for (const auto& shape : shapes) {
    const int w = shape[0], h = shape[1];
    const size_t n = size_t(w) * h;
    Dev in(n), ref(4 * n), out(4 * n);
    ws::dev::fill_random_bytes<<<1024, 256>>>(in.as<uint8_t>(), n);
    size_t scratch_bytes = 0;
    for (int f : {D, D | kRegisterTiledNarrowRows32, D | kRegisterTiledNarrowRows64,
                  D | kRegisterTiledNarrowRows128})
      scratch_bytes =
          std::max(scratch_bytes, register_tiled_scratch_bytes_flags(Accum::U8U32, w, h, f));
    Dev scratch(scratch_bytes);
    launch_register_tiled_flags(Accum::U8U32, in.p, ref.p, w, h, scratch.p, 0,
                                D | kRegisterTiledNarrowRows128);
    CK(cudaDeviceSynchronize());
    const struct {
      const char* name;
      int flags;
    } cases[] = {
        {"128 rows", D | kRegisterTiledNarrowRows128},
        {"64 rows", D | kRegisterTiledNarrowRows64},
        {"32 rows", D | kRegisterTiledNarrowRows32},
        {"default", D},
        {"default, plain launches", D | kRegisterTiledNoOverlap},
        {"wide path, default (when it applies)", kRegisterTiledDefault},
        {"wide path, default, plain launches", kRegisterTiledDefault | kRegisterTiledNoOverlap},
        {"wide path, 64 rows", kRegisterTiledDefault | kRegisterTiledWideRows64},
        {"wide path, 32 rows", kRegisterTiledDefault | kRegisterTiledWideRows32}};
    for (const auto& c : cases) {
      // The carries' launch holds at most 8192 tiles in shared memory (forced heights only).
      const int rows = (c.flags & kRegisterTiledNarrowRows32) != 0   ? 32
                       : (c.flags & kRegisterTiledNarrowRows64) != 0 ? 64
                                                                     : 128;
      if (size_t((w + 127) / 128) * size_t((h + rows - 1) / rows) > 8192) continue;
      CK(cudaMemset(out.p, 0, 4 * n));
      auto run = [&] {
        launch_register_tiled_flags(Accum::U8U32, in.p, out.p, w, h, scratch.p, 0, c.flags);
      };
      run();
      CK(cudaDeviceSynchronize());
      const int64_t bad =
          ws::dev::first_difference(out.as<uint32_t>(), ref.as<uint32_t>(), int64_t(n));
      const double ms = ws::dev::median_ms(run, reps);
      std::printf("%5d x %-5d %-36s %8.4f ms  %s\n", w, h, c.name, ms,
                  bad < 0 ? "same table" : "WRONG");
      std::fflush(stdout);
    }
  }
  return 0;
}
