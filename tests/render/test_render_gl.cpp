// GL rendering on a headless context: the golden figure, transparency, supersampling, the
// offscreen target's state handling, fonts and text metrics (ImGui vs stb_truetype).
#include <gtest/gtest.h>

#include <GL/glew.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>

#include "common/error.h"
#include "gl_environment.h"
#include "golden.h"
#include "render/draw_list_canvas.h"
#include "render/figure.h"
#include "render/font_metrics.h"
#include "render/offscreen_target.h"
#include "render/svg_canvas.h"
#include "test_pattern.h"

namespace ws::gfx {
namespace {

FigureOptions pattern_options() {
  FigureOptions options;
  options.width = test::kPatternWidth;
  options.height = test::kPatternHeight;
  return options;
}

TEST(HeadlessGl, GivesCoreContext43OrNewer) {
  WS_REQUIRE_GL();
  HeadlessGl& gl = test::headless_gl();
  std::cout << "platform: " << gl.platform() << ", renderer: " << gl.renderer()
            << ", version: " << gl.version() << "\n";
  EXPECT_FALSE(gl.renderer().empty());
  const std::set<std::string> platforms = {"EGL device", "Mesa surfaceless", "EGL default"};
  EXPECT_TRUE(platforms.count(gl.platform())) << gl.platform();
  GLint major = 0, minor = 0, profile = 0;
  glGetIntegerv(GL_MAJOR_VERSION, &major);
  glGetIntegerv(GL_MINOR_VERSION, &minor);
  glGetIntegerv(GL_CONTEXT_PROFILE_MASK, &profile);
  EXPECT_GE(major * 10 + minor, 43);
  EXPECT_TRUE(profile & GL_CONTEXT_CORE_PROFILE_BIT);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST(Golden, CanvasPattern) {
  WS_REQUIRE_GL();
  test::expect_matches_golden("canvas_pattern", test::draw_test_pattern, pattern_options(), 16,
                              0.001);
}

TEST(Figure, SupersampledOutputHasRequestedSize) {
  WS_REQUIRE_GL();
  FigureOptions options;
  options.width = 200;
  options.height = 100;
  options.scale = 1.5f;
  options.supersample = 3;
  const Image image = render_figure(test::draw_test_pattern, options);
  EXPECT_EQ(image.width, 300);
  EXPECT_EQ(image.height, 150);
  options.scale = 1;
  options.supersample = 1;
  const Image plain = render_figure(test::draw_test_pattern, options);
  EXPECT_EQ(plain.width, 200);
  EXPECT_EQ(plain.height, 100);
  options.supersample = 0;
  EXPECT_THROW(render_figure(test::draw_test_pattern, options), ws::Error);
}

TEST(Figure, ThemeBackgroundFillsUntouchedPixels) {
  WS_REQUIRE_GL();
  FigureOptions options = pattern_options();
  options.theme = Theme::Dark;
  const Image image = render_figure([](Canvas&) {}, options);
  const Color bg = palette(Theme::Dark).background;
  const uint8_t* corner = image.pixel(image.width - 1, image.height - 1);
  EXPECT_EQ(corner[0], bg.r);
  EXPECT_EQ(corner[1], bg.g);
  EXPECT_EQ(corner[2], bg.b);
  EXPECT_EQ(corner[3], 255);
}

TEST(Figure, TransparentBackgroundKeepsStraightAlpha) {
  WS_REQUIRE_GL();
  const Color ink{213, 94, 0};
  FigureOptions options;
  options.width = 120;
  options.height = 80;
  options.transparent = true;
  const Image image = render_figure(
      [&](Canvas& c) {
        c.rect_filled({40, 20}, {80, 60}, ink);
        c.circle_filled({20, 40}, 12, ink);
      },
      options);
  for (const auto& [x, y] : {std::pair{0, 0}, {119, 0}, {0, 79}, {119, 79}}) {
    EXPECT_EQ(image.pixel(x, y)[3], 0) << x << "," << y;
  }
  const uint8_t* inside = image.pixel(60, 40);
  EXPECT_EQ(inside[3], 255);
  EXPECT_NEAR(inside[0], ink.r, 1);
  EXPECT_NEAR(inside[1], ink.g, 1);
  EXPECT_NEAR(inside[2], ink.b, 1);
  // Anti-aliased edge pixels keep the ink colour (straight alpha), only their alpha is partial.
  int partial = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = 0; x < 40; ++x) {
      const uint8_t* p = image.pixel(x, y);
      if (p[3] > 40 && p[3] < 215) {
        ++partial;
        EXPECT_NEAR(p[0], ink.r, 8) << x << "," << y << " alpha " << int(p[3]);
        EXPECT_NEAR(p[1], ink.g, 8) << x << "," << y;
      }
    }
  }
  EXPECT_GT(partial, 10);
}

// Rendering a figure inside another target gives back the framebuffer and the program; the
// viewport is not restored (whoever draws sets it, render/gl_state.h) and the scissor test is off,
// as between all the app's draws.
TEST(Figure, RenderIntoRestoresTheFramebufferAndProgram) {
  WS_REQUIRE_GL();
  OffscreenTarget outer(64, 32);
  outer.bind();
  GLint outer_fbo = 0, program_before = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &outer_fbo);
  glGetIntegerv(GL_CURRENT_PROGRAM, &program_before);
  OffscreenTarget figure;
  render_figure_into(figure, test::draw_test_pattern, pattern_options());
  EXPECT_EQ(figure.width(), 1280);
  EXPECT_EQ(figure.height(), 720);
  GLint fbo = 0, read_fbo = 0, program = 0;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &fbo);
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_fbo);
  glGetIntegerv(GL_CURRENT_PROGRAM, &program);
  EXPECT_EQ(fbo, outer_fbo);
  EXPECT_EQ(read_fbo, outer_fbo);
  EXPECT_EQ(program, program_before);
  EXPECT_FALSE(glIsEnabled(GL_SCISSOR_TEST));
  outer.unbind();
  GLint after_unbind = -1;
  glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &after_unbind);
  EXPECT_NE(after_unbind, outer_fbo);  // back to the default framebuffer
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST(OffscreenTarget, ClearAndReadBackTopDown) {
  WS_REQUIRE_GL();
  OffscreenTarget target(8, 4);
  target.clear({10, 20, 30, 255});
  Image image = target.read_pixels();
  ASSERT_EQ(image.width, 8);
  ASSERT_EQ(image.height, 4);
  EXPECT_EQ(image.pixel(7, 3)[0], 10);
  EXPECT_EQ(image.pixel(7, 3)[2], 30);
  // Top row red via a scissored clear at the top (GL's y = height - 1): read back as row 0.
  target.bind();
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 3, 8, 1);
  glClearColor(1, 0, 0, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  target.unbind();
  image = target.read_pixels();
  EXPECT_EQ(image.pixel(0, 0)[0], 255);
  EXPECT_EQ(image.pixel(0, 3)[0], 10);
  target.clear_transparent();
  EXPECT_EQ(target.read_pixels().pixel(4, 2)[3], 0);
  target.resize(16, 16);
  EXPECT_EQ(target.read_pixels().width, 16);
  EXPECT_THROW(target.resize(0, 5), ws::Error);
  EXPECT_EQ(glGetError(), GLenum(GL_NO_ERROR));
}

TEST(GlObjects, MoveTransfersOwnership) {
  WS_REQUIRE_GL();
  Texture a = Texture::create();
  const GLuint id = a.id();
  EXPECT_NE(id, 0u);
  Texture b = std::move(a);
  EXPECT_EQ(a.id(), 0u);
  EXPECT_EQ(b.id(), id);
  Buffer buffer = Buffer::create();
  Renderbuffer renderbuffer = Renderbuffer::create();
  Framebuffer framebuffer = Framebuffer::create();
  EXPECT_TRUE(buffer && renderbuffer && framebuffer);
  b.reset();
  EXPECT_FALSE(b);
  EXPECT_FALSE(glIsTexture(id));
}

TEST(Fonts, TextSizeGrowsLinearlyAndBackendsAgree) {
  WS_REQUIRE_GL();
  ImDrawListSharedData shared;
  ImDrawList list(&shared);
  const ImguiRuntime& runtime = test::imgui_runtime();
  for (ImFont* font : {runtime.figure_font(), runtime.regular_font()}) {
    DrawListCanvas screen(&list, {100, 100}, {}, 1.0f, font);
    SvgCanvas svg({100, 100});
    const Vec2 small = screen.text_size("Hello", 12), large = screen.text_size("Hello", 36);
    EXPECT_NEAR(large.x / small.x, 3.0, 0.03);
    EXPECT_FLOAT_EQ(large.y, 36);
    for (float size : {12.0f, 18.0f, 36.0f}) {
      const float a = screen.text_size("Hello", size).x, b = svg.text_size("Hello", size).x;
      EXPECT_NEAR(a / b, 1.0, 0.05) << "size " << size << ": ImGui " << a << ", stb " << b;
    }
  }
  // Without an ImGui font (no context) DrawListCanvas measures with FontMetrics.
  ImGuiContext* saved = ImGui::GetCurrentContext();
  ImGui::SetCurrentContext(nullptr);
  DrawListCanvas no_imgui(&list, {100, 100});
  const Vec2 fallback = no_imgui.text_size("Hello", 20);
  ImGui::SetCurrentContext(saved);
  EXPECT_FLOAT_EQ(fallback.x, FontMetrics::default_font().text_size("Hello", 20).x);
}

TEST(Fonts, AtlasHasDiagramSymbols) {
  WS_REQUIRE_GL();
  const std::u32string symbols = U"\u00D7\u2192\u2264\u03A3\u2308\u2309\u2082\u03B1\u2026";
  for (ImFont* font : {test::imgui_runtime().regular_font(), test::imgui_runtime().figure_font()}) {
    for (char32_t cp : symbols) {
      EXPECT_NE(font->FindGlyphNoFallback(ImWchar(cp)), nullptr)
          << "U+" << std::hex << unsigned(cp);
    }
  }
  EXPECT_STREQ(test::imgui_runtime().figure_font()->ConfigData->Name, kFigureFontName);
}

TEST(Fonts, FontSizeRebuildsAtlasAndScalesStyle) {
  WS_REQUIRE_GL();
  ImguiRuntime& runtime = test::imgui_runtime();
  const float before = runtime.font_size();
  const float padding = ImGui::GetStyle().WindowPadding.x;
  runtime.set_font_size(36);
  EXPECT_FLOAT_EQ(runtime.font_size(), 36);
  EXPECT_FLOAT_EQ(runtime.regular_font()->FontSize, 36);
  EXPECT_NEAR(ImGui::GetStyle().WindowPadding.x, padding * 36 / before, 0.01);
  EXPECT_NE(ImGui::GetIO().Fonts->TexID, nullptr);
  runtime.set_font_size(100);
  EXPECT_FLOAT_EQ(runtime.font_size(), ImguiRuntime::kMaxFontSize);
  runtime.set_font_size(1);
  EXPECT_FLOAT_EQ(runtime.font_size(), ImguiRuntime::kMinFontSize);
  runtime.set_font_size(before);
  // Figures still render after a rebuild (the atlas texture changed).
  FigureOptions options = pattern_options();
  options.supersample = 1;
  EXPECT_EQ(render_figure(test::draw_test_pattern, options).width, test::kPatternWidth);
  runtime.apply_theme(Theme::Dark);
  EXPECT_EQ(runtime.theme(), Theme::Dark);
  runtime.apply_theme(Theme::Light);
}

TEST(Fonts, MissingFontFileThrows) {
  EXPECT_THROW(FontMetrics("/nonexistent/font.ttf"), ws::Error);
  const std::string not_a_font = test::render_output_dir() + "/not_a_font.ttf";
  std::ofstream(not_a_font) << "plain text";
  EXPECT_THROW(FontMetrics{not_a_font}, ws::Error);
}

}  // namespace
}  // namespace ws::gfx
