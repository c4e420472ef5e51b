#include "i18n/i18n.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <set>
#include <unordered_map>

#include "common/error.h"
#include "data/data_root.h"

namespace ws::i18n {

namespace {

// A key with placeholders, split for matching text made elsewhere: literal pieces between
// placeholders ("stride ", "") and the placeholder numbers between them.
struct Pattern {
  std::vector<std::string> pieces;  // pieces.size() == slots.size() + 1
  std::vector<int> slots;
  const std::string* translation = nullptr;
};

struct Table {
  std::unordered_map<std::string, std::string> strings;
  std::vector<Pattern> patterns;  // keys with placeholders, longest literal text first
};

struct State {
  std::mutex mutex;
  Language language = Language::English;
  std::map<Language, Table> tables;  // loaded catalogs (never unloaded: tr's pointers stay valid)
};

State& state() {
  static State s;
  return s;
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// Splits `text` at its placeholders; false when it has none.
bool split_pattern(const std::string& text, Pattern& p) {
  p.pieces.assign(1, "");
  p.slots.clear();
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '{' && i + 2 < text.size() &&
        std::isdigit(static_cast<unsigned char>(text[i + 1])) && text[i + 2] == '}') {
      p.slots.push_back(text[i + 1] - '0');
      p.pieces.emplace_back();
      i += 2;
    } else {
      p.pieces.back() += text[i];
    }
  }
  return !p.slots.empty();
}

// Matches `text` against `p` (each placeholder takes at least one character, the shortest that
// lets the rest match); the placeholder values in slot order.
bool match_pattern(const Pattern& p, const std::string& text, std::vector<std::string>& values) {
  const std::string& first = p.pieces.front();
  if (text.compare(0, first.size(), first) != 0) return false;
  std::vector<std::string> found;
  size_t at = first.size();
  for (size_t k = 0; k < p.slots.size(); ++k) {
    const std::string& next = p.pieces[k + 1];
    const bool last = k + 1 == p.slots.size();
    size_t end;
    if (last) {
      if (text.size() < at + 1 + next.size()) return false;
      end = text.size() - next.size();
      if (text.compare(end, next.size(), next) != 0) return false;
    } else {
      end = next.empty() ? at + 1 : text.find(next, at + 1);
      if (end == std::string::npos || end > text.size()) return false;
    }
    if (end <= at) return false;
    found.push_back(text.substr(at, end - at));
    at = end + next.size();
  }
  if (at != text.size()) return false;
  int most = 0;
  for (int s : p.slots) most = std::max(most, s);
  values.assign(size_t(most) + 1, "");
  for (size_t k = 0; k < p.slots.size(); ++k) values[size_t(p.slots[k])] = found[k];
  return true;
}

Table make_table(const Catalog& catalog) {
  Table t;
  for (const auto& [key, value] : catalog.strings) t.strings.emplace(key, value);
  for (const auto& [key, value] : t.strings) {
    Pattern p;
    if (!split_pattern(key, p)) continue;
    // Only keys with words of their own match text made elsewhere ("stride {0}"); "{0}: {1}" or
    // "{0} ({1})" would take any text apart.
    bool words = false;
    for (const std::string& piece : p.pieces)
      for (const char c : piece)
        if (std::isalpha(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80)
          words = true;
    if (!words) continue;
    p.translation = &value;
    t.patterns.push_back(std::move(p));
  }
  // The most specific pattern first: more literal text wins ("step {0} of {1}" before "{0}").
  const auto literal = [](const Pattern& p) {
    size_t n = 0;
    for (const auto& s : p.pieces) n += s.size();
    return n;
  };
  std::sort(t.patterns.begin(), t.patterns.end(),
            [&](const Pattern& a, const Pattern& b) { return literal(a) > literal(b); });
  return t;
}

// The shared catalog of `language` and every scene's, as one.
Catalog load_catalogs(Language language) {
  Catalog all = load_catalog(catalog_path(language));
  for (const std::string& path : scene_catalog_paths(language)) {
    const Catalog scene = load_catalog(path);
    all.strings.insert(all.strings.end(), scene.strings.begin(), scene.strings.end());
  }
  return all;
}

// The current language's table, or nullptr for English (no translation).
const Table* current_table(State& s) {
  if (s.language == Language::English) return nullptr;
  const auto it = s.tables.find(s.language);
  return it == s.tables.end() ? nullptr : &it->second;
}

}  // namespace

bool parse_language(const std::string& text, Language& out) {
  const std::string t = lower(text);
  if (t == "en" || t == "english" || t == "en-us" || t == "en_us" || t == "en-gb") {
    out = Language::English;
    return true;
  }
  if (t == "zh" || t == "zh-cn" || t == "zh_cn" || t == "zh-hans" || t == "cn" || t == "chinese") {
    out = Language::Chinese;
    return true;
  }
  return false;
}

const char* language_code(Language language) {
  return language == Language::Chinese ? "zh" : "en";
}

const char* language_name(Language language) {
  return language == Language::Chinese ? "简体中文" : "English";
}

std::vector<Language> languages() {
  return {Language::English, Language::Chinese};
}

std::string catalog_path(Language language) {
  const char* dir = std::getenv("WARPSCOPE_I18N_DIR");
  const std::string folder = dir && *dir ? std::string(dir) : data::data_path("assets/i18n");
  return folder + "/" + language_code(language) + ".json";
}

std::vector<std::string> scene_catalog_paths(Language language) {
  namespace fs = std::filesystem;
  const char* dir = std::getenv("WARPSCOPE_I18N_DIR");
  const bool installed = dir && *dir;
  const fs::path scenes =
      installed ? fs::path(dir) / "scenes" : fs::path(data::data_path("app/scenes"));
  const std::string file = std::string(language_code(language)) + ".json";
  std::vector<std::string> paths;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(scenes, ec)) {
    const fs::path path = installed ? entry.path() / file : entry.path() / "i18n" / file;
    if (entry.is_directory() && fs::is_regular_file(path)) paths.push_back(path.string());
  }
  std::sort(paths.begin(), paths.end());
  return paths;
}

std::vector<int> placeholders(const std::string& text) {
  Pattern p;
  split_pattern(text, p);
  std::vector<int> slots = p.slots;
  std::sort(slots.begin(), slots.end());
  slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
  return slots;
}

Catalog load_catalog(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  WS_REQUIRE(in.good(), "cannot open the translation file '" + path + "'");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw Error("the translation file '" + path + "' is not valid JSON: " + e.what());
  }
  WS_REQUIRE(j.is_object() && j.contains("strings") && j["strings"].is_object(),
             "the translation file '" + path + "' needs a \"strings\" object");
  Catalog c;
  c.code = j.value("language", "");
  c.name = j.value("name", "");
  for (const auto& [key, value] : j["strings"].items()) {
    WS_REQUIRE(value.is_string(),
               "the translation file '" + path + "': the text for \"" + key + "\" is not a string");
    c.strings.emplace_back(key, value.get<std::string>());
  }
  return c;
}

void set_language(Language language) {
  State& s = state();
  {
    std::lock_guard<std::mutex> lock(s.mutex);
    if (language == Language::English || s.tables.count(language)) {
      s.language = language;
      return;
    }
  }
  Table table = make_table(load_catalogs(language));  // may throw: nothing changes
  std::lock_guard<std::mutex> lock(s.mutex);
  s.tables.emplace(language, std::move(table));
  s.language = language;
}

Language language() {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  return s.language;
}

Language language_from_environment() {
  for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (!value || !*value) continue;
    return lower(value).rfind("zh", 0) == 0 ? Language::Chinese : Language::English;
  }
  return Language::English;
}

const char* tr(const char* msgid) {
  if (msgid == nullptr) return "";
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  const Table* t = current_table(s);
  if (!t) return msgid;
  const auto it = t->strings.find(msgid);
  return it == t->strings.end() || it->second.empty() ? msgid : it->second.c_str();
}

std::string tr_text(const std::string& text) {
  State& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  const Table* t = current_table(s);
  if (!t || text.empty()) return text;
  const auto it = t->strings.find(text);
  if (it != t->strings.end()) return it->second.empty() ? text : it->second;
  std::vector<std::string> values;
  for (const Pattern& p : t->patterns) {
    if (!match_pattern(p, text, values)) continue;
    return p.translation->empty() ? text : format(*p.translation, values);
  }
  return text;
}

std::string format(const std::string& pattern, const std::vector<std::string>& args) {
  std::string out;
  out.reserve(pattern.size() + 16);
  for (size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if ((c == '{' || c == '}') && i + 1 < pattern.size() && pattern[i + 1] == c) {
      out += c;
      ++i;
    } else if (c == '{' && i + 2 < pattern.size() &&
               std::isdigit(static_cast<unsigned char>(pattern[i + 1])) && pattern[i + 2] == '}') {
      const size_t k = size_t(pattern[i + 1] - '0');
      if (k < args.size()) out += args[k];
      i += 2;
    } else {
      out += c;
    }
  }
  return out;
}

std::string catalog_text(Language language) {
  if (language == Language::English) return "";
  const Catalog c = load_catalogs(language);
  std::set<std::string> seen;  // each character once
  std::string text;
  for (const auto& [key, value] : c.strings) {
    for (size_t i = 0; i < value.size();) {
      size_t len = 1;
      const unsigned char lead = static_cast<unsigned char>(value[i]);
      if (lead >= 0xF0)
        len = 4;
      else if (lead >= 0xE0)
        len = 3;
      else if (lead >= 0xC0)
        len = 2;
      const std::string ch = value.substr(i, len);
      if (seen.insert(ch).second) text += ch;
      i += len;
    }
  }
  text += c.name;
  return text;
}

}  // namespace ws::i18n
