// The CPU engine: the image's planes on the host, each channel's table from the variant's CPU
// twin (sat_fast_cpu.cpp), the filters of sat_filter_cpu.h, wall-clock timings (median).
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "../common/error.h"
#include "../common/timing.h"
#include "sat_engine_parts.h"
#include "sat_fast_cpu.h"
#include "sat_filter_cpu.h"

namespace ws::sat {

namespace {

class CpuEngine final : public Engine {
 public:
  Backend backend() const override { return Backend::Cpu; }

  void set_image(int width, int height, int channels, const uint8_t* planes) override {
    check_image_args(width, height, channels, planes);
    const size_t count = size_t(width) * height * channels;
    std::vector<uint8_t> image;
    try {
      image.assign(planes, planes + count);
    } catch (const std::bad_alloc&) {
      throw Error("summed-area table: an image of " + image_words(width, height, channels) +
                  " needs " + std::to_string(count) + " bytes of host memory, which are not free");
    }
    image_ = std::move(image);
    if (width != w_ || height != h_) depth_.clear();
    w_ = width, h_ = height, channels_ = channels;
    floats_.clear();
    tables_.clear();
    has_table_ = false;
    filtered_.clear();
  }

  void set_depth(const float* depth) override {
    check_depth_args(w_, depth);
    depth_.assign(depth, depth + pixels());
  }

  int width() const override { return w_; }
  int height() const override { return h_; }
  int channels() const override { return channels_; }

  void compute_sat(Variant variant, Accum accum) override {
    check_has_image(w_, "compute_sat");
    info(variant);  // throws for an unknown variant
    const size_t n = pixels();
    const size_t table_bytes = n * size_t(output_bytes(accum));
    try {
      if (accum != Accum::U8U32 && floats_.size() != image_.size())
        floats_.assign(image_.begin(), image_.end());
      tables_.resize(table_bytes * channels_);
    } catch (const std::bad_alloc&) {
      has_table_ = false;
      throw Error("summed-area table: the " + std::string(accum_name(accum)) + " tables of " +
                  image_words(w_, h_, channels_) + " need " +
                  std::to_string(table_bytes * channels_) + " bytes of host memory");
    }
    for (int c = 0; c < channels_; ++c) {
      const void* in = table_samples(accum, image_.data(), floats_.data(), c * n);
      sat_fast_cpu(variant, accum, in, tables_.data() + c * table_bytes, w_, h_);
    }
    accum_ = accum;
    has_table_ = true;
  }

  std::vector<double> sat(int channel) const override {
    check_table_read(w_, channel, channels_, has_table_);
    const size_t n = pixels();
    std::vector<double> out(n);
    const unsigned char* base = tables_.data() + channel * n * size_t(output_bytes(accum_));
    for (size_t i = 0; i < n; ++i) out[i] = table_value(base, i);
    return out;
  }

  void filter(FilterMethod method, const FilterParams& params) override {
    check_has_image(w_, "filter");
    check_filter_args(params, !depth_.empty());
    const float* depth = params.depth_of_field ? depth_.data() : nullptr;
    if (method == FilterMethod::Sat && !has_table_)
      compute_sat(Variant::RegisterTiled, Accum::U8U32);
    const size_t n = pixels();
    std::vector<uint8_t> out(n * channels_);
    for (int c = 0; c < channels_; ++c) {
      const uint8_t* plane = image_.data() + c * n;
      switch (method) {
        case FilterMethod::Sat:
          filter_sat_cpu(accum_, tables_.data() + c * n * size_t(output_bytes(accum_)), w_, h_,
                         params, depth, out.data() + c * n);
          break;
        case FilterMethod::Direct:
          filter_direct_cpu(plane, w_, h_, params, depth, out.data() + c * n);
          break;
        case FilterMethod::Separable:
          filter_separable_cpu(plane, w_, h_, params, out.data() + c * n);
          break;
        case FilterMethod::Fused:
          filter_box_walk_cpu(plane, w_, h_, params, out.data() + c * n);
          break;
        default:
          throw Error("box filter: unknown method " + std::to_string(int(method)));
      }
    }
    filtered_ = std::move(out);
  }

  std::vector<uint8_t> filtered() const override { return filtered_; }

  double time_sat_ms(Variant variant, Accum accum, int repeats) override {
    return host_median_ms(repeats, [&] { compute_sat(variant, accum); });
  }

  double time_filter_ms(FilterMethod method, const FilterParams& params, Variant variant,
                        Accum accum, int repeats) override {
    return host_median_ms(repeats, [&] {
      if (method == FilterMethod::Sat) compute_sat(variant, accum);
      filter(method, params);
    });
  }

 private:
  size_t pixels() const { return size_t(w_) * h_; }

  double table_value(const unsigned char* base, size_t i) const {
    switch (accum_) {
      case Accum::U8U32: {
        uint32_t v;
        std::memcpy(&v, base + i * 4, 4);
        return double(v);
      }
      case Accum::F32F32: {
        float v;
        std::memcpy(&v, base + i * 4, 4);
        return double(v);
      }
      case Accum::F32F64: {
        double v;
        std::memcpy(&v, base + i * 8, 8);
        return v;
      }
    }
    return 0;
  }

  int w_ = 0, h_ = 0, channels_ = 0;
  std::vector<uint8_t> image_;
  std::vector<float> floats_;  // the image as floats, for the f32 tables
  std::vector<float> depth_;
  std::vector<unsigned char> tables_;  // channel-major, in accum_'s table type
  Accum accum_ = Accum::U8U32;
  bool has_table_ = false;
  std::vector<uint8_t> filtered_;
};

}  // namespace

std::unique_ptr<Engine> make_cpu_engine() {
  return std::make_unique<CpuEngine>();
}

}  // namespace ws::sat
