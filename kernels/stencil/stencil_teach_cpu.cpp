// The CPU teach model of the stencil variants: one launch on a small grid, run block by block and
// thread by thread, recording every access as the instrumented CUDA kernels (stencil.cu) do. The
// two backends must give IDENTICAL traces (compare_traces), so the trace format is fixed here:
//
// Trace: type Float32, op Sum, elem_bytes 4, serial_ops = cells the rule updates per time step
// times the time steps of the launch (K for variant 5; the sequential algorithm's updates).
// Buffers (type Float32):
//   0 "in"   Global, cells, initial = the field.
//   1 "out"  Global, cells, initial = the field too (both ping-pong buffers hold the fixed ring;
//            cells the rule leaves alone get no write).
//   2 "tile" Shared (variants 2-5 only), blocks = launched blocks, per block: 2: (T+2)^d;
//            3: 3 (T+2)^2 (planes prev | curr | next at p (T+2)^2); 4: (T+2)^2; 5: 2 (T+2K)^d
//            (halves a | b). Initial NaN.
//   3 "prev", 4 "next"  Register (variant 4 only), one per launched thread, address = the global
//            thread id. Initial NaN.
// Numbering: block b = bx + gx (by + gy bz); thread in a block t = tx + BX (ty + BY tz); global
// thread id = b * threads_per_block + t. Global addresses are cell indices x + nx (y + ny z);
// shared addresses are local to the block. A cell is "real" when it is inside the grid, or
// anywhere when periodic (then its coordinates wrap). Neighbours are visited in the rule's order
// (W E S N [down up] [SW SE NW NE]) and only real ones are read (insulated: the cell stands in
// for a missing neighbour, no read). Materials are used but not traced. Each step's grid_dim /
// block_dim are the launch's blocks / threads per block.
//
//  1 basic (block T x T [x 1], grid ceil(nx/T) x ceil(ny/T) [x nz]). Step "compute": a thread
//    whose cell is inside and updated: Read in[c], Read in[nb]..., Op out[c], Write out[c].
//  2 shared-tiled (block (T+2)^d, tile origin (bx T - 1, by T - 1 [, bz T - 1])).
//    "load" (barriers 1): each thread whose cell is real: Read in[cell], Write tile[t].
//    "compute": inner threads (1 <= tx,ty[,tz] <= T) whose cell is inside and updated:
//    Read tile[t], Read tile[t_nb]..., Op out[c], Write out[c].
//  3 coarsened-z (3D; block (T+2)^2, grid ceil(nx/T) x ceil(ny/T) x ceil(nz/T), z0 = bz T).
//    "load" (barriers 1): per thread, plane z0-1 then z0 if real: Read in, Write tile[p P + t].
//    Then for i = 0 .. min(T, nz)-1 (every block takes these steps; a block acts only while
//    z = z0 + i < nz) three steps labelled "z=<i> ...":
//    "load next" (barriers 1): cell (x, y, z+1) real: Read in, Write tile[2P + t];
//    "compute" (barriers 1): inner threads, cell inside and updated: Read tile[P + t], W E S N
//    from plane 1, down from tile[t], up from tile[2P + t] (each if real), Op out, Write out;
//    "rotate" (barriers 0): (x, y, z) real: Read tile[P + t], Write tile[t]; then (x, y, z+1)
//    real: Read tile[2P + t], Write tile[P + t].
//  4 register-tiled: as 3 with prev / next in registers (address g = global thread id) and the
//    current plane in tile[t]. "load": Read in z0-1, Write prev[g]; Read in z0, Write tile[t].
//    "load next": Read in z+1, Write next[g]. "compute": down = Read prev[g], up = Read next[g].
//    "rotate" (barriers 1): Read tile[t], Write prev[g]; Read next[g], Write tile[t].
//    Barriers: load 1, load next 1, compute 1, rotate 1.
//  5 temporal-blocked (block (T+2K)^d, tile origin (bx T - K, by T - K [, bz T - K]), grid
//    ceil(nx/T) x ceil(ny/T) [x ceil(nz/T)]). "load" (barriers 1) into half a as in 2.
//    "time step s" for s = 1..K (barriers 1): a thread whose slot is at least s from every tile
//    face and whose cell is real reads the source half (a when s is odd, b when even): center,
//    then the real neighbours; updated cell: Op dst[t], Write dst[t]; left alone (fixed ring,
//    pinned): Write dst[t] = center (no Op). "store": inner T^d threads whose cell is inside and
//    updated: Read final half[t] (b when K odd), Write out[c].
// Step code markers: load, compute, load_next, rotate, time_step, store (the `// @name` tags in
// stencil.cu). Phases: load ("load", "load next"), compute ("compute", "time step"), rotate, store.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "../common/error.h"
#include "stencil.h"
#include "stencil_cpu.h"
#include "stencil_grid.h"

namespace ws::stencil {

namespace {

const double kUnwritten = std::numeric_limits<double>::quiet_NaN();
enum BufferId : int16_t { kIn = 0, kOut = 1, kTile = 2, kPrev = 3, kNext = 4 };

int blocks_along(int n, int tile) {
  return (n + tile - 1) / tile;
}

class TeachModel {
 public:
  TeachModel(const Params& p, const std::vector<float>& field, const std::vector<float>& material)
      : p_(p), g_(p), in_(field), out_(field), material_(p.materials ? material.data() : nullptr) {}

  TeachRun run() {
    TeachRun run;
    run.params = p_;
    run.before = in_;
    run.time_steps = p_.variant == Variant::TemporalBlocked ? p_.steps_per_launch : 1;
    set_launch();
    trace_.type = ValueType::Float32;
    trace_.op_label = "heat update";  // an Op is one application of the stencil rule
    trace_.op = BinaryOp::Sum;
    trace_.elem_bytes = 4;
    trace_.serial_ops = updated_cells() * run.time_steps;
    add_buffers();
    switch (p_.variant) {
      case Variant::Basic:
        run_basic();
        break;
      case Variant::SharedTiled:
        run_shared_tiled();
        break;
      case Variant::CoarsenedZ:
      case Variant::RegisterTiled:
        run_plane_marching(p_.variant == Variant::RegisterTiled);
        break;
      case Variant::TemporalBlocked:
        run_temporal();
        break;
    }
    distribute_events(events_, trace_);
    run.trace = std::move(trace_);
    run.after = out_;
    return run;
  }

 private:
  // ---- Launch shape, buffers, steps and events.
  void set_launch() {
    const int t = p_.tile, k = p_.steps_per_launch;
    gx_ = blocks_along(p_.nx, t);
    gy_ = blocks_along(p_.ny, t);
    gz_ = 1;
    switch (p_.variant) {
      case Variant::Basic:
        bdx_ = bdy_ = t;
        gz_ = p_.nz;
        break;
      case Variant::SharedTiled:
        bdx_ = bdy_ = t + 2;
        if (p_.dim == 3) bdz_ = t + 2, gz_ = blocks_along(p_.nz, t);
        break;
      case Variant::CoarsenedZ:
      case Variant::RegisterTiled:
        bdx_ = bdy_ = t + 2;
        gz_ = blocks_along(p_.nz, t);
        break;
      case Variant::TemporalBlocked:
        bdx_ = bdy_ = t + 2 * k;
        if (p_.dim == 3) bdz_ = t + 2 * k, gz_ = blocks_along(p_.nz, t);
        break;
    }
    threads_per_block_ = bdx_ * bdy_ * bdz_;
    blocks_ = gx_ * gy_ * gz_;
  }

  int64_t updated_cells() const {
    int64_t count = 0;
    for (int z = 0; z < p_.nz; ++z)
      for (int y = 0; y < p_.ny; ++y)
        for (int x = 0; x < p_.nx; ++x) count += g_.updated(x, y, z, material_);
    return count;
  }

  void add_buffer(const std::string& name, MemSpace space, int size, int blocks,
                  const std::vector<float>* initial) {
    TraceBuffer b;
    b.name = name;
    b.space = space;
    b.size = size;
    b.blocks = blocks;
    b.type = ValueType::Float32;
    if (initial)
      b.initial.assign(initial->begin(), initial->end());
    else
      b.initial.assign(size_t(size) * blocks, kUnwritten);
    trace_.buffers.push_back(std::move(b));
  }

  void add_buffers() {
    const int cells = static_cast<int>(p_.cells());
    add_buffer("in", MemSpace::Global, cells, 1, &in_);
    add_buffer("out", MemSpace::Global, cells, 1, &in_);
    const int t = p_.tile, plane = (t + 2) * (t + 2);
    const int edge5 = t + 2 * p_.steps_per_launch;
    switch (p_.variant) {
      case Variant::Basic:
        return;
      case Variant::SharedTiled:
        tile_size_ = p_.dim == 3 ? plane * (t + 2) : plane;
        break;
      case Variant::CoarsenedZ:
        tile_size_ = 3 * plane;
        break;
      case Variant::RegisterTiled:
        tile_size_ = plane;
        break;
      case Variant::TemporalBlocked:
        tile_size_ = 2 * edge5 * edge5 * (p_.dim == 3 ? edge5 : 1);
        break;
    }
    add_buffer("tile", MemSpace::Shared, tile_size_, blocks_, nullptr);
    tile_.assign(size_t(tile_size_) * blocks_, std::numeric_limits<float>::quiet_NaN());
    if (p_.variant == Variant::RegisterTiled) {
      add_buffer("prev", MemSpace::Register, blocks_ * threads_per_block_, 1, nullptr);
      add_buffer("next", MemSpace::Register, blocks_ * threads_per_block_, 1, nullptr);
      prev_.assign(size_t(blocks_) * threads_per_block_, 0.0f);
      next_ = prev_;
    }
  }

  int add_step(const std::string& label, const std::string& phase, const std::string& marker,
               int barriers) {
    TraceStep s;
    s.label = label;
    s.phase = phase;
    s.code_marker = marker;
    s.grid_dim = blocks_;
    s.block_dim = threads_per_block_;
    s.barriers = barriers;
    trace_.steps.push_back(std::move(s));
    return static_cast<int>(trace_.steps.size()) - 1;
  }

  void event(int step, EventKind kind, int16_t buffer, int64_t address, float value) {
    events_.push_back({step, thread_, static_cast<int32_t>(address), buffer, kind, 0,
                       static_cast<double>(value)});
  }

  // The thread accesses: each returns or stores the value and records the event.
  float read_in(int step, int64_t cell) {
    event(step, EventKind::Read, kIn, cell, in_[cell]);
    return in_[cell];
  }
  float read_tile(int step, int slot) {
    const float v = tile_[size_t(block_) * tile_size_ + slot];
    event(step, EventKind::Read, kTile, slot, v);
    return v;
  }
  void write_tile(int step, int slot, float v) {
    tile_[size_t(block_) * tile_size_ + slot] = v;
    event(step, EventKind::Write, kTile, slot, v);
  }
  float read_register(int step, int16_t buffer) {
    const float v = (buffer == kPrev ? prev_ : next_)[thread_];
    event(step, EventKind::Read, buffer, thread_, v);
    return v;
  }
  void write_register(int step, int16_t buffer, float v) {
    (buffer == kPrev ? prev_ : next_)[thread_] = v;
    event(step, EventKind::Write, buffer, thread_, v);
  }
  void op_and_write_out(int step, int64_t cell, float v) {
    event(step, EventKind::Op, kOut, cell, v);
    event(step, EventKind::Write, kOut, cell, v);
    out_[cell] = v;
  }

  // Enters thread (tx, ty, tz) of block (bx, by, bz): sets block_ and thread_ (global id).
  void enter(int bx, int by, int bz, int tx, int ty, int tz) {
    block_ = bx + gx_ * (by + gy_ * bz);
    thread_ = block_ * threads_per_block_ + tx + bdx_ * (ty + bdy_ * tz);
  }

  template <class Body>
  void for_each_thread(Body body) {
    for (int bz = 0; bz < gz_; ++bz)
      for (int by = 0; by < gy_; ++by)
        for (int bx = 0; bx < gx_; ++bx)
          for (int tz = 0; tz < bdz_; ++tz)
            for (int ty = 0; ty < bdy_; ++ty)
              for (int tx = 0; tx < bdx_; ++tx) {
                enter(bx, by, bz, tx, ty, tz);
                body(bx, by, bz, tx, ty, tz);
              }
  }

  bool real(int x, int y, int z, int64_t& cell) const {
    if (!g_.resolve(x, y, z)) return false;
    cell = g_.index(x, y, z);
    return true;
  }
  float material_of(int64_t cell) const { return material_ ? material_[cell] : 1.0f; }

  // The rule at inside cell (x, y, z): `fetch(d, cell_nb)` reads real neighbour d (recording it);
  // missing neighbours stand in with the cell itself.
  template <class Fetch>
  float update(int x, int y, int z, float u, Fetch fetch) {
    float nb[kMaxNeighbours], nm[kMaxNeighbours];
    const float m = material_of(g_.index(x, y, z));
    for (int d = 0; d < neighbour_count(p_.shape); ++d) {
      const Offset o = neighbour_offset(p_.shape, d);
      int64_t n = 0;
      if (real(x + o.dx, y + o.dy, z + o.dz, n)) {
        nb[d] = fetch(d, o);
        nm[d] = material_of(n);
      } else {
        nb[d] = u;
        nm[d] = m;
      }
    }
    return apply_rule(p_, u, m, nb, nm);
  }

  // ---- 1 basic
  void run_basic() {
    const int step = add_step("compute", "compute", "compute", 0);
    const int t = p_.tile;
    for_each_thread([&](int bx, int by, int bz, int tx, int ty, int) {
      const int x = bx * t + tx, y = by * t + ty, z = bz;
      if (!g_.inside(x, y, z) || !g_.updated(x, y, z, material_)) return;
      const int64_t c = g_.index(x, y, z);
      const float u = read_in(step, c);
      const float v = update(x, y, z, u, [&](int, Offset o) {
        int ax = x + o.dx, ay = y + o.dy, az = z + o.dz;
        g_.resolve(ax, ay, az);
        return read_in(step, g_.index(ax, ay, az));
      });
      op_and_write_out(step, c, v);
    });
  }

  // ---- 2 shared-tiled
  void run_shared_tiled() {
    const int load = add_step("load", "load", "load", 1);
    const int compute = add_step("compute", "compute", "compute", 0);
    const int t = p_.tile;
    const bool is3d = p_.dim == 3;
    const auto origin = [&](int bx, int by, int bz, int tx, int ty, int tz, int& x, int& y,
                            int& z) {
      x = bx * t - 1 + tx, y = by * t - 1 + ty, z = is3d ? bz * t - 1 + tz : 0;
    };
    const auto local = [&](int tx, int ty, int tz) { return tx + bdx_ * (ty + bdy_ * tz); };
    for_each_thread([&](int bx, int by, int bz, int tx, int ty, int tz) {
      int x, y, z;
      origin(bx, by, bz, tx, ty, tz, x, y, z);
      int64_t c = 0;
      if (real(x, y, z, c)) write_tile(load, local(tx, ty, tz), read_in(load, c));
    });
    for_each_thread([&](int bx, int by, int bz, int tx, int ty, int tz) {
      const bool inner =
          tx >= 1 && tx <= t && ty >= 1 && ty <= t && (!is3d || (tz >= 1 && tz <= t));
      if (!inner) return;  // halo threads idle
      int x, y, z;
      origin(bx, by, bz, tx, ty, tz, x, y, z);
      if (!g_.inside(x, y, z) || !g_.updated(x, y, z, material_)) return;
      const float u = read_tile(compute, local(tx, ty, tz));
      const float v = update(x, y, z, u, [&](int, Offset o) {
        return read_tile(compute, local(tx + o.dx, ty + o.dy, tz + o.dz));
      });
      op_and_write_out(compute, g_.index(x, y, z), v);
    });
  }

  // ---- 3 coarsened-z and 4 register-tiled: (T+2)^2 blocks marching z planes.
  void run_plane_marching(bool registers) {
    const int t = p_.tile, plane = threads_per_block_;
    const int barriers_rotate = registers ? 1 : 0;
    const auto column = [&](int bx, int by, int tx, int ty, int& x, int& y) {
      x = bx * t - 1 + tx, y = by * t - 1 + ty;
    };
    // Slots: coarsened-z keeps planes prev | curr | next in the tile; register-tiled only curr.
    const int curr = registers ? 0 : plane;
    const int load = add_step("load", "load", "load", 1);
    for_each_thread([&](int bx, int by, int bz, int tx, int ty, int) {
      int x, y;
      column(bx, by, tx, ty, x, y);
      const int z0 = bz * t, s = tx + bdx_ * ty;
      int64_t c = 0;
      if (real(x, y, z0 - 1, c)) {
        const float v = read_in(load, c);
        registers ? write_register(load, kPrev, v) : write_tile(load, s, v);
      }
      if (real(x, y, z0, c)) write_tile(load, curr + s, read_in(load, c));
    });
    for (int i = 0; i < std::min(t, p_.nz); ++i) {
      const std::string z_label = "z=" + std::to_string(i) + " ";
      const int load_next = add_step(z_label + "load next", "load", "load_next", 1);
      const int compute = add_step(z_label + "compute", "compute", "compute", 1);
      const int rotate = add_step(z_label + "rotate", "rotate", "rotate", barriers_rotate);
      for_each_thread([&](int bx, int by, int bz, int tx, int ty, int) {
        const int z = bz * t + i;
        if (z >= p_.nz) return;
        int x, y;
        column(bx, by, tx, ty, x, y);
        int64_t c = 0;
        if (real(x, y, z + 1, c)) {
          const float v = read_in(load_next, c);
          registers ? write_register(load_next, kNext, v)
                    : write_tile(load_next, 2 * plane + tx + bdx_ * ty, v);
        }
      });
      for_each_thread([&](int bx, int by, int bz, int tx, int ty, int) {
        const int z = bz * t + i;
        if (z >= p_.nz || tx < 1 || tx > t || ty < 1 || ty > t) return;
        int x, y;
        column(bx, by, tx, ty, x, y);
        if (!g_.inside(x, y, z) || !g_.updated(x, y, z, material_)) return;
        const int s = tx + bdx_ * ty;
        const float u = read_tile(compute, curr + s);
        const float v = update(x, y, z, u, [&](int d, Offset o) {
          if (d < 4) return read_tile(compute, curr + s + o.dx + bdx_ * o.dy);
          if (registers) return read_register(compute, d == 4 ? kPrev : kNext);
          return read_tile(compute, (d == 4 ? 0 : 2 * plane) + s);
        });
        op_and_write_out(compute, g_.index(x, y, z), v);
      });
      for_each_thread([&](int bx, int by, int bz, int tx, int ty, int) {
        const int z = bz * t + i;
        if (z >= p_.nz) return;
        int x, y;
        column(bx, by, tx, ty, x, y);
        const int s = tx + bdx_ * ty;
        int64_t c = 0;
        if (real(x, y, z, c)) {
          const float v = read_tile(rotate, curr + s);
          registers ? write_register(rotate, kPrev, v) : write_tile(rotate, s, v);
        }
        if (real(x, y, z + 1, c))
          write_tile(rotate, curr + s,
                     registers ? read_register(rotate, kNext) : read_tile(rotate, 2 * plane + s));
      });
    }
  }

  // ---- 5 temporal-blocked: a (T+2K)^d block, one thread per tile slot (2D: tz = 0).
  // The grid coordinates of thread (tx, ty, tz)'s slot: the tile starts K before the outputs.
  void temporal_cell(int bx, int by, int bz, int tx, int ty, int tz, int& x, int& y, int& z) const {
    const int t = p_.tile, k = p_.steps_per_launch;
    x = bx * t - k + tx, y = by * t - k + ty;
    z = p_.dim == 3 ? bz * t - k + tz : 0;
  }
  // How far the slot lies from the nearest tile face (z only in 3D).
  int temporal_margin(int tx, int ty, int tz) const {
    const int edge = bdx_;
    int margin = std::min(std::min(tx, ty), std::min(edge - 1 - tx, edge - 1 - ty));
    if (p_.dim == 3) margin = std::min(margin, std::min(tz, edge - 1 - tz));
    return margin;
  }
  int temporal_slot(int tx, int ty, int tz) const { return tx + bdx_ * (ty + bdy_ * tz); }

  void run_temporal() {
    const int k = p_.steps_per_launch, half = threads_per_block_;
    const int load = add_step("load", "load", "load", 1);
    for_each_thread([&](int bx, int by, int bz, int tx, int ty, int tz) {
      int x, y, z;
      temporal_cell(bx, by, bz, tx, ty, tz, x, y, z);
      int64_t c = 0;
      if (real(x, y, z, c)) write_tile(load, temporal_slot(tx, ty, tz), read_in(load, c));
    });
    for (int s = 1; s <= k; ++s) {
      const int step = add_step("time step " + std::to_string(s), "compute", "time_step", 1);
      run_temporal_step(step, s, s % 2 == 1 ? 0 : half, s % 2 == 1 ? half : 0);
    }
    const int store = add_step("store", "store", "store", 0);
    const int final_half = k % 2 == 1 ? half : 0;
    for_each_thread([&](int bx, int by, int bz, int tx, int ty, int tz) {
      if (temporal_margin(tx, ty, tz) < k) return;  // halo threads store nothing
      int x, y, z;
      temporal_cell(bx, by, bz, tx, ty, tz, x, y, z);
      if (!g_.inside(x, y, z) || !g_.updated(x, y, z, material_)) return;
      const int64_t c = g_.index(x, y, z);
      const float v = read_tile(store, final_half + temporal_slot(tx, ty, tz));
      event(store, EventKind::Write, kOut, c, v);
      out_[c] = v;
    });
  }

  // Sub-step s: every real slot at least s from every tile face updates from half src into dst.
  void run_temporal_step(int step, int s, int src, int dst) {
    for_each_thread([&](int bx, int by, int bz, int tx, int ty, int tz) {
      int x, y, z;
      temporal_cell(bx, by, bz, tx, ty, tz, x, y, z);
      if (temporal_margin(tx, ty, tz) < s || !g_.resolve(x, y, z)) return;
      const int slot = temporal_slot(tx, ty, tz);
      const float u = read_tile(step, src + slot);
      const float v = update(x, y, z, u, [&](int, Offset o) {
        return read_tile(step, src + slot + o.dx + bdx_ * (o.dy + bdy_ * o.dz));
      });
      if (g_.updated(x, y, z, material_)) {
        event(step, EventKind::Op, kTile, dst + slot, v);
        write_tile(step, dst + slot, v);
      } else {
        write_tile(step, dst + slot, u);
      }
    });
  }

  const Params p_;
  const Grid g_;
  const std::vector<float> in_;
  std::vector<float> out_;
  const float* material_;
  Trace trace_;
  std::vector<TraceEvent> events_;
  int gx_ = 1, gy_ = 1, gz_ = 1, bdx_ = 1, bdy_ = 1, bdz_ = 1;
  int threads_per_block_ = 1, blocks_ = 1, tile_size_ = 0;
  int block_ = 0, thread_ = 0;
  std::vector<float> tile_, prev_, next_;  // shared tiles (block-major) and registers
};

}  // namespace

TeachRun teach_cpu(const Params& p, const std::vector<float>& field,
                   const std::vector<float>& material) {
  return TeachModel(p, field, material).run();
}

}  // namespace ws::stencil
