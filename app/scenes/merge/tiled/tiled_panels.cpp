// The tiled figure's lower half: the threads' work in the iteration shown (or the blocks' ranges
// before the loop) and the global loads per output of the basic, tiled and circular merges.
#include <algorithm>
#include <cstdio>

#include "i18n/i18n.h"
#include "tiled_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

std::string tiled_ratio(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

gfx::Color tiled_load_colour(const gfx::Palette& p) {
  return mix(p.warp_color(0), p.background, 0.25f);
}

gfx::Color tiled_read_colour(const gfx::Palette& p) {
  return mix(p.warp_color(1), p.background, 0.25f);
}

}  // namespace

void draw_tiled_threads(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                        const merge::MergeTeachRun& run, int block, int iteration,
                        const gfx::Palette& p, float font, HoverMap& hover) {
  const float f = font * 0.8f, line = f * 1.35f, width = max.x - min.x;
  float y = min.y;
  std::vector<std::pair<std::string, gfx::Color>> lines;
  if (iteration < 0) {
    c.text(min, tr("Each block's share of C, from thread 0's two co-rank searches:"), f, p.text);
    for (const merge::BlockRange& r : run.block_ranges)
      lines.push_back({trf("block {0}: C[{1}, {2}) from A[{3}, {4}) and B[{5}, {6})", r.block,
                           r.C_curr, r.C_next, r.A_curr, r.A_next, r.B_curr, r.B_next),
                       r.block == block ? p.text : p.text_muted});
  } else {
    const merge::TileIteration* it = tiled_iteration(run, block, iteration);
    const merge::BlockRange* br = nullptr;
    for (const merge::BlockRange& r : run.block_ranges)
      if (r.block == block) br = &r;
    c.text(min,
           trf("Iteration {0} of block {1}: each thread's outputs and its co-ranks in the tile",
               iteration + 1, block),
           f, p.text);
    if (it && br) {
      const int a0 = br->A_curr + it->A_consumed, b0 = br->B_curr + it->B_consumed;
      for (const merge::ThreadRange& r : run.ranges) {
        if (r.block != block || r.iteration != iteration) continue;
        const std::string global =
            trf("A[{0}, {1}), B[{2}, {3})", r.i_curr, r.i_next, r.j_curr, r.j_next);
        lines.push_back({trf("thread {0}: C[{1}, {2}) from A_S[{3}, {4}) and B_S[{5}, {6}) ({7})",
                             r.thread, r.k_curr, r.k_next, r.i_curr - a0, r.i_next - a0,
                             r.j_curr - b0, r.j_next - b0, global),
                         p.warp_color(r.thread)});
      }
      lines.push_back({trf("the tile's {0} outputs took {1} keys of A and {2} of B: A_consumed "
                           "and B_consumed grow by them",
                           it->outputs, it->A_used, it->B_used),
                       p.text_muted});
    }
  }
  y += line * 1.2f;
  for (const auto& [text, colour] : lines) {
    if (y + line > max.y) break;
    c.rect_filled({min.x, y + line * 0.2f}, {min.x + f * 0.6f, y + line * 0.8f}, colour);
    const std::string shown = fit_text(c, text, f, width - f);
    c.text({min.x + f, y}, shown, f, p.text);
    hover.add({min.x, y}, {max.x, y + line}, text);
    y += line;
  }
}

void draw_tiled_loads(gfx::Canvas& c, gfx::Vec2 min, gfx::Vec2 max,
                      const std::vector<MergeLoads>& loads, merge::MergeVariant shown,
                      const gfx::Palette& p, float font, HoverMap& hover) {
  const float f = font * 0.8f;
  c.text(min, tr("Global loads of A and B per output (this input, this launch)"), f, p.text);
  if (loads.empty()) return;
  double most = 0;
  for (const MergeLoads& l : loads) most = std::max(most, l.loads_per_output());
  if (most <= 0) most = 1;
  const float label_w = f * 6.5f, bar_h = f * 1.3f, gap = f * 1.9f;
  const float bar_w = std::max(10.0f, (max.x - min.x) - label_w - f * 0.5f);
  float y = min.y + f * 1.6f;
  for (const MergeLoads& l : loads) {
    const merge::MergeInfo& info = merge::merge_info(l.variant);
    const bool is_shown = l.variant == shown;
    c.text({min.x, y + bar_h / 2}, std::to_string(int(l.variant)) + " " + info.id, f,
           is_shown ? p.text : p.text_muted, gfx::HAlign::Left, gfx::VAlign::Middle);
    const float x0 = min.x + label_w;
    const double per = double(std::max<int64_t>(1, l.outputs));
    const float tile_w = float(double(l.tile_loads) / per / most) * bar_w;
    const float other_w = float(double(l.other_reads) / per / most) * bar_w;
    c.rect_filled({x0, y}, {x0 + tile_w, y + bar_h}, tiled_load_colour(p));
    c.rect_filled({x0 + tile_w, y}, {x0 + tile_w + other_w, y + bar_h}, tiled_read_colour(p));
    c.rect({x0, y}, {x0 + tile_w + other_w, y + bar_h}, is_shown ? p.highlight : p.cell_border,
           is_shown ? 2.0f : 1.0f);
    const std::string text =
        trf("{0} loads per output: {1} tile loads, {2} other reads; {3} sectors",
            tiled_ratio(l.loads_per_output()), l.tile_loads, l.other_reads, l.sectors);
    c.text({x0, y + bar_h + 1}, fit_text(c, text, f * 0.85f, bar_w), f * 0.85f, p.text_muted);
    std::string say = trf("{0}: {1}", info.id, text);
    if (l.tile_loads > 0)
      say += "; " + trf("each key of A and B loaded into a tile {0} to {1} times",
                        l.fewest_loads_of_a_key, l.most_loads_of_a_key);
    hover.add({min.x, y}, {max.x, y + bar_h}, say);
    y += bar_h + gap;
  }
  draw_swatches(c, {min.x, std::min(y, max.y - f * 1.4f)},
                {{tiled_load_colour(p), tr("tile loads")},
                 {tiled_read_colour(p), tr("co-rank searches and the basic merge's reads")}},
                p, f * 0.85f);
}

}  // namespace ws::app
