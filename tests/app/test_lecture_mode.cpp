// Lecture mode without a window: its keys drive the timeline (forward, back, first, last, play,
// variants 1..9 through the panel's edit path, a bad variant keeping the previous one), Space
// holds a live simulation, Esc closes overlays before it leaves; the caption falls back to
// "Step k of n"; the layout and the caption's wrapping in English and Chinese.
#include <gtest/gtest.h>

#include "i18n/i18n.h"
#include "lecture_test_scene.h"
#include "render/font_metrics.h"
#include "scene_kit/lecture_caption.h"
#include "ui/lecture_layout.h"
#include "ui/lecture_mode.h"

namespace ws::app {
namespace {

using testing::SlidesScene;

LectureKeyPress key(LectureAction action, int variant = 0) {
  return {action, variant};
}

float measure(const std::string& text, float size) {
  return gfx::FontMetrics::default_font().text_size(text, size).x;
}

// The fake scene attached, a timeline and an active lecture mode.
struct Lecture : ::testing::Test {
  SlidesScene scene;
  SceneContext context;
  Timeline timeline;
  LectureMode lecture;
  void SetUp() override {
    scene.attach(context);
    lecture.set_active(true);
  }
};

TEST_F(Lecture, StepKeysDriveTheTimeline) {
  lecture.press(key(LectureAction::Forward), scene, timeline);
  lecture.press(key(LectureAction::Forward), scene, timeline);
  EXPECT_EQ(scene.current_step(), 2);
  lecture.press(key(LectureAction::Back), scene, timeline);
  EXPECT_EQ(scene.current_step(), 1);
  lecture.press(key(LectureAction::Last), scene, timeline);
  EXPECT_EQ(scene.current_step(), 4);
  lecture.press(key(LectureAction::Forward), scene, timeline);  // stays on the last step
  EXPECT_EQ(scene.current_step(), 4);
  lecture.press(key(LectureAction::First), scene, timeline);
  EXPECT_EQ(scene.current_step(), 0);
  lecture.press(key(LectureAction::Back), scene, timeline);  // stays on the first
  EXPECT_EQ(scene.current_step(), 0);

  // Space plays (the window's Timeline advances it), a step key takes over, Space pauses.
  lecture.press(key(LectureAction::PlayPause), scene, timeline);
  EXPECT_TRUE(timeline.playing());
  timeline.advance(scene, 1.0f);  // 1.5 steps per second by default
  EXPECT_EQ(scene.current_step(), 1);
  lecture.press(key(LectureAction::Forward), scene, timeline);
  EXPECT_FALSE(timeline.playing());
  EXPECT_EQ(scene.current_step(), 2);
  lecture.press(key(LectureAction::PlayPause), scene, timeline);
  timeline.advance(scene, 60.0f);  // plays to the end and stops there
  EXPECT_EQ(scene.current_step(), 4);
  EXPECT_FALSE(timeline.playing());
  lecture.press(key(LectureAction::PlayPause), scene, timeline);  // from the end: again from 0
  EXPECT_TRUE(timeline.playing());
  EXPECT_EQ(scene.current_step(), 0);
  EXPECT_TRUE(lecture.message().empty());
}

TEST_F(Lecture, NumberKeysSwitchTheVariantAndKeepItOnAnError) {
  lecture.press(key(LectureAction::Forward), scene, timeline);
  lecture.press(key(LectureAction::Variant, 2), scene, timeline);
  EXPECT_EQ(scene.params_to_json()["variant"], "b");
  EXPECT_EQ(scene.current_step(), 0);  // a new run starts at its first step
  EXPECT_TRUE(lecture.message().empty()) << lecture.message();

  lecture.press(key(LectureAction::Forward), scene, timeline);
  lecture.press(key(LectureAction::Variant, 3), scene, timeline);  // its run fails
  EXPECT_EQ(scene.params_to_json()["variant"], "b");
  EXPECT_EQ(scene.current_step(), 1);  // the previous run, where it was
  EXPECT_NE(lecture.message().find("broken"), std::string::npos) << lecture.message();

  lecture.press(key(LectureAction::Variant, 7), scene, timeline);  // not offered
  EXPECT_EQ(scene.params_to_json()["variant"], "b");
  EXPECT_NE(lecture.message().find('7'), std::string::npos) << lecture.message();
  lecture.press(key(LectureAction::Forward), scene, timeline);  // the next step clears it
  EXPECT_TRUE(lecture.message().empty());
  lecture.press(key(LectureAction::Variant, 1), scene, timeline);
  EXPECT_EQ(scene.params_to_json()["variant"], "a");
}

TEST_F(Lecture, EscapeClosesOverlaysThenLeaves) {
  lecture.press(key(LectureAction::ToggleCode), scene, timeline);
  lecture.press(key(LectureAction::Help), scene, timeline);
  EXPECT_TRUE(lecture.code_shown());
  EXPECT_TRUE(lecture.help_shown());
  lecture.press(key(LectureAction::Escape), scene, timeline);
  EXPECT_FALSE(lecture.help_shown());
  EXPECT_TRUE(lecture.code_shown());
  EXPECT_TRUE(lecture.active());
  lecture.press(key(LectureAction::Escape), scene, timeline);
  EXPECT_FALSE(lecture.code_shown());
  EXPECT_TRUE(lecture.active());
  lecture.press(key(LectureAction::Escape), scene, timeline);
  EXPECT_FALSE(lecture.active());
}

TEST(LectureMode, SpaceHoldsALiveSimulation) {
  SlidesScene scene(/*live=*/true);
  SceneContext context;
  scene.attach(context);
  Timeline timeline;
  LectureMode lecture;
  lecture.set_active(true);
  EXPECT_FALSE(lecture.holds_simulation());
  const std::string running = lecture.caption(scene);
  lecture.press(key(LectureAction::PlayPause), scene, timeline);
  EXPECT_TRUE(lecture.holds_simulation());
  EXPECT_FALSE(timeline.playing());
  EXPECT_NE(lecture.caption(scene), running);  // the caption says it is paused
  lecture.press(key(LectureAction::PlayPause), scene, timeline);
  EXPECT_FALSE(lecture.holds_simulation());
  lecture.press(key(LectureAction::PlayPause), scene, timeline);
  lecture.set_active(false);  // leaving runs it again
  EXPECT_FALSE(lecture.holds_simulation());
}

TEST(LectureMode, CaptionFallsBackToStepKOfNInEitherLanguage) {
  SlidesScene scene;
  SceneContext context;
  scene.attach(context);
  scene.seek(2);
  EXPECT_EQ(caption_or_fallback(scene), "Step 3 of 5.");
  const std::string header = LectureMode::header(scene);
  EXPECT_NE(header.find("Slides"), std::string::npos) << header;
  EXPECT_NE(header.find(" a "), std::string::npos) << header;  // the variant
  EXPECT_NE(header.find("3 / 5"), std::string::npos) << header;
  i18n::set_language(i18n::Language::Chinese);
  const std::string zh = caption_or_fallback(scene);
  i18n::set_language(i18n::Language::English);
  EXPECT_NE(zh, "Step 3 of 5.");
  EXPECT_NE(zh.find('3'), std::string::npos) << zh;
  EXPECT_NE(zh.find('5'), std::string::npos) << zh;
}

TEST(LectureLayout, TheFigureFillsTheWindowAboveTheCaptionBar) {
  const LectureLayout l = lecture_layout(1920, 1080, 32);
  EXPECT_FLOAT_EQ(l.ui_scale, 32.0f / 18);
  EXPECT_EQ(l.figure_min.y, 0);
  EXPECT_EQ(l.figure_max.x, 1920);
  EXPECT_EQ(l.figure_max.y, l.bar_min.y);
  EXPECT_EQ(l.bar_max.y, 1080);
  // Three lines of caption at 1.5x the UI font under the header, and most of the screen for the
  // figure.
  EXPECT_FLOAT_EQ(l.caption_max, 48);
  EXPECT_GE(l.caption_area().y, 3 * caption_line_height(l.caption_max) - 0.5f);
  EXPECT_GT(l.figure_max.y, 1080 * 0.75f);
  EXPECT_NEAR(l.figure_logical().x, 1920 / (32.0f / 18), 0.01);
  const LectureLayout small = lecture_layout(1600, 960, 18);
  EXPECT_FLOAT_EQ(small.ui_scale, 1);
  EXPECT_FLOAT_EQ(small.caption_max, 27);
}

TEST(LectureLayout, WrapsEnglishAtSpacesAndChineseBetweenCharacters) {
  const std::string english =
      "Sixteen threads in one warp are active. They read 32 values from shared memory and write "
      "16 to shared memory.";
  const std::vector<std::string> lines = wrap_text(english, 400, 24, measure);
  ASSERT_GT(lines.size(), 1u);
  std::string joined;
  for (const std::string& line : lines) {
    EXPECT_LE(measure(line, 24), 400) << line;
    EXPECT_NE(line.front(), ' ');
    EXPECT_NE(line.back(), ' ');
    joined += (joined.empty() ? "" : " ") + line;
  }
  EXPECT_EQ(joined, english);  // only spaces were taken out, no word was split

  const std::string chinese =
      "一个线程束中的十六个线程处于活动状态。它们从共享内存读取三十二个值，并写入十六个值。";
  const std::vector<std::string> zh = wrap_text(chinese, 300, 24, measure);
  ASSERT_GT(zh.size(), 1u);
  std::string zh_joined;
  for (const std::string& line : zh) {
    EXPECT_LE(measure(line, 24), 300) << line;
    EXPECT_NE(line.rfind("，", 0), 0u) << "a line starts with a comma: " << line;
    EXPECT_NE(line.rfind("。", 0), 0u) << "a line starts with a full stop: " << line;
    zh_joined += line;
  }
  EXPECT_EQ(zh_joined, chinese);

  // A number stays with the measure word after it, with or without a space between.
  const std::string counts = "它们读取 3 个值并写入 12 个值，共 7个原子操作，其中 5 个排队。";
  for (float width : {120.0f, 150.0f, 180.0f, 220.0f})
    for (const std::string& line : wrap_text(counts, width, 24, measure)) {
      EXPECT_NE(line.rfind("个", 0), 0u) << "width " << width << ": " << line;
      EXPECT_NE(line.back(), ' ') << line;
    }

  // A newline starts a line; a word wider than the line is split rather than overflowing.
  EXPECT_EQ(wrap_text("a\nb", 1000, 24, measure), (std::vector<std::string>{"a", "b"}));
  for (const std::string& line : wrap_text(std::string(80, 'x'), 200, 24, measure))
    EXPECT_LE(measure(line, 24), 200);
}

TEST(LectureLayout, ALongCaptionShrinksToFitAndSaysWhenItCannot) {
  const LectureLayout l = lecture_layout(1920, 1080, 32);
  const CaptionFit short_fit = fit_caption("Step 1 of 9", l, measure);
  EXPECT_TRUE(short_fit.fits);
  EXPECT_FLOAT_EQ(short_fit.size, l.caption_max);
  std::string longer;
  for (int i = 0; i < 6; ++i)
    longer += "Every thread adds its neighbour's value and writes it back. ";
  const CaptionFit shrunk = fit_caption(longer, l, measure);
  EXPECT_TRUE(shrunk.fits);
  EXPECT_LT(shrunk.size, l.caption_max);
  EXPECT_GE(shrunk.size, l.caption_min);
  std::string too_long;
  for (int i = 0; i < 30; ++i) too_long += "Every thread adds its neighbour's value. ";
  EXPECT_FALSE(fit_caption(too_long, l, measure).fits);
}

TEST(LectureKeys, ScriptedKeyNamesAreKnown) {
  int code = 0;
  bool shift = false;
  for (const char* name : {"Right", "Left", "PageDown", "PageUp", "Space", "Home", "End", "F11",
                           "C", "H", "Escape", "Enter", "Backspace", "1", "9"}) {
    EXPECT_TRUE(lecture_key_code(name, code, shift)) << name;
    EXPECT_GE(code, 0) << name;
  }
  EXPECT_TRUE(lecture_key_code("?", code, shift));
  EXPECT_FALSE(lecture_key_code("F13", code, shift));
  EXPECT_NE(lecture_key_names().find("PageDown"), std::string::npos);
}

}  // namespace
}  // namespace ws::app
