// One pixel of a 2D view of a 3D field, one rule for the CPU and the CUDA simulation (WS_HD):
// the plane `axis` = index (see slice_shape), or with index == kMaxProjection the largest value
// along the axis (a maximum-intensity projection: where is it hottest, through the whole volume).
// The maximum is taken as `v > m ? v : m` from the first cell on, on both backends, so NaN cells
// give the same pixels everywhere.
#pragma once

#include "../common/host_device.h"
#include "stencil.h"

namespace ws::stencil {

WS_HD float slice_value(const float* field, int nx, int ny, int nz, int axis, int index, int u,
                        int v) {
  const auto at = [&](int k) {
    const int x = axis == 0 ? k : u;
    const int y = axis == 0 ? u : axis == 1 ? k : v;
    const int z = axis == 2 ? k : v;
    return field[x + static_cast<int64_t>(nx) * (y + static_cast<int64_t>(ny) * z)];
  };
  if (index != kMaxProjection) return at(index);
  const int extent = axis == 0 ? nx : axis == 1 ? ny : nz;
  float m = at(0);
  for (int k = 1; k < extent; ++k) {
    const float value = at(k);
    m = value > m ? value : m;
  }
  return m;
}

}  // namespace ws::stencil
