// Helpers for the graph loader tests (test_graph_cpu_load*.cpp): parsing with options, expecting
// a ws::Error whose message names the file and line, the edge multiset of a CSR, temporary
// files, and where the sample graphs are.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "common/error.h"
#include "graph/graph.h"
#include "test_paths.h"

namespace ws::graph::test {

// (u, v, weight or 0) for every stored edge, sorted.
using EdgeSet = std::vector<std::tuple<int64_t, int64_t, float>>;

inline EdgeSet edge_set(const Graph& g, bool by_original_id = false) {
  EdgeSet out;
  auto id = [&](int32_t v) {
    return by_original_id && !g.original_ids.empty() ? g.original_ids[size_t(v)] : int64_t(v);
  };
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e)
      out.emplace_back(id(u), id(g.columns[size_t(e)]),
                       g.weights.empty() ? 0.f : g.weights[size_t(e)]);
  std::sort(out.begin(), out.end());
  return out;
}

inline LoadOptions opts(Format f = Format::Auto) {
  LoadOptions o;
  o.format = f;
  return o;
}

// The message of the ws::Error that `f` throws ("" and a test failure when none).
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const ws::Error& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not a ws::Error: " << e.what();
    return e.what();
  }
  ADD_FAILURE() << "no error thrown";
  return "";
}

// Expects parse_graph(text, name) to fail with a message naming `name`, "line <line>" and every
// piece of `words`.
inline void expect_parse_error(const std::string& text, const std::string& name, int64_t line,
                               std::vector<std::string> words, LoadOptions o = {}) {
  const std::string msg = error_of([&] { parse_graph(text, name, o); });
  EXPECT_NE(msg.find(name), std::string::npos) << msg;
  const std::string at = name + ", line " + std::to_string(line) + ":";
  EXPECT_NE(msg.find(at), std::string::npos) << "expected '" << at << "' in: " << msg;
  for (const auto& w : words)
    EXPECT_NE(msg.find(w), std::string::npos) << "expected '" << w << "' in: " << msg;
}

// A fresh folder under the system temp folder, removed with the object.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    path = std::filesystem::temp_directory_path() /
           ("ws_graph_" + std::string(info->test_suite_name()) + "_" + info->name() + "_" +
            std::to_string(std::rand()));
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  std::string write(const std::string& name, const std::string& text) const {
    const std::string p = (path / name).string();
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
};

// A sample graph file: assets/graphs (shipped) first, then ../shared/data/graphs, then
// $WS_GRAPH_DATA; "" when absent (the caller skips).
inline std::string sample_graph(const std::string& file) {
  std::vector<std::string> dirs = {WS_TEST_GRAPHS_DIR, WS_SHARED_GRAPHS_DIR};
  if (const char* env = std::getenv("WS_GRAPH_DATA")) dirs.push_back(env);
  for (const auto& d : dirs) {
    const std::string p = d + "/" + file;
    if (std::filesystem::exists(p)) return p;
  }
  return "";
}

}  // namespace ws::graph::test
