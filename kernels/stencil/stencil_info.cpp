// Names, lessons, parameter rules and the analytic cost model of the stencil variants, shared by
// both backends.
#include <algorithm>
#include <cmath>

#include "../common/error.h"
#include "../common/variant_table.h"
#include "stencil.h"

namespace ws::stencil {

const std::vector<VariantInfo>& variant_infos() {
  static const std::vector<VariantInfo> infos = {
      {Variant::Basic, "basic", "One thread per output, global memory", "PMPP 8.2",
       "Every neighbour is a separate global load: the stencil is limited by memory, not math.", 0},
      {Variant::SharedTiled, "shared-tiled", "Shared-memory tiling with halo", "PMPP 8.3",
       "A tile is loaded once and each value reused by its neighbours; the halo ring is the price, "
       "and it shrinks as the tile grows.",
       0},
      {Variant::CoarsenedZ, "coarsened-z", "Thread coarsening in z (plane marching)", "PMPP 8.4",
       "A 2D block marching along z keeps three planes in shared memory: large tiles in x and y "
       "without a cubic block.",
       3},
      {Variant::RegisterTiled, "register-tiled", "Register tiling of the z neighbours", "PMPP 8.5",
       "The planes above and below are used only by their own thread, so they live in registers: "
       "a third of the shared memory.",
       3},
      {Variant::TemporalBlocked, "temporal-blocked", "Temporal blocking (K steps per launch)",
       "PMPP 8 (exercise)",
       "A wider halo lets a tile advance K time steps in shared memory: fewer global round trips "
       "for some redundant halo work.",
       0},
  };
  return infos;
}

const VariantInfo& info(Variant v) {
  return find_variant_info(variant_infos(), v, "stencil");
}

bool parse_variant(const std::string& text, Variant& out) {
  return parse_variant_text(variant_infos(), text, out);
}

const char* shape_name(Shape s) {
  switch (s) {
    case Shape::Nine:
      return "9-point";
    case Shape::Seven:
      return "7-point";
    default:
      return "5-point";
  }
}

bool parse_shape(const std::string& text, Shape& out) {
  for (Shape s : {Shape::Five, Shape::Nine, Shape::Seven}) {
    if (text == shape_name(s) || text == std::to_string(static_cast<int>(s))) {
      out = s;
      return true;
    }
  }
  return false;
}

const char* boundary_name(Boundary b) {
  switch (b) {
    case Boundary::Fixed:
      return "fixed";
    case Boundary::Periodic:
      return "periodic";
    default:
      return "insulated";
  }
}

bool parse_boundary(const std::string& text, Boundary& out) {
  for (Boundary b : {Boundary::Fixed, Boundary::Insulated, Boundary::Periodic}) {
    if (text == boundary_name(b)) {
      out = b;
      return true;
    }
  }
  return false;
}

namespace {

std::string size_text(const Params& p) {
  std::string s = std::to_string(p.nx) + "x" + std::to_string(p.ny);
  return p.dim == 3 ? s + "x" + std::to_string(p.nz) : s;
}

void validate_temporal_tile(const Params& p, const std::string& id) {
  const int t = p.tile, k = p.steps_per_launch, edge = t + 2 * k;
  const int limit = temporal_max_edge(p.dim);
  const std::string threads = p.dim == 3 ? "(T+2K)^3" : "(T+2K)^2";
  WS_REQUIRE(edge <= limit, id + " in " + std::to_string(p.dim) + "D launches " + threads +
                                " threads per block (at most 1024): tile " + std::to_string(t) +
                                " with K = " + std::to_string(k) + " needs T+2K = " +
                                std::to_string(edge) + " > " + std::to_string(limit));
}

void validate_tile(const Params& p) {
  const std::string id = std::string("variant '") + info(p.variant).id + "'";
  const int t = p.tile;
  WS_REQUIRE(t >= 4 && t <= 32, "tile must be 4..32, got " + std::to_string(t));
  WS_REQUIRE(p.steps_per_launch >= 1 && p.steps_per_launch <= 8,
             "steps per launch K must be 1..8, got " + std::to_string(p.steps_per_launch));
  if (p.variant == Variant::SharedTiled && p.dim == 2)
    WS_REQUIRE(t <= 30, id + " in 2D launches (T+2)^2 threads per block (at most 1024): tile " +
                            std::to_string(t) + " needs " + std::to_string((t + 2) * (t + 2)) +
                            ", so the tile must be <= 30");
  if (p.variant == Variant::SharedTiled && p.dim == 3)
    WS_REQUIRE(t <= 8, id + " in 3D launches (T+2)^3 threads per block (at most 1024): tile " +
                           std::to_string(t) + " needs " +
                           std::to_string((t + 2) * (t + 2) * (t + 2)) +
                           ", so the tile must be <= 8");
  if (p.variant == Variant::CoarsenedZ || p.variant == Variant::RegisterTiled)
    WS_REQUIRE(t <= 30, id + " launches (T+2)^2 threads per block (at most 1024): tile " +
                            std::to_string(t) + " needs " + std::to_string((t + 2) * (t + 2)) +
                            ", so the tile must be <= 30");
  if (p.variant == Variant::TemporalBlocked) validate_temporal_tile(p, id);
}

}  // namespace

int temporal_max_edge(int dim) {
  return dim == 3 ? 10 : 32;  // 10^3 and 32^2 threads: the largest cube and square <= 1024
}

void validate(const Params& p) {
  WS_REQUIRE(p.dim == 2 || p.dim == 3, "dimension must be 2 or 3, got " + std::to_string(p.dim));
  const int vi = static_cast<int>(p.variant);
  WS_REQUIRE(vi >= 1 && vi <= 5, "unknown stencil variant " + std::to_string(vi));
  WS_REQUIRE(p.boundary == Boundary::Fixed || p.boundary == Boundary::Insulated ||
                 p.boundary == Boundary::Periodic,
             "unknown boundary " + std::to_string(static_cast<int>(p.boundary)));
  if (p.dim == 2) {
    WS_REQUIRE(p.nx >= 4 && p.nx <= 8192 && p.ny >= 4 && p.ny <= 8192,
               "a 2D grid must be 4..8192 cells on each side, got " + size_text(p));
    WS_REQUIRE(p.nz == 1, "a 2D grid has nz = 1, got nz = " + std::to_string(p.nz));
    WS_REQUIRE(
        p.shape == Shape::Five || p.shape == Shape::Nine,
        std::string("a 2D grid takes the 5-point or 9-point shape, got ") + shape_name(p.shape));
  } else {
    WS_REQUIRE(p.nx >= 4 && p.nx <= 512 && p.ny >= 4 && p.ny <= 512 && p.nz >= 4 && p.nz <= 512,
               "a 3D grid must be 4..512 cells on each side, got " + size_text(p));
    WS_REQUIRE(p.shape == Shape::Seven,
               std::string("a 3D grid takes the 7-point shape, got ") + shape_name(p.shape));
  }
  const VariantInfo& v = info(p.variant);
  WS_REQUIRE(v.dims == 0 || v.dims == p.dim, std::string("variant '") + v.id + "' works on " +
                                                 std::to_string(v.dims) + "D grids only, got a " +
                                                 std::to_string(p.dim) + "D grid");
  validate_tile(p);
  WS_REQUIRE(std::isfinite(p.r) && p.r >= 0.0f,
             "the diffusion number r must be finite and >= 0, got " + std::to_string(p.r));
}

float stability_limit(Shape s) {
  switch (s) {
    case Shape::Nine:
      return 3.0f / 8.0f;
    case Shape::Seven:
      return 1.0f / 6.0f;
    default:
      return 1.0f / 4.0f;
  }
}

bool is_stable(const Params& p, float max_conductivity) {
  return p.r <= stability_limit(p.shape) / std::max(1.0f, max_conductivity);
}

// ---- The cost model. Counting conventions: + - * / are one flop each; selects and comparisons
// are free. Loads and bytes are global memory traffic with no cache (every load the code issues
// goes to DRAM), per output point and per time step; values are 4-byte floats.
namespace {

// Flops of one update by stencil_rule.h (P neighbours):
//   5/7-point uniform: per neighbour (nb - u) and acc += : 2P; then r * acc and u + : 2 -> 2P + 2.
//   9-point uniform: 8 subtractions + 8 additions, edge and corner weights (2 mul), their sum
//   (1 add), r * (1 mul), u + (1 add) -> 21.
//   Materials add per neighbour the harmonic mean face_conductivity (ka + kb, 2 * ka * kb, / s:
//   4 flops) and its product with the difference (1 mul): 5/7-point 7P + 2, 9-point 8 * 7 + 5.
double update_flops(const Params& p) {
  const int n = p.shape == Shape::Nine ? 8 : p.shape == Shape::Seven ? 6 : 4;
  const int per_neighbour = p.materials ? 7 : 2;
  return p.shape == Shape::Nine ? n * per_neighbour + 5 : n * per_neighbour + 2;
}

}  // namespace

Cost cost(const Params& p) {
  const double t = p.tile, k = p.steps_per_launch;
  const double points = static_cast<int>(p.shape);  // cells the update reads: P + 1
  Cost c;
  double updates_per_output = 1;  // updates computed per useful one (temporal: halo work)
  double writes_per_output = 1;   // global stores per output point per time step
  switch (p.variant) {
    case Variant::Basic:
      // Every one of the P + 1 points is its own global load (caches ignored); T x T threads.
      c.loads_per_output = points;
      c.threads_per_block = p.tile * p.tile;
      c.active_fraction = 1;
      break;
    case Variant::SharedTiled: {
      // A (T+2)^d tile with its halo is loaded for T^d outputs; only the inner T^d threads compute.
      const double tile = std::pow(t + 2, p.dim), inner = std::pow(t, p.dim);
      c.loads_per_output = tile / inner;
      c.halo_fraction = (tile - inner) / tile;
      c.shared_bytes_per_block = static_cast<int64_t>(4 * tile);
      c.threads_per_block = static_cast<int>(tile);
      c.active_fraction = inner / tile;
      break;
    }
    case Variant::CoarsenedZ:
    case Variant::RegisterTiled: {
      // A block loads T + 2 planes of (T+2)^2 (z0-1, z0, then one per output plane) for T^3
      // outputs; 3 planes live in shared memory (register-tiled: only the current one).
      const double plane = (t + 2) * (t + 2), loaded = plane * (t + 2), inner = t * t * t;
      c.loads_per_output = loaded / inner;
      c.halo_fraction = (loaded - inner) / loaded;
      const int planes = p.variant == Variant::CoarsenedZ ? 3 : 1;
      c.shared_bytes_per_block = static_cast<int64_t>(4 * planes * plane);
      c.threads_per_block = static_cast<int>(plane);
      c.active_fraction = t * t / plane;
      break;
    }
    case Variant::TemporalBlocked: {
      // A (T+2K)^d tile is loaded once per K time steps and T^d outputs are stored once:
      // loads (T+2K)^d / T^d / K and writes 1 / K per output per time step. Sub-step s computes
      // the (T+2K-2s)^d cells at least s from the tile edge: sum_s (T+2K-2s)^d updates for K T^d
      // useful ones; the excess is the redundant halo work. Threads active: the same sum over
      // K (T+2K)^d.
      const double edge = t + 2 * k, tile = std::pow(edge, p.dim), inner = std::pow(t, p.dim);
      double computed = 0;
      for (int s = 1; s <= p.steps_per_launch; ++s) computed += std::pow(edge - 2 * s, p.dim);
      c.loads_per_output = tile / inner / k;
      writes_per_output = 1 / k;
      c.halo_fraction = (tile - inner) / tile;
      c.shared_bytes_per_block = static_cast<int64_t>(4 * 2 * tile);
      c.threads_per_block = static_cast<int>(tile);
      c.active_fraction = computed / (k * tile);
      updates_per_output = computed / (k * inner);
      c.redundant_fraction = 1 - k * inner / computed;
      break;
    }
  }
  // Flops per output point per time step, redundant halo updates included (temporal blocking).
  c.flops_per_output = update_flops(p) * updates_per_output;
  // Bytes: the loads, the store, and with materials the P + 1 conductivities each update reads
  // (cell and neighbours, from global memory, no cache).
  c.bytes_per_output = 4 * (c.loads_per_output + writes_per_output);
  if (p.materials) c.bytes_per_output += 4 * points * updates_per_output;
  c.op_per_byte = c.flops_per_output / c.bytes_per_output;
  return c;
}

}  // namespace ws::stencil
