// The lab figure in Chinese: no English left in its texts or hovers beyond the student's names
// (arrays, kernel), the backend's name and the size's id; the diagnostics written from their
// fields.
#include <gtest/gtest.h>

#include "lab_figure_test_support.h"
#include "scenes/lab/figure/lab_figure.h"
#include "scenes/scene_test_support.h"
#include "scenes/scene_zh_test_support.h"

namespace ws::app {
namespace {

void expect_chinese(const lab::Result& r, int step, const std::string& where) {
  test::EnglishAfterwards english;
  i18n::set_language(i18n::Language::Chinese);
  const LabFigureData data = lab_figure_data(r);
  LabFigureInput in;
  in.result = &r;
  in.data = &data;
  in.exercise = "归约";
  in.size = "teach";
  in.launch = {lab_fig_test::kGrid, 1, lab_fig_test::kBlock, 1};
  in.step = step;
  const std::set<std::string> allowed = {"partial", "out",   "cpu", "usr",
                                         "bin",     "teach", "gcc", "SASS"};
  gfx::RecordingCanvas canvas({1280, 720});
  const LabFigureKey key = draw_lab_figure(canvas, gfx::Theme::Light, in);
  ASSERT_FALSE(canvas.texts().empty());
  for (const gfx::TextBox& t : canvas.texts())
    EXPECT_EQ(test::english_left(t.text, allowed), "") << where << ": '" << t.text << "'";
  for (float y = 3; y < 720; y += 7)
    for (float x = 3; x < 1280; x += 5) {
      const std::string text = describe_lab_figure(in, key, {x, y});
      EXPECT_EQ(test::english_left(text, allowed), "") << where << " hover: '" << text << "'";
    }
}

TEST(LabFigureZh, AnOutOfBoundsRunHasNoEnglishLeft) {
  const lab::Result& r = lab_fig_test::run_once(lab_fig_test::kUnguardedSource, 56);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  expect_chinese(r, 0, "out of bounds, step 1");
}

TEST(LabFigureZh, ARaceHasNoEnglishLeft) {
  const lab::Result& r = lab_fig_test::run_once(lab_fig_test::kNoBarrierSource, 64);
  ASSERT_TRUE(r.compiled) << r.compile_log;
  expect_chinese(r, 0, "race");
}

}  // namespace
}  // namespace ws::app
