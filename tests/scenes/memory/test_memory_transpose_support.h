// What the memory scene's transpose and matmul tests share (scene_test_support.h for the memory
// scene, writing into their own folder): a scene attached on the CPU backend, the message an edit
// is refused with, the command line and the files it writes.
#pragma once

#include <memory>
#include <string>

#include "scenes/memory/memory_scene.h"
#include "scenes/scene_test_support.h"

namespace ws::app::matrix_test {

inline std::unique_ptr<MemoryScene> attached(const nlohmann::json& params) {
  return test::attached<MemoryScene>(params);
}
inline std::string error_of(const nlohmann::json& params) {
  return test::error_of<MemoryScene>(params);
}
inline std::string out_dir() {
  return test::out_dir("matrix");
}
using test::contains;
using test::read_text;
using test::run_cli;

}  // namespace ws::app::matrix_test
