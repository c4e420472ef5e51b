#include "asset_path.h"

#include <filesystem>
#include <system_error>

#include "data/data_root.h"

namespace ws::app {

bool is_bare_file_name(const std::string& path) {
  return !path.empty() && !std::filesystem::path(path).has_parent_path();
}

std::string resolve_asset_path(const std::string& path) {
  std::error_code ec;  // an unreadable folder counts as "not there", never as an exception
  if (std::filesystem::exists(path, ec) || !is_bare_file_name(path)) return path;
  const std::string root = data::data_path("assets/");
  for (const char* folder : {"", "graphs/"}) {
    const std::string shipped = root + folder + path;
    if (std::filesystem::exists(shipped, ec)) return shipped;
  }
  return path;
}

}  // namespace ws::app
