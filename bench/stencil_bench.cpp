#include "stencil_bench.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <memory>
#include <sstream>

#include "common/error.h"
#include "common/device_services.h"
#include "common/timing.h"
#include "common/tr_noop.h"

namespace ws::bench {

namespace {

using stencil::Params;
using stencil::Shape;
using stencil::Variant;

// The device of a CPU run as the report's title names it (device_description), for the catalog:
// the window translates the title's values too.
[[maybe_unused]] const char* const kHostDevice = TR_NOOP("CPU backend (host)");

struct Config {
  std::string name;
  Params params;
};

// The diffusion number of each shape: stable (below the limit) and not tiny.
float stable_r(Shape s) {
  return s == Shape::Nine ? 0.3f : s == Shape::Seven ? 0.15f : 0.2f;
}

Params base_params(const HeatGrid& g, Shape shape) {
  Params p;
  p.dim = g.dim, p.nx = g.nx, p.ny = g.ny, p.nz = g.nz;
  p.shape = shape;
  p.boundary = stencil::Boundary::Insulated;  // every cell is updated
  p.r = stable_r(shape);
  return p;
}

Config make_config(const Params& base, Variant v, int tile, int k) {
  Config c;
  c.params = base;
  c.params.variant = v, c.params.tile = tile, c.params.steps_per_launch = k;
  c.name = std::to_string(static_cast<int>(v)) + " " + stencil::info(v).id;
  // Without materials, 2D shared tiling and temporal blocking run fast kernels with their own
  // tiles (only K matters there), and so do shared tiling, coarsened-z and register tiling in 3D
  // when nx is a multiple of 4 (stencil_fast.cu).
  const bool own_tile =
      !base.materials &&
      ((base.dim == 2 && (v == Variant::SharedTiled || v == Variant::TemporalBlocked)) ||
       (base.dim == 3 && base.nx % 4 == 0 &&
        (v == Variant::SharedTiled || v == Variant::CoarsenedZ || v == Variant::RegisterTiled)));
  if (v != Variant::Basic && !own_tile) c.name += " T=" + std::to_string(tile);
  if (v == Variant::TemporalBlocked) c.name += " K=" + std::to_string(k);
  if (base.shape == Shape::Nine) c.name += " (9-point)";
  return c;
}

// The variants valid at the grid's dimension with the tile sizes worth comparing. Basic's fast
// shape (32x8) does not depend on the tile. Temporal blocking: T + 2K = 32 in 2D (1024 threads).
std::vector<Config> configs(const HeatGrid& g) {
  const Params base = base_params(g, g.dim == 3 ? Shape::Seven : Shape::Five);
  std::vector<Config> out = {make_config(base, Variant::Basic, 16, 1)};
  if (g.dim == 2) {
    out.push_back(make_config(base, Variant::SharedTiled, 16, 1));
    for (int k : {2, 3, 4, 6, 8})
      out.push_back(make_config(base, Variant::TemporalBlocked, 32 - 2 * k, k));
  } else {
    out.push_back(make_config(base, Variant::SharedTiled, 8, 1));
    for (Variant v : {Variant::CoarsenedZ, Variant::RegisterTiled})
      for (int t : {16, 30}) {
        const Config c = make_config(base, v, t, 1);
        const bool same_kernel = !out.empty() && out.back().name == c.name;
        if (!same_kernel) out.push_back(c);  // a fast kernel with its own tile: one row
      }
    // 3D temporal blocking runs its teach-shaped kernel: (T+2K)^3 <= 1000 threads a block.
    out.push_back(make_config(base, Variant::TemporalBlocked, 6, 2));
  }
  return out;
}

// "" when equal bit for bit, else the first differing cell.
std::string first_difference(const std::vector<float>& a, const std::vector<float>& b) {
  if (a.size() != b.size())
    return "size " + std::to_string(a.size()) + " vs " + std::to_string(b.size());
  for (size_t i = 0; i < a.size(); ++i)
    if (std::memcmp(&a[i], &b[i], sizeof(float)) != 0)
      return "cell " + std::to_string(i) + ": " + std::to_string(a[i]) + " vs basic " +
             std::to_string(b[i]);
  return "";
}

// Median time of one time step: batches of `steps` (whole launches) between synchronizations,
// after one warm-up batch.
double ms_per_step(stencil::Simulation& sim, int steps, int repeats) {
  const auto batch = [&] {
    sim.advance(steps);
    sim.synchronize();
  };
  batch();  // warm-up
  return host_median_ms(repeats, batch) / steps;
}

// Steps per timed batch: about `target` cell updates (the GPU: ~1-3 ms, long enough that launch
// and synchronization overheads stay small), a whole number of launches.
int batch_steps(Backend backend, const Params& p) {
  const double target = backend == Backend::Cuda ? double(1 << 29) : double(1 << 22);
  const int k = p.variant == Variant::TemporalBlocked ? p.steps_per_launch : 1;
  const int steps = std::max(1, static_cast<int>(target / double(p.cells())));
  return (steps + k - 1) / k * k;
}

}  // namespace

std::string HeatGrid::text() const {
  std::string s = std::to_string(nx) + "x" + std::to_string(ny);
  return dim == 3 ? s + "x" + std::to_string(nz) : s;
}

HeatGrid parse_heat_grid(const std::string& text) {
  const std::string what =
      "'" + text + "' is not a grid (use N for N x N, NxM, or NxMxL for a 3D grid)";
  WS_REQUIRE(!text.empty() && text.back() != 'x', what);  // getline drops a trailing empty side
  std::vector<int> sides;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, 'x')) {
    WS_REQUIRE(!part.empty() && part.find_first_not_of("0123456789") == std::string::npos &&
                   part.size() <= 6,
               what);
    sides.push_back(std::stoi(part));
  }
  HeatGrid g;
  if (sides.size() == 1) {
    g.nx = g.ny = sides[0];
  } else if (sides.size() == 2) {
    g.nx = sides[0], g.ny = sides[1];
  } else {
    WS_REQUIRE(sides.size() == 3, what);
    g.dim = 3, g.nx = sides[0], g.ny = sides[1], g.nz = sides[2];
  }
  stencil::validate(base_params(g, g.dim == 3 ? Shape::Seven : Shape::Five));  // names the limits
  return g;
}

std::vector<HeatGrid> default_heat_grids(Backend backend) {
  if (backend == Backend::Cpu) return {{2, 1024, 1024, 1}, {3, 128, 128, 128}};
  return {{2, 4096, 4096, 1}, {2, 8192, 8192, 1}, {3, 512, 512, 512}};
}

std::vector<BenchRow> bench_heat(Backend backend, const std::vector<HeatGrid>& grids, int repeats,
                                 std::ostream& progress, double* copy_gbps_out) {
  WS_REQUIRE(repeats >= 1, "bench needs at least one repeat, got " + std::to_string(repeats));
  const double copy_gbps = copy_bandwidth_gbps(backend);
  if (copy_gbps_out != nullptr) *copy_gbps_out = copy_gbps;
  progress << (backend == Backend::Cuda ? "device-to-device copy: " : "host memcpy: ") << copy_gbps
           << " GB/s (read + write)" << std::endl;

  std::vector<BenchRow> rows;
  for (const HeatGrid& grid : grids) {
    const std::vector<float> initial = stencil::initial_field(
        base_params(grid, grid.dim == 3 ? Shape::Seven : Shape::Five), "random:7");
    std::vector<float> reference;  // the basic variant's field after kCheckSteps
    // A copy of one field moves the same 8 bytes per cell as a time step: the fair ceiling at
    // this size (small copies do not reach the peak bandwidth).
    const double same_size_gbps = copy_bandwidth_gbps_at(
        backend, std::max<int64_t>(int64_t(grid.cells()) * 4, int64_t{16} << 20));
    progress << "[" << grid.text() << "] copy of one field: " << same_size_gbps << " GB/s"
             << std::endl;
    // Runs one configuration: the check against `reference` (the basic variant, which sets it),
    // then the timing.
    auto run = [&](const Config& c) {
      BenchRow row;
      row.name = c.name;
      row.size = grid.text();
      row.n = grid.cells();
      auto sim = stencil::Simulation::create(backend, c.params);
      sim->set_field(initial);
      sim->advance(kCheckSteps);
      const std::vector<float> field = sim->field();
      if (c.params.variant == Variant::Basic) reference = field;
      row.note = first_difference(field, reference);
      row.verified = row.note.empty();
      row.ms = ms_per_step(*sim, batch_steps(backend, c.params), repeats);
      const double seconds = row.ms * 1e-3;
      const double gstencils = double(grid.cells()) / seconds / 1e9;
      row.per_second = gstencils * 1e9;
      row.gbps = kBytesPerCell * double(grid.cells()) / seconds / 1e9;
      row.pct_copy = copy_gbps > 0 ? 100.0 * row.gbps / copy_gbps : 0;
      row.extra = {
          {"dim", grid.dim},
          {"shape", stencil::shape_name(c.params.shape)},
          {"variant", stencil::info(c.params.variant).id},
          {"tile", c.params.tile},
          {"steps_per_launch", c.params.steps_per_launch},
          {"gstencils", gstencils},
          {"pct_copy_same_size", same_size_gbps > 0 ? 100.0 * row.gbps / same_size_gbps : 0}};
      char line[256];
      std::snprintf(line, sizeof(line), "[%s] %-34s %9.4f ms/step %8.2f GStencil/s %8.1f GB/s  %s",
                    grid.text().c_str(), row.name.c_str(), row.ms, gstencils, row.gbps,
                    row.verified ? "ok" : ("DIFFERS: " + row.note).c_str());
      progress << line << std::endl;
      rows.push_back(row);
    };

    const std::vector<Config> list = configs(grid);
    size_t best = 0;
    const size_t first = rows.size();
    for (const Config& c : list) run(c);
    for (size_t i = first; i < rows.size(); ++i)
      if (rows[i].ms < rows[first + best].ms) best = i - first;
    if (grid.dim == 2) {
      // The 9-point shape for the basic variant (the reference) and the best 5-point setting.
      const Params best_params = list[best].params;
      const Params nine = base_params(grid, Shape::Nine);
      run(make_config(nine, Variant::Basic, 16, 1));
      if (best_params.variant != Variant::Basic)
        run(make_config(nine, best_params.variant, best_params.tile, best_params.steps_per_launch));
    }
  }
  WS_REQUIRE(!rows.empty(), std::string("bench: no grid to run"));
  return rows;
}

std::string heat_bench_table(const std::vector<BenchRow>& rows) {
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof(line), "%-36s %-12s %8s %11s %11s %9s %7s %12s %4s\n", "variant",
                "grid", "shape", "ms/step", "GStencil/s", "GB/s", "% copy", "% same copy", "ok");
  out << line;
  std::string previous;
  for (const BenchRow& r : rows) {
    if (!previous.empty() && r.size != previous) out << "\n";
    previous = r.size;
    std::snprintf(line, sizeof(line), "%-36s %-12s %8s %11.4f %11.2f %9.1f %7.1f %12.1f %4s\n",
                  r.name.c_str(), r.size.c_str(), r.extra.at("shape").get<std::string>().c_str(),
                  r.ms, r.extra.at("gstencils").get<double>(), r.gbps, r.pct_copy,
                  r.extra.at("pct_copy_same_size").get<double>(), r.verified ? "yes" : "NO");
    out << line;
  }
  return out.str();
}

nlohmann::json heat_bench_json(const std::vector<BenchRow>& rows, const std::string& device,
                               double copy_gbps) {
  nlohmann::json j;
  j["device"] = device;
  j["copy_gbps"] = copy_gbps;
  j["bytes_per_cell"] = kBytesPerCell;
  j["traffic"] = "8 bytes per cell per time step (one read, one write: the minimum)";
  j["check"] = "field equals the basic variant's bit for bit after " + std::to_string(kCheckSteps) +
               " steps";
  j["rows"] = nlohmann::json::array();
  for (const BenchRow& r : rows) {
    nlohmann::json row = r.extra;
    row["name"] = r.name;
    row["grid"] = r.size;
    row["n"] = r.n;
    row["ms_per_step"] = r.ms;
    row["gbps"] = r.gbps;
    row["pct_copy"] = r.pct_copy;
    row["verified"] = r.verified;
    row["difference"] = r.note;
    j["rows"].push_back(row);
  }
  return j;
}

namespace {

// The report: its words (the window translates them; title and notes are their English), the
// table, the rows and the benchmark's JSON.
BenchReport heat_report(const std::vector<BenchRow>& rows, Backend backend, int repeats,
                        double copy_gbps) {
  const std::string device = device_description(backend);
  char gbps[32];
  std::snprintf(gbps, sizeof gbps, "%g", copy_gbps);
  BenchReport report;
  report.title_words = {{TR_NOOP("heat stencil (float32, insulated) on {0}"), {device}}};
  report.notes_words = {
      {TR_NOOP("copy bandwidth {0} GB/s (read + write), median of {1}"),
       {gbps, std::to_string(repeats)}},
      {TR_NOOP("GB/s counts {0} bytes per cell per time step (one read + one write, the minimum)"),
       {std::to_string(int(kBytesPerCell))}}};
  set_english(report);
  report.table = heat_bench_table(rows);
  report.copy_gbps = copy_gbps;
  report.rows = rows;
  for (const BenchRow& r : rows)
    if (!r.verified)
      report.failures.push_back(r.name + " at " + r.size +
                                " differs from the basic variant: " + r.note);
  report.json = heat_bench_json(rows, device, copy_gbps);
  report.json["gbps_counts"] = report.notes_words[1].english();
  return report;
}

}  // namespace

BenchJob heat_bench_job(const BenchRequest& request) {
  WS_REQUIRE(request.type.empty(),
             "bench: the heat stencil runs on float32 only: --type is not an option here, got '" +
                 request.type + "'");
  WS_REQUIRE(request.mode.empty(), "bench: the heat benchmark is the same in every mode: --mode '" +
                                       request.mode + "' is not an option here");
  WS_REQUIRE(request.variants.empty(),
             std::string("bench: --variant is not an option for the heat stencil: every variant "
                         "valid at each grid is timed (with several tiles and K)"));
  std::vector<HeatGrid> grids;
  for (const std::string& text : request.sizes) grids.push_back(parse_heat_grid(text));
  if (grids.empty()) grids = default_heat_grids(request.backend);
  return [grids, backend = request.backend, repeats = request.repeats](std::ostream& progress) {
    double copy_gbps = 0;
    const std::vector<BenchRow> rows = bench_heat(backend, grids, repeats, progress, &copy_gbps);
    return heat_report(rows, backend, repeats, copy_gbps);
  };
}

}  // namespace ws::bench
