// What the BFS scene's modes share: the graph (a shipped graph, a file, or a generator spec), how
// it is loaded, the source, the variant and its parameters, the level shown and the layout. The
// scene holds one BfsSettings for both modes, so switching modes keeps all of it. The graph the
// settings name is read once per edit that names another (BfsScene::parse) and kept here with its
// key: a copy of the settings shares it.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "bfs/bfs.h"
#include "graph/graph.h"
#include "graph_layout/graph_layout.h"

namespace ws::app {

inline constexpr const char* kBfsSceneId = "bfs";

// Which graph is loaded and what is shown of it: the part of the settings a switch to teach mode
// replaces with the textbook's graph and gives back.
struct BfsGraphChoice {
  // The graph: a shipped graph's file name ("karate.mtx", found in assets/graphs), a path, or
  // "gen:SPEC" with graph::generate's specs ("gen:pmpp", "gen:kron:16:16", "gen:grid:64x64").
  std::string graph = "karate.mtx";
  std::string format = "auto";  // graph::parse_format names
  std::string coordinates;      // a coordinates file beside the graph, "" for none
  bool symmetrize = false;
  uint64_t seed = 1;  // generators
  int32_t source = 0;
  int32_t level = -1;  // the level shown, 0-based; -1: the last

  // The graph these name, as loaded (null until the first edit or reset reads it), and the
  // graph_key it was loaded for.
  std::shared_ptr<const graph::Graph> loaded;
  std::string loaded_key;

  // For headers and JSON: "karate.mtx (34 vertices, 156 edges)" is made by the scene; this is
  // just the graph's name as given.
  std::string graph_label() const;
};

struct BfsSettings : BfsGraphChoice {
  bfs::Variant variant = bfs::Variant::GlobalQueue;
  double alpha = 15, beta = 18;
  int block_dim = 256;       // full-size runs
  int teach_block_dim = 32;  // teach mode

  graph_layout::Params layout;

  // Graph mode: what the figure shows: "both" (the graph beside or above the per-level chart),
  // "graph" or "chart" (the per-level chart alone).
  std::string view = "both";
  bool log_scale = true;  // the chart's y axis, when the sizes span decades

  // The graph choice a switch to teach mode replaced with the textbook's graph, and the key of the
  // graph it put there: a switch back gives it back unless another graph was chosen meanwhile.
  std::optional<BfsGraphChoice> stashed;
  std::string replaced_key;
  // Set by every edit: it gives a graph without naming the mode, the one case in which teach
  // mode's vertex limit moves the scene to graph mode (a graph given with --mode teach stays in
  // teach mode, which says it is too large to trace).
  bool graph_without_mode = false;
};

// The search the settings ask for, as bfs::Params (full size) or bfs::TeachParams (teach mode),
// with `block_dim` threads per block.
template <class Params>
Params search_params(const BfsSettings& s, int block_dim) {
  Params p;
  p.variant = s.variant;
  p.source = s.source;
  p.alpha = s.alpha;
  p.beta = s.beta;
  p.block_dim = block_dim;
  return p;
}

}  // namespace ws::app
