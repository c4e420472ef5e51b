// SvgCanvas output checked for structure (no GL needed): root element, balanced tags, element
// counts that match the drawing calls, escaping and group ids.
#include <gtest/gtest.h>

#include <regex>
#include <vector>

#include "common/error.h"
#include "render/figure.h"
#include "render/font_metrics.h"
#include "render/svg_canvas.h"
#include "test_pattern.h"

namespace ws::gfx {
namespace {

// Checks that every start tag has its end tag in order (self-closing and <?...?> aside); returns ""
// or what is wrong.
std::string tag_balance_error(const std::string& xml) {
  std::vector<std::string> open;
  for (size_t i = xml.find('<'); i != std::string::npos; i = xml.find('<', i + 1)) {
    const size_t end = xml.find('>', i);
    if (end == std::string::npos) return "unterminated tag at " + std::to_string(i);
    const std::string tag = xml.substr(i + 1, end - i - 1);
    if (tag.empty()) return "empty tag at " + std::to_string(i);
    if (tag[0] == '?' || tag[0] == '!') continue;
    if (tag.find('<') != std::string::npos) return "'<' inside a tag at " + std::to_string(i);
    if (tag.back() == '/') continue;
    const std::string name =
        tag.substr(tag[0] == '/' ? 1 : 0, tag.find_first_of(" \t\n") - (tag[0] == '/' ? 1 : 0));
    if (tag[0] == '/') {
      if (open.empty() || open.back() != name) return "unexpected </" + name + ">";
      open.pop_back();
    } else {
      open.push_back(name);
    }
  }
  return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

int count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t i = text.find(what); i != std::string::npos; i = text.find(what, i + 1)) ++n;
  return n;
}

// Counts what a drawing asks for, to predict the SVG element counts.
class CountingCanvas : public Canvas {
 public:
  int rects = 0, texts = 0, groups = 0, lines = 0, polygons = 0, circles = 0;
  Vec2 size() const override { return {640, 360}; }
  void rect_filled(Vec2, Vec2, Color, float) override { ++rects; }
  void rect(Vec2, Vec2, Color, float, float) override { ++rects; }
  void line(Vec2, Vec2, Color, float) override { ++lines; }
  void triangle_filled(Vec2, Vec2, Vec2, Color) override { ++polygons; }
  void circle_filled(Vec2, float, Color) override { ++circles; }
  void text(Vec2, const std::string& s, float, Color, HAlign, VAlign) override {
    texts += s.empty() ? 0 : 1;
  }
  Vec2 text_size(const std::string&, float size) const override { return {0, size}; }
  void begin_group(const std::string&) override { ++groups; }
};

// The numeric value of attribute `name` of the element starting at `at`.
float attribute(const std::string& doc, size_t at, const std::string& name) {
  const size_t begin = doc.find(" " + name + "=\"", at);
  if (begin == std::string::npos) return -1;
  return std::stof(doc.substr(begin + name.size() + 3));
}

TEST(Svg, SmallDrawingHasExactStructure) {
  SvgCanvas svg({200, 100}, Color{255, 255, 255});
  svg.begin_group("cells");
  svg.rect_filled({10, 10}, {50, 50}, {0, 114, 178, 128}, 3);
  svg.rect({10, 10}, {50, 50}, {0, 0, 0}, 2);
  svg.end_group();
  svg.text({100, 50}, "a < b & \"c\" \u2192 \u03A3", 14, {20, 20, 24}, HAlign::Center,
           VAlign::Middle);
  const std::string doc = svg.str();

  EXPECT_EQ(tag_balance_error(doc), "");
  EXPECT_EQ(doc.rfind("<?xml", 0), 0u);
  EXPECT_NE(doc.find("<svg xmlns=\"http://www.w3.org/2000/svg\""), std::string::npos);
  EXPECT_NE(doc.find("viewBox=\"0 0 200 100\""), std::string::npos);
  EXPECT_NE(doc.find("width=\"200\" height=\"100\""), std::string::npos);
  EXPECT_EQ(count(doc, "<rect"), 3);  // background + 2
  EXPECT_EQ(count(doc, "<text"), 1);
  EXPECT_EQ(count(doc, "<g "), 1);
  EXPECT_NE(doc.find("<g id=\"cells\">"), std::string::npos);
  EXPECT_NE(doc.find("a &lt; b &amp; &quot;c&quot; \u2192 \u03A3</text>"), std::string::npos);
  EXPECT_NE(doc.find("fill-opacity=\"0.5\""), std::string::npos);
  EXPECT_NE(doc.find("text-anchor=\"middle\""), std::string::npos);
  // Middle alignment by an explicit baseline: line box centred on y = 50, baseline ascent below.
  const FontMetrics& font = FontMetrics::default_font();
  const size_t text_at = doc.find("<text");
  EXPECT_NEAR(attribute(doc, text_at, "y"), 50 - 7 + font.ascent(14), 0.01);
  EXPECT_NEAR(attribute(doc, text_at, "font-size"), font.em_size(14), 0.01);
  EXPECT_LT(font.em_size(14), 14.0f);  // an em is smaller than the line box
  EXPECT_EQ(doc.find("dominant-baseline"), std::string::npos);
  // DejaVu Sans first, a Chinese font next, a generic family last.
  EXPECT_NE(doc.find("font-family=\"'DejaVu Sans', 'WenQuanYi Micro Hei'"), std::string::npos);
  EXPECT_NE(doc.find(", sans-serif\""), std::string::npos);
  EXPECT_NE(doc.find("fill=\"rgb(0,114,178)\""), std::string::npos);
  // Stroke inset by half its width, like ImGui's rect.
  EXPECT_NE(doc.find("<rect x=\"11\" y=\"11\" width=\"38\" height=\"38\""), std::string::npos);
}

TEST(Svg, TestPatternMatchesDrawingCalls) {
  CountingCanvas expected;
  test::draw_test_pattern(expected);
  FigureOptions options;
  options.width = test::kPatternWidth;
  options.height = test::kPatternHeight;
  const std::string doc = render_figure_svg(test::draw_test_pattern, options);

  EXPECT_EQ(tag_balance_error(doc), "");
  EXPECT_NE(doc.find("viewBox=\"0 0 640 360\""), std::string::npos);
  EXPECT_EQ(count(doc, "<rect"), expected.rects + 1);  // + background
  EXPECT_EQ(count(doc, "<text"), expected.texts);
  EXPECT_EQ(count(doc, "<g "), expected.groups);
  EXPECT_EQ(count(doc, "<line"), expected.lines);
  EXPECT_EQ(count(doc, "<polygon"), expected.polygons);
  EXPECT_EQ(count(doc, "<circle"), expected.circles);
  EXPECT_NE(doc.find("right &lt;end&gt;"), std::string::npos);
  EXPECT_NE(doc.find("<g id=\"input_row\">"), std::string::npos);

  options.transparent = true;
  const std::string transparent = render_figure_svg(test::draw_test_pattern, options);
  EXPECT_EQ(count(transparent, "<rect"), expected.rects);
}

TEST(Svg, GroupIdsAreValidAndUnique) {
  EXPECT_EQ(xml_name("warp 0"), "warp_0");
  EXPECT_EQ(xml_name("0th"), "_0th");
  EXPECT_EQ(xml_name(""), "group");
  EXPECT_EQ(xml_name("a<b>&c"), "a_b__c");
  SvgCanvas svg({10, 10});
  svg.begin_group("cell");
  svg.end_group();
  svg.begin_group("cell");
  svg.begin_group("-x");
  const std::string doc = svg.str();  // closes the open groups
  EXPECT_NE(doc.find("<g id=\"cell\">"), std::string::npos);
  EXPECT_NE(doc.find("<g id=\"cell-2\">"), std::string::npos);
  EXPECT_NE(doc.find("<g id=\"_-x\">"), std::string::npos);
  EXPECT_EQ(tag_balance_error(doc), "");
  svg.end_group();
  svg.end_group();
  EXPECT_THROW(svg.end_group(), ws::Error);
}

TEST(Svg, MultiLineTextAndControlCharacters) {
  SvgCanvas svg({100, 100});
  svg.text({50, 50}, "one\ntwo", 10, {0, 0, 0}, HAlign::Right, VAlign::Bottom);
  svg.text({0, 0}, std::string("bell\a"), 10, {0, 0, 0});
  const std::string doc = svg.str();
  EXPECT_EQ(tag_balance_error(doc), "");
  EXPECT_EQ(count(doc, "<tspan"), 2);
  // Bottom-aligned two-line block: line boxes start at 30 and 40.
  const float ascent = FontMetrics::default_font().ascent(10);
  const size_t first = doc.find("<tspan");
  EXPECT_NEAR(attribute(doc, first, "y"), 30 + ascent, 0.01);
  EXPECT_NEAR(attribute(doc, doc.find("<tspan", first + 1), "y"), 40 + ascent, 0.01);
  EXPECT_NE(doc.find(">one</tspan><tspan x=\"50\""), std::string::npos);
  EXPECT_EQ(doc.find('\a'), std::string::npos);
}

TEST(Svg, TextSizeWorksWithoutGl) {
  SvgCanvas svg({10, 10});
  const Vec2 hello = svg.text_size("Hello", 20);
  EXPECT_GT(hello.x, 40);
  EXPECT_LT(hello.x, 70);
  EXPECT_FLOAT_EQ(hello.y, 20);
  EXPECT_FLOAT_EQ(svg.text_size("a\nb", 10).y, 20);
}

}  // namespace
}  // namespace ws::gfx
