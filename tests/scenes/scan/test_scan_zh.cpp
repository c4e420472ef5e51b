// The scan scene in Simplified Chinese: every mode (the ten scan variants and their views, stream
// compaction, radix sort, segmented scan) drawn through a RecordingCanvas at several steps has no
// English word left in any text (but for an explicit list of names and identifiers), and no label
// overlaps another or leaves the figure where the English figure has none; the lecture captions
// exist for every step of every variant in both languages, differ between variants, and are
// Chinese in Chinese; hover text is Chinese; every kernel-made text has its translation.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>

#include "common/error.h"
#include "i18n/i18n.h"
#include "i18n_test_support.h"
#include "imgui_frame_test_support.h"
#include "render/recording_canvas.h"
#include "scenes/scan/scan_scene.h"
#include "shell/headless_context.h"
#include "shell/imgui_runtime.h"
#include "views/scan/scan_text.h"

namespace ws::app {
namespace {

using i18n::Language;

// Names, units and identifiers that stay as they are in the Chinese figures: algorithm and
// author names, hardware and library names, the kernels' variable names.
const std::set<std::string> kAllowed = {
    "Kogge", "Stone", "Brent", "Kung", "Blelloch", "Merrill", "Garland",     "PMPP",
    "CUDA",  "CUB",   "CPU",   "GPU",  "LSD",      "std",     "totalFalses", "globaltimer"};

// English words left in `text`. Code, not English: an array access (flags[i], out[d]) names a
// kernel variable, an option (--record) is typed as it is, a file name is the user's.
std::vector<std::string> english_in(const std::string& text) {
  static const std::regex code("[A-Za-z_]+\\[|--[a-z][a-z-]*|[A-Za-z0-9_-]+\\.(png|jpg|jpeg)");
  return test::english_words(std::regex_replace(text, code, "["), kAllowed);
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += "\n  " + l;
  return out;
}

struct Chinese {
  Chinese() { i18n::set_language(Language::Chinese); }
  ~Chinese() { i18n::set_language(Language::English); }
};

std::unique_ptr<ScanScene> scene_with(const nlohmann::json& params) {
  static SceneContext context;  // the CPU backend: the same figure on every machine
  auto scene = std::make_unique<ScanScene>();
  scene->params_from_json(params);
  scene->attach(context);
  return scene;
}

std::vector<gfx::TextBox> texts_of(const Scene& scene, gfx::Vec2 size) {
  gfx::RecordingCanvas canvas(size);
  scene.draw(canvas, gfx::Theme::Light);
  return canvas.texts();
}

// Draws `params` at every step in English and in Chinese at the default figure size: no English
// left in Chinese, and no overlap or cut-off label in Chinese where the English figure has none.
void expect_chinese_figures(const nlohmann::json& params, const std::string& what) {
  const gfx::Vec2 size{1280, 720};
  auto scene = scene_with(params);
  for (int step = 0; step < scene->step_count(); ++step) {
    scene->seek(step);
    const std::vector<gfx::TextBox> english = texts_of(*scene, size);
    std::vector<gfx::TextBox> chinese;
    {
      Chinese zh;
      chinese = texts_of(*scene, size);
    }
    SCOPED_TRACE(what + ", step " + std::to_string(step));
    ASSERT_FALSE(chinese.empty());
    for (const gfx::TextBox& t : chinese)
      EXPECT_TRUE(english_in(t.text).empty())
          << "'" << t.text << "' keeps English: " << joined(english_in(t.text));
    if (gfx::overlapping_texts(english).empty()) {
      EXPECT_TRUE(gfx::overlapping_texts(chinese).empty())
          << joined(gfx::overlapping_texts(chinese));
    }
    // A label shortened with an ellipsis to fit is cut off too.
    const auto shortened = [](const std::vector<gfx::TextBox>& texts) {
      std::vector<std::string> out;
      for (const gfx::TextBox& t : texts)
        if (t.text.size() >= 3 && t.text.compare(t.text.size() - 3, 3, "\xE2\x80\xA6") == 0)
          out.push_back(t.text);
      return out;
    };
    EXPECT_LE(shortened(chinese).size(), shortened(english).size())
        << "shortened in Chinese:" << joined(shortened(chinese))
        << "\nin English:" << joined(shortened(english));
    if (gfx::texts_outside(english, size).empty()) {
      EXPECT_TRUE(gfx::texts_outside(chinese, size).empty())
          << joined(gfx::texts_outside(chinese, size));
    }
  }
}

// Hover text at a grid of points of the last drawing, in Chinese: none keeps English.
void expect_chinese_hover(const nlohmann::json& params, const std::string& what, int step) {
  auto scene = scene_with(params);
  scene->seek(step);
  Chinese zh;
  texts_of(*scene, {1280, 720});
  int described = 0;
  for (float y = 4; y < 720; y += 9)
    for (float x = 4; x < 1280; x += 23) {
      const std::string text = scene->describe_at({x, y});
      if (text.empty()) continue;
      ++described;
      EXPECT_TRUE(english_in(text).empty()) << what << " at (" << x << ", " << y << "): '" << text
                                            << "' keeps English: " << joined(english_in(text));
    }
  EXPECT_GT(described, 10) << what << ": the hover should describe the cells";
}

nlohmann::json variant(const std::string& id) {
  return {{"mode", "scan"}, {"variant", id}};
}

const std::vector<std::string>& variant_ids() {
  static const std::vector<std::string> ids = {
      "kogge-stone",        "kogge-stone-double", "kogge-stone-excl", "brent-kung",
      "blelloch",           "coarsened",          "hierarchical",     "chained",
      "decoupled-lookback", "warp-shuffle"};
  return ids;
}

TEST(ScanChinese, EveryVariantsFigureIsChineseAtEveryStep) {
  for (const std::string& id : variant_ids()) expect_chinese_figures(variant(id), id);
}

TEST(ScanChinese, MultiBlockRunsRaceAndOtherViewsAreChinese) {
  expect_chinese_figures({{"mode", "scan"}, {"variant", "hierarchical"}, {"n", 200}, {"block", 8}},
                         "hierarchical, 200 values");
  expect_chinese_figures({{"mode", "scan"}, {"variant", "coarsened"}, {"n", 64}, {"block", 16}},
                         "coarsened, 64 values");
  for (const char* id : {"chained", "decoupled-lookback"})
    expect_chinese_figures({{"mode", "scan"}, {"variant", id}, {"n", 64}, {"block", 4}},
                           std::string(id) + ", 4 blocks");
  expect_chinese_figures({{"mode", "scan"}, {"variant", "warp-shuffle"}, {"n", 128}},
                         "warp-shuffle, 4 warps");
  expect_chinese_figures({{"mode", "scan"}, {"variant", "kogge-stone"}, {"race", true}, {"n", 64}},
                         "kogge-stone race");
  expect_chinese_figures(
      {{"mode", "scan"}, {"variant", "brent-kung"}, {"mapping", "divergent"}, {"n", 64}},
      "brent-kung divergent");
  expect_chinese_figures({{"mode", "scan"}, {"variant", "kogge-stone"}, {"exclusive", true}},
                         "kogge-stone exclusive");
  expect_chinese_figures({{"mode", "scan"}, {"variant", "kogge-stone"}, {"view", "ranges"}},
                         "range table");
  expect_chinese_figures({{"mode", "scan"}, {"variant", "blelloch"}, {"view", "trace"}},
                         "trace tree");
  expect_chinese_figures({{"mode", "scan"}, {"variant", "kogge-stone"}, {"view", "timeline"}},
                         "timeline of a variant without one");
  expect_chinese_figures({{"mode", "scan"}, {"variant", "kogge-stone"}, {"compare", "brent-kung"}},
                         "kogge-stone against brent-kung");
}

TEST(ScanChinese, ScalingPlotIsChinese) {
  auto scene = scene_with({{"mode", "scan"}, {"view", "scaling"}});
  ASSERT_FALSE(scene->scan_variants().scaling().series.empty());
  Chinese zh;
  const gfx::Vec2 size{1280, 720};
  const std::vector<gfx::TextBox> texts = texts_of(*scene, size);
  for (const gfx::TextBox& t : texts)
    EXPECT_TRUE(english_in(t.text).empty()) << "'" << t.text << "' keeps English";
  EXPECT_TRUE(gfx::overlapping_texts(texts).empty()) << joined(gfx::overlapping_texts(texts));
  EXPECT_TRUE(gfx::texts_outside(texts, size).empty()) << joined(gfx::texts_outside(texts, size));
  EXPECT_TRUE(english_in(scene->caption()).empty()) << scene->caption();
}

TEST(ScanChinese, ApplicationModesAreChineseAtEveryStep) {
  expect_chinese_figures({{"mode", "compact"}}, "compaction");
  expect_chinese_figures({{"mode", "compact"}, {"predicate", "even"}, {"n", 100}, {"block", 16}},
                         "compaction, 100 values, even");
  expect_chinese_figures({{"mode", "compact"}, {"image", "camera.png"}}, "compaction of an image");
  for (const char* view : {"split", "lsd", "buckets"})
    expect_chinese_figures({{"mode", "radix"}, {"radix-view", view}},
                           std::string("radix sort, ") + view);
  expect_chinese_figures({{"mode", "segmented"}}, "segmented scan");
  expect_chinese_figures({{"mode", "segmented"}, {"exclusive", true}, {"op", "max"}},
                         "segmented exclusive max");
}

TEST(ScanChinese, HoverTextIsChinese) {
  expect_chinese_hover(variant("kogge-stone"), "kogge-stone network", 3);
  expect_chinese_hover({{"mode", "scan"}, {"variant", "kogge-stone"}, {"view", "ranges"}},
                       "range table", 2);
  expect_chinese_hover(variant("coarsened"), "coarsened trace tree", 2);
  expect_chinese_hover({{"mode", "scan"}, {"variant", "hierarchical"}, {"n", 200}, {"block", 8}},
                       "hierarchical levels", 6);
  expect_chinese_hover(
      {{"mode", "scan"}, {"variant", "decoupled-lookback"}, {"n", 64}, {"block", 4}},
      "look-back timeline", 4);
  expect_chinese_hover({{"mode", "compact"}}, "compaction", 8);
  expect_chinese_hover({{"mode", "compact"}, {"image", "camera.png"}}, "compaction of an image", 8);
  expect_chinese_hover({{"mode", "radix"}, {"radix-view", "split"}}, "radix split", 6);
  expect_chinese_hover({{"mode", "radix"}, {"radix-view", "lsd"}}, "radix lsd", 3);
  expect_chinese_hover({{"mode", "radix"}, {"radix-view", "buckets"}}, "radix buckets", 2);
  expect_chinese_hover({{"mode", "segmented"}}, "segmented scan", 3);
}

// Every step's caption in both languages: non-empty, Chinese in Chinese.
std::vector<std::string> captions(Scene& scene, Language language) {
  i18n::set_language(language);
  std::vector<std::string> out;
  for (int step = 0; step < scene.step_count(); ++step) {
    scene.seek(step);
    out.push_back(scene.caption());
  }
  i18n::set_language(Language::English);
  return out;
}

void expect_captions(Scene& scene, const std::string& what) {
  const std::vector<std::string> english = captions(scene, Language::English);
  const std::vector<std::string> chinese = captions(scene, Language::Chinese);
  ASSERT_EQ(english.size(), chinese.size());
  for (size_t k = 0; k < english.size(); ++k) {
    SCOPED_TRACE(what + ", step " + std::to_string(k));
    EXPECT_FALSE(english[k].empty());
    EXPECT_FALSE(chinese[k].empty());
    EXPECT_NE(english[k], chinese[k]);
    EXPECT_TRUE(english_in(chinese[k]).empty())
        << chinese[k] << "\nkeeps English: " << joined(english_in(chinese[k]));
  }
}

TEST(ScanChinese, EveryStepOfEveryVariantHasACaptionInBothLanguages) {
  auto scene = scene_with(variant("kogge-stone"));
  EXPECT_EQ(scene->lecture_variants(), variant_ids());
  for (const std::string& id : variant_ids()) {
    for (const nlohmann::json& extra :
         {nlohmann::json::object(), nlohmann::json{{"n", 200}, {"block", 8}},
          nlohmann::json{{"exclusive", true}}}) {
      nlohmann::json params = variant(id);
      params.update(extra);
      std::unique_ptr<ScanScene> s;
      try {
        s = scene_with(params);
      } catch (const Error&) {
        continue;  // 200 values in blocks of 8: one section is too small for variants 1-6, 10
      }
      ASSERT_NE(s->scan_variants().taught(), nullptr) << s->scan_variants().run_error();
      expect_captions(*s, id + " " + extra.dump());
    }
  }
  auto race = scene_with({{"mode", "scan"}, {"variant", "kogge-stone"}, {"race", true}});
  expect_captions(*race, "race");
  auto divergent =
      scene_with({{"mode", "scan"}, {"variant", "brent-kung"}, {"mapping", "divergent"}});
  expect_captions(*divergent, "divergent mapping");
}

TEST(ScanChinese, CaptionsDifferBetweenVariantsAndSayWhy) {
  // Each variant has a caption no other variant has (its own way through a step), in both
  // languages.
  for (Language language : {Language::English, Language::Chinese}) {
    std::map<std::string, std::vector<std::string>> by_variant;
    for (const std::string& id : variant_ids()) {
      auto s = scene_with(variant(id));
      by_variant[id] = captions(*s, language);
    }
    for (const auto& [id, own] : by_variant) {
      bool unique = false;
      for (const std::string& caption : own) {
        bool elsewhere = false;
        for (const auto& [other, theirs] : by_variant)
          if (other != id && std::find(theirs.begin(), theirs.end(), caption) != theirs.end())
            elsewhere = true;
        unique = unique || !elsewhere;
      }
      EXPECT_TRUE(unique) << id << " says nothing another variant does not";
    }
  }
  // Removing the second barrier changes what the caption says, not just the facts.
  auto plain = scene_with(variant("kogge-stone"));
  auto race = scene_with({{"mode", "scan"}, {"variant", "kogge-stone"}, {"race", true}});
  plain->seek(2);
  race->seek(2);
  EXPECT_NE(plain->caption(), race->caption());
  EXPECT_NE(race->caption().find("write-after-read race"), std::string::npos) << race->caption();
  {
    Chinese zh;
    EXPECT_NE(race->caption().find("读后写竞争"), std::string::npos) << race->caption();
  }
  auto contiguous = scene_with(variant("brent-kung"));
  auto divergent =
      scene_with({{"mode", "scan"}, {"variant", "brent-kung"}, {"mapping", "divergent"}});
  contiguous->seek(1);
  divergent->seek(1);
  EXPECT_NE(contiguous->caption().find("contiguous"), std::string::npos);
  EXPECT_NE(divergent->caption().find("diverges"), std::string::npos);
}

TEST(ScanChinese, ApplicationModesHaveCaptionsAndNoLectureVariants) {
  for (const nlohmann::json& params :
       {nlohmann::json{{"mode", "compact"}}, nlohmann::json{{"mode", "segmented"}},
        nlohmann::json{{"mode", "segmented"}, {"exclusive", true}},
        nlohmann::json{{"mode", "radix"}, {"radix-view", "split"}},
        nlohmann::json{{"mode", "radix"}, {"radix-view", "lsd"}},
        nlohmann::json{{"mode", "radix"}, {"radix-view", "buckets"}}}) {
    auto s = scene_with(params);
    EXPECT_TRUE(s->lecture_variants().empty()) << params.dump();
    expect_captions(*s, params.dump());
    // Every step says something of its own.
    const std::vector<std::string> english = captions(*s, Language::English);
    EXPECT_EQ(std::set<std::string>(english.begin(), english.end()).size(), english.size())
        << params.dump();
  }
}

// The panels of every mode in Chinese in a real ImGui frame, every header open (their IDs are the
// English text, so the same IDs open them in both languages): nothing throws.
TEST(ScanChinese, PanelsDrawInChinese) {
  auto gl = gfx::HeadlessGl::create();
  gfx::ImguiRuntime imgui;
  Chinese zh;
  for (const nlohmann::json& params :
       {nlohmann::json{{"variant", "brent-kung"}, {"compare", "kogge-stone"}},
        nlohmann::json{{"variant", "decoupled-lookback"}, {"n", 300}},
        nlohmann::json{{"mode", "compact"}}, nlohmann::json{{"mode", "radix"}},
        nlohmann::json{{"mode", "radix"}, {"radix-view", "buckets"}},
        nlohmann::json{{"mode", "segmented"}}}) {
    SCOPED_TRACE(params.dump());
    auto scene = scene_with(params);
    for (int frame = 0; frame < 2; ++frame)
      testing::panels_frame(
          imgui,
          {"###Variant and input", "###Counters", "###Look-back timeline",
           "###Steps and work against N", "###Fast mode (full size, timed)",
           "###Fast mode (ours vs the library)"},
          [&] { EXPECT_NO_THROW(scene->ui()); }, [&] { EXPECT_NO_THROW(scene->code_ui()); });
  }
}

TEST(ScanChinese, EveryKernelMadeTextHasItsTranslation) {
  Chinese zh;
  for (const char* key : scan_kernel_text_keys()) {
    const std::string shown = tr(key);
    EXPECT_NE(shown, key) << "'" << key << "' has no Chinese translation";
    EXPECT_TRUE(english_in(shown).empty()) << key << " -> " << shown;
  }
  // Labels with numbers match their keys with placeholders.
  EXPECT_EQ(tr_text("level 1: stride 4"), "第 1 层：步长 4");
  EXPECT_EQ(tr_text("up-sweep: stride 8"), "上扫：步长 8");
  EXPECT_EQ(tr_text("block sums 2 (scanned)"), "块和 2（已扫描）");
}

}  // namespace
}  // namespace ws::app
