#include "sat_bench.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "common/device_services.h"
#include "common/error.h"
#include "common/split_mix.h"
#include "common/tr_noop.h"

namespace ws::bench {

namespace {

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
    if (!((got == 1) || (got == 3 && x == 'x')) || w < 1 || h < 1 || w > sat::kMaxSide ||
        h > sat::kMaxSide)
      throw Error("--sizes: expected N or WxH with sides 1.." + std::to_string(sat::kMaxSide) +
                  ", got '" + t + "'");
    out.push_back({w, h});
  }
  if (out.empty()) {
    if (backend == Backend::Cuda)
      out = {{1024, 1024}, {4096, 4096}, {8192, 8192}};
    else
      out = {{1024, 1024}, {2048, 2048}};
  }
  return out;
}

std::vector<sat::Accum> parse_types(const std::string& text) {
  if (text.empty()) return {sat::Accum::U8U32, sat::Accum::F32F32};
  std::vector<sat::Accum> out;
  std::stringstream items(text);
  for (std::string item; std::getline(items, item, ',');) {
    sat::Accum a;
    if (!sat::parse_accum(item, a))
      throw Error("--type: expected u8, f32 or f32-f64 (comma-separated), got '" + item + "'");
    out.push_back(a);
  }
  return out;
}

bool table_ok(const std::vector<double>& t, const std::vector<double>& ref, sat::Accum a, int w,
              int h, std::string& note) {
  for (size_t i = 0; i < t.size(); ++i) {
    const double tol = a == sat::Accum::F32F32 ? std::abs(ref[i]) * (w + h + 2) * 0x1p-24 : 0.0;
    if (!(std::abs(t[i] - ref[i]) <= tol)) {
      note = "entry (" + std::to_string(i % w) + ", " + std::to_string(i / w) + ") is " +
             std::to_string(t[i]) + ", expected " + std::to_string(ref[i]);
      return false;
    }
  }
  return true;
}

}  // namespace

BenchJob sat_bench_job(const BenchRequest& request, const SatBenchChoice& choice) {
  const Backend backend = request.backend;
  const std::vector<BenchSize> sizes = parse_sizes(request.sizes, backend);
  std::vector<sat::Accum> types = parse_types(request.type);
  if (choice.accum && request.type.empty()) types = {*choice.accum};
  std::vector<sat::Variant> variants = variants_from_list<sat::Variant>(
      request.variants,
      [](const std::string& item, sat::Variant& v) { return sat::parse_variant(item, v); },
      "a summed-area-table variant (1-5 or a name)");
  if (variants.empty())
    for (const auto& i : sat::variant_infos()) variants.push_back(i.variant);
  const int repeats = request.repeats;
  return [=](std::ostream& progress) {
    BenchReport report;
    const std::string device = device_description(backend);
    report.title_words = {{TR_NOOP("summed-area table on {0}"), {device}}};
    report.library = backend == Backend::Cuda ? "CUB DeviceScan by rows and columns" : "";
    std::unique_ptr<sat::Engine> engine = sat::Engine::create(backend);
    double copy_gbps = 0;
    for (const BenchSize& size : sizes) {
      const int64_t n = int64_t(size.w) * size.h;
      progress << "image " << size.text() << ": random 8-bit samples\n";
      std::vector<uint8_t> image(static_cast<size_t>(n));
      SplitMix64 random{42};
      for (uint8_t& v : image) v = static_cast<uint8_t>(random.next());
      engine->set_image(size.w, size.h, 1, image.data());
      sat::Plane plane;
      plane.width = size.w;
      plane.height = size.h;
      plane.values.assign(image.begin(), image.end());
      for (sat::Accum a : types) {
        const int64_t bytes = n * (sat::input_bytes(a) + sat::output_bytes(a));
        const double copy = copy_bandwidth_gbps_at(backend, std::max<int64_t>(bytes, 16 << 20));
        copy_gbps = std::max(copy_gbps, copy);
        progress << "  " << sat::accum_name(a) << ": reference table\n";
        const std::vector<double> ref = sat::sat_sequential(plane, a);
        const sat::LibraryTiming cub = backend == Backend::Cuda
                                           ? sat::time_cub_sat(a, size.w, size.h, repeats)
                                           : sat::LibraryTiming{};
        for (sat::Variant v : variants) {
          progress << "  " << sat::info(v).id << " " << sat::accum_name(a) << "\n";
          BenchRow row;
          row.name = std::to_string(int(v)) + " " + sat::info(v).id + " " + sat::accum_name(a);
          row.size = size.text();
          row.n = n;
          try {
            row.ms = engine->time_sat_ms(v, a, repeats);
            engine->compute_sat(v, a);
            row.verified = table_ok(engine->sat(0), ref, a, size.w, size.h, row.note);
            if (!row.verified)
              report.failures.push_back(row.name + " at " + row.size + ": " + row.note);
          } catch (const Error& e) {
            row.note = e.what();
            report.failures.push_back(row.name + " at " + row.size + ": " + row.note);
          }
          row.gbps = row.ms > 0 ? bytes / (row.ms * 1e6) : 0;
          row.pct_copy = copy > 0 ? 100 * row.gbps / copy : 0;
          row.ratio_to_library = cub.available && row.ms > 0 ? cub.ms / row.ms : 0;
          row.per_second = row.ms > 0 ? n / (row.ms / 1e3) : 0;
          report.rows.push_back(row);
        }
        std::vector<sat::LibraryTiming> libraries;
        if (backend == Backend::Cuda) {
          libraries.push_back(cub);
          if (a == sat::Accum::U8U32)
            libraries.push_back(sat::time_npp_sat(size.w, size.h, repeats));
        }
        for (const sat::LibraryTiming& lib : libraries) {
          BenchRow row;
          row.name = lib.name.empty() ? "library" : lib.name + " " + sat::accum_name(a);
          row.size = size.text();
          row.n = n;
          row.ms = lib.ms;
          row.gbps = lib.available && lib.ms > 0 ? bytes / (lib.ms * 1e6) : 0;
          row.pct_copy = copy > 0 ? 100 * row.gbps / copy : 0;
          row.note = lib.available ? "library" : lib.note;
          row.verified = lib.available && lib.note.empty();
          if (lib.available && !lib.note.empty()) row.note = lib.note;
          report.rows.push_back(row);
        }
      }
    }
    // The box filter through the table, including the table, at two radii on the largest size,
    // next to the fused filter (two table rows, no table) and the separable running sum: the SAT
    // and fused lines are flat in r.
    const BenchSize big = sizes.back();
    std::vector<uint8_t> image(static_cast<size_t>(int64_t(big.w) * big.h));
    SplitMix64 random{7};
    for (uint8_t& v : image) v = static_cast<uint8_t>(random.next());
    engine->set_image(big.w, big.h, 1, image.data());
    const sat::Variant fastest = variants.back();
    for (int r : {4, 64}) {
      for (sat::FilterMethod m :
           {sat::FilterMethod::Sat, sat::FilterMethod::Fused, sat::FilterMethod::Separable}) {
        progress << "box filter " << sat::filter_method_name(m) << " r = " << r << "\n";
        sat::FilterParams f;
        f.radius = r;
        BenchRow row;
        row.name = std::string("box filter r=") + std::to_string(r) + " " +
                   (m == sat::FilterMethod::Sat
                        ? "via SAT (incl. table, " + std::string(sat::info(fastest).id) + ")"
                    : m == sat::FilterMethod::Fused ? "fused (two table rows, no table)"
                                                    : "separable running sums");
        row.size = big.text();
        row.n = int64_t(big.w) * big.h;
        try {
          row.ms = engine->time_filter_ms(m, f, fastest, sat::Accum::U8U32, repeats);
          row.per_second = row.ms > 0 ? row.n / (row.ms / 1e3) : 0;
          row.note = "pixels/s";
          row.verified = true;
          row.note.clear();
        } catch (const Error& e) {
          row.note = e.what();
        }
        report.rows.push_back(row);
      }
    }
    std::ostringstream gbps;
    gbps << copy_gbps;
    report.notes_words = {
        {TR_NOOP("GB/s counts the image read once and the table written once (u8 -> u32: 5 bytes "
                 "per pixel); peak copy bandwidth {0} GB/s (read + write); median of {1}"),
         {gbps.str(), std::to_string(repeats)}}};
    if (backend == Backend::Cuda)
      report.notes_words.push_back({TR_NOOP("x lib = CUB's time / this time"), {}});
    set_english(report);
    report.copy_gbps = copy_gbps;
    report.table = bench_rows_table(report.rows, report.library);
    report.json = {
        {"device", device}, {"copy_gbps", copy_gbps}, {"rows", bench_rows_json(report.rows)}};
    return report;
  };
}

}  // namespace ws::bench
