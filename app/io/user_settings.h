// What the app remembers between runs, beside ImGui's layout: the language and the files opened
// last. Kept in $XDG_CONFIG_HOME/warpscope/settings.json (else ~/.config/warpscope/); a missing or
// unreadable file gives the defaults, and a failed save is not an error (the app runs on).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "i18n/i18n.h"

namespace ws::app {

struct UserSettings {
  std::optional<i18n::Language> language;  // none: follow the environment (LANG)
  std::vector<std::string> recent_files;   // newest first, at most kMaxRecent
  static constexpr size_t kMaxRecent = 12;

  // Puts `path` first (absolute), dropping an older entry of it and the oldest beyond kMaxRecent.
  void add_recent(const std::string& path);
};

// `path` "" means the default file (settings_path()).
UserSettings load_user_settings(const std::string& path = "");
bool save_user_settings(const UserSettings& settings, const std::string& path = "");
std::string settings_path();

}  // namespace ws::app
