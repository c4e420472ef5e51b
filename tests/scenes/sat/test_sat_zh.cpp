// The summed-area-table scene in Simplified Chinese: every mode's figure (teach: every step of
// variants 1-4; query: typed values and a photo; filter: box filter by each method, depth of field,
// the comparison and the radius plot) drawn through a RecordingCanvas has no English words left
// and no label that overlaps another or leaves the figure where the English figure has none; the
// lecture captions are there for every step of every variant in both languages, differ between
// variants, and have no English in Chinese; the hover text is Chinese too.
#include <gtest/gtest.h>

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "i18n_test_support.h"
#include "render/recording_canvas.h"
#include "scenes/sat/filter/sat_filter_mode.h"
#include "scenes/sat/sat_scene.h"
#include "scenes/sat/sat_strings.h"

namespace ws::app {
namespace {

using i18n::Language;

// What may stay in Latin letters in a Chinese figure: the kernels' array names (in, sat, tmp, tile;
// XY is two letters), the backends (cpu, cuda), CPU and GPU, SAT as the table's notation
// (SAT(x, y)), Kogge-Stone, the colormap's name, and the shipped photos' file names.
const std::set<std::string> kAllowed = {"sat",     "tmp",    "tile",   "cpu",   "cuda",
                                        "CPU",     "GPU",    "SAT",    "Kogge", "Stone",
                                        "viridis", "camera", "coffee", "png"};

const gfx::Vec2 kFigure{1280, 720};  // the default figure size (render, export)

struct LanguageGuard {
  ~LanguageGuard() { i18n::set_language(Language::English); }
};

std::unique_ptr<SatScene> sat_scene(const nlohmann::json& params) {
  auto scene = std::make_unique<SatScene>();
  scene->params_from_json(params);
  static SceneContext context;  // CPU backend
  scene->attach(context);
  return scene;
}

std::vector<gfx::TextBox> draw_in(Scene& scene, Language language) {
  i18n::set_language(language);
  gfx::RecordingCanvas canvas(kFigure);
  scene.draw(canvas, gfx::Theme::Light);
  return canvas.texts();
}

std::string english_left(const std::string& text) {
  std::string words;
  for (const std::string& w : test::english_words(text, kAllowed)) words += " '" + w + "'";
  return words;
}

// The figure in Chinese: no English word in any text, and no overlap or cut-off label unless the
// English figure has the same problem.
void expect_chinese_figure(Scene& scene, const std::string& where) {
  const std::vector<gfx::TextBox> en = draw_in(scene, Language::English);
  const std::vector<gfx::TextBox> zh = draw_in(scene, Language::Chinese);
  ASSERT_FALSE(zh.empty()) << where;
  for (const gfx::TextBox& t : zh) {
    EXPECT_EQ(english_left(t.text), "") << where << ": '" << t.text << "'";
  }
  if (gfx::overlapping_texts(en).empty()) {
    for (const std::string& o : gfx::overlapping_texts(zh)) ADD_FAILURE() << where << ": " << o;
  }
  if (gfx::texts_outside(en, kFigure).empty()) {
    for (const std::string& o : gfx::texts_outside(zh, kFigure))
      ADD_FAILURE() << where << ": " << o;
  }
}

// Hover text over a grid of points of the last drawn figure: Chinese, with no English words;
// returns how many points had something to say.
int expect_chinese_hover(Scene& scene, const std::string& where) {
  draw_in(scene, Language::Chinese);
  int described = 0;
  for (float y = 10; y < kFigure.y; y += 17)
    for (float x = 10; x < kFigure.x; x += 23) {
      const std::string text = scene.describe_at({x, y});
      if (text.empty()) continue;
      ++described;
      EXPECT_EQ(english_left(text), "") << where << " at " << x << "," << y << ": '" << text << "'";
    }
  return described;
}

std::string caption_in(Scene& scene, Language language) {
  i18n::set_language(language);
  return scene.caption();
}

// The caption of the current step in both languages: non-empty, and Chinese without English.
std::string expect_captions(Scene& scene, const std::string& where) {
  const std::string en = caption_in(scene, Language::English);
  const std::string zh = caption_in(scene, Language::Chinese);
  EXPECT_FALSE(en.empty()) << where;
  EXPECT_FALSE(zh.empty()) << where;
  EXPECT_NE(en, zh) << where << ": the caption is not translated";
  EXPECT_EQ(english_left(zh), "") << where << ": '" << zh << "'";
  return en;
}

const char* kTeachValues = "1 2 3 4; 5 6 7 8; 9 10 11 12";

TEST(SatChinese, KernelTextsAllHaveTranslations) {
  LanguageGuard guard;
  i18n::set_language(Language::Chinese);
  ASSERT_FALSE(sat_kernel_text_keys().empty());
  for (const char* key : sat_kernel_text_keys()) {
    EXPECT_STRNE(tr(key), key) << "no Chinese for the kernel text '" << key << "'";
    EXPECT_EQ(english_left(tr(key)), "") << key << ": '" << tr(key) << "'";
  }
  // Step labels with numbers match their keys with placeholders.
  EXPECT_EQ(tr_text("row phase: stride 4"), trf("row phase: stride {0}", 4));
  EXPECT_NE(tr_text("take a tile index from the counter, load the 2x2 tiles"),
            "take a tile index from the counter, load the 2x2 tiles");
}

TEST(SatChinese, TeachFiguresCaptionsAndHoverOfEveryVariantAndStep) {
  LanguageGuard guard;
  const auto scene = sat_scene({{"mode", "teach"}, {"values", kTeachValues}, {"tile", 2}});
  std::vector<std::string> variants = scene->lecture_variants();
  ASSERT_EQ(variants.size(), 5u);  // every variant has a traced teach kernel
  std::vector<std::set<std::string>> why_by_variant;
  for (const std::string& v : variants) {
    scene->params_from_json({{"variant", v}});
    scene->reset();
    const int n = scene->step_count();
    ASSERT_GT(n, 2) << v;
    std::set<std::string> captions;
    for (int step = 0; step < n; ++step) {
      scene->seek(step);
      const std::string where = v + " step " + std::to_string(step + 1);
      expect_chinese_figure(*scene, where);
      captions.insert(expect_captions(*scene, where));
      if (step == 0 || step == n / 2 || step == n - 1) {
        EXPECT_GT(expect_chinese_hover(*scene, where), 0) << where;
      }
    }
    // The captions follow the steps: more than one distinct caption per variant.
    EXPECT_GT(captions.size(), 1u) << v;
    why_by_variant.push_back(captions);
  }
  // No two variants say the same thing at their first step or anywhere.
  for (size_t a = 0; a < why_by_variant.size(); ++a)
    for (size_t b = a + 1; b < why_by_variant.size(); ++b) {
      for (const std::string& c : why_by_variant[a])
        EXPECT_EQ(why_by_variant[b].count(c), 0u)
            << variants[a] << " and " << variants[b] << " share the caption '" << c << "'";
    }
}

TEST(SatChinese, TeachFiguresOfAPhotoAveragedTo32x32) {
  LanguageGuard guard;
  // The largest teach input: every grid at 32 x 32, the single pass's rows at their first 64.
  const auto scene = sat_scene({{"mode", "teach"}, {"image", "camera.png"}, {"tile", 8}});
  for (const std::string& v : scene->lecture_variants()) {
    scene->params_from_json({{"variant", v}});
    scene->reset();
    const int n = scene->step_count();
    for (int step : {0, n / 2, n - 1}) {
      scene->seek(step);
      const std::string where = "camera.png " + v + " step " + std::to_string(step + 1);
      expect_chinese_figure(*scene, where);
      expect_captions(*scene, where);
      EXPECT_GT(expect_chinese_hover(*scene, where), 0) << where;
    }
  }
}

TEST(SatChinese, TeachCaptionsSayWhyPerVariant) {
  LanguageGuard guard;
  // The same kind of step, the column phase's first step, explained for each variant's reason.
  const auto scene = sat_scene({{"mode", "teach"}, {"values", kTeachValues}});
  std::set<std::string> column_captions;
  for (const char* v : {"row-column", "transpose", "block-scan"}) {
    scene->params_from_json({{"variant", v}});
    scene->reset();
    const nlohmann::json steps = scene->results_json()["steps"];
    int step = -1;
    for (size_t s = 0; s < steps.size() && step < 0; ++s)
      if (steps[s]["phase"] == "column") step = static_cast<int>(s);
    ASSERT_GE(step, 0) << v;
    scene->seek(step);
    i18n::set_language(Language::English);
    const std::string en = scene->caption();
    // The step's label leads the caption (the caption bar's header has the step number).
    EXPECT_EQ(en.rfind(steps[size_t(step)]["label"].get<std::string>() + " — ", 0), 0u) << en;
    EXPECT_NE(en.find("coalesc"), std::string::npos) << v << ": " << en;
    i18n::set_language(Language::Chinese);
    const std::string zh = scene->caption();
    EXPECT_NE(zh.find("合并访问"), std::string::npos) << v << ": " << zh;
    column_captions.insert(zh);
  }
  EXPECT_EQ(column_captions.size(), 3u);
  // The transpose's store names the bank conflicts the padding avoids.
  scene->params_from_json({{"variant", "transpose"}});
  scene->reset();
  scene->seek(1);
  i18n::set_language(Language::Chinese);
  EXPECT_NE(scene->caption().find("存储体冲突"), std::string::npos) << scene->caption();
  // The single pass's look-back.
  scene->params_from_json({{"variant", "single-pass"}, {"tile", 2}});
  scene->reset();
  scene->seek(2);
  EXPECT_NE(scene->caption().find("回看"), std::string::npos) << scene->caption();
  // The register-tiled corners: no look-back needed; its rows are written coalesced.
  scene->params_from_json({{"variant", "register-tiled"}, {"tile", 2}});
  scene->reset();
  const nlohmann::json steps = scene->results_json()["steps"];
  ASSERT_EQ(steps.size(), size_t(2 * 2 + 6));  // 3x3 in 2x2 tiles: 2 rows per launch 1 and 3
  scene->seek(6);                              // launch 2's last step: the corners down
  EXPECT_EQ(steps[6]["label"], "carries: corners, down the columns of tiles");
  EXPECT_NE(scene->caption().find("不需要回看"), std::string::npos) << scene->caption();
  scene->seek(int(steps.size()) - 1);
  EXPECT_NE(scene->caption().find("合并访问"), std::string::npos) << scene->caption();
}

TEST(SatChinese, QueryFiguresCaptionsAndHover) {
  LanguageGuard guard;
  for (const nlohmann::json& params :
       {nlohmann::json{{"mode", "query"}, {"values", "1 2 3; 4 5 6; 7 8 9"}, {"query", "1,1,2,2"}},
        nlohmann::json{{"mode", "query"}, {"image", "camera.png"}, {"query", "10,20,200,300"}},
        nlohmann::json{{"mode", "query"}, {"values", "0.5 1.5; 2 3"}, {"type", "f32"}}}) {
    const auto scene = sat_scene(params);
    const std::string where = params.dump();
    expect_chinese_figure(*scene, where);
    EXPECT_GT(expect_chinese_hover(*scene, where), 0) << where;
    std::set<std::string> by_variant;
    for (const std::string& v : scene->lecture_variants()) {
      scene->params_from_json({{"variant", v}});
      scene->reset();
      const std::string en = expect_captions(*scene, where + " " + v);
      EXPECT_NE(en.find("D - B - C + A"), std::string::npos) << en;
      by_variant.insert(caption_in(*scene, Language::Chinese));
    }
    // Typed values that are not bytes are summed by the sequential loop whatever the variant.
    if (!params.contains("type")) {
      EXPECT_EQ(by_variant.size(), 5u) << where;
    }
  }
}

TEST(SatChinese, FilterFiguresCaptionsAndHover) {
  LanguageGuard guard;
  const auto scene = sat_scene({{"mode", "filter"}, {"size", "64x48"}, {"radius", 3}});
  auto* filter = dynamic_cast<SatFilterMode*>(&scene->active());
  ASSERT_NE(filter, nullptr);
  const std::vector<nlohmann::json> settings = {
      {{"method", "sat"}, {"depth", ""}, {"compare", ""}},
      {{"method", "separable"}},
      {{"method", "direct"}},
      {{"method", "sat"}, {"compare", "direct"}},
      {{"method", "sat"}, {"depth", "ramp"}, {"compare", ""}},
      {{"method", "direct"}, {"depth", "step"}},
      {{"method", "sat"}, {"depth", "bowl"}, {"colour", "rgb"}}};
  std::set<std::string> captions;
  for (const nlohmann::json& p : settings) {
    scene->params_from_json(p);
    scene->reset();
    const std::string where = p.dump();
    expect_chinese_figure(*scene, where);
    EXPECT_GT(expect_chinese_hover(*scene, where), 0) << where;
    captions.insert(expect_captions(*scene, where));
  }
  EXPECT_EQ(captions.size(), settings.size());
  // Through the table the caption names the variant that built it.
  scene->params_from_json({{"method", "sat"}, {"depth", ""}, {"colour", "luminance"}});
  std::set<std::string> by_variant;
  for (const std::string& v : scene->lecture_variants()) {
    scene->params_from_json({{"variant", v}});
    scene->reset();
    by_variant.insert(caption_in(*scene, Language::Chinese));
  }
  EXPECT_EQ(by_variant.size(), 5u);
  // The time-against-radius plot.
  filter->measure_radius_plot(1);
  expect_chinese_figure(*scene, "radius plot");
}

TEST(SatChinese, EnglishFiguresKeepTheirEnglishText) {
  LanguageGuard guard;
  const auto scene = sat_scene({{"mode", "teach"}, {"values", kTeachValues}});
  scene->seek(0);
  const std::vector<gfx::TextBox> en = draw_in(*scene, Language::English);
  std::string all;
  for (const gfx::TextBox& t : en) all += t.text + "\n";
  EXPECT_NE(all.find("Summed-area table: Row scan, then column scan"), std::string::npos) << all;
  EXPECT_NE(all.find("step 1 of 7: row phase: x = 0"), std::string::npos) << all;
  EXPECT_NE(all.find("typed 4x3, u8 -> u32 table, cpu backend"), std::string::npos) << all;
  EXPECT_NE(all.find("3 threads in 1 warp, "), std::string::npos) << all;
}

}  // namespace
}  // namespace ws::app
