// Reading a JSON file the user named (session, figure script, bench results): one place that turns
// a missing file or bad JSON into a message naming the file and what it was meant to be; and
// writing an output file whole or not at all.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace ws::app {

// `what` names the file's role in messages, e.g. "session", "figure script".
nlohmann::json read_json_file(const std::string& path, const std::string& what);
// Writes `data` to `path` through a temporary file renamed into place, so a failed write never
// leaves a partial file; throws ws::Error naming the path.
void write_file_atomically(const std::string& path, const std::string& data);

}  // namespace ws::app
