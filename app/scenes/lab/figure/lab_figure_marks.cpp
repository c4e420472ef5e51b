// The diagnostics drawn over the lab's trace tree: an out-of-bounds access paints its thread's
// lane red and writes the index and line beside it; a race paints both threads' lanes and rings
// the cell; a wrong output (already outlined by the tree) gets a hover box.
#include <algorithm>
#include <map>

#include "i18n/i18n.h"
#include "lab_figure.h"

namespace ws::app {

namespace {

using gfx::Vec2;

const TraceTreeRowGeometry* lab_lane_row(const TraceTreeKey& tree, int step) {
  for (const TraceTreeRowGeometry& g : tree.rows)
    if (g.step == step && g.threads > 0) return &g;
  return nullptr;
}

// The lane of `thread` in row `g`, at least 3 px wide so a single lane of 1024 stays visible.
std::pair<Vec2, Vec2> lab_lane_box(const TraceTreeRowGeometry& g, int thread) {
  const float w = std::max(g.lane_w, 3.0f);
  const float x = g.x0 + thread * g.lane_w + g.lane_w / 2 - w / 2;
  return {{x, g.lanes_y - 1}, {x + w, g.lanes_y + g.lanes_h + 1}};
}

std::pair<Vec2, Vec2> lab_cell_box(const TraceTreeRowGeometry& g, int64_t cell) {
  const float x = g.x0 + static_cast<float>(cell) * g.cell_w;
  return {{x, g.y}, {x + std::max(g.cell_w, 2.0f), g.y + g.cell_h}};
}

std::string lab_buffer_name(const Trace& trace, int buffer) {
  if (buffer < 0 || buffer >= static_cast<int>(trace.buffers.size())) return "?";
  return trace.buffers[buffer].name;
}

// Where a row's labels go: the free band under its lanes (down to the next row's cells), or, for
// the last row, the band over its cells (up from the row above); `slots` lines of `line_h`.
struct LabLabelBand {
  float top = 0;
  int slots = 0;
};
LabLabelBand lab_label_band(const gfx::Canvas& c, const TraceTreeKey& tree,
                            const TraceTreeRowGeometry& g, float line_h) {
  const float below_top = g.lanes_y + g.lanes_h + 4;
  float below_end = c.size().y, above_top = 0;
  for (const TraceTreeRowGeometry& r : tree.rows) {
    if (r.y > g.y) below_end = std::min(below_end, r.y - 2);
    if (r.y < g.y)
      above_top =
          std::max(above_top, r.threads > 0 ? r.lanes_y + r.lanes_h + 5 : r.y + r.cell_h + 4);
  }
  const int below = static_cast<int>((below_end - below_top) / line_h);
  if (below > 0) return {below_top, below};
  const int above = std::max(0, static_cast<int>((g.y - 4 - above_top) / line_h));
  return {g.y - 4 - above * line_h, above};
}

// A short label beside a lane on a plate of the background, kept inside the canvas.
void lab_lane_label(gfx::Canvas& c, float x_lane, float y, const std::string& text, float font,
                    gfx::Color colour, gfx::Color plate) {
  const float w = c.text_size(text, font).x;
  const float x = std::clamp(x_lane, 2.0f, std::max(2.0f, c.size().x - w - 2));
  c.rect_filled({x - 2, y - 1}, {x + w + 2, y + font * 1.1f}, plate, 2);
  c.text({x, y}, text, font, colour, gfx::HAlign::Left, gfx::VAlign::Top);
}

}  // namespace

void draw_lab_marks(gfx::Canvas& c, const LabFigureInput& in, const TraceTreeKey& tree, Vec2 origin,
                    const gfx::Palette& p, float font, std::vector<LabMarkBox>& marks) {
  const lab::Result& r = *in.result;
  const LabFigureData& data = *in.data;
  auto keep = [&](std::pair<Vec2, Vec2> box, int diagnostic) {
    marks.push_back({box.first + origin, box.second + origin, diagnostic});
  };
  // Labels under each row, as many as its band holds; the last slot says there are more.
  const float line_h = font * 1.15f;
  const gfx::Color plate = p.background.with_alpha(225);
  std::map<int, int> wanted, written;  // per step
  for (const auto* list : {&data.out_of_bounds, &data.races})
    for (const LabMark& m : *list) ++wanted[m.step];
  auto label = [&](const TraceTreeRowGeometry& g, float x, const std::string& text,
                   gfx::Color colour) {
    LabLabelBand band = lab_label_band(c, tree, g, line_h);
    band.slots = std::min(band.slots, 4);  // a few say what happened; hover says the rest
    const int nth = written[g.step]++;
    // One slot: the first label, which says the most; more slots: the last says there are more.
    const bool more = band.slots > 1 && wanted[g.step] > band.slots && nth == band.slots - 1;
    if (nth >= band.slots) return;
    lab_lane_label(c, x, band.top + nth * line_h,
                   more ? tr("(more: hover the marked lanes)") : text, font, colour, plate);
  };
  for (const LabMark& m : data.out_of_bounds) {
    const TraceTreeRowGeometry* g = lab_lane_row(tree, m.step);
    if (!g || m.thread < 0 || m.thread >= g->threads) continue;
    const lab::Diagnostic& d = r.diagnostics[size_t(m.diagnostic)];
    const auto box = lab_lane_box(*g, m.thread);
    c.rect_filled(box.first, box.second, p.mismatch);
    c.rect(box.first - Vec2{1, 1}, box.second + Vec2{1, 1}, p.mismatch, 1.5f);
    keep(box, m.diagnostic);
    label(*g, box.first.x,
          trf("thread {0}: {1}[{2}] at line {3}", m.thread, lab_buffer_name(r.trace, d.buffer),
              d.index, d.line),
          p.mismatch);
  }
  const gfx::Color race = lab_race_color(p);
  for (const LabMark& m : data.races) {
    const TraceTreeRowGeometry* g = lab_lane_row(tree, m.step);
    if (!g) continue;
    const lab::Diagnostic& d = r.diagnostics[size_t(m.diagnostic)];
    for (int thread : {m.thread, m.other_thread}) {
      if (thread < 0 || thread >= g->threads) continue;
      const auto box = lab_lane_box(*g, thread);
      c.rect_filled(box.first, box.second, race);
      keep(box, m.diagnostic);
    }
    for (const TraceTreeRowGeometry& row : tree.rows)
      if (row.step == m.step && row.buffer == m.buffer && m.cell >= 0 && m.cell < row.cells) {
        const auto box = lab_cell_box(row, m.cell);
        c.rect(box.first - Vec2{2, 2}, box.second + Vec2{2, 2}, race, 3.0f);
        keep(box, m.diagnostic);
      }
    if (m.thread >= 0 && m.thread < g->threads)
      label(*g, lab_lane_box(*g, m.thread).first.x,
            trf("race on {0}[{1}]: threads {2} and {3}, lines {4} and {5}",
                lab_buffer_name(r.trace, d.buffer), d.index, d.thread, d.other_thread, d.line,
                d.other_line),
            race);
  }
  for (const LabMark& m : data.wrong_cells)
    for (const TraceTreeRowGeometry& row : tree.rows)
      if (row.step >= m.step && m.step >= 0 && row.buffer == m.buffer && m.cell >= 0 &&
          m.cell < row.cells)
        keep(lab_cell_box(row, m.cell), m.diagnostic);
}

}  // namespace ws::app
