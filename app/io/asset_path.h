// Where a file name the user typed is read from: the path as written, or, for a bare file name not
// found in the working folder, the shipped sample of that name in assets/ or assets/graphs/ (so
// "camera.png" and "karate.mtx" work from any folder).
#pragma once

#include <string>

namespace ws::app {

// `path` when it exists or names a folder; else assets/<name> or assets/graphs/<name> when that
// exists; else `path` unchanged (so the caller's "not found" message names what the user typed).
std::string resolve_asset_path(const std::string& path);

// True when `path` is a bare file name (no folder part), the kind resolve_asset_path also looks up
// in assets/.
bool is_bare_file_name(const std::string& path);

}  // namespace ws::app
