// Full-size timings for the benchmark (convolution.h: time_variant, time_npp_filter) on `channels`
// planes of seeded random samples; only the filtering is timed (CUDA events, one warm-up run,
// the median of the repeats).
//   NPP  nppiFilterBorder_32f_C1R_Ctx (f32) and nppiFilterBorder32f_8u_C1R_Ctx (u8 with float
//        weights), border replicate (= clamp), one call per plane. NPP expects the weights in
//        reverse order (it convolves; the book's "convolution" correlates), so they are given
//        reversed. The toolkit here ships no NPP headers and warpscope must run without NPP:
//        libnppif is loaded at run time (common/cuda_library.h) and the few types it needs are
//        in common/npp_types.cuh.
#include <algorithm>
#include <string>
#include <vector>

#include "../common/cuda_device.h"
#include "../common/cuda_library.h"
#include "../common/cuda_timer.cuh"
#include "../common/npp_types.cuh"
#include "../common/split_mix.h"
#include "conv_cuda.cuh"

namespace ws::conv {

namespace {

constexpr int kNppBorderReplicate = 2;  // NppiBorderType::NPP_BORDER_REPLICATE
template <class T>
using FilterBorder = int (*)(const T*, int, npp::NppiSize, npp::NppiPoint, T*, int, npp::NppiSize,
                             const float*, npp::NppiSize, npp::NppiPoint, int,
                             npp::NppStreamContext);

struct NppLibrary {
  CudaLibrary lib{"NPP", {"libnppif.so.13", "libnppif.so.12", "libnppif.so.11", "libnppif.so"}};
  FilterBorder<float> filter_f32 = lib.symbol<FilterBorder<float>>("nppiFilterBorder_32f_C1R_Ctx");
  FilterBorder<uint8_t> filter_u8 =
      lib.symbol<FilterBorder<uint8_t>>("nppiFilterBorder32f_8u_C1R_Ctx");
};

const NppLibrary& npp_library() {
  static const NppLibrary lib;
  return lib;
}

void check_size(int w, int h, int channels) {
  if (w < 1 || h < 1 || w > kMaxSide || h > kMaxSide || channels < 1 || channels > kMaxChannels)
    throw Error("convolution timing: " + image_words(w, h, channels) + "; sides of 1.." +
                std::to_string(kMaxSide) + " and 1.." + std::to_string(kMaxChannels) +
                " channels are accepted");
}

// `channels` planes of w x h random samples on the device (u8: 0..255, f32: 0..1) and an output
// of the same size, kept for the next timing of the same shape (a sweep makes them once).
template <class T>
struct Planes {
  int w = 0, h = 0, channels = 0;
  DeviceBuffer<T> in, out;
};

template <class T>
Planes<T>& random_planes(int w, int h, int channels) {
  static Planes<T>* held = new Planes<T>();  // never freed: no CUDA call after main returns
  Planes<T>& p = *held;
  if (p.w == w && p.h == h && p.channels == channels) return p;
  const size_t n = size_t(w) * h * channels;
  p = Planes<T>();
  require_device_memory(2 * n * sizeof(T),
                        "the convolution benchmark's " + image_words(w, h, channels));
  std::vector<T> host(n);
  SplitMix64 rng{0xC0DE5EEDull + uint64_t(w) * 8209 + uint64_t(h)};
  for (T& v : host) v = sizeof(T) == 1 ? T(rng.next() % 256) : T(rng.unit_float());
  p.in = DeviceBuffer<T>(n);
  p.in.upload(host);
  p.out = DeviceBuffer<T>(n);
  p.w = w, p.h = h, p.channels = channels;
  return p;
}

Timing unavailable(std::string name, std::string note) {
  Timing t;
  t.name = std::move(name);
  t.note = std::move(note);
  return t;
}

template <class T>
Timing time_typed(Variant v, int w, int h, int channels, const Filter& f, Boundary b, int repeats) {
  const size_t n = size_t(w) * h;
  Planes<T>& planes = random_planes<T>(w, h, channels);
  DeviceBuffer<T>&in = planes.in, &out = planes.out;
  auto run = [&] {
    for (int c = 0; c < channels; ++c) {
      LaunchArgs a;
      a.in = in.data() + c * n;
      a.out = out.data() + c * n;
      a.in_u8 = a.out_u8 = sizeof(T) == 1;
      a.width = w, a.height = h;
      a.boundary = b;
      launch_variant(v, a, f);
    }
  };
  Timing t;
  t.name = info(v).title;
  t.ms = median_ms(run, 1, std::max(1, repeats));
  t.available = true;
  if (v == Variant::Fast) t.note = separate(f) ? "separable: two 1D passes" : "direct";
  return t;
}

template <class T>
Timing npp_typed(FilterBorder<T> call, const std::string& name, int w, int h, int channels,
                 const Filter& f, int repeats) {
  const size_t n = size_t(w) * h;
  Planes<T>& planes = random_planes<T>(w, h, channels);
  DeviceBuffer<T>&in = planes.in, &out = planes.out;
  std::vector<float> reversed(f.weights.rbegin(), f.weights.rend());
  DeviceBuffer<float> kernel(reversed.size());
  kernel.upload(reversed);
  const npp::NppStreamContext ctx = npp::stream_context();
  const npp::NppiSize size{w, h}, kernel_size{f.width, f.height};
  const npp::NppiPoint origin{0, 0}, anchor{f.radius_x(), f.radius_y()};
  auto run = [&] {
    for (int c = 0; c < channels; ++c) {
      const int status = call(in.data() + c * n, int(w * sizeof(T)), size, origin,
                              out.data() + c * n, int(w * sizeof(T)), size, kernel.data(),
                              kernel_size, anchor, kNppBorderReplicate, ctx);
      if (status < 0) throw Error(name + " failed with status " + std::to_string(status));
    }
  };
  Timing t;
  t.name = name;
  t.ms = median_ms(run, 1, std::max(1, repeats));
  t.available = true;
  t.note = "loaded " + npp_library().lib.path() + ", border replicate";
  return t;
}

}  // namespace

std::optional<std::vector<float>> npp_filter_plane(const Plane& in, const Filter& f,
                                                   std::string& note) {
  const NppLibrary& lib = npp_library();
  if (lib.filter_f32 == nullptr) {
    note = !lib.lib.loaded() ? lib.lib.absent_message() : "NPP has no nppiFilterBorder_32f_C1R_Ctx";
    return std::nullopt;
  }
  const int w = in.width, h = in.height;
  DeviceBuffer<float> input(in.values.size()), output(in.values.size());
  input.upload(in.values);
  std::vector<float> reversed(f.weights.rbegin(), f.weights.rend());
  DeviceBuffer<float> kernel(reversed.size());
  kernel.upload(reversed);
  const int status = lib.filter_f32(
      input.data(), int(w * sizeof(float)), npp::NppiSize{w, h}, npp::NppiPoint{0, 0},
      output.data(), int(w * sizeof(float)), npp::NppiSize{w, h}, kernel.data(),
      npp::NppiSize{f.width, f.height}, npp::NppiPoint{f.radius_x(), f.radius_y()},
      kNppBorderReplicate, npp::stream_context());
  if (status < 0)
    throw Error("NPP nppiFilterBorder_32f_C1R failed with status " + std::to_string(status));
  note = "loaded " + lib.lib.path();
  return output.download();
}

Timing time_variant(Variant v, Elem elem, int w, int h, int channels, const Filter& f, Boundary b,
                    int repeats) {
  check_size(w, h, channels);
  validate(f);
  const std::string name = info(v).title;
  const int limit = is_tiled(v) ? kMaxTiledRadius : kMaxRadius;
  if (f.radius() > limit)
    return unavailable(name, std::string(info(v).id) + " takes radii 0.." + std::to_string(limit));
  if (!cuda_device_available())
    return unavailable(name, "no CUDA device: " + cuda_device_description());
  return elem == Elem::U8 ? time_typed<uint8_t>(v, w, h, channels, f, b, repeats)
                          : time_typed<float>(v, w, h, channels, f, b, repeats);
}

Timing time_npp_filter(Elem elem, int w, int h, int channels, const Filter& f, int repeats) {
  check_size(w, h, channels);
  validate(f);
  const std::string name =
      elem == Elem::U8 ? "NPP nppiFilterBorder32f_8u_C1R" : "NPP nppiFilterBorder_32f_C1R";
  const NppLibrary& lib = npp_library();
  if (!lib.lib.loaded()) return unavailable(name, lib.lib.absent_message());
  if ((elem == Elem::U8 ? (void*)lib.filter_u8 : (void*)lib.filter_f32) == nullptr)
    return unavailable(
        name, "NPP found (" + lib.lib.path() + ") but it has no " + name.substr(4) + "_Ctx");
  if (!cuda_device_available())
    return unavailable(name, "no CUDA device: " + cuda_device_description());
  return elem == Elem::U8 ? npp_typed<uint8_t>(lib.filter_u8, name, w, h, channels, f, repeats)
                          : npp_typed<float>(lib.filter_f32, name, w, h, channels, f, repeats);
}

}  // namespace ws::conv
