// Variant 6, fast: the padded tile moved by fewer threads, each several elements (cuda-samples'
// TILE_DIM 32 / BLOCK_ROWS 8), and at full size by 16-byte float4 loads and stores.
//   scalar  a block of T x R threads (R = block rows); thread (tx, ty) loads tile rows ty, ty + R,
//           ... (T / R elements), barrier, stores as many output rows. More independent loads per
//           thread keep more bytes in flight: what a memory-bound kernel needs to reach DRAM speed.
//           The teach run draws this form (tile 4..32, block_rows dividing it).
//   float4  (rows and cols multiples of 4) a block of T/4 x R threads: a thread reads 4
//           neighbours of an input row as one float4 into the tile, then gathers 4 tile rows of a
//           column and writes them as one float4 of an output row. At T = 32 a warp covers 4 tile
//           rows of 8 float4s: lane (tx, dy) touches bank (dy + 4 tx + k) mod 32 on both the
//           scalar tile writes and the column reads, so no bank conflicts with the T + 1 pad.
//   work    rows * cols copies through shared memory, two steps and one barrier
//   memory  every global access fully used sectors; 16 B per lane per instruction (float4)
// Configurations (tile, rows, vector) in fast_configs(); the sweep (bench/dev) times them all.
#include <cuda_runtime.h>

#include <algorithm>

#include "../common/error.h"
#include "transpose_cuda.cuh"

namespace ws::mem::tcuda {

namespace {

// @variant fast
template <int kTile, int kRows, class Rec>
__global__ void transpose_fast_kernel(const float* __restrict__ in, float* __restrict__ out,
                                      TransposeShape s, Rec rec) {
  __shared__ float tile[kTile > 0 ? kTile * (kTile + 1) : kTeachTileWords];
  const int T = kTile > 0 ? kTile : s.tile, R = kRows > 0 ? kRows : s.block_rows;
  const int stride = T + 1;  // the padded tile
  const int tx = int(threadIdx.x) % T, ty = int(threadIdx.x) / T;
  int bx = 0, by = 0;
  s.row_major_tile(bx, by);
  // Load T / R rows of the input tile, R rows apart: each a coalesced row segment.
  rec.begin(kLoadPhase);
  const int c = bx * T + tx;
#pragma unroll
  for (int k = 0; k < T / R; ++k) {
    const int y = ty + k * R;
    const int r = by * T + y;
    if (r < s.rows && c < s.cols) {
      const int64_t from = int64_t(r) * s.cols + c;
      tile[y * stride + tx] =
          rec.write(kTileArray, y * stride + tx, rec.read(kInArray, from, in[from]));  // @fast-load
    }
  }
  __syncthreads();
  // Store T / R rows of the output tile, reading the tile by columns (conflict free: padded).
  rec.begin(kStorePhase);
  const int r = by * T + tx;
#pragma unroll
  for (int k = 0; k < T / R; ++k) {
    const int y = ty + k * R;
    const int oc = bx * T + y;  // out[oc][r] = in[r][oc]
    if (r < s.rows && oc < s.cols) {
      const int64_t to = int64_t(oc) * s.rows + r;
      out[to] =
          rec.write(kOutArray, to,
                    rec.read(kTileArray, tx * stride + y, tile[tx * stride + y]));  // @fast-store
    }
  }
}
// @end

// @helper fast-float4
// Full size, rows and cols multiples of 4: float4 rows in, float4 rows out (no trace);
// kStreaming: the evict-first cache hints, every element being touched once. The block walks the
// tiles blockIdx.x, + gridDim.x, ...: one tile when the grid has a block per tile, several when it
// is grid-stride (as many blocks as are resident at once).
template <int kTile, int kRows, bool kStreaming>
__global__ void transpose_fast_float4_kernel(const float* __restrict__ in, float* __restrict__ out,
                                             TransposeShape s) {
  constexpr int kLanes = kTile / 4;  // threads along a tile row
  __shared__ float tile[kTile][kTile + 1];
  const int tx = int(threadIdx.x) % kLanes, ty = int(threadIdx.x) / kLanes;
  const int tiles = s.grid_x * s.grid_y;
  for (int t = int(blockIdx.x); t < tiles; t += int(gridDim.x)) {
    const int bx = t % s.grid_x, by = t / s.grid_x;
    const int c = bx * kTile + 4 * tx;
#pragma unroll
    for (int k = 0; k < kTile / kRows; ++k) {
      const int y = ty + k * kRows;
      const int r = by * kTile + y;
      if (r < s.rows && c < s.cols) {
        const float4* from = reinterpret_cast<const float4*>(in + int64_t(r) * s.cols + c);
        float4 v;
        if constexpr (kStreaming)
          v = __ldcs(from);
        else
          v = *from;
        tile[y][4 * tx] = v.x;
        tile[y][4 * tx + 1] = v.y;
        tile[y][4 * tx + 2] = v.z;
        tile[y][4 * tx + 3] = v.w;
      }
    }
    __syncthreads();
    const int r = by * kTile + 4 * tx;  // the input rows r..r+3: 4 neighbours of an output row
#pragma unroll
    for (int k = 0; k < kTile / kRows; ++k) {
      const int y = ty + k * kRows;
      const int oc = bx * kTile + y;
      if (r < s.rows && oc < s.cols) {
        const float4 v = make_float4(tile[4 * tx][y], tile[4 * tx + 1][y], tile[4 * tx + 2][y],
                                     tile[4 * tx + 3][y]);
        float4* to = reinterpret_cast<float4*>(out + int64_t(oc) * s.rows + r);
        if constexpr (kStreaming)
          __stcs(to, v);
        else
          *to = v;
      }
    }
    __syncthreads();  // the tile is free for the block's next one
  }
}
// @end

template <int kTile, int kRows>
void launch_fast_scalar(const float* in, float* out, int rows, int cols) {
  const TransposeShape s = full_shape(rows, cols, kTile, kRows, false);
  transpose_fast_kernel<kTile, kRows>
      <<<s.grid_x * s.grid_y, kTile * kRows>>>(in, out, s, NoTrace{});
  WS_CUDA_CHECK_LAUNCH();
}

template <int kTile, int kRows, bool kStreaming, bool kGridStride>
void launch_fast_float4(const float* in, float* out, int rows, int cols) {
  const TransposeShape s = full_shape(rows, cols, kTile, kRows, false);
  const int threads = kTile / 4 * kRows;
  int blocks = s.grid_x * s.grid_y;
  if constexpr (kGridStride) {
    int per_sm = 0, sms = 0, device = 0;
    WS_CUDA_CHECK(cudaGetDevice(&device));
    WS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    WS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, transpose_fast_float4_kernel<kTile, kRows, kStreaming>, threads, 0));
    blocks = std::min(blocks, std::max(1, per_sm * sms));
  }
  transpose_fast_float4_kernel<kTile, kRows, kStreaming><<<blocks, threads>>>(in, out, s);
  WS_CUDA_CHECK_LAUNCH();
}

using FastLaunch = void (*)(const float*, float*, int, int);

// The compiled form of a configuration, or nullptr.
template <int kBlocks, bool kStreaming, int kWarps>
void launch_fast_in_registers(const float* in, float* out, int rows, int cols) {
  launch_fast_registers<kBlocks, kStreaming>(in, out, rows, cols, kWarps);
}

FastLaunch fast_launch_of(const FastConfig& f) {
  if (f.registers) {
    if (f.vector != 4) return nullptr;
    const int key = (f.streaming ? 10000 : 0) + f.tile * 100 + f.block_rows;
    switch (key) {
      case 3208:
        return launch_fast_in_registers<2, false, 8>;
      case 1608:
        return launch_fast_in_registers<1, false, 8>;
      case 13208:
        return launch_fast_in_registers<2, true, 8>;
      case 3204:
        return launch_fast_in_registers<2, false, 4>;
      default:
        return nullptr;
    }
  }
  const int key = (f.grid_stride ? 1000000 : 0) + (f.streaming ? 100000 : 0) + f.tile * 1000 +
                  f.block_rows * 10 + f.vector;
  switch (key) {
    case 32084:
      return launch_fast_float4<32, 8, false, false>;
    case 32164:
      return launch_fast_float4<32, 16, false, false>;
    case 32324:
      return launch_fast_float4<32, 32, false, false>;
    case 32044:
      return launch_fast_float4<32, 4, false, false>;
    case 64084:
      return launch_fast_float4<64, 8, false, false>;
    case 64164:
      return launch_fast_float4<64, 16, false, false>;
    case 132084:
      return launch_fast_float4<32, 8, true, false>;
    case 132164:
      return launch_fast_float4<32, 16, true, false>;
    case 164164:
      return launch_fast_float4<64, 16, true, false>;
    case 1032084:
      return launch_fast_float4<32, 8, false, true>;
    case 1032164:
      return launch_fast_float4<32, 16, false, true>;
    case 1132084:
      return launch_fast_float4<32, 8, true, true>;
    case 32081:
      return launch_fast_scalar<32, 8>;
    case 32041:
      return launch_fast_scalar<32, 4>;
    case 32161:
      return launch_fast_scalar<32, 16>;
    case 64161:
      return launch_fast_scalar<64, 16>;
    default:
      return nullptr;
  }
}

}  // namespace

void launch_fast(const float* in, float* out, int rows, int cols, int config) {
  const std::vector<FastConfig>& configs = fast_configs();
  if (config < 0 || config >= int(configs.size()))
    throw Error("fast transpose: configuration " + std::to_string(config) + " is not one of the " +
                std::to_string(configs.size()) + " in fast_configs()");
  const FastConfig& f = configs[size_t(config)];
  if (f.vector == 4 && (rows % 4 != 0 || cols % 4 != 0)) {
    launch_fast_scalar<32, 8>(in, out, rows, cols);  // float4 rows need multiples of 4
    return;
  }
  const FastLaunch launch = fast_launch_of(f);
  if (launch == nullptr)
    throw Error("fast transpose: " + f.name() + " is listed in fast_configs() but not compiled");
  launch(in, out, rows, cols);
}

TransposeRun teach_fast_cuda(const TransposeTeachParams& params, int rows, int cols) {
  TransposeRun run = teach_transpose_cpu_tiled(params, rows, cols);
  TransposeTeachLaunch launch(run);
  transpose_fast_kernel<0, 0><<<launch.blocks(), launch.threads()>>>(
      launch.in(), launch.out(), launch.shape(), launch.recorder());
  launch.finish();
  return run;
}

}  // namespace ws::mem::tcuda
