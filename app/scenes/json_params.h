// Reading scene parameters from JSON that came from a session file, the UI or the command line
// (where every value arrives as a string): one set of checks with messages that name the key.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace ws::app {

int64_t json_int(const nlohmann::json& params, const char* key, int64_t min, int64_t max);
// A finite number in [min, max] (strings parsed completely, as typed on the command line).
double json_double(const nlohmann::json& params, const char* key, double min, double max);
std::string json_string(const nlohmann::json& params, const char* key);
bool json_bool(const nlohmann::json& params, const char* key);
// Throws ws::Error naming the first key not in `known`.
void reject_unknown_keys(const nlohmann::json& params, const std::set<std::string>& known,
                         const char* scene);

}  // namespace ws::app
