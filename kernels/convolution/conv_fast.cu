// Variant 5, fast: the fastest convolution this project makes. n outputs, radius r, a filter
// of F = (2r+1)^2 taps. A warp's lanes each own 4 adjacent columns (one 16-byte f32 / 4-byte u8
// load per row) and get their r neighbours either side from the lanes around them by shuffles;
// ceil(r / 4) lanes at each end only load (the halo), the others write 4 outputs a row.
//   separable  a rank-1 filter (separate()): the row pass runs on every input row the block
//              needs (global loads + shuffles, 2r+1 taps) into a shared tile of row sums, then
//              each warp slides down S = 8 rows of it adding the 2r+1 column taps in registers.
//              One read of the image, one write. Work 2 (2r+1) multiply-adds per output
//              (plus the halo's); steps per thread about 4 S (2r+1) per pass.
//   direct     any other filter: no shared memory; each input row is widened by shuffles and
//              added into the 2r+1 output rows it feeds, held in registers (S = 8 rows for f32,
//              16 for u8 samples). Work n F multiply-adds; steps 4 S F per thread.
//   traced     teach mode's kernel (the twin: conv_teach_fast_cpu.cpp): a block of tile x tile
//              threads, each computing k outputs along x from a window of k + 2r shared cells
//              and the row's weights held in registers.
// The radius is a template parameter (0..7) so every tap loop unrolls and the weights are
// constant-bank operands. Steps: load, (row pass, barrier,) 2r+1 (or F) multiply-adds, store.
// Taps accumulate in the variants' order (filter row, then column). The full-size kernels fuse
// each multiply-add (__fmaf_rn, one rounding: +9% at 5x5 f32 on an H200, docs/performance.md)
// and equal their CPU twin, which fuses the same way (conv_cpu.h, Rounding::Fused); the separable
// one rounds its row sums first. The traced kernel rounds twice, as variants 1-4 do.
// Widths that are not a multiple of 4 (or unaligned planes) load and store per sample.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "conv_cuda.cuh"

namespace ws::conv {

namespace {

using namespace cuda;

constexpr int kMaxSide = 2 * kMaxTiledRadius + 1;
__constant__ float c_filter[kMaxSide * kMaxSide];  // direct and traced: the (padded) filter
__constant__ float c_row[kMaxSide];                // separable: the row pass's weights
__constant__ float c_column[kMaxSide];             // separable: the column pass's weights

// A lane's group of columns, and the lanes a warp gives to each side's halo.
constexpr int kGroup = 4;
template <int R>
struct Lanes {
  static constexpr int kHalo = (R + kGroup - 1) / kGroup;
  static constexpr int kOutW = (32 - 2 * kHalo) * kGroup;  // columns a warp writes
};
// Rows of outputs per warp (S) and warps per block (W), tuned on an H200 at 8192^2
// (bench/dev/conv_tune.cu): separable 8 x 8 warps; direct 8 x 8 warps (f32), 16 x 4 (u8).
// No __launch_bounds__: with them ptxas spilled 4-8 bytes in three of the kernels; without,
// none uses local memory (48-92 registers, well under 255 for blocks of 128 or 256 threads).
constexpr int kSepRows = 8, kSepWarps = 8;
template <class In>
struct DirectShape {
  static constexpr int kRows = sizeof(In) == 1 ? 16 : 8;
  static constexpr int kWarps = sizeof(In) == 1 ? 4 : 8;
};

// @variant fast
// Four samples as floats: one 16-byte (f32) or 4-byte (u8) load.
__device__ __forceinline__ void load4(const float* p, float (&v)[kGroup]) {
  const float4 q = __ldg(reinterpret_cast<const float4*>(p));
  v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
}
__device__ __forceinline__ void load4(const uint8_t* p, float (&v)[kGroup]) {
  const unsigned u = __ldg(reinterpret_cast<const unsigned*>(p));
  for (int k = 0; k < kGroup; ++k) v[k] = float((u >> (8 * k)) & 0xFFu);
}
__device__ __forceinline__ void store4(float* p, const float (&v)[kGroup], const Shape&) {
  *reinterpret_cast<float4*>(p) = make_float4(v[0], v[1], v[2], v[3]);
}
__device__ __forceinline__ void store4(uint8_t* p, const float (&v)[kGroup], const Shape& s) {
  unsigned u = 0;
  for (int k = 0; k < kGroup; ++k) u |= unsigned(output_of<uint8_t>(v[k], s)) << (8 * k);
  *reinterpret_cast<unsigned*>(p) = u;
}

// Image row gy, columns gx .. gx + 3, through the boundary rule (ghost cells of Zero are 0):
// one vector load when the group is inside an aligned row, else sample by sample.
template <class In>
__device__ __forceinline__ void load_group(const In* __restrict__ N, const Shape& s, int gy, int gx,
                                           bool aligned, float (&v)[kGroup]) {
  const int row = ghost_cell(gy, s.h, s.boundary);
  const In* line = N + int64_t(row < 0 ? 0 : row) * s.w;
  if (row >= 0 && aligned && gx >= 0 && gx + kGroup <= s.w) return load4(line + gx, v);
  for (int k = 0; k < kGroup; ++k) {
    const int col = ghost_cell(gx + k, s.w, s.boundary);
    v[k] = row < 0 || col < 0 ? 0.0f : float(__ldg(line + col));
  }
}
template <class Out>
__device__ __forceinline__ void store_group(Out* __restrict__ P, const Shape& s, int y, int gx,
                                            bool aligned, const float (&v)[kGroup]) {
  Out* line = P + int64_t(y) * s.w;
  if (aligned && gx + kGroup <= s.w) return store4(line + gx, v, s);
  for (int k = 0; k < kGroup; ++k)
    if (gx + k < s.w) line[gx + k] = output_of<Out>(v[k], s);
}

// The lane's 4 values with R neighbours either side from the lanes around it: e[R + k] = v[k].
template <int R>
__device__ __forceinline__ void extend(const float (&v)[kGroup], float (&e)[kGroup + 2 * R]) {
#pragma unroll
  for (int k = 0; k < kGroup; ++k) e[R + k] = v[k];
#pragma unroll
  for (int i = 0; i < R; ++i) {
    const int back = (R - i + kGroup - 1) / kGroup;  // column i - R is `back` lanes to the left
    e[i] = __shfl_up_sync(~0u, v[i - R + back * kGroup], back);
    const int ahead = (kGroup + i) / kGroup;  // column 4 + i is `ahead` lanes to the right
    e[kGroup + R + i] = __shfl_down_sync(~0u, v[(kGroup + i) % kGroup], ahead);
  }
}

template <int R, class In, class Out>
__global__ void convolve_separable(const In* __restrict__ N, Out* __restrict__ P, Shape s,
                                   bool aligned) {
  using L = Lanes<R>;
  constexpr int kTaps = 2 * R + 1, kRows = kSepWarps * kSepRows + 2 * R;
  __shared__ __align__(16) float rows[kRows][32 * kGroup];
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int gx = blockIdx.x * L::kOutW + (lane - L::kHalo) * kGroup;
  const int yb = blockIdx.y * kSepWarps * kSepRows;
  // The row pass: every input row the block's outputs need, a warp per row.
  for (int r = warp; r < kRows; r += kSepWarps) {
    float v[kGroup], e[kGroup + 2 * R], sums[kGroup];
    load_group(N, s, yb - R + r, gx, aligned, v);
    extend<R>(v, e);
#pragma unroll
    for (int k = 0; k < kGroup; ++k) {
      sums[k] = 0.0f;
#pragma unroll
      for (int i = 0; i < kTaps; ++i)
        sums[k] = __fmaf_rn(c_row[i], e[k + i], sums[k]);  // @fast-row-pass
    }
    *reinterpret_cast<float4*>(&rows[r][lane * kGroup]) =
        make_float4(sums[0], sums[1], sums[2], sums[3]);
  }
  __syncthreads();
  // The column pass: S outputs down each of the lane's columns from the shared row sums.
  const int y0 = yb + warp * kSepRows;
  if (lane < L::kHalo || lane >= 32 - L::kHalo || gx >= s.w || y0 >= s.h) return;
  float acc[kSepRows][kGroup];
#pragma unroll
  for (int o = 0; o < kSepRows; ++o)
#pragma unroll
    for (int k = 0; k < kGroup; ++k) acc[o][k] = 0.0f;
#pragma unroll
  for (int q = 0; q < kSepRows + 2 * R; ++q) {
    const float4 t = *reinterpret_cast<const float4*>(&rows[warp * kSepRows + q][lane * kGroup]);
    const float v[kGroup] = {t.x, t.y, t.z, t.w};
#pragma unroll
    for (int j = 0; j < kTaps; ++j) {  // row sum q is column tap j of output row q - j
      const int o = q - j;
      if (o < 0 || o >= kSepRows) continue;
#pragma unroll
      for (int k = 0; k < kGroup; ++k)
        acc[o][k] = __fmaf_rn(c_column[j], v[k], acc[o][k]);  // @fast-column-pass
    }
    const int o = q - 2 * R;  // output row o has all its taps
    if (o >= 0 && y0 + o < s.h) store_group(P, s, y0 + o, gx, aligned, acc[o]);
  }
}

template <int R, class In, class Out>
__global__ void convolve_direct(const In* __restrict__ N, Out* __restrict__ P, Shape s,
                                bool aligned) {
  using L = Lanes<R>;
  constexpr int kTaps = 2 * R + 1, S = DirectShape<In>::kRows, W = DirectShape<In>::kWarps;
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int gx = blockIdx.x * L::kOutW + (lane - L::kHalo) * kGroup;
  const int y0 = (blockIdx.y * W + warp) * S;
  if (y0 >= s.h) return;  // the whole warp
  const bool writes = lane >= L::kHalo && lane < 32 - L::kHalo && gx < s.w;
  float acc[S][kGroup];
#pragma unroll
  for (int o = 0; o < S; ++o)
#pragma unroll
    for (int k = 0; k < kGroup; ++k) acc[o][k] = 0.0f;
#pragma unroll
  for (int q = 0; q < S + 2 * R; ++q) {
    float v[kGroup], e[kGroup + 2 * R];
    load_group(N, s, y0 - R + q, gx, aligned, v);
    extend<R>(v, e);
    // Input row q is filter row j of output row q - j: each output adds its rows in order.
#pragma unroll
    for (int j = 0; j < kTaps; ++j) {
      const int o = q - j;
      if (o < 0 || o >= S) continue;
#pragma unroll
      for (int i = 0; i < kTaps; ++i)
#pragma unroll
        for (int k = 0; k < kGroup; ++k)
          acc[o][k] = __fmaf_rn(c_filter[j * kTaps + i], e[k + i], acc[o][k]);  // @fast-direct
    }
    const int o = q - 2 * R;
    if (o >= 0 && writes && y0 + o < s.h) store_group(P, s, y0 + o, gx, aligned, acc[o]);
  }
}

// Teach mode's kernel (and its twin's schedule): k outputs along x per thread.
template <class In, class Out, class Rec>
__global__ void convolve_fast_traced(const In* __restrict__ N, Out* __restrict__ P, Shape s, int k,
                                     Rec rec) {
  float* N_s = shared_floats();  // in_x * in_y cells
  const int threads = s.block_x * s.block_y, cells = s.in_x * s.in_y;
  const int ox = s.bx() * s.out_x - s.rx, oy = s.by() * s.out_y - s.ry;
  rec.begin(kLoadPhase);
  for (int c = threadIdx.x; c < cells; c += threads) {
    const int row = ghost_cell(oy + c / s.in_x, s.h, s.boundary);
    const int col = ghost_cell(ox + c % s.in_x, s.w, s.boundary);
    float v = 0.0f;
    if (row >= 0 && col >= 0)
      v = rec.read(kNArray, int64_t(row) * s.w + col, float(N[int64_t(row) * s.w + col]));
    else
      rec.skip(kNArray);                 // a ghost cell of zero: the load is predicated off
    N_s[c] = rec.write(kNsArray, c, v);  // @fast-load
  }
  __syncthreads();
  const int tx = s.tx(), ty = s.ty();
  const int x0 = s.bx() * s.out_x + tx * k, y = s.by() * s.out_y + ty;
  if (x0 >= s.w || y >= s.h) return;
  const int outputs = min(k, s.w - x0);
  float sums[8], window[8 + 2 * kMaxTiledRadius], weights[kMaxSide];
  for (int o = 0; o < k; ++o) sums[o] = 0.0f;
  for (int j = 0; j < s.fh; ++j) {
    rec.begin(kComputePhase, j);
    for (int c = 0; c < k + 2 * s.rx; ++c) {
      const int a = (ty + j) * s.in_x + tx * k + c;
      window[c] = rec.read(kNsArray, a, N_s[a]);
    }
    for (int i = 0; i < s.fw; ++i)
      weights[i] = rec.read(kFArray, j * s.fw + i, c_filter[j * s.fw + i]);
    for (int o = 0; o < outputs; ++o) {
      for (int i = 0; i < s.fw; ++i) sums[o] += weights[i] * window[o + i];  // @fast-row
      rec.op(kPArray, int64_t(y) * s.w + x0 + o, sums[o]);
    }
  }
  rec.begin(kStorePhase);
  for (int o = 0; o < outputs; ++o)
    P[int64_t(y) * s.w + x0 + o] =
        output_of<Out>(rec.write(kPArray, int64_t(y) * s.w + x0 + o, sums[o]), s);  // @fast-store
}
// @end

std::vector<float> filter_held, row_held, column_held;

// `w` (a side of `side`, centred) in the middle of `2R+1` zeros.
std::vector<float> padded(const std::vector<float>& w, int R) {
  std::vector<float> out(size_t(2 * R + 1), 0.0f);
  const int r = int(w.size()) / 2;
  for (size_t i = 0; i < w.size(); ++i) out[size_t(R - r) + i] = w[i];
  return out;
}

// The filter in the middle of a (2R+1)^2 square of zeros.
std::vector<float> padded(const Filter& f, int R) {
  const int side = 2 * R + 1;
  std::vector<float> out(size_t(side) * side, 0.0f);
  for (int j = 0; j < f.height; ++j)
    for (int i = 0; i < f.width; ++i)
      out[size_t(R - f.radius_y() + j) * side + (R - f.radius_x() + i)] =
          f.weights[size_t(j) * f.width + i];
  return out;
}

template <int R, class In, class Out>
void launch_fast_at(const In* in, Out* out, const Shape& s, bool separable, bool aligned) {
  const int blocks_x = (s.w + Lanes<R>::kOutW - 1) / Lanes<R>::kOutW;
  if (separable) {
    constexpr int kRows = kSepWarps * kSepRows;
    const dim3 grid(blocks_x, (s.h + kRows - 1) / kRows);
    convolve_separable<R><<<grid, 32 * kSepWarps>>>(in, out, s, aligned);
  } else {
    constexpr int kRows = DirectShape<In>::kWarps * DirectShape<In>::kRows;
    const dim3 grid(blocks_x, (s.h + kRows - 1) / kRows);
    convolve_direct<R><<<grid, 32 * DirectShape<In>::kWarps>>>(in, out, s, aligned);
  }
  WS_CUDA_CHECK_LAUNCH();
}

template <class In, class Out>
void launch_fast_typed(const In* in, Out* out, const Shape& s, int R, bool separable,
                       bool aligned) {
  switch (R) {
    case 0:
      return launch_fast_at<0>(in, out, s, separable, aligned);
    case 1:
      return launch_fast_at<1>(in, out, s, separable, aligned);
    case 2:
      return launch_fast_at<2>(in, out, s, separable, aligned);
    case 3:
      return launch_fast_at<3>(in, out, s, separable, aligned);
    case 4:
      return launch_fast_at<4>(in, out, s, separable, aligned);
    case 5:
      return launch_fast_at<5>(in, out, s, separable, aligned);
    case 6:
      return launch_fast_at<6>(in, out, s, separable, aligned);
    case 7:
      return launch_fast_at<7>(in, out, s, separable, aligned);
    default:
      throw Error("the fast convolution takes radii 0..7");
  }
}

}  // namespace

void launch_fast(const LaunchArgs& a, const Filter& f) {
  check_radius(Variant::Fast, f);
  const Shape s = shape_of(a, f);
  const int R = f.radius();
  const auto split = separate(f);
  if (split) {
    upload_filter(c_row, row_held, padded(split->row, R));
    upload_filter(c_column, column_held, padded(split->column, R));
  } else {
    upload_filter(c_filter, filter_held, padded(f, R));
  }
  // Groups of 4 samples start on 16-byte (f32) or 4-byte (u8) boundaries when the width is a
  // multiple of 4 and both planes start on one.
  const auto on_boundary = [](const void* p, bool u8) {
    return reinterpret_cast<uintptr_t>(p) % (u8 ? 4 : 16) == 0;
  };
  const bool aligned =
      a.width % 4 == 0 && on_boundary(a.in, a.in_u8) && on_boundary(a.out, a.out_u8);
  dispatch_types(
      a, [&](auto in, auto out) { launch_fast_typed(in, out, s, R, bool(split), aligned); });
}

TeachRun teach_cuda_fast(const TeachParams& p, const Plane& in, const Filter& f) {
  TeachRun run = teach_cpu_fast(p, in, f);
  TeachLaunch launch(run, "a teach-mode convolution trace");
  upload_filter(c_filter, filter_held, f.weights);
  convolve_fast_traced<<<launch.blocks(), launch.threads(), launch.shared_bytes()>>>(
      launch.in(), launch.out(), launch.shape(), p.outputs_per_thread, launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::conv
