// The memory scene's access and warps modes in Simplified Chinese: the kernel-made texts all have
// translations, and the figures, their hover text and the captions have no English left (beyond
// buffer names, pattern ids and units).
#include <gtest/gtest.h>

#include <set>

#include "i18n/i18n.h"
#include "i18n_test_support.h"
#include "memory_test_support.h"
#include "render/recording_canvas.h"
#include "scenes/memory/memory_strings.h"

namespace ws::app {
namespace {

using i18n::Language;

const std::set<std::string> kMemoryAllowed = {
    "a", "idx", "out", "tile", "cpu", "cuda", "CPU", "GPU", "SM",     "SXM",    "PMPP", "GB",
    "B", "W",   "R",   "H100", "Fig", "x",    "y",   "z",   "stride", "offset", "c",    "i"};

struct MemoryLanguageGuard {
  ~MemoryLanguageGuard() { i18n::set_language(Language::English); }
};

std::string memory_english_left(const std::string& text) {
  std::string words;
  for (const std::string& w : test::english_words(text, kMemoryAllowed)) words += " '" + w + "'";
  return words;
}

void expect_chinese(Scene& scene, const std::string& where) {
  i18n::set_language(Language::Chinese);
  gfx::RecordingCanvas canvas({1280, 720});
  scene.draw(canvas, gfx::Theme::Light);
  ASSERT_FALSE(canvas.texts().empty()) << where;
  for (const gfx::TextBox& t : canvas.texts())
    EXPECT_EQ(memory_english_left(t.text), "") << where << ": '" << t.text << "'";
  for (float y = 5; y < 720; y += 13)
    for (float x = 5; x < 1280; x += 17) {
      const std::string text = scene.describe_at({x, y});
      EXPECT_EQ(memory_english_left(text), "") << where << " hover: '" << text << "'";
    }
  EXPECT_EQ(memory_english_left(scene.caption()), "") << where << ": '" << scene.caption() << "'";
  i18n::set_language(Language::English);
}

TEST(MemoryChinese, KernelTextsAllHaveTranslations) {
  MemoryLanguageGuard guard;
  i18n::set_language(Language::Chinese);
  for (const char* key : memory_kernel_text_keys())
    EXPECT_STRNE(tr(key), key) << "no Chinese for the kernel text '" << key << "'";
}

TEST(MemoryChinese, AccessAndWarpsFiguresHaveNoEnglishLeft) {
  MemoryLanguageGuard guard;
  for (const nlohmann::json& params :
       {nlohmann::json{{"pattern", "strided"}, {"stride", "2"}},
        nlohmann::json{{"pattern", "corner-turning"}},
        nlohmann::json{{"mode", "warps"}, {"data", "200x150"}, {"block", "16x16"}},
        nlohmann::json{{"mode", "warps"}, {"data", "10x10x9"}, {"block", "8x8x2"}},
        nlohmann::json{{"pattern", "stencil"}, {"warps", "8"}}}) {
    auto scene = memory_test::attached(params);
    expect_chinese(*scene, params.dump());
  }
}

}  // namespace
}  // namespace ws::app
