// The fast variant without a shared tile (full size, rows and cols multiples of 4): every lane
// transposes 4 x 4 blocks in its registers. A warp owns a tile of 32 columns and 16 kBlocks rows;
// lane (lx, ly) = (lane mod 8, lane / 8) loads rows r..r+3 of columns c..c+3 (c = 32 wx + 4 lx,
// r = 16 kBlocks wy + 16 b + 4 ly for block b) as 4 float4s and stores columns c..c+3 as 4
// float4s of output rows c..c+3.
//   loads   each instruction: 4 rows of 8 lanes x 16 B = 4 whole 128-byte lines
//   stores  each instruction: 8 output rows of 4 lanes x 16 B = 8 x 64 bytes, whole sectors; with
//           kBlocks = 2 the warp's next block writes the other half of each of those lines
//   no shared memory, no barrier; 4 kBlocks independent 16-byte loads in flight per thread
#include <cuda_runtime.h>

#include "transpose_cuda.cuh"

namespace ws::mem::tcuda {

namespace {

template <bool kStreaming>
__device__ __forceinline__ float4 transpose_load_float4(const float* p) {
  if constexpr (kStreaming)
    return __ldcs(reinterpret_cast<const float4*>(p));
  else
    return *reinterpret_cast<const float4*>(p);
}

template <bool kStreaming>
__device__ __forceinline__ void transpose_store_float4(float* p, float4 v) {
  if constexpr (kStreaming)
    __stcs(reinterpret_cast<float4*>(p), v);
  else
    *reinterpret_cast<float4*>(p) = v;
}

// @helper fast-registers
template <int kBlocks, bool kStreaming>
__global__ void transpose_fast_registers_kernel(const float* __restrict__ in,
                                                float* __restrict__ out, int rows, int cols,
                                                int warps_across, int64_t warp_tiles) {
  const int lane = int(threadIdx.x) & 31;
  const int64_t warp = (int64_t(blockIdx.x) * blockDim.x + threadIdx.x) >> 5;
  if (warp >= warp_tiles) return;
  const int wx = int(warp % warps_across), wy = int(warp / warps_across);
  const int lx = lane & 7, ly = lane >> 3;
  const int c = wx * 32 + 4 * lx;
  if (c >= cols) return;
  float4 a[kBlocks][4];
#pragma unroll
  for (int b = 0; b < kBlocks; ++b) {
    const int r = wy * 16 * kBlocks + 16 * b + 4 * ly;
    if (r >= rows) continue;  // rows is a multiple of 4: r..r+3 all in or all out
#pragma unroll
    for (int k = 0; k < 4; ++k)
      a[b][k] = transpose_load_float4<kStreaming>(in + int64_t(r + k) * cols + c);
  }
#pragma unroll
  for (int b = 0; b < kBlocks; ++b) {
    const int r = wy * 16 * kBlocks + 16 * b + 4 * ly;
    if (r >= rows) continue;
    float* to = out + int64_t(c) * rows + r;
    transpose_store_float4<kStreaming>(to, make_float4(a[b][0].x, a[b][1].x, a[b][2].x, a[b][3].x));
    transpose_store_float4<kStreaming>(to + rows,
                                       make_float4(a[b][0].y, a[b][1].y, a[b][2].y, a[b][3].y));
    transpose_store_float4<kStreaming>(to + 2 * int64_t(rows),
                                       make_float4(a[b][0].z, a[b][1].z, a[b][2].z, a[b][3].z));
    transpose_store_float4<kStreaming>(to + 3 * int64_t(rows),
                                       make_float4(a[b][0].w, a[b][1].w, a[b][2].w, a[b][3].w));
  }
}
// @end

}  // namespace

template <int kBlocks, bool kStreaming>
void launch_fast_registers(const float* in, float* out, int rows, int cols, int warps_per_block) {
  const int warps_across = (cols + 31) / 32;
  const int64_t warps_down = (rows + 16 * kBlocks - 1) / (16 * kBlocks);
  const int64_t warp_tiles = warps_across * warps_down;
  const int64_t blocks = (warp_tiles + warps_per_block - 1) / warps_per_block;
  transpose_fast_registers_kernel<kBlocks, kStreaming>
      <<<unsigned(blocks), 32 * warps_per_block>>>(in, out, rows, cols, warps_across, warp_tiles);
  WS_CUDA_CHECK_LAUNCH();
}

template void launch_fast_registers<1, false>(const float*, float*, int, int, int);
template void launch_fast_registers<2, false>(const float*, float*, int, int, int);
template void launch_fast_registers<2, true>(const float*, float*, int, int, int);

}  // namespace ws::mem::tcuda
