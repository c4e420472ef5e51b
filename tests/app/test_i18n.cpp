// Chinese and English: the language switch, lookups and placeholders, text made elsewhere, the
// catalog scanner and check, the session's and the settings' language, and CJK text measurement.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "common/error.h"
#include "i18n/catalog_scan.h"
#include "i18n/i18n.h"
#include "io/session.h"
#include "io/user_settings.h"
#include "render/font_metrics.h"
#include "scene_kit/step_caption.h"

namespace {

using ws::i18n::Language;

// Leaves English on after each test (every test runs in its own process under ctest; this keeps
// a plain run of the binary correct too).
struct EnglishAfter {
  ~EnglishAfter() { ws::i18n::set_language(Language::English); }
};

std::string temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("ws_i18n_" + name);
  std::filesystem::create_directories(dir);
  return dir.string();
}

// First in the file: a language whose catalog loaded once stays loaded for the process.
TEST(I18n, ABrokenCatalogIsRefusedAndTheLanguageStays) {
  const std::string dir = temp_dir("broken");
  std::ofstream(dir + "/zh.json") << "{ \"strings\": { \"File\": 3 } }";
  setenv("WARPSCOPE_I18N_DIR", dir.c_str(), 1);
  try {
    ws::i18n::set_language(Language::Chinese);
    FAIL() << "a catalog with a number for a text loaded";
  } catch (const ws::Error& e) {
    EXPECT_NE(std::string(e.what()).find("zh.json"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("\"File\""), std::string::npos) << e.what();
  }
  EXPECT_EQ(ws::i18n::language(), Language::English);
  std::ofstream(dir + "/zh.json") << "not json";
  EXPECT_THROW(ws::i18n::set_language(Language::Chinese), ws::Error);
  std::filesystem::remove(dir + "/zh.json");
  EXPECT_THROW(ws::i18n::set_language(Language::Chinese), ws::Error);
  unsetenv("WARPSCOPE_I18N_DIR");
}

// A scene's text lives in its own catalog (app/scenes/<scene>/i18n/, installed as
// scenes/<scene>/ beside the shared one): tr() answers from the shared catalog and every scene's,
// and the shipped catalogs hold the scenes' text in their folders.
TEST(I18n, SceneCatalogsAreFoundByConventionAndLoadedWithTheSharedOne) {
  EnglishAfter restore;
  const std::string dir = temp_dir("scenes");
  std::filesystem::create_directories(dir + "/scenes/tiny");
  std::ofstream(dir + "/zh.json") << R"({"language": "zh", "strings": {"File": "文件"}})";
  std::ofstream(dir + "/scenes/tiny/zh.json")
      << R"({"language": "zh", "strings": {"tiny step {0}": "小步骤 {0}"}})";
  setenv("WARPSCOPE_I18N_DIR", dir.c_str(), 1);
  const std::vector<std::string> found = ws::i18n::scene_catalog_paths(Language::Chinese);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], dir + "/scenes/tiny/zh.json");
  unsetenv("WARPSCOPE_I18N_DIR");
  // The source tree: each scene with text of its own has its catalog in its folder.
  bool reduce = false;
  for (const std::string& path : ws::i18n::scene_catalog_paths(Language::Chinese))
    reduce = reduce || path.find("app/scenes/reduce/i18n/zh.json") != std::string::npos;
  EXPECT_TRUE(reduce);
  ws::i18n::set_language(Language::Chinese);
  EXPECT_STREQ(ws::tr("File"), "文件");                              // shared
  EXPECT_STRNE(ws::tr("Float order lesson"), "Float order lesson");  // the reduction's
}

TEST(I18n, ParsesLanguageNamesAndRefusesOthers) {
  Language l = Language::English;
  EXPECT_TRUE(ws::i18n::parse_language("zh", l));
  EXPECT_EQ(l, Language::Chinese);
  EXPECT_TRUE(ws::i18n::parse_language("zh_CN", l));
  EXPECT_TRUE(ws::i18n::parse_language("EN", l));
  EXPECT_EQ(l, Language::English);
  EXPECT_FALSE(ws::i18n::parse_language("fr", l));
  EXPECT_FALSE(ws::i18n::parse_language("", l));
  EXPECT_STREQ(ws::i18n::language_code(Language::Chinese), "zh");
}

TEST(I18n, EnglishIsTheKeyAndChineseComesFromTheCatalog) {
  EnglishAfter restore;
  const char* key = "File";
  EXPECT_EQ(ws::tr(key), key);  // English: the very literal, no copy
  ws::i18n::set_language(Language::Chinese);
  EXPECT_STREQ(ws::tr("File"), "文件");
  EXPECT_STREQ(ws::tr("a text no catalog has"), "a text no catalog has");
  EXPECT_EQ(ws::trf("wrote {0}", "fig.png"), "已写入 fig.png");
  ws::i18n::set_language(Language::English);
  EXPECT_EQ(ws::trf("wrote {0}", "fig.png"), "wrote fig.png");
}

TEST(I18n, PlaceholdersMayMoveAndBracesEscape) {
  EXPECT_EQ(ws::i18n::format("{1} before {0}", {"a", "b"}), "b before a");
  EXPECT_EQ(ws::i18n::format("{{0}} is {0}", {"x"}), "{0} is x");
  EXPECT_EQ(ws::i18n::format("{3} missing", {"x"}), " missing");
  EXPECT_EQ(ws::trf("{0} of {1}", 3, 8), "3 of 8");
  EXPECT_EQ(ws::i18n::placeholders("{1} and {0} and {1}"), (std::vector<int>{0, 1}));
}

TEST(I18n, TextMadeElsewhereMatchesAKeyWithPlaceholders) {
  EnglishAfter restore;
  ws::i18n::set_language(Language::Chinese);
  EXPECT_EQ(ws::tr_text("File"), "文件");
  EXPECT_EQ(ws::tr_text("wrote out/a b.png"), "已写入 out/a b.png");
  EXPECT_EQ(ws::tr_text("step 3 of 8 done"), "step 3 of 8 done");  // no key matches: unchanged
  EXPECT_EQ(ws::tr_text(""), "");
}

TEST(I18n, TheEnvironmentChoosesChineseForZhLocales) {
  for (const char* v : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) unsetenv(v);
  EXPECT_EQ(ws::i18n::language_from_environment(), Language::English);
  setenv("LANG", "zh_CN.UTF-8", 1);
  EXPECT_EQ(ws::i18n::language_from_environment(), Language::Chinese);
  setenv("LC_ALL", "C.UTF-8", 1);  // LC_ALL wins over LANG
  EXPECT_EQ(ws::i18n::language_from_environment(), Language::English);
  unsetenv("LC_ALL");
  unsetenv("LANG");
}

TEST(I18nCatalog, ScannerReadsKeysAsTheCompilerDoes) {
  const std::string source = R"src(
    ImGui::Button(tr("Open"));                 // a key
    label = trf("step {0} of {1}", k, n);      // a key with placeholders
    static const char* kNames[] = {TR_NOOP("Kogge-Stone"), TR_NOOP("Brent-"
                                   "Kung")};   // adjacent literals join
    text = tr(name);                           // a variable: no key
    // tr("in a comment") is no call
    const char* s = "tr(\"in a string\")";
    x = str("not a call");  y = ws::tr("quote \" and\nnewline");
    z = tr(R"(raw)");
  )src";
  std::map<std::string, ws::i18n::KeyUse> keys;
  std::vector<std::string> problems;
  ws::i18n::scan_keys(source, "a.cpp", keys, problems);
  std::vector<std::string> found;
  for (const auto& [k, use] : keys) found.push_back(k);
  EXPECT_EQ(found, (std::vector<std::string>{"Brent-Kung", "Kogge-Stone", "Open",
                                             "quote \" and\nnewline", "step {0} of {1}"}));
  EXPECT_EQ(keys.at("Open").line, 2);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("a.cpp:10"), std::string::npos) << problems[0];
}

TEST(I18nCatalog, CheckFindsMissingStaleAndMismatchedEntries) {
  const std::set<std::string> keys = {"Open", "step %d", "{0} of {1}", "Save"};
  const auto check = ws::i18n::check_catalog(keys, {{"Open", "打开"},
                                                    {"step %d", "第 %s 步"},
                                                    {"{0} of {1}", "{0} / {2}"},
                                                    {"Save", ""},
                                                    {"Gone", "没了"}});
  EXPECT_EQ(check.missing, (std::vector<std::string>{"Save"}));
  EXPECT_EQ(check.stale, (std::vector<std::string>{"Gone"}));
  EXPECT_EQ(check.mismatched, (std::vector<std::string>{"step %d", "{0} of {1}"}));
  EXPECT_FALSE(check.ok());
}

TEST(I18nSession, TheLanguageTravelsWithTheSession) {
  ws::app::Session s;
  s.scene = "reduce";
  s.language = Language::Chinese;
  const ws::app::Session back = ws::app::session_from_json(ws::app::session_to_json(s));
  ASSERT_TRUE(back.language.has_value());
  EXPECT_EQ(*back.language, Language::Chinese);
  ws::app::Session none;
  none.scene = "reduce";
  EXPECT_FALSE(ws::app::session_from_json(ws::app::session_to_json(none)).language.has_value());
  nlohmann::json bad = ws::app::session_to_json(s);
  bad["view"]["language"] = "klingon";
  try {
    ws::app::session_from_json(bad);
    FAIL() << "a session in Klingon loaded";
  } catch (const ws::Error& e) {
    EXPECT_NE(std::string(e.what()).find("view.language"), std::string::npos) << e.what();
  }
}

TEST(I18nSettings, RememberLanguageAndRecentFiles) {
  const std::string path = temp_dir("settings") + "/settings.json";
  std::filesystem::remove(path);
  ws::app::UserSettings fresh = ws::app::load_user_settings(path);  // no file: defaults
  EXPECT_FALSE(fresh.language.has_value());
  EXPECT_TRUE(fresh.recent_files.empty());
  ws::app::UserSettings s;
  s.language = Language::Chinese;
  for (int i = 0; i < 20; ++i) s.add_recent("/data/f" + std::to_string(i % 15) + ".png");
  s.add_recent("/data/f3.png");  // again: moves to the front, no duplicate
  ASSERT_EQ(s.recent_files.size(), ws::app::UserSettings::kMaxRecent);
  EXPECT_EQ(s.recent_files.front(), "/data/f3.png");
  EXPECT_EQ(std::count(s.recent_files.begin(), s.recent_files.end(), "/data/f3.png"), 1);
  ASSERT_TRUE(ws::app::save_user_settings(s, path));
  const ws::app::UserSettings back = ws::app::load_user_settings(path);
  EXPECT_EQ(back.language, s.language);
  EXPECT_EQ(back.recent_files, s.recent_files);
  std::ofstream(path) << "{ damaged";
  EXPECT_TRUE(ws::app::load_user_settings(path).recent_files.empty());
}

TEST(I18nFonts, ChineseIsMeasuredWithTheCjkFont) {
  if (ws::gfx::cjk_font_path().empty()) GTEST_SKIP() << "no CJK font installed";
  const ws::gfx::FontMetrics without(ws::gfx::default_font_path());
  const ws::gfx::FontMetrics with(ws::gfx::default_font_path(), ws::gfx::cjk_font_path());
  const float one = with.text_size("文", 20).x;
  EXPECT_GT(one, 10.0f);  // a full-width glyph, about the font size wide
  EXPECT_NEAR(with.text_size("文件文件", 20).x, 4 * one, 0.01f);
  // Latin text measures the same with or without the fallback.
  EXPECT_FLOAT_EQ(with.text_size("warp 32", 20).x, without.text_size("warp 32", 20).x);
}

}  // namespace

namespace {

// Four threads of one warp read global x[0..3] and write shared s[0..1] (two of them), with a
// barrier: the facts name each part.
ws::Trace small_trace() {
  ws::Trace t;
  t.buffers.push_back({"x", ws::MemSpace::Global, 4, 1, {1, 2, 3, 4}});
  t.buffers.push_back({"s", ws::MemSpace::Shared, 2, 1, {0, 0}});
  ws::TraceStep step;
  step.label = "load";
  step.block_dim = 4;
  step.barriers = 1;
  for (int th = 0; th < 4; ++th) {
    step.events.push_back({0, th, th, 0, ws::EventKind::Read, 0, double(th + 1)});
    if (th < 2) step.events.push_back({0, th, th, 1, ws::EventKind::Write, 0, double(th + 1)});
  }
  t.steps.push_back(step);
  return t;
}

}  // namespace

TEST(I18nCaptions, StepFactsSayWhatTheThreadsDidInEitherLanguage) {
  EnglishAfter restore;
  const ws::Trace trace = small_trace();
  const ws::Counters counters = ws::compute_counters(trace);
  const auto snapshots = ws::replay_snapshots(trace);
  const std::string en = ws::app::step_facts(trace, counters, 0, &snapshots);
  // Who did what, then the one thing worth noticing: here what changed (s[0], s[1] were 0).
  EXPECT_EQ(en,
            "4 threads in one warp read 4 values from global memory and write 2 to shared "
            "memory. 2 values change.");
  EXPECT_EQ(ws::app::step_facts(trace, counters, 1), "");  // no such step
  EXPECT_EQ(ws::app::compose_caption("load", "Every thread loads one value.", "Two idle."),
            "load — Every thread loads one value. Two idle.");
  EXPECT_EQ(ws::app::compose_caption("", "", "Two threads idle."), "Two threads idle.");
  ws::i18n::set_language(Language::Chinese);
  const std::string zh = ws::app::step_facts(trace, counters, 0, &snapshots);
  EXPECT_NE(zh.find("1 个线程束中的 4 个线程"), std::string::npos) << zh;
  EXPECT_NE(zh.find("从全局内存读取 4 个值"), std::string::npos) << zh;
  EXPECT_EQ(zh.find("active"), std::string::npos) << zh;  // no English sentence left
}
