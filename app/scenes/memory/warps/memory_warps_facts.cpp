// The warps figure's right column: the launch's counts, the book's numbers beside them (book says
// / launch gives / why), the occupancy of a block and the cliff against registers per thread.
#include <algorithm>

#include "i18n/i18n.h"
#include "memory_warps_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

// Occupancy against registers per thread, the chosen count marked. Returns nothing.
void draw_occupancy_cliff(gfx::Canvas& c, Vec2 min, Vec2 max, const WarpsRun& r,
                          const gfx::Palette& p, float f) {
  if (r.cliff.empty() || max.y - min.y < f * 4) return;
  c.text(min,
         trf("occupancy against registers per thread ({0}-thread blocks)", r.input.block_threads),
         f, p.text);
  const Vec2 lo{min.x + f * 2.5f, min.y + f * 1.6f}, hi{max.x - f * 0.5f, max.y - f * 1.3f};
  c.line({lo.x, hi.y}, {hi.x, hi.y}, p.text_muted);
  c.line({lo.x, lo.y}, {lo.x, hi.y}, p.text_muted);
  const double max_x = double(r.cliff.back().x);
  auto at = [&](double x, double y) {
    return Vec2{lo.x + (hi.x - lo.x) * float(x / max_x), hi.y - (hi.y - lo.y) * float(y)};
  };
  for (double y : {0.0, 0.5, 1.0})
    c.text({lo.x - 3, at(0, y).y}, std::to_string(int(y * 100)) + "%", f * 0.8f, p.text_muted,
           HAlign::Right, VAlign::Middle);
  for (int x : {1, 32, 64, 128, 255})
    if (x <= max_x)
      c.text({at(x, 0).x, hi.y + 2}, std::to_string(x), f * 0.8f, p.text_muted, HAlign::Center);
  for (size_t i = 0; i + 1 < r.cliff.size(); ++i) {
    const mem::OccupancyPoint &a = r.cliff[i], &b = r.cliff[i + 1];
    c.line(at(double(a.x), a.occupancy), at(double(b.x), a.occupancy), p.highlight, 2);
    c.line(at(double(b.x), a.occupancy), at(double(b.x), b.occupancy), p.highlight, 2);
  }
  const Vec2 m = at(r.input.regs_per_thread, r.occupancy.occupancy);
  c.circle_filled(m, f * 0.4f, p.divergent);
}

}  // namespace

void draw_warps_facts(gfx::Canvas& c, Vec2 min, Vec2 max, const WarpsRun& r, const gfx::Palette& p,
                      float font) {
  const float f = font * 0.85f, row = f * 1.45f;
  const float w = max.x - min.x;
  float y = min.y;
  const mem::LaunchCounts& n = r.launch.counts;
  const std::pair<std::string, int64_t> counts[] = {
      {tr("blocks"), n.blocks},         {tr("warps"), n.warps},
      {tr("full warps"), n.full_warps}, {tr("divergent warps"), n.divergent_warps},
      {tr("idle warps"), n.idle_warps}, {tr("threads in range"), n.threads_in_range}};
  for (const auto& [name, value] : counts) {
    c.text({min.x, y}, name, f, p.text_muted);
    c.text({min.x + w * 0.55f, y}, std::to_string(value), f, p.text);
    y += row;
  }
  if (!r.book.empty()) {
    y += row * 0.4f;
    c.text({min.x, y}, tr("book says / launch gives"), f, p.text);
    y += row;
    for (const mem::BookCount& b : r.book) {
      const bool same = b.book == b.computed;
      c.text({min.x, y},
             fit_text(c,
                      tr_text(b.quantity) + ": " + std::to_string(b.book) + " / " +
                          std::to_string(b.computed) + (same ? "" : "  ≠"),
                      f, w),
             f, same ? p.text : p.divergent);
      y += row;
      if (!b.why.empty()) {
        // The reason, wrapped over a few lines.
        std::string why = tr_text(b.why);
        while (!why.empty() && y < max.y - row) {
          std::string part = fit_text(c, why, f * 0.85f, w);
          if (part.size() >= 3 && part.compare(part.size() - 3, 3, "…") == 0) {
            part = part.substr(0, part.size() - 3);
            const size_t space = part.rfind(' ');
            if (space != std::string::npos && space > 0) part = part.substr(0, space);
          }
          if (part.empty()) break;
          c.text({min.x + f, y}, part, f * 0.85f, p.text_muted);
          why = why.substr(std::min(why.size(), part.size()));
          while (!why.empty() && why[0] == ' ') why.erase(0, 1);
          y += row * 0.9f;
        }
      }
    }
  }
  y += row * 0.4f;
  const mem::Occupancy& o = r.occupancy;
  c.text({min.x, y},
         fit_text(c,
                  r.device_measured ? r.device.name
                                    : trf("{0} (a table entry: CPU backend)", r.device.name),
                  f, w),
         f, p.text);
  y += row;
  c.text({min.x, y},
         fit_text(c,
                  trf("{0} threads, {1} registers, {2} B shared per block", r.input.block_threads,
                      r.input.regs_per_thread, r.input.smem_per_block),
                  f, w),
         f, p.text);
  y += row;
  c.text({min.x, y},
         fit_text(c,
                  trf("{0} blocks per SM: {1}% occupancy, limited by {2}", o.blocks_per_sm,
                      int(o.occupancy * 100 + 0.5), limiter_text(o.limiter)),
                  f, w),
         f, o.occupancy < 1 ? p.divergent : p.text);
  y += row * 1.4f;
  draw_occupancy_cliff(c, {min.x, y}, max, r, p, f);
}

}  // namespace ws::app
