// The CUDA engine: the image's u8 planes in device memory (and float copies made on the device
// for the f32 tables), one table per channel, the variant's scratch, the filtered planes. Tables
// and filters are launched on the legacy default stream (sat_launch.h); timings are CUDA events
// around the launches after a warm-up run, the median of the repeats.
#include <cuda_runtime.h>

#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/error.h"
#include "sat_cuda.h"
#include "sat_engine_parts.h"
#include "sat_launch.h"

namespace ws::sat {

namespace {

__global__ void widen_to_float(const uint8_t* __restrict__ in, float* __restrict__ out, size_t n) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    out[i] = float(in[i]);
}

// Grows `buffer` to at least `bytes` (never shrinks it); `what` names the memory in the message
// of a device that has too little free.
template <class T>
void ensure(DeviceBuffer<T>& buffer, size_t count, const std::string& what) {
  if (buffer.size() >= count) return;
  buffer = DeviceBuffer<T>();
  require_device_memory(count * sizeof(T), what);
  buffer = DeviceBuffer<T>(count);
}

class CudaEngine final : public Engine {
 public:
  Backend backend() const override { return Backend::Cuda; }

  void set_image(int width, int height, int channels, const uint8_t* planes) override {
    check_image_args(width, height, channels, planes);
    const size_t count = size_t(width) * height * channels;
    // The new planes first, so a failure keeps the previous image.
    DeviceBuffer<uint8_t> image;
    if (image_.size() >= count) {
      image = std::move(image_);
    } else {
      require_device_memory(
          count, "summed-area table: an image of " + image_words(width, height, channels));
      image = DeviceBuffer<uint8_t>(count);
    }
    image.upload(planes, count);
    image_ = std::move(image);
    if (width != w_ || height != h_) has_depth_ = false;
    w_ = width, h_ = height, channels_ = channels;
    floats_ready_ = false;
    has_table_ = false;
    has_filtered_ = false;
  }

  void set_depth(const float* depth) override {
    check_depth_args(w_, depth);
    ensure(depth_, pixels(),
           "summed-area table: the depth map of an image of " + image_words(w_, h_, 1));
    depth_.upload(depth, pixels());
    has_depth_ = true;
  }

  int width() const override { return w_; }
  int height() const override { return h_; }
  int channels() const override { return channels_; }

  void compute_sat(Variant variant, Accum accum) override {
    check_has_image(w_, "compute_sat");
    info(variant);  // throws for an unknown variant
    const size_t n = pixels(), all = n * channels_;
    const size_t table_bytes = n * size_t(output_bytes(accum));
    const size_t scratch_bytes = sat_scratch_bytes(variant, accum, w_, h_);
    const size_t float_bytes = accum == Accum::U8U32 || floats_ready_ ? 0 : all * sizeof(float);
    size_t needed = float_bytes;
    if (tables_.size() < table_bytes * channels_) needed += table_bytes * channels_;
    if (scratch_.size() < scratch_bytes) needed += scratch_bytes;
    if (needed > 0) {
      // One message with everything this table needs, before anything is allocated.
      const std::string what = "summed-area table: the " + std::string(accum_name(accum)) +
                               " tables of " + image_words(w_, h_, channels_) +
                               (float_bytes > 0 ? " (with a float copy of the image)" : "") +
                               " and their scratch";
      has_table_ = false;
      if (tables_.size() < table_bytes * channels_) tables_ = DeviceBuffer<unsigned char>();
      if (scratch_.size() < scratch_bytes) scratch_ = DeviceBuffer<unsigned char>();
      require_device_memory(needed, what);
      ensure(tables_, table_bytes * channels_, what);
      ensure(scratch_, scratch_bytes, what);
      if (float_bytes > 0) ensure(floats_, all, what);
    }
    if (accum != Accum::U8U32 && !floats_ready_) {
      const int blocks = int(std::min<size_t>((all + 255) / 256, 4096));
      widen_to_float<<<blocks, 256>>>(image_.data(), floats_.data(), all);
      WS_CUDA_CHECK_LAUNCH();
      floats_ready_ = true;
    }
    for (int c = 0; c < channels_; ++c) {
      const void* in = table_samples(accum, image_.data(), floats_.data(), c * n);
      launch_sat(variant, accum, in, tables_.data() + c * table_bytes, w_, h_,
                 scratch_bytes > 0 ? scratch_.data() : nullptr, 0);
    }
    accum_ = accum;
    has_table_ = true;
  }

  std::vector<double> sat(int channel) const override {
    check_table_read(w_, channel, channels_, has_table_);
    const size_t n = pixels();
    const size_t offset = channel * n * size_t(output_bytes(accum_));
    std::vector<double> out(n);
    switch (accum_) {
      case Accum::U8U32:
        widen<uint32_t>(offset, out);
        break;
      case Accum::F32F32:
        widen<float>(offset, out);
        break;
      case Accum::F32F64:
        WS_CUDA_CHECK(cudaMemcpy(out.data(), tables_.data() + offset, n * sizeof(double),
                                 cudaMemcpyDeviceToHost));
        break;
    }
    return out;
  }

  void filter(FilterMethod method, const FilterParams& params) override {
    check_has_image(w_, "filter");
    check_filter_args(params, has_depth_);
    if (method == FilterMethod::Sat && !has_table_)
      compute_sat(Variant::RegisterTiled, Accum::U8U32);
    const size_t all = pixels() * channels_;
    const std::string what = "box filter: the filtered image of " + image_words(w_, h_, channels_);
    ensure(filtered_, all, what);
    const float* depth = params.depth_of_field ? depth_.data() : nullptr;
    switch (method) {
      case FilterMethod::Sat:
        launch_filter_sat(accum_, tables_.data(), w_, h_, channels_, params, depth,
                          filtered_.data(), 0);
        break;
      case FilterMethod::Direct:
        launch_filter_direct(image_.data(), w_, h_, channels_, params, depth, filtered_.data(), 0);
        break;
      case FilterMethod::Fused: {
        const size_t bytes = fused_box_scratch_bytes(w_, h_, channels_);
        ensure(separable_, bytes,
               "box filter: the fused filter's scratch for " + image_words(w_, h_, channels_));
        launch_filter_box_fused(image_.data(), w_, h_, channels_, params, separable_.data(),
                                filtered_.data(), 0);
        break;
      }
      case FilterMethod::Separable: {
        const size_t bytes = separable_scratch_bytes(w_, h_);
        ensure(separable_, bytes,
               "box filter: the separable filter's scratch for " + image_words(w_, h_, channels_));
        launch_filter_separable(image_.data(), w_, h_, channels_, params,
                                bytes > 0 ? separable_.data() : nullptr, filtered_.data(), 0);
        break;
      }
      default:
        throw Error("box filter: unknown method " + std::to_string(int(method)));
    }
    has_filtered_ = true;
  }

  std::vector<uint8_t> filtered() const override {
    if (!has_filtered_) return {};
    std::vector<uint8_t> out(pixels() * channels_);
    filtered_.download(out.data(), out.size());
    return out;
  }
  const uint8_t* device_filtered() const override {
    return has_filtered_ ? filtered_.data() : nullptr;
  }
  const uint8_t* device_image() const override { return w_ > 0 ? image_.data() : nullptr; }
  void synchronize() override { WS_CUDA_CHECK(cudaDeviceSynchronize()); }

  double time_sat_ms(Variant variant, Accum accum, int repeats) override {
    compute_sat(variant, accum);  // allocates, converts and checks once, outside the timing
    return median_ms([&] { compute_sat(variant, accum); }, 1, std::max(1, repeats));
  }

  double time_filter_ms(FilterMethod method, const FilterParams& params, Variant variant,
                        Accum accum, int repeats) override {
    auto run = [&] {
      if (method == FilterMethod::Sat) compute_sat(variant, accum);
      filter(method, params);
    };
    run();
    return median_ms(run, 1, std::max(1, repeats));
  }

 private:
  size_t pixels() const { return size_t(w_) * h_; }

  template <class T>
  void widen(size_t offset, std::vector<double>& out) const {
    std::vector<T> host(out.size());
    WS_CUDA_CHECK(cudaMemcpy(host.data(), tables_.data() + offset, host.size() * sizeof(T),
                             cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < host.size(); ++i) out[i] = double(host[i]);
  }

  int w_ = 0, h_ = 0, channels_ = 0;
  DeviceBuffer<uint8_t> image_;
  DeviceBuffer<float> floats_;  // the image as floats for the f32 tables, made on the device
  bool floats_ready_ = false;
  DeviceBuffer<float> depth_;
  bool has_depth_ = false;
  DeviceBuffer<unsigned char> tables_;  // channel-major, in accum_'s table type
  DeviceBuffer<unsigned char> scratch_;
  Accum accum_ = Accum::U8U32;
  bool has_table_ = false;
  DeviceBuffer<uint8_t> filtered_;
  bool has_filtered_ = false;
  DeviceBuffer<unsigned char> separable_;  // the separable or the fused filter's scratch
};

}  // namespace

std::unique_ptr<Engine> make_cuda_engine() {
  if (!cuda_device_available())
    throw Error("summed-area table: the CUDA backend needs a usable device: " +
                cuda_device_description());
  return std::make_unique<CudaEngine>();
}

}  // namespace ws::sat
