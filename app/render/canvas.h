// One drawing code path, two outputs: scenes draw diagrams (cells, numbers, arrows, trees, bars)
// through Canvas; DrawListCanvas puts them on screen or into a PNG through ImGui draw lists, and
// SvgCanvas writes an editable vector figure.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

namespace ws::gfx {

struct Image;  // render/image.h

struct Vec2 {
  float x = 0, y = 0;
};
inline Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator*(Vec2 a, float s) { return {a.x * s, a.y * s}; }

struct Color {
  uint8_t r = 0, g = 0, b = 0, a = 255;
  Color with_alpha(uint8_t alpha) const { return {r, g, b, alpha}; }
};

enum class HAlign { Left, Center, Right };
enum class VAlign { Top, Middle, Bottom };

class Canvas {
 public:
  virtual ~Canvas() = default;

  // The drawing area, in logical pixels, origin top-left.
  virtual Vec2 size() const = 0;

  virtual void rect_filled(Vec2 min, Vec2 max, Color c, float rounding = 0) = 0;
  virtual void rect(Vec2 min, Vec2 max, Color c, float thickness = 1, float rounding = 0) = 0;
  virtual void line(Vec2 a, Vec2 b, Color c, float thickness = 1) = 0;
  virtual void triangle_filled(Vec2 a, Vec2 b, Vec2 c, Color color) = 0;
  virtual void circle_filled(Vec2 center, float radius, Color c) = 0;
  // `size` is the font's pixel height; the anchor `pos` is placed per the alignment.
  virtual void text(Vec2 pos, const std::string& utf8, float size, Color c,
                    HAlign h = HAlign::Left, VAlign v = VAlign::Top) = 0;
  virtual Vec2 text_size(const std::string& utf8, float size) const = 0;

  // A raster image stretched over [min, max] (heat fields, photos). Screen backends draw
  // `texture` (a GL texture name; top row first) when it is set, else upload `pixels`; SVG embeds
  // `pixels()` as a PNG. `smooth` = linear filtering, else nearest (cells stay sharp).
  struct Raster {
    unsigned texture = 0;
    std::function<Image()> pixels;  // RGBA, straight alpha, top row first
    bool smooth = false;
  };
  virtual void image(Vec2 /*min*/, Vec2 /*max*/, const Raster& /*raster*/) {}

  // Named groups become <g id="..."> in SVG (editable figures); no-ops on screen.
  virtual void begin_group(const std::string& /*id*/) {}
  virtual void end_group() {}

  // A line with a filled arrow head at `to`, built from line + triangle on every backend.
  void arrow(Vec2 from, Vec2 to, Color c, float thickness = 1.5f, float head = 7.0f);
};

}  // namespace ws::gfx
