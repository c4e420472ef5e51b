// The warps figure: the launch over its data (x right, y down; a 3D launch as z slices side by
// side, a 1D launch one block per row), every thread a cell coloured by its warp, threads outside
// the data greyed, blocks outlined, divergent warps outlined in the divergence colour; the counts,
// the book's numbers and occupancy on the right.
#include <algorithm>
#include <utility>
#include <vector>

#include "i18n/i18n.h"
#include "memory_warps_run.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::Vec2;

// Threads drawn one cell each up to this many; past it blocks only.
constexpr int64_t kMaxDrawnThreads = 120000;

// z slices drawn at most.
constexpr int64_t kMaxSlices = 4;

struct WarpsLayout {
  int64_t cols = 0, rows = 0;  // cells across and down in one slice
  int64_t slices = 1;          // drawn (at most kMaxSlices)
  int64_t per_row = 1;         // slices side by side
  float cell = 1, gap = 0, label = 0;
  Vec2 origin;
  // The top-left corner of slice z.
  Vec2 slice(int64_t z) const {
    return {origin.x + float(z % per_row) * (float(cols) * cell + gap),
            origin.y + label + float(z / per_row) * (float(rows) * cell + gap + label)};
  }
};

// The threads; returns the divergent warps' outlines (drawn over the blocks' outlines).
std::vector<std::pair<Vec2, Vec2>> draw_warp_threads(gfx::Canvas& c, const WarpsLayout& L,
                                                     const WarpsRun& r, const gfx::Palette& p,
                                                     HoverMap& hover) {
  std::vector<std::pair<Vec2, Vec2>> divergent;
  const mem::Launch& l = r.launch;
  const mem::Extent3 b = l.params.block, d = l.params.data;
  const bool one_d = l.params.dims == 1;
  for (const mem::WarpInfo& w : l.warps) {
    Vec2 box_min{1e9f, 1e9f}, box_max{-1e9f, -1e9f};  // the warp's cells
    for (int lane = 0; lane < w.lanes; ++lane) {
      const int t = w.warp * mem::kWarpSize + lane;
      const int64_t tx = t % b.x, ty = (t / b.x) % b.y, tz = t / (b.x * b.y);
      const int64_t x = w.block_coord.x * b.x + tx, y = w.block_coord.y * b.y + ty,
                    z = w.block_coord.z * b.z + tz;
      const bool in = x < d.x && y < d.y && z < d.z;
      if (z >= L.slices) continue;  // slices past the last drawn
      // A 1D launch: one block per row.
      const int64_t col = one_d ? tx : x, row = one_d ? w.block : y;
      const Vec2 lo = L.slice(z) + Vec2{float(col) * L.cell, float(row) * L.cell};
      const Vec2 hi{lo.x + L.cell, lo.y + L.cell};
      const gfx::Color colour = p.warp_color(w.warp);
      c.rect_filled(lo, {hi.x - (L.cell > 5 ? 1 : 0), hi.y - (L.cell > 5 ? 1 : 0)},
                    in ? colour : mix(p.inactive, p.background, 0.4f));
      box_min = {std::min(box_min.x, lo.x), std::min(box_min.y, lo.y)};
      box_max = {std::max(box_max.x, hi.x), std::max(box_max.y, hi.y)};
      hover.add(lo, hi,
                trf("block ({0}, {1}, {2}), thread ({3}, {4}, {5}): warp {6}, lane {7}",
                    w.block_coord.x, w.block_coord.y, w.block_coord.z, tx, ty, tz, w.warp, lane) +
                    " — " +
                    (in ? std::string(tr("inside the data")) : std::string(tr("outside: idle"))) +
                    ", " + tr(mem::warp_state_name(w.state)));
    }
    // A divergent warp outlined as one shape (its cells lie in one block, in whole rows or
    // one row's run).
    if (w.state == mem::WarpState::Divergent && box_max.x > box_min.x)
      divergent.push_back({box_min, box_max});
  }
  return divergent;
}

}  // namespace

void draw_warps(gfx::Canvas& c, gfx::Theme theme, const WarpsRun& r, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const mem::Launch& l = r.launch;
  const mem::Extent3 d = l.params.data, b = l.params.block, g = l.grid;
  auto dims = [&](const mem::Extent3& e) {
    std::string t = std::to_string(e.x);
    if (l.params.dims > 1) t += "x" + std::to_string(e.y);
    if (l.params.dims > 2) t += "x" + std::to_string(e.z);
    return t;
  };
  const float header = draw_header(
      c, tr("Where warps come from"),
      trf("data {0}, blocks of {1}, grid {2}", dims(d), dims(b), dims(g)),
      trf("{0} warps: {1} full, {2} divergent, {3} idle", l.counts.warps, l.counts.full_warps,
          l.counts.divergent_warps, l.counts.idle_warps),
      tr("Each colour is a warp: 32 consecutive threads, x fastest. Grey threads fall outside "
         "the data; outlined warps diverge."),
      p, font);
  const Vec2 size = c.size();
  const float split = size.x * 0.6f;
  WarpsLayout L;
  const bool one_d = l.params.dims == 1;
  L.cols = one_d ? b.x : g.x * b.x;
  L.rows = one_d ? g.x : g.y * b.y;
  L.slices = std::min<int64_t>(g.z * b.z, kMaxSlices);
  L.gap = font;
  L.label = l.params.dims == 3 ? font * 1.3f : 0;
  const float avail_w = split - font * 2, avail_h = size.y - header - font * 3;
  // The arrangement of the slices that draws the cells largest.
  for (int64_t per_row = 1; per_row <= L.slices; ++per_row) {
    const int64_t lines = (L.slices + per_row - 1) / per_row;
    const float cell =
        std::min((avail_w - L.gap * float(per_row - 1)) / float(L.cols * per_row),
                 (avail_h - (L.gap + L.label) * float(lines)) / float(L.rows * lines));
    if (per_row == 1 || cell > L.cell) {
      L.cell = cell;
      L.per_row = per_row;
    }
  }
  L.cell = std::min(L.cell, font * 1.6f);
  L.origin = {font, header + font};
  std::vector<std::pair<Vec2, Vec2>> divergent;
  if (l.warps_listed && l.counts.threads <= kMaxDrawnThreads) {
    divergent = draw_warp_threads(c, L, r, p, hover);
  } else {
    c.text(L.origin, tr("too many threads to draw one by one; the counts are on the right"), font,
           p.text_muted);
  }
  // Blocks outlined, the data's edge in the write colour, then the divergent warps.
  const bool drawn = l.warps_listed && l.counts.threads <= kMaxDrawnThreads;
  if (!one_d && drawn)
    for (int64_t z = 0; z < L.slices; ++z) {
      const Vec2 o = L.slice(z);
      if (L.label > 0)
        c.text({o.x, o.y - L.label}, "z = " + std::to_string(z), font * 0.8f, p.text_muted);
      for (int64_t by = 0; by < g.y; ++by)
        for (int64_t bx = 0; bx < g.x; ++bx)
          c.rect(o + Vec2{float(bx * b.x) * L.cell, float(by * b.y) * L.cell},
                 o + Vec2{float((bx + 1) * b.x) * L.cell, float((by + 1) * b.y) * L.cell}, p.text,
                 1.5f);
      if (z < d.z) c.rect(o, o + Vec2{float(d.x) * L.cell, float(d.y) * L.cell}, p.write, 2.5f);
    }
  for (const auto& [lo, hi] : divergent) c.rect(lo, hi, p.divergent, L.cell > 6 ? 2.0f : 1.2f);
  if (g.z * b.z > kMaxSlices)
    c.text({font, size.y - font * 1.5f},
           trf("z slices 0-{0} of {1} drawn", kMaxSlices - 1, g.z * b.z), font * 0.8f,
           p.text_muted);
  draw_warps_facts(c, {split + font, header + font}, {size.x - font, size.y - font}, r, p, font);
}

}  // namespace ws::app
