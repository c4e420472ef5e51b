// Variant 5's 128-column tiles (the u8 -> u32 path for widths that are not a multiple of 16 and
// for small images, and every float table) at photo sizes, 8 to 128 rows high, against the
// default's choice (register_tile_rows: 8, 16 or 32 rows up to 1536, 2048 (u8: 3072) or 2048 tiles,
// else 64 where the carries' launch holds them), and for u8 the wide path (widths that are a
// multiple of 16) by default (wide_rows: 32 rows up to 2048 tiles, else 64), at 64 and 32 rows; the
// defaults also with plain launches (launches 2 and 3 not dependent launches); last the launch's
// own default (for u8 the wide path where the 128-column tiles would be taller than 32 rows). Not
// part of the build. Every case's table is compared with the 128-row tiles' on the device: u8 ->
// u32 and f32 -> f64 (of whole numbers, exact) must be the same; f32 -> f32 tiles of another height
// add in another order, so their largest relative difference is printed. One line per case: median
// of the repeats in ms.
//   nvcc -O3 -std=c++17 -arch=sm_90 -Ikernels -Ibench/dev -o sat_narrow_sweep \
//     bench/dev/sat_narrow_sweep.cu build/kernels/sat/libws_sat.a build/kernels/libws_common.a
//   ./sat_narrow_sweep [repeats] [u8|f32|f64]   (default 20 u8)
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "dev_common.cuh"
#include "sat/sat_launch.h"
#include "sat/sat_register_tiled_shape.h"
#include "sat/sat_register_tiled_tuning.h"

__global__ void widen_to_float(const uint8_t* in, float* out, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    out[i] = float(in[i]);
}

__global__ void largest_relative_difference(const float* a, const float* b, size_t n,
                                            unsigned* most) {  // as the float's bits (>= 0)
  float m = 0.0f;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    const float d = fabsf(a[i] - b[i]) / fmaxf(fabsf(b[i]), 1.0f);
    m = d != d ? 1e30f : fmaxf(m, d);
  }
  atomicMax(most, __float_as_uint(m));
}

int main(int argc, char** argv) {
  using namespace ws::sat;
  using ws::dev::Dev;
  const int reps = argc > 1 ? std::atoi(argv[1]) : 20;
  const char* type = argc > 2 ? argv[2] : "u8";
  const Accum accum = std::strcmp(type, "f32") == 0   ? Accum::F32F32
                      : std::strcmp(type, "f64") == 0 ? Accum::F32F64
                                                      : Accum::U8U32;
  const size_t in_bytes = accum == Accum::U8U32 ? 1 : 4;
  const size_t out_bytes = accum == Accum::F32F64 ? 8 : 4;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, %d SMs; %s, median of %d\n", prop.name, prop.multiProcessorCount,
              accum == Accum::U8U32    ? "u8 -> u32"
              : accum == Accum::F32F32 ? "f32 -> f32"
                                       : "f32 -> f64",
              reps);
  const int shapes[][2] = {{600, 400},   {512, 512},   {1000, 700},  {1366, 768},  {1200, 800},
                           {1920, 1080}, {2040, 1530}, {2048, 2048}, {2051, 1543}, {2592, 1944},
                           {3000, 2000}, {3840, 2160}, {4001, 3000}, {4096, 4096}, {6001, 4000},
                           {8184, 8192}, {8191, 8192}, {8192, 8192}};
  const int D = kRegisterTiledDefault | kRegisterTiledNarrow;
  for (const auto& shape : shapes) {
    const int w = shape[0], h = shape[1];
    const size_t n = size_t(w) * h;
    Dev bytes(n), in(in_bytes * n), ref(out_bytes * n), out(out_bytes * n), most(4);
    ws::dev::fill_random_bytes<<<1024, 256>>>(bytes.as<uint8_t>(), n);
    if (accum == Accum::U8U32)
      CK(cudaMemcpy(in.p, bytes.p, n, cudaMemcpyDeviceToDevice));
    else
      widen_to_float<<<1024, 256>>>(bytes.as<uint8_t>(), in.as<float>(), n);
    size_t scratch_bytes = 0;
    for (int f : {D, D | kRegisterTiledNarrowRows8, D | kRegisterTiledNarrowRows16,
                  D | kRegisterTiledNarrowRows32, D | kRegisterTiledNarrowRows64,
                  D | kRegisterTiledNarrowRows128, kRegisterTiledDefault | kRegisterTiledWide,
                  kRegisterTiledDefault | kRegisterTiledWideRows32, kRegisterTiledDefault})
      scratch_bytes = std::max(scratch_bytes, register_tiled_scratch_bytes_flags(accum, w, h, f));
    Dev scratch(scratch_bytes);
    launch_register_tiled_flags(accum, in.p, ref.p, w, h, scratch.p, 0,
                                D | kRegisterTiledNarrowRows128);
    CK(cudaDeviceSynchronize());
    const struct {
      const char* name;
      int flags;
    } cases[] = {
        {"128 rows", D | kRegisterTiledNarrowRows128},
        {"64 rows", D | kRegisterTiledNarrowRows64},
        {"32 rows", D | kRegisterTiledNarrowRows32},
        {"16 rows", D | kRegisterTiledNarrowRows16},
        {"8 rows", D | kRegisterTiledNarrowRows8},
        {"default", D},
        {"default, plain launches", D | kRegisterTiledNoOverlap},
        {"wide path, default (when it applies)", kRegisterTiledDefault | kRegisterTiledWide},
        {"wide path, default, plain launches",
         kRegisterTiledDefault | kRegisterTiledWide | kRegisterTiledNoOverlap},
        {"wide path, 64 rows", kRegisterTiledDefault | kRegisterTiledWideRows64},
        {"wide path, 32 rows", kRegisterTiledDefault | kRegisterTiledWideRows32},
        {"the launch's default (the path by size)", kRegisterTiledDefault}};
    for (const auto& c : cases) {
      const bool narrow = (c.flags & kRegisterTiledNarrow) != 0;
      if (!narrow && c.flags != kRegisterTiledDefault && accum != Accum::U8U32) continue;
      // The carries' launch holds at most 32 KiB of tile totals (forced heights only).
      const int rows = (c.flags & kRegisterTiledNarrowRows8) != 0    ? 8
                       : (c.flags & kRegisterTiledNarrowRows16) != 0 ? 16
                       : (c.flags & kRegisterTiledNarrowRows32) != 0 ? 32
                       : (c.flags & kRegisterTiledNarrowRows64) != 0 ? 64
                                                                     : 128;
      if (register_tile_count(w, h, 128, rows) > size_t(register_max_tiles(out_bytes))) continue;
      CK(cudaMemset(out.p, 0, out_bytes * n));
      auto run = [&] {
        launch_register_tiled_flags(accum, in.p, out.p, w, h, scratch.p, 0, c.flags);
      };
      run();
      CK(cudaDeviceSynchronize());
      char verdict[64];
      if (accum == Accum::F32F32) {
        CK(cudaMemset(most.p, 0, 4));
        largest_relative_difference<<<1024, 256>>>(out.as<float>(), ref.as<float>(), n,
                                                   most.as<unsigned>());
        unsigned bits = 0;
        CK(cudaMemcpy(&bits, most.p, 4, cudaMemcpyDeviceToHost));
        float d;
        std::memcpy(&d, &bits, 4);
        std::snprintf(verdict, sizeof verdict, "largest relative difference %.2e", double(d));
      } else {
        const int64_t bad =
            accum == Accum::U8U32
                ? ws::dev::first_difference(out.as<uint32_t>(), ref.as<uint32_t>(), int64_t(n))
                : ws::dev::first_difference(out.as<unsigned long long>(),
                                            ref.as<unsigned long long>(), int64_t(n));
        std::snprintf(verdict, sizeof verdict, "%s", bad < 0 ? "same table" : "WRONG");
      }
      const double ms = ws::dev::median_ms(run, reps);
      std::printf("%5d x %-5d %-36s %8.4f ms  %s\n", w, h, c.name, ms, verdict);
      std::fflush(stdout);
    }
  }
  return 0;
}
