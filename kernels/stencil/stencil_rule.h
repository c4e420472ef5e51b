// The update rule of one cell, one body for the CPU twins and every CUDA variant (WS_HD), so all
// of them produce the same bits. Explicit (FTCS / Jacobi) heat step:
//   u' = u + r * sum_d w_d * k_d * (u_d - u)
// over the neighbours d of the shape, in the fixed order W E S N (down up) and, for the 9-point
// shape, SW SE NW NE. Weights: 5- and 7-point w = 1; 9-point (isotropic) edges 2/3, corners 1/6.
// k_d = 1 without materials; with materials the harmonic mean of the two cells' conductivities
// (pinned cells conduct as 1), 0 when both are 0. Callers supply the neighbour values already
// resolved for the boundary (insulated: the cell's own value; periodic: wrapped) and skip the cell
// entirely when it is left alone (fixed ring, pinned).
#pragma once

#include "../common/host_device.h"

namespace ws::stencil {

inline constexpr float kNineEdge = 2.0f / 3.0f;
inline constexpr float kNineCorner = 1.0f / 6.0f;

// Conductivity of the face between two cells of materials a and b.
WS_HD float face_conductivity(float a, float b) {
  const float ka = a < 0.0f ? 1.0f : a;
  const float kb = b < 0.0f ? 1.0f : b;
  const float s = ka + kb;
  return s > 0.0f ? 2.0f * ka * kb / s : 0.0f;
}

// Constant coefficients: `n` neighbour values in the fixed order.
template <int N>
WS_HD float update_uniform(float u, const float (&nb)[N], float r) {
  if (N == 9 - 1) {  // the 9-point shape passes its 8 neighbours
    float edges = 0.0f, corners = 0.0f;
    for (int d = 0; d < 4; ++d) edges += nb[d] - u;
    for (int d = 4; d < 8; ++d) corners += nb[d] - u;
    return u + r * (kNineEdge * edges + kNineCorner * corners);
  }
  float acc = 0.0f;
  for (int d = 0; d < N; ++d) acc += nb[d] - u;
  return u + r * acc;
}

// With materials: m is the cell's material, nm the neighbours' materials (same order as nb).
template <int N>
WS_HD float update_materials(float u, float m, const float (&nb)[N], const float (&nm)[N],
                             float r) {
  if (N == 9 - 1) {
    float edges = 0.0f, corners = 0.0f;
    for (int d = 0; d < 4; ++d) edges += face_conductivity(m, nm[d]) * (nb[d] - u);
    for (int d = 4; d < 8; ++d) corners += face_conductivity(m, nm[d]) * (nb[d] - u);
    return u + r * (kNineEdge * edges + kNineCorner * corners);
  }
  float acc = 0.0f;
  for (int d = 0; d < N; ++d) acc += face_conductivity(m, nm[d]) * (nb[d] - u);
  return u + r * acc;
}

}  // namespace ws::stencil
