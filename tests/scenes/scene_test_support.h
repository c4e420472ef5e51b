// What the scenes' own tests share (tests/scenes/<scene>/): a scene attached on the CPU backend,
// the message an edit is refused with, the texts and hovers of its figure, the command line and
// the files it writes. Each scene's
// support header names these for its scene (merge_test::attached, conv_test::out_dir, ...).
#pragma once

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "render/recording_canvas.h"
#include "scene_kit/scene.h"
#include "test_paths.h"

namespace ws::test {

// The CPU backend: the same figures and numbers on every machine.
inline app::SceneContext& cpu_context() {
  static app::SceneContext context;
  return context;
}

template <class SceneType>
std::unique_ptr<SceneType> attached(const nlohmann::json& params) {
  auto scene = std::make_unique<SceneType>();
  scene->params_from_json(params);
  scene->attach(cpu_context());
  return scene;
}

// The message a fresh scene refuses `params` with ("" when accepted).
template <class SceneType>
std::string error_of(const nlohmann::json& params) {
  try {
    attached<SceneType>(params);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

// Every text the scene's figure draws on a canvas of `size` (light theme).
inline std::set<std::string> figure_texts(const app::Scene& scene, gfx::Vec2 size = {1280, 720}) {
  gfx::RecordingCanvas canvas(size);
  scene.draw(canvas, gfx::Theme::Light);
  std::set<std::string> texts;
  for (const gfx::TextBox& t : canvas.texts()) texts.insert(t.text);
  return texts;
}

// Every hover text over a figure of `size`, at points `step` apart from (first, first); the
// figure is drawn first, since describe_at reads the last draw's layout.
inline std::set<std::string> hover_texts(const app::Scene& scene, float step = 5,
                                         gfx::Vec2 size = {1280, 720}, float first = 2) {
  gfx::RecordingCanvas canvas(size);
  scene.draw(canvas, gfx::Theme::Light);
  std::set<std::string> texts;
  for (float y = first; y < size.y; y += step)
    for (float x = first; x < size.x; x += step) texts.insert(scene.describe_at({x, y}));
  return texts;
}

inline bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// `name` inside the scene's output folder (WS_APP_OUT_DIR), created.
inline std::string out_dir(const std::string& name) {
  const std::string dir = std::string(WS_APP_OUT_DIR) + "/" + name;
  std::filesystem::create_directories(dir);
  return dir;
}

// The warpscope executable with `args` (stderr dropped); its exit code, -1 when it did not exit.
inline int run_cli(const std::string& args) {
  const std::string command = std::string(WS_WARPSCOPE_EXE) + " " + args + " 2>/dev/null";
  const int status = std::system(command.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline std::string read_text(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline nlohmann::json read_json(const std::string& path) {
  return nlohmann::json::parse(read_text(path));
}

}  // namespace ws::test
