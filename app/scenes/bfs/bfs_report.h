// The BFS scene's run documents: the kit's RunJson with the graph, the source and variant, the
// level and parent of every vertex (graphs up to kBfsJsonMaxVertices), the per-level rows, the
// Graph500 counts and the verification, for `warpscope run --json` in every mode.
#pragma once

#include <string>

#include "bfs/bfs.h"
#include "bfs_settings.h"
#include "scene_kit/run_json.h"

namespace ws::app {

// Graphs up to this many vertices list every vertex's level and parent.
inline constexpr int32_t kBfsJsonMaxVertices = 100000;

// Graph500's rate: traversed edges per second, in billions (0 when ms is 0).
double gteps(int64_t traversed_edges, double ms);

// A time as the figure and the panel write it: "0.018 ms", "2.41 ms", "130 ms".
std::string ms_text(double ms);

// One per-level row: depth, frontier, frontier_edges, unvisited_edges, edges_examined,
// discovered, threads, direction, ms.
nlohmann::json level_row_json(const bfs::LevelStats& l);

// The document of one run (`result` null: no run) after what the mode's run_json() wrote (scene,
// params, backend). `verify` is bfs::verify's answer ("" passes), `matches_reference` whether the
// levels equal graph::bfs_reference's; `level_shown` the step.
void fill_bfs_run(RunJson& doc, const BfsSettings& s, const graph::Graph& g,
                  const bfs::Result* result, const std::string& verify, bool matches_reference,
                  int level_shown);

}  // namespace ws::app
