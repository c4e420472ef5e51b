// CPU twins of the stencil variants (the "gold" side of stencil.cu), each written the way its GPU
// kernel moves data, so a student can read the CPU and CUDA versions side by side. Every twin
// calls apply_rule_n (stencil_rule.h) with the same neighbour values in the same order, so all of
// them produce the same bits as each other and as the CUDA kernels.
//
//   1 basic             direct loops: every neighbour read from the input field.
//                       O(n) updates, P+1 reads each.
//   2 shared-tiled      per block: copy the (T+2)^d input tile with its halo into a tile buffer,
//                       then compute the inner T^d outputs from the buffer.
//   3 coarsened-z       per (T+2)^2 block: march the z planes of a chunk of T, keeping the planes
//                       prev / curr / next in three buffers; one plane loaded per output plane.
//   4 register-tiled    as 3, but prev and next are one value per thread ("registers"); only curr
//                       is a shared plane.
//   5 temporal-blocked  per block: load a (T+2K)^d tile, advance K time steps in it (the valid
//                       region shrinks by one cell on every face per step), store the inner T^d.
//                       O(n) useful updates per time step plus O(halo) redundant ones.
// step_cpu runs ONE LAUNCH: one time step, except variant 5, which advances K = steps_per_launch.
// Cells the rule leaves alone (fixed ring, pinned) are copied, so `out` is a complete field.
#include <algorithm>
#include <utility>

#include "../common/error.h"
#include "stencil.h"
#include "stencil_cpu.h"
#include "stencil_grid.h"

namespace ws::stencil {

namespace {

int blocks_along(int n, int tile) {
  return (n + tile - 1) / tile;
}

// The conductivity of the neighbour at (x,y,z) + offset: its material, or the cell's own outside an
// insulated grid (the same rule as for its value).
float neighbour_material(const Grid& g, const float* material, int x, int y, int z, Offset o,
                         float own) {
  int nx = x + o.dx, ny = y + o.dy, nz = z + o.dz;
  return g.resolve(nx, ny, nz) ? material[g.index(nx, ny, nz)] : own;
}

void gather_materials(const Params& p, const Grid& g, const float* material, int x, int y, int z,
                      float own, float* nm) {
  for (int d = 0; d < neighbour_count(p.shape); ++d)
    nm[d] = p.materials
                ? neighbour_material(g, material, x, y, z, neighbour_offset(p.shape, d), own)
                : 1.0f;
}

// ---- 1 basic: one output per (x, y, z), each neighbour read from the input. Away from the edges
// a neighbour is the cell index plus a fixed stride; only the outer cells resolve the boundary.
// N: the shape's neighbour count.
template <int N>
void step_basic_n(const Params& p, const float* in, float* out, const float* material) {
  const Grid g(p);
  int64_t stride[N];
  for (int d = 0; d < N; ++d) {
    const Offset o = neighbour_offset(p.shape, d);
    stride[d] = o.dx + int64_t(p.nx) * (o.dy + int64_t(p.ny) * o.dz);
  }
  for (int z = 0; z < p.nz; ++z)
    for (int y = 0; y < p.ny; ++y) {
      const bool inner_row = y > 0 && y < p.ny - 1 && (p.dim == 2 || (z > 0 && z < p.nz - 1));
      for (int x = 0; x < p.nx; ++x) {
        const int64_t c = g.index(x, y, z);
        const float u = in[c];
        if (!g.updated(x, y, z, material)) {
          out[c] = u;  // left alone: the fixed ring or a pinned cell
          continue;
        }
        float nb[N], nm[N];
        const float m = p.materials ? material[c] : 1.0f;
        if (inner_row && x > 0 && x < p.nx - 1) {
          for (int d = 0; d < N; ++d) nb[d] = in[c + stride[d]];
          for (int d = 0; d < N; ++d) nm[d] = p.materials ? material[c + stride[d]] : 1.0f;
        } else {
          for (int d = 0; d < N; ++d) {
            const Offset o = neighbour_offset(p.shape, d);
            int ax = x + o.dx, ay = y + o.dy, az = z + o.dz;
            const bool real = g.resolve(ax, ay, az);
            nb[d] = real ? in[g.index(ax, ay, az)] : u;  // insulated: the cell itself
            nm[d] = real && p.materials ? material[g.index(ax, ay, az)] : m;
          }
        }
        out[c] = apply_rule_n<N>(p, u, m, nb, nm);
      }
    }
}

void step_basic(const Params& p, const float* in, float* out, const float* material) {
  with_neighbour_count(p.shape, [&](auto n) { step_basic_n<n>(p, in, out, material); });
}

// A block's tile of the input: edge x edge (x depth) slots around an origin, each holding the
// value of its (wrapped) cell, or no cell outside a fixed / insulated grid.
struct Tile {
  int edge = 0, depth = 1;
  int ox = 0, oy = 0, oz = 0;  // grid coordinates of slot (0, 0, 0)
  std::vector<float> value;
  std::vector<char> real;

  Tile(int edge_, int depth_) : edge(edge_), depth(depth_) {
    value.assign(size_t(edge) * edge * depth, 0.0f);
    real.assign(value.size(), 0);
  }
  int slot(int lx, int ly, int lz) const { return lx + edge * (ly + edge * lz); }
  // Every thread of the block copies its cell (halo included) from `in`.
  void load(const Grid& g, const float* in, int ox_, int oy_, int oz_) {
    ox = ox_, oy = oy_, oz = oz_;
    for (int lz = 0; lz < depth; ++lz)
      for (int ly = 0; ly < edge; ++ly)
        for (int lx = 0; lx < edge; ++lx) {
          int x = ox + lx, y = oy + ly, z = oz + lz;
          const int s = slot(lx, ly, lz);
          real[s] = g.resolve(x, y, z);
          if (real[s]) value[s] = in[g.index(x, y, z)];
        }
  }
};

// ---- 2 shared-tiled: a (T+2)^d block loads its tile with halo, the inner T^d threads compute.
template <int N>
void step_shared_tiled_n(const Params& p, const float* in, float* out, const float* material) {
  const Grid g(p);
  const int t = p.tile;
  const bool is3d = p.dim == 3;
  Tile tile(t + 2, is3d ? t + 2 : 1);
  const int gz = is3d ? blocks_along(p.nz, t) : 1;
  for (int bz = 0; bz < gz; ++bz)
    for (int by = 0; by < blocks_along(p.ny, t); ++by)
      for (int bx = 0; bx < blocks_along(p.nx, t); ++bx) {
        tile.load(g, in, bx * t - 1, by * t - 1, is3d ? bz * t - 1 : 0);  // then __syncthreads
        const int lz0 = is3d ? 1 : 0, lz1 = is3d ? t : 0;
        for (int lz = lz0; lz <= lz1; ++lz)
          for (int ly = 1; ly <= t; ++ly)
            for (int lx = 1; lx <= t; ++lx) {
              const int x = tile.ox + lx, y = tile.oy + ly, z = tile.oz + lz;
              if (!g.inside(x, y, z)) continue;  // past the grid's edge: the thread idles
              const int64_t c = g.index(x, y, z);
              const int s = tile.slot(lx, ly, lz);
              const float u = tile.value[s];
              if (!g.updated(x, y, z, material)) {
                out[c] = u;
                continue;
              }
              float nb[N], nm[N];
              for (int d = 0; d < N; ++d) {
                const Offset o = neighbour_offset(p.shape, d);
                const int n = tile.slot(lx + o.dx, ly + o.dy, lz + o.dz);
                nb[d] = tile.real[n] ? tile.value[n] : u;
              }
              const float m = p.materials ? material[c] : 1.0f;
              gather_materials(p, g, material, x, y, z, m, nm);
              out[c] = apply_rule_n<N>(p, u, m, nb, nm);
            }
      }
}

void step_shared_tiled(const Params& p, const float* in, float* out, const float* material) {
  with_neighbour_count(p.shape, [&](auto n) { step_shared_tiled_n<n>(p, in, out, material); });
}

// One z plane of a (T+2) x (T+2) block: the values its threads hold and which hold a cell.
struct Plane {
  std::vector<float> value;
  std::vector<char> real;
  explicit Plane(int slots) : value(slots, 0.0f), real(slots, 0) {}
};

// Threads (lx, ly) of the block at (ox, oy) read plane z of `in` into their slot.
void load_plane(const Grid& g, const float* in, int ox, int oy, int z, int edge, Plane& plane) {
  for (int ly = 0; ly < edge; ++ly)
    for (int lx = 0; lx < edge; ++lx) {
      int x = ox + lx, y = oy + ly, zz = z;
      const int s = lx + edge * ly;
      plane.real[s] = g.resolve(x, y, zz);
      if (plane.real[s]) plane.value[s] = in[g.index(x, y, zz)];
    }
}

// The update of inner thread (lx, ly) at plane z: W E S N from the current plane, down and up
// from whatever holds the planes below and above (shared planes or per-thread registers).
template <class Below, class Above>
void compute_plane_cell(const Params& p, const Grid& g, const Plane& curr, Below below, Above above,
                        int ox, int oy, int z, int lx, int ly, int edge, const float* material,
                        float* out) {
  const int x = ox + lx, y = oy + ly;
  if (!g.inside(x, y, z)) return;
  const int64_t c = g.index(x, y, z);
  const int s = lx + edge * ly;
  const float u = curr.value[s];
  if (!g.updated(x, y, z, material)) {
    out[c] = u;
    return;
  }
  float nb[6], nm[6];  // the 7-point shape: W E S N down up
  for (int d = 0; d < 4; ++d) {
    const Offset o = neighbour_offset(p.shape, d);
    const int n = s + o.dx + edge * o.dy;
    nb[d] = curr.real[n] ? curr.value[n] : u;
  }
  nb[4] = below(s, u);
  nb[5] = above(s, u);
  const float m = p.materials ? material[c] : 1.0f;
  gather_materials(p, g, material, x, y, z, m, nm);
  out[c] = apply_rule_n<6>(p, u, m, nb, nm);
}

// ---- 3 coarsened-z: a (T+2)^2 block marches the T planes of its z chunk, three planes in shared.
void step_coarsened_z(const Params& p, const float* in, float* out, const float* material) {
  const Grid g(p);
  const int t = p.tile, edge = t + 2;
  Plane prev(edge * edge), curr(edge * edge), next(edge * edge);
  for (int bz = 0; bz < blocks_along(p.nz, t); ++bz)
    for (int by = 0; by < blocks_along(p.ny, t); ++by)
      for (int bx = 0; bx < blocks_along(p.nx, t); ++bx) {
        const int ox = bx * t - 1, oy = by * t - 1, z0 = bz * t;
        load_plane(g, in, ox, oy, z0 - 1, edge, prev);
        load_plane(g, in, ox, oy, z0, edge, curr);
        for (int z = z0; z < std::min(z0 + t, p.nz); ++z) {
          load_plane(g, in, ox, oy, z + 1, edge, next);  // then __syncthreads
          const auto below = [&](int s, float u) { return prev.real[s] ? prev.value[s] : u; };
          const auto above = [&](int s, float u) { return next.real[s] ? next.value[s] : u; };
          for (int ly = 1; ly <= t; ++ly)
            for (int lx = 1; lx <= t; ++lx)
              compute_plane_cell(p, g, curr, below, above, ox, oy, z, lx, ly, edge, material, out);
          std::swap(prev, curr);  // every thread: prev <- curr, curr <- next
          std::swap(curr, next);
        }
      }
}

// ---- 4 register-tiled: as 3, but each thread keeps its own z-1 and z+1 values in registers.
struct ThreadRegisters {
  float prev = 0, next = 0;
  bool prev_real = false, next_real = false;
};

void step_register_tiled(const Params& p, const float* in, float* out, const float* material) {
  const Grid g(p);
  const int t = p.tile, edge = t + 2;
  Plane curr(edge * edge), staging(edge * edge);
  std::vector<ThreadRegisters> regs(edge * edge);
  const auto load_registers = [&](int ox, int oy, int z, bool into_prev) {
    load_plane(g, in, ox, oy, z, edge, staging);  // each thread's own load of (x, y, z)
    for (int s = 0; s < edge * edge; ++s) {
      (into_prev ? regs[s].prev : regs[s].next) = staging.value[s];
      (into_prev ? regs[s].prev_real : regs[s].next_real) = staging.real[s];
    }
  };
  for (int bz = 0; bz < blocks_along(p.nz, t); ++bz)
    for (int by = 0; by < blocks_along(p.ny, t); ++by)
      for (int bx = 0; bx < blocks_along(p.nx, t); ++bx) {
        const int ox = bx * t - 1, oy = by * t - 1, z0 = bz * t;
        load_registers(ox, oy, z0 - 1, true);
        load_plane(g, in, ox, oy, z0, edge, curr);
        for (int z = z0; z < std::min(z0 + t, p.nz); ++z) {
          load_registers(ox, oy, z + 1, false);
          const auto below = [&](int s, float u) { return regs[s].prev_real ? regs[s].prev : u; };
          const auto above = [&](int s, float u) { return regs[s].next_real ? regs[s].next : u; };
          for (int ly = 1; ly <= t; ++ly)
            for (int lx = 1; lx <= t; ++lx)
              compute_plane_cell(p, g, curr, below, above, ox, oy, z, lx, ly, edge, material, out);
          for (int s = 0; s < edge * edge; ++s) {  // rotate: prev <- curr; curr <- next
            regs[s].prev = curr.value[s];
            regs[s].prev_real = curr.real[s];
            curr.value[s] = regs[s].next;
            curr.real[s] = regs[s].next_real;
          }
        }
      }
}

// ---- 5 temporal-blocked: a (T+2K)^d tile advances K time steps in two shared halves.
// The slots of one block's tile: the range of local coordinates a loop visits in each axis (a 2D
// tile is one slot deep, z = 0).
struct SlotBox {
  int lo_xy, hi_xy, lo_z, hi_z;  // [lo, hi) in x and y, and in z
  template <class Body>
  void for_each(Body body) const {
    for (int lz = lo_z; lz < hi_z; ++lz)
      for (int ly = lo_xy; ly < hi_xy; ++ly)
        for (int lx = lo_xy; lx < hi_xy; ++lx) body(lx, ly, lz);
  }
};

// The slots at least `margin` from every tile face (z only in 3D): sub-step `margin`'s valid
// region, or with margin K and `inner` T the T^d outputs.
SlotBox slots_from_edge(int margin, int width, bool is3d) {
  return {margin, margin + width, is3d ? margin : 0, is3d ? margin + width : 1};
}

template <int N>
void launch_temporal_n(const Params& p, const float* in, float* out, const float* material) {
  const Grid g(p);
  const int t = p.tile, k = p.steps_per_launch, edge = t + 2 * k;
  const bool is3d = p.dim == 3;
  Tile a(edge, is3d ? edge : 1), b(edge, is3d ? edge : 1);
  std::vector<int64_t> cell(a.value.size());  // the grid cell of each real slot
  std::vector<char> updated(cell.size());
  const SlotBox whole = slots_from_edge(0, edge, is3d);
  for (int bz = 0; bz < (is3d ? blocks_along(p.nz, t) : 1); ++bz)
    for (int by = 0; by < blocks_along(p.ny, t); ++by)
      for (int bx = 0; bx < blocks_along(p.nx, t); ++bx) {
        a.load(g, in, bx * t - k, by * t - k, is3d ? bz * t - k : 0);
        b.real = a.real;
        whole.for_each([&](int lx, int ly, int lz) {
          int x = a.ox + lx, y = a.oy + ly, z = a.oz + lz;
          if (!g.resolve(x, y, z)) return;
          const int s = a.slot(lx, ly, lz);
          cell[s] = g.index(x, y, z);
          updated[s] = g.updated(x, y, z, material);
        });
        for (int step = 1; step <= k; ++step) {
          const Tile& src = step % 2 == 1 ? a : b;
          Tile& dst = step % 2 == 1 ? b : a;
          // Valid region: slots at least `step` from every tile face (the halo shrinks by a ring,
          // in 3D a shell).
          slots_from_edge(step, edge - 2 * step, is3d).for_each([&](int lx, int ly, int lz) {
            const int s = src.slot(lx, ly, lz);
            if (!src.real[s]) return;
            const float u = src.value[s];
            if (!updated[s]) {
              dst.value[s] = u;
              return;
            }
            float nb[N], nm[N];
            const float m = p.materials ? material[cell[s]] : 1.0f;
            for (int d = 0; d < N; ++d) {
              const Offset o = neighbour_offset(p.shape, d);
              const int n = src.slot(lx + o.dx, ly + o.dy, lz + o.dz);
              nb[d] = src.real[n] ? src.value[n] : u;
              nm[d] = p.materials && src.real[n] ? material[cell[n]] : m;
            }
            dst.value[s] = apply_rule_n<N>(p, u, m, nb, nm);
          });
        }
        const Tile& final_half = k % 2 == 1 ? b : a;
        slots_from_edge(k, t, is3d).for_each([&](int lx, int ly, int lz) {
          const int x = a.ox + lx, y = a.oy + ly, z = a.oz + lz;
          if (g.inside(x, y, z)) out[g.index(x, y, z)] = final_half.value[a.slot(lx, ly, lz)];
        });
      }
}

void launch_temporal(const Params& p, const float* in, float* out, const float* material) {
  with_neighbour_count(p.shape, [&](auto n) { launch_temporal_n<n>(p, in, out, material); });
}

}  // namespace

void step_cpu(const Params& p, const float* in, float* out, const float* material) {
  validate(p);
  WS_REQUIRE(!p.materials || material != nullptr, "materials are on but no material map given");
  const float* m = p.materials ? material : nullptr;
  switch (p.variant) {
    case Variant::Basic:
      return step_basic(p, in, out, m);
    case Variant::SharedTiled:
      return step_shared_tiled(p, in, out, m);
    case Variant::CoarsenedZ:
      return step_coarsened_z(p, in, out, m);
    case Variant::RegisterTiled:
      return step_register_tiled(p, in, out, m);
    case Variant::TemporalBlocked:
      return launch_temporal(p, in, out, m);
  }
}

void run_cpu_launches(const Params& p, std::vector<float>& field, std::vector<float>& scratch,
                      const float* material, int steps) {
  WS_REQUIRE(steps >= 0, "time steps must be >= 0, got " + std::to_string(steps));
  scratch.resize(field.size());
  Params single = p;  // variant 5's remainder: launches of one time step
  single.steps_per_launch = 1;
  while (steps > 0) {
    const bool whole = p.variant != Variant::TemporalBlocked || steps >= p.steps_per_launch;
    const Params& launch = whole ? p : single;
    step_cpu(launch, field.data(), scratch.data(), material);
    field.swap(scratch);
    steps -= launch.variant == Variant::TemporalBlocked ? launch.steps_per_launch : 1;
  }
}

void require_field_sizes(const Params& p, const std::vector<float>& field,
                         const std::vector<float>& material) {
  WS_REQUIRE(int64_t(field.size()) == p.cells(), "field has " + std::to_string(field.size()) +
                                                     " values for " + std::to_string(p.cells()) +
                                                     " cells");
  WS_REQUIRE(!p.materials || int64_t(material.size()) == p.cells(),
             "material map has " + std::to_string(material.size()) + " values for " +
                 std::to_string(p.cells()) + " cells");
}

void run_cpu(const Params& p, std::vector<float>& field, const std::vector<float>& material,
             int steps) {
  validate(p);
  require_field_sizes(p, field, material);
  std::vector<float> scratch;
  run_cpu_launches(p, field, scratch, p.materials ? material.data() : nullptr, steps);
}

}  // namespace ws::stencil
