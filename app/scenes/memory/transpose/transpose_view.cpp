// The transpose teach figure: per run, the input, the shared tile of the shown warp's block (its
// padding column greyed) and the output as cells coloured by the warp that touched them in the
// step, then the shown warp's accesses of the step: a global one as the 32-byte sectors it
// touches, a shared one as its 32 banks, and the step's counters.
#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

#include "i18n/i18n.h"
#include "i18n/wording.h"
#include "transpose_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"
#include "views/value_grid.h"
#include "warp_access_list.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

constexpr int kTpIn = 0, kTpOut = 1, kTpTile = 2;  // transpose.h's buffers

// Who touched what in one step: the thread that read each input element, wrote each output
// element, and wrote / read each element of the shown block's tile (-1: none).
struct TpCells {
  std::vector<int32_t> in_reader, out_writer, tile_writer, tile_reader;
};

struct TpShown {
  const TransposeTaught* taught = nullptr;
  int step = 0;
  int warp = 0;  // launch-wide
  int block = 0;
  int warps_per_block = 1;
  TpCells cells;
  std::vector<WarpAccess> accesses;  // the shown warp's, this step
};

const mem::TransposeRun& tp_run(const TpShown& s) {
  return s.taught->run;
}

int tp_warp_of(const TpShown& s, int32_t thread) {
  const int bt = tp_run(s).geometry.block_threads();
  return (thread / bt) * s.warps_per_block + (thread % bt) / tp_run(s).trace.warp_size;
}

TpShown tp_shown(const TransposeTaught& t, int step, int warp) {
  TpShown s;
  s.taught = &t;
  const mem::TransposeRun& run = t.run;
  s.step = std::clamp(step, 0, int(run.trace.steps.size()) - 1);
  const int bt = run.geometry.block_threads();
  s.warps_per_block = (bt + run.trace.warp_size - 1) / run.trace.warp_size;
  s.warp = std::clamp(warp, 0, transpose_warp_count(run) - 1);
  s.block = s.warp / s.warps_per_block;
  const size_t n = size_t(run.rows) * run.cols;
  s.cells.in_reader.assign(n, -1);
  s.cells.out_writer.assign(n, -1);
  const bool tiled = run.trace.buffers.size() > kTpTile;
  const int tile_size = tiled ? run.trace.buffers[kTpTile].size : 0;
  s.cells.tile_writer.assign(size_t(tile_size), -1);
  s.cells.tile_reader.assign(size_t(tile_size), -1);
  for (const TraceEvent& e : run.trace.steps[size_t(s.step)].events) {
    if (e.address < 0) continue;
    if (e.buffer == kTpIn && e.kind == EventKind::Read)
      s.cells.in_reader[size_t(e.address)] = e.thread;
    if (e.buffer == kTpOut && e.kind == EventKind::Write)
      s.cells.out_writer[size_t(e.address)] = e.thread;
    if (e.buffer == kTpTile && e.thread / bt == s.block) {
      if (e.kind == EventKind::Write) s.cells.tile_writer[size_t(e.address)] = e.thread;
      if (e.kind == EventKind::Read) s.cells.tile_reader[size_t(e.address)] = e.thread;
    }
  }
  for (WarpAccess& a : warp_access_list(run.trace, s.step))
    if (a.block * s.warps_per_block + a.warp == s.warp) s.accesses.push_back(std::move(a));
  return s;
}

std::string tp_thread_text(const TpShown& s, int32_t thread) {
  const mem::TransposeGeometry& g = tp_run(s).geometry;
  const int bt = g.block_threads();
  const int local = thread % bt;
  return trf("thread {0} (block {1}, tx {2}, ty {3}; warp {4}, lane {5})", thread, thread / bt,
             local % g.block_x, local / g.block_x, tp_warp_of(s, thread),
             local % tp_run(s).trace.warp_size);
}

// A global element's place in memory: byte address, sector and line.
std::string tp_memory_text(int32_t element) {
  return trf("element {0}, byte {1}, sector {2}, line {3}", element, int64_t{element} * 4,
             global_sector(element, 4), int64_t{element} * 4 / kMemLineBytes);
}

gfx::Color tp_warp_fill(const TpShown& s, const gfx::Palette& p, int32_t thread) {
  const int w = tp_warp_of(s, thread);
  return mix(p.background, p.warp_color(w), w == s.warp ? 0.8f : 0.3f);
}

std::string tp_value(double v) {
  return std::isnan(v) ? "" : std::to_string(int64_t(v));
}

// The three grids of one run inside [min, max].
void tp_draw_grids(gfx::Canvas& c, Vec2 min, Vec2 max, const std::shared_ptr<const TpShown>& sp,
                   const gfx::Palette& p, float font, HoverMap& hover) {
  const TpShown& s = *sp;
  const mem::TransposeRun& run = tp_run(s);
  const mem::TransposeGeometry& g = run.geometry;
  const bool tiled = run.trace.buffers.size() > kTpTile;
  const int tile_w = g.tile + g.pad;
  const float gap = font * 1.5f;
  const float total_cols = float(run.cols + run.rows + (tiled ? tile_w : 0));
  const float room = max.x - min.x - gap * (tiled ? 2 : 1);
  const float unit = room / total_cols;
  const std::vector<double>& out_now = s.taught->traced.snapshots[size_t(s.step)][kTpOut];
  float x = min.x;
  const GridGeometry in_geo = draw_value_grid(
      c, {x, min.y}, {x + unit * run.cols, max.y}, run.cols, run.rows,
      [&](int cx, int cy) {
        GridCell cell;
        const size_t i = size_t(cy) * run.cols + cx;
        cell.text = tp_value(run.input[i]);
        const int32_t t = s.cells.in_reader[i];
        if (t >= 0) {
          cell.fill = tp_warp_fill(s, p, t);
          cell.read = true;
          cell.emphasis = tp_warp_of(s, t) == s.warp;
        }
        return cell;
      },
      trf("in: {0} x {1}, global", run.rows, run.cols), p, font);
  hover.add(in_geo.min, in_geo.cell_max(run.cols - 1, run.rows - 1), [sp, in_geo](Vec2 point) {
    const TpShown& s = *sp;
    int cx = 0, cy = 0;
    if (!in_geo.cell_at(point, cx, cy)) return std::string();
    const mem::TransposeRun& r = tp_run(s);
    const int32_t i = cy * r.cols + cx;
    std::string text =
        trf("in[{0}][{1}] = {2}: ", cy, cx, tp_value(r.input[size_t(i)])) + tp_memory_text(i);
    const int32_t t = s.cells.in_reader[size_t(i)];
    if (t >= 0) text += "; " + trf("read by {0}", tp_thread_text(s, t));
    return text;
  });
  x += unit * run.cols + gap;
  if (tiled) {
    const size_t base = size_t(s.block) * run.trace.buffers[kTpTile].size;
    const std::vector<double>& tile_now = s.taught->traced.snapshots[size_t(s.step)][kTpTile];
    const GridGeometry tile_geo = draw_value_grid(
        c, {x, min.y}, {x + unit * tile_w, max.y}, tile_w, g.tile,
        [&](int cx, int cy) {
          GridCell cell;
          const int a = cy * tile_w + cx;
          if (cx >= g.tile) {
            cell.unwritten = true;  // the padding column: never written, never read
            return cell;
          }
          cell.text = tp_value(tile_now[base + size_t(a)]);
          cell.unwritten = cell.text.empty();
          const int32_t w = s.cells.tile_writer[size_t(a)], r = s.cells.tile_reader[size_t(a)];
          const int32_t t = r >= 0 ? r : w;
          if (t >= 0) {
            cell.fill = tp_warp_fill(s, p, t);
            cell.read = r >= 0;
            cell.written = w >= 0;
            cell.emphasis = tp_warp_of(s, t) == s.warp;
          }
          cell.note = std::to_string(shared_bank(a, 4));
          return cell;
        },
        g.pad ? trf("tile of block {0}: {1} x ({1} + 1), shared", s.block, g.tile)
              : trf("tile of block {0}: {1} x {1}, shared", s.block, g.tile),
        p, font);
    hover.add(tile_geo.min, tile_geo.cell_max(tile_w - 1, g.tile - 1),
              [sp, tile_geo, tile_w, tile = g.tile](Vec2 point) {
                const TpShown& s = *sp;
                int cx = 0, cy = 0;
                if (!tile_geo.cell_at(point, cx, cy)) return std::string();
                const int a = cy * tile_w + cx;
                std::string text =
                    trf("tile[{0}][{1}]: word {2}, bank {3}", cy, cx, a, shared_bank(a, 4));
                if (cx >= tile) return text + "; " + tr("the padding column: never used");
                if (const int32_t w = s.cells.tile_writer[size_t(a)]; w >= 0)
                  text += "; " + trf("written by {0}", tp_thread_text(s, w));
                if (const int32_t r = s.cells.tile_reader[size_t(a)]; r >= 0)
                  text += "; " + trf("read by {0}", tp_thread_text(s, r));
                return text;
              });
    x += unit * tile_w + gap;
  }
  const GridGeometry out_geo = draw_value_grid(
      c, {x, min.y}, {max.x, max.y}, run.rows, run.cols,
      [&](int cx, int cy) {
        GridCell cell;
        const size_t i = size_t(cy) * run.rows + cx;
        cell.text = tp_value(out_now[i]);
        cell.unwritten = cell.text.empty();
        const int32_t t = s.cells.out_writer[i];
        if (t >= 0) {
          cell.fill = tp_warp_fill(s, p, t);
          cell.written = true;
          cell.emphasis = tp_warp_of(s, t) == s.warp;
        }
        return cell;
      },
      trf("out: {0} x {1}, global", run.cols, run.rows), p, font);
  hover.add(out_geo.min, out_geo.cell_max(run.rows - 1, run.cols - 1), [sp, out_geo](Vec2 point) {
    const TpShown& s = *sp;
    int cx = 0, cy = 0;
    if (!out_geo.cell_at(point, cx, cy)) return std::string();
    const mem::TransposeRun& r = tp_run(s);
    const int32_t i = cy * r.rows + cx;
    std::string text = trf("out[{0}][{1}]: ", cy, cx) + tp_memory_text(i);
    if (const int32_t t = s.cells.out_writer[size_t(i)]; t >= 0)
      text += "; " + trf("written by {0}", tp_thread_text(s, t));
    return text;
  });
}

// One access of the shown warp as a row: sectors (global) or banks (shared), and its numbers.
float tp_draw_access(gfx::Canvas& c, Vec2 at, float width, const TpShown& s, const WarpAccess& a,
                     const gfx::Palette& p, float font, HoverMap& hover) {
  const Trace& trace = tp_run(s).trace;
  const TraceBuffer& buffer = trace.buffers[size_t(a.buffer)];
  const bool global = buffer.space == MemSpace::Global;
  const float h = font * 1.3f, label_w = font * 6;
  const std::string what =
      (a.kind == EventKind::Read ? tr("read") : tr("write")) + std::string(" ") + buffer.name;
  c.text({at.x, at.y + h / 2}, what, font * 0.85f, p.text, HAlign::Left, VAlign::Middle);
  const float box = std::min(h, (width - label_w) * 0.62f / kMemBanks);
  float x = at.x + label_w;
  std::string numbers;
  if (global) {
    std::map<int64_t, std::vector<int32_t>> lanes_per_sector;
    for (size_t i = 0; i < a.addresses.size(); ++i)
      lanes_per_sector[global_sector(a.addresses[i], 4)].push_back(a.threads[i]);
    for (const auto& [sector, lanes] : lanes_per_sector) {
      const Vec2 b0{x, at.y}, b1{x + box - 1, at.y + box};
      c.rect_filled(b0, b1, mix(p.background, p.global_row, 0.8f));
      c.rect(b0, b1, p.cell_border, 1);
      c.text({(b0.x + b1.x) / 2, (b0.y + b1.y) / 2}, std::to_string(lanes.size()), box * 0.55f,
             p.text, HAlign::Center, VAlign::Middle);
      hover.add(b0, b1,
                trf("sector {0}: bytes {1}..{2}, {3} of its 8 floats used by this warp", sector,
                    sector * kMemSectorBytes, sector * kMemSectorBytes + kMemSectorBytes - 1,
                    lanes.size()));
      x += box;
    }
    const int64_t used = int64_t(a.addresses.size()) * 4, moved = a.sectors * kMemSectorBytes;
    numbers = trf("{0} sectors, {1} lines: {2} of {3} bytes used ({4}%)", a.sectors, a.lines, used,
                  moved, moved ? used * 100 / moved : 0);
  } else {
    std::map<int, std::vector<int32_t>> words_per_bank;
    for (int32_t address : a.addresses) words_per_bank[shared_bank(address, 4)].push_back(address);
    for (int bank = 0; bank < kMemBanks; ++bank) {
      std::vector<int32_t> words = words_per_bank[bank];
      std::sort(words.begin(), words.end());
      words.erase(std::unique(words.begin(), words.end()), words.end());
      const Vec2 b0{x, at.y}, b1{x + box - 1, at.y + box};
      const float heat =
          words.empty() ? 0 : std::min(1.0f, 0.25f + 0.75f * float(words.size()) / 8);
      c.rect_filled(b0, b1,
                    words.size() > 1 ? mix(p.background, p.mismatch, heat)
                                     : mix(p.background, p.shared_row, heat));
      c.rect(b0, b1, p.cell_border, 1);
      if (!words.empty())
        c.text({(b0.x + b1.x) / 2, (b0.y + b1.y) / 2}, std::to_string(words.size()), box * 0.55f,
               p.text, HAlign::Center, VAlign::Middle);
      hover.add(b0, b1, trf("bank {0}: {1} distinct words from this warp", bank, words.size()));
      x += box;
    }
    numbers = a.ways > 1 ? trf("{0}-way bank conflict: {0} passes", a.ways)
                         : tr("no bank conflict: one pass");
  }
  c.text({x + font * 0.5f, at.y + h / 2},
         fit_text(c, numbers, font * 0.8f, at.x + width - x - font * 0.5f), font * 0.8f,
         global ? p.text : (a.ways > 1 ? p.mismatch : p.text), HAlign::Left, VAlign::Middle);
  return h * 1.15f;
}

void tp_draw_band(gfx::Canvas& c, Vec2 min, Vec2 max, const std::shared_ptr<const TpShown>& sp,
                  bool named, const gfx::Palette& p, float font, HoverMap& hover) {
  const TpShown& s = *sp;
  const mem::TransposeRun& run = tp_run(s);
  float top = min.y;
  if (named) {
    c.text({min.x, top},
           fit_text(c,
                    std::to_string(int(run.params.variant)) + " " +
                        tr_text(mem::transpose_info(run.params.variant).title),
                    font, max.x - min.x),
           font, p.text);
    top += font * 1.4f;
  }
  const int accesses = std::max<int>(1, int(s.accesses.size()));
  const float strip_h = font * 1.5f * (accesses + 1) + font * 1.2f;
  tp_draw_grids(c, {min.x, top}, {max.x, max.y - strip_h}, sp, p, font, hover);
  float y = max.y - strip_h + font * 0.4f;
  c.text({min.x, y},
         trf("warp {0} (block {1}): its accesses in this step, sectors and banks", s.warp, s.block),
         font * 0.85f, p.text_muted);
  y += font * 1.3f;
  if (s.accesses.empty()) {
    c.text({min.x, y}, tr("no access by this warp in this step"), font * 0.8f, p.text_muted);
    y += font * 1.5f;
  }
  for (const WarpAccess& a : s.accesses)
    y += tp_draw_access(c, {min.x, y}, max.x - min.x, s, a, p, font, hover);
  const StepCounters& k = s.taught->traced.counters.per_step.at(size_t(s.step));
  c.text({min.x, max.y - font * 1.1f},
         fit_text(c,
                  trf("step: {0} sectors, {1} lines, {2} bank conflicts (worst {3}-way), {4} "
                      "barriers",
                      k.global_requests, k.global_lines, k.bank_conflicts,
                      std::max<int64_t>(1, k.max_bank_ways), k.barriers),
                  font * 0.85f, max.x - min.x),
         font * 0.85f, p.text);
}

}  // namespace

void draw_transpose_teach(gfx::Canvas& c, gfx::Theme theme, const TransposeTaught& taught,
                          const TransposeTaught* compare, int step, int warp, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  const mem::TransposeRun& run = taught.run;
  const mem::TransposeInfo& info = mem::transpose_info(run.params.variant);
  const int steps = int(run.trace.steps.size());
  const int shown = std::clamp(step, 0, steps - 1);
  const TraceStep& ts = run.trace.steps[size_t(shown)];
  const float top = draw_header(
      c, trf("Transpose {0} x {1}: {2}", run.rows, run.cols, tr_text(info.title)),
      trf("variant {0} ({1}); tile {2}, blocks of {3} x {4} threads; f32, 32-byte sectors, "
          "32 banks",
          info.id, kernel_text(info.reference), run.geometry.tile, run.geometry.block_x,
          run.geometry.block_y),
      trf("Step {0} of {1}: {2}", shown + 1, steps, step_name_with_phase(ts.label, ts.phase)),
      tr_text(info.lesson), p, font);
  // Shared pointers keep the shown facts alive for the hover map's closures.
  std::vector<std::shared_ptr<const TpShown>> kept;
  kept.push_back(std::make_shared<TpShown>(tp_shown(taught, shown, warp)));
  if (compare && step < int(compare->run.trace.steps.size()))
    kept.push_back(std::make_shared<TpShown>(tp_shown(*compare, step, warp)));
  const Vec2 size = c.size();
  const float margin = font * 0.5f;
  const float band_h = (size.y - top - margin) / float(kept.size());
  for (size_t i = 0; i < kept.size(); ++i)
    tp_draw_band(c, {margin, top + band_h * float(i)},
                 {size.x - margin, top + band_h * float(i + 1) - margin}, kept[i], kept.size() > 1,
                 p, font, hover);
}

}  // namespace ws::app
