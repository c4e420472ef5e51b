// `warpscope bench --scene histogram`: the matrix (every variant x sizes x bins x distributions,
// float samples and 8-bit images) and the skew sweep, each row timed by the engine, checked
// against the sequential reference (computed on the host on a second thread while the device
// times) and set next to CUB's HistogramEven. The request and its `--set` options are read here,
// once; the scene passes only its typed choice (fast mode's input) and the photo reader.
#include "histogram_bench.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <future>
#include <map>
#include <optional>
#include <sstream>

#include "common/device_services.h"
#include "common/error.h"
#include "common/tr_noop.h"

namespace ws::bench {

namespace {

using histogram::BinSpec;
using histogram::Dist;
using histogram::SampleType;
using histogram::Variant;

constexpr uint64_t kSeed = 42;

std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream items(text);
  for (std::string item; std::getline(items, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string number_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// A distribution of the benchmark: a synthetic one, or the photo's luminance (u8 only).
struct BenchDist {
  Dist dist = Dist::Uniform;
  double skew = 0;
  bool photo = false;
  std::string name() const {
    if (photo) return "photo";
    if (dist == Dist::Zipf) return "zipf:" + number_text(skew);
    return histogram::dist_name(dist);
  }
};

// One data set: its type, size, bins and distribution.
struct BenchConfig {
  SampleType type = SampleType::F32;
  int64_t n = 0;
  int side = 0;  // u8 images: side x side
  int bins = 256;
  BenchDist dist;
  double x = 0;  // the sweep's x (the skew; all-equal past the last skew)
};

struct Plan {
  Backend backend = Backend::Cpu;
  bool sweep = false;
  std::vector<Variant> variants;
  std::vector<BenchConfig> configs;
  std::string photo;  // the file whose luminance the photo rows tile ("" = none)
  LuminanceReader read_luminance;
  std::vector<std::pair<double, std::string>> x_ticks;
  int repeats = 20;
  std::string what;  // the sweep's subtitle
};

int int_option(const char* key, const std::string& text, int lo, int hi) {
  char* end = nullptr;
  const long v = std::strtol(text.c_str(), &end, 10);
  WS_REQUIRE(!text.empty() && end && *end == '\0' && v >= lo && v <= hi,
             std::string("--set ") + key + ": expected a whole number " + std::to_string(lo) +
                 ".." + std::to_string(hi) + ", got '" + text + "'");
  return int(v);
}

std::string param_text(const nlohmann::json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::vector<int> parse_bins(const std::string& text) {
  std::vector<int> out;
  for (const std::string& item : split(text))
    out.push_back(int_option("bins", item, 1, histogram::kMaxBins));
  WS_REQUIRE(!out.empty(), std::string("--set bins: expected bin counts 1..65536, e.g. 256,4096"));
  return out;
}

std::vector<BenchDist> parse_dists(const std::string& text) {
  std::vector<BenchDist> out;
  for (const std::string& item : split(text)) {
    BenchDist d;
    d.skew = 1.2;  // "zipf" alone: the matrix's skew
    WS_REQUIRE(histogram::parse_dist(item, d.dist, d.skew) &&
                   (d.dist == Dist::Uniform || d.dist == Dist::Zipf || d.dist == Dist::AllEqual ||
                    d.dist == Dist::Normal || d.dist == Dist::Sorted),
               "--set dist: expected uniform, normal, zipf (skew 1.2) or zipf:S, all-equal or "
               "sorted, got '" +
                   item + "'");
    out.push_back(d);
  }
  WS_REQUIRE(!out.empty(), std::string("--set dist: expected uniform, zipf:S or all-equal"));
  return out;
}

std::vector<double> parse_skews(const std::string& text) {
  std::vector<double> out;
  for (const std::string& item : split(text)) {
    char* end = nullptr;
    const double s = std::strtod(item.c_str(), &end);
    WS_REQUIRE(end && *end == '\0' && std::isfinite(s) && s >= 0 && s <= 16,
               "--set skews: expected Zipf skews 0..16, comma-separated, got '" + item + "'");
    out.push_back(s);
  }
  WS_REQUIRE(!out.empty(), std::string("--set skews: expected at least one skew, e.g. 0,1,2"));
  return out;
}

// The photo's luminance tiled to side x side (the image repeats from its top-left corner).
std::vector<uint8_t> tiled_photo(const LuminanceReader& read, const std::string& file, int side) {
  WS_REQUIRE(static_cast<bool>(read), "bench: no image reader for the photo " + file);
  const LuminanceImage img = read(file);
  std::vector<uint8_t> out(size_t(side) * side);
  for (int y = 0; y < side; ++y) {
    const uint8_t* row = img.pixels.data() + size_t(y % img.height) * img.width;
    for (int x = 0; x < side; ++x) out[size_t(y) * side + x] = row[x % img.width];
  }
  return out;
}

BinSpec bins_for(const BenchConfig& c) {
  return histogram::make_bins(c.bins, 0, c.bins);
}

// The samples of a config on the host (the reference's input; the engine's for u8).
histogram::Samples host_samples(const BenchConfig& c, const Plan& plan) {
  const BinSpec b = bins_for(c);
  if (c.type == SampleType::U8) {
    histogram::Samples s;
    s.type = SampleType::U8;
    if (c.dist.photo) {
      s.u8 = tiled_photo(plan.read_luminance, plan.photo, c.side);
      return s;
    }
    // The synthetic values of 256 bins over [0, 256) lie inside their bin: as bytes, the bin.
    const histogram::Samples f = histogram::synthetic(c.dist.dist, c.dist.skew, c.n, kSeed, b);
    s.u8.resize(f.f32.size());
    for (size_t i = 0; i < f.f32.size(); ++i) s.u8[i] = static_cast<uint8_t>(f.f32[i]);
    return s;
  }
  return histogram::synthetic(c.dist.dist, c.dist.skew, c.n, kSeed, b);
}

std::string first_difference(const std::vector<uint32_t>& got, const std::vector<uint32_t>& ref) {
  if (got.size() != ref.size())
    return std::to_string(got.size()) + " bins, expected " + std::to_string(ref.size());
  for (size_t i = 0; i < got.size(); ++i)
    if (got[i] != ref[i])
      return "bin " + std::to_string(i) + " counts " + std::to_string(got[i]) + ", expected " +
             std::to_string(ref[i]);
  return "";
}

// The benchmark's own `--set` options, each read once.
struct Options {
  std::optional<std::vector<int>> bins;
  std::optional<std::vector<BenchDist>> dists;
  std::optional<std::vector<double>> skews;
  std::optional<int> side;  // image=SIDE
  std::string photo = kHistogramPhoto;
};

Options read_options(const nlohmann::json& params, bool sweep) {
  Options o;
  if (!params.is_object()) return o;
  for (const auto& [key, value] : params.items()) {
    const std::string text = param_text(value);
    if (key == "bins") {
      o.bins = parse_bins(text);
    } else if (key == "dist") {
      o.dists = parse_dists(text);
    } else if (key == "image") {
      o.side = int_option("image", text, 1, 8192);
    } else if (key == "photo") {
      o.photo = text == "none" ? "" : text.empty() ? std::string(kHistogramPhoto) : text;
    } else if (key == "skews" && sweep) {
      o.skews = parse_skews(text);
    } else {
      throw Error("--set " + key + ": the histogram benchmark takes bins, dist, image, photo" +
                  std::string(sweep ? " and skews" : " (and skews with --mode skew)"));
    }
  }
  return o;
}

// The GUI's fast mode: the scene's own input, its photo's luminance tiled to a side (the panel's
// size choice) or its synthetic samples at the first size.
Plan scene_plan(Plan plan, const BenchRequest& request, const HistogramBenchChoice& choice,
                const Options& o) {
  const bool cuda = request.backend == Backend::Cuda;
  BenchConfig c;
  if (!choice.photo.empty()) {
    plan.photo = choice.photo;
    c.type = SampleType::U8;
    c.side = request.sizes.empty() ? o.side.value_or(cuda ? 8192 : 512)
                                   : int_option("size", request.sizes[0], 1, 8192);
    c.n = int64_t(c.side) * c.side;
    c.dist.photo = true;
  } else {
    const std::vector<int64_t> sizes = sizes_from_log2(request.sizes, "--sizes");
    c.type = SampleType::F32;
    c.n = sizes.empty() ? (cuda ? int64_t{1} << 24 : int64_t{1} << 16) : sizes[0];
    c.bins = choice.bins;
    c.dist.dist = choice.dist;
    c.dist.skew = choice.skew;
  }
  plan.configs.push_back(c);
  return plan;
}

Plan make_plan(const BenchRequest& request, const HistogramBenchChoice& choice) {
  Plan plan;
  plan.backend = request.backend;
  plan.repeats = request.repeats;
  plan.read_luminance = choice.read_luminance;
  const bool cuda = request.backend == Backend::Cuda;
  WS_REQUIRE(request.mode.empty() || request.mode == "skew",
             "bench --mode: the histogram benchmark takes skew (the sweep) or none, got '" +
                 request.mode + "'");
  plan.sweep = request.mode == "skew";
  const Options o = read_options(request.params, plan.sweep);
  plan.variants = variants_from_list<Variant>(
      request.variants,
      [](const std::string& item, Variant& v) { return histogram::parse_variant(item, v); },
      "a histogram variant (1-8 or a name)");
  if (plan.variants.empty())
    for (const auto& i : histogram::variant_infos())
      if (!cuda || i.variant != Variant::Sequential) plan.variants.push_back(i.variant);

  std::vector<SampleType> types;
  for (const std::string& t : split(request.type)) {
    WS_REQUIRE(t == "u8" || t == "f32",
               "--type: the histogram benchmark takes u8 (8-bit images) and f32 (float samples), "
               "comma-separated, got '" +
                   t + "'");
    types.push_back(t == "u8" ? SampleType::U8 : SampleType::F32);
  }
  plan.photo = o.photo;
  if (request.from_scene) return scene_plan(std::move(plan), request, choice, o);
  std::vector<int64_t> sizes = sizes_from_log2(request.sizes, "--sizes");
  for (int64_t n : sizes)
    WS_REQUIRE(n <= histogram::kMaxSamples, "--sizes: at most 28 (2^28 samples), got 2^" +
                                                std::to_string(int(std::log2(double(n)))));
  const int side = o.side.value_or(cuda ? 8192 : 512);

  const std::vector<int> bins =
      o.bins ? *o.bins : (plan.sweep ? std::vector<int>{256} : std::vector<int>{256, 4096, 65536});
  if (plan.sweep) {
    WS_REQUIRE(bins.size() == 1, std::string("--set bins: the skew sweep takes one bin count"));
    WS_REQUIRE(types.size() <= 1, std::string("--type: the skew sweep takes one type"));
    WS_REQUIRE(!o.dists,
               std::string("--set dist: the skew sweep sets the distribution itself (zipf 0..3, "
                           "then all-equal); choose the skews with --set skews=..."));
    const SampleType type = types.empty() ? SampleType::F32 : types[0];
    WS_REQUIRE(type == SampleType::F32 || bins[0] == 256,
               std::string("--set bins: 8-bit samples take 256 bins"));
    const int64_t n = sizes.empty() ? (cuda ? int64_t{1} << 24 : int64_t{1} << 16) : sizes[0];
    const std::vector<double> skews =
        o.skews ? *o.skews : std::vector<double>{0,    0.25, 0.5,  0.75, 1,    1.25, 1.5,
                                                 1.75, 2,    2.25, 2.5,  2.75, 3};
    double last = 0;
    for (double skew : skews) {
      BenchConfig c;
      c.type = type;
      c.n = n;
      c.bins = bins[0];
      c.dist.dist = Dist::Zipf;
      c.dist.skew = skew;
      c.x = skew;
      last = std::max(last, skew);
      plan.configs.push_back(c);
    }
    BenchConfig all = plan.configs.back();
    all.dist.dist = Dist::AllEqual;
    all.dist.skew = 0;
    all.x = last + std::max(0.5, last / 6);
    plan.configs.push_back(all);
    for (double skew : skews) plan.x_ticks.emplace_back(skew, number_text(skew));
    plan.x_ticks.emplace_back(all.x, "all-equal");
    plan.what = bench_size_text(n) + " " + histogram::sample_type_name(type) + " samples, " +
                std::to_string(bins[0]) + " bins over [0, " + std::to_string(bins[0]) + "), seed " +
                std::to_string(kSeed) + ", median of up to " + std::to_string(request.repeats) +
                " runs";
    return plan;
  }

  const std::vector<BenchDist> dists = o.dists ? *o.dists
                                               : std::vector<BenchDist>{{Dist::Uniform, 0, false},
                                                                        {Dist::Zipf, 1.2, false},
                                                                        {Dist::AllEqual, 0, false}};
  if (sizes.empty())
    sizes = cuda ? std::vector<int64_t>{int64_t{1} << 20, int64_t{1} << 24, int64_t{1} << 28}
                 : std::vector<int64_t>{int64_t{1} << 14, int64_t{1} << 16};
  if (types.empty()) types = {SampleType::F32, SampleType::U8};
  for (SampleType type : types) {
    if (type == SampleType::F32) {
      for (int64_t n : sizes)
        for (int b : bins)
          for (const BenchDist& d : dists) {
            BenchConfig c;
            c.n = n;
            c.bins = b;
            c.dist = d;
            plan.configs.push_back(c);
          }
      continue;
    }
    // 8-bit images: 256 bins over the byte values, side x side pixels.
    WS_REQUIRE(std::find(bins.begin(), bins.end(), 256) != bins.end(),
               std::string("--set bins: the 8-bit image rows take 256 bins (add 256, or --type "
                           "f32)"));
    std::vector<BenchDist> u8_dists = dists;
    if (!plan.photo.empty())
      u8_dists.insert(u8_dists.begin() + 1, BenchDist{Dist::Uniform, 0, true});
    for (const BenchDist& d : u8_dists) {
      BenchConfig c;
      c.type = SampleType::U8;
      c.side = side;
      c.n = int64_t(side) * side;
      c.bins = 256;
      c.dist = d;
      plan.configs.push_back(c);
    }
  }
  return plan;
}

std::string config_text(const BenchConfig& c, const std::string& photo_label) {
  return std::string(histogram::sample_type_name(c.type)) + " " + std::to_string(c.bins) + "b " +
         (c.dist.photo ? photo_label : c.dist.name());
}

// Fills the row's rates from its time.
void set_rates(BenchRow& row, int64_t bytes, double copy_gbps) {
  row.gbps = row.ms > 0 ? double(bytes) / (row.ms * 1e6) : 0;
  row.pct_copy = copy_gbps > 0 ? 100 * row.gbps / copy_gbps : 0;
  row.per_second = row.ms > 0 ? double(row.n) / (row.ms / 1e3) : 0;
}

BenchReport run_plan(const Plan& plan, std::ostream& progress) {
  BenchReport report;
  const std::string device = device_description(plan.backend);
  const bool cuda = plan.backend == Backend::Cuda;
  report.library = cuda ? "CUB HistogramEven" : "";
  std::unique_ptr<histogram::Engine> engine = histogram::Engine::create(plan.backend);
  std::string photo_label;
  if (!plan.photo.empty()) {
    photo_label = plan.photo;
    const size_t slash = photo_label.find_last_of('/');
    if (slash != std::string::npos) photo_label = photo_label.substr(slash + 1);
    const size_t dot = photo_label.find_last_of('.');
    if (dot != std::string::npos && dot > 0) photo_label = photo_label.substr(0, dot);
  }
  nlohmann::json rows_extra = nlohmann::json::array();
  std::map<int64_t, double> copy_at;  // bytes -> measured copy bandwidth
  double copy_max = 0;
  double photo_top_share = -1;
  for (const BenchConfig& c : plan.configs) {
    const BinSpec b = bins_for(c);
    const std::string what = config_text(c, photo_label);
    const std::string size = c.type == SampleType::U8
                                 ? std::to_string(c.side) + "x" + std::to_string(c.side)
                                 : bench_size_text(c.n);
    progress << what << " at " << size << ": data\n";
    // The data on the engine, and the reference on a second thread while the device times.
    std::future<std::vector<uint32_t>> reference;
    if (c.type == SampleType::F32) {
      engine->set_synthetic(c.dist.dist, c.dist.skew, c.n, kSeed, b);
      reference = std::async(std::launch::async, [c, b] {
        return histogram::histogram_reference(
            histogram::synthetic(c.dist.dist, c.dist.skew, c.n, kSeed, b), b);
      });
    } else {
      auto samples = std::make_shared<histogram::Samples>(host_samples(c, plan));
      engine->set_samples(*samples);
      reference = std::async(std::launch::async,
                             [samples, b] { return histogram::histogram_reference(*samples, b); });
    }
    const int64_t bytes = c.n * (c.type == SampleType::U8 ? 1 : 4);
    const int64_t copy_bytes = std::max<int64_t>(bytes, 16 << 20);
    if (!copy_at.count(copy_bytes))
      copy_at[copy_bytes] = copy_bandwidth_gbps_at(plan.backend, copy_bytes);
    const double copy = copy_at[copy_bytes];
    copy_max = std::max(copy_max, copy);

    struct Timed {
      BenchRow row;
      std::vector<uint32_t> counts;
      bool ran = false;
      nlohmann::json extra;
    };
    std::vector<Timed> timed;
    histogram::LibraryTiming lib;
    if (cuda) {
      progress << "  " << report.library << "\n";
      lib = engine->time_library(b, plan.repeats);
    }
    for (Variant v : plan.variants) {
      const histogram::VariantInfo& info = histogram::info(v);
      progress << "  " << int(v) << " " << info.id << "\n";
      Timed t;
      t.row.name = std::to_string(int(v)) + " " + info.id + " " + what;
      t.row.size = size;
      t.row.n = c.n;
      t.extra = {{"series", std::to_string(int(v)) + " " + info.id},
                 {"variant", info.id},
                 {"library", false}};
      histogram::RunParams params;
      params.variant = v;
      try {
        // One run tells how long a run takes: slow rows (contended atomics at 2^28) are timed
        // fewer times, so the default matrix stays within minutes.
        const double once = engine->time_ms(b, params, 1);
        const int repeats =
            std::max(1, std::min(plan.repeats, int(std::ceil(400.0 / std::max(once, 1e-3)))));
        t.row.ms = repeats > 1 ? engine->time_ms(b, params, repeats) : once;
        t.counts = engine->run(b, params);
        t.ran = true;
      } catch (const Error& e) {
        t.row.note = e.what();
      }
      set_rates(t.row, bytes, copy);
      timed.push_back(std::move(t));
    }
    if (cuda || lib.available) {
      Timed t;
      t.row.name = "CUB HistogramEven " + what;
      t.row.size = size;
      t.row.n = c.n;
      t.extra = {{"series", "CUB HistogramEven"}, {"variant", "cub"}, {"library", true}};
      t.row.ms = lib.available ? lib.ms : 0;
      t.ran = lib.available;
      t.counts = lib.counts;
      if (!lib.available) t.row.note = lib.note.empty() ? "not available" : lib.note;
      set_rates(t.row, bytes, copy);
      timed.push_back(std::move(t));
    }
    progress << "  checking against the reference\n";
    const std::vector<uint32_t> ref = reference.get();
    if (c.dist.photo && !ref.empty()) {
      const uint32_t top = *std::max_element(ref.begin(), ref.end());
      photo_top_share = double(top) / double(c.n);
    }
    for (Timed& t : timed) {
      if (t.ran) {
        const std::string diff = first_difference(t.counts, ref);
        t.row.verified = diff.empty();
        if (!diff.empty()) t.row.note = diff;
      }
      if (t.ran && lib.available && t.row.ms > 0) t.row.ratio_to_library = lib.ms / t.row.ms;
      if (!t.row.verified && !(t.extra["library"].get<bool>() && !t.ran))
        report.failures.push_back(t.row.name + " at " + t.row.size + ": " +
                                  (t.row.note.empty() ? "no result" : t.row.note));
      t.extra["type"] = histogram::sample_type_name(c.type);
      t.extra["bins"] = c.bins;
      t.extra["dist"] = c.dist.photo ? photo_label : c.dist.name();
      t.extra["skew"] = c.dist.dist == Dist::Zipf && !c.dist.photo ? c.dist.skew : 0.0;
      t.extra["x"] = c.x;
      report.rows.push_back(t.row);
      rows_extra.push_back(t.extra);
    }
  }

  // The notes as the words the app translates (their English joined by "; ").
  auto number = [](double v) {
    std::ostringstream out;
    out << v;
    return out.str();
  };
  report.notes_words = {
      {TR_NOOP("GB/s counts the samples read once (4 bytes per f32 sample, 1 per u8 pixel; the "
               "counters are not counted); % copy compares it with a device-to-device copy's "
               "bytes read + written per second ({0} GB/s at most here), the memory system's "
               "practical peak"),
       {number(copy_max)}},
      {TR_NOOP("median of up to {0} runs (rows slower than 400 ms per run fewer)"),
       {std::to_string(plan.repeats)}},
      {TR_NOOP("samples/s = n / time"), {}}};
  if (cuda) report.notes_words.push_back({TR_NOOP("x lib = CUB's time / this time"), {}});
  if (photo_top_share >= 0)
    report.notes_words.push_back(
        {TR_NOOP("the photo rows tile {0}'s luminance ({1}% of the pixels in one bin)"),
         {photo_label, number(photo_top_share * 100)}});
  report.title_words = {{plan.sweep ? TR_NOOP("histogram throughput against skew on {0}")
                                    : TR_NOOP("histogram on {0}"),
                         {device}}};
  set_english(report);
  report.copy_gbps = copy_max;
  report.table = bench_rows_table(report.rows, report.library);
  nlohmann::json rows = bench_rows_json(report.rows);
  for (size_t i = 0; i < rows.size(); ++i) rows[i].update(rows_extra[i]);
  report.json = {{"device", device},
                 {"copy_gbps", copy_max},
                 {"gbps_counts", "GB/s of samples read"},
                 {"rows", rows}};
  if (photo_top_share >= 0) report.json["photo_top_bin_share"] = photo_top_share;
  if (plan.sweep) {
    report.json["mode"] = "skew";
    nlohmann::json ticks = nlohmann::json::array();
    for (const auto& [x, label] : plan.x_ticks) ticks.push_back({x, label});
    report.json["chart"] = {
        {"kind", "lines"},
        {"title", "histogram throughput against skew"},
        {"subtitle", plan.what},
        {"series", "series"},
        {"x", "x"},
        {"y", "per_second"},
        {"y_scale", 1e-9},
        {"x_label",
         "Zipf skew s (bin k drawn with probability proportional to 1/(k+1)^s); "
         "all-equal: every sample in one bin"},
        {"y_label", "G samples/s (higher is better)"},
        {"x_ticks", ticks}};
  }
  return report;
}

}  // namespace

BenchJob histogram_bench_job(const BenchRequest& request, const HistogramBenchChoice& choice) {
  const Plan plan = make_plan(request, choice);
  WS_REQUIRE(!plan.configs.empty(), std::string("bench: nothing to time"));
  return [plan](std::ostream& progress) { return run_plan(plan, progress); };
}

}  // namespace ws::bench
