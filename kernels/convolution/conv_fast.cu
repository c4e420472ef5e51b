// Variant 5, fast: the fastest convolution this project makes. n outputs, radius r, a filter
// of F = (2r+1)^2 taps.
//   separable  a rank-1 filter (separate()) runs as its two 1D passes inside one kernel: the
//              block's input tile goes into shared memory once (16-byte vector loads), the row
//              pass writes its (2r+1)-tap sums to a second shared tile, the column pass slides
//              a register window down each column and writes the outputs: one read of the
//              image, one write. Work 2 (2r+1) multiply-adds per output instead of F.
//   direct     any other filter: the same tile, each thread computes S = 8 outputs down a
//              column from a register window, each shared value read (2r+1) (S + 2r) / S
//              times per output instead of F. Work n F multiply-adds.
//   traced     teach mode's kernel (the twin: conv_teach_fast_cpu.cpp): a block of tile x tile
//              threads, each computing k outputs along x from a window of k + 2r shared cells
//              and the row's weights held in registers.
// The radius is a template parameter (0..7) so every tap loop unrolls and the weights are
// constant-bank operands. Steps: load, barrier, (row pass, barrier,) 2r+1 (or F) multiply-adds.
// Taps accumulate in the variants' order (filter row, then column), so the direct and traced
// kernels equal convolve_float; the separable one rounds its row sums first (conv_cpu.h).
#include <cuda_runtime.h>

#include <algorithm>

#include "conv_cuda.cuh"

namespace ws::conv {

namespace {

using namespace cuda;

constexpr int kMaxSide = 2 * kMaxTiledRadius + 1;
__constant__ float c_filter[kMaxSide * kMaxSide];  // direct and traced: the (padded) filter
__constant__ float c_row[kMaxSide];                // separable: the row pass's weights
__constant__ float c_column[kMaxSide];             // separable: the column pass's weights

// The full-size tile: 32 columns by 64 rows of outputs, 32 x 8 threads, 8 outputs per thread.
constexpr int kTileW = 32, kThreadsY = 8, kStrip = 8, kTileH = kThreadsY * kStrip;
// The shared tile's rows start Pad(R) cells left of the output tile and end Pad(R) right of it:
// R rounded up to a multiple of 4, so rows start on 16-byte boundaries (vector loads).
template <int R>
struct TileShape {
  static constexpr int kPad = (R + 3) / 4 * 4;
  static constexpr int kRowCells = kTileW + 2 * kPad;
  static constexpr int kRows = kTileH + 2 * R;
};

// @variant fast
// Four samples as floats: one 16-byte (f32) or 4-byte (u8) load.
__device__ __forceinline__ float4 load4(const float* p) {
  return *reinterpret_cast<const float4*>(p);
}
__device__ __forceinline__ float4 load4(const uint8_t* p) {
  const uchar4 v = *reinterpret_cast<const uchar4*>(p);
  return make_float4(v.x, v.y, v.z, v.w);
}

// Loads the block's input tile, rows y0 - R .. y0 + kTileH + R - 1, columns x0 - kPad ..
// x0 + kTileW + kPad - 1, into tile[row][column] (ghost cells by the boundary rule). Groups of
// four cells inside the image come in one vector load when rows are 16-byte aligned.
template <int R, class In>
__device__ void load_tile(const In* __restrict__ N, float (*tile)[TileShape<R>::kRowCells],
                          const Shape& s, int x0, int y0, bool aligned) {
  using T = TileShape<R>;
  constexpr int kGroups = T::kRowCells / 4;
  for (int g = threadIdx.x; g < T::kRows * kGroups; g += blockDim.x) {
    const int r = g / kGroups, c = (g % kGroups) * 4;
    const int gy = y0 - R + r, gx = x0 - T::kPad + c;
    if (aligned && gy >= 0 && gy < s.h && gx >= 0 && gx + 3 < s.w) {
      *reinterpret_cast<float4*>(&tile[r][c]) = load4(N + int64_t(gy) * s.w + gx);
      continue;
    }
    const int row = ghost_cell(gy, s.h, s.boundary);
    for (int k = 0; k < 4; ++k) {
      const int col = ghost_cell(gx + k, s.w, s.boundary);
      tile[r][c + k] = row < 0 || col < 0 ? 0.0f : float(N[int64_t(row) * s.w + col]);
    }
  }
}

template <int R, class In, class Out>
__global__ void __launch_bounds__(kTileW* kThreadsY)
    convolve_separable(const In* __restrict__ N, Out* __restrict__ P, Shape s, bool aligned) {
  using T = TileShape<R>;
  constexpr int kRows = T::kRows, kTaps = 2 * R + 1, kLeft = T::kPad - R;
  __shared__ __align__(16) float tile[kRows][T::kRowCells];
  __shared__ float rows[kRows][kTileW];
  const int x0 = blockIdx.x * kTileW, y0 = blockIdx.y * kTileH;
  const int tx = threadIdx.x % kTileW, ty = threadIdx.x / kTileW;
  load_tile<R>(N, tile, s, x0, y0, aligned);
  __syncthreads();
  // The row pass: every tile row, one output column per lane.
  for (int r = ty; r < kRows; r += kThreadsY) {
    float sum = 0.0f;
#pragma unroll
    for (int i = 0; i < kTaps; ++i) sum += c_row[i] * tile[r][kLeft + tx + i];
    rows[r][tx] = sum;  // @fast-row-pass
  }
  __syncthreads();
  // The column pass: a window of kStrip + 2R row sums in registers, kStrip outputs.
  float window[kStrip + 2 * R];
#pragma unroll
  for (int m = 0; m < kStrip + 2 * R; ++m) window[m] = rows[ty * kStrip + m][tx];
  const int x = x0 + tx;
#pragma unroll
  for (int o = 0; o < kStrip; ++o) {
    float sum = 0.0f;
#pragma unroll
    for (int j = 0; j < kTaps; ++j) sum += c_column[j] * window[o + j];
    const int y = y0 + ty * kStrip + o;
    if (x < s.w && y < s.h) P[int64_t(y) * s.w + x] = output_of<Out>(sum, s);  // @fast-column-pass
  }
}

template <int R, class In, class Out>
__global__ void __launch_bounds__(kTileW* kThreadsY)
    convolve_direct(const In* __restrict__ N, Out* __restrict__ P, Shape s, bool aligned) {
  using T = TileShape<R>;
  constexpr int kTaps = 2 * R + 1, kLeft = T::kPad - R;
  __shared__ __align__(16) float tile[T::kRows][T::kRowCells];
  const int x0 = blockIdx.x * kTileW, y0 = blockIdx.y * kTileH;
  const int tx = threadIdx.x % kTileW, ty = threadIdx.x / kTileW;
  load_tile<R>(N, tile, s, x0, y0, aligned);
  __syncthreads();
  float sums[kStrip];
#pragma unroll
  for (int o = 0; o < kStrip; ++o) sums[o] = 0.0f;
    // Input row q of the strip feeds output o with filter row j = q - o: rows in order for each
    // output, so every sum adds its taps in the variants' order.
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
      for (int i = 0; i < kTaps; ++i) sums[o] += c_filter[j * kTaps + i] * v[i];  // @fast-direct
    }
  }
  const int x = x0 + tx;
#pragma unroll
  for (int o = 0; o < kStrip; ++o) {
    const int y = y0 + ty * kStrip + o;
    if (x < s.w && y < s.h) P[int64_t(y) * s.w + x] = output_of<Out>(sums[o], s);
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
  const dim3 grid((s.w + kTileW - 1) / kTileW, (s.h + kTileH - 1) / kTileH);
  if (separable)
    convolve_separable<R><<<grid, kTileW * kThreadsY>>>(in, out, s, aligned);
  else
    convolve_direct<R><<<grid, kTileW * kThreadsY>>>(in, out, s, aligned);
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
  // Rows start on 16-byte (f32) or 4-byte (u8) boundaries when the width is a multiple of 4.
  const bool aligned = a.width % 4 == 0;
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
