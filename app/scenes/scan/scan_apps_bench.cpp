#include "scan_apps_bench.h"

#include "common/error.h"
#include "compact/compact.h"
#include "radix_bench.h"
#include "radix_sort/radix_sort.h"

namespace ws::app {

BenchJob scan_apps_bench_job(const BenchRequest& request, ScanAppsBench which) {
  const bool sort = which == ScanAppsBench::Radix;
  WS_REQUIRE(request.type.empty(),
             std::string("--type: the radix sort times 32-bit keys and the compaction int32 "
                         "values; there is no type to choose"));
  WS_REQUIRE(request.variants.empty(),
             std::string("--variant chooses scan variants (--mode scan), not ") +
                 (sort ? "radix sorts" : "compactions"));
  const Backend backend = request.backend;
  std::vector<int64_t> sizes = sizes_from_log2(request.sizes, "--sizes");
  if (sizes.empty()) sizes = bench::default_radix_sizes(backend);
  bench::RadixBenchOptions options;
  options.repeats = request.repeats;
  options.sort = sort;
  options.compact = !sort;
  return [=](std::ostream& progress) {
    const std::vector<bench::RadixBenchRow> rows =
        bench::bench_radix(backend, sizes, options, progress);
    const std::string device = device_description(backend);
    BenchReport report;
    report.title = std::string(sort ? "radix sort" : "stream compaction") + " on " + device +
                   ", median of " + std::to_string(options.repeats);
    report.notes =
        sort ? "32-bit random keys (pairs: values 0..n-1); GB/s counts 8 bytes per key, 16 per pair"
             : "int32 in [-1000, 1000] keeping x > 0; GB/s counts 4 bytes read per "
               "element + 4 written per kept one";
    report.table = bench::radix_bench_table(rows);
    report.library = sort ? radix::library_name(backend) : compact::library_name(backend);
    for (const bench::RadixBenchRow& r : rows) {
      BenchRow row;
      row.name = r.name;
      row.size = bench_size_text(r.n);
      row.n = r.n;
      row.ms = r.ms;
      row.gbps = r.gbps;
      row.ratio_to_library = r.ratio_to_library;
      row.per_second = r.keys_per_s;
      row.verified = r.verified;
      row.note = r.note;
      report.rows.push_back(row);
      if (!r.verified)
        report.failures.push_back(r.name + " at n = " + std::to_string(r.n) +
                                  " differs from the library: " + r.note);
    }
    if (rows.empty()) report.failures.push_back("no size could be run");
    report.json = bench::radix_bench_json(rows, device);
    return report;
  };
}

}  // namespace ws::app
