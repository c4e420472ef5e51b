// The memory scene's access and warps modes in Simplified Chinese: the kernel-made texts all have
// translations, and the figures, their hover text and the captions have no English left (beyond
// buffer names, pattern ids and units).
#include <gtest/gtest.h>

#include <set>

#include "i18n/i18n.h"
#include "memory_test_support.h"
#include "scenes/memory/memory_strings.h"
#include "scenes/scene_zh_test_support.h"

namespace ws::app {
namespace {

using i18n::Language;

const std::set<std::string> kMemoryAllowed = {
    "a", "idx", "out", "tile", "cpu", "cuda", "CPU", "GPU", "SM",     "SXM",    "PMPP", "GB",
    "B", "W",   "R",   "H100", "Fig", "x",    "y",   "z",   "stride", "offset", "c",    "i"};

TEST(MemoryChinese, KernelTextsAllHaveTranslations) {
  test::EnglishAfterwards guard;
  i18n::set_language(Language::Chinese);
  for (const char* key : memory_kernel_text_keys())
    EXPECT_STRNE(tr(key), key) << "no Chinese for the kernel text '" << key << "'";
}

TEST(MemoryChinese, AccessAndWarpsFiguresHaveNoEnglishLeft) {
  test::EnglishAfterwards guard;
  for (const nlohmann::json& params :
       {nlohmann::json{{"pattern", "strided"}, {"stride", "2"}},
        nlohmann::json{{"pattern", "corner-turning"}},
        nlohmann::json{{"mode", "warps"}, {"data", "200x150"}, {"block", "16x16"}},
        nlohmann::json{{"mode", "warps"}, {"data", "10x10x9"}, {"block", "8x8x2"}},
        nlohmann::json{{"pattern", "stencil"}, {"warps", "8"}}}) {
    auto scene = memory_test::attached(params);
    test::expect_chinese_figure(*scene, kMemoryAllowed, params.dump());
  }
}

}  // namespace
}  // namespace ws::app
