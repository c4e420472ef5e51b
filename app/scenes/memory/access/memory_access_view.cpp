// The access figure: the warp's 32 lanes on top, arrows to the bytes they touch on a strip of
// memory drawn as 128-byte lines (rows of four 32-byte sectors; for shared memory, rows of 32
// banks), sectors coloured by how much of them is used, lines outlined; on the right, every
// instruction's cost (the one shown highlighted) and the effective bandwidth against the stride.
#include <algorithm>
#include <map>
#include <set>

#include "i18n/i18n.h"
#include "memory_access_run.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {

namespace {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

struct AccessLineRow {
  int64_t line = 0;  // byte / 128
  Vec2 min, max;
};

std::string access_lane_text(const AccessInstruction& a, size_t k) {
  const int64_t byte = a.ins.byte_addresses[k];
  const int lane = a.ins.lanes[k];
  if (a.shared)
    return trf("lane {0} (thread {1}): {2}[{3}], byte {4}, bank {5}", lane,
               a.ins.warp * mem::kWarpSize + lane, a.buffer, byte / a.elem_bytes, byte,
               (byte / mem::kBankBytes) % mem::kBankCount);
  return trf("lane {0} (thread {1}): {2}[{3}], byte {4}, sector {5}, line {6}", lane,
             a.ins.warp * mem::kWarpSize + lane, a.buffer, byte / a.elem_bytes, byte,
             byte / mem::kSectorBytes, byte / mem::kLineBytes);
}

// The strip of memory: the lines the instruction touches, `per_row` to a row, with the lanes'
// arrows. Returns the bottom.
float draw_access_strip(gfx::Canvas& c, Vec2 min, Vec2 max, const AccessInstruction& a,
                        const gfx::Palette& p, float font, HoverMap& hover) {
  const size_t n = a.ins.lanes.size();
  const float lane_w = (max.x - min.x) / mem::kWarpSize;
  const float lane_h = font * 1.6f;
  const gfx::Color warp_colour = p.warp_color(a.ins.warp);
  // The lanes.
  for (int lane = 0; lane < mem::kWarpSize; ++lane) {
    const Vec2 lo{min.x + lane * lane_w, min.y}, hi{lo.x + lane_w - 1, min.y + lane_h};
    const auto it = std::find(a.ins.lanes.begin(), a.ins.lanes.end(), lane);
    const bool active = it != a.ins.lanes.end();
    c.rect_filled(lo, hi, active ? warp_colour : p.inactive);
    if (lane_w > font * 1.1f || lane % 4 == 0)
      c.text({(lo.x + hi.x) / 2, (lo.y + hi.y) / 2}, std::to_string(lane), font * 0.7f,
             p.background, HAlign::Center, VAlign::Middle);
    if (active) hover.add(lo, hi, access_lane_text(a, size_t(it - a.ins.lanes.begin())));
  }
  // The lines touched, in address order.
  std::vector<int64_t> lines;
  for (int64_t byte : a.ins.byte_addresses)
    for (int64_t b = byte; b < byte + a.elem_bytes; b += a.elem_bytes)
      lines.push_back(b / mem::kLineBytes);
  std::sort(lines.begin(), lines.end());
  lines.erase(std::unique(lines.begin(), lines.end()), lines.end());
  const int per_row = lines.size() <= 4 ? 1 : lines.size() <= 16 ? 2 : 4;
  const float label_w = font * 5.5f;
  const float gap = font * 0.8f;
  const float line_w = ((max.x - min.x) - label_w * per_row - gap * (per_row - 1)) / per_row;
  const int rows = static_cast<int>((lines.size() + per_row - 1) / per_row);
  const float top = min.y + lane_h + font * 4.0f;
  const float row_h = std::clamp((max.y - top) / std::max(rows, 1), font * 0.9f, font * 2.6f);
  const float cell_h = row_h * 0.72f;
  // Bytes used per sector (shared: per bank of the row) and the lanes on each element.
  std::map<int64_t, std::set<int64_t>> used;  // sector -> bytes
  std::map<int64_t, std::vector<int>> lanes_at;
  for (size_t k = 0; k < n; ++k)
    for (int i = 0; i < a.elem_bytes; ++i) {
      const int64_t byte = a.ins.byte_addresses[k] + i;
      used[byte / mem::kSectorBytes].insert(byte);
      if (i == 0) lanes_at[a.ins.byte_addresses[k]].push_back(a.ins.lanes[k]);
    }
  std::map<int64_t, AccessLineRow> placed;
  for (size_t i = 0; i < lines.size(); ++i) {
    // Down the first column, then the next: lanes on the left reach the left column.
    const int col = static_cast<int>(i) / rows, row = static_cast<int>(i) % rows;
    const float x = min.x + col * (label_w + line_w + gap) + label_w;
    const float y = top + row * row_h;
    AccessLineRow r{lines[i], {x, y}, {x + line_w, y + cell_h}};
    placed[lines[i]] = r;
    const std::string label = a.shared ? trf("row {0}", lines[i]) : trf("line {0}", lines[i]);
    c.text({x - font * 0.3f, y + cell_h / 2}, label, font * 0.75f, p.text_muted, HAlign::Right,
           VAlign::Middle);
    const float sector_w = line_w / 4;
    for (int s = 0; s < 4; ++s) {
      const int64_t sector = lines[i] * 4 + s;
      const auto u = used.find(sector);
      const double fraction = u == used.end() ? 0 : double(u->second.size()) / mem::kSectorBytes;
      const Vec2 lo{x + s * sector_w, y}, hi{lo.x + sector_w, y + cell_h};
      const gfx::Color fill = u == used.end() ? p.cell_fill
                              : fraction >= 1 ? mix(p.cell_fill, p.read, 0.55f)
                                              : mix(p.cell_fill, p.divergent, 0.45f);
      c.rect_filled(lo, hi, fill);
      c.rect(lo, hi, p.cell_border, 1);
      if (!a.shared && u != used.end())
        hover.add(
            lo, hi,
            trf("sector {0} (bytes {1}-{2}): {3} of 32 bytes used", sector,
                sector * mem::kSectorBytes, sector * mem::kSectorBytes + 31, u->second.size()));
    }
    c.rect(r.min, r.max, p.text, 2);
  }
  // The elements the lanes touch, and the arrows.
  const float byte_w = line_w / mem::kLineBytes;
  for (size_t k = 0; k < n; ++k) {
    const int64_t byte = a.ins.byte_addresses[k];
    const AccessLineRow& r = placed[byte / mem::kLineBytes];
    const float x0 = r.min.x + float(byte % mem::kLineBytes) * byte_w;
    const float x1 = std::min(r.max.x, x0 + std::max(byte_w * a.elem_bytes, 2.0f));
    c.rect_filled({x0, r.min.y + cell_h * 0.25f}, {x1, r.max.y - cell_h * 0.25f}, warp_colour);
    const int lane = a.ins.lanes[k];
    c.arrow({min.x + (lane + 0.5f) * lane_w, min.y + lane_h}, {(x0 + x1) / 2, r.min.y},
            warp_colour.with_alpha(150), 1.0f, 5.0f);
    hover.add({x0, r.min.y}, {x1, r.max.y}, access_lane_text(a, k));
  }
  return top + rows * row_h;
}

// Every instruction's cost, the shown one highlighted.
void draw_access_table(gfx::Canvas& c, Vec2 min, Vec2 max, const AccessView& v, int step,
                       const gfx::Palette& p, float font) {
  // Rows no smaller than legible: past that many, a window of rows around the one shown.
  const int n = static_cast<int>(v.instructions.size());
  const float row_h = font * 1.2f;
  const int fit = std::max(3, static_cast<int>((max.y - min.y) / row_h) - 2);
  const int shown = std::min(n, fit);
  const int first = std::clamp(step - shown / 2, 0, n - shown);
  const float f = font * 0.8f;
  const float w = max.x - min.x;
  const float cols[] = {0, 0.14f, 0.33f, 0.5f, 0.66f, 0.82f};
  const std::string head[] = {tr("warp"),    tr("phase"), tr("buffer"),
                              tr("sectors"), tr("lines"), tr("used")};
  for (int k = 0; k < 6; ++k) c.text({min.x + cols[k] * w, min.y}, head[k], f, p.text_muted);
  for (int i = first; i < first + shown; ++i) {
    const AccessInstruction& a = v.instructions[size_t(i)];
    const float y = min.y + row_h * float(i - first + 1);
    if (i == step)
      c.rect_filled({min.x - 2, y - 1}, {max.x, y + row_h - 1}, p.highlight.with_alpha(60));
    const std::string cells[] = {
        std::to_string(a.ins.warp),
        tr_text(a.phase),
        a.buffer + (a.ins.kind == EventKind::Write ? " W" : " R"),
        a.shared ? trf("{0}-way", a.ins.bank_ways) : std::to_string(a.ins.cost.sectors),
        a.shared ? "-" : std::to_string(a.ins.cost.lines),
        a.shared ? "-" : used_percent(a.ins.cost.efficiency)};
    for (int k = 0; k < 6; ++k) c.text({min.x + cols[k] * w, y}, cells[k], f, p.text);
  }
  if (shown < n)
    c.text({min.x, min.y + row_h * float(shown + 1)},
           trf("instructions {0}-{1} of {2}", first + 1, first + shown, n), f * 0.9f, p.text_muted);
}

}  // namespace

void draw_access_chart(gfx::Canvas& c, Vec2 min, Vec2 max, const StrideChart& chart, int stride,
                       const gfx::Palette& p, float font);

void draw_access(gfx::Canvas& c, gfx::Theme theme, const AccessView& v, int step, HoverMap& hover) {
  const gfx::Palette& p = gfx::palette(theme);
  const float font = figure_ground(c, p);
  if (v.instructions.empty()) return;
  const AccessInstruction& a =
      v.instructions[size_t(std::clamp<int>(step, 0, int(v.instructions.size()) - 1))];
  const mem::PatternInfo& info = mem::info(v.run.params.pattern);
  const std::string step_line = trf("instruction {0} of {1}: warp {2}, {3} ({4})", step + 1,
                                    v.instructions.size(), a.ins.warp, a.buffer, tr_text(a.phase));
  const float header = draw_header(c, tr_text(info.title), tr_text(info.section), step_line,
                                   instruction_cost_text(a), p, font);
  const Vec2 size = c.size();
  const float pad = font;
  const float split = size.x * 0.62f;
  draw_access_strip(c, {pad, header + pad}, {split - pad, size.y - pad * 3}, a, p, font, hover);
  draw_access_table(c, {split + pad, header + pad}, {size.x - pad, size.y * 0.58f}, v, step, p,
                    font);
  draw_access_chart(c, {split + pad, size.y * 0.6f}, {size.x - pad, size.y - pad * 2.5f}, v.chart,
                    v.run.params.pattern == mem::Pattern::Strided ? v.run.params.stride : 0, p,
                    font);
  draw_swatches(c, {pad, size.y - pad * 2},
                {{mix(p.cell_fill, p.read, 0.55f), tr("sector fully used")},
                 {mix(p.cell_fill, p.divergent, 0.45f), tr("sector partly used")},
                 {p.text, tr("128-byte line"), SwatchKind::Outline}},
                p, font * 0.85f);
}

}  // namespace ws::app
