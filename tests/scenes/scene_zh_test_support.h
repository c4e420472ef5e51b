// What the scenes' Chinese tests share (test_*_zh.cpp): English again when a test ends, the
// English words left in a text, and a figure drawn in Chinese checked for them.
#pragma once

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "i18n/i18n.h"
#include "i18n_test_support.h"
#include "render/recording_canvas.h"
#include "scene_kit/scene.h"

namespace ws::test {

// Sets the language back to English when a test ends, also one that failed half-way in Chinese.
struct EnglishAfterwards {
  ~EnglishAfterwards() { i18n::set_language(i18n::Language::English); }
};

// The words english_words finds in `text` as one line (" 'word' 'other'"); "" when none.
inline std::string english_left(const std::string& text, const std::set<std::string>& allowed) {
  std::string words;
  for (const std::string& w : english_words(text, allowed)) words += " '" + w + "'";
  return words;
}

// Where expect_chinese_figure hovers: x and y from `first`, in steps of step_x and step_y.
struct HoverGrid {
  float first = 5, step_x = 17, step_y = 13;
};

// `scene` drawn in Chinese at 1280x720: some text, and no English beyond `allowed` left in it, in
// the hover text on `grid` or in the caption. The language is English again afterwards.
inline void expect_chinese_figure(const app::Scene& scene, const std::set<std::string>& allowed,
                                  const std::string& where, HoverGrid grid = {}) {
  const gfx::Vec2 size{1280, 720};
  i18n::set_language(i18n::Language::Chinese);
  gfx::RecordingCanvas canvas(size);
  scene.draw(canvas, gfx::Theme::Light);
  ASSERT_FALSE(canvas.texts().empty()) << where;
  for (const gfx::TextBox& t : canvas.texts())
    EXPECT_EQ(english_left(t.text, allowed), "") << where << ": '" << t.text << "'";
  for (float y = grid.first; y < size.y; y += grid.step_y)
    for (float x = grid.first; x < size.x; x += grid.step_x) {
      const std::string text = scene.describe_at({x, y});
      EXPECT_EQ(english_left(text, allowed), "")
          << where << " hover at " << x << "," << y << ": '" << text << "'";
    }
  const std::string caption = scene.caption();
  EXPECT_EQ(english_left(caption, allowed), "") << where << " caption: '" << caption << "'";
  i18n::set_language(i18n::Language::English);
}

}  // namespace ws::test
