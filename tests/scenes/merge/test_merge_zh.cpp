// The merge scene's path mode in Simplified Chinese: the kernel-made texts all have translations,
// and the figures, their hover text and the captions have no English left (beyond array names,
// variant ids and the book's identifiers).
#include <gtest/gtest.h>

#include <set>

#include "i18n/i18n.h"
#include "merge_test_support.h"
#include "scenes/merge/merge_strings.h"
#include "scenes/scene_zh_test_support.h"

namespace ws::app {
namespace {

using i18n::Language;

const std::set<std::string> kMergeAllowed = {
    "A",     "B",    "C",          "PMPP",    "Fig",    "Figs",   "Green", "GPU",   "Merge", "Path",
    "basic", "fast", "sequential", "co_rank", "k_curr", "k_next", "i_low", "j_low", "delta", "al"};

TEST(MergeChinese, KernelTextsAllHaveTranslations) {
  test::EnglishAfterwards guard;
  i18n::set_language(Language::Chinese);
  for (const char* key : merge_kernel_text_keys())
    EXPECT_STRNE(tr(key), key) << "no Chinese for the kernel text '" << key << "'";
  // The variant table itself, so a text changed in kernels/merge cannot slip past the list.
  for (const merge::MergeInfo& info : merge::merge_infos())
    for (const char* text : {info.title, info.reference, info.lesson})
      EXPECT_STRNE(tr(text), text) << "no Chinese for " << info.id << "'s '" << text << "'";
  // Path mode's panel shows where its kernels depart from the book.
  for (merge::MergeVariant v : {merge::MergeVariant::Basic, merge::MergeVariant::Fast}) {
    const char* note = merge::merge_info(v).book_note;
    EXPECT_STRNE(tr(note), note) << "no Chinese for the book note '" << note << "'";
  }
}

TEST(MergeChinese, PathFiguresHaveNoEnglishLeft) {
  test::EnglishAfterwards guard;
  for (const nlohmann::json& params :
       {nlohmann::json::object(), nlohmann::json{{"variant", "sequential"}},
        nlohmann::json{{"variant", "fast"}, {"gen", "duplicates"}, {"pairs", "true"}}}) {
    auto scene = merge_test::attached(params);
    for (int step : {0, 1, scene->step_count() - 1}) {
      scene->seek(step);
      test::expect_chinese_figure(*scene, kMergeAllowed,
                                  params.dump() + " step " + std::to_string(step));
    }
  }
}

}  // namespace
}  // namespace ws::app
