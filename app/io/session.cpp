#include "session.h"

#include <fstream>

#include "common/error.h"
#include "json_file.h"

namespace ws::app {

constexpr int kSessionVersion = 1;

nlohmann::json session_to_json(const Session& s) {
  nlohmann::json j = {{"warpscope_session", kSessionVersion},
                      {"scene", s.scene},
                      {"params", s.params},
                      {"step", s.step},
                      {"view", {{"theme", gfx::theme_name(s.theme)}, {"font_size", s.font_size}}}};
  if (s.language) j["view"]["language"] = i18n::language_code(*s.language);
  if (s.lecture) j["view"]["lecture"] = true;
  return j;
}

Session session_from_json(const nlohmann::json& j) {
  WS_REQUIRE(j.is_object() && j.contains("warpscope_session"),
             std::string("not a warpscope session (no \"warpscope_session\" key)"));
  WS_REQUIRE(j["warpscope_session"] == kSessionVersion,
             "session version " + j["warpscope_session"].dump() + " is not supported");
  Session s;
  try {
    s.scene = j.at("scene").get<std::string>();
    s.params = j.value("params", nlohmann::json::object());
    if (j.contains("step")) {
      WS_REQUIRE(j["step"].is_number_integer() && j["step"].get<int64_t>() >= 0 &&
                     j["step"].get<int64_t>() <= 1000000,
                 "session step must be a whole number from 0, got " + j["step"].dump());
      s.step = j["step"].get<int>();
    }
    if (j.contains("view")) {
      const auto& view = j["view"];
      WS_REQUIRE(gfx::parse_theme(view.value("theme", "light"), s.theme),
                 std::string("session view.theme must be light or dark"));
      s.font_size = view.value("font_size", 18.0f);
      if (view.contains("language")) {
        i18n::Language language;
        WS_REQUIRE(
            view["language"].is_string() &&
                i18n::parse_language(view["language"].get<std::string>(), language),
            "session view.language must be \"en\" or \"zh\", got " + view["language"].dump());
        s.language = language;
      }
      if (view.contains("lecture")) {
        WS_REQUIRE(view["lecture"].is_boolean(),
                   "session view.lecture must be true or false, got " + view["lecture"].dump());
        s.lecture = view["lecture"].get<bool>();
      }
    }
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("malformed session: ") + e.what());
  }
  WS_REQUIRE(s.params.is_object(), std::string("session params must be an object"));
  return s;
}

void save_session(const Session& s, const std::string& path) {
  write_file_atomically(path, session_to_json(s).dump(2) + "\n");
}

Session load_session(const std::string& path) {
  return session_from_json(read_json_file(path, "session"));
}

}  // namespace ws::app
