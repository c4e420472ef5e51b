// Grid geometry shared by the CPU twins, the CPU teach model and the CPU simulation: cell
// indices, the neighbour order of each shape, the boundary rules, and the one call into
// stencil_rule.h. Private to kernels/stencil (the public API is stencil.h).
#pragma once

#include <cstdint>

#include "stencil.h"
#include "stencil_rule.h"

namespace ws::stencil {

inline constexpr int kMaxNeighbours = 8;

struct Offset {
  int dx, dy, dz;
};

// Neighbours of the shape in the rule's fixed order: W E S N [down up] [SW SE NW NE].
inline int neighbour_count(Shape s) {
  return s == Shape::Nine ? 8 : s == Shape::Seven ? 6 : 4;
}
inline Offset neighbour_offset(Shape s, int d) {
  static constexpr Offset kPlanar[8] = {{-1, 0, 0},  {1, 0, 0},  {0, -1, 0}, {0, 1, 0},
                                        {-1, -1, 0}, {1, -1, 0}, {-1, 1, 0}, {1, 1, 0}};
  static constexpr Offset kVertical[2] = {{0, 0, -1}, {0, 0, 1}};
  if (s == Shape::Seven && d >= 4) return kVertical[d - 4];
  return kPlanar[d];
}

// The grid of one Params: where a coordinate lands and which cells the rule updates.
class Grid {
 public:
  explicit Grid(const Params& p)
      : nx(p.nx), ny(p.ny), nz(p.nz), dim(p.dim), boundary(p.boundary), shape(p.shape) {}

  int64_t index(int x, int y, int z) const { return x + int64_t(nx) * (y + int64_t(ny) * z); }
  bool inside(int x, int y, int z) const {
    return x >= 0 && x < nx && y >= 0 && y < ny && z >= 0 && z < nz;
  }
  // A real cell: inside the grid, or anywhere when periodic (the coordinate is wrapped into the
  // grid). false: outside a fixed or insulated grid, where no cell exists.
  bool resolve(int& x, int& y, int& z) const {
    if (boundary != Boundary::Periodic) return inside(x, y, z);
    x = wrap(x, nx);
    y = wrap(y, ny);
    z = wrap(z, nz);
    return true;
  }
  // Fixed boundary: the outermost ring (3D: shell) keeps its temperature.
  bool on_fixed_ring(int x, int y, int z) const {
    if (boundary != Boundary::Fixed) return false;
    if (x == 0 || x == nx - 1 || y == 0 || y == ny - 1) return true;
    return dim == 3 && (z == 0 || z == nz - 1);
  }
  // Whether the rule updates the (inside) cell: not on the fixed ring and not pinned.
  bool updated(int x, int y, int z, const float* material) const {
    if (on_fixed_ring(x, y, z)) return false;
    return material == nullptr || material[index(x, y, z)] >= 0.0f;
  }

  const int nx, ny, nz, dim;
  const Boundary boundary;
  const Shape shape;

 private:
  static int wrap(int v, int n) { return ((v % n) + n) % n; }
};

// One update through stencil_rule.h: nb / nm hold neighbour_count(p.shape) values in the order
// above, already resolved for the boundary. nm is ignored when !p.materials.
inline float apply_rule(const Params& p, float u, float m, const float* nb, const float* nm) {
  const auto run = [&](auto& values, auto& materials) {
    constexpr int n = sizeof(values) / sizeof(float);
    for (int d = 0; d < n; ++d) values[d] = nb[d];
    if (!p.materials) return update_uniform(u, values, p.r);
    for (int d = 0; d < n; ++d) materials[d] = nm[d];
    return update_materials(u, m, values, materials, p.r);
  };
  if (p.shape == Shape::Nine) {
    float v[8], k[8];
    return run(v, k);
  }
  if (p.shape == Shape::Seven) {
    float v[6], k[6];
    return run(v, k);
  }
  float v[4], k[4];
  return run(v, k);
}

}  // namespace ws::stencil
