#include "figure_parts.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "cell_rows.h"
#include "common/inputs.h"
#include "i18n/i18n.h"
#include "i18n/wording.h"

namespace ws::app {

using gfx::Vec2;

gfx::Color mix(gfx::Color a, gfx::Color b, float t) {
  auto channel = [t](uint8_t x, uint8_t y) {
    return static_cast<uint8_t>(std::lround(x * (1 - t) + y * t));
  };
  return {channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b), 255};
}

gfx::Color kept_fill(const gfx::Palette& p) {
  return mix(p.background, p.warp[2], 0.35f);  // Okabe-Ito bluish green
}

gfx::Color bit_fill(const gfx::Palette& p, int bit) {
  return mix(p.background, bit ? p.write : p.read, 0.3f);
}

gfx::Color bit_line(const gfx::Palette& p, int bit) {
  return bit ? p.write : p.read;
}

gfx::Color digit_line(const gfx::Palette& p, int digit) {
  const gfx::Color base = p.warp_color(digit % 8);
  return digit % 16 < 8 ? base : mix(base, p.text, 0.45f);
}

gfx::Color digit_fill(const gfx::Palette& p, int digit) {
  return mix(p.background, digit_line(p, digit), 0.55f);
}

float figure_font(Vec2 size) {
  return std::clamp(std::min(size.y / 40.0f, size.x / 70.0f), 11.0f, 20.0f);
}

float figure_ground(gfx::Canvas& c, const gfx::Palette& pal) {
  c.rect_filled({0, 0}, c.size(), pal.background);
  return figure_font(c.size());
}

void draw_no_run(gfx::Canvas& c, const gfx::Palette& pal, const std::string& error) {
  const float font = figure_ground(c, pal);
  c.text({font, font}, error.empty() ? std::string(tr("no run")) : error, font, pal.mismatch);
}

std::string trace_step_line(const Trace& trace, int shown) {
  const TraceStep& step = trace.steps[size_t(shown)];
  return trf("Step {0} of {1}: {2}", shown + 1, trace.steps.size(),
             step_name_with_phase(step.label, step.phase));
}

float draw_header(gfx::Canvas& c, const std::string& title, const std::string& detail,
                  const std::string& step_line, const std::string& explanation,
                  const gfx::Palette& p, float font) {
  const float width = c.size().x - 8;
  float y = 2;
  c.text({4, y}, fit_text(c, title, font * 1.3f, width), font * 1.3f, p.text);
  y += font * 1.6f;
  c.text({4, y}, fit_text(c, detail, font * 0.85f, width), font * 0.85f, p.text_muted);
  y += font * 1.2f;
  c.text({4, y}, fit_text(c, step_line, font, width), font, p.text);
  y += font * 1.35f;
  // Two lines for the explanation whether it needs them or not: the rows below stay in place
  // from step to step.
  constexpr int kLines = 2;
  if (!explanation.empty())
    draw_wrapped(c, {4, y}, explanation, font * 0.9f, width, p.text_muted, kLines);
  y += kLines * font * 0.9f * 1.25f;
  return y + font * 0.5f;
}

void draw_footer(gfx::Canvas& c, const std::string& line, const gfx::Palette& p, float font,
                 gfx::Color color) {
  const float width = c.size().x - 8;
  float f = font * 0.85f;
  const float natural = c.text_size(line, f).x;
  if (natural > width) f = std::max(9.0f, f * width / natural);
  c.text({4, c.size().y - 4}, fit_text(c, line, f, width), f, color, gfx::HAlign::Left,
         gfx::VAlign::Bottom);
  (void)p;
}

float draw_swatches(gfx::Canvas& c, Vec2 origin, const std::vector<Swatch>& entries,
                    const gfx::Palette& p, float font) {
  // One line: smaller text (not under 7 px) when the entries would run off the figure.
  float width = 0;
  for (const Swatch& s : entries)
    width += font * 1.4f + font * 0.4f + c.text_size(s.text, font).x + font * 1.2f;
  const float room = c.size().x - origin.x - 4;
  if (width > room) font = std::max(7.0f, font * room / width);
  float x = origin.x;
  const float box = font;
  for (const Swatch& s : entries) {
    const Vec2 a{x, origin.y}, b{x + box * 1.4f, origin.y + box};
    switch (s.kind) {
      case SwatchKind::Outline:
        c.rect(a, b, s.color, 2.5f, 2);
        break;
      case SwatchKind::Arrow:
        c.arrow({a.x, origin.y + box / 2}, {b.x, origin.y + box / 2}, s.color, 1.5f, 6);
        break;
      case SwatchKind::CornerMark:
        c.rect_filled(a, b, p.cell_fill, 2);
        c.rect(a, b, p.cell_border, 1, 2);
        c.triangle_filled(a + Vec2{2, 2}, a + Vec2{2 + box * 0.5f, 2}, a + Vec2{2, 2 + box * 0.5f},
                          s.color);
        break;
      default:
        c.rect_filled(a, b, s.color, 2);
        c.rect(a, b, p.cell_border, 1, 2);
    }
    x += box * 1.4f + font * 0.4f;
    c.text({x, origin.y + box / 2}, s.text, font, p.text_muted, gfx::HAlign::Left,
           gfx::VAlign::Middle);
    x += c.text_size(s.text, font).x + font * 1.2f;
  }
  return box;
}

std::vector<int64_t> written_cells(const Trace& trace, int step, int buffer) {
  std::set<int64_t> cells;
  if (step < 0 || step >= static_cast<int>(trace.steps.size()) || buffer < 0) return {};
  const TraceStep& s = trace.steps[step];
  const TraceBuffer& b = trace.buffers[buffer];
  for (const TraceEvent& e : s.events) {
    if (e.buffer != buffer || (e.kind != EventKind::Write && e.kind != EventKind::Atomic)) continue;
    const int64_t block = b.space == MemSpace::Shared ? e.thread / std::max(1, s.block_dim) : 0;
    cells.insert(block * b.size + e.address);
  }
  return {cells.begin(), cells.end()};
}

std::string number(double v, ValueType type) {
  return std::isnan(v) ? std::string() : format_value(v, type);
}

// The counted nouns the figures use, as keys "{0} <noun>s" (one key for singular and plural:
// Chinese has no plural). A noun without a key keeps its English form, the count in front.
[[maybe_unused]] const char* const kCountedNouns[] = {
    TR_NOOP("{0} threads"),        TR_NOOP("{0} ops"),
    TR_NOOP("{0} warps"),          TR_NOOP("{0} steps"),
    TR_NOOP("{0} barriers"),       TR_NOOP("{0} lanes"),
    TR_NOOP("{0} atomics"),        TR_NOOP("{0} bank conflicts"),
    TR_NOOP("{0} global sectors"), TR_NOOP("{0} active threads"),
    TR_NOOP("{0} positions"),      TR_NOOP("{0} edges"),
    TR_NOOP("{0} levels"),         TR_NOOP("{0} rows"),
    TR_NOOP("{0} pixels"),         TR_NOOP("{0} divergent warps"),
    TR_NOOP("{0} predecessors"),   TR_NOOP("{0} flag reads"),
    TR_NOOP("{0} more counters"),  TR_NOOP("{0} tail atomics"),
    TR_NOOP("{0} more atomics"),   TR_NOOP("{0} more warps"),
    TR_NOOP("{0} values"),
};

std::string count_text(int64_t count, const std::string& noun) {
  const std::string english = std::to_string(count) + " " + noun + (count == 1 ? "" : "s");
  if (i18n::language() == i18n::Language::English) return english;
  const std::string key = "{0} " + noun + "s";
  const std::string translated = tr(key.c_str());  // exact keys only (copied while `key` lives)
  return translated == key ? english : i18n::format(translated, {std::to_string(count)});
}

}  // namespace ws::app
