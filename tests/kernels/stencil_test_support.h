// Shared by the stencil tests: seeded fields and material maps, parameter builders, the valid
// variant settings to sweep, and an independent reference of one time step written from the
// physics in double (it does not use stencil_rule.h).
#pragma once

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "common/split_mix.h"
#include "stencil/stencil.h"

namespace ws::test {

inline stencil::Params grid2d(int nx, int ny, stencil::Shape shape, stencil::Boundary boundary) {
  stencil::Params p;
  p.dim = 2, p.nx = nx, p.ny = ny, p.nz = 1;
  p.shape = shape;
  p.boundary = boundary;
  return p;
}

inline stencil::Params grid3d(int nx, int ny, int nz, stencil::Boundary boundary) {
  stencil::Params p;
  p.dim = 3, p.nx = nx, p.ny = ny, p.nz = nz;
  p.shape = stencil::Shape::Seven;
  p.boundary = boundary;
  p.r = 0.15f;
  return p;
}

inline std::vector<float> random_field(const stencil::Params& p, uint64_t seed) {
  SplitMix64 rng{seed};
  std::vector<float> f(static_cast<size_t>(p.cells()));
  for (float& v : f) v = rng.unit_float();
  return f;
}

// Mostly conductivities in [0.25, 1], with some walls (0), some pinned cells and some better
// conductors (up to 1; the stability tests use r within the limit).
inline std::vector<float> random_materials(const stencil::Params& p, uint64_t seed) {
  SplitMix64 rng{seed ^ 0xabcdefull};
  std::vector<float> m(static_cast<size_t>(p.cells()));
  for (float& v : m) {
    const double pick = rng.unit();
    v = pick < 0.1 ? stencil::kPinned : pick < 0.2 ? 0.0f : 0.25f + 0.75f * rng.unit_float();
  }
  return m;
}

inline const std::vector<stencil::Boundary>& all_boundaries() {
  static const std::vector<stencil::Boundary> b = {
      stencil::Boundary::Fixed, stencil::Boundary::Insulated, stencil::Boundary::Periodic};
  return b;
}

// The valid (variant, tile, K) settings a sweep covers for a dimension: several tiles each, tiles
// larger than the grid included.
inline std::vector<stencil::Params> variant_settings(const stencil::Params& base) {
  using stencil::Variant;
  std::vector<stencil::Params> out;
  const auto add = [&](Variant v, int tile, int k) {
    stencil::Params p = base;
    p.variant = v, p.tile = tile, p.steps_per_launch = k;
    out.push_back(p);
  };
  for (int t : {4, 8, 32}) add(Variant::Basic, t, 1);
  if (base.dim == 2) {
    for (int t : {4, 7, 16, 30}) add(Variant::SharedTiled, t, 1);
    for (auto [t, k] : {std::pair{4, 1}, {4, 2}, {5, 3}, {8, 4}, {16, 8}, {20, 6}, {6, 5}})
      add(Variant::TemporalBlocked, t, k);
  } else {
    for (int t : {4, 5, 8}) add(Variant::SharedTiled, t, 1);
    for (int t : {4, 5, 16, 30}) {
      add(Variant::CoarsenedZ, t, 1);
      add(Variant::RegisterTiled, t, 1);
    }
    // 3D temporal blocking: T+2K <= 10 (a block of (T+2K)^3 threads).
    for (auto [t, k] : {std::pair{4, 1}, {4, 2}, {6, 2}, {4, 3}, {8, 1}})
      add(Variant::TemporalBlocked, t, k);
  }
  return out;
}

// One explicit heat step in double, straight from the physics: each face between a cell and a
// neighbour carries w * k * (u_nb - u); a face to the outside of an insulated grid carries
// nothing; periodic grids wrap; fixed-ring and pinned cells keep their value.
inline std::vector<double> reference_step(const stencil::Params& p, const std::vector<float>& u,
                                          const std::vector<float>* material) {
  struct Face {
    int dx, dy, dz;
    double w;
  };
  std::vector<Face> faces;
  if (p.shape == stencil::Shape::Seven)
    faces = {{-1, 0, 0, 1}, {1, 0, 0, 1}, {0, -1, 0, 1}, {0, 1, 0, 1}, {0, 0, -1, 1}, {0, 0, 1, 1}};
  else if (p.shape == stencil::Shape::Five)
    faces = {{-1, 0, 0, 1}, {1, 0, 0, 1}, {0, -1, 0, 1}, {0, 1, 0, 1}};
  else
    faces = {{-1, 0, 0, 2.0 / 3},  {1, 0, 0, 2.0 / 3},  {0, -1, 0, 2.0 / 3}, {0, 1, 0, 2.0 / 3},
             {-1, -1, 0, 1.0 / 6}, {1, -1, 0, 1.0 / 6}, {-1, 1, 0, 1.0 / 6}, {1, 1, 0, 1.0 / 6}};
  const auto at = [&](int x, int y, int z) { return x + size_t(p.nx) * (y + size_t(p.ny) * z); };
  const auto conductivity = [](double m) { return m < 0 ? 1.0 : m; };
  std::vector<double> out(u.begin(), u.end());
  for (int z = 0; z < p.nz; ++z)
    for (int y = 0; y < p.ny; ++y)
      for (int x = 0; x < p.nx; ++x) {
        const size_t c = at(x, y, z);
        const bool ring = x == 0 || y == 0 || x == p.nx - 1 || y == p.ny - 1 ||
                          (p.dim == 3 && (z == 0 || z == p.nz - 1));
        if (p.boundary == stencil::Boundary::Fixed && ring) continue;
        if (material && (*material)[c] < 0) continue;
        double flow = 0;
        for (const Face& f : faces) {
          int ax = x + f.dx, ay = y + f.dy, az = z + f.dz;
          if (p.boundary == stencil::Boundary::Periodic) {
            ax = (ax + p.nx) % p.nx, ay = (ay + p.ny) % p.ny, az = (az + p.nz) % p.nz;
          } else if (ax < 0 || ay < 0 || az < 0 || ax >= p.nx || ay >= p.ny || az >= p.nz) {
            continue;  // insulated: no flux through the outer face
          }
          const size_t n = at(ax, ay, az);
          double k = 1;
          if (material) {
            const double a = conductivity((*material)[c]), b = conductivity((*material)[n]);
            k = a + b > 0 ? 2 * a * b / (a + b) : 0;
          }
          flow += f.w * k * (double(u[n]) - double(u[c]));
        }
        out[c] = u[c] + double(p.r) * flow;
      }
  return out;
}

inline std::string describe(const stencil::Params& p) {
  std::string s = std::string(stencil::info(p.variant).id) + " " + stencil::shape_name(p.shape) +
                  " " + stencil::boundary_name(p.boundary) + " " + std::to_string(p.nx) + "x" +
                  std::to_string(p.ny);
  if (p.dim == 3) s += "x" + std::to_string(p.nz);
  s += " T=" + std::to_string(p.tile) + " K=" + std::to_string(p.steps_per_launch);
  return p.materials ? s + " materials" : s;
}

}  // namespace ws::test
