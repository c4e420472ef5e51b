#include "json_file.h"

#include <cstdio>
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

void write_file_atomically(const std::string& path, const std::string& data) {
  const std::string temp = path + ".partial";
  {
    std::ofstream out(temp, std::ios::binary);
    WS_REQUIRE(out.good(), "cannot write '" + path + "' (does its folder exist?)");
    out << data;
    out.close();
    if (out.fail()) {
      std::remove(temp.c_str());
      throw Error("writing '" + path + "' failed (disk full?)");
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::remove(temp.c_str());
    throw Error("cannot move the output into place at '" + path + "'");
  }
}

}  // namespace ws::app
