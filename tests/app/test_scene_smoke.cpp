// Every registered scene, headless: attach, reset, walk every step, draw to SVG and to pixels,
// detach. The figure must have ink, not just a background.
#include <gtest/gtest.h>

#include <set>

#include "render/figure.h"
#include "render/svg_canvas.h"
#include "scenes/registry.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"

namespace ws::app {
namespace {

TEST(SceneSmoke, EverySceneRunsEveryStepAndDraws) {
  auto gl = gfx::HeadlessGl::create();
  gfx::ImguiRuntime imgui;
  for (auto& scene : make_scenes()) {
    SCOPED_TRACE(scene->id());
    SceneContext context;
    scene->attach(context);
    scene->reset();
    ASSERT_GE(scene->step_count(), 1);
    for (int k = 0; k < scene->step_count(); ++k) {
      scene->seek(k);
      ASSERT_EQ(scene->current_step(), k);
      gfx::FigureOptions options;
      options.width = 640;
      options.height = 360;
      const std::string svg = gfx::render_figure_svg(
          [&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Light); }, options);
      ASSERT_NE(svg.find("<text"), std::string::npos);
    }
    scene->seek(scene->step_count() + 10);  // clamps, never leaves the timeline
    EXPECT_EQ(scene->current_step(), scene->step_count() - 1);
    gfx::FigureOptions options;
    options.width = 800;
    options.height = 450;
    const gfx::Image image =
        gfx::render_figure([&](gfx::Canvas& c) { scene->draw(c, gfx::Theme::Dark); }, options);
    ASSERT_EQ(image.width, 800);
    std::set<uint32_t> colours;
    for (size_t i = 0; i + 3 < image.rgba.size(); i += 4 * 97)
      colours.insert(image.rgba[i] | image.rgba[i + 1] << 8 | image.rgba[i + 2] << 16);
    EXPECT_GT(colours.size(), 8u) << "the figure looks blank";
    scene->detach();
  }
}

}  // namespace
}  // namespace ws::app
