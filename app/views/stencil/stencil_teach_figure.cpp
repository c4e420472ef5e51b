#include "stencil_teach_figure.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

#include "i18n/i18n.h"
#include "views/field_raster.h"
#include "views/figure_parts.h"
#include "views/trace_tree_view.h"

namespace ws::app {

namespace {

using gfx::Vec2;

// The launch geometry a variant uses, from its parameters (see stencil.h).
struct LaunchShape {
  int tile = 0;         // output tile edge T
  int halo = 0;         // input tile = T + 2 * halo
  int in_w = 0;         // input tile edge
  int gx = 1, gy = 1;   // blocks across x and y
  int z_per_block = 1;  // 3D: planes a block covers (basic 1, tiled T)
};

LaunchShape launch_shape(const stencil::Params& p) {
  LaunchShape s;
  s.tile = p.tile;
  switch (p.variant) {
    case stencil::Variant::Basic:
      s.halo = 0;
      break;
    case stencil::Variant::TemporalBlocked:
      s.halo = p.steps_per_launch;
      break;
    default:
      s.halo = 1;
      break;
  }
  s.in_w = s.tile + 2 * s.halo;
  s.gx = (p.nx + s.tile - 1) / s.tile;
  s.gy = (p.ny + s.tile - 1) / s.tile;
  s.z_per_block = p.variant == stencil::Variant::Basic ? 1 : s.tile;
  return s;
}

std::string fixed(double v, int digits) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

}  // namespace

StencilTeachGeometry draw_stencil_teach_figure(gfx::Canvas& c, const StencilTeachInput& in,
                                               const gfx::Palette& pal) {
  const stencil::TeachRun& run = *in.run;
  const std::string& difference = in.difference;
  const int at = in.step;
  const stencil::Params& p = run.params;
  const Trace& trace = run.trace;
  const TraceStep& step = trace.steps.at(at);
  const auto& snap = in.snapshots->at(at);
  const LaunchShape shape = launch_shape(p);
  const int threads_per_block = step.block_dim;
  const Vec2 size = c.size();
  const float font = std::clamp(size.y / 44.0f, 10.0f, 18.0f);
  const float margin = font;

  // Which block the student is looking at: the hovered one, else the middle one.
  const int blocks_total = step.grid_dim;
  int focus = in.focus_block;
  if (focus < 0 || focus >= blocks_total) {
    // 3D: the block that holds the chosen z plane (the middle one unless --slice says).
    const int bz = p.dim == 3 ? in.slice_z / shape.z_per_block : 0;
    focus = (shape.gx / 2) + shape.gx * ((shape.gy / 2) + shape.gy * bz);
  }
  const int fbx = focus % shape.gx, fby = (focus / shape.gx) % shape.gy;
  const int fbz = focus / (shape.gx * shape.gy);

  // Events of this step: what was read and written where, and which threads were busy.
  std::set<int64_t> read_cells, written_cells, tile_read, tile_written;
  std::set<int> busy_threads;
  const int64_t tile_size = trace.buffers.size() > 2 ? trace.buffers[2].size : 0;
  // 3D: the z plane shown is the chosen slice (clamped into the focus block's planes) when the
  // block writes it in this step, or reads it in a step that writes nothing; else the first plane
  // it writes, else the first it reads.
  const int64_t plane_cells_global = int64_t(p.nx) * p.ny;
  int plane = 0;
  if (p.dim == 3) {
    const int z0 = fbz * shape.z_per_block;
    plane = std::clamp(in.slice_z, z0, std::min(p.nz, z0 + shape.z_per_block) - 1);
  }
  int written_plane = -1, read_plane = -1;
  for (const TraceEvent& e : step.events) {
    busy_threads.insert(e.thread);
    const bool mine = e.thread / threads_per_block == focus;
    if (e.buffer == 1 && e.kind == EventKind::Write) {
      if (mine) written_cells.insert(e.address);
      if (mine && written_plane < 0) written_plane = int(e.address / plane_cells_global);
    }
    if (e.buffer == 0 && e.kind == EventKind::Read && mine) {
      read_cells.insert(e.address);
      if (read_plane < 0) read_plane = int(e.address / plane_cells_global);
    }
    if (e.buffer == 2 && mine) {
      (e.kind == EventKind::Write ? tile_written : tile_read).insert(e.address);
    }
  }

  if (p.dim == 3) {
    // The chosen slice when this step writes it (else reads it); else the first plane written,
    // else the first read.
    bool slice_written = false, slice_read = false;
    for (int64_t i : written_cells) slice_written |= i / plane_cells_global == plane;
    for (int64_t i : read_cells) slice_read |= i / plane_cells_global == plane;
    if (!slice_written && !(written_plane < 0 && slice_read))
      plane = written_plane >= 0 ? written_plane : read_plane >= 0 ? read_plane : plane;
  }

  // Header.
  const stencil::VariantInfo& vi = stencil::info(p.variant);
  c.text({margin, margin * 0.5f},
         trf("{0} ({1}), {2}, {3}, tile {4}", tr_text(vi.title), tr_text(vi.pmpp),
             tr(stencil::shape_name(p.shape)), tr(stencil::boundary_name(p.boundary)), p.tile) +
             (p.variant == stencil::Variant::TemporalBlocked
                  ? ", K = " + std::to_string(p.steps_per_launch)
                  : ""),
         font * 1.1f, pal.text);
  c.text(
      {margin, margin * 0.5f + font * 1.6f},
      trf("step {0}/{1}: {2}  -  {3} of {4} threads busy, {5} per block, focus: block {6}", at + 1,
          trace.steps.size(), tr_text(step.label), busy_threads.size(),
          int64_t(blocks_total) * threads_per_block, count_text(step.barriers, "barrier"), focus) +
          (difference.empty() ? "" : "   " + trf("GPU trace differs from CPU: {0}", difference)),
      font, difference.empty() ? pal.text_muted : pal.mismatch);

  const float top = margin * 0.5f + font * 3.6f;
  const float legend_h = font * 3.6f;  // two lines when the figure is narrow
  const float bottom = size.y - legend_h - margin;
  const float grid_w = (size.x - 3 * margin) * (tile_size > 0 ? 0.56f : 0.8f);
  const float cell = std::min(grid_w / p.nx, (bottom - top - font * 1.5f) / p.ny);
  const Vec2 g0{margin, top};
  StencilTeachGeometry geo;
  geo.grid_min = g0;
  geo.cell = cell;
  geo.plane = plane;
  geo.focus = focus;

  // The global grid: "out" after this step (not yet written cells still hold the input).
  const bool numbers = cell >= font * 2.4f;
  const float value_font = std::min(font * 0.8f, cell * 0.32f);
  const int64_t plane_base = int64_t(p.nx) * p.ny * plane;
  for (int y = 0; y < p.ny; ++y)
    for (int x = 0; x < p.nx; ++x) {
      const int64_t i = plane_base + x + int64_t(p.nx) * y;
      const double v = snap.at(1).at(i);
      const Vec2 a{g0.x + x * cell, g0.y + y * cell}, b{a.x + cell, a.y + cell};
      const gfx::Color fill = value_colour(in.colormap, v, in.lo, in.hi);
      c.rect_filled(a, b, fill);
      const bool ring = p.boundary == stencil::Boundary::Fixed &&
                        (x == 0 || y == 0 || x == p.nx - 1 || y == p.ny - 1 ||
                         (p.dim == 3 && (plane == 0 || plane == p.nz - 1)));
      if (ring) c.line({a.x + 1, b.y - 1}, {b.x - 1, a.y + 1}, ink_on(fill).with_alpha(150), 1);
      if (numbers)
        c.text({(a.x + b.x) / 2, (a.y + b.y) / 2}, fixed(v, 2), value_font, ink_on(fill),
               gfx::HAlign::Center, gfx::VAlign::Middle);
    }
  // Output tiles (block borders).
  for (int bx = 0; bx <= shape.gx; ++bx) {
    const float x = g0.x + std::min(bx * shape.tile, p.nx) * cell;
    c.line({x, g0.y}, {x, g0.y + p.ny * cell}, pal.cell_border, 1.5f);
  }
  for (int by = 0; by <= shape.gy; ++by) {
    const float y = g0.y + std::min(by * shape.tile, p.ny) * cell;
    c.line({g0.x, y}, {g0.x + p.nx * cell, y}, pal.cell_border, 1.5f);
  }
  // Reads and writes of this step.
  const float inset = std::max(1.0f, cell * 0.12f);
  for (int64_t i : read_cells) {
    if (i < plane_base || i >= plane_base + int64_t(p.nx) * p.ny) continue;
    const int x = int((i - plane_base) % p.nx), y = int((i - plane_base) / p.nx);
    c.rect({g0.x + x * cell + inset, g0.y + y * cell + inset},
           {g0.x + (x + 1) * cell - inset, g0.y + (y + 1) * cell - inset}, pal.read,
           std::max(1.5f, cell * 0.08f));
  }
  for (int64_t i : written_cells) {
    if (i < plane_base || i >= plane_base + int64_t(p.nx) * p.ny) continue;
    const int x = int((i - plane_base) % p.nx), y = int((i - plane_base) / p.nx);
    c.rect({g0.x + x * cell + 1, g0.y + y * cell + 1},
           {g0.x + (x + 1) * cell - 1, g0.y + (y + 1) * cell - 1}, pal.write,
           std::max(1.5f, cell * 0.1f));
  }
  // The focus block: output tile and input tile with its halo.
  const int ox = fbx * shape.tile, oy = fby * shape.tile;
  auto clamp_x = [&](int x) { return g0.x + std::clamp(x, 0, p.nx) * cell; };
  auto clamp_y = [&](int y) { return g0.y + std::clamp(y, 0, p.ny) * cell; };
  c.rect({clamp_x(ox), clamp_y(oy)}, {clamp_x(ox + shape.tile), clamp_y(oy + shape.tile)},
         pal.write, 3.5f);
  if (shape.halo > 0)
    c.rect({clamp_x(ox - shape.halo) - 2, clamp_y(oy - shape.halo) - 2},
           {clamp_x(ox + shape.tile + shape.halo) + 2, clamp_y(oy + shape.tile + shape.halo) + 2},
           pal.highlight, 2.5f);
  c.text({g0.x, g0.y + p.ny * cell + font * 0.3f},
         std::string(tr("global field \"out\" after this step")) +
             (p.dim == 3 ? trf(", plane z = {0}", plane) : "") + "  " +
             trf("(block {0} = ({1}))", focus,
                 std::to_string(fbx) + ", " + std::to_string(fby) +
                     (p.dim == 3 ? ", " + std::to_string(fbz) : "")),
         font, pal.text_muted);

  // The focus block's shared tile: the planes it holds, threads over it.
  if (tile_size > 0) {
    const int w = shape.in_w, plane_cells = w * w;
    const int planes = static_cast<int>(tile_size / plane_cells);
    std::vector<int> shown;
    int thread_plane = -1;  // where the threads are drawn: a plane this step writes, else reads
    if (p.variant == stencil::Variant::TemporalBlocked && p.dim == 3 && planes == 2 * w) {
      // Each half holds w planes. Shown: the planes z-1, z, z+1 of the half this step reads (or
      // writes, when it only writes) around the slice drawn on the left, and the written half's
      // plane z beside them, so a time step shows both halves.
      const int lz = std::clamp(plane - (fbz * shape.tile - shape.halo), 0, w - 1);
      bool reads_half[2] = {false, false};
      for (int64_t a : tile_read) reads_half[(a / plane_cells) / w] = true;
      const int write_half =
          tile_written.empty() ? -1 : int(*tile_written.begin() / plane_cells) / w;
      // The half a time step reads from is the one it does not write (it reads the half it
      // writes too, for cells it keeps).
      const int around = write_half >= 0 && reads_half[1 - write_half] ? 1 - write_half
                         : reads_half[0]                               ? 0
                         : reads_half[1]                               ? 1
                                                                       : std::max(write_half, 0);
      for (int d = -1; d <= 1; ++d)
        if (lz + d >= 0 && lz + d < w) shown.push_back(around * w + lz + d);
      if (write_half >= 0 && write_half != around) shown.push_back(write_half * w + lz);
      thread_plane = (write_half >= 0 ? write_half : around) * w + lz;
    } else if (p.variant == stencil::Variant::SharedTiled && p.dim == 3 && planes > 3) {
      // The tile holds all w planes of the block's input: shown are the three around the slice
      // drawn on the left (its plane and the two the 7-point rule reads beside it), the threads
      // under the slice's plane.
      const int lz = std::clamp(plane - (fbz * shape.tile - shape.halo), 0, planes - 1);
      const int first = std::clamp(lz - 1, 0, planes - 3);
      for (int k = first; k < first + 3; ++k) shown.push_back(k);
      thread_plane = lz;
    } else {
      for (int k = 0; k < planes && shown.size() < 3; ++k) {
        bool touched = false;
        for (int64_t a : tile_read) touched |= a / plane_cells == k;
        for (int64_t a : tile_written) touched |= a / plane_cells == k;
        if (touched || planes <= 3) shown.push_back(k);
      }
      if (shown.empty()) shown.push_back(0);
      thread_plane = shown.front();
      if (!tile_written.empty())
        thread_plane = int(*tile_written.begin() / plane_cells);
      else if (!tile_read.empty())
        thread_plane = int(*tile_read.begin() / plane_cells);
    }
    const float x0 = g0.x + p.nx * cell + 2 * margin;
    const float avail_w = size.x - x0 - margin;
    const float gap = font;
    const float tcell = std::min((avail_w - gap * (shown.size() - 1)) / (w * shown.size()),
                                 (bottom - top - font * 3) / w);
    geo.tile_min = {x0, top + font * 1.5f};
    geo.tile_cell = tcell;
    geo.tile_w = w;
    geo.tile_planes = static_cast<int>(shown.size());
    geo.tile_shown = shown;
    geo.tile_gap = gap;
    c.text({x0, top}, trf("shared memory of block {0} ({1}x{1} per plane)", focus, w), font,
           pal.text);
    const auto& tile_snap = snap.at(2);
    const bool tile_numbers = tcell >= font * 2.4f;
    for (size_t s = 0; s < shown.size(); ++s) {
      const int k = shown[s];
      const Vec2 t0{x0 + s * (w * tcell + gap), top + font * 1.5f};
      for (int ty = 0; ty < w; ++ty)
        for (int tx = 0; tx < w; ++tx) {
          const int64_t local = int64_t(k) * plane_cells + tx + int64_t(w) * ty;
          const double v = tile_snap.at(int64_t(focus) * tile_size + local);
          const Vec2 a{t0.x + tx * tcell, t0.y + ty * tcell}, b{a.x + tcell, a.y + tcell};
          const gfx::Color fill =
              std::isnan(v) ? pal.cell_unwritten : value_colour(in.colormap, v, in.lo, in.hi);
          c.rect_filled(a, b, fill);
          c.rect(a, b, pal.cell_border, 0.5f);
          // 3D tiles of one thread per slot (shared tiling, temporal blocking): the thread of
          // plane k is in z layer k (of its half); the plane-marching kernels' threads are one
          // layer that walks the planes.
          const int layer = threads_per_block >= plane_cells * w ? k % w : 0;
          const int in_block = tx + w * ty + plane_cells * layer;
          const int thread = focus * threads_per_block + in_block;
          const bool halo_cell =
              tx < shape.halo || ty < shape.halo || tx >= w - shape.halo || ty >= w - shape.halo;
          // The thread that owns this tile position: idle threads grey, busy ones by warp (drawn
          // under one plane only: the one this step works on).
          if (k == thread_plane && in_block < threads_per_block) {
            const bool busy = busy_threads.count(thread) > 0;
            c.rect_filled({a.x, b.y - std::max(3.0f, tcell * 0.22f)}, b,
                          busy ? pal.warp_color((tx + w * ty) / 32) : pal.inactive);
          }
          if (halo_cell) c.rect(a, b, pal.highlight.with_alpha(170), 1);
          if (tile_written.count(local)) c.rect(a, b, pal.write, std::max(1.5f, tcell * 0.1f));
          if (tile_read.count(local))
            c.rect({a.x + 2, a.y + 2}, {b.x - 2, b.y - 2}, pal.read, std::max(1.2f, tcell * 0.07f));
          if (tile_numbers && !std::isnan(v))
            c.text({(a.x + b.x) / 2, (a.y + b.y) / 2 - tcell * 0.05f}, fixed(v, 2),
                   std::min(font * 0.8f, tcell * 0.32f), ink_on(fill), gfx::HAlign::Center,
                   gfx::VAlign::Middle);
        }
      std::string name = trf("plane {0}", k);
      if (p.variant == stencil::Variant::CoarsenedZ)
        name = k == 0 ? tr("prev (z-1)") : k == 1 ? tr("curr (z)") : tr("next (z+1)");
      if (p.variant == stencil::Variant::TemporalBlocked) {
        // 2D: one plane per half; 3D: each half is w planes.
        const int per_half = planes / 2;
        name = k < per_half ? tr("half a") : tr("half b");
        if (p.dim == 3) name += ", " + trf("plane {0}", k % per_half);
      }
      if (p.variant == stencil::Variant::RegisterTiled)
        name = tr("curr (z); z-1, z+1 in registers");
      if (p.variant == stencil::Variant::SharedTiled && p.dim == 2)
        name = tr("input tile with halo");
      if (p.variant == stencil::Variant::SharedTiled && p.dim == 3)
        name = trf("plane {0} (z = {1})", k, fbz * shape.tile - shape.halo + k);
      c.text({t0.x, t0.y + w * tcell + font * 0.3f}, name, font, pal.text_muted);
    }
  } else {
    const float x0 = g0.x + p.nx * cell + 2 * margin;
    c.text({x0, top}, tr("basic: no shared memory."), font, pal.text);
    c.text({x0, top + font * 1.5f}, tr("Every thread reads its cell and each"), font,
           pal.text_muted);
    c.text({x0, top + font * 2.8f}, tr("neighbour from global memory:"), font, pal.text_muted);
    c.text({x0, top + font * 4.1f},
           trf("{0} loads per output.", fixed(stencil::cost(p).loads_per_output, 2)), font,
           pal.text_muted);
  }

  // Legend: entries left to right, wrapping to a second line rather than off the figure.
  float x = margin;
  float ly = size.y - legend_h + font * 0.2f;
  enum class Mark { Outline, Filled, Hatch };
  auto entry = [&](gfx::Color col, Mark mark, const std::string& text) {
    const float width = font * 1.4f + c.text_size(text, font).x;
    if (x > margin && x + width > size.x - margin) {
      x = margin;
      ly += font * 1.6f;
    }
    if (mark == Mark::Filled) c.rect_filled({x, ly}, {x + font, ly + font}, col);
    if (mark == Mark::Outline) c.rect({x, ly}, {x + font, ly + font}, col, 2.5f);
    if (mark == Mark::Hatch) c.line({x, ly + font}, {x + font, ly}, col, 1);
    c.text({x + font * 1.4f, ly + font / 2}, text, font, pal.text_muted, gfx::HAlign::Left,
           gfx::VAlign::Middle);
    x += width + font * 1.2f;
  };
  entry(pal.read, Mark::Outline, tr("read (focus block)"));
  entry(pal.write, Mark::Outline, tr("written (focus block) / its output tile"));
  if (shape.halo > 0) entry(pal.highlight, Mark::Outline, tr("input tile: halo"));
  entry(pal.inactive, Mark::Filled, tr("idle thread"));
  entry(pal.warp_color(0), Mark::Filled, tr("busy thread (colour = warp)"));
  if (p.boundary == stencil::Boundary::Fixed)
    entry(pal.text_muted, Mark::Hatch, tr("left alone (fixed boundary)"));
  return geo;
}

bool stencil_grid_cell_at(const StencilTeachGeometry& g, const stencil::Params& p, gfx::Vec2 point,
                          int& x, int& y) {
  if (g.cell <= 0) return false;
  x = static_cast<int>(std::floor((point.x - g.grid_min.x) / g.cell));
  y = static_cast<int>(std::floor((point.y - g.grid_min.y) / g.cell));
  return x >= 0 && y >= 0 && x < p.nx && y < p.ny;
}

int stencil_block_at(const StencilTeachGeometry& g, const stencil::Params& p, gfx::Vec2 point) {
  int x = 0, y = 0;
  if (!stencil_grid_cell_at(g, p, point, x, y)) return -1;
  const int t = p.tile, gx = (p.nx + t - 1) / t, gy = (p.ny + t - 1) / t;
  const int bz = p.dim == 3 ? (p.variant == stencil::Variant::Basic ? g.plane : g.plane / t) : 0;
  return x / t + gx * (y / t + gy * bz);
}

std::string describe_stencil_teach_at(
    const StencilTeachGeometry& g, const stencil::TeachRun& run,
    const std::vector<std::vector<std::vector<double>>>& snapshots, int step, gfx::Vec2 point) {
  const stencil::Params& p = run.params;
  const Trace& trace = run.trace;
  int x = 0, y = 0;
  if (stencil_grid_cell_at(g, p, point, x, y)) {
    const int64_t i = x + int64_t(p.nx) * (y + int64_t(p.ny) * g.plane);
    const TraceStep& s = trace.steps.at(step);
    for (const TraceEvent& e : s.events)
      if (e.buffer == 1 && e.kind == EventKind::Write && e.address == i)
        return describe_hit(trace, snapshots, {step, 1, i, -1});
    for (const TraceEvent& e : s.events)
      if (e.buffer == 0 && e.kind == EventKind::Read && e.address == i)
        return trf("in[{0}] (cell {1}, {2}) was read by {3}", i, x, y,
                   describe_hit(trace, snapshots, {step, -1, -1, e.thread}));
    return trf("cell ({0}, {1}) = {2}: no thread touched it in this step", x, y,
               std::to_string(snapshots.at(step).at(1).at(i)));
  }
  if (g.tile_cell <= 0 || trace.buffers.size() <= 2) return "";
  const float plane_w = g.tile_w * g.tile_cell + g.tile_gap;
  const int k = static_cast<int>(std::floor((point.x - g.tile_min.x) / plane_w));
  const float px = point.x - g.tile_min.x - k * plane_w;
  const int tx = static_cast<int>(std::floor(px / g.tile_cell));
  const int ty = static_cast<int>(std::floor((point.y - g.tile_min.y) / g.tile_cell));
  if (k < 0 || k >= g.tile_planes || k >= int(g.tile_shown.size()) || tx < 0 || ty < 0 ||
      tx >= g.tile_w || ty >= g.tile_w)
    return "";
  const int64_t size = trace.buffers[2].size;
  const int64_t local =
      int64_t(g.tile_shown[size_t(k)]) * g.tile_w * g.tile_w + tx + int64_t(g.tile_w) * ty;
  if (local >= size) return "";
  return describe_hit(trace, snapshots, {step, 2, g.focus * size + local, -1});
}

}  // namespace ws::app
