// Animated GIF export: the colour tables (exact up to 256 colours, dominant colours exact beyond),
// and whole animations rendered the way `warpscope render` renders PNGs: a GIF has one frame per
// step, each frame decodes (with giflib, on its own) to the PNG of that step, it loops forever at
// the asked delay; a transparent background stays transparent; a cancelled export leaves no file;
// a live scene's frames follow its simulation.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "common/error.h"
#include "io/animation_writer.h"
#include "io/gif_palette.h"
#include "scene_kit/scene_animation.h"
#include "scene_kit/json_params.h"
#include "scenes/registry.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"
#include "test_animation_support.h"
#include "test_paths.h"

namespace ws::app {
namespace {

namespace fs = std::filesystem;
using testing::decode_gif;
using testing::DecodedGif;
using testing::frame_error;
using testing::FrameError;

const std::string kOut = std::string(WS_APP_OUT_DIR) + "/animation";

// A scene whose figures have few colours: vertical stripes in `colours` distinct flat colours at
// whole-pixel edges (no anti-aliasing), shifted by one stripe per step, over a band of background
// at the top. 5 steps.
class StripeScene : public Scene {
 public:
  const char* id() const override { return "stripes"; }
  const char* title() const override { return "Stripes"; }
  SceneCapabilities capabilities() const override { return {}; }
  void attach(SceneContext&) override {}
  void detach() override {}
  nlohmann::json params_to_json() const override { return {{"colours", colours_}}; }
  void params_from_json(const nlohmann::json& j) override {
    reject_unknown_keys(j, {"colours"}, "stripes");
    if (j.contains("colours")) colours_ = static_cast<int>(json_int(j, "colours", 1, 255));
  }
  void reset() override { step_ = 0; }
  int step_count() const override { return 5; }
  int current_step() const override { return step_; }
  void seek(int step) override { step_ = std::clamp(step, 0, step_count() - 1); }
  void ui() override {}
  void draw(gfx::Canvas& c, gfx::Theme) const override {
    const float top = 40, width = c.size().x, height = c.size().y;
    for (int i = 0; i < colours_; ++i) {
      const float x0 = std::floor(width * i / colours_),
                  x1 = std::floor(width * (i + 1) / colours_);
      c.rect_filled({x0, top}, {x1, height}, colour((i + step_) % colours_));
    }
  }
  nlohmann::json results_json() const override { return {}; }
  // Distinct for every i < 256, and none is a theme's background.
  static gfx::Color colour(int i) {
    return gfx::Color{uint8_t(i), uint8_t(255 - i), uint8_t((i * 7) & 0xff), 255};
  }

 private:
  int colours_ = 6;
  int step_ = 0;
};

class Animation : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::create_directories(kOut);
    static bool registered = false;
    if (!registered) register_scene([] { return std::make_unique<StripeScene>(); });
    registered = true;
  }
  // The PNG of every step of the request, rendered as `render --step all --out f_%02d.png`.
  std::vector<gfx::Image> step_pngs(RenderRequest r, const std::string& name) {
    r.step = "all";
    r.fps.reset();
    r.out = kOut + "/" + name + "_%02d.png";
    EXPECT_EQ(render_command(r), 0);
    std::vector<gfx::Image> images;
    for (int k = 1;
         fs::exists(kOut + "/" + name + "_" + (k < 10 ? "0" : "") + std::to_string(k) + ".png");
         ++k)
      images.push_back(gfx::read_png(kOut + "/" + name + "_" + (k < 10 ? "0" : "") +
                                     std::to_string(k) + ".png"));
    return images;
  }
};

// ---- the colour table -------------------------------------------------------------------------

gfx::Image stripes(int colours, int width, int height, bool transparent_band) {
  gfx::Image image(width, height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      uint8_t* p = image.pixel(x, y);
      if (transparent_band && y < 4) continue;  // alpha 0
      const gfx::Color c = StripeScene::colour(x * colours / width);
      p[0] = c.r, p[1] = c.g, p[2] = c.b, p[3] = 255;
    }
  return image;
}

gfx::Image expand(const IndexedFrame& f, int width, int height) {
  gfx::Image image(width, height);
  for (size_t i = 0; i < f.indices.size(); ++i) {
    if (f.indices[i] == f.transparent_index) continue;
    const auto& c = f.palette.at(f.indices[i]);
    image.rgba[i * 4] = c[0], image.rgba[i * 4 + 1] = c[1], image.rgba[i * 4 + 2] = c[2];
    image.rgba[i * 4 + 3] = 255;
  }
  return image;
}

TEST(GifPalette, UpTo256ColoursAreExact) {
  const gfx::Image image = stripes(256, 512, 8, false);
  const IndexedFrame f = index_colours(image);
  EXPECT_TRUE(f.exact);
  EXPECT_EQ(f.palette.size(), 256u);
  EXPECT_EQ(f.transparent_index, -1);
  EXPECT_EQ(gfx::compare_images(expand(f, 512, 8), image, 0).max_abs, 0);
}

TEST(GifPalette, TransparencyTakesOneEntry) {
  // 255 colours and transparency fit exactly; 256 and transparency do not.
  const gfx::Image fits = stripes(255, 510, 8, true);
  const IndexedFrame f = index_colours(fits);
  EXPECT_TRUE(f.exact);
  ASSERT_EQ(f.palette.size(), 256u);
  ASSERT_GE(f.transparent_index, 0);
  EXPECT_EQ(gfx::compare_images(expand(f, 510, 8), fits, 0).max_abs, 0);
  const IndexedFrame over = index_colours(stripes(256, 512, 8, true));
  EXPECT_FALSE(over.exact);
  EXPECT_LE(over.palette.size(), 256u);
}

TEST(GifPalette, ManyColoursKeepTheDominantOnesExact) {
  // Ten flat colours over most of the image, and a smooth ramp of 2,000 colours in a band (as an
  // anti-aliased edge or a colormap would add).
  const int w = 1000, h = 200;
  gfx::Image image(w, h);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      uint8_t* p = image.pixel(x, y);
      p[3] = 255;
      if (y < 180) {
        const gfx::Color c = StripeScene::colour(37 * (x / 100));
        p[0] = c.r, p[1] = c.g, p[2] = c.b;
      } else {
        const int t = (y - 180) * w + x;  // 0..19999
        p[0] = uint8_t(t / 80), p[1] = uint8_t(255 - t / 80), p[2] = uint8_t((t / 10) % 256);
      }
    }
  const IndexedFrame f = index_colours(image);
  EXPECT_FALSE(f.exact);
  EXPECT_LE(f.palette.size(), 256u);
  const FrameError e =
      frame_error(image, expand(f, w, h), dominant_colour_min_pixels(int64_t(w) * h));
  EXPECT_EQ(e.dominant_colours, 10);
  EXPECT_EQ(e.dominant_pixels_wrong, 0);
  // The ramp's colours share 246 entries: each is within a few levels of one.
  EXPECT_LT(e.mean, 0.5) << "max " << e.max;
  EXPECT_LE(e.max, 24);
}

// ---- whole animations -------------------------------------------------------------------------

TEST_F(Animation, GifFramesAreTheStepPngsExactly) {
  RenderRequest r;
  r.scene = "stripes";
  r.params = {{"colours", 200}};
  r.width = 800;  // 200 stripes of 4 pixels
  r.height = 240;
  r.step = "all";
  r.out = kOut + "/stripes.gif";
  std::remove(r.out.c_str());
  ASSERT_EQ(render_command(r), 0);
  const DecodedGif gif = decode_gif(r.out);
  ASSERT_EQ(gif.error, "");
  const std::vector<gfx::Image> pngs = step_pngs(r, "stripes");
  ASSERT_EQ(pngs.size(), 5u);
  ASSERT_EQ(gif.frames.size(), pngs.size()) << "one frame per step";
  EXPECT_TRUE(gif.loops_forever);
  EXPECT_EQ(gif.width, 800);
  EXPECT_EQ(gif.height, 240);
  for (size_t k = 0; k < pngs.size(); ++k) {
    SCOPED_TRACE("step " + std::to_string(k + 1));
    // 200 stripes and the background: the frame fits one table and must be exact.
    ASSERT_LE(testing::colour_histogram(pngs[k]).size(), 256u);
    const gfx::ImageDiff d = gfx::compare_images(gif.frames[k], pngs[k], 0);
    EXPECT_EQ(d.max_abs, 0) << d.pixels_over << " pixels differ";
    EXPECT_EQ(gif.delays[k], 50) << "2 frames per second by default";
  }
  // The steps really differ (the stripes move): the test could tell frames apart.
  EXPECT_GT(gfx::compare_images(pngs[0], pngs[1], 0).pixels_over, 0);
}

TEST_F(Animation, StepRangeAndFrameRate) {
  RenderRequest r;
  r.scene = "stripes";
  r.width = 320;
  r.height = 180;
  r.step = "2-4";
  r.fps = 10;
  r.out = kOut + "/range.gif";
  ASSERT_EQ(render_command(r), 0);
  const DecodedGif gif = decode_gif(r.out);
  ASSERT_EQ(gif.error, "");
  const std::vector<gfx::Image> pngs = step_pngs(r, "range");
  ASSERT_EQ(gif.frames.size(), 3u);
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(gfx::compare_images(gif.frames[k], pngs[k + 1], 0).max_abs, 0) << k;
    EXPECT_EQ(gif.delays[k], 10);
  }
}

TEST_F(Animation, TransparentBackgroundStaysTransparent) {
  RenderRequest r;
  r.scene = "stripes";
  r.width = 320;
  r.height = 180;
  r.step = "all";
  r.transparent = true;
  r.out = kOut + "/transparent.gif";
  ASSERT_EQ(render_command(r), 0);
  const DecodedGif gif = decode_gif(r.out);
  ASSERT_EQ(gif.error, "");
  const std::vector<gfx::Image> pngs = step_pngs(r, "transparent");
  ASSERT_EQ(gif.frames.size(), pngs.size());
  for (size_t k = 0; k < pngs.size(); ++k) {
    EXPECT_EQ(pngs[k].pixel(5, 5)[3], 0) << "the PNG's band is transparent";
    EXPECT_EQ(gfx::compare_images(gif.frames[k], pngs[k], 0).max_abs, 0) << k;
  }
}

// A real figure (the reduction, anti-aliased text and arrows: thousands of colours per frame):
// the flat colours are exact and the rest close. Prints the measured error (gif_palette.h
// quotes it).
TEST_F(Animation, RealFigureKeepsDominantColoursExact) {
  RenderRequest r;
  r.scene = "reduce";
  r.backend = "cpu";
  r.step = "all";
  r.out = kOut + "/reduce.gif";
  ASSERT_EQ(render_command(r), 0);
  const DecodedGif gif = decode_gif(r.out);
  ASSERT_EQ(gif.error, "");
  const std::vector<gfx::Image> pngs = step_pngs(r, "reduce");
  ASSERT_GE(pngs.size(), 3u);
  ASSERT_EQ(gif.frames.size(), pngs.size()) << "one frame per step";
  double worst_mean = 0;
  for (size_t k = 0; k < pngs.size(); ++k) {
    SCOPED_TRACE("step " + std::to_string(k + 1));
    const size_t colours = testing::colour_histogram(pngs[k]).size();
    const FrameError e =
        frame_error(pngs[k], gif.frames[k],
                    dominant_colour_min_pixels(int64_t(pngs[k].width) * pngs[k].height));
    std::cout << "reduce step " << k + 1 << ": " << colours << " colours, " << e.dominant_colours
              << " dominant; mean error " << e.mean << ", max " << e.max << "\n";
    EXPECT_GT(colours, 256u) << "an anti-aliased figure: the case this test is about";
    EXPECT_GE(e.dominant_colours, 3);
    EXPECT_EQ(e.dominant_pixels_wrong, 0);
    EXPECT_LT(e.mean, 0.25);
    worst_mean = std::max(worst_mean, e.mean);
  }
  RecordProperty("worst_mean_error_x1000", int(worst_mean * 1000));
}

TEST_F(Animation, CancelLeavesNoFileAndRestoresTheStep) {
  auto gl = gfx::HeadlessGl::create();
  gfx::ImguiRuntime imgui;
  auto scene = make_scene("stripes");
  SceneContext context;
  context.has_gl = true;
  scene->attach(context);
  scene->seek(3);
  AnimationPlan plan;
  plan.out = kOut + "/cancelled.gif";
  std::remove(plan.out.c_str());
  plan.figure.width = 320;
  plan.figure.height = 180;
  plan.last_step = 4;
  {
    SceneAnimation animation(*scene, plan);
    animation.next_frame();
    animation.next_frame();
    EXPECT_EQ(animation.done(), 2);
    EXPECT_TRUE(fs::exists(plan.out + ".partial.gif")) << "written as it goes";
    animation.cancel();
    EXPECT_TRUE(animation.closed());
    EXPECT_FALSE(animation.finished());
  }
  EXPECT_FALSE(fs::exists(plan.out));
  EXPECT_FALSE(fs::exists(plan.out + ".partial.gif"));
  EXPECT_EQ(scene->current_step(), 3) << "back on the step it showed";
  {
    SceneAnimation abandoned(*scene, plan);  // destroyed unfinished: the same
    abandoned.next_frame();
  }
  EXPECT_FALSE(fs::exists(plan.out));
  EXPECT_FALSE(fs::exists(plan.out + ".partial.gif"));
  {
    SceneAnimation whole(*scene, plan);
    while (!whole.closed()) whole.next_frame();
    EXPECT_TRUE(whole.finished());
  }
  EXPECT_TRUE(fs::exists(plan.out));
  EXPECT_FALSE(fs::exists(plan.out + ".partial.gif"));
  EXPECT_EQ(scene->current_step(), 3);
  scene->detach();
}

TEST(AnimationWriter, BadSettingsThrowAndWriteNothing) {
  AnimationSettings s;
  s.width = 64;
  s.height = 64;
  s.fps = 2;
  const auto message = [&](const std::string& path) -> std::string {
    s.path = path;
    try {
      open_animation_writer(s);
    } catch (const Error& e) {
      return e.what();
    }
    return "";
  };
  EXPECT_NE(message(kOut + "/no_such_folder/a.gif").find("cannot write"), std::string::npos);
  EXPECT_FALSE(fs::exists(kOut + "/no_such_folder"));
  EXPECT_NE(message(kOut + "/a.webm").find(".gif or .mp4"), std::string::npos);
  s.fps = 0;
  EXPECT_NE(message(kOut + "/a.gif").find("frame rate"), std::string::npos);
  s.fps = 51;
  EXPECT_NE(message(kOut + "/a.gif").find("1 to 50"), std::string::npos);
  EXPECT_FALSE(fs::exists(kOut + "/a.gif"));
  EXPECT_FALSE(fs::exists(kOut + "/a.gif.partial.gif"));
  s.fps = 2;
  s.transparent = true;
  EXPECT_NE(message(kOut + "/a.mp4").find("transparent"), std::string::npos);
  EXPECT_FALSE(fs::exists(kOut + "/a.mp4"));
}

TEST(AnimationWriter, FramesOfAnotherSizeAreRefused) {
  AnimationSettings s;
  s.path = kOut + "/sizes.gif";
  s.width = 64;
  s.height = 32;
  auto writer = open_animation_writer(s);
  EXPECT_THROW(writer->add_frame(gfx::Image(32, 64)), Error);
  writer->add_frame(stripes(4, 64, 32, false));
  writer->finish();
  const DecodedGif gif = decode_gif(s.path);
  ASSERT_EQ(gif.error, "");
  EXPECT_EQ(gif.frames.size(), 1u);
}

// A live scene (the heat simulation): frame k is the scene after k frames' worth of time steps,
// the same figure as `render --steps` that many; the frames differ as the heat spreads.
TEST_F(Animation, LiveSceneFramesFollowTheSimulation) {
  RenderRequest r;
  r.scene = "heat";
  r.backend = "cpu";
  r.params = {{"size", "32x32"}, {"steps-per-frame", 40}, {"variant", "basic"}};
  r.width = 640;
  r.height = 360;
  r.frames = 4;
  r.out = kOut + "/heat.gif";
  ASSERT_EQ(render_command(r), 0);
  const DecodedGif gif = decode_gif(r.out);
  ASSERT_EQ(gif.error, "");
  ASSERT_EQ(gif.frames.size(), 4u);
  EXPECT_EQ(gif.delays[0], 7) << "15 frames per second by default for a simulation";
  for (int k = 0; k < 4; ++k) {
    SCOPED_TRACE("frame " + std::to_string(k + 1));
    RenderRequest png = r;
    png.frames.reset();
    png.params["steps"] = 40 * k;
    png.out = kOut + "/heat_" + std::to_string(k) + ".png";
    ASSERT_EQ(render_command(png), 0);
    const gfx::Image expected = gfx::read_png(png.out);
    const FrameError e =
        frame_error(expected, gif.frames[k], dominant_colour_min_pixels(640 * 360));
    std::cout << "heat frame " << k + 1 << ": " << testing::colour_histogram(expected).size()
              << " colours; mean error " << e.mean << ", max " << e.max << "\n";
    EXPECT_EQ(e.dominant_pixels_wrong, 0);
    EXPECT_LT(e.mean, 1.0);
    if (k > 0) {
      EXPECT_GT(gfx::compare_images(gif.frames[k - 1], gif.frames[k], 8).pixels_over, 100)
          << "the simulation ran between frames";
    }
  }
}

}  // namespace
}  // namespace ws::app
