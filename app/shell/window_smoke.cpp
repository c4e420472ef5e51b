// GUI smoke test (ctest label "app", run under xvfb-run): opens AppWindow, renders three frames of
// a small panel plus an offscreen figure shown through ImGui::Image (the viewport path), then
// checks the screenshot is not blank, the figure survived the round trip and the layout file was
// written.
#include <gtest/gtest.h>

#include <imgui.h>

#include <cstdlib>
#include <filesystem>
#include <set>

#include "render/figure.h"
#include "render/image.h"
#include "render/offscreen_target.h"
#include "render/palette.h"
#include "shell/window.h"

namespace ws::gfx {
namespace {

// A figure whose solid block has one exact colour we can look for in the screenshot.
constexpr Color kMarker{213, 94, 0};

void draw_figure(Canvas& canvas) {
  canvas.rect_filled({20, 20}, {140, 100}, kMarker);
  canvas.arrow({150, 60}, {230, 60}, {0, 114, 178}, 2.0f, 9.0f);
  canvas.text({20, 110}, "stride 4 \u2192 \u03A3", 16, {20, 20, 24});
}

TEST(AppWindow, RendersFramesAndScreenshot) {
  const std::string out_dir = WS_SMOKE_OUT_DIR;
  std::filesystem::create_directories(out_dir);
  const std::string config = out_dir + "/config";
  setenv("XDG_CONFIG_HOME", config.c_str(), 1);
  std::filesystem::remove(config + "/warpscope/imgui.ini");
  {
    AppWindow window("warpscope smoke", 800, 600);
    ASSERT_NE(window.handle(), nullptr);
    window.set_font_size(20);
    OffscreenTarget viewport;
    float value = 0.5f;
    for (int frame = 0; frame < 3; ++frame) {
      ASSERT_TRUE(window.begin_frame());
      ImGui::SetNextWindowPos(ImVec2(10, 10));
      ImGui::SetNextWindowSize(ImVec2(360, 260));
      ImGui::Begin("Controls");
      ImGui::Text("frame %d: \u2308n/2\u2309 \u2264 8 \u00D7 2", frame);
      ImGui::SliderFloat("value", &value, 0.0f, 1.0f);
      ImGui::Button("Step \u2192");
      ImGui::ProgressBar(0.3f * float(frame + 1));
      ImGui::End();

      ImGui::SetNextWindowPos(ImVec2(390, 10));
      ImGui::SetNextWindowSize(ImVec2(400, 300));
      ImGui::Begin("Viewport");
      const ImVec2 avail = ImGui::GetContentRegionAvail();
      FigureOptions options;
      options.width = int(avail.x);
      options.height = int(avail.y);
      render_figure_into(viewport, draw_figure, options);
      ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(viewport.texture())), avail,
                   ImVec2(0, 1), ImVec2(1, 0));
      ImGui::End();
      window.end_frame();
    }
    EXPECT_FLOAT_EQ(window.font_size(), 20);

    const Image shot = window.screenshot();
    ASSERT_GT(shot.width, 0);
    write_png(shot, out_dir + "/window_smoke.png");
    std::set<uint32_t> colours;
    int marker_pixels = 0;
    for (int y = 0; y < shot.height; ++y) {
      for (int x = 0; x < shot.width; ++x) {
        const uint8_t* p = shot.pixel(x, y);
        colours.insert(uint32_t(p[0]) << 16 | uint32_t(p[1]) << 8 | p[2]);
        if (std::abs(p[0] - kMarker.r) <= 2 && std::abs(p[1] - kMarker.g) <= 2 &&
            std::abs(p[2] - kMarker.b) <= 2 && x > 390) {
          ++marker_pixels;
        }
      }
    }
    EXPECT_GT(colours.size(), 2u) << "screenshot looks blank: " << out_dir << "/window_smoke.png";
    EXPECT_GT(marker_pixels, 100 * 60) << "the offscreen figure is missing from the viewport";
    // The background is the theme's.
    const uint8_t* corner = shot.pixel(shot.width - 1, shot.height - 1);
    EXPECT_EQ(corner[0], palette(Theme::Light).background.r);

    window.set_theme(Theme::Dark);
    ASSERT_TRUE(window.begin_frame());
    ImGui::Begin("Controls");
    ImGui::Text("dark");
    ImGui::End();
    window.end_frame();
    const Image dark = window.screenshot();
    EXPECT_EQ(dark.pixel(dark.width - 1, dark.height - 1)[0], palette(Theme::Dark).background.r);
    write_png(dark, out_dir + "/window_smoke_dark.png");
  }
  EXPECT_TRUE(std::filesystem::exists(config + "/warpscope/imgui.ini"));
}

}  // namespace
}  // namespace ws::gfx
