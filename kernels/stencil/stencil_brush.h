// Painting, one rule for the CPU and the CUDA simulation (WS_HD). A brush covers the cells whose
// centre (x + 0.5, y + 0.5[, z + 0.5]) lies within its radius (a disc in 2D, a ball in 3D).
//   Heat / Cool  pin the cell at the brush temperature (material kPinned)
//   Wall         conductivity 0 (blocks heat)
//   Conductor    the brush's value as conductivity
//   Erase        back to the default medium (conductivity 1, not pinned); the field is kept
#pragma once

#include <algorithm>
#include <cmath>

#include "../common/host_device.h"
#include "stencil.h"

namespace ws::stencil {

// The box of cells a brush can touch, clipped to the grid: sx * sy * sz cells from (x0, y0, z0);
// empty (a zero extent) when the brush misses the grid.
struct BrushBox {
  Brush brush;
  int x0 = 0, y0 = 0, z0 = 0, sx = 0, sy = 0, sz = 0;
  int nx = 0, ny = 0, dims = 2;
  int64_t cells() const { return int64_t(sx) * sy * sz; }
};

inline BrushBox brush_box(const Params& p, const Brush& b) {
  BrushBox box;
  box.brush = b;
  box.nx = p.nx, box.ny = p.ny, box.dims = p.dim;
  const auto range = [&](float c, int n, int& lo, int& extent) {
    lo = std::max(0, static_cast<int>(std::floor(c - b.radius - 0.5f)));
    const int hi = std::min(n - 1, static_cast<int>(std::ceil(c + b.radius - 0.5f)));
    extent = std::max(0, hi - lo + 1);
  };
  range(b.x, p.nx, box.x0, box.sx);
  range(b.y, p.ny, box.y0, box.sy);
  if (p.dim == 3)
    range(b.z, p.nz, box.z0, box.sz);
  else
    box.z0 = 0, box.sz = 1;
  return box;
}

WS_HD bool brush_covers(const BrushBox& box, int x, int y, int z) {
  const Brush& b = box.brush;
  const float dx = x + 0.5f - b.x, dy = y + 0.5f - b.y;
  const float dz = box.dims == 3 ? z + 0.5f - b.z : 0.0f;
  return dx * dx + dy * dy + dz * dz <= b.radius * b.radius;
}

// What the brush does to one covered cell. Returns true when it sets the field (a pinned cell).
WS_HD bool brush_apply(const Brush& b, float& field, float& material) {
  switch (b.kind) {
    case Brush::Kind::Heat:
    case Brush::Kind::Cool:
      field = b.temperature;
      material = kPinned;
      return true;
    case Brush::Kind::Wall:
      material = 0.0f;
      return false;
    case Brush::Kind::Conductor:
      material = b.temperature > 0.0f ? b.temperature : 0.0f;
      return false;
    case Brush::Kind::Erase:
      material = 1.0f;
      return false;
  }
  return false;
}

}  // namespace ws::stencil
