// The histogram scene in Simplified Chinese: every mode (teach, contention, image), every variant
// and every teach step (with and without the injected race) drawn through a RecordingCanvas at the
// default figure size leaves no English word in any text and no label overlapping another or cut
// off where the English figure has none; the lecture captions are non-empty in both languages for
// every step of every variant, differ between the variants, and have no English in Chinese; the
// hover text has no English in Chinese. A string left untranslated fails here.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "i18n_test_support.h"
#include "render/recording_canvas.h"
#include "scenes/histogram/histogram_scene.h"

namespace ws::app {
namespace {

using i18n::Language;

// Leaves English on after each test.
struct EnglishAfter {
  ~EnglishAfter() { i18n::set_language(Language::English); }
};

// Words that stay in Latin letters in the Chinese figures: the kernel's names (hist: the global
// counters' array in the source; atomicAdd), backends and hardware, the textbook, units, the
// Zipf distribution's name, colour channels and the shipped photos' file names.
const std::set<std::string> kAllowed = {"hist", "atomicAdd", "cpu",    "cuda", "CPU",
                                        "GPU",  "CUDA",      "CUB",    "PMPP", "Zipf",
                                        "RGB",  "camera",    "coffee", "png"};

const gfx::Vec2 kFigure{1280, 720};  // FigureOptions' default, as `warpscope render` draws

std::unique_ptr<HistogramScene> scene_with(const nlohmann::json& params) {
  auto scene = std::make_unique<HistogramScene>();
  scene->params_from_json(params);
  static SceneContext context;  // the CPU backend
  scene->attach(context);
  return scene;
}

std::vector<gfx::TextBox> texts_of(const Scene& scene, Language language) {
  i18n::set_language(language);
  gfx::RecordingCanvas canvas(kFigure);
  scene.draw(canvas, gfx::Theme::Light);
  return canvas.texts();
}

std::string joined(const std::vector<std::string>& lines) {
  std::string out;
  for (const std::string& l : lines) out += "\n  " + l;
  return out;
}

// Draws the current step in English, then in Chinese: no English left in Chinese, and the
// Chinese labels collide or leave the figure only where the English ones do.
void expect_clean_chinese_figure(const Scene& scene, const std::string& where) {
  const std::vector<gfx::TextBox> en = texts_of(scene, Language::English);
  const std::vector<gfx::TextBox> zh = texts_of(scene, Language::Chinese);
  ASSERT_FALSE(zh.empty()) << where;
  for (const gfx::TextBox& t : zh) {
    const std::vector<std::string> words = test::english_words(t.text, kAllowed);
    EXPECT_TRUE(words.empty()) << where << ": English left in '" << t.text << "': " << words[0];
  }
  if (gfx::overlapping_texts(en).empty()) {
    EXPECT_EQ(joined(gfx::overlapping_texts(zh)), "") << where;
  }
  if (gfx::texts_outside(en, kFigure).empty()) {
    EXPECT_EQ(joined(gfx::texts_outside(zh, kFigure)), "") << where;
  }
}

// Hover text at a grid of points over the figure (after a Chinese draw, which lays it out).
void expect_chinese_hover(const Scene& scene, const std::string& where, int* found = nullptr) {
  (void)texts_of(scene, Language::Chinese);
  for (float y = 10; y < kFigure.y; y += 23)
    for (float x = 10; x < kFigure.x; x += 31) {
      const std::string hover = scene.describe_at({x, y});
      if (hover.empty()) continue;
      if (found) ++*found;
      const std::vector<std::string> words = test::english_words(hover, kAllowed);
      ASSERT_TRUE(words.empty()) << where << " at (" << x << ", " << y << "): '" << hover
                                 << "': " << words[0];
    }
}

void expect_chinese_caption(const Scene& scene, const std::string& where) {
  i18n::set_language(Language::English);
  EXPECT_FALSE(scene.caption().empty()) << where;
  i18n::set_language(Language::Chinese);
  const std::string zh = scene.caption();
  EXPECT_FALSE(zh.empty()) << where;
  const std::vector<std::string> words = test::english_words(zh, kAllowed);
  EXPECT_TRUE(words.empty()) << where << ": '" << zh << "': " << words[0];
}

const std::vector<std::string> kVariants = {
    "sequential",        "global-atomic",      "private-global", "private-shared",
    "coarse-contiguous", "coarse-interleaved", "aggregated",     "warp-aggregated"};

TEST(HistogramChinese, EveryTeachStepOfEveryVariantIsChineseAndFits) {
  EnglishAfter restore;
  for (const bool race : {false, true}) {
    for (const std::string& variant : kVariants) {
      // Two blocks of 32 threads over the textbook phrase: private copies, merges, queues.
      auto scene = scene_with({{"mode", "teach"},
                               {"variant", variant},
                               {"block", "32"},
                               {"grid", "2"},
                               {"race", race}});
      ASSERT_EQ(scene->lecture_variants(), kVariants);
      int hovers = 0;
      for (int step = 0; step < scene->step_count(); ++step) {
        scene->seek(step);
        const std::string where =
            variant + (race ? " with the race" : "") + ", step " + std::to_string(step + 1);
        expect_clean_chinese_figure(*scene, where);
        expect_chinese_caption(*scene, where);
        expect_chinese_hover(*scene, where, &hovers);
      }
      EXPECT_GT(hovers, 0) << variant;  // the hover sampling found the cells and bars
    }
  }
}

TEST(HistogramChinese, TeachCaptionsSayWhatEachVariantDoesDifferently) {
  EnglishAfter restore;
  for (const Language language : {Language::English, Language::Chinese}) {
    std::set<std::string> first_count_step;  // the first step that counts samples, per variant
    for (const std::string& variant : kVariants) {
      auto scene = scene_with({{"mode", "teach"}, {"variant", variant}, {"grid", "1"}});
      i18n::set_language(language);
      const int init =
          variant == "sequential" || variant == "global-atomic" || variant == "private-global" ? 0
                                                                                               : 1;
      scene->seek(init);
      const std::string caption = scene->caption();
      EXPECT_TRUE(first_count_step.insert(caption).second)
          << variant << " says what another variant says: " << caption;
      i18n::set_language(Language::English);
    }
  }
  // The race's steps say that updates are lost, and how many, in Chinese too.
  auto scene = scene_with({{"mode", "teach"}, {"variant", "2"}, {"grid", "1"}, {"race", true}});
  i18n::set_language(Language::Chinese);
  scene->seek(1);  // round 0: write counter
  EXPECT_NE(scene->caption().find("丢失"), std::string::npos) << scene->caption();
  EXPECT_NE(scene->caption().find("竞态条件"), std::string::npos) << scene->caption();
}

TEST(HistogramChinese, ContentionModeIsChineseForEveryVariant) {
  EnglishAfter restore;
  std::set<std::string> captions;
  for (const std::string& variant : kVariants) {
    auto scene = scene_with({{"mode", "contention"},
                             {"dist", "zipf:1.2"},
                             {"n", "65536"},
                             {"bins", "256"},
                             {"range", "0,256"},
                             {"variant", variant}});
    ASSERT_EQ(scene->mode(), "contention");
    EXPECT_EQ(scene->lecture_variants(), kVariants);
    expect_clean_chinese_figure(*scene, "contention " + variant);
    expect_chinese_caption(*scene, "contention " + variant);
    int hovers = 0;
    expect_chinese_hover(*scene, "contention " + variant, &hovers);
    EXPECT_GT(hovers, 0);
    i18n::set_language(Language::Chinese);
    EXPECT_TRUE(captions.insert(scene->caption()).second) << variant;
  }
  // Letters (the textbook's bins labelled a-d ...) and more bins than columns.
  auto letters = scene_with({{"mode", "contention"}, {"text", "programming massively parallel"}});
  expect_clean_chinese_figure(*letters, "contention over letters");
  auto grouped = scene_with({{"mode", "contention"},
                             {"dist", "uniform"},
                             {"n", "100000"},
                             {"bins", "65536"},
                             {"range", "0,65536"}});
  expect_clean_chinese_figure(*grouped, "contention with grouped bins");
}

TEST(HistogramChinese, ImageModeIsChineseWithAndWithoutEqualization) {
  EnglishAfter restore;
  std::set<std::string> captions;
  for (const std::string& variant :
       {std::string("global-atomic"), std::string("warp-aggregated")}) {
    auto scene = scene_with({{"mode", "image"}, {"image", "camera.png"}, {"variant", variant}});
    ASSERT_EQ(scene->mode(), "image");
    EXPECT_EQ(scene->lecture_variants(), kVariants);
    expect_clean_chinese_figure(*scene, "image " + variant);
    expect_chinese_caption(*scene, "image " + variant);
    int hovers = 0;
    expect_chinese_hover(*scene, "image " + variant, &hovers);
    EXPECT_GT(hovers, 0);
    i18n::set_language(Language::Chinese);
    EXPECT_TRUE(captions.insert(scene->caption()).second) << variant;
  }
  auto colour = scene_with({{"mode", "image"}, {"image", "coffee.png"}, {"channel", "r"}});
  expect_clean_chinese_figure(*colour, "image, colour, red curve");
  colour->params_from_json({{"equalize", false}});
  colour->reset();
  expect_clean_chinese_figure(*colour, "image without equalization");
  expect_chinese_caption(*colour, "image without equalization");
}

TEST(HistogramChinese, EnglishTextIsUnchangedByTheTranslation) {
  // tr() answers the key itself in English: the figure and the run document keep their words.
  EnglishAfter restore;
  auto scene = scene_with({{"mode", "teach"}, {"variant", "2"}, {"grid", "1"}});
  i18n::set_language(Language::Chinese);
  (void)texts_of(*scene, Language::Chinese);
  const nlohmann::json doc = scene->results_json();  // machine-readable: English in any language
  EXPECT_EQ(doc["variant"]["title"], "One thread per sample, global atomics");
  EXPECT_NE(doc["summary"].get<std::string>().find("atomics, longest chain"), std::string::npos);
  std::string all;
  for (const gfx::TextBox& t : texts_of(*scene, Language::English)) all += t.text + "\n";
  EXPECT_NE(all.find("Histogram: One thread per sample, global atomics"), std::string::npos);
  EXPECT_NE(all.find("atomics on one counter this step, in the order they serialize"),
            std::string::npos);
}

}  // namespace
}  // namespace ws::app
