// warpscope_bench_reduce: the reduction benchmark on the CUDA device, without the app.
//   warpscope_bench_reduce --sizes 2^20,2^24,2^28 --type float32 --op sum --json bench.json
// Progress goes to stderr; the table comes last on stdout. Exit status 1 when a result is wrong.
#include <CLI/CLI.hpp>

#include <fstream>
#include <iostream>
#include <sstream>

#include "common/cuda_device.h"
#include "reduce_bench.h"

int main(int argc, char** argv) {
  CLI::App app{"warpscope reduction benchmark: every variant, CUB and the copy bandwidth"};
  std::string sizes_text = "2^20,2^24,2^28";
  std::string type_text = "float32";
  std::string op_text = "sum";
  std::string json_path;
  int repeats = 20;
  app.add_option("--sizes", sizes_text, "comma-separated sizes: digits or 2^k");
  app.add_option("--type", type_text, "int32 or float32");
  app.add_option("--op", op_text, "sum, product, min or max");
  app.add_option("--repeats", repeats, "timed runs per measurement (the median is reported)");
  app.add_option("--json", json_path, "also write the rows as JSON to this file");
  CLI11_PARSE(app, argc, argv);

  try {
    const auto type = ws::parse_type(type_text);
    const auto op = ws::parse_op(op_text);
    if (!type || !op) {
      std::cerr << "warpscope_bench_reduce: unknown type '" << type_text << "' or op '" << op_text
                << "'\n";
      return 2;
    }
    std::vector<int64_t> sizes;
    std::stringstream list(sizes_text);
    for (std::string item; std::getline(list, item, ',');)
      sizes.push_back(ws::bench::parse_size(item));
    if (!ws::cuda_device_available()) {
      std::cerr << "warpscope_bench_reduce: " << ws::cuda_device_description() << "\n";
      return 2;
    }
    const std::string device = ws::cuda_device_description();
    std::cerr << "device: " << device << std::endl;

    double copy_gbps = 0;
    const std::vector<ws::bench::BenchRow> rows =
        ws::bench::bench_reduce_cuda(sizes, *type, *op, repeats, std::cerr, &copy_gbps);
    if (!json_path.empty()) {
      std::ofstream out(json_path);
      out << ws::bench::bench_json(rows, device, copy_gbps).dump(2) << "\n";
      if (!out) {
        std::cerr << "warpscope_bench_reduce: could not write " << json_path << "\n";
        return 1;
      }
    }
    bool all_verified = true;
    for (const auto& r : rows) all_verified = all_verified && r.verified;
    std::cout << "device: " << device << "\n"
              << "copy bandwidth: " << copy_gbps << " GB/s (device to device, read + write)\n"
              << ws::bench::bench_table(rows);
    return all_verified ? 0 : 1;
  } catch (const std::exception& e) {
    std::cerr << "warpscope_bench_reduce: " << e.what() << "\n";
    return 1;
  }
}
