// Sessions: the scene, its parameters (variant, input, seed...), the step and the view, saved as
// JSON so a lesson or a figure can be reopened exactly.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "i18n/i18n.h"
#include "render/palette.h"

namespace ws::app {

struct Session {
  std::string scene;  // a registered scene id (always written; required when read)
  nlohmann::json params = nlohmann::json::object();
  int step = 0;  // 0-based
  gfx::Theme theme = gfx::Theme::Light;
  float font_size = 18;
  std::optional<i18n::Language> language;  // none: the session does not choose one
  bool lecture = false;                    // lecture mode (view.lecture; written when on)
};

nlohmann::json session_to_json(const Session& s);
// Throws ws::Error naming what is missing or malformed.
Session session_from_json(const nlohmann::json& j);
void save_session(const Session& s, const std::string& path);
Session load_session(const std::string& path);

}  // namespace ws::app
