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

#include "bench_job.h"
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

inline constexpr int kCheckSteps = 6;  // steps of the correctness check (covers K = 4 + a rest)
inline constexpr double kBytesPerCell = 8;

// Runs every configuration at every grid; `progress` gets one line per run. Each row: the name
// (e.g. "5 temporal-blocked T=24 K=4"), the grid as its size, its cells as n, the median ms per
// time step (variant 5: launch time / K), GB/s (8 bytes per cell per time step / time) and its %
// of the copy bandwidth, cells per second, verified (the field equals the basic variant's after
// kCheckSteps; else the first differing cell in note), and in `extra` the grid's dim, shape,
// variant, tile, steps_per_launch, gstencils (cells per second / 1e9) and pct_copy_same_size (%
// of a copy of the same bytes, one field, measured beside it). The copy bandwidth the
// percentages use is stored in *copy_gbps when given.
std::vector<BenchRow> bench_heat(Backend backend, const std::vector<HeatGrid>& grids, int repeats,
                                 std::ostream& progress, double* copy_gbps = nullptr);

// Fixed-width table: variant, grid, shape, ms per step, GStencil/s, GB/s, % copy, ok.
std::string heat_bench_table(const std::vector<BenchRow>& rows);

// Like the reduce bench's JSON (rows with name, n, gbps, pct_copy, verified), so
// `warpscope render --bench` draws it too.
nlohmann::json heat_bench_json(const std::vector<BenchRow>& rows, const std::string& device,
                               double copy_gbps);

// `warpscope bench --scene heat` and fast mode, the same in every mode of the scene: every variant
// valid at each grid (--sizes N, NxM or NxMxL; the backend's defaults otherwise), each checked
// against the basic variant; --type and --variant are refused (float32 only, every variant).
BenchJob heat_bench_job(const BenchRequest& request);

}  // namespace ws::bench
