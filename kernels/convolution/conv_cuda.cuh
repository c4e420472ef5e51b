// What the convolution kernels share on the device: the launch shape every kernel reads its
// coordinates from (1D blocks and grid, numbered as the trace numbers threads), the trace's
// buffer and phase names, sample loads and the output rule, the host side of a teach run.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/device_buffer.cuh"
#include "../common/device_trace.cuh"
#include "../common/error.h"
#include "../common/trace_recording.cuh"
#include "conv_engine_parts.h"
#include "conv_launch.h"
#include "conv_pixel.h"
#include "conv_teach_cpu.h"

namespace ws::conv::cuda {

enum TraceArray : int { kNArray, kFArray, kPArray, kNsArray };
enum TracePhase : int { kLoadPhase, kComputePhase, kStorePhase };

// A launch: grid_x * grid_y blocks of block_x * block_y threads, both 1D (blockIdx.x =
// by grid_x + bx, threadIdx.x = ty block_x + tx), so a recorder numbers threads as the twin does.
struct Shape {
  int w = 0, h = 0;    // the image
  int fw = 1, fh = 1;  // the filter
  int rx = 0, ry = 0;
  int boundary = 0;
  int grid_x = 1, grid_y = 1, block_x = 1, block_y = 1;
  int in_x = 0, in_y = 0, out_x = 0, out_y = 0;  // tiles (TeachGeometry)
  int post = 0;
  float bias = 0;
  __device__ int tx() const { return int(threadIdx.x) % block_x; }
  __device__ int ty() const { return int(threadIdx.x) / block_x; }
  __device__ int bx() const { return int(blockIdx.x) % grid_x; }
  __device__ int by() const { return int(blockIdx.x) / grid_x; }
};

inline Shape shape_of(const TeachGeometry& g, int w, int h, const Filter& f, Boundary b) {
  Shape s;
  s.w = w, s.h = h, s.fw = f.width, s.fh = f.height, s.rx = f.radius_x(), s.ry = f.radius_y();
  s.boundary = int(b);
  s.grid_x = g.grid_x, s.grid_y = g.grid_y, s.block_x = g.block_x, s.block_y = g.block_y;
  s.in_x = g.in_tile_x, s.in_y = g.in_tile_y, s.out_x = g.out_tile_x, s.out_y = g.out_tile_y;
  return s;
}

// The output of a sum: the float itself, or a byte through the post rule (conv_pixel.h).
template <class Out>
__device__ __forceinline__ Out output_of(float sum, const Shape& s) {
  if constexpr (sizeof(Out) == 1)
    return to_pixel(sum, 0.0f, s.post, s.bias);
  else
    return sum;
}

// The block's dynamic shared memory as floats.
__device__ __forceinline__ float* shared_floats() {
  extern __shared__ __align__(16) float conv_shared[];
  return conv_shared;
}

// Calls body.template operator()<In, Out>() for the launch's sample types.
template <class Body>
void dispatch_types(const LaunchArgs& a, Body&& body) {
  if (a.in_u8 && a.out_u8)
    body(static_cast<const uint8_t*>(a.in), static_cast<uint8_t*>(a.out));
  else if (a.in_u8)
    body(static_cast<const uint8_t*>(a.in), static_cast<float*>(a.out));
  else if (!a.out_u8)
    body(static_cast<const float*>(a.in), static_cast<float*>(a.out));
  else
    throw Error("convolution: f32 samples in and u8 out is not a launch this project makes");
}

// The image's size in blocks of the geometry's output tiles.
inline void set_grid(Shape& s) {
  s.grid_x = (s.w + s.out_x - 1) / s.out_x;
  s.grid_y = (s.h + s.out_y - 1) / s.out_y;
}

inline Shape shape_of(const LaunchArgs& a, const Filter& f) {
  Shape s;
  s.w = a.width, s.h = a.height, s.fw = f.width, s.fh = f.height;
  s.rx = f.radius_x(), s.ry = f.radius_y(), s.boundary = int(a.boundary);
  s.post = a.post, s.bias = a.bias;
  return s;
}

// ---- Host side of a teach run: the twin's run, the input and filter on the device, a recorder
// mapped onto the twin's buffers and steps; after the kernel, the GPU's events and output.
class TeachLaunch {
 public:
  TeachLaunch(TeachRun& run, const std::string& what)
      : run_(run), recording_(run.trace, size_t(run.width) * run.height * 8, what) {
    const std::vector<float> in(run.input.begin(), run.input.end());
    in_ = DeviceBuffer<float>(in.size());
    in_.upload(in);
    out_ = DeviceBuffer<float>(in.size());
    out_.fill_zero();
    rec_ = recording_.recorder();
    rec_.buffers[kNArray] = 0;
    rec_.buffers[kFArray] = 1;
    rec_.buffers[kPArray] = 2;
    rec_.buffers[kNsArray] = run.trace.buffers.size() > 3 ? 3 : -1;
    const Markers m = markers(run.params.variant);
    rec_.phases[kLoadPhase] = step_marked(m.load);
    rec_.phases[kComputePhase] = step_marked(m.compute);
    rec_.phases[kStorePhase] = step_marked(m.store);
    shape_ = shape_of(run.geometry, run.width, run.height, run.filter, run.params.boundary);
  }
  const float* in() { return in_.data(); }
  float* out() { return out_.data(); }
  const DeviceTrace& recorder() const { return rec_; }
  const Shape& shape() const { return shape_; }
  int blocks() const { return shape_.grid_x * shape_.grid_y; }
  int threads() const { return shape_.block_x * shape_.block_y; }
  size_t shared_bytes() const { return size_t(shape_.in_x) * shape_.in_y * sizeof(float); }

  // After the kernel: the events and P as the GPU left them.
  void finish() {
    WS_CUDA_CHECK_LAUNCH();
    recording_.download(run_.trace);
    const std::vector<float> out = out_.download();
    run_.output.assign(out.begin(), out.end());
  }

 private:
  int32_t step_marked(const char* marker) const {
    if (marker == nullptr || marker[0] == 0) return kAbsentStep;
    for (size_t i = 0; i < run_.trace.steps.size(); ++i)
      if (run_.trace.steps[i].code_marker == marker) return int32_t(i);
    return kAbsentStep;
  }
  TeachRun& run_;
  TraceRecording<DeviceTrace> recording_;
  DeviceBuffer<float> in_, out_;
  DeviceTrace rec_;
  Shape shape_;
};

// Uploads `weights` to a __constant__ or __device__ symbol unless it already holds them.
template <class Symbol>
void upload_filter(const Symbol& symbol, std::vector<float>& held, const std::vector<float>& w) {
  if (held == w) return;
  WS_CUDA_CHECK(cudaMemcpyToSymbol(symbol, w.data(), w.size() * sizeof(float)));
  held = w;
}

}  // namespace ws::conv::cuda
