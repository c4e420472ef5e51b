// The SpMV scene in Simplified Chinese: the kernel-made texts all have translations, and the
// matrix and formats figures, their hover texts and captions have no English left (beyond the
// book's array names, format names and the variables).
#include <gtest/gtest.h>

#include <set>

#include "i18n/i18n.h"
#include "scenes/scene_zh_test_support.h"
#include "scenes/spmv/spmv_strings.h"
#include "spmv_test_support.h"

namespace ws::app {
namespace {

const std::set<std::string> kSpmvAllowed = {
    "A",        "x",       "y",   "row_ptr", "col",           "val",       "row",    "perm",
    "iter_ptr", "COO",     "CSR", "ELL",     "JDS",           "W",         "PMPP",   "typed",
    "float32",  "float64", "gen", "pmpp",    "banded",        "poisson",   "karate", "bcspwr10",
    "mtx",      "r",       "k",   "t",       "jds_t_col_ptr", "atomicAdd", "warp"};

TEST(SpmvChinese, KernelTextsAllHaveTranslations) {
  test::EnglishAfterwards guard;
  i18n::set_language(i18n::Language::Chinese);
  for (const char* key : spmv_kernel_text_keys())
    EXPECT_STRNE(tr(key), key) << "no Chinese for the kernel text '" << key << "'";
  for (const spmv::SpmvInfo& info : spmv::spmv_infos())
    for (const char* text : {info.title, info.lesson})
      EXPECT_STRNE(tr(text), text) << "no Chinese for " << info.id << "'s '" << text << "'";
  for (int f = 0; f < 5; ++f) {
    const char* title = spmv::sparse_format_title(spmv::SparseFormat(f));
    EXPECT_STRNE(tr(title), title) << title;
  }
}

TEST(SpmvChinese, FiguresHaveNoEnglishLeft) {
  test::EnglishAfterwards guard;
  const std::vector<nlohmann::json> cases = {nlohmann::json::object(),
                                             {{"matrix", "bcspwr10"}},
                                             {{"mode", "formats"}, {"format", "coo"}},
                                             {{"mode", "formats"}, {"format", "csr"}},
                                             {{"mode", "formats"}, {"format", "ell"}},
                                             {{"mode", "formats"}, {"format", "hybrid"}},
                                             {{"mode", "formats"}, {"format", "jds"}},
                                             {{"mode", "formats"}, {"matrix", "gen:poisson:16"}}};
  for (const nlohmann::json& params : cases) {
    auto scene = spmv_test::attached(params);
    test::expect_chinese_figure(*scene, kSpmvAllowed, params.dump());
  }
}

}  // namespace
}  // namespace ws::app
