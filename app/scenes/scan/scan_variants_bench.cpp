// The scan variants' benchmark (`warpscope bench --scene scan`, the fast-mode panel): every variant
// (or --variant's) and the library at each size, bench/scan_bench.h, as the kit's BenchReport.
#include <sstream>

#include "common/error.h"
#include "scan/scan_run.h"
#include "scan_apps_bench.h"
#include "scan_bench.h"
#include "scan_variants_scene.h"
#include "scene_kit/scene_inputs.h"

namespace ws::app {

BenchJob ScanVariantsScene::bench_job(const BenchRequest& request) const {
  bench::ScanBenchOptions options;  // the command line: inclusive sum, float32 unless --type
  options.type = ValueType::Float32;
  if (request.from_scene) {  // fast mode: the scene's operator, scan, type and input
    options.type = settings_.params.type;
    options.op = settings_.params.op;
    options.inclusive = settings_.params.inclusive;
    options.distribution = settings_.input.distribution;
    options.seed = settings_.input.seed;
  }
  if (!request.type.empty()) options.type = *type_param({{"type", request.type}});
  options.repeats = request.repeats;
  options.variants = variants_from_list<scan::Variant>(
      request.variants,
      [](const std::string& item, scan::Variant& v) { return scan::parse_variant(item, v); },
      "a scan variant (1-10 or a name)");
  const Backend backend = request.backend;
  std::vector<int64_t> sizes = sizes_from_log2(request.sizes, "--sizes");
  if (sizes.empty()) sizes = bench::default_scan_sizes(backend);
  return [=](std::ostream& progress) {
    double copy_gbps = 0;
    const std::vector<bench::ScanBenchRow> rows =
        bench::bench_scan(backend, sizes, options, progress, &copy_gbps);
    const std::string device = device_description(backend);
    BenchReport report;
    report.title = std::string("scan ") + (options.inclusive ? "inclusive " : "exclusive ") +
                   op_name(options.op) + " " + type_name(options.type) + " on " + device;
    std::ostringstream notes;
    notes << "peak copy bandwidth " << copy_gbps << " GB/s (read + write), median of "
          << options.repeats << "; " << bench::kScanGbpsCounts;
    report.notes = notes.str();
    report.table = bench::scan_bench_table(rows);
    report.library = scan::library_name(backend);
    report.copy_gbps = copy_gbps;
    for (const bench::ScanBenchRow& r : rows) {
      BenchRow row;
      row.name = r.built ? r.name : r.name + " (not built yet)";
      row.size = bench_size_text(r.n);
      row.n = r.n;
      row.ms = r.ms;
      row.gbps = r.gbps;
      row.pct_copy = r.pct_copy;
      row.ratio_to_library = r.ratio_to_library;
      row.per_second = r.ms > 0 ? r.n / (r.ms / 1e3) : 0;
      row.verified = r.verified;
      row.note = r.note;
      report.rows.push_back(row);
      if (r.built && !r.verified)
        report.failures.push_back(r.name + " at n = " + std::to_string(r.n) +
                                  " is wrong: " + r.note);
    }
    if (rows.empty()) report.failures.push_back("no size could be run");
    report.json = bench::scan_bench_json(rows, device, copy_gbps);
    report.json["op"] = op_name(options.op);
    report.json["type"] = type_name(options.type);
    report.json["inclusive"] = options.inclusive;
    return report;
  };
}

}  // namespace ws::app
