#include "data_root.h"

#include <filesystem>
#include <cstdlib>
#include <system_error>

namespace ws::data {

namespace fs = std::filesystem;

namespace {

// "a/b/../c/" -> "a/c": the folder as it is shown in messages and `--version`.
std::string clean(const fs::path& folder) {
  fs::path p = folder.lexically_normal();
  if (p.filename().empty() && p.has_parent_path()) p = p.parent_path();
  return p.string();
}

bool holds_data(const fs::path& folder) {
  std::error_code ec;  // an unreadable folder counts as "not there", never as an exception
  return !folder.empty() && fs::is_directory(folder / "assets", ec);
}

}  // namespace

std::string binary_path() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string() : self.string();
}

DataRoot find_data_root(const std::string& binary, const char* env, const std::string& source) {
  if (!binary.empty()) {
    const fs::path installed = fs::path(binary).parent_path() / ".." / "share" / "warpscope";
    if (holds_data(installed)) return {clean(installed), "installed"};
  }
  if (env && *env && holds_data(env)) return {clean(env), "WARPSCOPE_DATA_DIR"};
  return {source, "source tree"};
}

const DataRoot& data_root() {
  static const DataRoot root =
      find_data_root(binary_path(), std::getenv("WARPSCOPE_DATA_DIR"), WARPSCOPE_SOURCE_ROOT);
  return root;
}

std::string data_path(const std::string& relative) {
  return data_root().path + "/" + relative;
}

}  // namespace ws::data
