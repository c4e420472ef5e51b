// Internal to the CUDA stencil: the grid as the kernels of stencil.cu and stencil_fast.cu see
// it (its size, boundary and diffusion number, and the boundary questions every kernel asks).
#pragma once

#include <cuda_runtime.h>

#include "stencil.h"

namespace ws::stencil::detail {

// The grid as the kernels see it; cells are numbered x fastest, then y, then z.
struct GridDesc {
  int nx, ny, nz, dims;
  Boundary boundary;
  float r;  // the diffusion number

  __device__ int index(int x, int y, int z) const { return x + nx * (y + ny * z); }
  __device__ bool inside(int x, int y, int z) const {
    return unsigned(x) < unsigned(nx) && unsigned(y) < unsigned(ny) && unsigned(z) < unsigned(nz);
  }
  // A real cell: inside the grid, or anywhere when periodic (the coordinates are wrapped into
  // the grid). false: outside a fixed or insulated grid, where there is no cell.
  __device__ bool resolve(int& x, int& y, int& z) const {
    if (inside(x, y, z)) return true;
    if (boundary != Boundary::Periodic) return false;
    x = wrap(x, nx);
    y = wrap(y, ny);
    z = wrap(z, nz);
    return true;
  }
  // Whether the box [x0, x1] x [y0, y1] (x [z0, z1] in 3D) and the ring of cells around it lie
  // inside the grid: then no cell of the box touches the boundary, so a block whose cells all
  // pass skips the boundary checks (`interior`, the fast path of most blocks).
  __device__ bool interior(int x0, int y0, int z0, int x1, int y1, int z1) const {
    return x0 >= 1 && y0 >= 1 && x1 <= nx - 2 && y1 <= ny - 2 &&
           (dims == 2 || (z0 >= 1 && z1 <= nz - 2));
  }
  // A coordinate at most one cell outside [0, n): wrapped when periodic, else the edge cell
  // itself. For the W E S N (down up) neighbours that is the boundary rule: insulated, a
  // neighbour outside counts as the cell; a fixed grid never updates its edge cells. (Not for the
  // 9-point diagonals: (x+1, -1) would become (x+1, 0), not the cell.)
  __device__ int beside(int v, int n) const {
    if (v < 0) return boundary == Boundary::Periodic ? n - 1 : 0;
    if (v >= n) return boundary == Boundary::Periodic ? 0 : n - 1;
    return v;
  }
  // Cells the rule never updates: the outermost ring (3D: shell) of a fixed grid, pinned cells.
  __device__ bool left_alone(int x, int y, int z, float material) const {
    if (material < 0.0f) return true;
    if (boundary != Boundary::Fixed) return false;
    if (x == 0 || x == nx - 1 || y == 0 || y == ny - 1) return true;
    return dims == 3 && (z == 0 || z == nz - 1);
  }

 private:
  // Coordinates are at most a tile away from the grid: a few adds, no division.
  __device__ static int wrap(int v, int n) {
    while (v < 0) v += n;
    while (v >= n) v -= n;
    return v;
  }
};

}  // namespace ws::stencil::detail
