#include "heat_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "common/error.h"
#include "i18n/i18n.h"
#include "stencil_bench.h"

namespace ws::app {

namespace {

nlohmann::json cost_json(const stencil::Params& p) {
  const stencil::Cost cost = stencil::cost(p);
  return {{"loads_per_output", cost.loads_per_output},
          {"flops_per_output", cost.flops_per_output},
          {"bytes_per_output", cost.bytes_per_output},
          {"op_per_byte", cost.op_per_byte},
          {"halo_fraction", cost.halo_fraction},
          {"shared_bytes_per_block", cost.shared_bytes_per_block},
          {"threads_per_block", cost.threads_per_block},
          {"active_fraction", cost.active_fraction}};
}

// Rows of x for each y, and a list of such planes in 3D.
nlohmann::json field_json(const stencil::Params& p, const std::vector<float>& field) {
  nlohmann::json planes = nlohmann::json::array();
  for (int z = 0; z < p.nz; ++z) {
    nlohmann::json rows = nlohmann::json::array();
    for (int y = 0; y < p.ny; ++y) {
      const auto* row = field.data() + int64_t(p.nx) * (y + int64_t(p.ny) * z);
      rows.push_back(std::vector<float>(row, row + p.nx));
    }
    planes.push_back(rows);
  }
  return p.dim == 3 ? planes : planes[0];
}

}  // namespace

RunJson heat_run_json(const HeatSettings& s, Backend backend, const std::string& field_label,
                      const std::vector<float>& field, int64_t time_steps) {
  const stencil::Params p = s.run_params();
  RunJson doc;
  doc.scene = kHeatSceneId;
  doc.backend = backend;
  doc.input = {{"field_source", field_label}};
  const double simulated_time = double(time_steps) * s.dt;
  doc.extra = {{"time_steps", time_steps},
               {"simulated_time", simulated_time},
               {"r", p.r},
               {"stability_limit", stencil::stability_limit(p.shape)},
               {"stable", stencil::is_stable(p)},
               {"cost", cost_json(p)}};
  // Over the finite cells; an unstable run that overflowed says how many are not.
  double sum = 0, lo = INFINITY, hi = -INFINITY;
  int64_t finite = 0;
  for (float v : field) {
    if (!std::isfinite(v)) continue;
    ++finite;
    sum += v;
    lo = std::min<double>(lo, v);
    hi = std::max<double>(hi, v);
  }
  const int64_t not_finite = int64_t(field.size()) - finite;
  nlohmann::json probes = nlohmann::json::array();
  for (const auto& c : s.probes) {
    const int64_t i = c[0] + int64_t(p.nx) * (c[1] + int64_t(p.ny) * c[2]);
    const nlohmann::json value = size_t(i) < field.size() ? nlohmann::json(field[i]) : nullptr;
    probes.push_back({{"x", c[0]}, {"y", c[1]}, {"z", c[2]}, {"value", value}});
  }
  doc.result = {{"sum", sum},
                {"min", number_or_null(finite ? lo : NAN)},
                {"max", number_or_null(finite ? hi : NAN)},
                {"mean", number_or_null(finite ? sum / double(finite) : NAN)},
                {"non_finite_cells", not_finite},
                {"probes", probes}};
  if (p.nx <= 64 && p.ny <= 64 && p.nz <= 64) doc.result["field"] = field_json(p, field);
  char summary[200];
  if (not_finite > 0)
    std::snprintf(summary, sizeof summary,
                  "t = %g: %lld of %zu cells overflowed to inf or NaN (the scheme is unstable)",
                  simulated_time, static_cast<long long>(not_finite), field.size());
  else
    std::snprintf(summary, sizeof summary, "t = %g, sum %.6g, min %.4g, max %.4g, mean %.4g",
                  simulated_time, sum, lo, hi, field.empty() ? 0.0 : sum / double(field.size()));
  doc.summary = summary;
  return doc;
}

BenchJob heat_bench_job(const BenchRequest& request) {
  WS_REQUIRE(request.type.empty(),
             "bench: the heat stencil runs on float32 only: --type is not an option here, got '" +
                 request.type + "'");
  WS_REQUIRE(request.mode.empty(), "bench: the heat benchmark is the same in every mode: --mode '" +
                                       request.mode + "' is not an option here");
  WS_REQUIRE(request.variants.empty(),
             std::string("bench: --variant is not an option for the heat stencil: every variant "
                         "valid at each grid is timed (with several tiles and K)"));
  std::vector<bench::HeatGrid> grids;
  for (const std::string& text : request.sizes) grids.push_back(bench::parse_heat_grid(text));
  if (grids.empty()) grids = bench::default_heat_grids(request.backend);
  return [grids, backend = request.backend, repeats = request.repeats](std::ostream& progress) {
    double copy_gbps = 0;
    const auto rows = bench::bench_heat(backend, grids, repeats, progress, &copy_gbps);
    const std::string device = device_description(backend);
    const std::string counts = "GB/s counts " + std::to_string(int(bench::kBytesPerCell)) +
                               " bytes per cell per time step (one read + one write, the minimum)";
    BenchReport report;
    report.title = "heat stencil (float32, insulated) on " + device;
    char notes[200];
    std::snprintf(notes, sizeof notes, "copy bandwidth %g GB/s (read + write), median of %d; ",
                  copy_gbps, repeats);
    report.notes = notes + counts;
    // The window's words for the same (the terminal and JSON keep the English above).
    char gbps[32];
    std::snprintf(gbps, sizeof gbps, "%g", copy_gbps);
    report.title_shown =
        trf("heat stencil (float32, insulated) on {0}",
            backend == Backend::Cuda ? device : std::string(tr("CPU backend (host)")));
    report.notes_shown =
        trf("copy bandwidth {0} GB/s (read + write), median of {1}", gbps, repeats) + "; " +
        trf("GB/s counts {0} bytes per cell per time step (one read + one write, the minimum)",
            int(bench::kBytesPerCell));
    report.table = bench::heat_bench_table(rows);
    report.copy_gbps = copy_gbps;
    for (const bench::HeatBenchRow& r : rows) {
      BenchRow row;
      row.name = r.name;
      row.size = r.grid.text();
      row.n = r.grid.cells();
      row.ms = r.ms_per_step;
      row.gbps = r.gbps;
      row.pct_copy = r.pct_copy;
      row.per_second = r.gstencils * 1e9;
      row.verified = r.verified;
      row.note = r.difference;
      report.rows.push_back(row);
      if (!r.verified)
        report.failures.push_back(r.name + " at " + r.grid.text() +
                                  " differs from the basic variant: " + r.difference);
    }
    report.json = bench::heat_bench_json(rows, device, copy_gbps);
    report.json["gbps_counts"] = counts;
    return report;
  };
}

}  // namespace ws::app
