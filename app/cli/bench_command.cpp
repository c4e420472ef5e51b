// `warpscope bench`: every reduction variant and the backend's library on the same data, at each
// size, verified, timed (median), and put next to the measured copy bandwidth. Prints a table and
// writes JSON. A benchmark, never a test: it does not fail on speed.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <vector>

#include "commands.h"
#include "common/error.h"
#include "common/inputs.h"
#include "reduce/reduce_run.h"
#if defined(WARPSCOPE_HAVE_CUDA)
#include "common/cuda_device.h"
#endif

namespace ws::app {

namespace {

struct Row {
  std::string name;
  int64_t n = 0;
  double ms = 0, gbps = 0, pct_copy = 0, ratio_to_library = 0, result = 0, reference = 0;
  bool verified = false;
};

// Reference in double (floats) or wrapping int32 (ints), and the float tolerance: every order of
// n additions of values in [0, 1) is within n * eps32 * sum of the exact sum (a loose but safe
// bound; observed errors are far smaller).
double reference_of(BinaryOp op, ValueType type, const std::vector<char>& data, int64_t n,
                    double& tolerance) {
  tolerance = 0;
  if (type == ValueType::Int32) {
    const auto* v = reinterpret_cast<const int32_t*>(data.data());
    int32_t acc = identity_of<int32_t>(op);
    for (int64_t i = 0; i < n; ++i) acc = apply_op<int32_t>(op, acc, v[i]);
    return acc;
  }
  const auto* v = reinterpret_cast<const float*>(data.data());
  if (op != BinaryOp::Sum) {
    float acc = identity_of<float>(op);
    for (int64_t i = 0; i < n; ++i) acc = apply_op<float>(op, acc, v[i]);
    return acc;  // min/max are exact in any order
  }
  double sum = 0, magnitude = 0;
  for (int64_t i = 0; i < n; ++i) {
    sum += v[i];
    magnitude += std::fabs(v[i]);
  }
  tolerance = magnitude * 1.2e-7 * std::max(1.0, std::log2(static_cast<double>(n))) + 1e-30;
  return sum;
}

std::string device_description(Backend backend) {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (backend == Backend::Cuda) return cuda_device_description();
#endif
  (void)backend;
  return "CPU reference backend (host)";
}

}  // namespace

int bench_command(const std::string& scene, const std::vector<int>& log2_sizes,
                  const std::string& type_text, const std::string& backend_text, int repeats,
                  const std::string& json_path) {
  WS_REQUIRE(scene == "reduce", "bench: scene '" + scene + "' has no benchmark yet (reduce has)");
  const auto type = parse_type(type_text);
  WS_REQUIRE(type.has_value(), "--type must be int32 or float32, got '" + type_text + "'");
  const Backend backend = choose_backend(backend_text, false);
  const BinaryOp op = BinaryOp::Sum;
  const std::string device = device_description(backend);
  std::cerr << "warpscope bench: " << device << "\n";
  const double copy_gbps = reduce::copy_bandwidth_gbps(backend);

  struct Config {
    reduce::Variant variant;
    reduce::Finish finish;
  };
  std::vector<Config> configs;
  for (const auto& info : reduce::variant_infos())
    configs.push_back({info.variant, reduce::Finish::TwoPass});
  configs.push_back({reduce::Variant::Coarsened, reduce::Finish::Atomic});
  configs.push_back({reduce::Variant::Coarsened, reduce::Finish::LastBlock});

  std::vector<Row> rows;
  for (int log2_n : log2_sizes) {
    const int64_t n = int64_t{1} << log2_n;
    if (backend == Backend::Cpu && n > reduce::kCpuFastMaxN) {
      std::cerr << "  skipping 2^" << log2_n << ": the CPU backend runs up to 2^26\n";
      continue;
    }
    std::vector<char> data(static_cast<size_t>(n) * 4);
    generate_typed(Distribution::Uniform, *type, n, 42, data.data());
    double tolerance = 0;
    const double reference = reference_of(op, *type, data, n, tolerance);
    const reduce::FastRun library =
        reduce::fast_library(backend, op, *type, data.data(), n, repeats);
    auto add_row = [&](const std::string& name, const reduce::FastRun& r) {
      Row row;
      row.name = name;
      row.n = n;
      row.ms = r.median_ms;
      row.gbps = r.gbps;
      row.pct_copy = 100 * r.gbps / copy_gbps;
      row.ratio_to_library = library.median_ms / r.median_ms;
      row.result = r.result;
      row.reference = reference;
      row.verified = std::fabs(r.result - reference) <= tolerance;
      rows.push_back(row);
      std::cerr << "  2^" << log2_n << " " << name << ": " << r.median_ms << " ms\n";
    };
    for (const Config& c : configs) {
      reduce::Params p;
      p.variant = c.variant;
      p.finish = c.finish;
      p.op = op;
      p.type = *type;
      p.block_dim = 256;
      const std::string name =
          std::string(reduce::info(c.variant).id) +
          (c.finish == reduce::Finish::TwoPass ? ""
                                               : std::string("/") + reduce::finish_name(c.finish));
      add_row(name, reduce::fast(backend, p, data.data(), n, repeats));
    }
    add_row(reduce::library_name(backend), library);
  }

  std::printf("\nreduce %s %s, %s\ncopy bandwidth %.0f GB/s (read + write), median of %d\n",
              op_name(op), type_name(*type), device.c_str(), copy_gbps, repeats);
  std::printf("%-30s %6s %10s %9s %7s %8s %4s\n", "variant", "log2N", "ms", "GB/s", "%copy",
              "x lib", "ok");
  for (const Row& r : rows)
    std::printf("%-30s %6.0f %10.4f %9.1f %6.1f%% %8.3f %4s\n", r.name.c_str(),
                std::log2(static_cast<double>(r.n)), r.ms, r.gbps, r.pct_copy, r.ratio_to_library,
                r.verified ? "yes" : "NO");
  if (!json_path.empty()) {
    nlohmann::json j = {{"scene", scene},           {"op", op_name(op)},
                        {"type", type_name(*type)}, {"backend", backend_name(backend)},
                        {"device", device},         {"copy_gbps", copy_gbps},
                        {"repeats", repeats},       {"rows", nlohmann::json::array()}};
    for (const Row& r : rows)
      j["rows"].push_back({{"variant", r.name},
                           {"n", r.n},
                           {"median_ms", r.ms},
                           {"gbps", r.gbps},
                           {"pct_copy", r.pct_copy},
                           {"ratio_to_library", r.ratio_to_library},
                           {"result", r.result},
                           {"reference", r.reference},
                           {"verified", r.verified}});
    write_file_atomically(json_path, j.dump(2) + "\n");
    std::cerr << "warpscope: wrote " << json_path << "\n";
  }
  for (const Row& r : rows)
    if (!r.verified) {
      std::fprintf(stderr, "warpscope bench: %s at n=%lld gave %.9g, expected %.9g\n",
                   r.name.c_str(), static_cast<long long>(r.n), r.result, r.reference);
      return 3;
    }
  return 0;
}

}  // namespace ws::app
