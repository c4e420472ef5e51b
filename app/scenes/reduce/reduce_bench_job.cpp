#include "reduce_bench_job.h"

#include <sstream>

#include "common/error.h"
#include "i18n/i18n.h"
#include "reduce/reduce_run.h"
#include "scene_kit/scene_inputs.h"

namespace ws::app {

namespace {

BenchRow kit_row(const bench::BenchRow& r) {
  BenchRow row;
  row.name = r.name;
  row.size = bench_size_text(r.n);
  row.n = r.n;
  row.ms = r.ms;
  row.gbps = r.gbps;
  row.pct_copy = r.pct_copy;
  row.ratio_to_library = r.ratio_to_library;
  row.verified = r.verified;
  if (!r.verified)
    row.note = "returned " + std::to_string(r.result) + ", expected " + std::to_string(r.reference);
  return row;
}

BenchReport make_report(const std::vector<bench::BenchRow>& rows, Backend backend,
                        const ReduceBenchChoice& choice, int repeats, double copy_gbps) {
  const std::string device = device_description(backend);
  BenchReport report;
  report.title =
      std::string("reduce ") + op_name(choice.op) + " " + type_name(choice.type) + " on " + device;
  std::ostringstream notes;
  notes << "copy bandwidth " << copy_gbps << " GB/s (read + write), median of " << repeats;
  report.notes = notes.str();
  // The window's words for the same (the terminal and JSON keep the English above).
  std::ostringstream gbps;
  gbps << copy_gbps;
  report.title_shown =
      trf("reduce {0} {1} on {2}", tr(op_name(choice.op)), type_name(choice.type),
          backend == Backend::Cuda ? device : std::string(tr("CPU backend (host)")));
  report.notes_shown =
      trf("copy bandwidth {0} GB/s (read + write), median of {1}", gbps.str(), repeats);
  report.table = bench::bench_table(rows);
  report.library = reduce::library_name(backend);
  report.copy_gbps = copy_gbps;
  for (const bench::BenchRow& r : rows) {
    report.rows.push_back(kit_row(r));
    if (!r.verified)
      report.failures.push_back(r.name + " at n = " + std::to_string(r.n) + " " +
                                report.rows.back().note);
  }
  report.json = bench::bench_json(rows, device, copy_gbps);
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
  if (!request.type.empty()) c.type = *type_param({{"type", request.type}});
  const std::vector<int64_t> sizes =
      request.sizes.empty()
          ? std::vector<int64_t>{int64_t{1} << 20, int64_t{1} << 24, int64_t{1} << 28}
          : sizes_from_log2(request.sizes, "--sizes");
  const Backend backend = request.backend;
  const int repeats = request.repeats;
  return [=](std::ostream& progress) {
    double copy_gbps = 0;
    const auto rows =
        bench::bench_reduce(backend, sizes, c.type, c.op, repeats, progress, &copy_gbps, c.input);
    return make_report(rows, backend, c, repeats, copy_gbps);
  };
}

}  // namespace ws::app
