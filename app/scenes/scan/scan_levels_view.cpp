// The hierarchical scan by levels: the input; the block-local scans; the array of block sums
// (each sum drawn under the block it totals); its own scan (and deeper levels when the sums do
// not fit one block); the add-back that turns the block-local scans into the global one. One row
// per global array a step wrote, cells as wide as the input elements they stand for, lines from
// the cells each write read.
#include <algorithm>
#include <cmath>
#include <map>

#include "common/inputs.h"
#include "interop/colormap.h"
#include "scan_views.h"

namespace ws::app {

using gfx::Color;
using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

struct LevelRow {
  int step;  // -1: the input
  int buffer;
  int64_t span;  // input elements per cell: section^level
};

std::string fit(const gfx::Canvas& c, std::string text, float font, float width) {
  if (c.text_size(text, font).x <= width) return text;
  while (text.size() > 2 && c.text_size(text + "\xE2\x80\xA6", font).x > width) text.pop_back();
  return text + "\xE2\x80\xA6";
}

}  // namespace

void draw_scan_levels(gfx::Canvas& c, const ScanRun& r, int current, const gfx::Palette& p,
                      ScanHoverPane& pane) {
  const Trace& trace = r.run.trace;
  const Vec2 size = c.size();
  if (trace.steps.empty() || size.x < 60 || size.y < 40) return;
  current = std::clamp(current, 0, static_cast<int>(trace.steps.size()) - 1);
  pane.current_step = current;
  const int64_t n = std::max<int64_t>(1, trace.buffers[0].size);
  const int64_t section =
      std::max<int64_t>(2, scan::section_size(r.params, trace.steps[0].block_dim));
  auto span_of = [&](int64_t cells) {
    const double level = std::round(std::log(static_cast<double>(n) / std::max<int64_t>(1, cells)) /
                                    std::log(static_cast<double>(section)));
    int64_t span = 1;
    for (int l = 0; l < static_cast<int>(level); ++l) span *= section;
    return span;
  };
  std::vector<LevelRow> rows{{-1, 0, 1}};
  for (int s = 0; s < static_cast<int>(trace.steps.size()); ++s) {
    std::map<int, int> written;  // global buffers this step wrote, in buffer order
    for (const TraceEvent& e : trace.steps[s].events)
      if (e.kind == EventKind::Write && e.buffer != 0 &&
          trace.buffers[e.buffer].space == MemSpace::Global)
        written[e.buffer] = 1;
    for (const auto& [b, unused] : written) rows.push_back({s, b, span_of(trace.buffers[b].size)});
  }

  const float s = std::max(1.0f, std::min(size.x / 1280.0f, size.y / 720.0f));
  const float label_w = std::clamp(size.x * 0.2f, 100.0f, 220.0f * s);
  const float x0 = label_w + 10;
  const float unit = (size.x - x0 - 6) / static_cast<float>(n);
  const float pitch = std::min(size.y / static_cast<float>(rows.size()), 110.0f * s);
  const float cell_h = std::clamp(pitch * 0.5f, 4.0f, 40.0f * s);
  const float gap = pitch - cell_h;
  const float label_font = std::clamp(pitch * 0.26f, 9.0f, 16.0f * s);
  auto cell_y = [&](int row) { return row * pitch + gap * 0.7f; };
  auto row_of = [&](int before, int buffer) {
    for (int k = before - 1; k >= 0; --k)
      if (rows[k].buffer == buffer) return k;
    return -1;
  };
  auto cell_x = [&](const LevelRow& row, int64_t i) {
    return x0 + unit * static_cast<float>(std::min(n, i * row.span));
  };

  int budget = 4000;
  for (int ri = 0; ri < static_cast<int>(rows.size()); ++ri) {
    const LevelRow& row = rows[ri];
    const TraceBuffer& buffer = trace.buffers[row.buffer];
    const bool future = row.step > current;
    const float y = cell_y(ri);
    const int64_t count = buffer.size;
    if (row.step == current)
      c.rect_filled({0, y - gap * 0.5f}, {size.x, y + cell_h + 3}, p.highlight.with_alpha(45), 4);
    const std::string title = row.step < 0 ? "input" : buffer.name;
    const std::string detail =
        row.step < 0 ? std::to_string(n) + " values, blocks of " + std::to_string(section)
                     : "after '" + trace.steps[row.step].label + "'";
    c.text({4, y + cell_h * 0.5f}, fit(c, title, label_font, label_w), label_font,
           future ? p.text_muted : p.text, HAlign::Left, VAlign::Bottom);
    c.text({4, y + cell_h * 0.5f + 1}, fit(c, detail, label_font * 0.85f, label_w),
           label_font * 0.85f, p.text_muted, HAlign::Left, VAlign::Top);

    // Lines from what each write read (rows above holding the source buffer).
    if (row.step >= 0 && !future) {
      const TraceStep& step = trace.steps[row.step];
      for (const WriteSources& w : write_sources(step)) {
        const TraceEvent& out = step.events[w.write];
        if (out.buffer != row.buffer) continue;
        const Vec2 to{(cell_x(row, out.address) + cell_x(row, out.address + 1)) / 2, y};
        for (size_t read : w.reads) {
          const TraceEvent& src = step.events[read];
          // An element updated in place (output[i] += sum) needs no line through the rows.
          if (src.buffer == out.buffer && src.address == out.address) continue;
          const int from = row_of(ri, src.buffer);
          if (from < 0 || budget-- <= 0) continue;
          const LevelRow& fr = rows[from];
          const Vec2 a{(cell_x(fr, src.address) + cell_x(fr, src.address + 1)) / 2,
                       cell_y(from) + cell_h};
          c.line(a, to, (row.step == current ? p.read : p.text_muted).with_alpha(90), 1.0f);
        }
      }
    }

    const std::vector<double>& values =
        row.step < 0 ? buffer.initial : r.snapshots[row.step][row.buffer];
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
      if (!std::isnan(v) && format_value(v, trace.type).size() > widest.size())
        widest = format_value(v, trace.type);
    const float cell_w = unit * static_cast<float>(row.span);
    float font = std::min(cell_h * 0.55f, 20.0f * s);
    while (font >= 7 && c.text_size(widest, font).x > cell_w - 3) font -= 0.5f;
    for (int64_t i = 0; i < count; ++i) {
      const Vec2 a{cell_x(row, i), y}, b{cell_x(row, i + 1), y + cell_h};
      if (b.x <= a.x) continue;
      const double v = values[i];
      Color fill = future || std::isnan(v) ? p.cell_unwritten : p.cell_fill;
      if (!future && !std::isnan(v) && font < 7) {
        const float t = hi > lo ? static_cast<float>((v - lo) / (hi - lo)) : 0.5f;
        fill = interop::colormap_color(interop::Colormap::Viridis, t);
      }
      c.rect_filled(a, b, fill);
      if (b.x - a.x >= 4) c.rect(a, b, future ? p.inactive : p.cell_border, 1.0f);
      if (!future && font >= 7 && !std::isnan(v))
        c.text({(a.x + b.x) / 2, (a.y + b.y) / 2}, format_value(v, trace.type), font, p.text,
               HAlign::Center, VAlign::Middle);
    }
    // Block boundaries of the level below: a heavier tick every section cells.
    if (count > section)
      for (int64_t k = section; k < count; k += section) {
        const float x = cell_x(row, k);
        c.line({x, y - 4}, {x, y + cell_h + 4}, p.text, 2.0f);
      }
    pane.rows.push_back({row.step, row.buffer, x0, y, cell_w, cell_h, count});
  }
}

}  // namespace ws::app
