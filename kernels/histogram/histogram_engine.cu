// The CUDA engine: the samples in device memory (u8 or f32; synthetic sets generated on the device
// with the CPU's formula, histogram_synthetic.h), the counters, the u8 bin table, variant 3's
// private copies, the equalized planes. Kernels run on the legacy default stream
// (histogram_fast_*.cu); timings are CUDA events around zeroing + kernels after a warm-up run, the
// median of the repeats.
#include <cuda_runtime.h>

#include <algorithm>
#include <string>
#include <vector>

#include "../common/cuda_check.cuh"
#include "../common/cuda_device.h"
#include "../common/cuda_timer.cuh"
#include "../common/device_buffer.cuh"
#include "../common/error.h"
#include "histogram_engine_cuda.h"
#include "histogram_engine_parts.h"
#include "histogram_fast.cuh"
#include "histogram_synthetic.h"

namespace ws::histogram {

namespace {

__global__ void generate(SyntheticPlan plan, const double* zipf, float* out, int64_t n) {
  const int64_t p = int64_t(gridDim.x) * blockDim.x;
  for (int64_t i = int64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += p)
    out[i] = synthetic_sample(plan, zipf, i);
}

// synthetic(d, skew, n, seed, bins) into out (n floats on the device).
void generate_on_device(Dist d, double skew, int64_t n, uint64_t seed, const BinSpec& bins,
                        float* out) {
  const std::vector<double> zipf =
      d == Dist::Zipf ? zipf_cdf(bins.count, skew) : std::vector<double>{1.0};
  if (n == 0) return;
  DeviceBuffer<double> table(zipf.size());
  table.upload(zipf);
  SyntheticPlan plan;
  plan.dist = d, plan.bins = bins, plan.n = n, plan.seed = seed;
  const int blocks = int(std::min<int64_t>((n + 255) / 256, 8192));
  generate<<<blocks, 256>>>(plan, table.data(), out, n);
  WS_CUDA_CHECK_LAUNCH();
  WS_CUDA_CHECK(cudaDeviceSynchronize());  // the table is freed on return
}

class CudaEngine final : public Engine {
 public:
  Backend backend() const override { return Backend::Cuda; }

  void set_samples(const Samples& s) override {
    check_sample_count(s.size());
    const int64_t n = s.size();
    // The size checks above and the allocation in take_or_allocate come before anything moves:
    // those failures keep the previous samples. A failing copy (a device fault) after the buffer
    // was reused leaves none, and says so by n = 0.
    try {
      if (s.type == SampleType::U8) {
        DeviceBuffer<uint8_t> buffer = take_or_allocate(u8_, size_t(n), "u8");
        buffer.upload(s.u8.data(), size_t(n));
        u8_ = std::move(buffer);
        f32_ = DeviceBuffer<float>();
      } else {
        DeviceBuffer<float> buffer = take_or_allocate(f32_, size_t(n), "f32");
        buffer.upload(s.f32.data(), size_t(n));
        f32_ = std::move(buffer);
        u8_ = DeviceBuffer<uint8_t>();
      }
    } catch (...) {
      if ((type_ == SampleType::U8 ? u8_.size() : f32_.size()) < size_t(n_)) n_ = 0;
      throw;
    }
    type_ = s.type, n_ = n;
    has_equalized_ = false;
  }

  void set_synthetic(Dist d, double skew, int64_t n, uint64_t seed, const BinSpec& bins) override {
    check_sample_count(n);
    validate(bins);
    if (d == Dist::Zipf) zipf_cdf(bins.count, skew);  // a bad skew throws before anything moves
    DeviceBuffer<float> buffer = take_or_allocate(f32_, size_t(n), "synthetic f32");
    try {
      generate_on_device(d, skew, n, seed, bins, buffer.data());
    } catch (...) {
      if (f32_.size() < size_t(n_) && type_ == SampleType::F32) n_ = 0;
      throw;
    }
    f32_ = std::move(buffer);
    u8_ = DeviceBuffer<uint8_t>();
    type_ = SampleType::F32, n_ = n;
    has_equalized_ = false;
  }

  int64_t size() const override { return n_; }
  SampleType sample_type() const override { return type_; }

  std::vector<uint32_t> run(const BinSpec& b, const RunParams& params) override {
    check_run(b, params);
    const FastArgs a = prepare(b, params, samples());
    launch(params.variant, a);
    std::vector<uint32_t> counts(size_t(b.count));
    hist_.download(counts.data(), counts.size());
    return counts;
  }

  double time_ms(const BinSpec& b, const RunParams& params, int repeats) override {
    check_run(b, params);
    const FastArgs a = prepare(b, params, samples());
    return median_ms([&] { launch(params.variant, a); }, 1, std::max(1, repeats));
  }

  void equalize(int width, int height, int channels) override {
    check_equalize(width, height, channels, n_, type_);
    const int64_t plane = int64_t(width) * height;
    ensure(equalized_, size_t(n_), "histogram equalization: the equalized planes");
    const BinSpec bins = make_bins(256, 0, 256);
    RunParams params;
    params.variant = Variant::WarpAggregated;
    std::vector<uint32_t> counts;
    for (int c = 0; c < channels; ++c) {
      DeviceSampleSet plane_set = samples();
      plane_set.u8 += c * plane;
      plane_set.n = plane;
      const FastArgs a = prepare(bins, params, plane_set);
      launch(params.variant, a);
      std::vector<uint32_t> h(256);
      hist_.download(h.data(), 256);
      counts.insert(counts.end(), h.begin(), h.end());
    }
    const std::vector<uint8_t> luts = equalization_luts(counts, channels, plane, Backend::Cuda);
    DeviceBuffer<uint8_t> device_luts(luts.size());
    device_luts.upload(luts);
    launch_equalize_map(u8_.data(), device_luts.data(), equalized_.data(), plane, channels);
    WS_CUDA_CHECK(cudaDeviceSynchronize());  // device_luts is freed on return
    has_equalized_ = true;
  }

  std::vector<uint8_t> equalized() const override {
    if (!has_equalized_) return {};
    std::vector<uint8_t> out(static_cast<size_t>(n_));
    equalized_.download(out.data(), out.size());
    return out;
  }
  const uint8_t* device_equalized() const override {
    return has_equalized_ ? equalized_.data() : nullptr;
  }
  void synchronize() override { WS_CUDA_CHECK(cudaDeviceSynchronize()); }

  LibraryTiming time_library(const BinSpec& b, int repeats) override {
    validate(b);
    return cub_histogram(samples(), b, repeats);
  }

 private:
  template <class T>
  static DeviceBuffer<T> take_or_allocate(DeviceBuffer<T>& current, size_t count,
                                          const char* kind) {
    if (current.size() >= count && count > 0) return std::move(current);
    require_device_memory(count * sizeof(T), "histogram: " + std::to_string(count) + " " + kind +
                                                 " samples (" +
                                                 bytes_words(double(count) * sizeof(T)) + ")");
    return DeviceBuffer<T>(count);
  }
  template <class T>
  static void ensure(DeviceBuffer<T>& buffer, size_t count, const std::string& what) {
    if (buffer.size() >= count) return;
    buffer = DeviceBuffer<T>();
    require_device_memory(count * sizeof(T),
                          what + " (" + bytes_words(double(count) * sizeof(T)) + ")");
    buffer = DeviceBuffer<T>(count);
  }

  DeviceSampleSet samples() const {
    DeviceSampleSet s;
    s.type = type_, s.n = n_, s.u8 = u8_.data(), s.f32 = f32_.data();
    return s;
  }

  // The counters, the u8 table and variant 3's copies for a run; the launch resolved.
  FastArgs prepare(const BinSpec& b, const RunParams& params, const DeviceSampleSet& s) {
    FastArgs a;
    a.type = s.type, a.u8 = s.u8, a.f32 = s.f32, a.n = s.n, a.bins = b;
    a.race = params.inject_race;
    a.launch = engine_launch(params.variant, s.n, params.launch);
    if (params.variant == Variant::PrivateGlobal) {
      a.launch.grid_dim = private_global_grid(a.launch.grid_dim, b.count);
      ensure(copies_, size_t(a.launch.grid_dim) * b.count,
             "histogram: the private copies of variant 3");
    }
    ensure(hist_, size_t(kMaxBins), "histogram: the counters");
    a.hist = hist_.data();
    if (s.type == SampleType::U8) {
      int lut[256];
      for (int v = 0; v < 256; ++v) lut[v] = bin_of(float(v), b);
      ensure(lut_, 256, "histogram: the bin table");
      lut_.upload(lut, 256);
      a.lut = lut_.data();
    }
    return a;
  }

  // Zeroing the counters, then the variant's kernels.
  void launch(Variant v, const FastArgs& a) {
    WS_CUDA_CHECK(cudaMemsetAsync(a.hist, 0, size_t(a.bins.count) * sizeof(uint32_t)));
    switch (v) {
      case Variant::Sequential:
        launch_sequential(a);
        break;
      case Variant::GlobalAtomic:
        launch_global_atomic(a);
        break;
      case Variant::PrivateGlobal:
        launch_private_global(a, copies_.data());
        break;
      case Variant::WarpAggregated:
        launch_warp_aggregated(a);
        break;
      default:
        launch_private_shared(v, a);
        break;
    }
  }

  SampleType type_ = SampleType::F32;
  int64_t n_ = 0;
  DeviceBuffer<uint8_t> u8_;
  DeviceBuffer<float> f32_;
  DeviceBuffer<uint32_t> hist_;
  DeviceBuffer<int> lut_;
  DeviceBuffer<uint32_t> copies_;
  DeviceBuffer<uint8_t> equalized_;
  bool has_equalized_ = false;
};

}  // namespace

std::unique_ptr<Engine> make_cuda_engine() {
  if (!cuda_device_available())
    throw Error("histogram: the CUDA backend needs a usable device: " + cuda_device_description());
  return std::make_unique<CudaEngine>();
}

std::vector<float> synthetic_on_device(Dist d, double skew, int64_t n, uint64_t seed,
                                       const BinSpec& bins) {
  check_sample_count(n);
  validate(bins);
  if (!cuda_device_available())
    throw Error("histogram: the CUDA backend needs a usable device: " + cuda_device_description());
  require_device_memory(size_t(n) * sizeof(float), "histogram: synthetic samples on the device");
  DeviceBuffer<float> out(static_cast<size_t>(n));
  generate_on_device(d, skew, n, seed, bins, out.data());
  return out.download();
}

}  // namespace ws::histogram
