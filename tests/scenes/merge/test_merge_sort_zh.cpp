// The tiled, networks and sort modes in Simplified Chinese: the sorts' kernel-made texts are
// listed for the catalog, and the figures, their hover text and the captions have no English
// left beyond array and buffer names, variant ids, the book's identifiers and the libraries.
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

const std::set<std::string> kS2Allowed = {"A",
                                          "B",
                                          "C",
                                          "PMPP",
                                          "Fig",
                                          "Figs",
                                          "Green",
                                          "GPU",
                                          "Merge",
                                          "Path",
                                          "Batcher",
                                          "Knuth",
                                          "TAOCP",
                                          "cuda",
                                          "samples",
                                          "sortingNetworks",
                                          "bitonicSort",
                                          "oddEvenMergeSort",
                                          "CUB",
                                          "tiled",
                                          "circular",
                                          "bitonic",
                                          "odd",
                                          "even",
                                          "merge",
                                          "sort",
                                          "fast",
                                          "basic",
                                          "inf",
                                          "max",
                                          "log",
                                          "ceil",
                                          "tile_size",
                                          "tid",
                                          "co_rank_circular",
                                          "A_consumed",
                                          "B_consumed",
                                          "A_S_start",
                                          "B_S_start",
                                          "lo"};

struct S2LanguageGuard {
  ~S2LanguageGuard() { i18n::set_language(Language::English); }
};

std::string s2_english_left(const std::string& text) {
  std::string words;
  for (const std::string& w : test::english_words(text, kS2Allowed)) words += " '" + w + "'";
  return words;
}

TEST(MergeSortChinese, TheSortsKernelTextsAreListed) {
  std::set<std::string> listed(merge_kernel_text_keys().begin(), merge_kernel_text_keys().end());
  for (const merge::SortInfo& info : merge::sort_infos()) {
    EXPECT_TRUE(listed.count(info.title)) << info.title;
    EXPECT_TRUE(listed.count(info.reference)) << info.reference;
    EXPECT_TRUE(listed.count(info.lesson)) << info.lesson;
    EXPECT_TRUE(listed.count(info.book_note)) << info.book_note;
  }
  for (merge::MergeVariant v : {merge::MergeVariant::Tiled, merge::MergeVariant::Circular})
    EXPECT_TRUE(listed.count(merge::merge_info(v).book_note)) << merge::merge_info(v).book_note;
}

TEST(MergeSortChinese, TheS2FiguresHaveNoEnglishLeft) {
  S2LanguageGuard guard;
  for (const nlohmann::json& params :
       {nlohmann::json{{"mode", "tiled"}, {"variant", "circular"}},
        nlohmann::json{{"mode", "networks"}, {"variant", "odd-even"}, {"n", "12"}},
        nlohmann::json{{"mode", "sort"}, {"n", "12"}}}) {
    auto scene = merge_test::attached(params);
    for (int step : {0, 1, scene->step_count() - 1}) {
      scene->seek(step);
      i18n::set_language(Language::Chinese);
      gfx::RecordingCanvas canvas({1280, 720});
      scene->draw(canvas, gfx::Theme::Light);
      const std::string where = params.dump() + " step " + std::to_string(step);
      for (const gfx::TextBox& t : canvas.texts())
        EXPECT_EQ(s2_english_left(t.text), "") << where << ": '" << t.text << "'";
      for (float y = 5; y < 720; y += 11)
        for (float x = 5; x < 1280; x += 13) {
          const std::string text = scene->describe_at({x, y});
          EXPECT_EQ(s2_english_left(text), "") << where << " hover: '" << text << "'";
        }
      EXPECT_EQ(s2_english_left(scene->caption()), "") << where << ": '" << scene->caption() << "'";
      i18n::set_language(Language::English);
    }
  }
}

}  // namespace
}  // namespace ws::app
