// ws_i18n_catalog SOURCE_ROOT [--update]
// Checks the translation files in SOURCE_ROOT/assets/i18n against the keys the sources under
// SOURCE_ROOT/app and SOURCE_ROOT/bench use: en.json must list exactly those keys, every other
// language must translate each of them (same placeholders). Exit status 1 with what is wrong.
// --update rewrites en.json from the sources and, in every other language, adds the missing keys
// with an empty text (still reported until translated) and drops the stale ones.
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "i18n/catalog_scan.h"
#include "i18n/i18n.h"

namespace {

using ws::i18n::Catalog;

void write_catalog(const std::string& path, const std::string& code, const std::string& name,
                   const std::vector<std::pair<std::string, std::string>>& strings) {
  nlohmann::ordered_json j;
  j["language"] = code;
  j["name"] = name;
  j["strings"] = nlohmann::ordered_json::object();
  for (const auto& [key, value] : strings) j["strings"][key] = value;
  std::ofstream out(path, std::ios::binary);
  out << j.dump(1, '\t', false) << "\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: ws_i18n_catalog SOURCE_ROOT [--update]\n");
    return 2;
  }
  const std::string root = argv[1];
  const bool update = argc > 2 && std::string(argv[2]) == "--update";
  std::vector<std::string> problems;
  // The app's text and the benchmarks' report titles (bench/, marked with TR_NOOP).
  auto uses = ws::i18n::scan_tree(root + "/app", problems);
  for (const auto& [key, use] : ws::i18n::scan_tree(root + "/bench", problems))
    uses.emplace(key, use);
  std::set<std::string> keys;
  for (const auto& [key, use] : uses) keys.insert(key);
  for (const std::string& p : problems) std::cerr << p << "\n";

  const std::string folder = root + "/assets/i18n";
  bool ok = problems.empty();
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() != ".json") continue;
    const std::string path = entry.path().string();
    const std::string code = entry.path().stem().string();
    Catalog catalog;
    try {
      catalog = ws::i18n::load_catalog(path);
    } catch (const std::exception& e) {
      std::cerr << e.what() << "\n";
      ok = false;
      continue;
    }
    if (code == "en") {
      // The English file is the list of keys: each maps to itself.
      std::vector<std::pair<std::string, std::string>> identity;
      for (const std::string& k : keys) identity.emplace_back(k, k);
      if (update) {
        write_catalog(path, "en", "English", identity);
        continue;
      }
      const auto check = ws::i18n::check_catalog(keys, catalog.strings);
      for (const auto& k : check.missing)
        std::cerr << "en.json lacks \"" << k << "\" (" << uses.at(k).file << ":" << uses.at(k).line
                  << "): run ws_i18n_catalog --update\n";
      for (const auto& k : check.stale)
        std::cerr << "en.json has \"" << k << "\", which no source uses\n";
      ok = ok && check.missing.empty() && check.stale.empty();
      continue;
    }
    if (update) {
      std::vector<std::pair<std::string, std::string>> kept;
      std::set<std::string> have;
      for (const auto& [k, v] : catalog.strings)
        if (keys.count(k)) kept.emplace_back(k, v), have.insert(k);
      for (const std::string& k : keys)
        if (!have.count(k)) kept.emplace_back(k, "");
      std::sort(kept.begin(), kept.end());
      write_catalog(path, catalog.code.empty() ? code : catalog.code, catalog.name, kept);
      catalog.strings = kept;
    }
    const auto check = ws::i18n::check_catalog(keys, catalog.strings);
    for (const auto& k : check.missing)
      std::cerr << code << ".json has no translation of \"" << k << "\" (" << uses.at(k).file << ":"
                << uses.at(k).line << ")\n";
    for (const auto& k : check.stale)
      std::cerr << code << ".json translates \"" << k << "\", which no source uses\n";
    for (const auto& k : check.mismatched)
      std::cerr << code << ".json: the placeholders of \"" << k
                << "\" or printf conversions (%d) differ from its translation's\n";
    if (!check.ok()) {
      std::cerr << code << ".json: " << check.missing.size() << " missing, " << check.stale.size()
                << " stale, " << check.mismatched.size() << " with other placeholders\n";
      ok = false;
    }
  }
  std::cerr << keys.size() << " keys in the sources\n";
  return ok ? 0 : 1;
}
