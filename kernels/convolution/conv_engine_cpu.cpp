// The CPU engine: the image's planes on the host; variants 1-4 filter with the direct float
// convolution they all equal bit for bit, variant 5 with the separable path when the filter has
// rank 1 (conv_cpu.h). Rows are split over the host's threads; timings are wall-clock medians.
#include <algorithm>
#include <new>
#include <thread>
#include <vector>

#include "../common/error.h"
#include "../common/timing.h"
#include "conv_cpu.h"
#include "conv_engine_parts.h"
#include "conv_pixel.h"
#include "common/hardware_threads.h"

namespace ws::conv {

namespace {

// Runs body(y0, y1) over bands of rows 0..h-1 on the host's threads.
template <class Body>
void parallel_rows(int h, Body&& body) {
  const int workers = std::clamp(int(ws::hardware_threads()), 1, 16);
  const int bands = std::min(workers, std::max(1, h / 16));
  if (bands <= 1) {
    body(0, h);
    return;
  }
  std::vector<std::thread> threads;
  for (int k = 0; k < bands; ++k)
    threads.emplace_back([&, k] { body(h * k / bands, h * (k + 1) / bands); });
  for (std::thread& t : threads) t.join();
}

class CpuEngine final : public Engine {
 public:
  Backend backend() const override { return Backend::Cpu; }

  void set_image(int width, int height, int channels, const uint8_t* planes) override {
    check_image_args(width, height, channels, planes);
    const size_t count = size_t(width) * height * channels;
    std::vector<float> image;
    try {
      image.assign(planes, planes + count);
    } catch (const std::bad_alloc&) {
      throw Error("convolution: an image of " + image_words(width, height, channels) + " needs " +
                  std::to_string(count * sizeof(float)) +
                  " bytes of host memory, which are not "
                  "free");
    }
    image_ = std::move(image);
    w_ = width, h_ = height, channels_ = channels;
    filtered_.assign(count, 0);
  }
  int width() const override { return w_; }
  int height() const override { return h_; }
  int channels() const override { return channels_; }
  std::vector<uint8_t> filtered() const override { return filtered_; }

  void filter(Variant variant, const FilterSpec& spec, Boundary boundary) override {
    check_filter_request(w_, variant, spec, boundary);
    const size_t n = size_t(w_) * h_;
    std::vector<float> a(n), b(spec.second ? n : 0), rows;
    const auto split = variant == Variant::Fast ? separate(spec.filter) : std::nullopt;
    const auto split2 =
        variant == Variant::Fast && spec.second ? separate(*spec.second) : std::nullopt;
    if (split || split2) rows.resize(n);
    for (int c = 0; c < channels_; ++c) {
      const float* in = image_.data() + c * n;
      // Variant 5 rounds as its CUDA kernels do: fused multiply-adds.
      const Rounding rounding = variant == Variant::Fast ? Rounding::Fused : Rounding::Separate;
      plane(in, spec.filter, split, boundary, rounding, rows, a);
      if (spec.second) plane(in, *spec.second, split2, boundary, rounding, rows, b);
      uint8_t* out = filtered_.data() + c * n;
      const int post = int(spec.post);
      for (size_t k = 0; k < n; ++k)
        out[k] = to_pixel(a[k], b.empty() ? 0.0f : b[k], post, spec.bias);
    }
  }

  double time_filter_ms(Variant variant, const FilterSpec& spec, Boundary boundary,
                        int repeats) override {
    return host_median_ms(repeats, [&] { filter(variant, spec, boundary); });
  }

 private:
  void plane(const float* in, const Filter& f, const std::optional<Separable>& split,
             Boundary boundary, Rounding rounding, std::vector<float>& rows,
             std::vector<float>& out) const {
    if (split) {
      parallel_rows(h_, [&](int y0, int y1) {
        row_pass(in, w_, h_, split->row, boundary, y0, y1, rows.data(), rounding);
      });
      parallel_rows(h_, [&](int y0, int y1) {
        column_pass(rows.data(), w_, h_, split->column, boundary, y0, y1, out.data(), rounding);
      });
    } else {
      parallel_rows(h_, [&](int y0, int y1) {
        convolve_rows(in, w_, h_, f, boundary, y0, y1, out.data(), rounding);
      });
    }
  }

  int w_ = 0, h_ = 0, channels_ = 0;
  std::vector<float> image_;
  std::vector<uint8_t> filtered_;
};

}  // namespace

std::unique_ptr<Engine> make_cpu_engine() {
  return std::make_unique<CpuEngine>();
}

}  // namespace ws::conv
