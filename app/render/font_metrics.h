// Text measurement without GL or ImGui: SvgCanvas (and DrawListCanvas before ImGui has a font) must
// lay out labels exactly as the screen does, so this measures with stb_truetype on the same DejaVu
// Sans file the ImGui atlas is built from, using ImGui's conventions (no kerning; a line is `size`
// pixels tall with ascent + descent scaled to `size`).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "render/canvas.h"

namespace ws::gfx {

// The UI and figure font: $WARPSCOPE_FONT if set, else the path baked in at build time
// (WARPSCOPE_FONT_PATH, DejaVu Sans by default).
std::string default_font_path();
// DejaVu Sans Bold beside the regular file, or "" when there is none.
std::string bold_font_path();
// The font for Chinese text (glyphs DejaVu Sans lacks): $WARPSCOPE_CJK_FONT if set, else the path
// baked in at build time (WARPSCOPE_CJK_FONT_PATH: WenQuanYi Micro Hei from fonts-wqy-microhei),
// else Noto Sans CJK where installed; "" when none exists.
std::string cjk_font_path();
// The SVG font-family list that names both fonts ("DejaVu Sans, WenQuanYi Micro Hei, ...").
const char* svg_font_family();

class FontMetrics {
 public:
  // Throws ws::Error naming the path when the file is missing or not a TrueType font.
  // `fallback_path` (optional) is measured for the characters the font lacks, as ImGui draws them
  // when that font is merged into the atlas.
  explicit FontMetrics(const std::string& ttf_path, const std::string& fallback_path = "");
  ~FontMetrics();
  // Shared instance for default_font_path() with cjk_font_path() as its fallback, loaded on first
  // use.
  static const FontMetrics& default_font();

  // Width of the longest line and `size` times the number of lines, in pixels.
  Vec2 text_size(const std::string& utf8, float size) const;
  // Distance from the top of the line box to the baseline.
  float ascent(float size) const;
  // The CSS/SVG font-size (em size) whose glyphs match a line `size` pixels tall (ImGui's size is
  // ascent + descent; an em is smaller: 0.86 of that for DejaVu Sans).
  float em_size(float size) const;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::vector<unsigned char> data_;
  std::vector<unsigned char> info_;  // stbtt_fontinfo, kept opaque to keep stb out of this header
  std::vector<unsigned char> fallback_data_, fallback_info_;  // empty: no fallback
};

// Decodes one UTF-8 code point at `i` and advances `i`; malformed bytes give U+FFFD.
uint32_t next_code_point(const std::string& utf8, size_t& i);

}  // namespace ws::gfx
