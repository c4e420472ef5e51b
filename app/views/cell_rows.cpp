#include "cell_rows.h"

#include "field_raster.h"

#include <algorithm>
#include <cmath>

namespace ws::app {

using gfx::HAlign;
using gfx::VAlign;
using gfx::Vec2;

namespace {

constexpr float kMinTextFont = 7.0f;
constexpr float kMinTextCell = 9.0f;
constexpr float kCellGap = 0.08f;  // of a cell's width, left blank between neighbours

}  // namespace

std::string fit_text(const gfx::Canvas& c, std::string text, float font, float width) {
  if (c.text_size(text, font).x <= width) return text;
  const std::string ellipsis = "\xE2\x80\xA6";
  while (text.size() > 1 && c.text_size(text + ellipsis, font).x > width) {
    text.pop_back();
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80)
      text.pop_back();  // never cut a UTF-8 sequence in half
    if (!text.empty() && static_cast<unsigned char>(text.back()) >= 0xC0) text.pop_back();
  }
  return text + ellipsis;
}

namespace {

// The code point of the UTF-8 sequence at `text[i]` and its length in bytes.
char32_t code_point(const std::string& text, size_t i, size_t& length) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  if (i + length > text.size()) length = 1;
  if (length == 1) return lead;
  char32_t cp = lead & (0x3F >> (length - 1));
  for (size_t k = 1; k < length; ++k) cp = (cp << 6) | (byte(i + k) & 0x3F);
  return cp;
}

// Chinese characters and full-width punctuation: a line may break before or after each.
bool is_cjk(char32_t cp) {
  return (cp >= 0x2E80 && cp <= 0x9FFF) || (cp >= 0xF900 && cp <= 0xFAFF) ||
         (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFFEF);
}

// Punctuation that must not begin a line (it stays with the character before it).
bool closes(char32_t cp) {
  switch (cp) {
    case 0x3001:
    case 0x3002:
    case 0xFF0C:
    case 0xFF1A:
    case 0xFF1B:
    case 0xFF01:
    case 0xFF1F:
    case 0xFF09:
    case 0x300D:
    case 0x300F:
    case 0x201D:
    case 0x2019:
    case 0x3011:
      return true;
    default:
      return false;
  }
}

// Lines of at most `width` for text with Chinese in it: breaks at spaces and between Chinese
// characters (never before closing punctuation), so a sentence without spaces still wraps.
std::vector<std::string> wrap_cjk(const gfx::Canvas& c, const std::string& text, float font,
                                  float width) {
  // Pieces that stay together, each with whether a space stood before it.
  struct Piece {
    std::string text;
    bool space_before;
  };
  std::vector<Piece> pieces;
  bool space = false, joinable = false;  // joinable: the last piece is a run of non-CJK text
  for (size_t i = 0; i < text.size();) {
    size_t length = 1;
    const char32_t cp = code_point(text, i, length);
    const std::string ch = text.substr(i, length);
    i += length;
    if (cp == ' ') {
      space = true;
      joinable = false;
      continue;
    }
    if (is_cjk(cp) || cp == 0x201C || cp == 0x2018) {
      if (closes(cp) && !pieces.empty() && !space)
        pieces.back().text += ch;
      else
        pieces.push_back({ch, space});
      joinable = false;
    } else if (joinable && !space) {
      pieces.back().text += ch;
    } else {
      pieces.push_back({ch, space});
      joinable = true;
    }
    space = false;
  }
  std::vector<std::string> lines(1);
  for (const Piece& piece : pieces) {
    const std::string gap = piece.space_before && !lines.back().empty() ? " " : "";
    const std::string candidate = lines.back() + gap + piece.text;
    if (!lines.back().empty() && c.text_size(candidate, font).x > width)
      lines.push_back(piece.text);
    else
      lines.back() = candidate;
  }
  return lines;
}

bool has_cjk(const std::string& text) {
  for (size_t i = 0; i < text.size();) {
    size_t length = 1;
    if (is_cjk(code_point(text, i, length))) return true;
    i += length;
  }
  return false;
}

}  // namespace

float draw_wrapped(gfx::Canvas& c, Vec2 pos, const std::string& text, float font, float width,
                   gfx::Color color, int max_lines) {
  std::vector<std::string> lines(1);
  size_t start = 0;
  if (has_cjk(text)) {
    lines = wrap_cjk(c, text, font, width);
    start = text.size();
  }
  while (start < text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    const std::string candidate = lines.back().empty() ? word : lines.back() + " " + word;
    if (!lines.back().empty() && c.text_size(candidate, font).x > width)
      lines.push_back(word);
    else
      lines.back() = candidate;
    start = end + 1;
  }
  const float line_h = font * 1.25f;
  const int shown = std::min<int>(max_lines, static_cast<int>(lines.size()));
  for (int i = 0; i < shown; ++i) {
    const bool cut = i + 1 == shown && shown < static_cast<int>(lines.size());
    const std::string line = cut ? fit_text(c, lines[i] + " \xE2\x80\xA6", font, width) : lines[i];
    c.text({pos.x, pos.y + i * line_h}, fit_text(c, line, font, width), font, color);
  }
  return shown * line_h;
}

RowsGeometry draw_rows(gfx::Canvas& c, Vec2 origin, Vec2 size, const std::vector<CellRow>& rows,
                       const gfx::Palette& p, float font, float max_cell_w) {
  RowsGeometry g;
  if (rows.empty()) return g;
  const float label_font = font * 0.9f;
  for (const CellRow& r : rows) g.label_w = std::max(g.label_w, c.text_size(r.label, label_font).x);
  g.label_w = std::min(g.label_w + font, size.x * 0.3f);
  size_t most = 1;
  for (const CellRow& r : rows) most = std::max(most, r.cells.size());
  g.x0 = origin.x + g.label_w;
  // Cells grow past `max_cell_w` when a long text (a 32-bit key in binary, a ten-digit value)
  // would not fit it at three quarters of the font and the figure has the room.
  float longest = 0;
  for (const CellRow& r : rows)
    for (const Cell& cell : r.cells)
      if (!cell.hidden) longest = std::max(longest, c.text_size(cell.text, font * 0.75f).x);
  max_cell_w = std::max(max_cell_w, longest / (1 - kCellGap) + 6);
  g.cell_w = std::min(max_cell_w, (size.x - g.label_w) / static_cast<float>(most));
  // Heights: every row one cell plus its gap; cells no taller than 2 fonts, no shorter than 4 px.
  float units = 0;
  for (const CellRow& r : rows) units += 1 + r.gap_after;
  g.cell_h = std::clamp(size.y / units, 4.0f, font * 2.4f);

  // Each row's text as large as its widest text allows (capped at `font`): a row of single digits
  // stays legible beside a row of long binary keys that must shrink.
  auto row_font = [&](const CellRow& r) {
    float widest = 1;
    for (const Cell& cell : r.cells)
      if (!cell.unwritten && !cell.hidden)
        widest = std::max(widest, c.text_size(cell.text, font).x);
    return std::min({font, font * g.cell_w * (1 - kCellGap) * 0.9f / widest, g.cell_h * 0.7f});
  };
  g.text_font = font;
  for (const CellRow& r : rows) g.text_font = std::min(g.text_font, row_font(r));

  float y = origin.y;
  for (const CellRow& r : rows) {
    g.top.push_back(y);
    g.cells.push_back(static_cast<int>(r.cells.size()));
    c.text({origin.x, y + g.cell_h / 2}, fit_text(c, r.label, label_font, g.label_w - font * 0.5f),
           label_font, p.text, HAlign::Left, VAlign::Middle);
    const float inset = g.cell_w * kCellGap / 2;
    const float text_font = row_font(r);
    for (size_t i = 0; i < r.cells.size(); ++i) {
      const Cell& cell = r.cells[i];
      if (cell.hidden) continue;
      const Vec2 a{g.x0 + i * g.cell_w + inset, y};
      const Vec2 b{g.x0 + (i + 1) * g.cell_w - inset, y + g.cell_h};
      const gfx::Color fill =
          cell.unwritten ? p.cell_unwritten : (cell.fill.a ? cell.fill : p.cell_fill);
      c.rect_filled(a, b, fill, 2);
      c.rect(a, b, cell.unwritten ? p.inactive : p.cell_border, 1, 2);
      if (cell.emphasis) c.rect(a, b, p.highlight, 3, 2);
      if (cell.mismatch) c.rect(a, b, p.mismatch, 2.5f, 2);
      // Cells narrower than a digit and its margins get no text: the hover has it.
      if (!cell.unwritten && !cell.text.empty() && text_font >= kMinTextFont &&
          g.cell_w >= kMinTextCell)
        c.text({(a.x + b.x) / 2, (a.y + b.y) / 2}, cell.text, text_font,
               cell.fill.a ? ink_on(fill) : p.text, HAlign::Center, VAlign::Middle);
    }
    y += g.cell_h * (1 + r.gap_after);
  }
  return g;
}

RowHit hit_rows(const RowsGeometry& g, const std::vector<CellRow>& rows, Vec2 point) {
  for (size_t r = 0; r < g.top.size() && r < rows.size(); ++r) {
    if (point.y < g.top[r] || point.y >= g.top[r] + g.cell_h) continue;
    if (point.x >= g.x0 - g.label_w && point.x < g.x0) return {static_cast<int>(r), -1};
    const int col = static_cast<int>(std::floor((point.x - g.x0) / g.cell_w));
    if (point.x >= g.x0 && col >= 0 && col < g.cells[r] && !rows[r].cells[col].hidden)
      return {static_cast<int>(r), col};
  }
  return {};
}

std::string describe_rows(const RowsGeometry& g, const std::vector<CellRow>& rows, Vec2 point) {
  const RowHit hit = hit_rows(g, rows, point);
  if (hit.row < 0) return "";
  const CellRow& row = rows[hit.row];
  if (hit.col < 0) return row.hover.empty() ? row.label : row.hover;
  return row.cells[hit.col].hover;
}

void cell_arrow(gfx::Canvas& c, const RowsGeometry& g, int row_a, int col_a, int row_b, int col_b,
                gfx::Color color, float thickness) {
  const Vec2 from = g.bottom_center(row_a, col_a) + Vec2{0, 1};
  const Vec2 to = g.top_center(row_b, col_b) - Vec2{0, 1};
  const float head = std::clamp(g.cell_w * 0.3f, 4.0f, 8.0f);
  c.arrow(from, to, color, thickness, head);
}

}  // namespace ws::app
