// What the convolution scene's tests share (scene_test_support.h for the convolution scene): a
// scene attached on the CPU backend, the message an edit is refused with, the command line.
#pragma once

#include <memory>
#include <string>

#include "scenes/convolution/conv_scene.h"
#include "scenes/scene_test_support.h"

namespace ws::app::conv_test {

inline std::unique_ptr<ConvScene> attached(const nlohmann::json& params) {
  return test::attached<ConvScene>(params);
}
inline std::string error_of(const nlohmann::json& params) {
  return test::error_of<ConvScene>(params);
}
inline std::string out_dir() {
  return test::out_dir("conv");
}
using test::run_cli;

}  // namespace ws::app::conv_test
