// The reduction and heat scenes in Chinese, with the views and scene-kit pieces they share: every
// variant, finish, mode and step drawn through a RecordingCanvas has no English left (beyond an
// explicit list of identifiers and names), no Chinese label overlaps another or leaves the figure
// where the English figure has none, lecture captions say why for every step of every variant in
// both languages, and the hover text is Chinese. A string left untranslated fails here.
#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "i18n/i18n.h"
#include "i18n_test_support.h"
#include "render/recording_canvas.h"
#include "scenes/heat/heat_scene.h"
#include "scenes/heat/teach/heat_teach_mode.h"
#include "scenes/reduce/reduce_scene.h"
#include "views/cell_rows.h"
#include "views/figure_parts.h"

namespace ws::app {
namespace {

using i18n::Language;

// Identifiers from the kernel sources, names and units that stay in a Chinese figure or caption.
const std::set<std::string> kAllowed = {
    "PMPP", "CUDA", "CUB",  "GPU",  "CPU",  "Harris", "Kahan", "blockDim", "atomicAdd",
    "out",  "tile", "prev", "curr", "next", "inf",    "NaN",   "nan",
};

// Leaves English on whatever a test does.
struct EnglishAfter {
  ~EnglishAfter() { i18n::set_language(Language::English); }
};

const gfx::Vec2 kFigure{1280, 720};  // `warpscope render`'s default size

struct Drawn {
  std::vector<gfx::TextBox> texts;
  std::vector<std::string> overlaps, outside;
};

Drawn draw_in(const Scene& scene, Language language) {
  i18n::set_language(language);
  gfx::RecordingCanvas canvas(kFigure);
  scene.draw(canvas, gfx::Theme::Light);
  Drawn d;
  d.texts = canvas.texts();
  d.overlaps = gfx::overlapping_texts(d.texts);
  d.outside = gfx::texts_outside(d.texts, kFigure);
  return d;
}

std::string joined(const std::vector<std::string>& lines) {
  std::ostringstream out;
  for (const std::string& l : lines) out << "\n  " << l;
  return out.str();
}

// The Chinese figure: no English words, and no overlap or cut-off text the English one lacks.
void expect_chinese_figure(const Scene& scene, const std::string& where) {
  EnglishAfter english;
  const Drawn en = draw_in(scene, Language::English);
  const Drawn zh = draw_in(scene, Language::Chinese);
  ASSERT_FALSE(zh.texts.empty()) << where;
  for (const gfx::TextBox& t : zh.texts) {
    const std::vector<std::string> words = test::english_words(t.text, kAllowed);
    EXPECT_TRUE(words.empty()) << where << ": English left in '" << t.text << "': " << words[0];
  }
  if (en.overlaps.empty()) {
    EXPECT_TRUE(zh.overlaps.empty()) << where << joined(zh.overlaps);
  }
  if (en.outside.empty()) {
    EXPECT_TRUE(zh.outside.empty()) << where << joined(zh.outside);
  }
}

// Hover text over a grid of points of the last drawn (Chinese) figure: some is found, none has
// English words.
void expect_chinese_hover(Scene& scene, const std::string& where) {
  EnglishAfter english;
  i18n::set_language(Language::Chinese);
  gfx::RecordingCanvas canvas(kFigure);
  scene.draw(canvas, gfx::Theme::Light);
  int found = 0;
  for (float y = 5; y < kFigure.y; y += 11)
    for (float x = 5; x < kFigure.x; x += 13) {
      const std::string text = scene.describe_at({x, y});
      if (text.empty()) continue;
      ++found;
      const std::vector<std::string> words = test::english_words(text, kAllowed);
      ASSERT_TRUE(words.empty()) << where << " at (" << x << ", " << y << "): '" << words[0]
                                 << "' in\n"
                                 << text;
    }
  EXPECT_GT(found, 0) << where << ": no hover text anywhere";
}

void expect_chinese_caption(const Scene& scene, const std::string& where) {
  i18n::set_language(Language::Chinese);
  const std::string zh = scene.caption();
  i18n::set_language(Language::English);
  ASSERT_FALSE(zh.empty()) << where;
  const std::vector<std::string> words = test::english_words(zh, kAllowed);
  EXPECT_TRUE(words.empty()) << where << ": English '" << words[0] << "' in\n" << zh;
}

// ---------------------------------------------------------------------------------------------
// The reduction.

struct ReduceCase {
  std::string variant, finish;
  nlohmann::json input;
};

std::vector<ReduceCase> reduce_cases() {
  std::vector<ReduceCase> cases;
  for (const reduce::VariantInfo& v : reduce::variant_infos()) {
    if (reduce::is_global_variant(v.variant)) {  // the books' sizes, one finish
      cases.push_back({v.id, "two-pass", {{"n", 256}, {"seed", 3}}});
      continue;
    }
    for (const char* finish : {"two-pass", "atomic", "last-block"})
      cases.push_back({v.id, finish, {{"n", 200}, {"seed", 3}, {"block", 64}}});
  }
  // Two passes of the sequential tree over several blocks, and a one-block run of typed values.
  cases.push_back({"sequential", "two-pass", {{"n", 700}, {"block", 32}}});
  cases.push_back({"interleaved-divergent", "two-pass", {{"values", "3 1 7 0 4 1 6 3"}}});
  cases.push_back({"reduce-global", "two-pass", {{"n", 512}, {"block", 64}}});  // 2 launches
  return cases;
}

std::unique_ptr<ReduceScene> reduce_scene(const ReduceCase& c) {
  auto scene = std::make_unique<ReduceScene>();
  nlohmann::json params = c.input;
  params["variant"] = c.variant;
  params["finish"] = c.finish;
  scene->params_from_json(params);
  static SceneContext context;
  scene->attach(context);
  return scene;
}

TEST(ReduceZh, EveryStepOfEveryVariantAndFinishIsDrawnInChinese) {
  EnglishAfter english;
  for (const ReduceCase& c : reduce_cases()) {
    auto scene = reduce_scene(c);
    for (int step = 0; step < scene->step_count(); ++step) {
      scene->seek(step);
      expect_chinese_figure(*scene, c.variant + " " + c.finish + " step " + std::to_string(step));
    }
  }
}

TEST(ReduceZh, TwoVariantsSideBySideAreDrawnInChinese) {
  EnglishAfter english;
  ReduceScene scene;
  scene.params_from_json({{"variant", "interleaved-divergent"},
                          {"compare", "sequential"},
                          {"values", "3 1 7 0 4 1 6 3 5 2 8 1 9 4 2 6"}});
  SceneContext context;
  scene.attach(context);
  for (int step = 0; step < scene.step_count(); ++step) {
    scene.seek(step);
    expect_chinese_figure(scene, "compare step " + std::to_string(step));
  }
}

TEST(ReduceZh, HoverTextIsChinese) {
  EnglishAfter english;
  for (const ReduceCase& c : {ReduceCase{"sequential", "two-pass", {{"values", "3 1 7 0 4 1"}}},
                              ReduceCase{"warp-shuffle", "last-block", {{"n", 200}, {"block", 32}}},
                              ReduceCase{"coarsened", "atomic", {{"n", 600}, {"block", 32}}}}) {
    auto scene = reduce_scene(c);
    for (int step : {0, 1, scene->step_count() - 1}) {
      scene->seek(step);
      expect_chinese_hover(*scene, c.variant + " step " + std::to_string(step));
    }
  }
}

TEST(ReduceZh, EveryStepOfEveryVariantHasACaptionThatSaysWhy) {
  EnglishAfter english;
  for (const ReduceCase& c : reduce_cases()) {
    auto scene = reduce_scene(c);
    const Trace& trace = scene->primary().run.trace;
    for (int step = 0; step < scene->step_count(); ++step) {
      scene->seek(step);
      const std::string where = c.variant + " " + c.finish + " step " + std::to_string(step);
      // The step's teaching point, not only its facts: English and Chinese.
      const TraceStep& s = trace.steps[size_t(step)];
      const std::string why = reduce_step_why(scene->primary().run.params, s, trace.warp_size);
      EXPECT_FALSE(why.empty()) << where << " (" << s.label << ")";
      const std::string en = scene->caption();
      EXPECT_EQ(en.rfind(s.label + " — ", 0), 0u) << where << ": " << en;  // the label leads
      EXPECT_NE(en.find(why), std::string::npos) << where << ": " << en;
      expect_chinese_caption(*scene, where);
    }
  }
}

TEST(ReduceZh, CaptionsDifferBetweenVariants) {
  EnglishAfter english;
  // The same step of every variant on the same input: seven different captions in each language.
  for (Language language : {Language::English, Language::Chinese}) {
    for (int step : {0, 1, 2}) {
      std::set<std::string> captions;
      for (const reduce::VariantInfo& v : reduce::variant_infos()) {
        // The global-memory variants run their books' one block of N/2 threads (or 256).
        const nlohmann::json launch = reduce::is_global_variant(v.variant)
                                          ? nlohmann::json{{"n", 256}, {"seed", 1}}
                                          : nlohmann::json{{"n", 256}, {"seed", 1}, {"block", 64}};
        auto scene = reduce_scene({v.id, "two-pass", launch});
        scene->seek(step);
        i18n::set_language(language);
        captions.insert(scene->caption());
        i18n::set_language(Language::English);
      }
      EXPECT_EQ(captions.size(), reduce::variant_infos().size()) << "step " << step;
    }
  }
}

std::unique_ptr<HeatScene> heat_scene(const nlohmann::json& params);

// Fast mode's report: the window's title and notes in Chinese, the terminal's and the JSON's in
// English whatever the language.
void expect_report_in_both(const BenchReport& report, const std::string& english_title) {
  EXPECT_EQ(report.title.rfind(english_title, 0), 0u) << report.title;
  EXPECT_NE(report.notes.find("copy bandwidth"), std::string::npos) << report.notes;
  ASSERT_FALSE(report.title_shown.empty());
  ASSERT_FALSE(report.notes_shown.empty());
  for (const std::string& text : {report.title_shown, report.notes_shown}) {
    const std::vector<std::string> words = test::english_words(text, kAllowed);
    EXPECT_TRUE(words.empty()) << "'" << words[0] << "' in " << text;
  }
}

TEST(ReduceZh, FastModeTitlesTheReportInChineseAndKeepsTheTerminalsEnglish) {
  EnglishAfter english;
  ReduceScene scene;
  SceneContext context;
  scene.attach(context);
  BenchRequest request;
  request.sizes = {"10"};
  request.repeats = 1;
  request.from_scene = true;
  i18n::set_language(Language::Chinese);
  std::ostringstream progress;
  expect_report_in_both(scene.bench_job(request)(progress), "reduce sum int32 on ");
}

TEST(HeatZh, FastModeTitlesTheReportInChineseAndKeepsTheTerminalsEnglish) {
  EnglishAfter english;
  auto scene = heat_scene({{"size", "64x64"}});
  BenchRequest request;
  request.sizes = {"64"};
  request.repeats = 1;
  request.from_scene = true;
  i18n::set_language(Language::Chinese);
  std::ostringstream progress;
  expect_report_in_both(scene->bench_job(request)(progress),
                        "heat stencil (float32, insulated) on ");
}

// Keys 1..9: the seven shared-memory variants, then PMPP's Fig. 10.6 and 10.9 in global memory.
TEST(ReduceZh, LectureVariantsAreTheNineVariantIdsTheKeysReach) {
  ReduceScene scene;
  const std::vector<std::string> ids = scene.lecture_variants();
  ASSERT_EQ(ids.size(), 9u);
  EXPECT_EQ(ids[7], "simple-global");
  EXPECT_EQ(ids[8], "convergent-global");
  for (const std::string& id : ids) EXPECT_NO_THROW(scene.params_from_json({{"variant", id}}));
}

// ---------------------------------------------------------------------------------------------
// Heat flow: teach mode and the live simulation.

struct HeatCase {
  nlohmann::json params;
  std::string name;
};

std::vector<HeatCase> heat_teach_cases() {
  std::vector<HeatCase> cases;
  for (const char* v : {"basic", "shared-tiled", "temporal-blocked"})
    for (const char* b : {"fixed", "insulated"})
      cases.push_back({{{"mode", "teach"},
                        {"size", "24x24"},
                        {"tile", 8},
                        {"variant", v},
                        {"boundary", b},
                        {"k", 2}},
                       std::string("2D ") + v + " " + b});
  for (const char* v :
       {"basic", "shared-tiled", "coarsened-z", "register-tiled", "temporal-blocked"})
    cases.push_back({{{"mode", "teach"},
                      {"size", "12x12x12"},
                      {"tile", 4},
                      {"variant", v},
                      {"boundary", "fixed"},
                      {"k", 2}},
                     std::string("3D ") + v});
  return cases;
}

std::unique_ptr<HeatScene> heat_scene(const nlohmann::json& params) {
  auto scene = std::make_unique<HeatScene>();
  scene->params_from_json(params);
  static SceneContext context;
  scene->attach(context);
  return scene;
}

TEST(HeatZh, EveryTeachStepOfEveryVariantIsDrawnInChinese) {
  EnglishAfter english;
  for (const HeatCase& c : heat_teach_cases()) {
    auto scene = heat_scene(c.params);
    ASSERT_GT(scene->step_count(), 0) << c.name;
    for (int step = 0; step < scene->step_count(); ++step) {
      scene->seek(step);
      expect_chinese_figure(*scene, c.name + " step " + std::to_string(step));
    }
  }
}

TEST(HeatZh, EveryTeachStepHasACaptionThatSaysWhy) {
  EnglishAfter english;
  for (const HeatCase& c : heat_teach_cases()) {
    auto scene = heat_scene(c.params);
    for (int step = 0; step < scene->step_count(); ++step) {
      scene->seek(step);
      const std::string where = c.name + " step " + std::to_string(step);
      // The step's teaching point, not only its facts, and the caption says it.
      const auto* teach = scene->find_mode<HeatTeachMode>("teach");
      ASSERT_TRUE(teach && teach->taught());
      const stencil::TeachRun& run = teach->taught()->run;
      const std::string why = heat_teach_why(run.params, run.trace.steps[size_t(step)]);
      EXPECT_FALSE(why.empty()) << where;
      EXPECT_NE(scene->caption().find(why), std::string::npos) << where;
      expect_chinese_caption(*scene, where);
    }
  }
}

TEST(HeatZh, TeachCaptionsDifferBetweenVariants) {
  EnglishAfter english;
  for (Language language : {Language::English, Language::Chinese}) {
    std::set<std::string> captions;  // the compute step of every 3D variant
    for (const char* v : {"basic", "shared-tiled", "coarsened-z", "register-tiled"}) {
      auto scene =
          heat_scene({{"mode", "teach"}, {"size", "12x12x12"}, {"tile", 4}, {"variant", v}});
      scene->seek(std::string(v) == "basic" ? 0 : 2);
      i18n::set_language(language);
      captions.insert(scene->caption());
      i18n::set_language(Language::English);
    }
    EXPECT_EQ(captions.size(), 4u);
  }
}

// Around a 2D tile the halo is a ring; around a 3D one it is a shell, and temporal blocking's
// computing cube loses a shell a step: the captions say which.
TEST(HeatZh, TeachCaptionsSayRingIn2DAndShellIn3D) {
  EnglishAfter english;
  for (const char* v : {"shared-tiled", "temporal-blocked"})
    for (const char* size : {"24x24", "12x12x12"}) {
      const bool three_d = std::string(size) == "12x12x12";
      auto scene = heat_scene(
          {{"mode", "teach"}, {"size", size}, {"tile", three_d ? 4 : 8}, {"variant", v}, {"k", 2}});
      bool ring = false, shell = false;
      for (int step = 0; step < scene->step_count(); ++step) {
        scene->seek(step);
        const std::string caption = scene->caption();
        ring = ring || caption.find(" ring") != std::string::npos;
        shell = shell || caption.find(" shell") != std::string::npos;
      }
      EXPECT_EQ(ring, !three_d) << v << " " << size;
      EXPECT_EQ(shell, three_d) << v << " " << size;
    }
}

TEST(HeatZh, TeachHoverTextIsChinese) {
  EnglishAfter english;
  for (const HeatCase& c : heat_teach_cases()) {
    auto scene = heat_scene(c.params);
    scene->seek(scene->step_count() > 1 ? 1 : 0);
    expect_chinese_hover(*scene, c.name);
  }
}

TEST(HeatZh, TheLiveSimulationIsDrawnAndCaptionedInChinese) {
  EnglishAfter english;
  const std::vector<HeatCase> cases = {
      {{{"size", "64x64"}, {"probes", "10,10;40,20"}, {"steps", 20}}, "2D"},
      {{{"size", "64x64"}, {"boundary", "periodic"}, {"material", "walls"}, {"init", "random:3"}},
       "2D walls"},
      {{{"size", "24x24x24"}, {"tile", 4}, {"boundary", "fixed"}, {"probes", "3,4,12"}}, "3D"},
      {{{"size", "32x32"}, {"dt", 0.4}, {"unstable", true}, {"steps", 200}}, "unstable"},
  };
  for (const HeatCase& c : cases) {
    auto scene = heat_scene(c.params);
    expect_chinese_figure(*scene, "live " + c.name);
    expect_chinese_caption(*scene, "live " + c.name);
    expect_chinese_hover(*scene, "live " + c.name);
    EXPECT_FALSE(scene->caption().empty());
  }
  // What the caption says follows the run: the stability verdict and the boundary.
  auto stable = heat_scene({{"size", "32x32"}, {"boundary", "insulated"}});
  auto unstable = heat_scene({{"size", "32x32"}, {"dt", 0.4}, {"unstable", true}});
  EXPECT_NE(stable->caption().find("stable while"), std::string::npos) << stable->caption();
  EXPECT_NE(unstable->caption().find("above the stability limit"), std::string::npos);
  EXPECT_NE(stable->caption().find("Insulated"), std::string::npos);
}

TEST(HeatZh, LectureVariantsAreTheVariantsOfTheGridsDimension) {
  auto flat = heat_scene({{"size", "32x32"}});
  EXPECT_EQ(flat->lecture_variants(),
            (std::vector<std::string>{"basic", "shared-tiled", "temporal-blocked"}));
  auto cube = heat_scene({{"mode", "teach"}, {"size", "12x12x12"}, {"tile", 4}});
  EXPECT_EQ(cube->lecture_variants(),
            (std::vector<std::string>{"basic", "shared-tiled", "coarsened-z", "register-tiled",
                                      "temporal-blocked"}));
  for (const std::string& id : cube->lecture_variants())
    EXPECT_NO_THROW(cube->params_from_json({{"variant", id}}));
}

// ---------------------------------------------------------------------------------------------
// Shared pieces.

TEST(ViewsZh, CountedNounsAreTranslatedAndEnglishKeepsItsPlural) {
  EnglishAfter english;
  EXPECT_EQ(count_text(1, "thread"), "1 thread");
  EXPECT_EQ(count_text(16, "thread"), "16 threads");
  i18n::set_language(Language::Chinese);
  EXPECT_EQ(count_text(16, "thread"), "16 个线程");
  EXPECT_EQ(count_text(1, "barrier"), "1 次栅栏同步");
  EXPECT_EQ(count_text(3, "gizmo"), "3 gizmos");  // no key: English, as before
}

TEST(ViewsZh, ChineseTextWrapsWithoutSpacesAndStaysInside) {
  EnglishAfter english;
  i18n::set_language(Language::Chinese);
  const std::string text = ws::tr(
      "Each thread copies two inputs into shared memory; sequential addressing then folds the "
      "upper half of the array onto the lower half, level after level.");
  gfx::RecordingCanvas canvas({400, 300});
  const float height = draw_wrapped(canvas, {10, 10}, text, 16, 300, {0, 0, 0, 255}, 5);
  EXPECT_GT(height, 16 * 1.25f * 1.5f) << "one line only: Chinese did not wrap";
  EXPECT_TRUE(gfx::texts_outside(canvas.texts(), {320, 300}).empty())
      << joined(gfx::texts_outside(canvas.texts(), {320, 300}));
  std::string rejoined;
  for (const gfx::TextBox& t : canvas.texts()) rejoined += t.text;
  EXPECT_EQ(rejoined, text);  // every character drawn once, none cut
  // No line starts with closing punctuation.
  for (const gfx::TextBox& t : canvas.texts())
    EXPECT_NE(t.text.rfind("\xEF\xBC\x8C", 0), 0u) << t.text;  // ，
}

}  // namespace
}  // namespace ws::app
