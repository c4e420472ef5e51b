// `warpscope bench`: the benchmarks of bench/ (reduce, scan and its applications, heat) on the
// chosen backend, as a table and
// JSON. A benchmark, never a test: it fails only when a result is wrong, never on speed.
#include <iostream>
#include <sstream>

#include "commands.h"
#include "radix_bench.h"
#include "common/error.h"
#include "reduce_bench.h"
#include "scan_bench.h"
#include "stencil_bench.h"
#if defined(WARPSCOPE_HAVE_CUDA)
#include "common/cuda_device.h"
#endif

namespace ws::app {

namespace {

std::string device_description(Backend backend) {
#if defined(WARPSCOPE_HAVE_CUDA)
  if (backend == Backend::Cuda) return cuda_device_description();
#endif
  (void)backend;
  return "CPU backend (host)";
}

// `warpscope bench --scene scan`: every scan variant and the library (CUB DeviceScan on CUDA),
// inclusive sum, at each size that fits.
int scan_bench_command(const std::vector<int>& log2_sizes, ValueType type, Backend backend,
                       int repeats, const std::string& json_path, const std::string& variants) {
  const std::string device = device_description(backend);
  std::cerr << "warpscope bench: " << device << "\n";
  std::vector<int64_t> sizes;
  for (int k : log2_sizes) sizes.push_back(int64_t{1} << k);
  if (sizes.empty()) sizes = bench::default_scan_sizes(backend);
  bench::ScanBenchOptions options;
  options.type = type;
  options.repeats = repeats;
  std::stringstream list(variants);
  for (std::string item; std::getline(list, item, ',');) {
    scan::Variant v;
    WS_REQUIRE(scan::parse_variant(item, v),
               "--variant: '" + item + "' is not a scan variant (1-10 or a name, see `list`)");
    options.variants.push_back(v);
  }
  double copy_gbps = 0;
  const auto rows = bench::bench_scan(backend, sizes, options, std::cerr, &copy_gbps);
  std::cout << "scan inclusive sum " << type_name(type) << " on " << device << "\n"
            << "peak copy bandwidth " << copy_gbps << " GB/s (read + write), median of " << repeats
            << "; GB/s counts 8 bytes per element\n"
            << bench::scan_bench_table(rows);
  if (!json_path.empty()) {
    nlohmann::json j = bench::scan_bench_json(rows, device, copy_gbps);
    j["backend"] = backend_name(backend);
    j["op"] = op_name(options.op);
    j["type"] = type_name(type);
    j["inclusive"] = options.inclusive;
    j["repeats"] = repeats;
    write_file_atomically(json_path, j.dump(2) + "\n");
    std::cerr << "warpscope: wrote " << json_path << "\n";
  }
  for (const auto& r : rows)
    WS_REQUIRE(!r.built || r.verified,
               "bench: " + r.name + " at n = " + std::to_string(r.n) + " is wrong: " + r.note);
  return 0;
}

// `warpscope bench --scene scan --mode radix|compact|apps`: our radix sorts and stream
// compaction against the library's (CUB on CUDA, the standard library on the CPU), each row
// verified against the library's output. No sizes: the backend's defaults.
int scan_apps_bench_command(const std::string& mode, const std::vector<int>& log2_sizes,
                            Backend backend, int repeats, const std::string& json_path) {
  const std::string device = device_description(backend);
  std::cerr << "warpscope bench: " << device << "\n";
  std::vector<int64_t> sizes;
  for (int k : log2_sizes) sizes.push_back(int64_t{1} << k);
  if (sizes.empty()) sizes = bench::default_radix_sizes(backend);
  bench::RadixBenchOptions options;
  options.repeats = repeats;
  options.sort = mode != "compact";
  options.compact = mode != "radix";
  const auto rows = bench::bench_radix(backend, sizes, options, std::cerr);
  std::cout << "scan applications (" << mode << ") on " << device << ", median of " << repeats
            << "\nsorts: 32-bit random keys, GB/s counts 8 bytes per key; compaction: int32 in "
               "[-1000, 1000] keeping x > 0, GB/s counts 4 bytes read per element + 4 written "
               "per kept one\n"
            << bench::radix_bench_table(rows);
  if (!json_path.empty()) {
    nlohmann::json j = bench::radix_bench_json(rows, device);
    j["backend"] = backend_name(backend);
    j["mode"] = mode;
    j["repeats"] = repeats;
    write_file_atomically(json_path, j.dump(2) + "\n");
    std::cerr << "warpscope: wrote " << json_path << "\n";
  }
  WS_REQUIRE(!rows.empty(), std::string("bench: no size could be run"));
  for (const auto& r : rows)
    WS_REQUIRE(r.verified, "bench: " + r.name + " at n = " + std::to_string(r.n) +
                               " differs from the library: " + r.note);
  return 0;
}

}  // namespace

int bench_command(const std::string& scene, const std::string& mode,
                  const std::vector<int>& log2_sizes_given, const std::string& type_text,
                  const std::string& backend_text, int repeats, const std::string& json_path,
                  const std::string& variants) {
  WS_REQUIRE(variants.empty() || (scene == "scan" && mode == "scan"),
             std::string("bench: --variant chooses scan variants (or the --live stencil variant)"));
  WS_REQUIRE(scene == "reduce" || scene == "scan",
             "bench: scene '" + scene + "' has no benchmark (reduce, scan and heat have)");
  WS_REQUIRE(
      mode == "scan" ||
          (scene == "scan" && (mode == "radix" || mode == "compact" || mode == "apps")),
      "bench: --mode must be scan, radix, compact or apps (for --scene scan), got '" + mode + "'");
  const auto type = parse_type(type_text);
  WS_REQUIRE(type.has_value(), "--type must be int32 or float32, got '" + type_text + "'");
  const Backend backend = choose_backend(backend_text, false);
  if (mode != "scan")
    return scan_apps_bench_command(mode, log2_sizes_given, backend, repeats, json_path);
  if (scene == "scan")
    return scan_bench_command(log2_sizes_given, *type, backend, repeats, json_path, variants);
  std::vector<int> log2_sizes = log2_sizes_given;
  if (log2_sizes.empty()) log2_sizes = {20, 24, 28};
  const std::string device = device_description(backend);
  std::cerr << "warpscope bench: " << device << "\n";
  std::vector<int64_t> sizes;
  for (int k : log2_sizes) sizes.push_back(int64_t{1} << k);
  double copy_gbps = 0;
  const auto rows =
      bench::bench_reduce(backend, sizes, *type, BinaryOp::Sum, repeats, std::cerr, &copy_gbps);
  std::cout << "reduce sum " << type_name(*type) << " on " << device << "\n"
            << "copy bandwidth " << copy_gbps << " GB/s (read + write), median of " << repeats
            << "\n"
            << bench::bench_table(rows);
  if (!json_path.empty()) {
    nlohmann::json j = bench::bench_json(rows, device, copy_gbps);
    j["backend"] = backend_name(backend);
    j["op"] = op_name(BinaryOp::Sum);
    j["type"] = type_name(*type);
    j["repeats"] = repeats;
    write_file_atomically(json_path, j.dump(2) + "\n");
    std::cerr << "warpscope: wrote " << json_path << "\n";
  }
  for (const auto& r : rows)
    WS_REQUIRE(r.verified, "bench: " + r.name + " at n = " + std::to_string(r.n) + " returned " +
                               std::to_string(r.result) + ", expected " +
                               std::to_string(r.reference));
  return 0;
}

int heat_bench_command(const std::vector<std::string>& grid_texts, const std::string& backend_text,
                       int repeats, const std::string& json_path) {
  const Backend backend = choose_backend(backend_text, false);
  std::vector<bench::HeatGrid> grids;
  for (const std::string& text : grid_texts) grids.push_back(bench::parse_heat_grid(text));
  if (grids.empty()) grids = bench::default_heat_grids(backend);
  const std::string device = device_description(backend);
  std::cerr << "warpscope bench: " << device << "\n";
  double copy_gbps = 0;
  const auto rows = bench::bench_heat(backend, grids, repeats, std::cerr, &copy_gbps);
  std::cout << "heat stencil (float32, insulated) on " << device << "\n"
            << "copy bandwidth " << copy_gbps << " GB/s (read + write), median of " << repeats
            << "; GB/s counts " << bench::kBytesPerCell
            << " bytes per cell per time step (one read + one write, the minimum)\n"
            << bench::heat_bench_table(rows);
  if (!json_path.empty()) {
    nlohmann::json j = bench::heat_bench_json(rows, device, copy_gbps);
    j["backend"] = backend_name(backend);
    j["repeats"] = repeats;
    write_file_atomically(json_path, j.dump(2) + "\n");
    std::cerr << "warpscope: wrote " << json_path << "\n";
  }
  for (const auto& r : rows)
    WS_REQUIRE(r.verified, "bench: " + r.name + " at " + r.grid.text() +
                               " differs from the basic variant: " + r.difference);
  return 0;
}

}  // namespace ws::app
