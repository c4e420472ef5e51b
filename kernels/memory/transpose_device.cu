// The transposes on the CUDA device: the traced teach runs' dispatch, a full-size run of any
// variant on a host matrix, and the timings (every variant, the fast configurations, and the
// copy the "% of copy" is measured against: a float4 grid-stride copy kernel and cudaMemcpy).
#include <cuda_runtime.h>

#include <algorithm>
#include <string>

#include "../common/cuda_device.h"
#include "../common/cuda_timer.cuh"
#include "../common/error.h"
#include "transpose_cuda.cuh"

namespace ws::mem {

namespace {

// @helper copy
// The same bytes copied, not transposed: float4 reads and writes, a grid-stride loop.
__global__ void transpose_copy_kernel(const float* __restrict__ in, float* __restrict__ out,
                                      int64_t n) {
  const int64_t vectors = n / 4;
  const int64_t stride = int64_t(gridDim.x) * blockDim.x;
  const int64_t first = int64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  for (int64_t i = first; i < vectors; i += stride)
    reinterpret_cast<float4*>(out)[i] = reinterpret_cast<const float4*>(in)[i];
  for (int64_t i = vectors * 4 + first; i < n; i += stride) out[i] = in[i];
}
// @end

void launch_transpose_copy(const float* in, float* out, int64_t n) {
  int sms = 0;
  WS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int64_t wanted = (n / 4 + 255) / 256;
  const int blocks = int(std::max<int64_t>(1, std::min<int64_t>(wanted, int64_t(sms) * 8)));
  transpose_copy_kernel<<<blocks, 256>>>(in, out, n);
  WS_CUDA_CHECK_LAUNCH();
}

void check_transpose_size(int rows, int cols) {
  if (rows < 1 || cols < 1)
    throw Error("transpose: rows and cols must be >= 1, not " + std::to_string(rows) + " x " +
                std::to_string(cols));
}

void launch_transpose_variant(TransposeVariant v, const float* in, float* out, int rows, int cols) {
  switch (v) {
    case TransposeVariant::NaiveRows:
      return tcuda::launch_naive_rows(in, out, rows, cols);
    case TransposeVariant::NaiveColumns:
      return tcuda::launch_naive_columns(in, out, rows, cols);
    case TransposeVariant::Tiled:
      return tcuda::launch_tiled(in, out, rows, cols);
    case TransposeVariant::Padded:
      return tcuda::launch_padded(in, out, rows, cols);
    case TransposeVariant::Diagonal:
      return tcuda::launch_diagonal(in, out, rows, cols);
    case TransposeVariant::Fast:
      return tcuda::launch_fast(in, out, rows, cols, 0);
  }
  throw Error("unknown transpose variant " + std::to_string(int(v)));
}

TransposeTiming transpose_unavailable(const std::string& name, const std::string& note) {
  TransposeTiming t;
  t.name = name;
  t.note = note;
  return t;
}

// Times `work` (which runs one transpose or copy of rows x cols floats between the buffers).
template <class Work>
TransposeTiming time_transpose_work(const std::string& name, int rows, int cols, int repeats,
                                    Work&& work) {
  check_transpose_size(rows, cols);
  if (!cuda_device_available()) return transpose_unavailable(name, cuda_device_description());
  const size_t n = size_t(rows) * size_t(cols);
  require_device_memory(2 * n * sizeof(float), "timing a " + std::to_string(rows) + " x " +
                                                   std::to_string(cols) + " transpose");
  DeviceBuffer<float> in(n), out(n);
  in.fill_zero();
  TransposeTiming t;
  t.available = true;
  t.name = name;
  t.ms = median_ms([&] { work(in.data(), out.data()); }, 2, std::max(1, repeats));
  t.gbps = t.ms > 0 ? 2.0 * double(n) * sizeof(float) / t.ms / 1e6 : 0;
  return t;
}

// Uploads a rows x cols host matrix, runs `launch` (device in, device out) and downloads the
// result.
template <class Launch>
std::vector<float> run_transpose_on_device(const std::vector<float>& in, int rows, int cols,
                                           Launch&& launch) {
  check_transpose_size(rows, cols);
  if (in.size() != size_t(rows) * size_t(cols))
    throw Error("transpose: a " + std::to_string(rows) + " x " + std::to_string(cols) +
                " matrix needs " + std::to_string(size_t(rows) * size_t(cols)) + " values, not " +
                std::to_string(in.size()));
  if (!cuda_device_available())
    throw Error("the CUDA transpose needs a device: " + cuda_device_description());
  require_device_memory(2 * in.size() * sizeof(float), "a full-size transpose");
  DeviceBuffer<float> d_in(in.size()), d_out(in.size());
  d_in.upload(in);
  d_out.fill_zero();
  launch(d_in.data(), d_out.data());
  WS_CUDA_CHECK(cudaDeviceSynchronize());
  return d_out.download();
}

}  // namespace

TransposeRun teach_transpose_cuda(const TransposeTeachParams& params, int rows, int cols) {
  check_transpose_request(params, rows, cols);
  if (!cuda_device_available())
    throw Error("teach mode on CUDA needs a device: " + cuda_device_description());
  switch (params.variant) {
    case TransposeVariant::NaiveRows:
      return tcuda::teach_naive_rows_cuda(params, rows, cols);
    case TransposeVariant::NaiveColumns:
      return tcuda::teach_naive_columns_cuda(params, rows, cols);
    case TransposeVariant::Tiled:
      return tcuda::teach_tiled_cuda(params, rows, cols);
    case TransposeVariant::Padded:
      return tcuda::teach_padded_cuda(params, rows, cols);
    case TransposeVariant::Diagonal:
      return tcuda::teach_diagonal_cuda(params, rows, cols);
    case TransposeVariant::Fast:
      return tcuda::teach_fast_cuda(params, rows, cols);
  }
  throw Error("no traced CUDA transpose for this variant");
}

std::vector<float> transpose_on_device(TransposeVariant variant, const std::vector<float>& in,
                                       int rows, int cols) {
  return run_transpose_on_device(in, rows, cols, [&](const float* d_in, float* d_out) {
    launch_transpose_variant(variant, d_in, d_out, rows, cols);
  });
}

std::vector<float> transpose_fast_config_on_device(int index, const std::vector<float>& in,
                                                   int rows, int cols) {
  return run_transpose_on_device(in, rows, cols, [&](const float* d_in, float* d_out) {
    tcuda::launch_fast(d_in, d_out, rows, cols, index);
  });
}

TransposeTiming time_transpose(TransposeVariant variant, int rows, int cols, int repeats) {
  return time_transpose_work(
      transpose_info(variant).title, rows, cols, repeats,
      [&](const float* in, float* out) { launch_transpose_variant(variant, in, out, rows, cols); });
}

CopyTimings time_copy(int rows, int cols, int repeats) {
  const int64_t n = int64_t(rows) * cols;
  CopyTimings c;
  c.kernel =
      time_transpose_work("copy kernel", rows, cols, repeats,
                          [&](const float* in, float* out) { launch_transpose_copy(in, out, n); });
  c.memcpy = time_transpose_work(
      "cudaMemcpy device to device", rows, cols, repeats, [&](const float* in, float* out) {
        WS_CUDA_CHECK(cudaMemcpy(out, in, size_t(n) * sizeof(float), cudaMemcpyDeviceToDevice));
      });
  return c;
}

TransposeTiming time_fast_config(int index, int rows, int cols, int repeats) {
  if (index < 0 || index >= int(fast_configs().size()))
    return transpose_unavailable("fast", "no configuration " + std::to_string(index) + " (0.." +
                                             std::to_string(fast_configs().size() - 1) + ")");
  return time_transpose_work(
      fast_configs()[size_t(index)].name(), rows, cols, repeats,
      [&](const float* in, float* out) { tcuda::launch_fast(in, out, rows, cols, index); });
}

}  // namespace ws::mem
