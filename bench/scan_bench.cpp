#include "scan_bench.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <type_traits>

#include "common/cuda_device.h"
#include "common/device_services.h"
#include "common/error.h"
#include "common/tr_noop.h"
#include "reduce_bench.h"
#include "scan/scan_run.h"

namespace ws::bench {

namespace {

// Float sum: each output is some parenthesisation of its terms. A scan's orders (a serial run
// inside a thread, a tree inside a block, a serial chain of block prefixes) stay within about
// sqrt(terms) * 2^-24 * sum|x| in practice; we allow 4e-6 * sum|x| * max(1, log2 n), which at
// 2^28 is ~12x the random-walk error of a chain of 65536 block prefixes.
double sum_tolerance(double magnitude, int64_t n) {
  return 4e-6 * magnitude * std::max(1.0, std::log2(static_cast<double>(n)));
}

template <class T>
std::string mismatch(int64_t i, T got, double want, double tolerance) {
  std::ostringstream text;
  text.precision(9);
  text << "element " << i << " is " << got << ", expected " << want;
  if (tolerance > 0) text << " (tolerance " << tolerance << ")";
  return text.str();
}

template <class T>
std::string check_typed(BinaryOp op, bool inclusive, const T* in, const T* out, int64_t n) {
  const bool exact = std::is_same_v<T, int32_t> || op == BinaryOp::Min || op == BinaryOp::Max;
  if (exact) {
    T acc = identity_of<T>(op);  // int32: the kernels' wraparound; min/max: exact in any order
    for (int64_t i = 0; i < n; ++i) {
      const T before = acc;
      acc = apply_op<T>(op, acc, in[i]);
      const T want = inclusive ? acc : before;
      if (!(out[i] == want)) return mismatch(i, out[i], double(want), 0);
    }
    return "";
  }
  double acc = op == BinaryOp::Sum ? 0.0 : 1.0;
  double magnitude = 0;  // sum |x| of the terms so far (sum); |exact| (product)
  for (int64_t i = 0; i < n; ++i) {
    double want = acc, terms = double(i);
    double tolerance = 0;
    if (inclusive) {
      acc = op == BinaryOp::Sum ? acc + double(in[i]) : acc * double(in[i]);
      magnitude += std::fabs(double(in[i]));
      want = acc;
      terms = double(i + 1);
    }
    if (op == BinaryOp::Sum) {
      tolerance = sum_tolerance(magnitude, n);
    } else {
      // Each float multiplication adds at most 2^-24 relative error; 1e-30 covers underflow.
      tolerance = std::fabs(want) * terms * 0x1.0p-23 + 1e-30;
    }
    if (!inclusive) {
      acc = op == BinaryOp::Sum ? acc + double(in[i]) : acc * double(in[i]);
      magnitude += std::fabs(double(in[i]));
    }
    if (!(std::fabs(double(out[i]) - want) <= tolerance))
      return mismatch(i, out[i], want, tolerance);
  }
  return "";
}

double copy_gbps_for(Backend backend, int64_t n) {
  const int64_t bytes = std::max<int64_t>(4 * n, int64_t{16} << 20);
  return copy_bandwidth_gbps_at(backend, bytes);
}

scan::Params params_for(scan::Variant v, const ScanBenchOptions& o) {
  scan::Params p;
  p.variant = v;
  p.op = o.op;
  p.type = o.type;
  p.inclusive = o.inclusive;
  if (v == scan::Variant::KoggeStoneExclusive) p.inclusive = false;  // exclusive only
  return p;
}

std::string row_name(scan::Variant v, const ScanBenchOptions& o) {
  std::string name = std::to_string(static_cast<int>(v)) + " " + scan::info(v).id;
  if (v == scan::Variant::KoggeStoneExclusive && o.inclusive) name += " (excl)";
  return name;
}

bool built(const BenchRow& row) {
  return row.extra.value("built", true);
}

void report(std::ostream& progress, const std::string& header, const BenchRow& row) {
  char line[320];
  const char* status = !built(row) ? "not built yet" : row.verified ? "ok" : "WRONG RESULT";
  std::snprintf(line, sizeof(line), "%s %-26s %9.4f ms %8.1f GB/s  %s", header.c_str(),
                row.name.c_str(), row.ms, row.gbps, status);
  progress << line;
  if (!row.verified && !row.note.empty()) progress << ": " << row.note;
  progress << std::endl;
}

// One timed run, checked; a ws::Error (a family not built yet, a device failure) becomes the
// row's note and the benchmark goes on.
template <class F>
BenchRow timed_row(const std::string& name, int variant, int64_t n, BinaryOp op, ValueType type,
                   bool inclusive, const void* in, void* out, F&& run) {
  BenchRow row;
  row.name = name;
  row.size = bench_size_text(n);
  row.n = n;
  row.extra = {{"variant", variant}, {"pct_peak", 0.0}, {"built", true}};
  try {
    const scan::FastRun r = run();
    row.ms = r.median_ms;
    row.gbps = r.gbps;
    row.note = check_scan_result(op, type, inclusive, in, out, n);
    row.verified = row.note.empty();
  } catch (const Error& e) {
    const std::string what = e.what();
    row.extra["built"] = what.find("not built yet") == std::string::npos;
    row.note = what;
  }
  return row;
}

}  // namespace

std::vector<int64_t> default_scan_sizes(Backend backend) {
  const std::vector<int64_t> wanted =
      backend == Backend::Cuda
          ? std::vector<int64_t>{int64_t{1} << 20, int64_t{1} << 24, int64_t{1} << 26,
                                 int64_t{1} << 28}
          : std::vector<int64_t>{int64_t{1} << 16, int64_t{1} << 20, int64_t{1} << 22};
  std::vector<int64_t> sizes;
  for (int64_t n : wanted)
    if (scan_size_fits(backend, n)) sizes.push_back(n);
  return sizes;
}

bool scan_size_fits(Backend backend, int64_t n) {
  if (backend == Backend::Cpu) return n >= 1 && n <= scan::kCpuFastMaxN;
  // Input and output (8n), the largest of the library's temporary storage and a copy's two
  // buffers (8n), and 256 MiB to spare.
  const CudaMemoryInfo memory = cuda_memory_info();
  return n >= 1 && 16 * n + (int64_t{256} << 20) <= memory.free_bytes;
}

std::string check_scan_result(BinaryOp op, ValueType type, bool inclusive, const void* in,
                              const void* out, int64_t n) {
  if (type == ValueType::Int32) {
    return check_typed(op, inclusive, static_cast<const int32_t*>(in),
                       static_cast<const int32_t*>(out), n);
  }
  return check_typed(op, inclusive, static_cast<const float*>(in), static_cast<const float*>(out),
                     n);
}

std::vector<BenchRow> bench_scan(Backend backend, const std::vector<int64_t>& sizes,
                                 const ScanBenchOptions& o, std::ostream& progress,
                                 double* copy_gbps_out) {
  WS_REQUIRE(backend_built(backend),
             std::string("bench: this build has no ") + backend_name(backend) + " backend");
  const double peak_gbps = copy_bandwidth_gbps(backend);
  if (copy_gbps_out != nullptr) *copy_gbps_out = peak_gbps;
  progress << (backend == Backend::Cuda ? "device-to-device copy: " : "host memcpy: ") << peak_gbps
           << " GB/s (read + write)" << std::endl;
  std::vector<scan::Variant> variants = o.variants;
  if (variants.empty())
    for (const scan::VariantInfo& v : scan::variant_infos()) variants.push_back(v.variant);

  std::vector<BenchRow> rows;
  for (int64_t n : sizes) {
    WS_REQUIRE(n >= 1, "bench sizes must be positive, got " + std::to_string(n));
    if (!scan_size_fits(backend, n)) {
      progress << "skipping " << format_size(n) << ": it does not fit the "
               << (backend == Backend::Cuda ? "free device memory" : "CPU backend's limit")
               << std::endl;
      continue;
    }
    const size_t bytes = static_cast<size_t>(n) * 4;
    std::vector<char> in(bytes), out(bytes);
    generate_typed(o.distribution, o.type, n, o.seed, in.data());
    const double same_gbps = copy_gbps_for(backend, n);
    const std::string header = "[" + format_size(n) + " " + type_name(o.type) + " " +
                               op_name(o.op) + (o.inclusive ? " incl" : " excl") + "]";
    const size_t first = rows.size();

    BenchRow library;
    if (o.library) {
      library = timed_row(scan::library_name(backend), 0, n, o.op, o.type, o.inclusive, in.data(),
                          out.data(), [&] {
                            return scan::fast_library(backend, o.op, o.type, o.inclusive, in.data(),
                                                      out.data(), n, o.repeats);
                          });
      report(progress, header, library);
    }
    for (scan::Variant v : variants) {
      const scan::Params p = params_for(v, o);
      std::fill(out.begin(), out.end(), char(0x7f));  // a variant must write every element
      rows.push_back(timed_row(
          row_name(v, o), static_cast<int>(v), n, o.op, o.type, p.inclusive, in.data(), out.data(),
          [&] { return scan::fast(backend, p, in.data(), out.data(), n, o.repeats); }));
      report(progress, header, rows.back());
    }
    if (o.library) rows.push_back(library);
    for (size_t i = first; i < rows.size(); ++i) {
      BenchRow& r = rows[i];
      if (!built(r) || r.ms <= 0) continue;
      r.pct_copy = same_gbps > 0 ? 100.0 * r.gbps / same_gbps : 0;
      r.extra["pct_peak"] = peak_gbps > 0 ? 100.0 * r.gbps / peak_gbps : 0;
      if (o.library && built(library) && library.ms > 0) r.ratio_to_library = library.ms / r.ms;
    }
  }
  WS_REQUIRE(!rows.empty(), std::string("bench: no size could be run on this backend"));
  return rows;
}

std::string scan_bench_table(const std::vector<BenchRow>& rows) {
  std::ostringstream out;
  char line[320];
  std::snprintf(line, sizeof(line), "%-26s %8s %11s %9s %7s %7s %7s %4s\n", "variant", "N",
                "median ms", "GB/s", "% copy", "% peak", "x lib", "ok");
  out << line;
  int64_t previous_n = -1;
  for (const BenchRow& r : rows) {
    if (previous_n != -1 && r.n != previous_n) out << "\n";
    previous_n = r.n;
    if (!built(r)) {
      std::snprintf(line, sizeof(line), "%-26s %8s %11s\n", r.name.c_str(),
                    format_size(r.n).c_str(), "not built yet");
    } else {
      std::snprintf(line, sizeof(line), "%-26s %8s %11.4f %9.1f %7.1f %7.1f %7.2f %4s\n",
                    r.name.c_str(), format_size(r.n).c_str(), r.ms, r.gbps, r.pct_copy,
                    r.extra.value("pct_peak", 0.0), r.ratio_to_library, r.verified ? "yes" : "NO");
    }
    out << line;
  }
  return out.str();
}

nlohmann::json scan_bench_json(const std::vector<BenchRow>& rows, const std::string& device,
                               double copy_gbps) {
  nlohmann::json j;
  j["gbps_counts"] = kScanGbpsCounts;
  j["device"] = device;
  j["copy_gbps"] = copy_gbps;
  j["rows"] = nlohmann::json::array();
  for (const BenchRow& r : rows) {
    j["rows"].push_back({{"name", r.name},
                         {"variant", r.extra.value("variant", 0)},
                         {"n", r.n},
                         {"median_ms", r.ms},
                         {"gbps", r.gbps},
                         {"pct_copy", r.pct_copy},
                         {"pct_peak", r.extra.value("pct_peak", 0.0)},
                         {"ratio_to_library", r.ratio_to_library},
                         {"built", built(r)},
                         {"verified", r.verified},
                         {"note", r.note}});
  }
  return j;
}

BenchJob scan_bench_job(const BenchRequest& request, const ScanBenchChoice& choice) {
  ScanBenchOptions options;
  options.op = choice.op;
  options.type = request.type.empty() ? choice.type : parse_type_option(request.type, "--type");
  options.inclusive = choice.inclusive;
  options.distribution = choice.distribution;
  options.seed = choice.seed;
  options.repeats = request.repeats;
  options.variants = variants_from_list<scan::Variant>(
      request.variants,
      [](const std::string& item, scan::Variant& v) { return scan::parse_variant(item, v); },
      "a scan variant (1-10 or a name)");
  const Backend backend = request.backend;
  std::vector<int64_t> sizes = sizes_from_log2(request.sizes, "--sizes");
  if (sizes.empty()) sizes = default_scan_sizes(backend);
  return [=](std::ostream& progress) {
    double copy_gbps = 0;
    const std::vector<BenchRow> rows = bench_scan(backend, sizes, options, progress, &copy_gbps);
    const std::string device = device_description(backend);
    BenchReport report;
    std::ostringstream gbps;
    gbps << copy_gbps;
    report.title_words = {{options.inclusive ? TR_NOOP("scan inclusive {0} {1} on {2}")
                                             : TR_NOOP("scan exclusive {0} {1} on {2}"),
                           {op_name(options.op), type_name(options.type), device}}};
    report.notes_words = {{TR_NOOP("peak copy bandwidth {0} GB/s (read + write), median of {1}"),
                           {gbps.str(), std::to_string(options.repeats)}},
                          {kScanGbpsCounts, {}}};
    set_english(report);
    report.table = scan_bench_table(rows);
    report.library = scan::library_name(backend);
    report.copy_gbps = copy_gbps;
    for (const BenchRow& r : rows) {
      BenchRow shown = r;
      if (!built(r)) shown.name += " (not built yet)";
      shown.per_second = r.ms > 0 ? r.n / (r.ms / 1e3) : 0;
      report.rows.push_back(shown);
      if (built(r) && !r.verified)
        report.failures.push_back(r.name + " at n = " + std::to_string(r.n) +
                                  " is wrong: " + r.note);
    }
    if (rows.empty()) report.failures.push_back("no size could be run");
    report.json = scan_bench_json(rows, device, copy_gbps);
    report.json["op"] = op_name(options.op);
    report.json["type"] = type_name(options.type);
    report.json["inclusive"] = options.inclusive;
    return report;
  };
}

}  // namespace ws::bench
