// The output arrays whose wrong cells no row of the tree shows (a reduction's out[] is written
// in the same phase as its shared array, which the row shows): one strip of cells each under the
// tree, the wrong ones outlined, hover giving expected and got.
#include <algorithm>

#include "common/inputs.h"
#include "i18n/i18n.h"
#include "lab_figure.h"

namespace ws::app {

std::vector<int> lab_unshown_wrong_buffers(const Trace& trace, const LabFigureData& data,
                                           int step) {
  std::vector<int> out;
  if (data.wrong.empty() || step < 0 || step >= static_cast<int>(trace.steps.size())) return out;
  std::vector<bool> shown(trace.buffers.size(), false);
  shown[0] = true;  // the input row
  int last = 0;
  for (int s = 0; s <= step; ++s) {  // as draw_trace_tree picks each step's row
    const int b = focus_buffer(trace.steps[size_t(s)]);
    last = b >= 0 ? b : last;
    shown[size_t(last)] = true;
  }
  for (const LabMark& m : data.wrong_cells) {
    if (m.buffer < 0 || m.step < 0 || m.step > step || shown[size_t(m.buffer)]) continue;
    if (std::find(out.begin(), out.end(), m.buffer) == out.end()) out.push_back(m.buffer);
  }
  return out;
}

void draw_lab_output_strip(gfx::Canvas& c, const LabFigureInput& in, int buffer, int step,
                           gfx::Vec2 origin, float width, float height, const gfx::Palette& p,
                           float font, std::vector<LabMarkBox>& marks) {
  const Trace& trace = in.result->trace;
  const LabFigureData& data = *in.data;
  const std::vector<double>& values = data.snapshots[size_t(step)][size_t(buffer)];
  const std::vector<bool>& wrong = data.wrong[size_t(step)][size_t(buffer)];
  const float label_w = std::clamp(width * 0.2f, 90.0f, 190.0f);
  const float x0 = origin.x + label_w + 10;
  const int64_t n = static_cast<int64_t>(values.size());
  const float cell_w = std::min(72.0f, (width - label_w - 16) / float(std::max<int64_t>(1, n)));
  const float y = origin.y + 2, h = height - 4;
  c.text({origin.x + 4, y + h / 2}, trf("{0} (wrong cells)", trace.buffers[size_t(buffer)].name),
         font, p.text, gfx::HAlign::Left, gfx::VAlign::Middle);
  for (int64_t i = 0; i < n; ++i) {
    const gfx::Vec2 a{x0 + float(i) * cell_w, y}, b{x0 + float(i + 1) * cell_w, y + h};
    c.rect_filled(a, b, p.cell_fill);
    if (cell_w >= 4) c.rect(a, b, p.cell_border, 1.0f);
    const std::string text = format_value(values[size_t(i)], trace.type);
    if (c.text_size(text, font * 0.9f).x < cell_w - 3)
      c.text({(a.x + b.x) / 2, (a.y + b.y) / 2}, text, font * 0.9f, p.text, gfx::HAlign::Center,
             gfx::VAlign::Middle);
  }
  for (const LabMark& m : data.wrong_cells) {
    if (m.buffer != buffer || m.cell < 0 || m.cell >= n || !wrong[size_t(m.cell)]) continue;
    const gfx::Vec2 a{x0 + float(m.cell) * cell_w, y}, b{x0 + float(m.cell + 1) * cell_w, y + h};
    c.rect(a - gfx::Vec2{1, 1}, b + gfx::Vec2{1, 1}, p.mismatch, 3.0f);
    marks.push_back({a, b, m.diagnostic});
  }
}

}  // namespace ws::app
