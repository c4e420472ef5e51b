// A change made in a scene's panel, applied the way a session or the command line applies it:
// through params_from_json and reset, so the panels give the same checks and messages. On an error
// the scene goes back to what it showed and the message is kept for the panel to show.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "scenes/scene.h"

namespace ws::app {

// Applies `change` and resets; `error` is cleared, or (the scene restored) says what was wrong.
void apply_panel_edit(Scene& scene, std::string& error, const nlohmann::json& change);
// `error` in red, wrapped; nothing when it is empty.
void panel_error_line(const std::string& error);

}  // namespace ws::app
