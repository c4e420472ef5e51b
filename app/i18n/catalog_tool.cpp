// ws_i18n_catalog SOURCE_ROOT [--update]
// Keeps the translation catalogs true to the keys the sources use (tr, trf, TR_NOOP under
// SOURCE_ROOT/app and SOURCE_ROOT/bench). Each key has one home: the catalog of the scene whose
// folder (app/scenes/<scene>/) alone uses it, in app/scenes/<scene>/i18n/, else the shared one in
// assets/i18n (a key the benchmarks in bench/ use counts for the scene that also uses it). In every
// home, en.json lists exactly its keys and each other language translates each of them (same
// placeholders). Exit status 1 with what is wrong.
// --update rewrites every en.json from the sources (making a scene's i18n/ folder when it gets its
// first key) and, in every other language, moves each translation to its key's home, adds the
// missing keys with an empty text (still reported until translated) and drops the stale ones.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sstream>

#include "i18n/catalog_scan.h"
#include "i18n/i18n.h"

namespace {

namespace fs = std::filesystem;
using ws::i18n::Catalog;
using ws::i18n::KeyUse;
using Strings = std::vector<std::pair<std::string, std::string>>;

void write_catalog(const fs::path& path, const std::string& code, const std::string& name,
                   const Strings& strings) {
  nlohmann::ordered_json j;
  j["language"] = code;
  j["name"] = name;
  j["strings"] = nlohmann::ordered_json::object();
  for (const auto& [key, value] : strings) j["strings"][key] = value;
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << j.dump(1, '\t', false) << "\n";
}

// A home: the shared catalog ("" ) or a scene's, with its folder.
struct Home {
  std::string scene;  // "" = shared
  fs::path folder;
  std::set<std::string> keys;
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: ws_i18n_catalog SOURCE_ROOT [--update]\n");
    return 2;
  }
  const fs::path root = argv[1];
  const bool update = argc > 2 && std::string(argv[2]) == "--update";
  std::vector<std::string> problems;

  // Where each key is used: the scene folders, and the rest of the app (bench/ aside).
  std::map<std::string, KeyUse> first_use;
  std::map<std::string, std::set<std::string>> scenes_using;
  std::set<std::string> app_keys, bench_keys;
  const auto scan = [&](const fs::path& dir) {
    auto keys = ws::i18n::scan_tree(dir.string(), problems);
    for (const auto& [key, use] : keys) first_use.emplace(key, use);
    return keys;
  };
  for (const auto& [key, use] : scan(root / "app")) app_keys.insert(key);
  for (const auto& [key, use] : scan(root / "bench")) bench_keys.insert(key);
  std::map<std::string, Home> homes;  // by scene id, "" = shared
  homes[""] = {"", root / "assets" / "i18n", {}};
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(root / "app" / "scenes", ec)) {
    if (!entry.is_directory()) continue;
    const std::string scene = entry.path().filename().string();
    homes[scene] = {scene, entry.path() / "i18n", {}};
    std::vector<std::string> ignored;
    for (const auto& [key, use] : ws::i18n::scan_tree(entry.path().string(), ignored))
      scenes_using[key].insert(scene);
  }
  // The keys of the app's shared code: app/ outside the scene folders (registry.cpp included).
  std::set<std::string> shared_code_keys;
  {
    std::vector<std::string> ignored;
    for (const auto& entry : fs::recursive_directory_iterator(root / "app")) {
      if (!entry.is_regular_file()) continue;
      const std::string rel = fs::relative(entry.path(), root / "app").generic_string();
      if (rel.rfind("scenes/", 0) == 0 && rel.find('/', 7) != std::string::npos) continue;
      const std::string ext = entry.path().extension().string();
      if (ext != ".cpp" && ext != ".h" && ext != ".cu" && ext != ".cuh") continue;
      const std::string name = entry.path().filename().string();
      if (entry.path().parent_path().filename() == "i18n" &&
          (name.rfind("catalog_", 0) == 0 || name.rfind("i18n.", 0) == 0))
        continue;  // the translation code and the scanner spell the calls in comments
      std::ifstream in(entry.path(), std::ios::binary);
      std::stringstream text;
      text << in.rdbuf();
      std::map<std::string, KeyUse> keys;
      ws::i18n::scan_keys(text.str(), rel, keys, ignored);
      for (const auto& [key, use] : keys) shared_code_keys.insert(key);
    }
  }
  std::set<std::string> all_keys = app_keys;
  all_keys.insert(bench_keys.begin(), bench_keys.end());
  for (const std::string& key : all_keys) {
    const auto it = scenes_using.find(key);
    const bool one_scene = it != scenes_using.end() && it->second.size() == 1;
    homes[one_scene && !shared_code_keys.count(key) ? *it->second.begin() : ""].keys.insert(key);
  }
  for (const std::string& p : problems) std::cerr << p << "\n";

  // Every language's translations, from every catalog there is (a key's translation follows it
  // to its home on --update).
  bool ok = problems.empty();
  std::map<std::string, std::map<std::string, std::string>> translations;  // code -> key -> text
  std::map<std::string, std::string> language_names;
  std::map<std::string, std::map<std::string, Strings>> present;  // home -> code -> strings
  for (auto& [id, home] : homes) {
    for (const auto& entry : fs::directory_iterator(home.folder, ec)) {
      if (entry.path().extension() != ".json") continue;
      const std::string code = entry.path().stem().string();
      try {
        const Catalog catalog = ws::i18n::load_catalog(entry.path().string());
        present[id][code] = catalog.strings;
        if (!catalog.name.empty()) language_names[code] = catalog.name;
        for (const auto& [key, value] : catalog.strings)
          if (!value.empty()) translations[code][key] = value;
      } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        ok = false;
      }
    }
  }
  language_names.emplace("en", "English");
  for (const auto& [code, name] : language_names) translations[code];  // every language known

  for (auto& [id, home] : homes) {
    const std::string where = id.empty() ? "assets/i18n/" : "app/scenes/" + id + "/i18n/";
    if (home.keys.empty() && !present.count(id)) continue;  // a scene without text of its own
    for (const auto& [code, texts] : translations) {
      const std::string file = where + code + ".json";
      Strings strings;
      if (code == "en") {
        for (const std::string& k : home.keys) strings.emplace_back(k, k);  // the list of keys
      } else {
        for (const std::string& k : home.keys) {
          const auto t = texts.find(k);
          strings.emplace_back(k, t == texts.end() ? "" : t->second);
        }
      }
      if (update) {
        if (home.keys.empty())
          fs::remove(home.folder / (code + ".json"));
        else
          write_catalog(home.folder / (code + ".json"), code, language_names[code], strings);
        if (home.keys.empty() && fs::is_empty(home.folder, ec)) fs::remove(home.folder, ec);
        if (code == "en") continue;
      }
      const Strings& have = update ? strings : present[id][code];
      if (!update && !present[id].count(code)) {
        std::cerr << file << " is missing (" << home.keys.size()
                  << " keys live here): run ws_i18n_catalog --update\n";
        ok = false;
        continue;
      }
      const auto check = ws::i18n::check_catalog(home.keys, have);
      if (code == "en") {
        for (const auto& k : check.missing)
          std::cerr << file << " lacks \"" << k << "\" (" << first_use.at(k).file << ":"
                    << first_use.at(k).line << "): run ws_i18n_catalog --update\n";
        for (const auto& k : check.stale)
          std::cerr << file << " has \"" << k << "\", which no source uses here\n";
        ok = ok && check.missing.empty() && check.stale.empty();
        continue;
      }
      for (const auto& k : check.missing)
        std::cerr << file << " has no translation of \"" << k << "\" (" << first_use.at(k).file
                  << ":" << first_use.at(k).line << ")\n";
      for (const auto& k : check.stale)
        std::cerr << file << " translates \"" << k << "\", which no source uses here\n";
      for (const auto& k : check.mismatched)
        std::cerr << file << ": the placeholders of \"" << k
                  << "\" or printf conversions (%d) differ from its translation's\n";
      if (!check.ok()) {
        std::cerr << file << ": " << check.missing.size() << " missing, " << check.stale.size()
                  << " stale, " << check.mismatched.size() << " with other placeholders\n";
        ok = false;
      }
    }
  }
  size_t scene_keys = 0;
  for (const auto& [id, home] : homes)
    if (!id.empty()) scene_keys += home.keys.size();
  std::cerr << all_keys.size() << " keys in the sources, " << scene_keys
            << " of them in scene catalogs\n";
  return ok ? 0 : 1;
}
