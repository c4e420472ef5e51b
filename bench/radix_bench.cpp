// The scan applications' benchmark: radix sort and stream compaction against the library.
#include "radix_bench.h"

#include <cstdio>
#include <cstring>
#include <functional>
#include <sstream>

#include "common/error.h"
#include "common/split_mix.h"
#include "common/tr_noop.h"
#include "compact/compact.h"
#include "radix_sort/radix_sort.h"
#include "radix_sort/radix_sort_internal.h"
#include "reduce_bench.h"

#if defined(WARPSCOPE_HAVE_CUDA)
#include <cuda_runtime.h>
#endif

namespace ws::bench {

namespace {

bool fits(Backend backend, int64_t n) {
  if (backend == Backend::Cpu) return n <= scan::kCpuFastMaxN;
#if defined(WARPSCOPE_HAVE_CUDA)
  size_t free_bytes = 0, total_bytes = 0;
  if (cudaMemGetInfo(&free_bytes, &total_bytes) != cudaSuccess) return false;
  return static_cast<double>(n) * 4 * 5 < static_cast<double>(free_bytes);  // in, out, scratch, CUB
#else
  return false;
#endif
}

BenchRow make_row(const std::string& name, const std::string& kind, const scan::FastRun& r,
                  double library_ms, bool verified) {
  BenchRow row;
  row.name = name;
  row.extra = {{"kind", kind}};
  row.size = bench_size_text(r.n);
  row.n = r.n;
  row.ms = r.median_ms;
  row.per_second = r.median_ms > 0 ? static_cast<double>(r.n) / (r.median_ms * 1e-3) : 0;
  row.gbps = r.gbps;
  row.ratio_to_library = r.median_ms > 0 ? library_ms / r.median_ms : 0;
  row.verified = verified;
  return row;
}

void report(std::ostream& progress, const BenchRow& row) {
  char line[256];
  std::snprintf(line, sizeof(line), "%-34s %8s %10.4f ms %9.1f Mkeys/s %7.2f x lib %s%s\n",
                row.name.c_str(), format_size(row.n).c_str(), row.ms, row.per_second * 1e-6,
                row.ratio_to_library, row.verified ? "ok" : "NOT VERIFIED",
                row.note.empty() ? "" : (" (" + row.note + ")").c_str());
  progress << line << std::flush;
}

void failed_row(std::vector<BenchRow>& rows, const std::string& name, const std::string& kind,
                int64_t n, const std::string& note, std::ostream& progress) {
  BenchRow row;
  row.name = name;
  row.extra = {{"kind", kind}};
  row.size = bench_size_text(n);
  row.n = n;
  row.note = note;
  rows.push_back(row);
  report(progress, row);
}

// Key-value pairs: the keys above with values 0..n-1 (so a value tells where its key came from).
void bench_pairs(Backend backend, const std::vector<uint32_t>& keys, int64_t n,
                 const RadixBenchOptions& o, std::vector<BenchRow>& rows, std::ostream& progress) {
  std::vector<uint32_t> values(keys.size());
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<uint32_t>(i);
  std::vector<uint32_t> lib_keys(keys.size()), lib_values(keys.size()), our_keys(keys.size()),
      our_values(keys.size());
  const std::string name =
      backend == Backend::Cuda ? "onesweep pairs, 8-bit digits" : "radix sort pairs, 8-bit digits";
  const std::string library_name = radix::pairs_library_name(backend);
  try {
    const scan::FastRun lib = radix::sort_pairs_library(
        backend, keys.data(), values.data(), lib_keys.data(), lib_values.data(), n, o.repeats);
    const scan::FastRun r = radix::sort_pairs_fast(
        backend, keys.data(), values.data(), our_keys.data(), our_values.data(), n, o.repeats);
    rows.push_back(make_row(name, "sort pairs", r, lib.median_ms,
                            our_keys == lib_keys && our_values == lib_values));
    report(progress, rows.back());
    rows.push_back(make_row(library_name, "sort pairs", lib, lib.median_ms, true));
    report(progress, rows.back());
  } catch (const Error& e) {
    failed_row(rows, name, "sort pairs", n, e.what(), progress);
  }
}

void bench_sorts(Backend backend, int64_t n, const RadixBenchOptions& o,
                 std::vector<BenchRow>& rows, std::ostream& progress) {
  std::vector<uint32_t> keys(static_cast<size_t>(n)), library(keys.size()), ours(keys.size());
  SplitMix64 rng{o.seed ^ static_cast<uint64_t>(n)};
  for (uint32_t& k : keys) k = static_cast<uint32_t>(rng.next() >> 32);
  const std::string library_name = radix::library_name(backend);
  scan::FastRun lib;
  try {
    lib = radix::sort_library(backend, keys.data(), library.data(), n, o.repeats);
  } catch (const Error& e) {
    failed_row(rows, library_name, "sort", n, e.what(), progress);
    return;
  }
  struct Ours {
    std::string name;
    std::function<scan::FastRun()> run;
  };
  std::vector<Ours> variants;
  if (backend == Backend::Cuda) {
    variants.push_back({"onesweep, 8-bit digits", [&] {
                          return radix::sort_fast(backend, keys.data(), ours.data(), n, o.repeats);
                        }});
    for (int bits : {8, 4}) {
      variants.push_back({"multi-bit LSD, " + std::to_string(bits) + "-bit digits", [&, bits] {
                            return radix::sort_cuda_bits(keys.data(), ours.data(), n, o.repeats,
                                                         bits);
                          }});
    }
  } else {
    variants.push_back({"radix sort, 8-bit digits", [&] {
                          return radix::sort_fast(backend, keys.data(), ours.data(), n, o.repeats);
                        }});
  }
  for (const Ours& v : variants) {
    try {
      const scan::FastRun r = v.run();
      rows.push_back(make_row(v.name, "sort", r, lib.median_ms, ours == library));
      report(progress, rows.back());
    } catch (const Error& e) {
      failed_row(rows, v.name, "sort", n, e.what(), progress);
    }
  }
  rows.push_back(make_row(library_name, "sort", lib, lib.median_ms, true));
  report(progress, rows.back());
  bench_pairs(backend, keys, n, o, rows, progress);
}

void bench_compaction(Backend backend, int64_t n, const RadixBenchOptions& o,
                      std::vector<BenchRow>& rows, std::ostream& progress) {
  std::vector<int32_t> values(static_cast<size_t>(n)), library(values.size()), ours(values.size());
  SplitMix64 rng{o.seed + 7 * static_cast<uint64_t>(n)};
  for (int32_t& v : values) v = static_cast<int32_t>(rng.next() % 2001) - 1000;
  compact::Params p;
  p.predicate = {compact::Predicate::Greater, 0};
  const std::string library_name = compact::library_name(backend);
  try {
    int64_t kept_library = 0, kept_ours = 0;
    const scan::FastRun lib = compact::fast_library(backend, p, values.data(), library.data(), n,
                                                    o.repeats, &kept_library);
    const scan::FastRun r =
        compact::fast(backend, p, values.data(), ours.data(), n, o.repeats, &kept_ours);
    const bool same = kept_ours == kept_library &&
                      std::memcmp(ours.data(), library.data(),
                                  static_cast<size_t>(kept_ours) * sizeof(int32_t)) == 0;
    rows.push_back(make_row("compaction (x > 0), single pass", "compact", r, lib.median_ms, same));
    report(progress, rows.back());
    rows.push_back(make_row(library_name, "compact", lib, lib.median_ms, true));
    report(progress, rows.back());
  } catch (const Error& e) {
    failed_row(rows, "compaction (x > 0), single pass", "compact", n, e.what(), progress);
  }
}

}  // namespace

std::vector<int64_t> default_radix_sizes(Backend backend) {
  if (backend == Backend::Cpu) return {int64_t{1} << 16, int64_t{1} << 20, int64_t{1} << 22};
  std::vector<int64_t> sizes;
  for (int k : {20, 24, 26, 28}) {
    if (fits(backend, int64_t{1} << k)) sizes.push_back(int64_t{1} << k);
  }
  return sizes;
}

std::vector<BenchRow> bench_radix(Backend backend, const std::vector<int64_t>& sizes,
                                  const RadixBenchOptions& options, std::ostream& progress) {
  std::vector<BenchRow> rows;
  for (int64_t n : sizes) {
    if (!fits(backend, n)) {
      progress << format_size(n) << ": skipped, it does not fit the "
               << (backend == Backend::Cuda ? "device's free memory" : "CPU limit") << "\n";
      continue;
    }
    if (options.sort) bench_sorts(backend, n, options, rows, progress);
    if (options.compact) bench_compaction(backend, n, options, rows, progress);
  }
  return rows;
}

std::string radix_bench_table(const std::vector<BenchRow>& rows) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof(line), "%-34s %8s %11s %10s %8s %7s %4s\n", "name", "N", "median ms",
                "Mkeys/s", "GB/s", "x lib", "ok");
  out << line;
  int64_t previous_n = -1;
  for (const BenchRow& r : rows) {
    if (previous_n != -1 && r.n != previous_n) out << "\n";
    previous_n = r.n;
    std::snprintf(line, sizeof(line), "%-34s %8s %11.4f %10.1f %8.1f %7.2f %4s\n", r.name.c_str(),
                  format_size(r.n).c_str(), r.ms, r.per_second * 1e-6, r.gbps, r.ratio_to_library,
                  r.verified ? "yes" : "NO");
    out << line;
  }
  return out.str();
}

nlohmann::json radix_bench_json(const std::vector<BenchRow>& rows, const std::string& device) {
  nlohmann::json j;
  j["gbps_counts"] = kScanAppsGbpsCounts;
  j["device"] = device;
  j["rows"] = nlohmann::json::array();
  for (const BenchRow& r : rows) {
    j["rows"].push_back({{"name", r.name},
                         {"kind", r.extra.value("kind", "")},
                         {"n", r.n},
                         {"median_ms", r.ms},
                         {"keys_per_s", r.per_second},
                         {"gbps", r.gbps},
                         {"ratio_to_library", r.ratio_to_library},
                         {"verified", r.verified},
                         {"note", r.note}});
  }
  return j;
}

BenchJob scan_apps_bench_job(const BenchRequest& request, ScanApp which) {
  const bool sort = which == ScanApp::Radix;
  WS_REQUIRE(request.type.empty(),
             std::string("--type: the radix sort times 32-bit keys and the compaction int32 "
                         "values; there is no type to choose"));
  WS_REQUIRE(request.variants.empty(),
             std::string("--variant chooses scan variants (--mode scan), not ") +
                 (sort ? "radix sorts" : "compactions"));
  const Backend backend = request.backend;
  std::vector<int64_t> sizes = sizes_from_log2(request.sizes, "--sizes");
  if (sizes.empty()) sizes = default_radix_sizes(backend);
  RadixBenchOptions options;
  options.repeats = request.repeats;
  options.sort = sort;
  options.compact = !sort;
  return [=](std::ostream& progress) {
    const std::vector<BenchRow> rows = bench_radix(backend, sizes, options, progress);
    const std::string device = device_description(backend);
    BenchReport report;
    report.title_words = {{sort ? TR_NOOP("radix sort on {0}, median of {1}")
                                : TR_NOOP("stream compaction on {0}, median of {1}"),
                           {device, std::to_string(options.repeats)}}};
    report.notes_words = {
        {sort ? TR_NOOP("32-bit random keys (pairs: values 0..n-1); GB/s counts 8 bytes per key, "
                        "16 per pair")
              : TR_NOOP("int32 in [-1000, 1000] keeping x > 0; GB/s counts 4 bytes read per "
                        "element + 4 written per kept one"),
         {}}};
    set_english(report);
    report.table = radix_bench_table(rows);
    report.library = sort ? radix::library_name(backend) : compact::library_name(backend);
    report.rows = rows;
    for (const BenchRow& r : rows)
      if (!r.verified)
        report.failures.push_back(r.name + " at n = " + std::to_string(r.n) +
                                  " differs from the library: " + r.note);
    if (rows.empty()) report.failures.push_back("no size could be run");
    report.json = radix_bench_json(rows, device);
    return report;
  };
}

}  // namespace ws::bench
