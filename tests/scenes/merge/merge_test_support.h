// What the merge scene's tests share: a scene attached on the CPU backend, the message an edit is
// refused with, the command line, the book's example.
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "scenes/merge/merge_scene.h"

namespace ws::app::merge_test {

inline std::unique_ptr<MergeScene> attached(const nlohmann::json& params) {
  auto scene = std::make_unique<MergeScene>();
  scene->params_from_json(params);
  static SceneContext context;  // CPU backend: the same on every machine
  scene->attach(context);
  return scene;
}

// The message a fresh scene refuses `params` with ("" when accepted).
inline std::string error_of(const nlohmann::json& params) {
  try {
    attached(params);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

inline std::string out_dir() {
  const std::string dir = std::string(WS_APP_OUT_DIR) + "/merge";
  std::filesystem::create_directories(dir);
  return dir;
}

inline int run_cli(const std::string& args) {
  const std::string command = std::string(WS_WARPSCOPE_EXE) + " " + args + " 2>/dev/null";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(
      std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
}

}  // namespace ws::app::merge_test
