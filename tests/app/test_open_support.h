// What the tests of opening files share: a folder of test files, a host of the registered scenes
// (what GuiApp gives the router, without a window), and small writers.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "common/backend.h"
#include "io/decoded_files.h"
#include "scenes/registry.h"
#include "scene_kit/scene.h"
#include "test_paths.h"
#include "ui/file_router.h"

namespace ws::app::open_test {

inline std::string out_dir() {
  const std::string dir = WS_APP_OUT_DIR;
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string asset(const std::string& name) {
  return std::string(WS_SOURCE_ROOT) + "/assets/" + name;
}

inline std::string write_file(const std::string& name, const std::string& bytes) {
  const std::string path = out_dir() + "/" + name;
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The registered scenes on the CPU backend, one shown (attached) at a time, as in the window.
class TestHost {
 public:
  explicit TestHost(const std::string& first = "") : scenes_(make_scenes()) {
    context_.backend = Backend::Cpu;
    for (auto& s : scenes_) host_.scenes.push_back(s.get());
    host_.current = [this]() -> Scene& { return *shown_; };
    host_.show = [this](Scene& scene) {
      shown_->detach();
      shown_ = &scene;
      shown_->attach(context_);
    };
    host_.apply_session = [this](const Session& s) {
      Scene& target = scene(s.scene);
      if (&target != shown_) host_.show(target);
      const nlohmann::json before = target.params_to_json();
      try {
        target.params_from_json(s.params);
        target.reset();
      } catch (...) {
        target.params_from_json(before);
        target.reset();
        throw;
      }
      target.seek(s.step);
    };
    shown_ = first.empty() ? scenes_.front().get() : &scene(first);
    shown_->attach(context_);
  }
  ~TestHost() { shown_->detach(); }

  SceneHost& host() { return host_; }
  Scene& current() { return *shown_; }
  Scene& scene(const std::string& id) {
    for (auto& s : scenes_)
      if (s->id() == id) return *s;
    throw std::runtime_error("no scene " + id);
  }

 private:
  std::vector<std::unique_ptr<Scene>> scenes_;
  SceneContext context_;
  SceneHost host_;
  Scene* shown_ = nullptr;
};

// Writes an edge list of `edges` edges over `vertices` vertices (a fixed pseudo-random graph).
inline std::string write_edge_list(const std::string& name, int64_t vertices, int64_t edges) {
  std::string text;
  text.reserve(size_t(edges) * 14);
  uint64_t x = 88172645463325252ull;
  for (int64_t e = 0; e < edges; ++e) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const int64_t u = int64_t(x % uint64_t(vertices));
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const int64_t v = int64_t(x % uint64_t(vertices));
    text += std::to_string(u) + " " + std::to_string(v) + "\n";
  }
  return write_file(name, text);
}

}  // namespace ws::app::open_test
