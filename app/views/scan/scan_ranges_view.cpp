// The range table: after each step, which inputs x_i..x_j each position of the step's buffer
// holds (kernels/scan replay_ranges). An inclusive scan ends with x0..x_i at position i; a range
// that is not one run of inputs (the race) is drawn in the error colour.
#include <algorithm>

#include "i18n/i18n.h"
#include "scan_views.h"

namespace ws::app {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

void draw_scan_ranges(gfx::Canvas& c, const ScanRun& r, int current, const gfx::Palette& p,
                      ScanHoverPane& pane) {
  const Trace& trace = r.run.trace;
  const Vec2 size = c.size();
  if (trace.steps.empty() || size.x < 60 || size.y < 40) return;
  current = std::clamp(current, 0, static_cast<int>(trace.steps.size()) - 1);
  pane.current_step = current;
  const float s = std::max(1.0f, std::min(size.x / 1280.0f, size.y / 720.0f));
  if (r.run.ranges.empty()) {
    c.text({8, 8}, trf("no range table: {0}", r.run.ranges_error), 14 * s, p.mismatch);
    return;
  }
  const std::vector<int> buffers = scan_row_buffers(trace);
  const int last_step = static_cast<int>(trace.steps.size()) - 1;
  const int rows = static_cast<int>(trace.steps.size()) + 1;
  int64_t columns = trace.buffers[0].size;
  for (int b : buffers)
    columns = std::max<int64_t>(columns, int64_t{trace.buffers[b].size} * trace.buffers[b].blocks);
  const float label_w = std::clamp(size.x * 0.17f, 90.0f, 180.0f * s);
  const float head_h = 18 * s;
  const float x0 = label_w + 10;
  const float cell_w = std::min((size.x - x0 - 6) / static_cast<float>(columns), 90.0f * s);
  const float cell_h = std::min((size.y - head_h) / rows, 40.0f * s);
  float font = std::min(cell_h * 0.5f, 16.0f * s);
  while (font > 6 && c.text_size("10..15", font).x > cell_w - 3) font -= 0.5f;
  const bool text = font > 6;
  const float label_font = std::clamp(cell_h * 0.5f, 8.0f, 15.0f * s);
  // Column headers: the position.
  for (int64_t i = 0; i < columns && text; ++i)
    c.text({x0 + (i + 0.5f) * cell_w, head_h * 0.5f}, std::to_string(i), font, p.text_muted,
           HAlign::Center, VAlign::Middle);
  for (int row = 0; row < rows; ++row) {
    const int step = row - 1;
    const float y = head_h + row * cell_h;
    const int buffer = step < 0 ? 0 : buffers[step];
    const TraceBuffer& b = trace.buffers[buffer];
    const int64_t count = int64_t{b.size} * b.blocks;
    if (step == current) c.rect_filled({0, y}, {size.x, y + cell_h}, p.highlight.with_alpha(45));
    const std::string label =
        step < 0 ? std::string(tr("input"))
                 : trf("{0} ({1})", tr_text(trace.steps[step].label), tr_text(b.name));
    // Cut to the label column: a row with fewer cells than columns would show the rest.
    c.text({4, y + cell_h / 2}, fit_text(c, label, label_font, x0 - 8), label_font,
           step > current ? p.text_muted : p.text, HAlign::Left, VAlign::Middle);
    for (int64_t i = 0; i < count; ++i) {
      const Vec2 a{x0 + i * cell_w, y + 1}, e{x0 + (i + 1) * cell_w, y + cell_h - 1};
      scan::Range rg{scan::Range::Span, static_cast<int32_t>(i), static_cast<int32_t>(i)};
      if (step >= 0) rg = r.run.ranges[step][buffer][i];
      const bool future = step > current;
      gfx::Color fill = future ? p.background : p.cell_fill;
      if (!future && rg.kind == scan::Range::Broken) fill = p.mismatch.with_alpha(90);
      if (!future && rg.kind == scan::Range::Unknown) fill = p.cell_unwritten;
      if (!future && rg.kind == scan::Range::Identity) fill = p.inactive.with_alpha(110);
      if (!future && rg.kind == scan::Range::Span) {  // shaded by how much of x0..x_i it holds
        const float share = static_cast<float>(rg.hi - rg.lo + 1) / static_cast<float>(rg.hi + 1);
        fill = p.read.with_alpha(static_cast<uint8_t>(30 + 120 * std::clamp(share, 0.0f, 1.0f)));
      }
      c.rect_filled(a, e, p.background);  // the shade must not mix with the row highlight
      c.rect_filled(a, e, fill);
      if (cell_w >= 4) c.rect(a, e, future ? p.inactive : p.cell_border, 1);
      if (!future && step == last_step && buffer == 1 &&
          i < static_cast<int64_t>(r.run.wrong.size()) && r.run.wrong[i])
        c.rect(a - Vec2{1.5f, 1.5f}, e + Vec2{1.5f, 1.5f}, p.mismatch, 3.0f);
      if (future || !text || rg.kind == scan::Range::Unknown) continue;
      c.text({(a.x + e.x) / 2, (a.y + e.y) / 2}, range_text(rg, true), font,
             rg.kind == scan::Range::Broken ? p.mismatch : p.text, HAlign::Center, VAlign::Middle);
    }
    pane.rows.push_back({step, buffer, x0, y + 1, cell_w, cell_h - 2, count});
  }
  draw_padding_marker(c, x0 + static_cast<float>(r.run.input.size()) * cell_w, head_h,
                      head_h + rows * cell_h, columns > static_cast<int64_t>(r.run.input.size()),
                      label_font * 0.85f, p);
  const float note_y = head_h + rows * cell_h + label_font * 0.8f;
  if (note_y + label_font * 1.4f < size.y)
    c.text(
        {4, note_y},
        fit_text(c,
                 tr("a cell i..j holds x_i \xE2\x8A\x95 ... \xE2\x8A\x95 x_j (\xE2\x8A\x95: the "
                    "operator); id = the identity; the shade grows as the cell holds more of its "
                    "prefix x_0..x_j (all of it: the strongest shade)"),
                 label_font, size.x - 8),
        label_font, p.text_muted);
}

}  // namespace ws::app
