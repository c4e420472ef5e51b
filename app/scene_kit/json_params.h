// Reading scene parameters from JSON that came from a session file, the UI or the command line
// (where every value arrives as a string): one set of checks with messages that name the key, and
// ParamReader, through which a scene's parse reads each of its keys once (as mitsuba's property
// bags do): a key of the edit that no reader asked for is an error naming it.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ws::app {

int64_t json_int(const nlohmann::json& params, const char* key, int64_t min, int64_t max);
// A finite number in [min, max] (strings parsed completely, as typed on the command line).
double json_double(const nlohmann::json& params, const char* key, double min, double max);
std::string json_string(const nlohmann::json& params, const char* key);
bool json_bool(const nlohmann::json& params, const char* key);
// A size "N" (square or cube), "NxM" or "NxMxK": one to three whole numbers from 1.
std::vector<int> json_dims(const nlohmann::json& params, const char* key);
// Points "x,y[,z];x,y[,z]" (z = 0 when left out), coordinates from 0, at most `max_points`.
std::vector<std::array<int, 3>> json_points(const nlohmann::json& params, const char* key,
                                            size_t max_points);
// "LO,HI" with LO < HI, both finite.
std::pair<double, double> json_range(const nlohmann::json& params, const char* key);
// A float as the shortest decimal that reads back to it (0.2f is 0.2, not 0.20000000298...).
double shortest_decimal(float v);
// Throws ws::Error naming the first key not in `known`.
void reject_unknown_keys(const nlohmann::json& params, const std::set<std::string>& known,
                         const char* scene);

// One edit of a scene's parameters, read key by key. Each reader names a key the scene takes and
// returns its value when the edit has it (nullopt when not), with the messages of json_int & co.;
// finish() then rejects the first key no reader named, listing those that were (as
// reject_unknown_keys does).
class ParamReader {
 public:
  // `params` must be a JSON object; `scene` names the scene in the unknown-key message.
  ParamReader(const nlohmann::json& params, std::string scene);

  // Whether the edit has `key` (asking does not read it).
  bool has(const char* key) const { return params_.contains(key); }
  std::optional<int64_t> integer(const char* key, int64_t min, int64_t max);
  std::optional<double> number(const char* key, double min, double max);
  std::optional<std::string> text(const char* key);
  std::optional<bool> flag(const char* key);
  std::optional<std::vector<int>> dims(const char* key);
  std::optional<std::vector<std::array<int, 3>>> points(const char* key, size_t max_points);
  std::optional<std::pair<double, double>> range(const char* key);
  // The raw value, for a parser of the scene's own (null when absent); the key counts as read.
  const nlohmann::json* value(const char* key);
  // Keys a shared parser reads from json() by itself (an InputSource's), counted as read.
  void take(const std::set<std::string>& keys);
  const nlohmann::json& json() const { return params_; }
  // The keys named so far (read or asked for).
  const std::set<std::string>& known() const { return known_; }
  // Throws ws::Error for the first key of the edit that no reader named.
  void finish() const;

 private:
  const nlohmann::json& params_;
  std::string scene_;
  std::set<std::string> known_;
};

}  // namespace ws::app
