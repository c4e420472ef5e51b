// The tiled, networks and sort modes in Simplified Chinese: the sorts' kernel-made texts are
// listed for the catalog, and the figures, their hover text and the captions have no English
// left beyond array and buffer names, variant ids, the book's identifiers and the libraries.
#include <gtest/gtest.h>

#include <set>

#include "i18n/i18n.h"
#include "merge_test_support.h"
#include "scenes/merge/merge_strings.h"
#include "scenes/scene_zh_test_support.h"

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
  test::EnglishAfterwards guard;
  for (const nlohmann::json& params :
       {nlohmann::json{{"mode", "tiled"}, {"variant", "circular"}},
        nlohmann::json{{"mode", "networks"}, {"variant", "odd-even"}, {"n", "12"}},
        nlohmann::json{{"mode", "sort"}, {"n", "12"}}}) {
    auto scene = merge_test::attached(params);
    for (int step : {0, 1, scene->step_count() - 1}) {
      scene->seek(step);
      test::expect_chinese_figure(*scene, kS2Allowed,
                                  params.dump() + " step " + std::to_string(step), {5, 13, 11});
    }
  }
}

}  // namespace
}  // namespace ws::app
