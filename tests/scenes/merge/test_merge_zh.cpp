// The merge scene's path mode in Simplified Chinese: the kernel-made texts all have translations,
// and the figures, their hover text and the captions have no English left (beyond array names,
// variant ids and the book's identifiers).
#include <gtest/gtest.h>

#include <set>

#include "i18n/i18n.h"
#include "i18n_test_support.h"
#include "merge_test_support.h"
#include "render/recording_canvas.h"
#include "scenes/merge/merge_strings.h"

namespace ws::app {
namespace {

using i18n::Language;

const std::set<std::string> kMergeAllowed = {
    "A",     "B",    "C",          "PMPP",    "Fig",    "Figs",   "Green", "GPU",   "Merge", "Path",
    "basic", "fast", "sequential", "co_rank", "k_curr", "k_next", "i_low", "j_low", "delta", "al"};

struct MergeLanguageGuard {
  ~MergeLanguageGuard() { i18n::set_language(Language::English); }
};

std::string merge_english_left(const std::string& text) {
  std::string words;
  for (const std::string& w : test::english_words(text, kMergeAllowed)) words += " '" + w + "'";
  return words;
}

void expect_chinese(Scene& scene, const std::string& where) {
  i18n::set_language(Language::Chinese);
  gfx::RecordingCanvas canvas({1280, 720});
  scene.draw(canvas, gfx::Theme::Light);
  ASSERT_FALSE(canvas.texts().empty()) << where;
  for (const gfx::TextBox& t : canvas.texts())
    EXPECT_EQ(merge_english_left(t.text), "") << where << ": '" << t.text << "'";
  for (float y = 5; y < 720; y += 13)
    for (float x = 5; x < 1280; x += 17) {
      const std::string text = scene.describe_at({x, y});
      EXPECT_EQ(merge_english_left(text), "") << where << " hover: '" << text << "'";
    }
  EXPECT_EQ(merge_english_left(scene.caption()), "") << where << ": '" << scene.caption() << "'";
  i18n::set_language(Language::English);
}

TEST(MergeChinese, KernelTextsAllHaveTranslations) {
  MergeLanguageGuard guard;
  i18n::set_language(Language::Chinese);
  for (const char* key : merge_kernel_text_keys())
    EXPECT_STRNE(tr(key), key) << "no Chinese for the kernel text '" << key << "'";
  // The variant table itself, so a text changed in kernels/merge cannot slip past the list.
  for (const merge::MergeInfo& info : merge::merge_infos())
    for (const char* text : {info.title, info.reference, info.lesson})
      EXPECT_STRNE(tr(text), text) << "no Chinese for " << info.id << "'s '" << text << "'";
}

TEST(MergeChinese, PathFiguresHaveNoEnglishLeft) {
  MergeLanguageGuard guard;
  for (const nlohmann::json& params :
       {nlohmann::json::object(), nlohmann::json{{"variant", "sequential"}},
        nlohmann::json{{"variant", "fast"}, {"gen", "duplicates"}, {"pairs", "true"}}}) {
    auto scene = merge_test::attached(params);
    for (int step : {0, 1, scene->step_count() - 1}) {
      scene->seek(step);
      expect_chinese(*scene, params.dump() + " step " + std::to_string(step));
    }
  }
}

}  // namespace
}  // namespace ws::app
