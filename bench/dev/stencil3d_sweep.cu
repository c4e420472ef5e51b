// The heat stencil's 3D sweep, round two of issue 30 continued (not part of the build): one time
// step of the 7-point stencil on 512^3, the app's fast kernels (stencil_fast.cu, included) next to
// candidates that move fewer bytes through the L2 or keep more of them in flight:
//   shape   basic with blocks of 32 x BY x BZ threads (planes z-1 .. z+BZ shared in the L1);
//           `shfl`: a row's west and east cells from the neighbouring lanes (only the warp's end
//           lanes load them); `cs`: evict-first stores; `prefetch z+PF`: the cells PF planes
//           further on asked into the L2 first.
//   stream  register tiling without shared memory: a thread owns four cells of a row and marches
//   loop    ZC planes, keeping planes z-1, z, z+1 (and A more, loaded ahead) in registers; the
//           rows y-1 and y+1 are loads (hits in the L1: the warps of those rows load them as
//           their own), west and east come from the neighbouring lanes. No barrier. `stream`
//           unrolls the march over a ring of registers, `loop` rotates them in a plain loop;
//           `minblocks` bounds the registers (launch bounds), `prefetch z+PF` as above.
// Every candidate's field is compared bit for bit with the app's basic kernel, at 512^3 insulated
// and on small odd grids with every boundary. "% copy": 8 bytes per cell over a 1 GiB
// device-to-device cudaMemcpy timed in the same process (the best of three), as the app's bench.
//   nvcc -O3 -std=c++17 -arch=sm_90 -fmad=false -Ikernels -o stencil3d_sweep \
//        bench/dev/stencil3d_sweep.cu build/kernels/libws_common.a
//   ./stencil3d_sweep [repeats] [round 1-5, default 4]
// Rounds 1-3 also timed the app's register tiling of the day before (plane marching with the
// plane in shared memory, stencil_march<4, false>, since replaced): 79.3, 79.1 and 78.7% of copy.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#include "dev_common.cuh"
#include "stencil/stencil_fast.cu"

namespace ws::stencil::detail {
namespace sweep3d {

constexpr unsigned kAll = 0xffffffffu;

__device__ inline float4 ld4(const float* p) {
  return *reinterpret_cast<const float4*>(p);
}
__device__ inline void prefetch_l2(const float* p) {
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
}

template <int BY, int BZ, bool Shfl, bool Cs, int PF = 0>
__global__ void __launch_bounds__(32 * BY * BZ)
    basic_shape(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  const int tx = threadIdx.x;
  const int x = 4 * static_cast<int>(blockIdx.x * 32 + tx);
  const int y = static_cast<int>(blockIdx.y * BY + threadIdx.y);
  const int z = static_cast<int>(blockIdx.z * BZ + threadIdx.z);
  if (y >= g.ny || z >= g.nz) return;  // whole warps
  if (!Shfl && x >= g.nx) return;
  const int xc = min(x, g.nx - 4);
  if (PF > 0 && z + PF < g.nz) prefetch_l2(in + g.index(xc, y, z + PF));
  const float4 c = ld4(in + g.index(xc, y, z));
  const float4 s = ld4(in + g.index(xc, g.beside(y - 1, g.ny), z));
  const float4 n = ld4(in + g.index(xc, g.beside(y + 1, g.ny), z));
  const float4 d = ld4(in + g.index(xc, y, g.beside(z - 1, g.nz)));
  const float4 u = ld4(in + g.index(xc, y, g.beside(z + 1, g.nz)));
  float w, e;
  if constexpr (Shfl) {
    w = __shfl_up_sync(kAll, c.w, 1);
    e = __shfl_down_sync(kAll, c.x, 1);
    if (tx == 0) w = in[g.index(g.beside(xc - 1, g.nx), y, z)];
    if (tx == 31 || xc + 4 >= g.nx) e = in[g.index(g.beside(xc + 4, g.nx), y, z)];
  } else {
    w = in[g.index(g.beside(xc - 1, g.nx), y, z)];
    e = in[g.index(g.beside(xc + 4, g.nx), y, z)];
  }
  const float4 r =
      update_four_7(g, xc, y, z, make_float4(0, 0, 0, w), c, make_float4(e, 0, 0, 0), s, n, d, u);
  if (x >= g.nx) return;
  float4* o = reinterpret_cast<float4*>(out + g.index(x, y, z));
  if constexpr (Cs)
    __stcs(o, r);
  else
    *o = r;
}

template <int BY, int BZ, bool Shfl, bool Cs, int PF = 0>
void launch_basic_shape(const float* in, float* out, const GridDesc& g) {
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + BY - 1) / BY, (g.nz + BZ - 1) / BZ);
  basic_shape<BY, BZ, Shfl, Cs, PF><<<grid, dim3(32, BY, BZ)>>>(in, out, g);
}

struct PlaneRegs {
  float4 c, s, n;  // the thread's four cells, the rows y-1 and y+1
  float w, e;      // west and east of the four (the warp's end lanes only)
};

template <int BY, int ZC, int A, bool Cs, int MinBlocks = 1>
__global__ void __launch_bounds__(32 * BY, MinBlocks)
    stream_march(const float* __restrict__ in, float* __restrict__ out, GridDesc g) {
  constexpr int R = A + 3;  // the ring: planes z-1, z, z+1 and A loaded ahead
  const int tx = threadIdx.x;
  const int x = 4 * static_cast<int>(blockIdx.x * 32 + tx);
  const int y = static_cast<int>(blockIdx.y * BY + threadIdx.y);
  if (y >= g.ny) return;  // whole warps
  const int z0 = static_cast<int>(blockIdx.z) * ZC, z_end = min(z0 + ZC, g.nz);
  const int xc = min(x, g.nx - 4);
  const int ys = g.beside(y - 1, g.ny), yn = g.beside(y + 1, g.ny);
  const bool load_w = tx == 0, load_e = tx == 31 || xc + 4 >= g.nx;
  const int xw = g.beside(xc - 1, g.nx), xe = g.beside(xc + 4, g.nx);
  PlaneRegs p[R];
  auto fetch = [&](int zz, PlaneRegs& q) {
    const int zs = g.beside(zz, g.nz);
    q.c = ld4(in + g.index(xc, y, zs));
    q.s = ld4(in + g.index(xc, ys, zs));
    q.n = ld4(in + g.index(xc, yn, zs));
    if (load_w) q.w = in[g.index(xw, y, zs)];
    if (load_e) q.e = in[g.index(xe, y, zs)];
  };
#pragma unroll
  for (int k = 0; k < A + 2; ++k)
    if (z0 - 1 + k <= z_end) fetch(z0 - 1 + k, p[k]);
#pragma unroll
  for (int i = 0; i < ZC; ++i) {
    const int z = z0 + i;
    if (z >= z_end) break;
    if (z + 1 + A <= z_end) fetch(z + 1 + A, p[(i + A + 2) % R]);
    const PlaneRegs& d = p[i % R];
    const PlaneRegs& c = p[(i + 1) % R];
    const PlaneRegs& u = p[(i + 2) % R];
    float w = __shfl_up_sync(kAll, c.c.w, 1), e = __shfl_down_sync(kAll, c.c.x, 1);
    if (load_w) w = c.w;
    if (load_e) e = c.e;
    const float4 r = update_four_7(g, xc, y, z, make_float4(0, 0, 0, w), c.c,
                                   make_float4(e, 0, 0, 0), c.s, c.n, d.c, u.c);
    if (x < g.nx) {
      float4* o = reinterpret_cast<float4*>(out + g.index(x, y, z));
      if constexpr (Cs)
        __stcs(o, r);
      else
        *o = r;
    }
  }
}

template <int BY, int ZC, int A, bool Cs, int MinBlocks = 1>
void launch_stream_march(const float* in, float* out, const GridDesc& g) {
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + BY - 1) / BY, (g.nz + ZC - 1) / ZC);
  stream_march<BY, ZC, A, Cs, MinBlocks><<<grid, dim3(32, BY)>>>(in, out, g);
}

// The same march with the ring rotated by moves in a loop that is not unrolled (the unrolled
// ring above lets the compiler hoist later planes' loads: more registers).
template <int BY, int A, bool Cs, int MinBlocks = 1, int PF = 0>
__global__ void __launch_bounds__(32 * BY, MinBlocks)
    stream_loop(const float* __restrict__ in, float* __restrict__ out, GridDesc g, int zc) {
  const int tx = threadIdx.x;
  const int x = 4 * static_cast<int>(blockIdx.x * 32 + tx);
  const int y = static_cast<int>(blockIdx.y * BY + threadIdx.y);
  if (y >= g.ny) return;  // whole warps
  const int z0 = static_cast<int>(blockIdx.z) * zc, z_end = min(z0 + zc, g.nz);
  const int xc = min(x, g.nx - 4);
  const int plane = g.nx * g.ny;
  const float* pc = in + g.index(xc, y, 0);
  const float* ps = in + g.index(xc, g.beside(y - 1, g.ny), 0);
  const float* pn = in + g.index(xc, g.beside(y + 1, g.ny), 0);
  const bool load_w = tx == 0, load_e = tx == 31 || xc + 4 >= g.nx;
  const float* pw = in + g.index(g.beside(xc - 1, g.nx), y, 0);
  const float* pe = in + g.index(g.beside(xc + 4, g.nx), y, 0);
  auto fetch = [&](int zz, PlaneRegs& q) {
    const int off = g.beside(zz, g.nz) * plane;
    q.c = ld4(pc + off);
    q.s = ld4(ps + off);
    q.n = ld4(pn + off);
    if (load_w) q.w = pw[off];
    if (load_e) q.e = pe[off];
  };
  float4 d = ld4(pc + g.beside(z0 - 1, g.nz) * plane);
  PlaneRegs c, u, a1;
  fetch(z0, c);
  if constexpr (A >= 1) fetch(z0 + 1, u);
  float* o = out + g.index(x, y, 0);
  if constexpr (PF > 0) {  // the first planes' rows into the L2
    for (int k = 2; k < PF && z0 + k <= z_end; ++k) prefetch_l2(pc + (z0 + k) * plane);
  }
#pragma unroll 1
  for (int z = z0; z < z_end; ++z) {
    if (PF > 0 && z + PF <= z_end && z + PF < g.nz) prefetch_l2(pc + (z + PF) * plane);
    if constexpr (A == 0) {
      fetch(z + 1, u);
    } else {
      if (z + 2 <= z_end) fetch(z + 2, a1);
    }
    float w = __shfl_up_sync(kAll, c.c.w, 1), e = __shfl_down_sync(kAll, c.c.x, 1);
    if (load_w) w = c.w;
    if (load_e) e = c.e;
    const float4 r = update_four_7(g, xc, y, z, make_float4(0, 0, 0, w), c.c,
                                   make_float4(e, 0, 0, 0), c.s, c.n, d, u.c);
    if (x < g.nx) {
      float4* q = reinterpret_cast<float4*>(o + z * plane);
      if constexpr (Cs)
        __stcs(q, r);
      else
        *q = r;
    }
    d = c.c;
    c = u;
    if constexpr (A >= 1) u = a1;
  }
}

template <int BY, int A, bool Cs, int MinBlocks = 1, int PF = 0>
void launch_stream_loop(const float* in, float* out, const GridDesc& g, int zc) {
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + BY - 1) / BY, (g.nz + zc - 1) / zc);
  stream_loop<BY, A, Cs, MinBlocks, PF><<<grid, dim3(32, BY)>>>(in, out, g, zc);
}

__global__ void copy4(const float4* __restrict__ in, float4* __restrict__ out, int64_t n4) {
  const int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (i < n4) out[i] = in[i];
}

int g_reps = 20;
double g_copy_gbps = 0;
int g_failures = 0;

template <class F>
int regs_of(F kernel) {
  cudaFuncAttributes a{};
  CK(cudaFuncGetAttributes(&a, kernel));
  return a.numRegs;
}

struct Field {
  GridDesc g;
  int64_t n;
  ws::dev::Dev *in, *out, *ref;
};

// The app's basic kernel gives the reference field.
void reference(const Field& f) {
  launch_basic_all4_3d(f.in->as<float>(), f.ref->as<float>(), nullptr, f.g, false);
  CK(cudaDeviceSynchronize());
}

template <class Launch>
bool same(const Field& f, Launch&& launch) {
  CK(cudaMemset(f.out->p, 0, f.n * 4));
  launch(f.in->as<float>(), f.out->as<float>(), f.g);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  return ws::dev::first_difference(f.out->as<uint32_t>(), f.ref->as<uint32_t>(), f.n) < 0;
}

// Small grids with every boundary: a row that ends inside a warp, planes that end inside a
// marching chunk, rows that end inside a block.
template <class Launch>
bool small_grids_agree(Launch&& launch) {
  const int shapes[3][3] = {{96, 40, 36}, {132, 7, 67}, {512, 24, 5}};
  const Boundary bounds[3] = {Boundary::Insulated, Boundary::Fixed, Boundary::Periodic};
  for (const auto& s : shapes)
    for (Boundary b : bounds) {
      Field f{GridDesc{s[0], s[1], s[2], 3, b, 0.1f}, int64_t(s[0]) * s[1] * s[2]};
      ws::dev::Dev in(f.n * 4), out(f.n * 4), ref(f.n * 4);
      f.in = &in, f.out = &out, f.ref = &ref;
      ws::dev::fill_temperatures<<<256, 256>>>(in.as<float>(), f.n, 11);
      reference(f);
      if (!same(f, launch)) {
        std::printf("  differs from basic at %d x %d x %d, boundary %d\n", s[0], s[1], s[2],
                    int(b));
        return false;
      }
    }
  return true;
}

template <class Launch>
void row(const Field& big, const char* name, int regs, Launch&& launch) {
  const bool ok_big = same(big, launch);
  const bool ok_small = small_grids_agree(launch);
  const float* i = big.in->as<float>();
  float* o = big.out->as<float>();
  const double ms = ws::dev::median_ms([&] { launch(i, o, big.g); }, g_reps);
  const double gbps = 8.0 * big.n / ms / 1e6;
  std::printf("%-40s %8.4f ms %6.0f GB/s %6.1f%% copy regs %3d %s\n", name, ms, gbps,
              100 * gbps / g_copy_gbps, regs, ok_big && ok_small ? "ok" : "MISMATCH");
  if (!(ok_big && ok_small)) ++g_failures;
  std::fflush(stdout);
}

void measure_copy() {
  const size_t bytes = size_t(1) << 30;
  ws::dev::Dev a(bytes), b(bytes);
  CK(cudaMemset(a.p, 1, bytes));
  double best = 1e9;
  for (int k = 0; k < 3; ++k) {
    const double ms = ws::dev::median_ms(
        [&] { CK(cudaMemcpy(b.p, a.p, bytes, cudaMemcpyDeviceToDevice)); }, g_reps);
    best = std::min(best, ms);
    std::printf("copy 1 GiB d2d: %.4f ms, %.0f GB/s (read + write)\n", ms, 2.0 * bytes / ms / 1e6);
  }
  g_copy_gbps = 2.0 * bytes / best / 1e6;
  const int64_t n4 = int64_t(bytes / 16);
  const double ms = ws::dev::median_ms(
      [&] { copy4<<<unsigned((n4 + 255) / 256), 256>>>(b.as<float4>(), a.as<float4>(), n4); },
      g_reps);
  std::printf("copy kernel, 16-byte loads: %.4f ms, %.0f GB/s, %.1f%% of the best copy\n", ms,
              2.0 * bytes / ms / 1e6, 100 * (2.0 * bytes / ms / 1e6) / g_copy_gbps);
}

// Rows of the rounds. Every candidate is a lambda (in, out, grid) that launches it.
#define APP_BASIC(name)                                 \
  row(big, name, regs_of(stencil_basic_all4_3d<false>), \
      [](const float* i, float* o, const GridDesc& g) { \
        launch_basic_all4_3d(i, o, nullptr, g, false);  \
      })
#define SHAPE(BY, BZ, SH, CS, PF)                                                                 \
  row(big, "shape 32x" #BY "x" #BZ " shfl=" #SH " cs=" #CS " prefetch z+" #PF,                    \
      regs_of(basic_shape<BY, BZ, SH, CS, PF>), [](const float* i, float* o, const GridDesc& g) { \
        launch_basic_shape<BY, BZ, SH, CS, PF>(i, o, g);                                          \
      })
#define STREAM(BY, ZC, A, CS, MB)                                                                 \
  row(big, "stream 32x" #BY " ZC=" #ZC " ahead=" #A " cs=" #CS " minblocks=" #MB,                 \
      regs_of(stream_march<BY, ZC, A, CS, MB>), [](const float* i, float* o, const GridDesc& g) { \
        launch_stream_march<BY, ZC, A, CS, MB>(i, o, g);                                          \
      })
#define LOOP(BY, ZC, A, MB, PF, CS)                                                                \
  row(big, "loop 32x" #BY " ZC=" #ZC " ahead=" #A " minblocks=" #MB " prefetch z+" #PF " cs=" #CS, \
      regs_of(stream_loop<BY, A, CS, MB, PF>), [](const float* i, float* o, const GridDesc& g) {   \
        launch_stream_loop<BY, A, CS, MB, PF>(i, o, g, ZC);                                        \
      })

// Round 1 (docs/perf/stencil3d_sweep_h200_2026-11-30_1.txt): basic's block shapes, west and east
// by shuffles, evict-first stores; the march in registers, unrolled and as a loop.
void round_1(const Field& big) {
  SHAPE(8, 1, false, false, 0);
  SHAPE(8, 1, true, false, 0);
  SHAPE(8, 1, true, true, 0);
  SHAPE(4, 2, true, false, 0);
  SHAPE(4, 4, true, false, 0);
  SHAPE(8, 2, true, false, 0);
  SHAPE(8, 4, true, false, 0);
  SHAPE(4, 8, true, false, 0);
  SHAPE(16, 2, true, false, 0);
  STREAM(4, 16, 0, false, 1);
  STREAM(4, 16, 1, false, 1);
  STREAM(4, 16, 2, false, 1);
  STREAM(4, 32, 1, false, 1);
  STREAM(8, 16, 1, false, 1);
  STREAM(8, 32, 1, false, 1);
  STREAM(8, 8, 1, false, 1);
  STREAM(16, 16, 1, false, 1);
  STREAM(8, 16, 2, false, 1);
  STREAM(8, 16, 1, true, 1);
  STREAM(4, 64, 1, false, 1);
  STREAM(2, 32, 1, false, 1);
  STREAM(4, 16, 1, false, 8);
  STREAM(4, 32, 1, false, 8);
  STREAM(8, 16, 1, false, 4);
  STREAM(8, 32, 1, false, 4);
  STREAM(8, 16, 1, false, 3);
  STREAM(4, 16, 0, false, 12);
  STREAM(8, 16, 0, false, 6);
  LOOP(4, 16, 0, 1, 0, false);
  LOOP(4, 16, 1, 1, 0, false);
  LOOP(4, 32, 1, 1, 0, false);
  LOOP(4, 64, 1, 1, 0, false);
  LOOP(8, 16, 1, 1, 0, false);
  LOOP(8, 32, 1, 1, 0, false);
  LOOP(8, 8, 1, 1, 0, false);
  LOOP(16, 16, 1, 1, 0, false);
  LOOP(2, 32, 1, 1, 0, false);
  LOOP(4, 16, 1, 1, 0, true);
  LOOP(8, 16, 0, 1, 0, false);
  LOOP(8, 32, 1, 4, 0, false);
  LOOP(4, 32, 1, 8, 0, false);
}

// Round 2 (_2.txt): the plane PF ahead prefetched into the L2, in basic and in the loop.
void round_2(const Field& big) {
  SHAPE(8, 1, false, false, 0);
  SHAPE(8, 1, false, false, 2);
  SHAPE(8, 1, false, false, 4);
  SHAPE(8, 1, false, false, 6);
  SHAPE(8, 1, false, false, 8);
  SHAPE(8, 1, false, false, 12);
  SHAPE(4, 1, false, false, 4);
  SHAPE(4, 1, false, false, 8);
  LOOP(4, 32, 1, 8, 0, false);
  LOOP(4, 32, 1, 8, 3, false);
  LOOP(4, 32, 1, 8, 4, false);
  LOOP(4, 32, 1, 8, 6, false);
  LOOP(4, 32, 1, 8, 8, false);
  LOOP(4, 32, 1, 8, 12, false);
  LOOP(4, 16, 1, 8, 4, false);
  LOOP(4, 64, 1, 8, 4, false);
  LOOP(4, 64, 1, 8, 8, false);
  LOOP(8, 32, 1, 4, 4, false);
  LOOP(8, 32, 1, 4, 8, false);
  LOOP(4, 32, 0, 12, 2, false);
  LOOP(4, 32, 0, 12, 4, false);
  LOOP(4, 32, 0, 12, 8, false);
  LOOP(8, 32, 0, 6, 4, false);
  LOOP(4, 32, 0, 16, 4, false);
  LOOP(2, 32, 1, 16, 4, false);
  LOOP(2, 32, 0, 16, 4, false);
}

// Round 3 (_3.txt): around the best of round 2.
void round_3(const Field& big) {
  LOOP(8, 32, 1, 4, 4, false);
  LOOP(8, 32, 1, 4, 2, false);
  LOOP(8, 32, 1, 4, 3, false);
  LOOP(8, 32, 1, 4, 5, false);
  LOOP(8, 64, 1, 4, 3, false);
  LOOP(8, 64, 1, 4, 4, false);
  LOOP(8, 16, 1, 4, 3, false);
  LOOP(8, 16, 1, 4, 4, false);
  LOOP(8, 128, 1, 4, 4, false);
  LOOP(16, 32, 1, 2, 4, false);
  LOOP(16, 64, 1, 2, 4, false);
  LOOP(16, 32, 1, 2, 3, false);
  LOOP(8, 32, 1, 4, 4, true);
  LOOP(8, 32, 1, 3, 4, false);
  LOOP(8, 32, 1, 3, 3, false);
  LOOP(4, 64, 1, 8, 3, false);
  LOOP(32, 32, 1, 1, 4, false);
  LOOP(8, 32, 1, 4, 4, false);
}

// Round 4 (_4.txt): the app's kernels as committed (register tiling = LOOP(16, 32, 1, 2, 4)),
// coarsening with and without the prefetch.
void round_4(const Field& big) {
  row(big, "app register tiling (registers, new)", regs_of(stencil_register_march),
      [](const float* i, float* o, const GridDesc& g) { launch_register_march(i, o, g); });
  row(big, "app coarsened-z (32 x 2, no prefetch)", regs_of(stencil_march<kCoarsenRows, 0>),
      [](const float* i, float* o, const GridDesc& g) { launch_march<0>(i, o, g); });
  row(big, "app coarsened-z, prefetch z+4", regs_of(stencil_march<kCoarsenRows, 4>),
      [](const float* i, float* o, const GridDesc& g) { launch_march<4>(i, o, g); });
  row(big, "app coarsened-z, prefetch z+6", regs_of(stencil_march<kCoarsenRows, 6>),
      [](const float* i, float* o, const GridDesc& g) { launch_march<6>(i, o, g); });
  LOOP(16, 32, 1, 2, 4, false);
  LOOP(8, 32, 1, 4, 4, false);
  row(big, "app register tiling (registers, new), again", regs_of(stencil_register_march),
      [](const float* i, float* o, const GridDesc& g) { launch_register_march(i, o, g); });
  APP_BASIC("app basic (32 x 8), again");
}
// Round 5 (_5.txt): the app's coarsening (plane marching in shared memory) at other block heights
// and prefetch distances.
template <int BY, int PF>
void launch_coarsen(const float* in, float* out, const GridDesc& g) {
  const dim3 grid((g.nx / 4 + 31) / 32, (g.ny + BY - 1) / BY,
                  (g.nz + kMarchPlanes - 1) / kMarchPlanes);
  stencil_march<BY, PF><<<grid, dim3(32, BY)>>>(in, out, g);
}
#define COARSEN(BY, PF)                                                              \
  row(big, "coarsened-z 32x" #BY " prefetch z+" #PF, regs_of(stencil_march<BY, PF>), \
      [](const float* i, float* o, const GridDesc& g) { launch_coarsen<BY, PF>(i, o, g); })
void round_5(const Field& big) {
  COARSEN(2, 0);
  COARSEN(2, 3);
  COARSEN(2, 4);
  COARSEN(2, 5);
  COARSEN(4, 0);
  COARSEN(4, 3);
  COARSEN(4, 4);
  COARSEN(4, 5);
  COARSEN(8, 3);
  COARSEN(8, 4);
  COARSEN(8, 5);
  COARSEN(16, 4);
  COARSEN(1, 4);
  COARSEN(2, 4);
  APP_BASIC("app basic (32 x 8), again");
}
#undef COARSEN
#undef APP_BASIC
#undef SHAPE
#undef STREAM
#undef LOOP

void run(int round) {
  measure_copy();
  Field big{GridDesc{512, 512, 512, 3, Boundary::Insulated, 0.1f}, int64_t(512) * 512 * 512};
  ws::dev::Dev in(big.n * 4), out(big.n * 4), ref(big.n * 4);
  big.in = &in, big.out = &out, big.ref = &ref;
  ws::dev::fill_temperatures<<<1024, 256>>>(in.as<float>(), big.n, 7);
  reference(big);
  std::printf(
      "\n3D 7-point 512^3, insulated, one step (checked against the app's basic; small "
      "grids with every boundary too)\n");
  row(big, "app basic (32 x 8)", regs_of(stencil_basic_all4_3d<false>),
      [](const float* i, float* o, const GridDesc& g) {
        launch_basic_all4_3d(i, o, nullptr, g, false);
      });
  if (round == 1) round_1(big);
  if (round == 2) round_2(big);
  if (round == 3) round_3(big);
  if (round == 4) round_4(big);
  if (round == 5) round_5(big);
}

}  // namespace sweep3d
}  // namespace ws::stencil::detail

int main(int argc, char** argv) {
  using namespace ws::stencil::detail::sweep3d;
  if (argc > 1) g_reps = std::atoi(argv[1]);
  const int round = argc > 2 ? std::atoi(argv[2]) : 4;
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, %d SMs, L2 %d MiB\n", prop.name, prop.multiProcessorCount,
              prop.l2CacheSize >> 20);
  run(round);
  std::printf("\n%d mismatches\n", g_failures);
  return g_failures == 0 ? 0 : 1;
}
