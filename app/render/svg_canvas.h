// The vector Canvas backend: the same scene drawing code writes an SVG 1.1 document for papers and
// slides, with named groups (<g id>) so a figure stays editable in Inkscape or Illustrator. Text is
// real text in DejaVu Sans, measured with the same font the screen uses.
#pragma once

#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "render/canvas.h"
#include "render/image.h"

namespace ws::gfx {

class SvgCanvas : public Canvas {
 public:
  // `size` in logical pixels: the document's width, height and viewBox. With a background the
  // first element is a full-size rect of that colour.
  explicit SvgCanvas(Vec2 size, std::optional<Color> background = std::nullopt);

  Vec2 size() const override { return size_; }
  void rect_filled(Vec2 min, Vec2 max, Color c, float rounding = 0) override;
  void rect(Vec2 min, Vec2 max, Color c, float thickness = 1, float rounding = 0) override;
  void line(Vec2 a, Vec2 b, Color c, float thickness = 1) override;
  void triangle_filled(Vec2 a, Vec2 b, Vec2 c, Color color) override;
  void circle_filled(Vec2 center, float radius, Color c) override;
  void text(Vec2 pos, const std::string& utf8, float size, Color c, HAlign h = HAlign::Left,
            VAlign v = VAlign::Top) override;
  Vec2 text_size(const std::string& utf8, float size) const override;
  // An <image> stretched over [min, max] (preserveAspectRatio none) whose href is the raster's
  // pixels as a base64 PNG data URI; !smooth asks viewers for pixelated (nearest) scaling. Throws
  // ws::Error when the raster has no pixels function or its image is empty.
  void image(Vec2 min, Vec2 max, const Raster& raster) override;
  // Ids are made valid XML names ("warp 0" -> "warp_0") and unique ("cell", "cell-2", ...).
  void begin_group(const std::string& id) override;
  // Throws ws::Error when no group is open.
  void end_group() override;

  // The complete document; groups still open are closed in it (the canvas itself is unchanged).
  std::string str() const;

 private:
  void indent();

  Vec2 size_;
  std::ostringstream body_;
  int open_groups_ = 0;
  bool uses_xlink_ = false;  // an <image> was written: the root declares xmlns:xlink
  std::set<std::string> used_ids_;
};

// RFC 4648 base64 (with padding) of `bytes`.
std::string base64_encode(const std::vector<uint8_t>& bytes);
// The image as PNG file bytes (stb_image_write); throws ws::Error for an empty image.
std::vector<uint8_t> encode_png(const Image& image);

// Escapes & < > " ' and drops characters XML 1.0 forbids (C0 controls other than tab and newline).
std::string xml_escape(const std::string& utf8);
// A valid XML name from arbitrary text: letters, digits, '_', '-', '.'; starts with a letter or
// '_'.
std::string xml_name(const std::string& text);

}  // namespace ws::gfx
