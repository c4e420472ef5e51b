// What the transpose kernels share on the device: the launch shape every kernel reads its
// coordinates from (1D blocks and grid, numbered as the trace numbers threads), the trace's buffer
// and phase names, and the host side of a teach run. Every variant's .cu declares its launches
// here, so transpose_device.cu dispatches to them.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/trace_recording.cuh"
#include "transpose_teach_cpu.h"

namespace ws::mem::tcuda {

enum TransposeArray : int { kInArray, kOutArray, kTileArray };
enum TransposePhase : int { kCopyPhase, kLoadPhase, kStorePhase };

// A launch: grid_x * grid_y blocks over tiles of tile x tile elements, block_x * block_y threads
// (block_x = tile), both 1D: threadIdx.x = ty * tile + tx, blockIdx.x = the launch's block b.
struct TransposeShape {
  int rows = 0, cols = 0;  // of the input
  int tile = 32, block_rows = 32;
  int grid_x = 1, grid_y = 1;
  __device__ int tx() const { return int(threadIdx.x) % tile; }
  __device__ int ty() const { return int(threadIdx.x) / tile; }
  // Block b's tile in launch order (row-major).
  __device__ void row_major_tile(int& bx, int& by) const {
    bx = int(blockIdx.x) % grid_x;
    by = int(blockIdx.x) / grid_x;
  }
  // Block b's tile in diagonal order (cuda-samples' transposeDiagonal, rectangular form).
  __device__ void diagonal_tile(int& bx, int& by) const {
    by = int(blockIdx.x) % grid_y;
    bx = (int(blockIdx.x) / grid_y + by) % grid_x;
  }
};

// The shape of a full-size launch: tiles over the input (or, over_output, the output).
inline TransposeShape full_shape(int rows, int cols, int tile, int block_rows, bool over_output) {
  TransposeShape s;
  s.rows = rows, s.cols = cols, s.tile = tile, s.block_rows = block_rows;
  const int across = over_output ? rows : cols, down = over_output ? cols : rows;
  s.grid_x = (across + tile - 1) / tile;
  s.grid_y = (down + tile - 1) / tile;
  return s;
}

// The largest tile a teach run uses, padded: the shared array every traced kernel declares.
inline constexpr int kTeachTileWords = kTransposeMaxTile * (kTransposeMaxTile + 1);

// ---- Host side of a teach run: the twin's run, the input on the device, a recorder mapped onto
// the twin's buffers and steps; after the kernel, the GPU's events and output.
class TransposeTeachLaunch {
 public:
  explicit TransposeTeachLaunch(TransposeRun& run)
      : run_(run),
        recording_(run.trace, size_t(run.rows) * run.cols * 8, "a teach-mode transpose trace") {
    const std::vector<float> in(run.input.begin(), run.input.end());
    in_ = DeviceBuffer<float>(in.size());
    in_.upload(in);
    out_ = DeviceBuffer<float>(in.size());
    out_.fill_zero();
    rec_ = recording_.recorder();
    rec_.buffers[kInArray] = kTransposeIn;
    rec_.buffers[kOutArray] = kTransposeOut;
    const bool tiled = uses_tile(run.params.variant);
    rec_.buffers[kTileArray] = tiled ? kTransposeTile : -1;
    rec_.phases[kCopyPhase] = tiled ? kAbsentStep : 0;
    rec_.phases[kLoadPhase] = tiled ? 0 : kAbsentStep;
    rec_.phases[kStorePhase] = tiled ? 1 : kAbsentStep;
    const TransposeGeometry& g = run.geometry;
    shape_.rows = run.rows, shape_.cols = run.cols;
    shape_.tile = g.tile, shape_.block_rows = g.block_y;
    shape_.grid_x = g.grid_x, shape_.grid_y = g.grid_y;
  }
  const float* in() { return in_.data(); }
  float* out() { return out_.data(); }
  const DeviceTrace& recorder() const { return rec_; }
  const TransposeShape& shape() const { return shape_; }
  int blocks() const { return run_.geometry.blocks(); }
  int threads() const { return run_.geometry.block_threads(); }

  // After the kernel: the events and "out" as the GPU left them.
  void finish() {
    WS_CUDA_CHECK_LAUNCH();
    recording_.download(run_.trace);
    const std::vector<float> out = out_.download();
    run_.output.assign(out.begin(), out.end());
  }

 private:
  TransposeRun& run_;
  TraceRecording<DeviceTrace> recording_;
  DeviceBuffer<float> in_, out_;
  DeviceTrace rec_;
  TransposeShape shape_;
};

// ---- Every variant's launches (its .cu file): the full-size kernel on device arrays (tile 32,
// the fast variant in fast_configs()[config]), and the traced teach run.
void launch_naive_rows(const float* in, float* out, int rows, int cols);
void launch_naive_columns(const float* in, float* out, int rows, int cols);
void launch_tiled(const float* in, float* out, int rows, int cols);
void launch_padded(const float* in, float* out, int rows, int cols);
void launch_diagonal(const float* in, float* out, int rows, int cols);
// Throws ws::Error for a config index outside fast_configs(); a float4 config on sizes that are
// not multiples of 4 runs the scalar tile 32, 8 rows.
void launch_fast(const float* in, float* out, int rows, int cols, int config);
// The fast variant's register form (transpose_fast_registers.cu; rows, cols multiples of 4):
// warps of 32 columns x 16 kBlocks rows, `warps_per_block` warps a block.
template <int kBlocks, bool kStreaming>
void launch_fast_registers(const float* in, float* out, int rows, int cols, int warps_per_block);
TransposeRun teach_naive_rows_cuda(const TransposeTeachParams& params, int rows, int cols);
TransposeRun teach_naive_columns_cuda(const TransposeTeachParams& params, int rows, int cols);
TransposeRun teach_tiled_cuda(const TransposeTeachParams& params, int rows, int cols);
TransposeRun teach_padded_cuda(const TransposeTeachParams& params, int rows, int cols);
TransposeRun teach_diagonal_cuda(const TransposeTeachParams& params, int rows, int cols);
TransposeRun teach_fast_cuda(const TransposeTeachParams& params, int rows, int cols);

}  // namespace ws::mem::tcuda
