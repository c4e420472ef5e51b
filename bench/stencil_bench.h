// The heat-stencil benchmark behind `warpscope bench --scene heat`: every variant valid at each
// grid (with a few tile sizes and, for temporal blocking, several K), timed per time step through
// the Simulation API on one backend, next to the copy bandwidth measured in the same run. Each
// variant's field is checked against the basic variant's bit for bit after a few steps.
//
// Traffic is counted as the minimum a time step needs: 8 bytes per cell (one 4-byte read and one
// 4-byte write), whatever the variant actually moves (halo loads, redundant temporal work), so
// GB/s and % of copy compare variants on the useful work done. Temporal blocking, which keeps K
// steps in shared memory, can therefore exceed 100%.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/backend.h"
#include "stencil/stencil.h"

namespace ws::bench {

struct HeatGrid {
  int dim = 2, nx = 0, ny = 0, nz = 1;
  int64_t cells() const { return int64_t(nx) * ny * nz; }
  std::string text() const;  // "4096x4096", "512x512x512"
};

// "4096" (a 4096^2 grid), "4096x2048", "512x512x512"; throws ws::Error for anything else.
HeatGrid parse_heat_grid(const std::string& text);
// 4096^2, 8192^2 and 512^3 on CUDA; 1024^2 and 128^3 on the CPU (so it finishes quickly).
std::vector<HeatGrid> default_heat_grids(Backend backend);

struct HeatBenchRow {
  std::string name;  // e.g. "5 temporal-blocked T=24 K=4"
  HeatGrid grid;
  stencil::Params params;
  double ms_per_step = 0;    // median over the repeats (variant 5: launch time / K)
  double gstencils = 0;      // cells updated per second / 1e9
  double gbps = 0;           // 8 bytes per cell per time step / time
  double pct_copy = 0;       // gbps as a percentage of the measured copy bandwidth
  double pct_copy_same = 0;  // ... of a copy of the same bytes (one field), measured beside it
  bool verified = false;     // the field equals the basic variant's after kCheckSteps
  std::string difference;    // the first differing cell when not verified
};

inline constexpr int kCheckSteps = 6;  // steps of the correctness check (covers K = 4 + a rest)
inline constexpr double kBytesPerCell = 8;

// Runs every configuration at every grid; `progress` gets one line per run. The copy bandwidth
// the percentages use is stored in *copy_gbps when given.
std::vector<HeatBenchRow> bench_heat(Backend backend, const std::vector<HeatGrid>& grids,
                                     int repeats, std::ostream& progress,
                                     double* copy_gbps = nullptr);

// Fixed-width table: variant, grid, shape, ms per step, GStencil/s, GB/s, % copy, ok.
std::string heat_bench_table(const std::vector<HeatBenchRow>& rows);

// Like the reduce bench's JSON (rows with name, n, gbps, pct_copy, verified), so
// `warpscope render --bench` draws it too.
nlohmann::json heat_bench_json(const std::vector<HeatBenchRow>& rows, const std::string& device,
                               double copy_gbps);

}  // namespace ws::bench
