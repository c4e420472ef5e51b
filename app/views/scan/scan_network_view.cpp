// The step network: the input on top, then one row per step showing the buffer that step wrote,
// one column per element. Lines run from the cells a thread read (in the row above that holds
// that buffer) to the cell it wrote; a dot marks an operator application. Every step's structure
// is drawn, the steps after the current one faintly and without values, so the whole Kogge-Stone
// network (or the Brent-Kung / Blelloch tree, with its up-sweep and down-sweep bands) is visible
// from the first step.
#include <algorithm>
#include <cmath>
#include <map>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "interop/colormap.h"
#include "i18n/wording.h"
#include "scan_views.h"

namespace ws::app {

using gfx::Color;
using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

constexpr int kMaxLines = 6000;

Color blend(Color a, Color b, float t) {
  auto mix = [t](uint8_t x, uint8_t y) { return static_cast<uint8_t>(x + (y - x) * t + 0.5f); };
  return {mix(a.r, b.r), mix(a.g, b.g), mix(a.b, b.b), 255};
}

Color row_tint(const gfx::Palette& p, MemSpace s) {
  return s == MemSpace::Global   ? p.global_row
         : s == MemSpace::Shared ? p.shared_row
                                 : p.register_row;
}

struct NetRow {
  int step;    // -1: input
  int buffer;  // buffer shown
};

}  // namespace

void draw_scan_network(gfx::Canvas& c, const ScanRun& r, int current, const gfx::Palette& p,
                       ScanHoverPane& pane) {
  const Trace& trace = r.run.trace;
  const Vec2 size = c.size();
  if (trace.steps.empty() || size.x < 60 || size.y < 40) return;
  current = std::clamp(current, 0, static_cast<int>(trace.steps.size()) - 1);
  pane.current_step = current;

  std::vector<NetRow> rows{{-1, 0}};
  const std::vector<int> buffers = scan_row_buffers(trace);
  for (size_t s = 0; s < trace.steps.size(); ++s) rows.push_back({static_cast<int>(s), buffers[s]});
  int64_t columns = 1;
  for (const NetRow& row : rows) {
    const TraceBuffer& b = trace.buffers[row.buffer];
    columns = std::max<int64_t>(columns, int64_t{b.size} * b.blocks);
  }

  const float s = std::max(1.0f, std::min(size.x / 1280.0f, size.y / 720.0f));
  const float pitch = std::min(size.y / static_cast<float>(rows.size()), 140.0f * s);
  const float label_font = std::clamp(pitch * 0.29f, 10.0f, 17.0f * s);
  // The label column: wide enough for "down-sweep · 7 ops" where the pane allows (half a figure
  // in a comparison), at most a quarter of it.
  float label_need = 0;
  for (const NetRow& row : rows)
    if (row.step >= 0)
      label_need =
          std::max(label_need, c.text_size(tr_text(trace.steps[row.step].phase) + " \xC2\xB7 " +
                                               ws::counted(r.traced.counters.per_step[row.step].ops,
                                                           TR_NOOP("{0} op"), TR_NOOP("{0} ops")),
                                           label_font * 0.82f)
                                       .x +
                                   12);
  const float label_w = std::clamp(std::max(size.x * 0.17f, label_need), 90.0f,
                                   std::max(90.0f, std::min(180.0f * s, size.x * 0.25f)));
  // One value font for the figure: the largest at which the widest value fits a cell.
  std::string widest;
  for (const NetRow& row : rows) {
    const auto& values =
        row.step < 0 ? trace.buffers[row.buffer].initial : r.traced.snapshots[row.step][row.buffer];
    for (double v : values) {
      const std::string t = format_cell_value(v, trace.op, trace.type);
      if (t.size() > widest.size()) widest = t;
    }
  }
  const float x0 = label_w + 14;
  const float area_w = size.x - x0 - 6;
  // Cells take under half the pitch (the rest carries the operand lines), more in a small figure
  // (the GUI's viewport at a projector font) so that the values still show as numbers.
  float cell_h = std::clamp(pitch * 0.46f, 4.0f, 46.0f * s);
  if (cell_h * 0.55f < 8) cell_h = std::max(cell_h, std::min(pitch * 0.72f, 8 / 0.55f));
  // Cells up to 64 px or 2.2 times as wide as tall (a few values fill a wide figure rather than
  // two thirds of it), wider where the values are long and the figure has room for them.
  const float cell_cap = std::max({64.0f * s, 2.2f * cell_h, c.text_size(widest, 14.0f * s).x + 8});
  const float cell_w = std::min(area_w / static_cast<float>(columns), cell_cap);
  const float gap = pitch - cell_h;
  auto cell_y = [&](int row) { return row * pitch + gap * 0.75f; };
  auto cell_x = [&](int64_t i) { return x0 + static_cast<float>(i) * cell_w; };
  const bool show_ranges = !r.run.ranges.empty() && cell_h >= 26 * s;
  float value_font = std::min(cell_h * (show_ranges ? 0.42f : 0.55f), 24.0f * s);
  while (value_font >= 7 && c.text_size(widest, value_font).x > cell_w - 3) value_font -= 0.5f;
  const bool values_as_text = value_font >= 7;
  float range_font = std::min(value_font * 0.75f, cell_h * 0.3f);
  const bool ranges_fit =
      show_ranges && values_as_text && c.text_size("10..15", range_font).x <= cell_w - 2;

  // The row each (step, buffer) read comes from: the nearest row above showing that buffer.
  auto source_row = [&](int row_index, int buffer) {
    for (int k = row_index - 1; k >= 0; --k)
      if (rows[k].buffer == buffer) return k;
    return -1;
  };

  // Phase bands: consecutive steps of one phase share a coloured bar and one name.
  std::map<std::string, int> phase_colour;
  for (size_t k = 1; k < rows.size();) {
    const std::string& phase = trace.steps[rows[k].step].phase;
    size_t end = k;
    while (end < rows.size() && trace.steps[rows[end].step].phase == phase) ++end;
    if (!phase_colour.count(phase)) phase_colour[phase] = static_cast<int>(phase_colour.size());
    const Color band = p.warp_color(phase_colour[phase] + 1);
    const float y0 = cell_y(static_cast<int>(k)) - 2;
    const float y1 = cell_y(static_cast<int>(end - 1)) + cell_h + 2;
    c.rect_filled({2, y0}, {6, y1}, band);
    k = end;
  }

  int line_budget = kMaxLines;
  for (int ri = 0; ri < static_cast<int>(rows.size()); ++ri) {
    const NetRow& row = rows[ri];
    const TraceBuffer& buffer = trace.buffers[row.buffer];
    const bool future = row.step > current;
    const float y = cell_y(ri);
    const int64_t count = int64_t{buffer.size} * buffer.blocks;

    // The label: the step's name, its phase and work.
    if (row.step == current)
      c.rect_filled({0, y - gap * 0.6f}, {size.x, y + cell_h + 3}, p.highlight.with_alpha(45), 4);
    std::string title = row.step < 0 ? "input" : trace.steps[row.step].label;
    if (row.step >= 0) {  // "up-sweep: stride 2" -> "stride 2": the band and detail name the phase
      const std::string prefix = trace.steps[row.step].phase + ": ";
      if (title.rfind(prefix, 0) == 0 && title.size() > prefix.size())
        title = title.substr(prefix.size());
    }
    title = tr_text(title);
    std::string detail = trf("global \xC2\xB7 {0}", tr_text(buffer.name));
    if (row.step >= 0) {
      // The phase, the work and the buffer; in a narrow column the buffer goes first, then the
      // phase (its band still groups the rows).
      const std::string phase = tr_text(trace.steps[row.step].phase);
      const std::string ops = ws::counted(r.traced.counters.per_step[row.step].ops,
                                          TR_NOOP("{0} op"), TR_NOOP("{0} ops"));
      const float room = label_w - 6;
      const float detail_font = label_font * 0.82f;
      detail = phase + " \xC2\xB7 " + ops + " \xC2\xB7 " + tr_text(buffer.name);
      if (c.text_size(detail, detail_font).x > room) detail = phase + " \xC2\xB7 " + ops;
      if (c.text_size(detail, detail_font).x > room) detail = ops;
    }
    const Color title_colour = future ? p.text_muted : p.text;
    if (pitch >= label_font * 2.2f) {
      c.text({10, y + cell_h * 0.5f}, fit_text(c, title, label_font, label_w - 6), label_font,
             title_colour, HAlign::Left, VAlign::Bottom);
      c.text({10, y + cell_h * 0.5f + 1}, fit_text(c, detail, label_font * 0.82f, label_w - 6),
             label_font * 0.82f, p.text_muted, HAlign::Left, VAlign::Top);
    } else {  // no room for two lines per row: the title alone (the detail is in the hover)
      c.text({10, y + cell_h * 0.5f}, fit_text(c, title, label_font, label_w - 6), label_font,
             title_colour, HAlign::Left, VAlign::Middle);
    }

    // Lines from operands to results.
    std::map<int64_t, int32_t> writer;  // cell -> thread, for the warp tint
    if (row.step >= 0) {
      const TraceStep& step = trace.steps[row.step];
      for (const WriteSources& w : write_sources(step)) {
        const TraceEvent& out = step.events[w.write];
        if (out.buffer != row.buffer) continue;
        const int64_t to_index = flat_event_index(trace, step, out);
        writer[to_index] = out.thread;
        const Vec2 to{cell_x(to_index) + cell_w / 2, y};
        for (size_t read : w.reads) {
          const TraceEvent& src = step.events[read];
          const int from_row = source_row(ri, src.buffer);
          if (from_row < 0 || cell_w < 2 || line_budget-- <= 0) continue;
          Vec2 from{cell_x(flat_event_index(trace, step, src)) + cell_w / 2,
                    cell_y(from_row) + cell_h};
          // A read from further up crosses the rows between: run it near the cells' left edges,
          // clear of the values written in their middles.
          const float skip = from_row < ri - 1 ? cell_w * 0.36f : 0;
          from.x -= skip;
          Color col = row.step == current ? p.read : p.text_muted;
          col = col.with_alpha(future ? 50 : row.step == current ? 230 : 110);
          const float thick = (row.step == current ? 1.8f : 1.0f) * std::min(1.5f, s);
          const Vec2 end = to - Vec2{skip, 1};
          if (cell_w >= 8)
            c.arrow(from, end, col, thick, std::clamp(cell_w * 0.22f, 3.0f, 7.0f));
          else
            c.line(from, end, col, thick * 0.7f);
        }
        if (w.combined && cell_w >= 6 && !future)
          c.circle_filled(to, std::clamp(cell_w * 0.09f, 1.5f, 4.5f),
                          row.step == current ? p.read : p.text_muted);
      }
    }

    // The cells.
    const std::vector<double>* values =
        row.step < 0 ? &buffer.initial : &r.traced.snapshots[row.step][row.buffer];
    double lo = 0, hi = 0;
    bool first = true;
    for (double v : *values) {
      if (std::isnan(v)) continue;
      lo = first ? v : std::min(lo, v);
      hi = first ? v : std::max(hi, v);
      first = false;
    }
    c.rect_filled({x0 - 3, y - 3}, {cell_x(count) + 3, y + cell_h + 3},
                  future ? p.background : row_tint(p, buffer.space), 3);
    const int warps_per_block =
        row.step >= 0 ? (trace.steps[row.step].block_dim + trace.warp_size - 1) / trace.warp_size
                      : 1;
    const bool last_row = row.step == static_cast<int>(trace.steps.size()) - 1;
    for (int64_t i = 0; i < count; ++i) {
      const Vec2 a{cell_x(i), y}, b{cell_x(i + 1), y + cell_h};
      const double v = (*values)[i];
      Color fill = future || std::isnan(v) ? p.cell_unwritten : p.cell_fill;
      // A cell no step ever writes (a lane with no warp total to hold) is not "not run yet".
      const bool never_written =
          row.step >= 0 && std::isnan(r.traced.snapshots.back()[row.buffer][i]);
      if (never_written) fill = p.background;
      const auto w = writer.find(i);
      if (!future && w != writer.end()) {
        const TraceStep& step = trace.steps[row.step];
        const int block = w->second / std::max(1, step.block_dim);
        const int warp = (w->second % std::max(1, step.block_dim)) / trace.warp_size;
        fill = blend(p.warp_color(block * warps_per_block + warp), p.background, 0.6f);
      }
      if (!future && !values_as_text && !std::isnan(v)) {
        const float t = hi > lo ? static_cast<float>((v - lo) / (hi - lo)) : 0.5f;
        fill = interop::colormap_color(interop::Colormap::Viridis, t);
        pane.value_colours = true;
      }
      c.rect_filled(a, b, fill);
      if (cell_w >= 4) c.rect(a, b, future || never_written ? p.inactive : p.cell_border, 1.0f);
      // Corruption: a range that is not one run of inputs, or a final value the serial loop
      // disagrees with.
      bool bad = false;
      if (!future && row.step >= 0 && !r.run.ranges.empty()) {
        const auto& rr = r.run.ranges[row.step][row.buffer];
        bad = i < static_cast<int64_t>(rr.size()) && rr[i].kind == scan::Range::Broken;
      }
      if (!future && last_row && row.buffer == 1 && i < static_cast<int64_t>(r.run.wrong.size()))
        bad = bad || r.run.wrong[i];
      if (bad) c.rect(a - Vec2{1.5f, 1.5f}, b + Vec2{1.5f, 1.5f}, p.mismatch, 3.0f);
      if (future || std::isnan(v) || !values_as_text) continue;
      const float text_y = ranges_fit ? a.y + cell_h * 0.36f : (a.y + b.y) / 2;
      c.text({(a.x + b.x) / 2, text_y}, format_cell_value(v, trace.op, trace.type), value_font,
             p.text, HAlign::Center, VAlign::Middle);
      if (ranges_fit) {
        const scan::Range rg =
            row.step < 0
                ? scan::Range{scan::Range::Span, static_cast<int32_t>(i), static_cast<int32_t>(i)}
                : r.run.ranges[row.step][row.buffer][i];
        if (rg.kind != scan::Range::Unknown)
          c.text({(a.x + b.x) / 2, a.y + cell_h * 0.8f}, range_text(rg, true), range_font,
                 rg.kind == scan::Range::Broken ? p.mismatch : p.text_muted, HAlign::Center,
                 VAlign::Middle);
      }
    }
    if (buffer.space == MemSpace::Shared && buffer.blocks > 1)
      for (int blk = 1; blk < buffer.blocks; ++blk) {
        const float x = cell_x(int64_t{blk} * buffer.size);
        c.line({x, y - 4}, {x, y + cell_h + 4}, p.text, 2.5f);
      }
    pane.rows.push_back({row.step, row.buffer, x0, y, cell_w, cell_h, count});
  }
  const int64_t n = static_cast<int64_t>(r.run.input.size());
  draw_padding_marker(c, cell_x(n), cell_y(1) - 4,
                      cell_y(static_cast<int>(rows.size()) - 1) + cell_h,
                      columns > n && cell_w >= 2, label_font * 0.75f, p);
}

}  // namespace ws::app
