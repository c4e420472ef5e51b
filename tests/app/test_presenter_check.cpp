// The presenter's check: on a 1920x1080 projector with the projector font (32 px), every scene's
// figure, in each of its modes with its default input, at its first, a middle and its last step,
// in English and in Chinese, has no label over another and none cut off at the figure's edge —
// in lecture mode's viewport (above the caption bar) and in the normal layout's viewport. And
// lecture mode's caption fits its bar at every step. Every offender is printed with its scene,
// mode, step and language.
#include <gtest/gtest.h>

#include <imgui.h>

#include <algorithm>
#include <set>
#include <sstream>

#include "i18n/i18n.h"
#include "render/font_metrics.h"
#include "render/recording_canvas.h"
#include "scenes/registry.h"
#include "ui/lecture_layout.h"
#include "ui/lecture_mode.h"

namespace ws::app {
namespace {

constexpr float kScreenW = 1920, kScreenH = 1080, kProjectorFont = 32;

// The figure's logical size in lecture mode at 1920x1080 with the projector font.
gfx::Vec2 lecture_figure_size() {
  return lecture_layout(kScreenW, kScreenH, kProjectorFont).figure_logical();
}

// The figure's logical size in the normal layout's viewport (GuiApp::frame's first-use layout:
// the controls column 30% of the width within 320..560, the menu bar above, the timeline 2.6
// frame heights below; the viewport window's title bar and padding inside it) at 1920x1080 with
// the projector font; the figure is laid out at that size divided by font / 18.
gfx::Vec2 normal_figure_size() {
  ImGuiStyle style;
  style.ScaleAllSizes(kProjectorFont / 18.0f);
  const float frame_h = kProjectorFont + 2 * style.FramePadding.y;
  const float timeline_h = (frame_h + style.ItemSpacing.y) * 2.6f;
  const float controls_w = std::clamp(kScreenW * 0.3f, 320.0f, 560.0f);
  const float window_w = kScreenW - controls_w;
  const float window_h = kScreenH - frame_h - timeline_h;
  const float content_w = window_w - 2 * style.WindowPadding.x;
  const float content_h = window_h - frame_h - 2 * style.WindowPadding.y;
  const float scale = kProjectorFont / 18.0f;
  return {float(int(content_w / scale)), float(int(content_h / scale))};
}

struct Case {
  std::string scene, mode;
};

// Every registered scene in each of its modes ("" for a scene without modes).
std::vector<Case> every_scene_and_mode() {
  std::vector<Case> cases;
  for (const auto& scene : make_scenes()) {
    const std::vector<std::string> modes = scene->capabilities().modes;
    if (modes.empty()) cases.push_back({scene->id(), ""});
    for (const std::string& m : modes) cases.push_back({scene->id(), m});
  }
  return cases;
}

// The scene of `c` with its default input, attached headless (no GL: the vector figure).
struct OpenScene {
  std::unique_ptr<Scene> scene;
  SceneContext context;
  explicit OpenScene(const Case& c) : scene(make_scene(c.scene)) {
    if (!c.mode.empty()) scene->params_from_json({{"mode", c.mode}});
    scene->attach(context);
    scene->reset();
  }
  ~OpenScene() { scene->detach(); }
};

std::vector<int> first_middle_last(int count) {
  std::set<int> steps = {0, count / 2, count - 1};
  return {steps.begin(), steps.end()};
}

const char* language_code() {
  return i18n::language_code(i18n::language());
}

// Restores English after each test.
class PresenterCheck : public ::testing::Test {
 protected:
  void TearDown() override { i18n::set_language(i18n::Language::English); }
};

// Draws every case at `size` and reports every label that overlaps another or leaves the figure.
void check_figures(gfx::Vec2 size, const char* layout_name) {
  int figures = 0, offenders = 0;
  for (i18n::Language language : {i18n::Language::English, i18n::Language::Chinese}) {
    i18n::set_language(language);
    for (const Case& c : every_scene_and_mode()) {
      OpenScene open(c);
      Scene& scene = *open.scene;
      for (int step : first_middle_last(scene.step_count())) {
        scene.seek(step);
        gfx::RecordingCanvas canvas(size);
        scene.draw(canvas, gfx::Theme::Light);
        ++figures;
        std::vector<std::string> problems = gfx::overlapping_texts(canvas.texts());
        for (const std::string& p : gfx::texts_outside(canvas.texts(), size)) problems.push_back(p);
        for (const std::string& p : problems) {
          ++offenders;
          ADD_FAILURE() << layout_name << " " << size.x << "x" << size.y << ": " << c.scene
                        << (c.mode.empty() ? "" : " --mode " + c.mode) << " step " << step + 1
                        << "/" << scene.step_count() << " [" << language_code() << "]: " << p;
        }
        EXPECT_FALSE(canvas.texts().empty())
            << c.scene << " " << c.mode << " step " << step + 1 << " drew no text";
      }
    }
  }
  std::printf("%s: %d figures at %.0fx%.0f, %d offending labels\n", layout_name, figures, size.x,
              size.y, offenders);
}

TEST_F(PresenterCheck, NoLabelOverlapsOrIsCutOffInLectureMode) {
  const gfx::Vec2 size = lecture_figure_size();
  // The figure keeps a usable size above the caption bar.
  ASSERT_GT(size.x, 1000);
  ASSERT_GT(size.y, 420);
  check_figures(size, "lecture mode");
}

TEST_F(PresenterCheck, NoLabelOverlapsOrIsCutOffInTheNormalLayout) {
  const gfx::Vec2 size = normal_figure_size();
  ASSERT_GT(size.x, 600);
  ASSERT_GT(size.y, 400);
  check_figures(size, "normal layout");
}

// The caption of every step of every scene and mode fits lecture mode's bar, at 1920x1080 with
// the projector font and in the default 1600x960 window with the 18 px font, in both languages.
TEST_F(PresenterCheck, EveryCaptionFitsTheCaptionBar) {
  const gfx::FontMetrics& font = gfx::FontMetrics::default_font();
  const MeasureText measure = [&](const std::string& text, float size) {
    return font.text_size(text, size).x;
  };
  struct Screen {
    float w, h, font;
  };
  int captions = 0;
  for (const Screen screen : {Screen{kScreenW, kScreenH, kProjectorFont}, Screen{1600, 960, 18}}) {
    const LectureLayout layout = lecture_layout(screen.w, screen.h, screen.font);
    for (i18n::Language language : {i18n::Language::English, i18n::Language::Chinese}) {
      i18n::set_language(language);
      for (const Case& c : every_scene_and_mode()) {
        OpenScene open(c);
        Scene& scene = *open.scene;
        LectureMode lecture;
        lecture.set_active(true);
        for (int step = 0; step < scene.step_count(); ++step) {
          scene.seek(step);
          const std::string text = lecture.caption(scene);
          if (text.empty()) continue;
          ++captions;
          const CaptionFit fit = fit_caption(text, layout, measure);
          EXPECT_TRUE(fit.fits) << screen.w << "x" << screen.h << " font " << screen.font << ": "
                                << c.scene << " " << c.mode << " step " << step + 1 << " ["
                                << language_code() << "] needs " << fit.lines.size() << " lines at "
                                << fit.size << " px: " << text;
          for (const std::string& line : fit.lines)
            EXPECT_LE(measure(line, fit.size), layout.caption_area().x + 0.5f) << line;
        }
      }
    }
  }
  EXPECT_GT(captions, 0);
}

}  // namespace
}  // namespace ws::app
