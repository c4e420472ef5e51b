// The segmented scan at full size (`warpscope bench --scene scan --mode segmented`, the fast-mode
// panel): random values with a segment head every 1 to 64 elements, each result checked against
// the serial per-segment loop of the CPU backend. There is no library baseline to compare with.
#include "segmented_bench.h"

#include <cstdio>
#include <sstream>

#include "common/error.h"
#include "common/inputs.h"
#include "common/split_mix.h"
#include "common/tr_noop.h"

namespace ws::bench {

namespace {

constexpr const char* kGbpsCounts =
    TR_NOOP("GB/s counts 9 bytes per element (4 read, a 1-byte head flag, 4 written)");

}  // namespace

BenchJob segmented_bench_job(const BenchRequest& request, const segscan::Params& scan) {
  WS_REQUIRE(request.variants.empty(),
             std::string("--variant chooses scan variants (--mode scan), not segmented scans"));
  segscan::Params params = scan;
  if (!request.type.empty()) params.type = parse_type_option(request.type, "--type");
  const Backend backend = request.backend;
  std::vector<int64_t> sizes = sizes_from_log2(request.sizes, "--sizes");
  if (sizes.empty())
    sizes = backend == Backend::Cuda ? std::vector<int64_t>{1 << 20, 1 << 24}
                                     : std::vector<int64_t>{1 << 16, 1 << 20};
  const int repeats = request.repeats;
  return [=](std::ostream& progress) {
    const std::string device = device_description(backend);
    BenchReport report;
    report.title_words = {
        {params.inclusive ? TR_NOOP("segmented inclusive {0} {1} on {2}, median of {3}")
                          : TR_NOOP("segmented exclusive {0} {1} on {2}, median of {3}"),
         {op_name(params.op), type_name(params.type), device, std::to_string(repeats)}}};
    report.notes_words = {{kGbpsCounts, {}},
                          {TR_NOOP("checked against the serial per-segment loop"), {}}};
    set_english(report);
    nlohmann::json rows = nlohmann::json::array();
    std::ostringstream table;
    char line[160];
    std::snprintf(line, sizeof line, "%-34s %8s %11s %10s %8s %4s\n", "implementation", "N",
                  "median ms", "M elem/s", "GB/s", "ok");
    table << line;
    for (const int64_t n : sizes) {
      BenchRow row;
      row.name =
          backend == Backend::Cuda ? "segmented scan (CUDA)" : "segmented scan (serial CPU loop)";
      row.size = bench_size_text(n);
      row.n = n;
      try {
        std::vector<uint32_t> values(static_cast<size_t>(n));  // 4 bytes per int32 or float
        generate_typed(Distribution::Uniform, params.type, n, 1, values.data());
        std::vector<uint8_t> heads(static_cast<size_t>(n), 0);
        SplitMix64 rng{7};
        for (int64_t i = 0; i < n; i += 1 + static_cast<int64_t>(rng.next() % 64)) heads[i] = 1;
        std::vector<uint32_t> result(values.size()), reference(values.size());
        const scan::FastRun run =
            segscan::fast(backend, params, values.data(), heads.data(), result.data(), n, repeats);
        segscan::fast(Backend::Cpu, params, values.data(), heads.data(), reference.data(), n, 1);
        row.ms = run.median_ms;
        row.per_second = run.median_ms > 0 ? n / (run.median_ms / 1e3) : 0;
        row.gbps = run.median_ms > 0 ? 9.0 * n / (run.median_ms * 1e6) : 0;
        row.verified = result == reference;
        if (!row.verified) row.note = "differs from the per-segment loop";
      } catch (const std::exception& e) {
        row.note = e.what();
      }
      progress << row.name << " at " << row.size << ": " << row.ms << " ms"
               << (row.verified ? "" : " " + row.note) << "\n"
               << std::flush;
      std::snprintf(line, sizeof line, "%-34s %8s %11.4f %10.1f %8.1f %4s\n", row.name.c_str(),
                    row.size.c_str(), row.ms, row.per_second * 1e-6, row.gbps,
                    row.verified ? "yes" : "NO");
      table << line;
      rows.push_back({{"name", row.name},
                      {"n", n},
                      {"median_ms", row.ms},
                      {"elements_per_s", row.per_second},
                      {"gbps", row.gbps},
                      {"verified", row.verified},
                      {"note", row.note}});
      if (!row.verified)
        report.failures.push_back(row.name + " at n = " + std::to_string(n) + ": " + row.note);
      report.rows.push_back(row);
    }
    report.table = table.str();
    report.json = {{"device", device},
                   {"gbps_counts", kGbpsCounts},
                   {"op", op_name(params.op)},
                   {"type", type_name(params.type)},
                   {"inclusive", params.inclusive},
                   {"rows", rows}};
    return report;
  };
}

}  // namespace ws::bench
