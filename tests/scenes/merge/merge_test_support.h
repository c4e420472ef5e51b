// What the merge scene's tests share (scene_test_support.h for the merge scene): a scene attached
// on the CPU backend, the message an edit is refused with, the command line.
#pragma once

#include <memory>
#include <string>

#include "scenes/merge/merge_scene.h"
#include "scenes/scene_test_support.h"

namespace ws::app::merge_test {

inline std::unique_ptr<MergeScene> attached(const nlohmann::json& params) {
  return test::attached<MergeScene>(params);
}
inline std::string error_of(const nlohmann::json& params) {
  return test::error_of<MergeScene>(params);
}
inline std::string out_dir() {
  return test::out_dir("merge");
}
using test::contains;
using test::read_json;
using test::run_cli;

}  // namespace ws::app::merge_test
