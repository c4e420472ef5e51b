#include "reduce_bench.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "common/error.h"
#include "reduce/reduce.h"
#include "common/inputs.h"
#include "reduce/reduce_run.h"
#include "common/device_services.h"
#include "common/tr_noop.h"

namespace ws::bench {

namespace {

template <class T>
Reference typed_reference(BinaryOp op, const T* x, int64_t n) {
  Reference r;
  if constexpr (std::is_same_v<T, int32_t>) {
    int32_t acc = identity_of<int32_t>(op);  // exact: the wraparound of the kernels
    for (int64_t i = 0; i < n; ++i) acc = apply_op<int32_t>(op, acc, x[i]);
    r.value = acc;
  } else if (op == BinaryOp::Min || op == BinaryOp::Max) {
    float acc = identity_of<float>(op);  // exact in any order
    for (int64_t i = 0; i < n; ++i) acc = apply_op<float>(op, acc, x[i]);
    r.value = acc;
  } else if (op == BinaryOp::Sum) {
    // Kahan-compensated double sum. A float sum in any order (tree, serial runs of up to a few
    // thousand per thread, atomics) stays within about sqrt(terms) * 2^-24 * sum|x| in practice
    // and log2(n) * 2^-24 * sum|x| for a tree; we allow 1e-6 * sum|x| * max(1, log2 n), which is
    // ~17x the tree bound and leaves room for the serial parts.
    double sum = 0, compensation = 0, magnitude = 0;
    for (int64_t i = 0; i < n; ++i) {
      const double y = double(x[i]) - compensation;
      const double t = sum + y;
      compensation = (t - sum) - y;
      sum = t;
      magnitude += std::fabs(double(x[i]));
    }
    r.value = sum;
    r.tolerance = 1e-6 * magnitude * std::max(1.0, std::log2(double(n)));
  } else {
    // Product: each float multiplication adds at most 2^-24 relative error, so n of them stay
    // within n * 2^-23 of the exact product; the absolute 1e-30 covers gradual underflow.
    double product = 1;
    for (int64_t i = 0; i < n; ++i) product *= double(x[i]);
    r.value = product;
    r.tolerance = std::fabs(product) * double(n) * 0x1.0p-23 + 1e-30;
  }
  return r;
}

struct Config {
  std::string name;
  reduce::Params params;
};

std::vector<Config> bench_configs(ValueType type, BinaryOp op) {
  std::vector<Config> configs;
  auto add = [&](reduce::Variant v, reduce::Finish f) {
    Config c;
    c.name = std::to_string(static_cast<int>(v)) + " " + reduce::info(v).id;
    if (f != reduce::Finish::TwoPass) c.name += std::string(" + ") + reduce::finish_name(f);
    c.params.variant = v;
    c.params.finish = f;
    c.params.op = op;
    c.params.type = type;
    configs.push_back(c);
  };
  for (const reduce::VariantInfo& v : reduce::variant_infos())
    add(v.variant, reduce::Finish::TwoPass);
  add(reduce::Variant::Coarsened, reduce::Finish::Atomic);
  add(reduce::Variant::Coarsened, reduce::Finish::LastBlock);
  return configs;
}

BenchRow make_row(const std::string& name, const reduce::FastRun& r, const Reference& ref,
                  double copy_gbps, double cub_ms) {
  BenchRow row;
  row.name = name;
  row.n = r.n;
  row.ms = r.median_ms;
  row.gbps = r.gbps;
  row.pct_copy = copy_gbps > 0 ? 100.0 * r.gbps / copy_gbps : 0;
  row.ratio_to_library = r.median_ms > 0 ? cub_ms / r.median_ms : 0;
  row.size = bench_size_text(r.n);
  row.verified = matches(r.result, ref);
  row.extra = {{"result", r.result}, {"reference", ref.value}};
  if (!row.verified)
    row.note = "returned " + std::to_string(r.result) + ", expected " + std::to_string(ref.value);
  return row;
}

void report(std::ostream& progress, const std::string& header, const BenchRow& row) {
  char line[256];
  std::snprintf(line, sizeof(line), "%s %-28s %9.4f ms %8.1f GB/s  %s", header.c_str(),
                row.name.c_str(), row.ms, row.gbps, row.verified ? "ok" : "WRONG RESULT");
  progress << line << std::endl;
}

}  // namespace

void generate_bench_data(ValueType type, int64_t n, uint64_t seed, void* out) {
  generate_typed(Distribution::Uniform, type, n, seed, out);
}

Reference reduce_reference(BinaryOp op, ValueType type, const void* data, int64_t n) {
  return type == ValueType::Int32 ? typed_reference(op, static_cast<const int32_t*>(data), n)
                                  : typed_reference(op, static_cast<const float*>(data), n);
}

bool matches_serial(BinaryOp op, ValueType type, const std::vector<double>& input, double result,
                    double reference) {
  if (type == ValueType::Int32) return result == reference;
  const std::vector<float> values(input.begin(), input.end());
  const Reference exact = reduce_reference(op, type, values.data(), int64_t(values.size()));
  if (exact.tolerance == 0) return result == reference;
  return std::fabs(result - reference) <= 2 * exact.tolerance;  // false for NaN
}

bool matches(double result, const Reference& reference) {
  if (reference.tolerance == 0) return result == reference.value;
  return std::fabs(result - reference.value) <= reference.tolerance;  // false for NaN
}

std::vector<BenchRow> bench_reduce(Backend backend, const std::vector<int64_t>& sizes,
                                   ValueType type, BinaryOp op, int repeats, std::ostream& progress,
                                   double* copy_gbps_out, const BenchInput& input) {
  const double copy_gbps = copy_bandwidth_gbps(backend);
  if (copy_gbps_out != nullptr) *copy_gbps_out = copy_gbps;
  progress << (backend == Backend::Cuda ? "device-to-device copy: " : "host memcpy: ") << copy_gbps
           << " GB/s (read + write)" << std::endl;
  std::vector<BenchRow> rows;
  for (int64_t n : sizes) {
    WS_REQUIRE(n >= 1, "bench sizes must be positive, got " + std::to_string(n));
    if (backend == Backend::Cpu && n > reduce::kCpuFastMaxN) {
      progress << "skipping " << format_size(n) << ": the CPU backend runs up to "
               << format_size(reduce::kCpuFastMaxN) << "" << std::endl;
      continue;
    }
    std::vector<int32_t> ints(type == ValueType::Int32 ? size_t(n) : 0);
    std::vector<float> floats(type == ValueType::Float32 ? size_t(n) : 0);
    void* data = type == ValueType::Int32 ? static_cast<void*>(ints.data())
                                          : static_cast<void*>(floats.data());
    generate_typed(input.distribution, type, n, input.seed, data);
    const Reference ref = reduce_reference(op, type, data, n);
    const std::string header =
        "[" + format_size(n) + " " + type_name(type) + " " + op_name(op) + "]";

    const reduce::FastRun cub = reduce::fast_library(backend, op, type, data, n, repeats);
    const BenchRow cub_row =
        make_row(reduce::library_name(backend), cub, ref, copy_gbps, cub.median_ms);
    report(progress, header, cub_row);
    for (const Config& c : bench_configs(type, op)) {
      rows.push_back(make_row(c.name, reduce::fast(backend, c.params, data, n, repeats), ref,
                              copy_gbps, cub.median_ms));
      report(progress, header, rows.back());
    }
    rows.push_back(cub_row);
  }
  WS_REQUIRE(!rows.empty(), std::string("bench: no size could be run on this backend"));
  return rows;
}

std::string bench_table(const std::vector<BenchRow>& rows) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof(line), "%-28s %8s %11s %9s %7s %7s %4s\n", "variant", "N", "median ms",
                "GB/s", "% copy", "x lib", "ok");
  out << line;
  int64_t previous_n = -1;
  for (const BenchRow& r : rows) {
    if (previous_n != -1 && r.n != previous_n) out << "\n";
    previous_n = r.n;
    std::snprintf(line, sizeof(line), "%-28s %8s %11.4f %9.1f %7.1f %7.2f %4s\n", r.name.c_str(),
                  format_size(r.n).c_str(), r.ms, r.gbps, r.pct_copy, r.ratio_to_library,
                  r.verified ? "yes" : "NO");
    out << line;
  }
  return out.str();
}

nlohmann::json bench_json(const std::vector<BenchRow>& rows, const std::string& device,
                          double copy_gbps) {
  nlohmann::json j;
  j["device"] = device;
  j["copy_gbps"] = copy_gbps;
  j["rows"] = nlohmann::json::array();
  for (const BenchRow& r : rows) {
    j["rows"].push_back({{"name", r.name},
                         {"n", r.n},
                         {"median_ms", r.ms},
                         {"gbps", r.gbps},
                         {"pct_copy", r.pct_copy},
                         {"ratio_to_library", r.ratio_to_library},
                         {"verified", r.verified},
                         {"result", r.extra.value("result", 0.0)},
                         {"reference", r.extra.value("reference", 0.0)}});
  }
  return j;
}

int64_t parse_size(const std::string& text) {
  const std::string what = "'" + text + "' is not a size (use digits or 2^k)";
  const size_t caret = text.find('^');
  try {
    if (caret != std::string::npos) {
      WS_REQUIRE(text.substr(0, caret) == "2", what);
      size_t used = 0;
      const int k = std::stoi(text.substr(caret + 1), &used);
      WS_REQUIRE(used == text.size() - caret - 1 && k >= 0 && k <= 40, what);
      return int64_t{1} << k;
    }
    size_t used = 0;
    const long long n = std::stoll(text, &used);
    WS_REQUIRE(used == text.size() && n >= 1, what);
    return n;
  } catch (const std::logic_error&) {  // std::stoi / stoll: no digits or out of range
    throw Error(what);
  }
}

std::string format_size(int64_t n) {
  if (n > 0 && (n & (n - 1)) == 0) {
    int k = 0;
    while ((int64_t{1} << k) < n) ++k;
    return "2^" + std::to_string(k);
  }
  return std::to_string(n);
}

namespace {

BenchReport make_report(const std::vector<BenchRow>& rows, Backend backend,
                        const ReduceBenchChoice& choice, int repeats, double copy_gbps) {
  const std::string device = device_description(backend);
  BenchReport report;
  std::ostringstream gbps;
  gbps << copy_gbps;
  report.title_words = {
      {TR_NOOP("reduce {0} {1} on {2}"), {op_name(choice.op), type_name(choice.type), device}}};
  report.notes_words = {{TR_NOOP("copy bandwidth {0} GB/s (read + write), median of {1}"),
                         {gbps.str(), std::to_string(repeats)}}};
  set_english(report);
  report.table = bench_table(rows);
  report.library = reduce::library_name(backend);
  report.copy_gbps = copy_gbps;
  report.rows = rows;
  for (const BenchRow& r : rows)
    if (!r.verified)
      report.failures.push_back(r.name + " at n = " + std::to_string(r.n) + " " + r.note);
  report.json = bench_json(rows, device, copy_gbps);
  report.json["op"] = op_name(choice.op);
  report.json["type"] = type_name(choice.type);
  report.json["gbps_counts"] = "GB/s of input read";
  return report;
}

}  // namespace

BenchJob reduce_bench_job(const BenchRequest& request, const ReduceBenchChoice& choice) {
  WS_REQUIRE(
      request.mode.empty(),
      "bench: --mode must be left out: the reduction has no modes, got '" + request.mode + "'");
  WS_REQUIRE(request.variants.empty(),
             std::string("bench: --variant must be left out: the reduction times every variant "
                         "and its finishes"));
  ReduceBenchChoice c = choice;
  if (!request.type.empty()) c.type = parse_type_option(request.type, "--type");
  const std::vector<int64_t> sizes =
      request.sizes.empty()
          ? std::vector<int64_t>{int64_t{1} << 20, int64_t{1} << 24, int64_t{1} << 28}
          : sizes_from_log2(request.sizes, "--sizes");
  const Backend backend = request.backend;
  const int repeats = request.repeats;
  return [=](std::ostream& progress) {
    double copy_gbps = 0;
    const auto rows =
        bench_reduce(backend, sizes, c.type, c.op, repeats, progress, &copy_gbps, c.input);
    return make_report(rows, backend, c, repeats, copy_gbps);
  };
}

}  // namespace ws::bench
