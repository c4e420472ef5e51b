// What the BFS scene's modes share: the graph (a shipped graph, a file, or a generator spec), how
// it is loaded, the source, the variant and its parameters, the level shown and the layout. The
// modes hold one BfsSettings together, so switching modes keeps all of it.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "bfs/bfs.h"
#include "graph_layout/graph_layout.h"

namespace ws::app {

inline constexpr const char* kBfsSceneId = "bfs";

struct BfsSettings {
  // The graph: a shipped graph's file name ("karate.mtx", found in assets/graphs), a path, or
  // "gen:SPEC" with graph::generate's specs ("gen:pmpp", "gen:kron:16:16", "gen:grid:64x64").
  std::string graph = "karate.mtx";
  std::string format = "auto";  // graph::parse_format names
  std::string coordinates;      // a coordinates file beside the graph, "" for none
  bool symmetrize = false;
  uint64_t seed = 1;  // generators

  int32_t source = 0;
  bfs::Variant variant = bfs::Variant::GlobalQueue;
  double alpha = 15, beta = 18;
  int block_dim = 256;       // full-size runs
  int teach_block_dim = 32;  // teach mode
  int32_t level = -1;        // the level shown, 0-based; -1: the last

  graph_layout::Params layout;

  // Graph mode: what the figure shows: "both" (the graph above the per-level chart), "graph" or
  // "chart" (the per-level chart alone).
  std::string view = "both";
  bool log_scale = true;  // the chart's y axis, when the sizes span decades

  // For headers and JSON: "karate.mtx (34 vertices, 156 edges)" is made by the scene; this is
  // just the graph's name as given.
  std::string graph_label() const;
};

// The parameters as JSON (the keys of every mode; "mode" is added by the scene).
nlohmann::json bfs_params_json(const BfsSettings& s);
// `j` read over `current`; nothing changes on a bad key or value (ws::Error names it and says
// what is accepted).
BfsSettings parse_bfs_params(const BfsSettings& current, const nlohmann::json& j);

}  // namespace ws::app
