#include "heat_report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

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

void heat_fill(RunJson& doc, const HeatSettings& s, const std::string& field_label,
               const std::vector<float>& field, int64_t time_steps) {
  const stencil::Params p = s.run_params();
  doc.input = {{"field_source", field_label}};
  const double simulated_time = double(time_steps) * s.dt;
  doc.extra.update({{"time_steps", time_steps},
                    {"simulated_time", simulated_time},
                    {"r", p.r},
                    {"stability_limit", stencil::stability_limit(p.shape)},
                    {"stable", stencil::is_stable(p)},
                    {"cost", cost_json(p)}});
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
}

KernelSource heat_kernel_source(const HeatSettings& s, const std::string& marker) {
  return {"kernels/stencil/stencil.cu", stencil::info(s.grid.variant).id, marker, ""};
}

}  // namespace ws::app
