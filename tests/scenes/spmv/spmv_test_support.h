// What the SpMV scene's tests share (scene_test_support.h for the SpMV scene): a scene attached on
// the CPU backend, the message an edit is refused with, the command line, the run document.
#pragma once

#include <memory>
#include <string>

#include "scenes/scene_test_support.h"
#include "scenes/spmv/spmv_scene.h"
#include "test_paths.h"

namespace ws::app::spmv_test {

inline std::unique_ptr<SpmvScene> attached(const nlohmann::json& params) {
  return test::attached<SpmvScene>(params);
}
inline std::string error_of(const nlohmann::json& params) {
  return test::error_of<SpmvScene>(params);
}
inline std::string out_dir() {
  return test::out_dir("spmv");
}
// The run document of a scene attached with `params`.
inline nlohmann::json run_of(const nlohmann::json& params) {
  return attached(params)->results_json();
}
inline std::string shipped(const std::string& file) {
  return std::string(WS_TEST_GRAPHS_DIR) + "/" + file;
}
using test::contains;
using test::read_json;
using test::run_cli;

}  // namespace ws::app::spmv_test
