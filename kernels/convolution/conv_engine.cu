// The CUDA engine: the image's u8 planes in device memory, filtered plane by plane by the
// variant's full-size launch (conv_launch.h) straight to bytes; a magnitude filters both planes
// to floats and combines them. Everything runs on the legacy default stream; timings are CUDA
// events around filter() after a warm-up run, the median of the repeats.
#include <cuda_runtime.h>

#include "../common/cuda_device.h"
#include "../common/cuda_timer.cuh"
#include "conv_cuda.cuh"

namespace ws::conv {

namespace {

__global__ void combine_magnitude(const float* __restrict__ a, const float* __restrict__ b,
                                  uint8_t* __restrict__ out, size_t n, float bias) {
  for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n;
       i += size_t(gridDim.x) * blockDim.x)
    out[i] = to_pixel(a[i], b[i], int(Post::Magnitude), bias);
}

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
      require_device_memory(2 * count, "convolution: an image of " +
                                           image_words(width, height, channels) +
                                           " and its filtered copy");
      image = DeviceBuffer<uint8_t>(count);
    }
    image.upload(planes, count);
    image_ = std::move(image);
    w_ = width, h_ = height, channels_ = channels;
    ensure(filtered_, count, "convolution: the filtered image");
    filtered_.fill_zero();
  }
  int width() const override { return w_; }
  int height() const override { return h_; }
  int channels() const override { return channels_; }

  void filter(Variant variant, const FilterSpec& spec, Boundary boundary) override {
    check_filter_request(w_, variant, spec, boundary);
    const size_t n = size_t(w_) * h_;
    const bool magnitude = spec.post == Post::Magnitude;
    if (magnitude) {
      ensure(a_, n, "convolution: the magnitude's x plane");
      ensure(b_, n, "convolution: the magnitude's y plane");
    }
    for (int c = 0; c < channels_; ++c) {
      LaunchArgs args;
      args.in = image_.data() + c * n;
      args.in_u8 = true;
      args.width = w_, args.height = h_;
      args.boundary = boundary;
      if (!magnitude) {
        args.out = filtered_.data() + c * n;
        args.out_u8 = true;
        args.post = int(spec.post);
        args.bias = spec.bias;
        launch_variant(variant, args, spec.filter);
        continue;
      }
      args.out = a_.data();
      launch_variant(variant, args, spec.filter);
      args.out = b_.data();
      launch_variant(variant, args, *spec.second);
      combine_magnitude<<<int((n + 255) / 256 < 65535 ? (n + 255) / 256 : 65535), 256>>>(
          a_.data(), b_.data(), filtered_.data() + c * n, n, spec.bias);
      WS_CUDA_CHECK_LAUNCH();
    }
  }

  double time_filter_ms(Variant variant, const FilterSpec& spec, Boundary boundary,
                        int repeats) override {
    return median_ms([&] { filter(variant, spec, boundary); }, 1, std::max(1, repeats));
  }

  std::vector<uint8_t> filtered() const override {
    std::vector<uint8_t> out(size_t(w_) * h_ * channels_);
    if (!out.empty()) filtered_.download(out.data(), out.size());
    return out;
  }
  const uint8_t* device_filtered() const override { return filtered_.data(); }
  const uint8_t* device_image() const override { return image_.data(); }
  void synchronize() override { WS_CUDA_CHECK(cudaDeviceSynchronize()); }

 private:
  int w_ = 0, h_ = 0, channels_ = 0;
  DeviceBuffer<uint8_t> image_, filtered_;
  DeviceBuffer<float> a_, b_;
};

}  // namespace

std::unique_ptr<Engine> make_cuda_engine() {
  if (!cuda_device_available())
    throw Error("convolution: the CUDA backend needs a device: " + cuda_device_description());
  return std::make_unique<CudaEngine>();
}

}  // namespace ws::conv
