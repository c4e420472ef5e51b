// The app in Simplified Chinese or English. Source text is English and is its own key (as in
// gettext): tr("Open file...") gives the translation of the current language, or the English text
// itself. Translations live in data files, one per language: assets/i18n/zh.json maps each key to
// its Chinese text; assets/i18n/en.json lists every key (the catalog), regenerated from the sources
// by `ws_i18n_catalog --update` (app/i18n/catalog_tool.cpp), and a test fails when a language lacks
// a key. Keys are found in the sources by these spellings only, so write the English literal
// inside the call:
//   tr("Variant")                           a fixed string
//   trf("step {0} of {1}", k, n)            placeholders {0}..{9}, filled after translating, so a
//                                           language may put them in another order
//   TR_NOOP("Kogge-Stone")                  a literal in a table, translated where it is shown
//                                           with tr(table[i]) or tr_text(...)
// Text that reaches the UI from elsewhere (a kernel's step label "stride 8") goes through
// tr_text(): an exact key, else a key with placeholders that matches it ("stride {0}").
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "common/tr_noop.h"

namespace ws::i18n {

enum class Language { English, Chinese };

// "en" or "zh" (also "zh-CN", "zh_CN", "cn", "chinese", "english", any case); false otherwise.
bool parse_language(const std::string& text, Language& out);
const char* language_code(Language language);  // "en", "zh"
const char* language_name(Language language);  // "English", "简体中文" (each in its own language)
std::vector<Language> languages();

// The language tr() answers in (English at start). Switching to a language reads its catalogs
// (the shared one and every scene's) on first use; a missing or malformed catalog throws
// ws::Error naming the file, and the language stays as it was.
void set_language(Language language);
Language language();

// The language the user's environment asks for: LANGUAGE, LC_ALL, LC_MESSAGES or LANG starting
// with "zh" gives Chinese, anything else English.
Language language_from_environment();

// `msgid` in the current language (the English key when it has no translation). The pointer
// stays valid for the life of the process.
const char* tr(const char* msgid);
// {0}..{9} in the translated `msgid` replaced by the arguments (written with operator<<).
template <class... Args>
std::string trf(const char* msgid, const Args&... args);
// TR_NOOP (common/tr_noop.h) marks a literal for the catalog without translating it there.
// Text made elsewhere: its translation when it is a key, else when a key with placeholders
// matches it ("stride {0}" matches "stride 8": "步长 8"), else the text unchanged. Only keys with
// words besides their placeholders match ("{0}: {1}" would take any text apart).
std::string tr_text(const std::string& text);

// Fills {0}..{9} of `pattern` with `args` (no translation); "{{" and "}}" give braces.
std::string format(const std::string& pattern, const std::vector<std::string>& args);

// Where a language's catalogs are. The shared one: $WARPSCOPE_I18N_DIR/<code>.json, else
// assets/i18n/<code>.json in the data folder (data/data_root.h). One per scene with text of its own
// (found by convention, so a new scene edits no shared catalog):
// $WARPSCOPE_I18N_DIR/scenes/<scene>/ <code>.json, else app/scenes/<scene>/i18n/<code>.json; sorted
// by scene.
std::string catalog_path(Language language);
std::vector<std::string> scene_catalog_paths(Language language);
// Every character the catalogs of `language` use (its translations), UTF-8: the glyphs a font
// atlas needs for that language. Empty for English.
std::string catalog_text(Language language);

// A catalog as stored: key -> translation. Throws ws::Error naming the file and what is wrong.
struct Catalog {
  std::string code, name;
  std::vector<std::pair<std::string, std::string>> strings;  // in file order
};
Catalog load_catalog(const std::string& path);
// The placeholders a text uses, sorted ("{0}", "{1}"): a key and its translation must agree.
std::vector<int> placeholders(const std::string& text);

namespace detail {
inline void stringify(std::vector<std::string>&) {}
template <class T, class... Rest>
void stringify(std::vector<std::string>& out, const T& value, const Rest&... rest) {
  std::ostringstream s;
  s << value;
  out.push_back(s.str());
  stringify(out, rest...);
}
}  // namespace detail

template <class... Args>
std::string trf(const char* msgid, const Args&... args) {
  std::vector<std::string> values;
  detail::stringify(values, args...);
  return format(tr(msgid), values);
}

}  // namespace ws::i18n

namespace ws {
using i18n::tr;
using i18n::tr_text;
using i18n::trf;
}  // namespace ws
