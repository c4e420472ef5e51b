#include "json_params.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "common/error.h"

namespace ws::app {

namespace {

std::string format_number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

}  // namespace

int64_t json_int(const nlohmann::json& params, const char* key, int64_t min, int64_t max) {
  const nlohmann::json& v = params.at(key);
  int64_t value = 0;
  if (v.is_number_integer()) {
    value = v.get<int64_t>();
  } else if (v.is_string()) {
    const std::string s = v.get<std::string>();
    char* end = nullptr;
    errno = 0;
    const long long parsed = std::strtoll(s.c_str(), &end, 10);
    WS_REQUIRE(!s.empty() && end && *end == '\0' && errno == 0,
               std::string("--") + key + " expects a whole number, got '" + s + "'");
    value = parsed;
  } else {
    throw Error(std::string("--") + key + " expects a whole number, got " + v.dump());
  }
  WS_REQUIRE(value >= min && value <= max, std::string("--") + key + " must be between " +
                                               std::to_string(min) + " and " + std::to_string(max) +
                                               ", got " + std::to_string(value));
  return value;
}

double json_double(const nlohmann::json& params, const char* key, double min, double max) {
  const nlohmann::json& v = params.at(key);
  double value = 0;
  if (v.is_number()) {
    value = v.get<double>();
  } else if (v.is_string()) {
    const std::string s = v.get<std::string>();
    char* end = nullptr;
    errno = 0;
    value = std::strtod(s.c_str(), &end);
    WS_REQUIRE(!s.empty() && end && *end == '\0' && errno == 0,
               std::string("--") + key + " expects a number, got '" + s + "'");
  } else {
    throw Error(std::string("--") + key + " expects a number, got " + v.dump());
  }
  WS_REQUIRE(std::isfinite(value) && value >= min && value <= max,
             std::string("--") + key + " must be between " + format_number(min) + " and " +
                 format_number(max) + ", got " + format_number(value));
  return value;
}

std::string json_string(const nlohmann::json& params, const char* key) {
  const nlohmann::json& v = params.at(key);
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number()) return v.dump();
  throw Error(std::string("--") + key + " expects text, got " + v.dump());
}

bool json_bool(const nlohmann::json& params, const char* key) {
  const nlohmann::json& v = params.at(key);
  if (v.is_boolean()) return v.get<bool>();
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s == "true" || s == "1" || s == "on" || s.empty()) return true;
    if (s == "false" || s == "0" || s == "off") return false;
  }
  throw Error(std::string("--") + key + " expects true or false, got " + v.dump());
}

void reject_unknown_keys(const nlohmann::json& params, const std::set<std::string>& known,
                         const char* scene) {
  WS_REQUIRE(params.is_object(), std::string("scene parameters must be a JSON object"));
  for (const auto& item : params.items()) {
    if (known.count(item.key())) continue;
    std::string list;
    for (const std::string& k : known) list += (list.empty() ? "--" : ", --") + k;
    throw Error("unknown option --" + item.key() + " for scene " + scene + " (options: " + list +
                ")");
  }
}

}  // namespace ws::app
