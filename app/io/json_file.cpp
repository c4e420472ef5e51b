#include "json_file.h"

#include <fstream>

#include "common/error.h"

namespace ws::app {

nlohmann::json read_json_file(const std::string& path, const std::string& what) {
  std::ifstream in(path);
  WS_REQUIRE(in.good(), "cannot read the " + what + " '" + path + "'");
  try {
    nlohmann::json j;
    in >> j;
    return j;
  } catch (const std::exception& e) {
    throw Error("the " + what + " '" + path + "' is not valid JSON: " + e.what());
  }
}

}  // namespace ws::app
