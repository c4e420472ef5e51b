// The convolution scene in Simplified Chinese: the kernel-made texts all have translations, and
// the teach figure (1D and 2D, every step), the intensity figure, their hover text and the
// lecture captions have no English words left (beyond the kernels' names and units).
#include <gtest/gtest.h>

#include <set>

#include "conv_test_support.h"
#include "i18n/i18n.h"
#include "i18n_test_support.h"
#include "render/recording_canvas.h"
#include "scenes/convolution/conv_strings.h"

namespace ws::app {
namespace {

using i18n::Language;

// What may stay in Latin letters: the kernels' array names and variant ids, the filter names
// (parameter values), units, the backend and the device.
const std::set<std::string> kAllowed = {
    "cpu", "cuda",     "CPU",      "GPU",   "OP",         "GFLOP",  "FP",   "SXM",
    "SMs", "basic",    "constant", "tiled", "input",      "output", "fast", "typed",
    "box", "gaussian", "NPP",      "Sobel", "nppiFilter", "DRAM",   "PMPP"};

const gfx::Vec2 kFigure{1280, 720};

struct LanguageGuard {
  ~LanguageGuard() { i18n::set_language(Language::English); }
};

std::string english_left(const std::string& text) {
  std::string words;
  for (const std::string& w : test::english_words(text, kAllowed)) words += " '" + w + "'";
  return words;
}

void expect_chinese_figure(Scene& scene, const std::string& where) {
  i18n::set_language(Language::Chinese);
  gfx::RecordingCanvas canvas(kFigure);
  scene.draw(canvas, gfx::Theme::Light);
  ASSERT_FALSE(canvas.texts().empty()) << where;
  for (const gfx::TextBox& t : canvas.texts())
    EXPECT_EQ(english_left(t.text), "") << where << ": '" << t.text << "'";
  for (float y = 10; y < kFigure.y; y += 17)
    for (float x = 10; x < kFigure.x; x += 23) {
      const std::string text = scene.describe_at({x, y});
      EXPECT_EQ(english_left(text), "")
          << where << " hover at " << x << "," << y << ": '" << text << "'";
    }
  const std::string caption = scene.caption();
  EXPECT_FALSE(caption.empty()) << where;
  EXPECT_EQ(english_left(caption), "") << where << " caption: '" << caption << "'";
}

TEST(ConvChinese, KernelTextsAllHaveTranslations) {
  LanguageGuard guard;
  i18n::set_language(Language::Chinese);
  for (const char* key : conv_kernel_text_keys()) {
    EXPECT_STRNE(tr(key), key) << "no Chinese for the kernel text '" << key << "'";
    EXPECT_EQ(english_left(tr(key)), "") << key << ": '" << tr(key) << "'";
  }
  EXPECT_EQ(tr_text("filter row 2"), trf("filter row {0}", 2));
}

TEST(ConvChinese, TeachAndIntensityFiguresHaveNoEnglishLeft) {
  LanguageGuard guard;
  for (const nlohmann::json& params :
       {nlohmann::json{{"variant", "tiled-input"}, {"tile", "8"}},
        nlohmann::json{{"values", "1 2 3 4 5; 6 7 8 9 10; 11 12 13 14 15"},
                       {"filter", "1 2 1; 2 4 2; 1 2 1"},
                       {"boundary", "mirror"},
                       {"variant", "constant"},
                       {"compare", "tiled-output"}}}) {
    i18n::set_language(Language::English);
    auto scene = conv_test::attached(params);
    for (int k = 0; k < scene->step_count(); ++k) {
      scene->seek(k);
      expect_chinese_figure(*scene, params.dump() + " step " + std::to_string(k));
    }
  }
  i18n::set_language(Language::English);
  auto intensity = conv_test::attached({{"mode", "intensity"}, {"filter", "box"}});
  expect_chinese_figure(*intensity, "intensity");
}

}  // namespace
}  // namespace ws::app
