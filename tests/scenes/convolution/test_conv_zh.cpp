// The convolution scene in Simplified Chinese: the kernel-made texts all have translations, and
// the teach figure (1D and 2D, every step), the intensity figure, their hover text and the
// lecture captions have no English words left (beyond the kernels' names and units).
#include <gtest/gtest.h>

#include <set>

#include "conv_test_support.h"
#include "i18n/i18n.h"
#include "scenes/convolution/conv_strings.h"
#include "scenes/scene_zh_test_support.h"

namespace ws::app {
namespace {

using i18n::Language;

// What may stay in Latin letters: the kernels' array names and variant ids, the filter names
// (parameter values), units, the backend and the device.
const std::set<std::string> kAllowed = {
    "cpu", "cuda",     "CPU",      "GPU",   "OP",         "GFLOP",  "FP",   "SXM",
    "SMs", "basic",    "constant", "tiled", "input",      "output", "fast", "typed",
    "box", "gaussian", "NPP",      "Sobel", "nppiFilter", "DRAM",   "PMPP"};

std::string english_left(const std::string& text) {
  return test::english_left(text, kAllowed);
}

// Every figure has a caption (lecture mode's), in either language.
void expect_chinese_figure(const Scene& scene, const std::string& where) {
  test::expect_chinese_figure(scene, kAllowed, where, {10, 23, 17});
  EXPECT_FALSE(scene.caption().empty()) << where;
}

TEST(ConvChinese, KernelTextsAllHaveTranslations) {
  test::EnglishAfterwards guard;
  i18n::set_language(Language::Chinese);
  for (const char* key : conv_kernel_text_keys()) {
    EXPECT_STRNE(tr(key), key) << "no Chinese for the kernel text '" << key << "'";
    EXPECT_EQ(english_left(tr(key)), "") << key << ": '" << tr(key) << "'";
  }
  EXPECT_EQ(tr_text("filter row 2"), trf("filter row {0}", 2));
}

TEST(ConvChinese, TeachAndIntensityFiguresHaveNoEnglishLeft) {
  test::EnglishAfterwards guard;
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
