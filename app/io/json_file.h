// Reading a JSON file the user named (session, figure script, bench results): one place that turns
// a missing file or bad JSON into a message naming the file and what it was meant to be.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace ws::app {

// `what` names the file's role in messages, e.g. "session", "figure script".
nlohmann::json read_json_file(const std::string& path, const std::string& what);

}  // namespace ws::app
