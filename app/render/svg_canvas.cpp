#include "render/svg_canvas.h"

#include <stb_image_write.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <vector>

#include "common/error.h"
#include "render/font_metrics.h"

namespace ws::gfx {

namespace {

// Two decimals, locale-independent: std::to_chars where the library has it for floats; the
// browser build's libc++ 14 has not, and its printf is locale-independent (there is no locale).
std::string fixed_two_decimals(float value) {
  char buffer[64];
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 170000
  const int length = std::snprintf(buffer, sizeof buffer, "%.2f", double(value));
  return std::string(buffer, size_t(std::max(0, std::min(length, int(sizeof buffer) - 1))));
#else
  auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed, 2);
  return std::string(buffer, result.ptr);
#endif
}

// Locale-independent, at most two decimals, no trailing zeros: "12", "12.5", "-0.25".
std::string num(float value) {
  std::string text = fixed_two_decimals(value);
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  if (text == "-0") text = "0";
  return text;
}

std::string rgb(Color c) {
  return "rgb(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
}

std::string opacity(const char* attribute, Color c) {
  if (c.a == 255) return "";
  return std::string(" ") + attribute + "=\"" + num(c.a / 255.0f) + "\"";
}

std::string fill(Color c) {
  return "fill=\"" + rgb(c) + "\"" + opacity("fill-opacity", c);
}

std::string stroke(Color c, float thickness) {
  return "fill=\"none\" stroke=\"" + rgb(c) + "\"" + opacity("stroke-opacity", c) +
         " stroke-width=\"" + num(thickness) + "\"";
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines(1);
  for (char ch : text) {
    if (ch == '\n')
      lines.emplace_back();
    else if (ch != '\r')
      lines.back() += ch;
  }
  return lines;
}

}  // namespace

std::string base64_encode(const std::vector<uint8_t>& bytes) {
  static const char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const uint32_t triple = uint32_t(bytes[i]) << 16 | uint32_t(bytes[i + 1]) << 8 | bytes[i + 2];
    for (int shift = 18; shift >= 0; shift -= 6) out += kAlphabet[(triple >> shift) & 63];
  }
  const size_t rest = bytes.size() - i;
  if (rest > 0) {
    const uint32_t triple =
        uint32_t(bytes[i]) << 16 | (rest == 2 ? uint32_t(bytes[i + 1]) << 8 : 0u);
    out += kAlphabet[(triple >> 18) & 63];
    out += kAlphabet[(triple >> 12) & 63];
    out += rest == 2 ? kAlphabet[(triple >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::vector<uint8_t> encode_png(const Image& image) {
  WS_REQUIRE(!image.empty() && image.rgba.size() == size_t(image.width) * image.height * 4,
             "cannot encode an empty image (or one whose pixel buffer has the wrong size) as PNG");
  std::vector<uint8_t> png;
  const auto append = [](void* context, void* data, int size) {
    auto* out = static_cast<std::vector<uint8_t>*>(context);
    const auto* bytes = static_cast<const uint8_t*>(data);
    out->insert(out->end(), bytes, bytes + size);
  };
  const int ok = stbi_write_png_to_func(append, &png, image.width, image.height, 4,
                                        image.rgba.data(), image.width * 4);
  WS_REQUIRE(ok != 0, "PNG encoding of a " + std::to_string(image.width) + "x" +
                          std::to_string(image.height) + " image failed");
  return png;
}

std::string xml_escape(const std::string& utf8) {
  std::string out;
  out.reserve(utf8.size());
  for (char ch : utf8) {
    switch (ch) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20 && ch != '\t' && ch != '\n') break;
        out += ch;
    }
  }
  return out;
}

std::string xml_name(const std::string& text) {
  std::string name;
  for (char ch : text) {
    const bool ok = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
                    (ch >= '0' && ch <= '9') || ch == '_' || ch == '-' || ch == '.';
    name += ok ? ch : '_';
  }
  if (name.empty()) return "group";
  const char first = name.front();
  if (!((first >= 'a' && first <= 'z') || (first >= 'A' && first <= 'Z') || first == '_')) {
    name.insert(name.begin(), '_');
  }
  return name;
}

SvgCanvas::SvgCanvas(Vec2 size, std::optional<Color> background) : size_(size) {
  WS_REQUIRE(size.x > 0 && size.y > 0, "SVG canvas size must be positive");
  if (background) {
    indent();
    body_ << "<rect x=\"0\" y=\"0\" width=\"" << num(size.x) << "\" height=\"" << num(size.y)
          << "\" " << fill(*background) << "/>\n";
  }
}

void SvgCanvas::indent() {
  body_ << std::string(size_t(2 + 2 * open_groups_), ' ');
}

void SvgCanvas::rect_filled(Vec2 min, Vec2 max, Color c, float rounding) {
  indent();
  body_ << "<rect x=\"" << num(min.x) << "\" y=\"" << num(min.y) << "\" width=\""
        << num(max.x - min.x) << "\" height=\"" << num(max.y - min.y) << "\"";
  if (rounding > 0) body_ << " rx=\"" << num(rounding) << "\"";
  body_ << " " << fill(c) << "/>\n";
}

void SvgCanvas::rect(Vec2 min, Vec2 max, Color c, float thickness, float rounding) {
  // ImGui strokes a rect inside its bounds; an SVG stroke is centred on the edge, so inset by half.
  const float inset = thickness * 0.5f;
  indent();
  body_ << "<rect x=\"" << num(min.x + inset) << "\" y=\"" << num(min.y + inset) << "\" width=\""
        << num(max.x - min.x - thickness) << "\" height=\"" << num(max.y - min.y - thickness)
        << "\"";
  if (rounding > 0) body_ << " rx=\"" << num(rounding) << "\"";
  body_ << " " << stroke(c, thickness) << "/>\n";
}

void SvgCanvas::line(Vec2 a, Vec2 b, Color c, float thickness) {
  indent();
  body_ << "<line x1=\"" << num(a.x) << "\" y1=\"" << num(a.y) << "\" x2=\"" << num(b.x)
        << "\" y2=\"" << num(b.y) << "\" " << stroke(c, thickness) << "/>\n";
}

void SvgCanvas::triangle_filled(Vec2 a, Vec2 b, Vec2 c, Color color) {
  indent();
  body_ << "<polygon points=\"" << num(a.x) << "," << num(a.y) << " " << num(b.x) << "," << num(b.y)
        << " " << num(c.x) << "," << num(c.y) << "\" " << fill(color) << "/>\n";
}

void SvgCanvas::circle_filled(Vec2 center, float radius, Color c) {
  indent();
  body_ << "<circle cx=\"" << num(center.x) << "\" cy=\"" << num(center.y) << "\" r=\""
        << num(radius) << "\" " << fill(c) << "/>\n";
}

void SvgCanvas::text(Vec2 pos, const std::string& utf8, float size, Color c, HAlign h, VAlign v) {
  if (utf8.empty()) return;
  const char* anchor = h == HAlign::Left ? "start" : h == HAlign::Center ? "middle" : "end";
  const std::vector<std::string> lines = split_lines(utf8);
  // Lines are placed by explicit baselines, as on screen (a line box `size` tall, the baseline
  // `ascent` below its top), not by dominant-baseline, which several SVG viewers ignore.
  const FontMetrics& font = FontMetrics::default_font();
  const float block = size * float(lines.size());
  float top = pos.y;
  if (v == VAlign::Middle) top -= block * 0.5f;
  if (v == VAlign::Bottom) top -= block;
  const float ascent = font.ascent(size);
  indent();
  body_ << "<text font-family=\"" << svg_font_family() << "\" font-size=\""
        << num(font.em_size(size)) << "\" text-anchor=\"" << anchor << "\" " << fill(c);
  if (lines.size() == 1) {
    body_ << " x=\"" << num(pos.x) << "\" y=\"" << num(top + ascent) << "\">" << xml_escape(utf8)
          << "</text>\n";
    return;
  }
  body_ << ">";
  for (size_t i = 0; i < lines.size(); ++i) {
    body_ << "<tspan x=\"" << num(pos.x) << "\" y=\"" << num(top + size * float(i) + ascent)
          << "\">" << xml_escape(lines[i]) << "</tspan>";
  }
  body_ << "</text>\n";
}

Vec2 SvgCanvas::text_size(const std::string& utf8, float size) const {
  return FontMetrics::default_font().text_size(utf8, size);
}

void SvgCanvas::image(Vec2 min, Vec2 max, const Raster& raster) {
  WS_REQUIRE(bool(raster.pixels),
             std::string("SvgCanvas::image needs the raster's pixels (a GL texture alone cannot be "
                         "embedded in SVG)"));
  const std::string png = base64_encode(encode_png(raster.pixels()));
  uses_xlink_ = true;
  indent();
  body_ << "<image x=\"" << num(min.x) << "\" y=\"" << num(min.y) << "\" width=\""
        << num(max.x - min.x) << "\" height=\"" << num(max.y - min.y)
        << "\" preserveAspectRatio=\"none\"";
  // optimizeSpeed is SVG 1.1's hint; viewers that know CSS's pixelated take the later value.
  if (!raster.smooth) body_ << " style=\"image-rendering:optimizeSpeed;image-rendering:pixelated\"";
  body_ << " xlink:href=\"data:image/png;base64," << png << "\"/>\n";
}

void SvgCanvas::begin_group(const std::string& id) {
  std::string name = xml_name(id);
  if (used_ids_.count(name)) {
    int suffix = 2;
    while (used_ids_.count(name + "-" + std::to_string(suffix))) ++suffix;
    name += "-" + std::to_string(suffix);
  }
  used_ids_.insert(name);
  indent();
  body_ << "<g id=\"" << name << "\">\n";
  ++open_groups_;
}

void SvgCanvas::end_group() {
  WS_REQUIRE(open_groups_ > 0, "SvgCanvas::end_group without a matching begin_group");
  --open_groups_;
  indent();
  body_ << "</g>\n";
}

std::string SvgCanvas::str() const {
  std::ostringstream doc;
  doc << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      << "<svg xmlns=\"http://www.w3.org/2000/svg\""
      << (uses_xlink_ ? " xmlns:xlink=\"http://www.w3.org/1999/xlink\"" : "")
      << " version=\"1.1\" width=\"" << num(size_.x) << "\" height=\"" << num(size_.y)
      << "\" viewBox=\"0 0 " << num(size_.x) << " " << num(size_.y) << "\">\n"
      << body_.str();
  for (int depth = open_groups_; depth > 0; --depth) {
    doc << std::string(size_t(2 * depth), ' ') << "</g>\n";
  }
  doc << "</svg>\n";
  return doc.str();
}

}  // namespace ws::gfx
