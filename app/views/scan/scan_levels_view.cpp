// The hierarchical scan by levels: the input; each level's shared-memory section buffer (one
// section per block, drawn as it is after the current step, so the block-local scan visibly
// progresses); the block-local results; the array of block sums (each sum drawn under the block
// it totals); its own scan (and deeper levels when the sums do not fit one block); the add-back
// that turns the block-local scans into the global one. Global arrays get one row per step that
// wrote them; cells are as wide as the input elements they stand for; the cells the current step
// wrote are underlined, with lines (or, inside one buffer, arcs) from what it read.
#include <algorithm>
#include <cmath>
#include <map>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "interop/colormap.h"
#include "scan_views.h"
#include "views/legend.h"

namespace ws::app {

using gfx::Color;
using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

struct LevelRow {
  int step;  // -1: the input; a shared row: the first step that writes it
  int buffer;
  int64_t span;       // input elements per cell: section^level
  bool live = false;  // a shared buffer: one row showing its state at the current step
};

bool writes(const TraceStep& step, int buffer) {
  for (const TraceEvent& e : step.events)
    if ((e.kind == EventKind::Write || e.kind == EventKind::Atomic) && e.buffer == buffer)
      return true;
  return false;
}

// An arc above a row from one cell to another of the same buffer (a read and a write in place).
void arc(gfx::Canvas& c, Vec2 from, Vec2 to, float rise, Color colour, float thickness) {
  constexpr int kSegments = 10;
  const Vec2 mid{(from.x + to.x) / 2, std::min(from.y, to.y) - rise};
  Vec2 last = from;
  for (int k = 1; k <= kSegments; ++k) {
    const float t = static_cast<float>(k) / kSegments;
    const float u = 1 - t;
    const Vec2 next{u * u * from.x + 2 * u * t * mid.x + t * t * to.x,
                    u * u * from.y + 2 * u * t * mid.y + t * t * to.y};
    c.line(last, next, colour, thickness);
    last = next;
  }
}

}  // namespace

std::vector<LevelsRowInfo> scan_level_rows(const ScanRun& r, int current) {
  const Trace& trace = r.run.trace;
  std::vector<LevelsRowInfo> out;
  if (trace.steps.empty()) return out;
  current = std::clamp(current, 0, static_cast<int>(trace.steps.size()) - 1);
  out.push_back({-1, 0, false, -1});
  std::map<int, size_t> live_rows;  // shared buffer -> its row
  for (int s = 0; s < static_cast<int>(trace.steps.size()); ++s) {
    std::map<int, int> written;  // buffers this step wrote, in buffer order
    for (const TraceEvent& e : trace.steps[s].events)
      if ((e.kind == EventKind::Write || e.kind == EventKind::Atomic) && e.buffer != 0 &&
          trace.buffers[e.buffer].space != MemSpace::Register)
        written[e.buffer] = 1;
    for (const auto& [b, unused] : written) {
      if (trace.buffers[b].space == MemSpace::Global) {
        out.push_back({s, b, false, s});
      } else if (!live_rows.count(b)) {
        live_rows[b] = out.size();
        out.push_back({s, b, true, -1});
      }
    }
  }
  // A live row shows its buffer after the last step up to the current one that wrote it.
  for (LevelsRowInfo& row : out) {
    if (!row.live) continue;
    for (int s = row.first_step; s <= current; ++s)
      if (writes(trace.steps[s], row.buffer)) row.shown_step = s;
  }
  return out;
}

void draw_scan_levels(gfx::Canvas& c, const ScanRun& r, int current, const gfx::Palette& p,
                      ScanHoverPane& pane) {
  const Trace& trace = r.run.trace;
  const Vec2 size = c.size();
  if (trace.steps.empty() || size.x < 60 || size.y < 40) return;
  current = std::clamp(current, 0, static_cast<int>(trace.steps.size()) - 1);
  pane.current_step = current;
  const int last_step = static_cast<int>(trace.steps.size()) - 1;
  const int64_t n = std::max<int64_t>(1, trace.buffers[0].size);
  const int64_t section =
      std::max<int64_t>(2, scan::section_size(r.run.params, trace.steps[0].block_dim));
  auto span_of = [&](int64_t cells) {
    const double level = std::round(std::log(static_cast<double>(n) / std::max<int64_t>(1, cells)) /
                                    std::log(static_cast<double>(section)));
    int64_t span = 1;
    for (int l = 0; l < static_cast<int>(level); ++l) span *= section;
    return span;
  };
  const std::vector<LevelsRowInfo> infos = scan_level_rows(r, current);
  std::vector<LevelRow> rows;
  for (const LevelsRowInfo& info : infos) {
    const TraceBuffer& b = trace.buffers[info.buffer];
    LevelRow row{info.live ? info.first_step : info.shown_step, info.buffer, 1, info.live};
    if (row.step >= 0) row.span = span_of(b.size);
    if (info.live) {
      // A section buffer is padded to whole sections: its cells stand for the elements of the
      // global array its first step loads from.
      for (const TraceEvent& e : trace.steps[row.step].events) {
        if (e.kind != EventKind::Read || trace.buffers[e.buffer].space != MemSpace::Global)
          continue;
        for (const LevelRow& above : rows)
          if (above.buffer == e.buffer) row.span = above.span;
        break;
      }
    }
    rows.push_back(row);
  }

  const float s = std::max(1.0f, std::min(size.x / 1280.0f, size.y / 720.0f));
  const float label_w = std::clamp(size.x * 0.2f, 100.0f, 220.0f * s);
  const float x0 = label_w + 10;
  const float unit = (size.x - x0 - 6) / static_cast<float>(n);
  const float pitch = std::min(size.y / static_cast<float>(rows.size()), 110.0f * s);
  const float cell_h = std::clamp(pitch * 0.5f, 4.0f, 40.0f * s);
  const float gap = pitch - cell_h;
  const float label_font = std::clamp(pitch * 0.26f, 9.0f, 16.0f * s);
  const float mark_h = std::clamp(gap * 0.12f, 2.0f, 5.0f * s);
  auto cell_y = [&](int row) { return row * pitch + gap * 0.7f; };
  // The row a read of `buffer` comes from: the row itself for a shared buffer read in place,
  // else the nearest row above holding that buffer.
  auto row_of = [&](int here, int buffer) {
    if (rows[here].buffer == buffer) return here;
    for (int k = here - 1; k >= 0; --k)
      if (rows[k].buffer == buffer) return k;
    return -1;
  };
  auto cell_x = [&](const LevelRow& row, int64_t i) {
    return x0 + unit * static_cast<float>(std::min(n, i * row.span));
  };

  c.begin_group("levels");
  const TraceStep& now_step = trace.steps[current];
  bool writes_any = false;
  for (const TraceEvent& e : now_step.events)
    writes_any = writes_any || e.kind == EventKind::Write || e.kind == EventKind::Atomic;
  if (!writes_any)  // a stride no thread has work at: say so, or the frame looks stuck
    c.text({x0, 2},
           fit_text(c,
                    trf("'{0}' writes nothing: no thread has work at this step",
                        tr_text(now_step.label)) +
                        (now_step.barriers ? tr("; each block only waits at its barriers") : ""),
                    label_font, size.x - x0 - 4),
           label_font, p.text, HAlign::Left, VAlign::Top);
  int budget = 4000;
  // Two passes: the labels and lines first, then every row's cells over them, so a line that
  // skips rows runs behind the rows it crosses instead of through their numbers.
  for (int pass = 0; pass < 2; ++pass)
    for (int ri = 0; ri < static_cast<int>(rows.size()); ++ri) {
      const bool lines_pass = pass == 0;
      const LevelRow& row = rows[ri];
      const LevelsRowInfo& info = infos[ri];
      const TraceBuffer& buffer = trace.buffers[row.buffer];
      // The step whose state the row shows; -1 for the input and a live row not written yet.
      const int shown = info.shown_step;
      const bool future = row.step > current || (row.live && shown < 0);
      const bool now = shown == current && shown >= 0;
      const float y = cell_y(ri);
      const int64_t count = int64_t{buffer.size} * buffer.blocks;
      if (now && lines_pass)
        c.rect_filled({0, y - gap * 0.5f}, {size.x, y + cell_h + mark_h + 3},
                      p.highlight.with_alpha(45), 4);
      std::string title = row.step < 0 ? std::string(tr("input")) : tr_text(buffer.name);
      std::string detail;
      if (row.step < 0) {
        detail = trf("{0} values, blocks of {1}", n, section);
      } else if (row.live) {
        title = trf("{0} \xC2\xB7 shared, per block", title);
        detail = future ? trf("from '{0}'", tr_text(trace.steps[row.step].label))
                        : trf("after '{0}'", tr_text(trace.steps[shown].label));
      } else {
        detail = trf("after '{0}'", tr_text(trace.steps[row.step].label));
      }
      if (lines_pass) {
        c.text({4, y + cell_h * 0.5f}, fit_text(c, title, label_font, label_w), label_font,
               future ? p.text_muted : p.text, HAlign::Left, VAlign::Bottom);
        c.text({4, y + cell_h * 0.5f + 1}, fit_text(c, detail, label_font * 0.85f, label_w),
               label_font * 0.85f, p.text_muted, HAlign::Left, VAlign::Top);
      }

      // Lines from what each write read: from a row above, or an arc within a shared buffer. The
      // rows of earlier steps keep their lines, faintly; a live row shows only the current step's.
      std::vector<int64_t> written_now;
      if (row.step >= 0 && !future && (!row.live || now)) {
        const int line_step = row.live ? shown : row.step;
        const TraceStep& step = trace.steps[line_step];
        for (const WriteSources& w : write_sources(step)) {
          const TraceEvent& out = step.events[w.write];
          if (out.buffer != row.buffer) continue;
          const int64_t to_index = flat_event_index(trace, step, out);
          if (line_step == current) written_now.push_back(to_index);
          if (!lines_pass) continue;
          const Vec2 to{(cell_x(row, to_index) + cell_x(row, to_index + 1)) / 2, y};
          const Color colour = (line_step == current ? p.read : p.text_muted)
                                   .with_alpha(line_step == current ? 150 : 90);
          for (size_t read : w.reads) {
            const TraceEvent& src = step.events[read];
            const int64_t from_index = flat_event_index(trace, step, src);
            // An element updated in place (output[i] += sum) needs no line.
            if (src.buffer == out.buffer && from_index == to_index) continue;
            const int from = row_of(ri, src.buffer);
            if (from < 0 || budget-- <= 0) continue;
            const LevelRow& fr = rows[from];
            const float from_x = (cell_x(fr, from_index) + cell_x(fr, from_index + 1)) / 2;
            if (from == ri) {
              arc(c, {from_x, y}, to, std::min(gap * 0.6f, 4 + std::abs(to.x - from_x) * 0.3f),
                  colour, 1.0f);
            } else {
              c.line({from_x, cell_y(from) + cell_h}, to, colour, 1.0f);
            }
          }
        }
      }

      if (lines_pass) continue;
      const std::vector<double>& values =
          row.step < 0 ? buffer.initial
          : future     ? buffer.initial
                       : r.traced.snapshots[row.live ? shown : row.step][row.buffer];
      double lo = 0, hi = 0;
      bool first = true;
      for (double v : values) {
        if (std::isnan(v)) continue;
        lo = first ? v : std::min(lo, v);
        hi = first ? v : std::max(hi, v);
        first = false;
      }
      std::string widest;
      for (double v : values)
        if (format_cell_value(v, trace.op, trace.type).size() > widest.size())
          widest = format_cell_value(v, trace.op, trace.type);
      const float cell_w = unit * static_cast<float>(row.span);
      float font = std::min(cell_h * 0.55f, 20.0f * s);
      while (font >= 7 && c.text_size(widest, font).x > cell_w - 3) font -= 0.5f;
      c.rect_filled(
          {x0 - 3, y - 3}, {size.x - 3, y + cell_h + 3},
          future ? p.background : (buffer.space == MemSpace::Shared ? p.shared_row : p.global_row),
          3);
      const bool final_output = row.step == last_step && current == last_step && row.buffer == 1;
      for (int64_t i = 0; i < count; ++i) {
        const Vec2 a{cell_x(row, i), y}, b{cell_x(row, i + 1), y + cell_h};
        if (b.x <= a.x) continue;
        const double v = future ? std::nan("") : values[i];
        Color fill = std::isnan(v) ? p.cell_unwritten : p.cell_fill;
        if (!std::isnan(v) && font < 7) {
          const float t = hi > lo ? static_cast<float>((v - lo) / (hi - lo)) : 0.5f;
          fill = interop::colormap_color(interop::Colormap::Viridis, t);
          pane.value_colours = true;
        }
        c.rect_filled(a, b, fill);
        if (b.x - a.x >= 4) c.rect(a, b, future ? p.inactive : p.cell_border, 1.0f);
        if (final_output && i < static_cast<int64_t>(r.run.wrong.size()) && r.run.wrong[i])
          c.rect(a - Vec2{1.5f, 1.5f}, b + Vec2{1.5f, 1.5f}, p.mismatch, 3.0f);
        if (font < 7 || std::isnan(v)) continue;
        // The last block's cell can be narrower than the others: its text shrinks or is left to
        // the hover.
        const std::string text = format_cell_value(v, trace.op, trace.type);
        float f = font;
        while (f >= 7 && c.text_size(text, f).x > b.x - a.x - 3) f -= 0.5f;
        if (f >= 7)
          c.text({(a.x + b.x) / 2, (a.y + b.y) / 2}, text, f, p.text, HAlign::Center,
                 VAlign::Middle);
      }
      // The cells this step wrote: a bar under each.
      for (int64_t i : written_now) {
        const float a = cell_x(row, i), b = cell_x(row, i + 1);
        if (b > a)
          c.rect_filled({a, y + cell_h + 1}, {std::max(b, a + 1.0f), y + cell_h + 1 + mark_h},
                        p.write);
      }
      // Block boundaries of the level below: a heavier tick every section cells.
      if (count > section)
        for (int64_t k = section; k < count; k += section) {
          const float x = cell_x(row, k);
          if (x >= cell_x(row, count) || x >= x0 + unit * static_cast<float>(n)) break;
          c.line({x, y - 4}, {x, y + cell_h + 4}, p.text, 2.0f);
        }
      pane.rows.push_back({row.live ? (future ? row.step : shown) : row.step, row.buffer, x0, y,
                           cell_w, cell_h, count});
    }
  c.end_group();
}

float draw_value_colour_key(gfx::Canvas& c, Vec2 origin, float font, const gfx::Palette& p,
                            const std::string& text) {
  const float box = font * 0.9f;
  for (int k = 0; k < 8; ++k)
    c.rect_filled({origin.x + k * box * 0.25f, origin.y},
                  {origin.x + (k + 1) * box * 0.25f + 0.5f, origin.y + box},
                  interop::colormap_color(interop::Colormap::Viridis, k / 7.0f));
  c.text({origin.x + box * 2 + 4, origin.y + box / 2}, text, font, p.text_muted, HAlign::Left,
         VAlign::Middle);
  return box * 2 + 4 + c.text_size(text, font).x + font * 1.2f;
}

void draw_levels_legend(gfx::Canvas& c, Vec2 origin, float font, const gfx::Palette& p,
                        bool value_colours) {
  LegendLine key(c, origin, font, p);
  const float box = key.box();
  c.rect_filled({key.x(), origin.y + box * 0.7f}, {key.x() + box * 1.5f, origin.y + box}, p.write);
  key.advance(box * 1.5f + 4);
  key.label(tr("written this step"));
  c.line({key.x(), key.mid()}, {key.x() + box * 2, key.mid()}, p.read, 1.5f);
  key.advance(box * 2 + 4);
  key.label(tr("what it read"));
  if (value_colours)
    key.advance(draw_value_colour_key(c, {key.x(), origin.y}, font, p, tr(kValueColoursPerRow)));
  key.filled(p.cell_unwritten);
  key.label(tr("not run yet"));
  c.line({key.x() + box * 0.5f, origin.y - 2}, {key.x() + box * 0.5f, origin.y + box + 2}, p.text,
         2.0f);
  key.advance(box + 4);
  key.label(tr("block boundary"));
  key.outlined(p.mismatch, 2.5f);
  key.label(tr("wrong"));
  key.memory_spaces(false);
}

}  // namespace ws::app
