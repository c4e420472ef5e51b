#include "json_params.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

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

std::vector<int> json_dims(const nlohmann::json& params, const char* key) {
  const std::string text = json_string(params, key);
  std::vector<int> dims;
  size_t at = 0;
  while (at <= text.size()) {
    const size_t x = text.find('x', at);
    const std::string part = text.substr(at, x == std::string::npos ? std::string::npos : x - at);
    char* end = nullptr;
    const long v = std::strtol(part.c_str(), &end, 10);
    WS_REQUIRE(!part.empty() && *end == '\0' && v >= 1 && v <= 1000000,
               std::string("--") + key +
                   " expects N, NxN or NxNxN (e.g. 512x512 or 128x128x128), got '" + text + "'");
    dims.push_back(static_cast<int>(v));
    if (x == std::string::npos) break;
    at = x + 1;
  }
  WS_REQUIRE(dims.size() <= 3,
             std::string("--") + key + " has at most three numbers, got '" + text + "'");
  return dims;
}

std::vector<std::array<int, 3>> json_points(const nlohmann::json& params, const char* key,
                                            size_t max_points) {
  const std::string option = std::string("--") + key;
  std::vector<std::array<int, 3>> points;
  std::stringstream all(json_string(params, key));
  std::string item;
  while (std::getline(all, item, ';')) {
    if (item.find_first_not_of(' ') == std::string::npos) continue;
    std::array<int, 3> c = {0, 0, 0};
    char tail = 0;
    int read = std::sscanf(item.c_str(), " %d , %d , %d %c", &c[0], &c[1], &c[2], &tail);
    if (read < 3) {
      c[2] = 0;
      read = std::sscanf(item.c_str(), " %d , %d %c", &c[0], &c[1], &tail);
      WS_REQUIRE(read == 2,
                 option + " expects x,y or x,y,z cells separated by ';', got '" + item + "'");
    } else {
      WS_REQUIRE(read == 3, option + ": cannot read '" + item + "'");
    }
    WS_REQUIRE(c[0] >= 0 && c[1] >= 0 && c[2] >= 0,
               option + ": cell coordinates start at 0, got '" + item + "'");
    points.push_back(c);
  }
  WS_REQUIRE(points.size() <= max_points,
             option + ": at most " + std::to_string(max_points) + " " + key);
  return points;
}

std::pair<double, double> json_range(const nlohmann::json& params, const char* key) {
  const std::string t = json_string(params, key);
  double lo = 0, hi = 0;
  char tail = 0;
  WS_REQUIRE(std::sscanf(t.c_str(), " %lf , %lf %c", &lo, &hi, &tail) == 2 && std::isfinite(lo) &&
                 std::isfinite(hi) && lo < hi,
             std::string("--") + key + " expects LO,HI with LO < HI (e.g. 0,1), got '" + t + "'");
  return {lo, hi};
}

double shortest_decimal(float v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.7g", v);
  return std::strtod(text, nullptr);
}

ParamReader::ParamReader(const nlohmann::json& params, std::string scene)
    : params_(params), scene_(std::move(scene)) {
  WS_REQUIRE(params_.is_object(), std::string("scene parameters must be a JSON object"));
}

std::optional<int64_t> ParamReader::integer(const char* key, int64_t min, int64_t max) {
  known_.insert(key);
  if (!has(key)) return std::nullopt;
  return json_int(params_, key, min, max);
}

std::optional<double> ParamReader::number(const char* key, double min, double max) {
  known_.insert(key);
  if (!has(key)) return std::nullopt;
  return json_double(params_, key, min, max);
}

std::optional<std::string> ParamReader::text(const char* key) {
  known_.insert(key);
  if (!has(key)) return std::nullopt;
  return json_string(params_, key);
}

std::optional<bool> ParamReader::flag(const char* key) {
  known_.insert(key);
  if (!has(key)) return std::nullopt;
  return json_bool(params_, key);
}

std::optional<std::vector<int>> ParamReader::dims(const char* key) {
  known_.insert(key);
  if (!has(key)) return std::nullopt;
  return json_dims(params_, key);
}

std::optional<std::vector<std::array<int, 3>>> ParamReader::points(const char* key,
                                                                   size_t max_points) {
  known_.insert(key);
  if (!has(key)) return std::nullopt;
  return json_points(params_, key, max_points);
}

std::optional<std::pair<double, double>> ParamReader::range(const char* key) {
  known_.insert(key);
  if (!has(key)) return std::nullopt;
  return json_range(params_, key);
}

const nlohmann::json* ParamReader::value(const char* key) {
  known_.insert(key);
  return has(key) ? &params_.at(key) : nullptr;
}

void ParamReader::take(const std::set<std::string>& keys) {
  known_.insert(keys.begin(), keys.end());
}

void ParamReader::finish() const {
  reject_unknown_keys(params_, known_, scene_.c_str());
}

}  // namespace ws::app
