// Steps and operations of every variant against N, counted from real teach traces (compute_counters
// on the CPU twin's trace at each size): the data of the scaling view.
#include "scan/scan_run.h"
#include "scan_variants_run.h"

namespace ws::app {

ScalingData compute_scaling(const scan::Params& base, const std::vector<int64_t>& sizes) {
  ScalingData data;
  for (const auto& vi : scan::variant_infos()) {
    ScalingSeries series;
    series.variant = vi.variant;
    try {
      for (int64_t n : sizes) {
        scan::Params p = scan::params_for_variant(base, vi.variant, n);
        p.block_dim = 0;  // each size at the variant's own block size
        std::vector<double> values(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; ++i) values[i] = static_cast<double>(i % 7 + 1);
        const Counters c = compute_counters(scan::teach(Backend::Cpu, p, values).trace);
        series.n.push_back(n);
        series.steps.push_back(c.steps);
        series.ops.push_back(c.ops);
      }
      data.series.push_back(std::move(series));
    } catch (const std::exception& e) {
      data.skipped.push_back(std::string(vi.id) + ": " + e.what());
    }
  }
  return data;
}

}  // namespace ws::app
