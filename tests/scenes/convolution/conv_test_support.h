// What the convolution scene's tests share: a scene attached on the CPU backend, the message an
// edit is refused with, the command line.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <sys/wait.h>

#include "scenes/convolution/conv_scene.h"

namespace ws::app::conv_test {

inline std::unique_ptr<ConvScene> attached(const nlohmann::json& params) {
  auto scene = std::make_unique<ConvScene>();
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

inline std::string out_dir() {
  const std::string dir = std::string(WS_APP_OUT_DIR) + "/conv";
  std::filesystem::create_directories(dir);
  return dir;
}

inline int run_cli(const std::string& args) {
  const std::string command = std::string(WS_WARPSCOPE_EXE) + " " + args + " 2>/dev/null";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace ws::app::conv_test
