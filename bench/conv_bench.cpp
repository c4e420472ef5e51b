// The convolution benchmark (conv_bench.h): for each size, element type (u8 RGB: three planes;
// f32: one plane) and radius, every variant on a Gaussian (rank 1: the fast variant runs its
// separable kernel) plus the fast variant on a Laplacian (its direct kernel), next to NPP's
// nppiFilterBorder on the same data. Each (type, radius, variant) is first checked on a small
// image against the CPU; the full-size runs are then only timed. Quick sweeps:
//   warpscope bench --scene conv --sizes 8192 --type f32 --set radius=2 --variant fast
#include "conv_bench.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "common/device_services.h"
#include "common/error.h"
#include "common/split_mix.h"
#include "common/tr_noop.h"
#include "convolution/conv_cpu.h"
#include "convolution/conv_launch.h"
#include "convolution/conv_pixel.h"

namespace ws::bench {

namespace {

using conv::Elem;
using conv::Filter;
using conv::Variant;

struct BenchSize {
  int w = 0, h = 0;
  std::string text() const { return std::to_string(w) + "x" + std::to_string(h); }
};

std::vector<BenchSize> parse_sizes(const std::vector<std::string>& texts, Backend backend) {
  std::vector<BenchSize> out;
  for (const std::string& t : texts) {
    int w = 0, h = 0;
    char x = 0, tail = 0;
    const int got = std::sscanf(t.c_str(), "%d%c%d%c", &w, &x, &h, &tail);
    if (got == 1) h = w;
    if (!((got == 1) || (got == 3 && x == 'x')) || w < 1 || h < 1 || w > conv::kMaxSide ||
        h > conv::kMaxSide)
      throw Error("--sizes: expected N or WxH with sides 1.." + std::to_string(conv::kMaxSide) +
                  ", got '" + t + "'");
    out.push_back({w, h});
  }
  if (out.empty())
    out = backend == Backend::Cuda
              ? std::vector<BenchSize>{{1024, 1024}, {4096, 4096}, {8192, 8192}}
              : std::vector<BenchSize>{{512, 512}, {1024, 1024}};
  return out;
}

std::vector<Elem> parse_types(const std::string& text) {
  if (text.empty()) return {Elem::U8, Elem::F32};
  std::vector<Elem> out;
  std::stringstream items(text);
  for (std::string item; std::getline(items, item, ',');) {
    if (item == "u8")
      out.push_back(Elem::U8);
    else if (item == "f32")
      out.push_back(Elem::F32);
    else
      throw Error("--type: expected u8 (RGB) or f32 (one plane), comma-separated, got '" + item +
                  "'");
  }
  return out;
}

std::vector<int> parse_radii(const std::string& text) {
  std::vector<int> out;
  std::stringstream items(text);
  for (std::string item; std::getline(items, item, ',');) {
    char* end = nullptr;
    const long r = std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end != 0 || r < 1 || r > conv::kMaxTiledRadius)
      throw Error("--set radius: expected radii 1.." + std::to_string(conv::kMaxTiledRadius) +
                  " (3x3 to 15x15), comma-separated, got '" + item + "'");
    out.push_back(int(r));
  }
  return out;
}

std::vector<int> read_radii(const nlohmann::json& params, const ConvBenchChoice& choice) {
  std::vector<int> radii = {1, 2, 3, 7};
  if (choice.radius) radii = {std::clamp(*choice.radius, 1, conv::kMaxTiledRadius)};
  if (!params.is_object()) return radii;
  for (const auto& [key, value] : params.items()) {
    if (key != "radius")
      throw Error("--set " + key +
                  ": the convolution benchmark takes radius (1..7, comma-separated)");
    radii = parse_radii(value.is_string() ? value.get<std::string>() : value.dump());
  }
  return radii;
}

int channels_of(Elem e) {
  return e == Elem::U8 ? 3 : 1;
}
const char* type_name(Elem e) {
  return e == Elem::U8 ? "u8 RGB" : "f32";
}

std::vector<uint8_t> random_bytes(size_t n, uint64_t seed) {
  SplitMix64 rng{seed};
  std::vector<uint8_t> v(n);
  for (uint8_t& b : v) b = uint8_t(rng.next() % 256);
  return v;
}

// The check before the timing: a 257 x 131 image through the variant on the backend against the
// CPU (u8: the CPU engine's bytes, within 1 for the CPU backend's own fast path against the
// exact reference; f32: the float order, or the double reference for the separable path).
bool check_variant(Backend backend, Variant v, Elem e, const conv::FilterSpec& spec,
                   std::string& note) {
  const int w = 257, h = 131;
  if (e == Elem::U8) {
    const std::vector<uint8_t> image = random_bytes(size_t(w) * h * 3, 5);
    auto cpu = conv::Engine::create(Backend::Cpu);
    cpu->set_image(w, h, 3, image.data());
    cpu->filter(v, spec, conv::Boundary::Clamp);
    if (backend == Backend::Cpu) {
      const std::vector<uint8_t> got = cpu->filtered();
      for (int c = 0; c < 3; ++c) {
        conv::Plane p{w, h, {image.begin() + c * w * h, image.begin() + (c + 1) * w * h}};
        const std::vector<double> ref =
            conv::convolve_reference(p, spec.filter, conv::Boundary::Clamp);
        for (size_t k = 0; k < ref.size(); ++k) {
          const int want = conv::to_pixel(float(ref[k]), 0, int(spec.post), spec.bias);
          if (std::abs(int(got[c * ref.size() + k]) - want) > 1) {
            note = "pixel " + std::to_string(k) + " differs from the reference";
            return false;
          }
        }
      }
      return true;
    }
    auto gpu = conv::Engine::create(backend);
    gpu->set_image(w, h, 3, image.data());
    gpu->filter(v, spec, conv::Boundary::Clamp);
    if (gpu->filtered() != cpu->filtered()) {
      note = "bytes differ from the CPU engine's";
      return false;
    }
    return true;
  }
  if (backend == Backend::Cpu) {
    note = "f32 is timed on CUDA only";
    return false;
  }
  const std::vector<uint8_t> bytes = random_bytes(size_t(w) * h, 6);
  conv::Plane p{w, h, {}};
  for (uint8_t b : bytes) p.values.push_back(b / 255.0f);
  const std::vector<float> got = conv::filter_plane_cuda(v, p, spec.filter, conv::Boundary::Clamp);
  // Variants 1-4 add in the float order bit for bit; variant 5 fuses its multiply-adds as its CPU
  // twin does (and its separable path rounds the row sums first): the twin's values exactly,
  // and within float rounding of the double reference.
  const std::vector<float> twin =
      v == Variant::Fast ? conv::convolve_fast_cpu(p, spec.filter, conv::Boundary::Clamp)
                         : conv::convolve_float(p, spec.filter, conv::Boundary::Clamp);
  if (got != twin) {
    note = v == Variant::Fast ? "differs from its CPU twin" : "differs from the float reference";
    return false;
  }
  if (v != Variant::Fast) return true;
  const std::vector<double> ref = conv::convolve_reference(p, spec.filter, conv::Boundary::Clamp);
  double gain = 0;  // the largest a sum can be (samples are 0..1): float rounding scales with it
  for (float w : spec.filter.weights) gain += std::abs(w);
  for (size_t k = 0; k < ref.size(); ++k)
    if (std::abs(got[k] - ref[k]) > 1e-5 * std::max(1.0, gain)) {
      note = "value " + std::to_string(k) + " is off the double reference";
      return false;
    }
  return true;
}

struct Case {
  Variant variant;
  conv::FilterSpec spec;
  std::string label;
};

}  // namespace

BenchJob conv_bench_job(const BenchRequest& request, const ConvBenchChoice& choice) {
  const Backend backend = request.backend;
  const std::vector<BenchSize> sizes = parse_sizes(request.sizes, backend);
  std::vector<Elem> types = parse_types(request.type);
  if (backend == Backend::Cpu)
    types.erase(std::remove(types.begin(), types.end(), Elem::F32), types.end());
  if (types.empty()) throw Error("--type f32: the CPU backend times u8 RGB only");
  const std::vector<int> radii = read_radii(request.params, choice);
  std::vector<Variant> variants = variants_from_list<Variant>(
      request.variants,
      [](const std::string& item, Variant& v) { return conv::parse_variant(item, v); },
      "a convolution variant (1-5 or a name)");
  if (variants.empty())
    for (const auto& i : conv::variant_infos()) variants.push_back(i.variant);
  const int repeats = request.repeats;
  return [=](std::ostream& progress) {
    BenchReport report;
    const std::string device = device_description(backend);
    report.title_words = {{TR_NOOP("convolution on {0}"), {device}}};
    report.library = backend == Backend::Cuda ? "NPP nppiFilterBorder" : "";
    std::unique_ptr<conv::Engine> engine;
    double copy_gbps = 0;
    for (Elem e : types)
      for (int r : radii) {
        const std::string side = std::to_string(2 * r + 1) + "x" + std::to_string(2 * r + 1);
        std::vector<Case> cases;
        for (Variant v : variants)
          cases.push_back({v, conv::named_filter("gaussian", r, 0, 2),
                           std::to_string(int(v)) + " " + conv::info(v).id + " " + type_name(e) +
                               " gaussian " + side});
        if (std::find(variants.begin(), variants.end(), Variant::Fast) != variants.end())
          cases.push_back({Variant::Fast, conv::named_filter("laplacian", r, 0, 2),
                           "5 fast " + std::string(type_name(e)) + " laplacian " + side});
        std::vector<std::pair<bool, std::string>> checks;
        for (const Case& c : cases) {
          progress << "check " << c.label << "\n";
          std::string note;
          bool ok = false;
          try {
            ok = check_variant(backend, c.variant, e, c.spec, note);
          } catch (const Error& err) {
            note = err.what();
          }
          checks.push_back({ok, note});
        }
        for (const BenchSize& size : sizes) {
          const int channels = channels_of(e);
          const int64_t n = int64_t(size.w) * size.h;
          const int64_t bytes = n * channels * (e == Elem::U8 ? 2 : 8);
          const double copy = copy_bandwidth_gbps_at(backend, std::max<int64_t>(bytes, 16 << 20));
          copy_gbps = std::max(copy_gbps, copy);
          const Filter& gaussian = cases.front().spec.filter;
          conv::Timing npp;
          if (backend == Backend::Cuda) {
            progress << "NPP " << type_name(e) << " " << side << " " << size.text() << "\n";
            npp = conv::time_npp_filter(e, size.w, size.h, channels, gaussian, repeats);
          }
          auto fill = [&](BenchRow& row, double ms) {
            row.size = size.text();
            row.n = n;
            row.ms = ms;
            row.gbps = ms > 0 ? bytes / (ms * 1e6) : 0;
            row.pct_copy = copy > 0 ? 100 * row.gbps / copy : 0;
            row.per_second = ms > 0 ? n * channels / (ms / 1e3) : 0;
            row.extra = {{"radius", r}, {"type", type_name(e)}, {"channels", channels}};
          };
          for (size_t k = 0; k < cases.size(); ++k) {
            const Case& c = cases[k];
            progress << "  " << c.label << " " << size.text() << "\n";
            BenchRow row;
            row.name = c.label;
            double ms = 0;
            try {
              if (backend == Backend::Cuda) {
                const conv::Timing t =
                    conv::time_variant(c.variant, e, size.w, size.h, channels, c.spec.filter,
                                       conv::Boundary::Clamp, repeats);
                ms = t.available ? t.ms : 0;
                row.note = t.available ? "" : t.note;
              } else {
                if (!engine || engine->width() != size.w || engine->height() != size.h) {
                  engine = conv::Engine::create(backend);
                  const std::vector<uint8_t> image = random_bytes(size_t(n) * 3, 7);
                  engine->set_image(size.w, size.h, 3, image.data());
                }
                ms = engine->time_filter_ms(c.variant, c.spec, conv::Boundary::Clamp,
                                            std::min(repeats, 3));
              }
            } catch (const Error& err) {
              row.note = err.what();
            }
            fill(row, ms);
            row.verified = checks[k].first;
            if (!checks[k].first) {
              if (row.note.empty()) row.note = checks[k].second;
              report.failures.push_back(row.name + ": " + checks[k].second);
            }
            row.ratio_to_library = npp.available && ms > 0 ? npp.ms / ms : 0;
            row.extra["variant"] = int(c.variant);
            report.rows.push_back(row);
          }
          if (backend == Backend::Cuda) {
            BenchRow row;
            row.name = npp.name + " " + type_name(e) + " gaussian " + side;
            fill(row, npp.available ? npp.ms : 0);
            row.note = npp.available ? "library" : npp.note;
            report.rows.push_back(row);
          }
        }
      }
    std::ostringstream gbps;
    gbps << copy_gbps;
    report.notes_words = {
        {TR_NOOP("GB/s counts the image read once and written once (u8 RGB: 6 bytes per pixel, "
                 "f32: 8); G/s counts samples (3 per RGB pixel); peak copy bandwidth {0} GB/s "
                 "(read + write); median of {1}"),
         {gbps.str(), std::to_string(repeats)}}};
    if (backend == Backend::Cuda)
      report.notes_words.push_back({TR_NOOP("x lib = NPP's time / this time"), {}});
    set_english(report);
    report.copy_gbps = copy_gbps;
    report.table = bench_rows_table(report.rows, report.library);
    report.json = {
        {"device", device}, {"copy_gbps", copy_gbps}, {"rows", bench_rows_json(report.rows)}};
    return report;
  };
}

}  // namespace ws::bench
