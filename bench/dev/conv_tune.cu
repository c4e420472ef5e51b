// The tuning harness for the fast convolution (issue 25; not part of the build, no project
// libraries): times candidate full-size kernels at 8192^2 (clamp boundary) against a
// device-to-device copy of the same bytes and checks every result on the device against a simple
// double-accumulating reference. One line per candidate: case, config, ms (median of 20 after a
// warm-up), % of copy time, max abs error vs the reference (f32: float units; u8: levels — 0 or
// 1 is rounding, anything larger or "nan" is a wrong kernel). The output is poisoned before each
// candidate, so a kernel that writes nothing shows up as nan / 255.
//   nvcc -O3 -arch=sm_90 -std=c++17 bench/dev/conv_tune.cu -o conv_tune   (about 3 min to build)
//   ./conv_tune [width height [repeats]]      (default 8192 8192 20; odd sizes check the edges)
//
// Candidates (names as printed; every one takes any size, unaligned widths fall back to scalar
// loads/stores per lane):
//   base            conv_fast.cu as on main: 32 x 64-output tile in shared memory (float4
//                   loads), 32 x 8 threads, 8 outputs down a column per thread.
//   colshfl VXxS/T  separable, no shared memory: each lane owns VX adjacent columns (one float4 /
//                   uchar4 / uint2 / uint4 load per row), slides down S rows accumulating the
//                   (2r+1) column taps in registers, then the row pass on each finished row via
//                   warp shuffles (__shfl_up/down). A warp writes (32 - 2H) VX columns
//                   (H = ceil(r / VX) halo lanes each side); T threads, warps stacked in y.
//                   Column pass first: rounds differently from conv_cpu.h's separable twin.
//   rowshfl VXxS/T  the same with the row pass first (on every input row, via shuffles) and the
//                   column pass from registers: the twin's rounding order (row sums first).
//   smemrow VXxS/T  row pass first from global (vector loads + shuffles) into a shared tile of
//                   row sums (T/32 S + 2r rows, loaded once per block), then the column pass from
//                   shared memory: no re-done halo rows per warp.
//   dirshfl VXxS/T  direct (non-separable): each lane VX columns, per input row an extended row
//                   of VX + 2r values via shuffles, register blocking in y (the 2r+1 open output
//                   rows); taps added in the variants' order (filter row j, then column i).
//   colwalk / rowwalk / dirwalk VXxC/T band B
//                   the three above without the per-warp vertical halo: a warp owns a column
//                   band of one warp's width and walks down B rows in chunks of C input rows,
//                   the 2r open output rows carried from chunk to chunk in registers (halo rows
//                   read once per B rows); T threads = T/32 warps side by side in x.
// Not covered (ideas left for a later round): cp.async / double-buffered persistent grids,
// explicit grid swizzles for L2.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "dev_common.cuh"  // CK

namespace {

constexpr int kMaxR = 7, kMaxSide = 2 * kMaxR + 1;
__constant__ float c_row[kMaxSide];                // separable: row pass weights
__constant__ float c_col[kMaxSide];                // separable: column pass weights
__constant__ float c_filter[kMaxSide * kMaxSide];  // direct: (2R+1)^2, row j, column i
__constant__ double c_ref[kMaxSide * kMaxSide];    // the reference's full filter

int g_reps = 20;

__host__ __device__ __forceinline__ int clampi(int i, int n) {
  return i < 0 ? 0 : (i >= n ? n - 1 : i);
}

// conv_pixel.h's to_pixel with post none, bias 0: round half up, clamp to 0..255.
__device__ __forceinline__ float pixel_value(float v) {
  v = floorf(v + 0.5f);
  v = v < 0.0f ? 0.0f : v;
  v = v > 255.0f ? 255.0f : v;
  return v;
}
__device__ __forceinline__ void put(float* p, float v) {
  *p = v;
}
__device__ __forceinline__ void put(uint8_t* p, float v) {
  *p = uint8_t(pixel_value(v));
}

// ---------------------------------------------------------------- reference (double accumulate)
template <class In, class Out>
__global__ void reference(const In* __restrict__ N, Out* __restrict__ P, int w, int h, int R) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  const size_t plane = size_t(blockIdx.z) * w * h;
  const int side = 2 * R + 1;
  double sum = 0.0;
  for (int j = 0; j < side; ++j)
    for (int i = 0; i < side; ++i)
      sum += c_ref[j * side + i] *
             double(N[plane + size_t(clampi(y - R + j, h)) * w + clampi(x - R + i, w)]);
  put(P + plane + size_t(y) * w + x, float(sum));
}

__device__ unsigned int d_max_err;
template <class T>
__global__ void max_error(const T* __restrict__ a, const T* __restrict__ b, size_t n) {
  float m = 0.0f;
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    const float d = fabsf(float(a[i]) - float(b[i]));
    m = d != d ? INFINITY : fmaxf(m, d);
  }
  for (int o = 16; o > 0; o >>= 1) m = fmaxf(m, __shfl_xor_sync(~0u, m, o));
  if ((threadIdx.x & 31) == 0) atomicMax(&d_max_err, __float_as_uint(m));
}

// ---------------------------------------------------------------- base: conv_fast.cu on main
constexpr int kTileW = 32, kThreadsY = 8, kStrip = 8, kTileH = kThreadsY * kStrip;
template <int R>
struct TileShape {
  static constexpr int kPad = (R + 3) / 4 * 4;
  static constexpr int kRowCells = kTileW + 2 * kPad;
  static constexpr int kRows = kTileH + 2 * R;
};
__device__ __forceinline__ float4 load4(const float* p) {
  return *reinterpret_cast<const float4*>(p);
}
__device__ __forceinline__ float4 load4(const uint8_t* p) {
  const uchar4 v = *reinterpret_cast<const uchar4*>(p);
  return make_float4(v.x, v.y, v.z, v.w);
}
template <int R, class In>
__device__ void load_tile(const In* __restrict__ N, float (*tile)[TileShape<R>::kRowCells], int w,
                          int h, int x0, int y0, bool aligned) {
  using T = TileShape<R>;
  constexpr int kGroups = T::kRowCells / 4;
  for (int g = threadIdx.x; g < T::kRows * kGroups; g += blockDim.x) {
    const int r = g / kGroups, c = (g % kGroups) * 4;
    const int gy = y0 - R + r, gx = x0 - T::kPad + c;
    if (aligned && gy >= 0 && gy < h && gx >= 0 && gx + 3 < w) {
      *reinterpret_cast<float4*>(&tile[r][c]) = load4(N + int64_t(gy) * w + gx);
      continue;
    }
    const int row = clampi(gy, h);
    for (int k = 0; k < 4; ++k) tile[r][c + k] = float(N[int64_t(row) * w + clampi(gx + k, w)]);
  }
}
template <int R, class In, class Out>
__global__ void __launch_bounds__(kTileW* kThreadsY)
    base_separable(const In* __restrict__ N, Out* __restrict__ P, int w, int h, bool aligned) {
  using T = TileShape<R>;
  constexpr int kRows = T::kRows, kTaps = 2 * R + 1, kLeft = T::kPad - R;
  __shared__ __align__(16) float tile[kRows][T::kRowCells];
  __shared__ float rows[kRows][kTileW];
  const size_t plane = size_t(blockIdx.z) * w * h;
  N += plane;
  P += plane;
  const int x0 = blockIdx.x * kTileW, y0 = blockIdx.y * kTileH;
  const int tx = threadIdx.x % kTileW, ty = threadIdx.x / kTileW;
  load_tile<R>(N, tile, w, h, x0, y0, aligned);
  __syncthreads();
  for (int r = ty; r < kRows; r += kThreadsY) {
    float sum = 0.0f;
#pragma unroll
    for (int i = 0; i < kTaps; ++i) sum += c_row[i] * tile[r][kLeft + tx + i];
    rows[r][tx] = sum;
  }
  __syncthreads();
  float window[kStrip + 2 * R];
#pragma unroll
  for (int m = 0; m < kStrip + 2 * R; ++m) window[m] = rows[ty * kStrip + m][tx];
  const int x = x0 + tx;
#pragma unroll
  for (int o = 0; o < kStrip; ++o) {
    float sum = 0.0f;
#pragma unroll
    for (int j = 0; j < kTaps; ++j) sum += c_col[j] * window[o + j];
    const int y = y0 + ty * kStrip + o;
    if (x < w && y < h) put(P + int64_t(y) * w + x, sum);
  }
}
template <int R, class In, class Out>
__global__ void __launch_bounds__(kTileW* kThreadsY)
    base_direct(const In* __restrict__ N, Out* __restrict__ P, int w, int h, bool aligned) {
  using T = TileShape<R>;
  constexpr int kTaps = 2 * R + 1, kLeft = T::kPad - R;
  __shared__ __align__(16) float tile[T::kRows][T::kRowCells];
  const size_t plane = size_t(blockIdx.z) * w * h;
  N += plane;
  P += plane;
  const int x0 = blockIdx.x * kTileW, y0 = blockIdx.y * kTileH;
  const int tx = threadIdx.x % kTileW, ty = threadIdx.x / kTileW;
  load_tile<R>(N, tile, w, h, x0, y0, aligned);
  __syncthreads();
  float sums[kStrip];
#pragma unroll
  for (int o = 0; o < kStrip; ++o) sums[o] = 0.0f;
#pragma unroll
  for (int q = 0; q < kStrip + 2 * R; ++q) {
    float v[kTaps];
#pragma unroll
    for (int i = 0; i < kTaps; ++i) v[i] = tile[ty * kStrip + q][kLeft + tx + i];
#pragma unroll
    for (int o = 0; o < kStrip; ++o) {
      const int j = q - o;
      if (j < 0 || j >= kTaps) continue;
#pragma unroll
      for (int i = 0; i < kTaps; ++i) sums[o] += c_filter[j * kTaps + i] * v[i];
    }
  }
  const int x = x0 + tx;
#pragma unroll
  for (int o = 0; o < kStrip; ++o) {
    const int y = y0 + ty * kStrip + o;
    if (x < w && y < h) put(P + int64_t(y) * w + x, sums[o]);
  }
}

// ---------------------------------------------------------------- lane groups of VX columns
// VX adjacent samples as floats from one aligned vector load (f32: VX/4 float4; u8: 4, 8 or 16
// bytes in one 32/64/128-bit load).
template <int VX>
__device__ __forceinline__ void load_vec(const float* p, float (&v)[VX]) {
#pragma unroll
  for (int k = 0; k < VX / 4; ++k) {
    const float4 q = __ldg(reinterpret_cast<const float4*>(p) + k);
    v[4 * k] = q.x;
    v[4 * k + 1] = q.y;
    v[4 * k + 2] = q.z;
    v[4 * k + 3] = q.w;
  }
}
__device__ __forceinline__ void unpack(unsigned u, float* v) {
#pragma unroll
  for (int b = 0; b < 4; ++b) v[b] = float((u >> (8 * b)) & 0xFFu);
}
template <int VX>
__device__ __forceinline__ void load_vec(const uint8_t* p, float (&v)[VX]) {
  if constexpr (VX == 4) {
    unpack(__ldg(reinterpret_cast<const unsigned*>(p)), v);
  } else if constexpr (VX == 8) {
    const uint2 q = __ldg(reinterpret_cast<const uint2*>(p));
    unpack(q.x, v);
    unpack(q.y, v + 4);
  } else {
    static_assert(VX == 16, "u8 groups are 4, 8 or 16 bytes");
    const uint4 q = __ldg(reinterpret_cast<const uint4*>(p));
    unpack(q.x, v);
    unpack(q.y, v + 4);
    unpack(q.z, v + 8);
    unpack(q.w, v + 12);
  }
}
template <int VX>
__device__ __forceinline__ void store_vec(float* p, const float (&v)[VX]) {
#pragma unroll
  for (int k = 0; k < VX / 4; ++k)
    reinterpret_cast<float4*>(p)[k] =
        make_float4(v[4 * k], v[4 * k + 1], v[4 * k + 2], v[4 * k + 3]);
}
__device__ __forceinline__ unsigned pack(const float* v) {
  unsigned u = 0;
#pragma unroll
  for (int b = 0; b < 4; ++b) u |= unsigned(pixel_value(v[b])) << (8 * b);
  return u;
}
template <int VX>
__device__ __forceinline__ void store_vec(uint8_t* p, const float (&v)[VX]) {
  if constexpr (VX == 4) {
    *reinterpret_cast<unsigned*>(p) = pack(v);
  } else if constexpr (VX == 8) {
    *reinterpret_cast<uint2*>(p) = make_uint2(pack(v), pack(v + 4));
  } else {
    *reinterpret_cast<uint4*>(p) = make_uint4(pack(v), pack(v + 4), pack(v + 8), pack(v + 12));
  }
}
// The lane's group at columns gx .. gx + VX - 1 of `row`: one vector load when the whole group is
// inside and rows are aligned, else per sample with clamped columns (the boundary rule).
template <int VX, class In>
__device__ __forceinline__ void load_group(const In* __restrict__ row, int gx, int w, bool vec,
                                           float (&v)[VX]) {
  if (vec) {
    load_vec<VX>(row + gx, v);
  } else {
#pragma unroll
    for (int k = 0; k < VX; ++k) v[k] = float(__ldg(row + clampi(gx + k, w)));
  }
}
template <int VX, class Out>
__device__ __forceinline__ void store_group(Out* row, int gx, int w, bool vec,
                                            const float (&v)[VX]) {
  if (vec) {
    store_vec<VX>(row + gx, v);
  } else {
#pragma unroll
    for (int k = 0; k < VX; ++k)
      if (gx + k < w) put(row + gx + k, v[k]);
  }
}
// The lane's VX values with R neighbours either side from the lanes around it: e[R + k] = v[k].
template <int R, int VX>
__device__ __forceinline__ void extend(const float (&v)[VX], float (&e)[VX + 2 * R]) {
#pragma unroll
  for (int k = 0; k < VX; ++k) e[R + k] = v[k];
#pragma unroll
  for (int i = 0; i < R; ++i) {
    const int back = (R - i + VX - 1) / VX;  // column i - R lives `back` lanes to the left
    e[i] = __shfl_up_sync(~0u, v[i - R + back * VX], back);
    const int ahead = (VX + i) / VX;  // column VX + i lives `ahead` lanes to the right
    e[VX + R + i] = __shfl_down_sync(~0u, v[(VX + i) % VX], ahead);
  }
}
template <int R, int VX>
__device__ __forceinline__ void row_pass(const float (&v)[VX], float (&out)[VX]) {
  float e[VX + 2 * R];
  extend<R, VX>(v, e);
#pragma unroll
  for (int k = 0; k < VX; ++k) {
    float sum = 0.0f;
#pragma unroll
    for (int i = 0; i < 2 * R + 1; ++i) sum += c_row[i] * e[k + i];
    out[k] = sum;
  }
}

template <int R, int VX>
struct Lanes {
  static constexpr int kHalo = (R + VX - 1) / VX;      // halo lanes each side
  static constexpr int kOutW = (32 - 2 * kHalo) * VX;  // columns a warp writes
};

// ---------------------------------------------------------------- colshfl / rowshfl (separable)
template <int R, int VX, int S, int W, bool kRowFirst, class In, class Out>
__global__ void __launch_bounds__(32 * W)
    shfl_separable(const In* __restrict__ N, Out* __restrict__ P, int w, int h, bool aligned) {
  using L = Lanes<R, VX>;
  constexpr int kTaps = 2 * R + 1;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const size_t plane = size_t(blockIdx.z) * w * h;
  N += plane;
  P += plane;
  const int gx = blockIdx.x * L::kOutW + (lane - L::kHalo) * VX;
  const int y0 = (blockIdx.y * W + warp) * S;
  if (y0 >= h) return;  // warp-uniform
  const bool vin = aligned && gx >= 0 && gx + VX <= w;
  const bool writes = lane >= L::kHalo && lane < 32 - L::kHalo && gx < w;
  const bool vout = aligned && gx + VX <= w;
  float acc[S][VX];
#pragma unroll
  for (int o = 0; o < S; ++o)
#pragma unroll
    for (int k = 0; k < VX; ++k) acc[o][k] = 0.0f;
#pragma unroll
  for (int q = 0; q < S + 2 * R; ++q) {
    float v[VX];
    load_group<VX>(N + size_t(clampi(y0 - R + q, h)) * w, gx, w, vin, v);
    if constexpr (kRowFirst) {
      float rs[VX];
      row_pass<R, VX>(v, rs);
#pragma unroll
      for (int k = 0; k < VX; ++k) v[k] = rs[k];
    }
#pragma unroll
    for (int j = 0; j < kTaps; ++j) {
      const int o = q - j;
      if (o < 0 || o >= S) continue;
#pragma unroll
      for (int k = 0; k < VX; ++k) acc[o][k] += c_col[j] * v[k];
    }
    const int o = q - 2 * R;  // finished output row
    if (o >= 0) {
      float out[VX];
      if constexpr (kRowFirst) {
#pragma unroll
        for (int k = 0; k < VX; ++k) out[k] = acc[o][k];
      } else {
        row_pass<R, VX>(acc[o], out);
      }
      const int y = y0 + o;
      if (writes && y < h) store_group<VX>(P + size_t(y) * w, gx, w, vout, out);
    }
  }
}

// ---------------------------------------------------------------- smemrow (separable)
template <int R, int VX, int S, int W, class In, class Out>
__global__ void __launch_bounds__(32 * W)
    smem_separable(const In* __restrict__ N, Out* __restrict__ P, int w, int h, bool aligned) {
  using L = Lanes<R, VX>;
  constexpr int kTaps = 2 * R + 1, kRows = W * S + 2 * R;
  __shared__ __align__(16) float rows[kRows][32 * VX];
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const size_t plane = size_t(blockIdx.z) * w * h;
  N += plane;
  P += plane;
  const int gx = blockIdx.x * L::kOutW + (lane - L::kHalo) * VX;
  const int yb = blockIdx.y * W * S;
  const bool vin = aligned && gx >= 0 && gx + VX <= w;
  for (int r = warp; r < kRows; r += W) {
    float v[VX], rs[VX];
    load_group<VX>(N + size_t(clampi(yb - R + r, h)) * w, gx, w, vin, v);
    row_pass<R, VX>(v, rs);
#pragma unroll
    for (int k = 0; k < VX; k += 4)
      *reinterpret_cast<float4*>(&rows[r][lane * VX + k]) =
          make_float4(rs[k], rs[k + 1], rs[k + 2], rs[k + 3]);
  }
  __syncthreads();
  const int y0 = yb + warp * S;
  const bool writes = lane >= L::kHalo && lane < 32 - L::kHalo && gx < w;
  if (!writes || y0 >= h) return;
  const bool vout = aligned && gx + VX <= w;
  float acc[S][VX];
#pragma unroll
  for (int o = 0; o < S; ++o)
#pragma unroll
    for (int k = 0; k < VX; ++k) acc[o][k] = 0.0f;
#pragma unroll
  for (int q = 0; q < S + 2 * R; ++q) {
    float v[VX];
#pragma unroll
    for (int k = 0; k < VX; k += 4) {
      const float4 t = *reinterpret_cast<const float4*>(&rows[warp * S + q][lane * VX + k]);
      v[k] = t.x;
      v[k + 1] = t.y;
      v[k + 2] = t.z;
      v[k + 3] = t.w;
    }
#pragma unroll
    for (int j = 0; j < kTaps; ++j) {
      const int o = q - j;
      if (o < 0 || o >= S) continue;
#pragma unroll
      for (int k = 0; k < VX; ++k) acc[o][k] += c_col[j] * v[k];
    }
    const int o = q - 2 * R;
    if (o >= 0 && y0 + o < h) store_group<VX>(P + size_t(y0 + o) * w, gx, w, vout, acc[o]);
  }
}

// ---------------------------------------------------------------- dirshfl (direct)
template <int R, int VX, int S, int W, class In, class Out>
__global__ void __launch_bounds__(32 * W)
    shfl_direct(const In* __restrict__ N, Out* __restrict__ P, int w, int h, bool aligned) {
  using L = Lanes<R, VX>;
  constexpr int kTaps = 2 * R + 1;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const size_t plane = size_t(blockIdx.z) * w * h;
  N += plane;
  P += plane;
  const int gx = blockIdx.x * L::kOutW + (lane - L::kHalo) * VX;
  const int y0 = (blockIdx.y * W + warp) * S;
  if (y0 >= h) return;
  const bool vin = aligned && gx >= 0 && gx + VX <= w;
  const bool writes = lane >= L::kHalo && lane < 32 - L::kHalo && gx < w;
  const bool vout = aligned && gx + VX <= w;
  float acc[S][VX];
#pragma unroll
  for (int o = 0; o < S; ++o)
#pragma unroll
    for (int k = 0; k < VX; ++k) acc[o][k] = 0.0f;
#pragma unroll
  for (int q = 0; q < S + 2 * R; ++q) {
    float v[VX], e[VX + 2 * R];
    load_group<VX>(N + size_t(clampi(y0 - R + q, h)) * w, gx, w, vin, v);
    extend<R, VX>(v, e);
#pragma unroll
    for (int j = 0; j < kTaps; ++j) {  // input row q is filter row j of output row q - j
      const int o = q - j;
      if (o < 0 || o >= S) continue;
#pragma unroll
      for (int i = 0; i < kTaps; ++i)
#pragma unroll
        for (int k = 0; k < VX; ++k) acc[o][k] += c_filter[j * kTaps + i] * e[k + i];
    }
    const int o = q - 2 * R;
    if (o >= 0 && writes && y0 + o < h)
      store_group<VX>(P + size_t(y0 + o) * w, gx, w, vout, acc[o]);
  }
}

// ---------------------------------------------------------------- walk (separable and direct)
// A warp owns one column band (as above) and walks down `band` rows in chunks of C input rows:
// the 2r open output rows carry over from chunk to chunk in registers, so the vertical halo is
// read once per band instead of once per S outputs. W warps per block side by side in x.
// Open output row t of a chunk starting at input row cs is image row cs - R + t.
template <int R, int VX, int C, int W, int kMode, class In,
          class Out>  // 0 col-first, 1 row-first, 2 direct
__global__ void __launch_bounds__(32 * W) walk_kernel(const In* __restrict__ N, Out* __restrict__ P,
                                                      int w, int h, int band, bool aligned) {
  using L = Lanes<R, VX>;
  constexpr int kTaps = 2 * R + 1, kOpen = C + 2 * R;
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const size_t plane = size_t(blockIdx.z) * w * h;
  N += plane;
  P += plane;
  const int gx = (blockIdx.x * W + warp) * L::kOutW + (lane - L::kHalo) * VX;
  if (gx - L::kHalo * VX >= w) return;  // warp-uniform: the warp's band is right of the image
  const int ys = blockIdx.y * band, ye = min(ys + band, h);
  const bool vin = aligned && gx >= 0 && gx + VX <= w;
  const bool writes = lane >= L::kHalo && lane < 32 - L::kHalo && gx < w;
  const bool vout = aligned && gx + VX <= w;
  float open[kOpen][VX];
#pragma unroll
  for (int t = 0; t < kOpen; ++t)
#pragma unroll
    for (int k = 0; k < VX; ++k) open[t][k] = 0.0f;
  for (int cs = ys - R; cs < ye + R; cs += C) {
#pragma unroll
    for (int u = 0; u < C; ++u) {
      float v[VX];
      load_group<VX>(N + size_t(clampi(cs + u, h)) * w, gx, w, vin, v);
      if constexpr (kMode == 2) {
        float e[VX + 2 * R];
        extend<R, VX>(v, e);
#pragma unroll
        for (int j = 0; j < kTaps; ++j)  // input row cs + u is filter row j of open row u + 2R - j
#pragma unroll
          for (int i = 0; i < kTaps; ++i)
#pragma unroll
            for (int k = 0; k < VX; ++k)
              open[u + 2 * R - j][k] += c_filter[j * kTaps + i] * e[k + i];
      } else {
        if constexpr (kMode == 1) {
          float rs[VX];
          row_pass<R, VX>(v, rs);
#pragma unroll
          for (int k = 0; k < VX; ++k) v[k] = rs[k];
        }
#pragma unroll
        for (int j = 0; j < kTaps; ++j)
#pragma unroll
          for (int k = 0; k < VX; ++k) open[u + 2 * R - j][k] += c_col[j] * v[k];
      }
      // open row u is complete: image row cs - R + u
      float out[VX];
      if constexpr (kMode == 0) {
        row_pass<R, VX>(open[u], out);
      } else {
#pragma unroll
        for (int k = 0; k < VX; ++k) out[k] = open[u][k];
      }
      const int y = cs - R + u;
      if (writes && y >= ys && y < ye) store_group<VX>(P + size_t(y) * w, gx, w, vout, out);
    }
#pragma unroll
    for (int t = 0; t < 2 * R; ++t)
#pragma unroll
      for (int k = 0; k < VX; ++k) open[t][k] = open[C + t][k];
#pragma unroll
    for (int t = 2 * R; t < kOpen; ++t)
#pragma unroll
      for (int k = 0; k < VX; ++k) open[t][k] = 0.0f;
  }
}

// ---------------------------------------------------------------- driver
struct Candidate {
  std::string name;
  std::function<void()> launch;
};

template <class In, class Out>
struct Problem {
  const In* in;
  Out* out;
  int w, h, planes;
};

template <class In, class Out>
bool aligned_for(const Problem<In, Out>& p, int vx) {
  return p.w % vx == 0;  // row starts (and plane starts) on the vector's boundary
}

template <int R, class In, class Out>
Candidate base(const Problem<In, Out>& p, bool separable) {
  return {"base 32x64/256", [=] {
            const dim3 grid((p.w + kTileW - 1) / kTileW, (p.h + kTileH - 1) / kTileH, p.planes);
            const bool a = aligned_for(p, 4);
            if (separable)
              base_separable<R><<<grid, kTileW * kThreadsY>>>(p.in, p.out, p.w, p.h, a);
            else
              base_direct<R><<<grid, kTileW * kThreadsY>>>(p.in, p.out, p.w, p.h, a);
          }};
}

std::string config(const char* kind, int vx, int s, int wps) {
  char b[64];
  std::snprintf(b, sizeof b, "%s %dx%d/%d", kind, vx, s, 32 * wps);
  return b;
}

template <int R, int VX, int S, int W, bool kRowFirst, class In, class Out>
Candidate shfl_sep(const Problem<In, Out>& p) {
  return {config(kRowFirst ? "rowshfl" : "colshfl", VX, S, W), [=] {
            const int outw = Lanes<R, VX>::kOutW;
            const dim3 grid((p.w + outw - 1) / outw, (p.h + W * S - 1) / (W * S), p.planes);
            shfl_separable<R, VX, S, W, kRowFirst>
                <<<grid, 32 * W>>>(p.in, p.out, p.w, p.h, aligned_for(p, VX));
          }};
}
template <int R, int VX, int S, int W, class In, class Out>
Candidate smem_sep(const Problem<In, Out>& p) {
  return {config("smemrow", VX, S, W), [=] {
            const int outw = Lanes<R, VX>::kOutW;
            const dim3 grid((p.w + outw - 1) / outw, (p.h + W * S - 1) / (W * S), p.planes);
            smem_separable<R, VX, S, W>
                <<<grid, 32 * W>>>(p.in, p.out, p.w, p.h, aligned_for(p, VX));
          }};
}
template <int R, int VX, int S, int W, class In, class Out>
Candidate shfl_dir(const Problem<In, Out>& p) {
  return {config("dirshfl", VX, S, W), [=] {
            const int outw = Lanes<R, VX>::kOutW;
            const dim3 grid((p.w + outw - 1) / outw, (p.h + W * S - 1) / (W * S), p.planes);
            shfl_direct<R, VX, S, W><<<grid, 32 * W>>>(p.in, p.out, p.w, p.h, aligned_for(p, VX));
          }};
}

template <int R, int VX, int C, int W, int kMode, class In, class Out>
Candidate walk(const Problem<In, Out>& p, int band) {
  static const char* kKinds[] = {"colwalk", "rowwalk", "dirwalk"};
  char b[80];
  std::snprintf(b, sizeof b, "%s %dx%d/%d band %d", kKinds[kMode], VX, C, 32 * W, band);
  return {b, [=] {
            const int outw = Lanes<R, VX>::kOutW * W;
            const dim3 grid((p.w + outw - 1) / outw, (p.h + band - 1) / band, p.planes);
            walk_kernel<R, VX, C, W, kMode>
                <<<grid, 32 * W>>>(p.in, p.out, p.w, p.h, band, aligned_for(p, VX));
          }};
}

template <int R>
std::vector<Candidate> f32_separable(const Problem<float, float>& p) {
  return {base<R>(p, true),
          shfl_sep<R, 4, 8, 8, false>(p),
          shfl_sep<R, 4, 16, 4, false>(p),
          shfl_sep<R, 4, 16, 8, false>(p),
          shfl_sep<R, 4, 32, 4, false>(p),
          shfl_sep<R, 8, 16, 4, false>(p),
          shfl_sep<R, 4, 16, 4, true>(p),
          shfl_sep<R, 4, 32, 4, true>(p),
          smem_sep<R, 4, 8, 8>(p),
          smem_sep<R, 4, 16, 4>(p),
          walk<R, 4, 8, 4, 0>(p, 64),
          walk<R, 4, 8, 4, 0>(p, 128),
          walk<R, 4, 8, 4, 0>(p, 256),
          walk<R, 4, 16, 4, 0>(p, 256),
          walk<R, 4, 8, 2, 0>(p, 512),
          walk<R, 4, 8, 4, 1>(p, 128),
          walk<R, 4, 8, 4, 1>(p, 256)};
}
template <int R>
std::vector<Candidate> f32_direct(const Problem<float, float>& p) {
  return {base<R>(p, false),           shfl_dir<R, 4, 8, 8>(p),    shfl_dir<R, 4, 16, 4>(p),
          shfl_dir<R, 4, 16, 8>(p),    shfl_dir<R, 4, 32, 4>(p),   shfl_dir<R, 8, 16, 4>(p),
          walk<R, 4, 8, 4, 2>(p, 128), walk<R, 4, 8, 4, 2>(p, 256)};
}
template <int R>
std::vector<Candidate> u8_separable(const Problem<uint8_t, uint8_t>& p) {
  return {base<R>(p, true),
          shfl_sep<R, 4, 16, 4, false>(p),
          shfl_sep<R, 8, 16, 4, false>(p),
          shfl_sep<R, 8, 32, 4, false>(p),
          shfl_sep<R, 16, 16, 4, false>(p),
          shfl_sep<R, 16, 32, 4, false>(p),
          shfl_sep<R, 8, 32, 4, true>(p),
          shfl_sep<R, 16, 16, 4, true>(p),
          smem_sep<R, 4, 8, 8>(p),
          walk<R, 8, 8, 4, 0>(p, 128),
          walk<R, 8, 8, 4, 0>(p, 256),
          walk<R, 16, 8, 4, 0>(p, 128),
          walk<R, 16, 8, 4, 0>(p, 256),
          walk<R, 16, 8, 2, 0>(p, 512),
          walk<R, 8, 8, 4, 1>(p, 256),
          walk<R, 16, 8, 4, 1>(p, 256)};
}
template <int R>
std::vector<Candidate> u8_direct(const Problem<uint8_t, uint8_t>& p) {
  return {base<R>(p, false),           shfl_dir<R, 4, 16, 4>(p),    shfl_dir<R, 8, 16, 4>(p),
          shfl_dir<R, 8, 32, 4>(p),    shfl_dir<R, 16, 8, 8>(p),    shfl_dir<R, 16, 16, 4>(p),
          walk<R, 8, 8, 4, 2>(p, 256), walk<R, 16, 8, 4, 2>(p, 256)};
}

template <class F>
float median_ms(F&& launch) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  for (int i = 0; i < 3; ++i) launch();
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  std::vector<float> t;
  for (int i = 0; i < g_reps; ++i) {
    CK(cudaEventRecord(a));
    launch();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms = 0.0f;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CK(cudaGetLastError());
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Gaussian-like weights of the given spread, normalized (sum 1).
std::vector<float> bell(int R, float sigma) {
  std::vector<float> w(size_t(2 * R + 1));
  float sum = 0.0f;
  for (int i = -R; i <= R; ++i) sum += w[size_t(i + R)] = std::exp(-0.5f * i * i / (sigma * sigma));
  for (float& v : w) v /= sum;
  return w;
}

// The case's filter into constant memory; the reference gets the full (2R+1)^2 in double.
void upload_filter(int R, bool separable) {
  const int side = 2 * R + 1;
  std::vector<double> full(size_t(side) * side);
  if (separable) {
    // different row and column weights, so a transposed pass shows as an error
    const std::vector<float> row = bell(R, 0.5f + 0.4f * R), col = bell(R, 0.3f + 0.6f * R);
    CK(cudaMemcpyToSymbol(c_row, row.data(), row.size() * sizeof(float)));
    CK(cudaMemcpyToSymbol(c_col, col.data(), col.size() * sizeof(float)));
    for (int j = 0; j < side; ++j)
      for (int i = 0; i < side; ++i)
        full[size_t(j) * side + i] = double(col[size_t(j)]) * row[size_t(i)];
  } else {
    // not separable, not symmetric (a flipped filter shows), a negative tap, sum 1
    std::vector<float> f(size_t(side) * side);
    const std::vector<float> g = bell(R, 0.5f + 0.5f * R);
    float sum = 0.0f;
    for (int j = 0; j < side; ++j)
      for (int i = 0; i < side; ++i) {
        const float v =
            g[size_t(j)] * g[size_t(i)] + 0.05f * float((i + 2 * j) % 3 - 1) + 0.01f * i;
        sum += f[size_t(j) * side + i] = v;
      }
    for (float& v : f) v /= sum;
    CK(cudaMemcpyToSymbol(c_filter, f.data(), f.size() * sizeof(float)));
    for (size_t k = 0; k < f.size(); ++k) full[k] = f[k];
  }
  CK(cudaMemcpyToSymbol(c_ref, full.data(), full.size() * sizeof(double)));
}

__global__ void fill_f32(float* p, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    uint32_t x = uint32_t(i) * 2654435761u ^ uint32_t(i >> 32) * 40503u;
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    p[i] = float(x >> 8) * (1.0f / 16777216.0f) * 2.0f - 0.5f;  // -0.5 .. 1.5
  }
}
__global__ void fill_u8(uint8_t* p, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x) {
    uint32_t x = uint32_t(i) * 2654435761u ^ uint32_t(i >> 32) * 40503u;
    x ^= x >> 15;
    x *= 2246822519u;
    x ^= x >> 13;
    p[i] = uint8_t(x >> 24);
  }
}

template <class T>
float max_err(const T* a, const T* b, size_t n) {
  const unsigned zero = 0;
  CK(cudaMemcpyToSymbol(d_max_err, &zero, sizeof zero));
  max_error<<<1024, 256>>>(a, b, n);
  CK(cudaGetLastError());
  unsigned bits = 0;
  CK(cudaMemcpyFromSymbol(&bits, d_max_err, sizeof bits));
  float e;
  std::memcpy(&e, &bits, sizeof e);
  return e;
}

template <class T>
void run_case(const char* type, bool separable, int R, const Problem<T, T>& p, T* ref,
              float copy_ms, const std::vector<Candidate>& cands) {
  const size_t n = size_t(p.w) * p.h * p.planes;
  upload_filter(R, separable);
  const dim3 rb(32, 8), rg((p.w + 31) / 32, (p.h + 7) / 8, p.planes);
  reference<<<rg, rb>>>(p.in, ref, p.w, p.h, R);
  CK(cudaGetLastError());
  CK(cudaDeviceSynchronize());
  for (const Candidate& c : cands) {
    CK(cudaMemset(p.out, 0xFF, n * sizeof(T)));  // poison: nan (f32) / 255 (u8)
    c.launch();
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    const float err = max_err(p.out, ref, n);
    const float ms = median_ms(c.launch);
    const float err_after = max_err(p.out, ref, n);  // still right after the timed repeats
    const float worst = std::max(err, err_after);
    std::printf("%-3s %-4s r=%d  %-26s %8.4f ms  %6.1f%% copy  err %g%s\n", type,
                separable ? "sep" : "dir", R, c.name.c_str(), ms, 100.0f * copy_ms / ms, worst,
                !(worst <= (sizeof(T) == 1 ? 1.0f : 1e-4f)) ? "  WRONG" : "");
    std::fflush(stdout);
  }
}

template <class T>
float copy_time(const T* in, T* out, size_t n) {
  return median_ms([&] { CK(cudaMemcpyAsync(out, in, n * sizeof(T), cudaMemcpyDeviceToDevice)); });
}

}  // namespace

int main(int argc, char** argv) {
  const int w = argc > 2 ? std::atoi(argv[1]) : 8192, h = argc > 2 ? std::atoi(argv[2]) : 8192;
  if (argc > 3) g_reps = std::max(1, std::atoi(argv[3]));
  if (w < 1 || h < 1) {
    std::printf("usage: conv_tune [width height [repeats]]  (positive sizes)\n");
    return 1;
  }
  cudaDeviceProp prop{};
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("%s, %dx%d, clamp boundary, median of %d; err: max |kernel - double reference|\n",
              prop.name, w, h, g_reps);
  {
    const size_t n = size_t(w) * h;
    float *in, *out, *ref;
    CK(cudaMalloc(&in, n * sizeof(float)));
    CK(cudaMalloc(&out, n * sizeof(float)));
    CK(cudaMalloc(&ref, n * sizeof(float)));
    fill_f32<<<1024, 256>>>(in, n);
    CK(cudaGetLastError());
    const float copy_ms = copy_time(in, out, n);
    std::printf("f32 x1 copy %.4f ms (%.0f GB/s for in+out)\n", copy_ms, 2e-6 * n * 4 / copy_ms);
    const Problem<float, float> p{in, out, w, h, 1};
    run_case("f32", true, 1, p, ref, copy_ms, f32_separable<1>(p));
    run_case("f32", true, 2, p, ref, copy_ms, f32_separable<2>(p));
    run_case("f32", true, 3, p, ref, copy_ms, f32_separable<3>(p));
    run_case("f32", true, 7, p, ref, copy_ms, f32_separable<7>(p));
    run_case("f32", false, 1, p, ref, copy_ms, f32_direct<1>(p));
    run_case("f32", false, 2, p, ref, copy_ms, f32_direct<2>(p));
    run_case("f32", false, 3, p, ref, copy_ms, f32_direct<3>(p));
    CK(cudaFree(in));
    CK(cudaFree(out));
    CK(cudaFree(ref));
  }
  {
    const size_t n = size_t(w) * h * 3;
    uint8_t *in, *out, *ref;
    CK(cudaMalloc(&in, n));
    CK(cudaMalloc(&out, n));
    CK(cudaMalloc(&ref, n));
    fill_u8<<<1024, 256>>>(in, n);
    CK(cudaGetLastError());
    const float copy_ms = copy_time(in, out, n);
    std::printf("u8 x3 planes copy %.4f ms (%.0f GB/s for in+out)\n", copy_ms, 2e-6 * n / copy_ms);
    const Problem<uint8_t, uint8_t> p{in, out, w, h, 3};
    run_case("u8", true, 1, p, ref, copy_ms, u8_separable<1>(p));
    run_case("u8", true, 2, p, ref, copy_ms, u8_separable<2>(p));
    run_case("u8", true, 3, p, ref, copy_ms, u8_separable<3>(p));
    run_case("u8", false, 1, p, ref, copy_ms, u8_direct<1>(p));
    run_case("u8", false, 2, p, ref, copy_ms, u8_direct<2>(p));
    run_case("u8", false, 3, p, ref, copy_ms, u8_direct<3>(p));
    CK(cudaFree(in));
    CK(cudaFree(out));
    CK(cudaFree(ref));
  }
  return 0;
}
