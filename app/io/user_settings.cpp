#include "io/user_settings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "io/json_file.h"
#include "shell/window.h"
#include "shell/page.h"

namespace ws::app {

void UserSettings::add_recent(const std::string& path) {
  std::error_code error;
  std::string absolute = std::filesystem::absolute(path, error).lexically_normal().string();
  if (error) absolute = path;
  recent_files.erase(std::remove(recent_files.begin(), recent_files.end(), absolute),
                     recent_files.end());
  recent_files.insert(recent_files.begin(), absolute);
  if (recent_files.size() > kMaxRecent) recent_files.resize(kMaxRecent);
}

std::string settings_path() {
  return gfx::config_path("settings.json");
}

UserSettings load_user_settings(const std::string& path) {
  UserSettings s;
  const std::string file = path.empty() ? settings_path() : path;
  if (file.empty()) return s;
  std::ifstream in(file, std::ios::binary);
  if (!in) return s;
  try {
    const nlohmann::json j = nlohmann::json::parse(in);
    i18n::Language language;
    if (j.contains("language") && j["language"].is_string() &&
        i18n::parse_language(j["language"].get<std::string>(), language))
      s.language = language;
    if (j.contains("recent_files") && j["recent_files"].is_array())
      for (const auto& f : j["recent_files"])
        if (f.is_string() && s.recent_files.size() < UserSettings::kMaxRecent)
          s.recent_files.push_back(f.get<std::string>());
  } catch (const nlohmann::json::exception&) {
    return UserSettings{};  // a damaged file: start afresh
  }
  return s;
}

bool save_user_settings(const UserSettings& settings, const std::string& path) {
  const std::string file = path.empty() ? settings_path() : path;
  if (file.empty()) return false;
  nlohmann::json j;
  if (settings.language) j["language"] = i18n::language_code(*settings.language);
  j["recent_files"] = settings.recent_files;
  try {
    write_file_atomically(file, j.dump(2) + "\n");
    gfx::page::persist_settings();  // the browser: kept across reloads
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

}  // namespace ws::app
