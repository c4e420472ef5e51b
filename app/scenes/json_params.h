// Reading scene parameters from JSON that came from a session file, the UI or the command line
// (where every value arrives as a string): one set of checks with messages that name the key.
#pragma once

#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
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

}  // namespace ws::app
