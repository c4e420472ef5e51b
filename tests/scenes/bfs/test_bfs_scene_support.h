// Helpers of the BFS scene's tests: a scene attached on the CPU backend, a refused edit's message,
// the figure as SVG, the executable, and an independent BFS over edges read by a plain reader.
#pragma once

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <queue>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "render/figure.h"
#include "scenes/bfs/bfs_scene.h"
#include "scenes/bfs/graph/bfs_graph_mode.h"
#include "test_paths.h"

namespace ws::app::bfs_test {

inline std::unique_ptr<BfsScene> attached(const nlohmann::json& params) {
  static SceneContext context;  // CPU backend: the same on every machine
  auto scene = std::make_unique<BfsScene>();
  scene->params_from_json(params);
  scene->attach(context);
  return scene;
}

inline BfsGraphMode& graph_mode(BfsScene& scene) {
  return *scene.find_mode<BfsGraphMode>("graph");
}

// The graph the graph mode searched (null before attach).
inline const graph::Graph* shown_graph(BfsScene& scene) {
  return graph_mode(scene).state().run.graph.get();
}

inline std::string error_of(Scene& scene, const nlohmann::json& params) {
  try {
    scene.params_from_json(params);
    scene.reset();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

inline std::string out_dir() {
  const std::string dir = std::string(WS_APP_OUT_DIR) + "/bfs_scene";
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string svg_of(const Scene& scene, int width = 1280, int height = 800) {
  gfx::FigureOptions options;
  options.width = width;
  options.height = height;
  return gfx::render_figure_svg([&](gfx::Canvas& c) { scene.draw(c, gfx::Theme::Light); }, options);
}

struct CliResult {
  int code = -1;
  std::string err;
};

inline CliResult run_cli(const std::string& args) {
  static int calls = 0;
  const std::string err =
      out_dir() + "/stderr_" + std::to_string(getpid()) + "_" + std::to_string(++calls) + ".txt";
  const int status = std::system(
      (std::string(WS_WARPSCOPE_EXE) + " " + args + " --backend cpu 2>" + err + " >/dev/null")
          .c_str());
  std::ifstream in(err);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, text};
}

inline nlohmann::json read_json(const std::string& path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

// Undirected edges of a Matrix Market pattern file, read the plain way: '%' lines skipped, the
// size line, then 1-based "i j" pairs (both directions, loops dropped).
inline std::vector<std::set<int>> mtx_adjacency(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::vector<std::set<int>> adj;
  bool header = false;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '%') continue;
    std::istringstream ls(line);
    if (!header) {
      int rows = 0;
      ls >> rows;
      adj.resize(size_t(rows));
      header = true;
      continue;
    }
    int i = 0, j = 0;
    ls >> i >> j;
    if (i == j) continue;
    adj[size_t(i - 1)].insert(j - 1);
    adj[size_t(j - 1)].insert(i - 1);
  }
  return adj;
}

// Hops from `source` by a queue BFS over an adjacency list, -1 when unreachable.
inline std::vector<int> queue_bfs(const std::vector<std::set<int>>& adj, int source) {
  std::vector<int> level(adj.size(), -1);
  std::queue<int> q;
  level[size_t(source)] = 0;
  q.push(source);
  while (!q.empty()) {
    const int u = q.front();
    q.pop();
    for (int v : adj[size_t(u)])
      if (level[size_t(v)] < 0) {
        level[size_t(v)] = level[size_t(u)] + 1;
        q.push(v);
      }
  }
  return level;
}

inline std::string graphs_dir() {
  return WS_TEST_GRAPHS_DIR;
}

}  // namespace ws::app::bfs_test
