#include "ui/lecture_layout.h"

#include <algorithm>

#include "render/font_metrics.h"

namespace ws::app {

namespace {

// Ideographs, kana, hangul and the CJK punctuation blocks: a line may break between any two.
bool is_cjk(uint32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFF00 && c <= 0xFFEF);
}

// Punctuation that must not start a line (it stays with the character before it).
bool no_break_before(uint32_t c) {
  switch (c) {
    case 0x3001:  // 、
    case 0x3002:  // 。
    case 0xFF0C:  // ，
    case 0xFF0E:  // ．
    case 0xFF1A:  // ：
    case 0xFF1B:  // ；
    case 0xFF01:  // ！
    case 0xFF1F:  // ？
    case 0xFF09:  // ）
    case 0x300B:  // 》
    case 0x300D:  // 」
    case 0x201D:  // ”
    case 0x2019:  // ’
    case ')':
    case ',':
    case '.':
    case ':':
    case ';':
      return true;
    default:
      return false;
  }
}

// Punctuation that must not end a line (it stays with the character after it).
bool no_break_after(uint32_t c) {
  return c == 0xFF08 /* （ */ || c == 0x300A /* 《 */ || c == 0x300C /* 「 */ ||
         c == 0x201C /* “ */ || c == '(';
}

struct Segment {
  std::string text;
  bool space_before = false;  // a space separated it from the one before
  bool line_break = false;    // a newline: the segment starts a new line
};

std::vector<Segment> segments_of(const std::string& text) {
  std::vector<Segment> out;
  Segment current;
  bool space = false, newline = false;
  uint32_t previous = 0;
  const auto flush = [&] {
    if (current.text.empty()) return;
    out.push_back(current);
    current = Segment();
  };
  size_t i = 0;
  while (i < text.size()) {
    const size_t start = i;
    const uint32_t c = gfx::next_code_point(text, i);
    if (c == '\n') {
      flush();
      newline = true;
      space = false;
      previous = 0;
      continue;
    }
    if (c == ' ') {
      // A number stays with the Chinese measure word after it ("3 个值"): no break there.
      size_t next = i;
      const uint32_t after = next < text.size() ? gfx::next_code_point(text, next) : 0;
      if (previous >= '0' && previous <= '9' && is_cjk(after)) {
        current.text += ' ';  // `previous` stays the digit, so the measure word joins it
        continue;
      }
      flush();
      space = true;
      previous = 0;
      continue;
    }
    const bool may_break = !current.text.empty() && (is_cjk(c) || is_cjk(previous)) &&
                           !no_break_before(c) && !no_break_after(previous) &&
                           !(previous >= '0' && previous <= '9');
    if (may_break) flush();
    if (current.text.empty()) {
      current.space_before = space;
      current.line_break = newline;
      space = newline = false;
    }
    current.text.append(text, start, i - start);
    previous = c;
  }
  flush();
  return out;
}

// Splits a segment wider than `width` between characters.
std::vector<std::string> split_characters(const std::string& word, float width, float size,
                                          const MeasureText& measure) {
  std::vector<std::string> lines;
  std::string line;
  size_t i = 0;
  while (i < word.size()) {
    const size_t start = i;
    gfx::next_code_point(word, i);
    const std::string piece = word.substr(start, i - start);
    if (!line.empty() && measure(line + piece, size) > width) {
      lines.push_back(line);
      line.clear();
    }
    line += piece;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace

gfx::Vec2 LectureLayout::caption_min_corner() const {
  return {bar_min.x + padding, bar_min.y + padding + header_size * 1.25f};
}

gfx::Vec2 LectureLayout::caption_area() const {
  const gfx::Vec2 corner = caption_min_corner();
  return {std::max(1.0f, bar_max.x - padding - corner.x),
          std::max(1.0f, bar_max.y - padding - corner.y)};
}

gfx::Vec2 LectureLayout::figure_logical() const {
  return {(figure_max.x - figure_min.x) / ui_scale, (figure_max.y - figure_min.y) / ui_scale};
}

LectureLayout lecture_layout(float width, float height, float font_size) {
  LectureLayout l;
  l.ui_scale = std::max(1.0f, font_size / 18.0f);
  l.padding = 8 * l.ui_scale;
  l.header_size = font_size;
  l.caption_max = font_size * 1.5f;
  // A long caption shrinks a little below the UI font rather than the figure giving way: the
  // figure keeps one size from step to step.
  l.caption_min = font_size * 0.85f;
  // Room for the header and three lines of caption at the largest size.
  const float bar = 2 * l.padding + l.header_size * 1.25f + 3 * caption_line_height(l.caption_max);
  l.figure_min = {0, 0};
  l.figure_max = {width, std::max(0.0f, height - bar)};
  l.bar_min = {0, l.figure_max.y};
  l.bar_max = {width, height};
  return l;
}

std::vector<std::string> wrap_text(const std::string& text, float width, float size,
                                   const MeasureText& measure) {
  std::vector<std::string> lines;
  std::string line;
  bool started = false;  // a line is open (possibly still empty after a newline)
  const auto place_alone = [&](const std::string& word) {
    if (measure(word, size) <= width) {
      line = word;
      return;
    }
    std::vector<std::string> pieces = split_characters(word, width, size, measure);
    for (size_t k = 0; k + 1 < pieces.size(); ++k) lines.push_back(pieces[k]);
    line = pieces.empty() ? std::string() : pieces.back();
  };
  for (const Segment& s : segments_of(text)) {
    if (s.line_break && started) {
      lines.push_back(line);
      line.clear();
    }
    started = true;
    if (line.empty()) {
      place_alone(s.text);
      continue;
    }
    const std::string candidate = line + (s.space_before ? " " : "") + s.text;
    if (measure(candidate, size) <= width) {
      line = candidate;
    } else {
      lines.push_back(line);
      line.clear();
      place_alone(s.text);
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

CaptionFit fit_caption(const std::string& text, const LectureLayout& layout,
                       const MeasureText& measure) {
  const gfx::Vec2 area = layout.caption_area();
  CaptionFit fit;
  for (float size = layout.caption_max;; size = std::max(layout.caption_min, size * 0.92f)) {
    fit.size = size;
    fit.lines = wrap_text(text, area.x, size, measure);
    fit.fits = float(fit.lines.size()) * caption_line_height(size) <= area.y + 0.5f;
    if (fit.fits || size <= layout.caption_min) return fit;
  }
}

}  // namespace ws::app
