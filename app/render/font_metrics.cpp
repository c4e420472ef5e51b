#include "render/font_metrics.h"

#include <stb_truetype.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>

#include "common/error.h"

#ifndef WARPSCOPE_CJK_FONT_PATH
#define WARPSCOPE_CJK_FONT_PATH "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
#endif
#ifndef WARPSCOPE_FONT_PATH
#define WARPSCOPE_FONT_PATH "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
#endif

namespace ws::gfx {

std::string default_font_path() {
  const char* env = std::getenv("WARPSCOPE_FONT");
  return env && *env ? std::string(env) : std::string(WARPSCOPE_FONT_PATH);
}

std::string bold_font_path() {
  std::string path = default_font_path();
  const std::string regular = "DejaVuSans.ttf";
  if (path.size() < regular.size() ||
      path.compare(path.size() - regular.size(), regular.size(), regular) != 0) {
    return "";
  }
  path.replace(path.size() - regular.size(), regular.size(), "DejaVuSans-Bold.ttf");
  return std::ifstream(path, std::ios::binary).good() ? path : "";
}

std::string cjk_font_path() {
  const char* env = std::getenv("WARPSCOPE_CJK_FONT");
  if (env && *env) return env;
  for (const char* path :
       {WARPSCOPE_CJK_FONT_PATH, "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"}) {
    if (std::ifstream(path, std::ios::binary).good()) return path;
  }
  return "";
}

const char* svg_font_family() {
  // A viewer without DejaVu Sans or a Chinese font takes the next it has (Windows, macOS).
  return "'DejaVu Sans', 'WenQuanYi Micro Hei', 'Noto Sans CJK SC', 'Microsoft YaHei', "
         "'PingFang SC', sans-serif";
}

namespace {

// Reads a TrueType file (or the first font of a collection) into `data` and `info`.
void load_truetype(const std::string& path, std::vector<unsigned char>& data,
                   std::vector<unsigned char>& info_bytes, const char* what) {
  std::ifstream in(path, std::ios::binary);
  WS_REQUIRE(in.good(), "cannot open font '" + path + "' (" + what + ")");
  data.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  info_bytes.resize(sizeof(stbtt_fontinfo));
  auto* info = reinterpret_cast<stbtt_fontinfo*>(info_bytes.data());
  const int offset = stbtt_GetFontOffsetForIndex(data.data(), 0);
  WS_REQUIRE(offset >= 0 && stbtt_InitFont(info, data.data(), offset) != 0,
             "'" + path + "' is not a TrueType font");
}

}  // namespace

FontMetrics::FontMetrics(const std::string& ttf_path, const std::string& fallback_path)
    : path_(ttf_path) {
  load_truetype(ttf_path, data_, info_, "set WARPSCOPE_FONT to a .ttf file");
  if (!fallback_path.empty())
    load_truetype(fallback_path, fallback_data_, fallback_info_,
                  "set WARPSCOPE_CJK_FONT to a .ttf or .ttc file");
}

FontMetrics::~FontMetrics() = default;

const FontMetrics& FontMetrics::default_font() {
  static const FontMetrics metrics(default_font_path(), cjk_font_path());
  return metrics;
}

uint32_t next_code_point(const std::string& utf8, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(utf8[k]); };
  const unsigned char lead = byte(i);
  int extra = 0;
  uint32_t cp = 0;
  if (lead < 0x80) {
    ++i;
    return lead;
  } else if ((lead & 0xE0) == 0xC0) {
    extra = 1, cp = lead & 0x1F;
  } else if ((lead & 0xF0) == 0xE0) {
    extra = 2, cp = lead & 0x0F;
  } else if ((lead & 0xF8) == 0xF0) {
    extra = 3, cp = lead & 0x07;
  } else {
    ++i;
    return 0xFFFD;
  }
  if (i + extra >= utf8.size()) {  // truncated sequence
    i = utf8.size();
    return 0xFFFD;
  }
  for (int k = 1; k <= extra; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) {
      i += k;
      return 0xFFFD;
    }
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  i += extra + 1;
  return cp;
}

Vec2 FontMetrics::text_size(const std::string& utf8, float size) const {
  const auto* info = reinterpret_cast<const stbtt_fontinfo*>(info_.data());
  const float scale = stbtt_ScaleForPixelHeight(info, size);
  float line = 0, widest = 0;
  int lines = 1;
  for (size_t i = 0; i < utf8.size();) {
    const uint32_t cp = next_code_point(utf8, i);
    if (cp == '\n') {
      widest = std::max(widest, line);
      line = 0;
      ++lines;
      continue;
    }
    if (cp == '\r') continue;
    int advance = 0, bearing = 0;
    if (!fallback_info_.empty() && stbtt_FindGlyphIndex(info, int(cp)) == 0) {
      // ImGui draws a character the font lacks from the merged fallback font, at its own scale.
      const auto* other = reinterpret_cast<const stbtt_fontinfo*>(fallback_info_.data());
      if (stbtt_FindGlyphIndex(other, int(cp)) != 0) {
        stbtt_GetCodepointHMetrics(other, int(cp), &advance, &bearing);
        line += float(advance) * stbtt_ScaleForPixelHeight(other, size);
        continue;
      }
    }
    stbtt_GetCodepointHMetrics(info, int(cp), &advance, &bearing);
    line += float(advance) * scale;
  }
  widest = std::max(widest, line);
  return {widest, size * float(lines)};
}

float FontMetrics::em_size(float size) const {
  const auto* info = reinterpret_cast<const stbtt_fontinfo*>(info_.data());
  return size * stbtt_ScaleForPixelHeight(info, 1.0f) / stbtt_ScaleForMappingEmToPixels(info, 1.0f);
}

float FontMetrics::ascent(float size) const {
  const auto* info = reinterpret_cast<const stbtt_fontinfo*>(info_.data());
  int ascent = 0, descent = 0, gap = 0;
  stbtt_GetFontVMetrics(info, &ascent, &descent, &gap);
  return float(ascent) * stbtt_ScaleForPixelHeight(info, size);
}

}  // namespace ws::gfx
