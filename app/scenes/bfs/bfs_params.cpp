// The BFS scene's parameters as JSON: one parser for the command line (every value a string),
// sessions and the panels of every mode. The graph itself is loaded by the mode that shows it
// (bfs_graph_loader.h), so a file that does not read is refused there, before anything changes.
#include <cmath>
#include <set>

#include "bfs_settings.h"
#include "common/error.h"
#include "scene_kit/json_params.h"

namespace ws::app {

namespace {

std::string variant_ids() {
  std::string ids;
  for (const auto& i : bfs::variant_infos()) ids += (ids.empty() ? "" : ", ") + std::string(i.id);
  return ids;
}

}  // namespace

std::string BfsSettings::graph_label() const {
  if (graph.rfind("gen:", 0) == 0) return graph;
  const size_t slash = graph.find_last_of('/');
  return slash == std::string::npos ? graph : graph.substr(slash + 1);
}

nlohmann::json bfs_params_json(const BfsSettings& s) {
  return {{"graph", s.graph},
          {"format", s.format},
          {"coordinates", s.coordinates},
          {"symmetrize", s.symmetrize},
          {"seed", s.seed},
          {"source", s.source},
          {"variant", bfs::info(s.variant).id},
          {"alpha", s.alpha},
          {"beta", s.beta},
          {"block", s.block_dim},
          {"teach_block", s.teach_block_dim},
          {"level", s.level},
          {"layout_iterations", s.layout.iterations},
          {"layout_seed", s.layout.seed},
          {"lin_log", s.layout.lin_log},
          {"view", s.view},
          {"log_scale", s.log_scale}};
}

BfsSettings parse_bfs_params(const BfsSettings& current, const nlohmann::json& j) {
  reject_unknown_keys(j,
                      {"mode", "graph", "format", "coordinates", "symmetrize", "seed", "source",
                       "variant", "alpha", "beta", "block", "teach_block", "level",
                       "layout_iterations", "layout_seed", "lin_log", "view", "log_scale"},
                      kBfsSceneId);
  BfsSettings s = current;
  if (j.contains("graph")) {
    s.graph = json_string(j, "graph");
    WS_REQUIRE(!s.graph.empty(),
               std::string("--graph: no graph given; name a shipped graph (karate.mtx, "
                           "minnesota_edges.txt, bcspwr10.mtx, 4elt.graph, "
                           "facebook_combined.txt), a file path, or gen:SPEC (e.g. gen:pmpp, "
                           "gen:kron:16:16, gen:grid:64x64)"));
    // A new graph starts from its own first vertex and shows its last level, and a coordinates
    // file named for the old graph does not carry over.
    if (s.graph != current.graph) {
      if (!j.contains("source")) s.source = 0;
      if (!j.contains("level")) s.level = -1;
      if (!j.contains("coordinates")) s.coordinates.clear();
    }
  }
  if (j.contains("format")) {
    s.format = json_string(j, "format");
    graph::Format f;
    WS_REQUIRE(graph::parse_format(s.format, f),
               "--format: expected auto, matrix-market, snap, edge-list, metis or dimacs, got '" +
                   s.format + "'");
  }
  if (j.contains("coordinates")) s.coordinates = json_string(j, "coordinates");
  if (j.contains("symmetrize")) s.symmetrize = json_bool(j, "symmetrize");
  if (j.contains("seed")) s.seed = static_cast<uint64_t>(json_int(j, "seed", 0, INT64_MAX));
  if (j.contains("source")) {
    s.source = static_cast<int32_t>(json_int(j, "source", 0, graph::kMaxVertices - 1));
    if (!j.contains("level")) s.level = -1;
  }
  if (j.contains("variant")) {
    const std::string v = json_string(j, "variant");
    if (!bfs::parse_variant(v, s.variant))
      throw Error("--variant: expected 1-7 or one of " + variant_ids() + ", got '" + v + "'");
  }
  if (j.contains("alpha")) {
    s.alpha = json_double(j, "alpha", 0, 1e9);
    WS_REQUIRE(s.alpha > 0, std::string("--alpha must be greater than 0 (Beamer's default: 15; "
                                        "bottom-up when m_f > m_u / alpha)"));
  }
  if (j.contains("beta")) {
    s.beta = json_double(j, "beta", 0, 1e9);
    WS_REQUIRE(s.beta > 0, std::string("--beta must be greater than 0 (Beamer's default: 18; "
                                       "back to top-down when n_f < n / beta)"));
  }
  if (j.contains("block")) {
    const int b = static_cast<int>(json_int(j, "block", 32, 1024));
    WS_REQUIRE(b % 32 == 0, "--block: expected a multiple of 32 (whole warps), 32..1024, got " +
                                std::to_string(b));
    s.block_dim = b;
  }
  if (j.contains("teach_block")) {
    const int b = static_cast<int>(json_int(j, "teach_block", 32, 128));
    WS_REQUIRE(b % 32 == 0, "--teach_block: expected 32, 64, 96 or 128, got " + std::to_string(b));
    s.teach_block_dim = b;
  }
  if (j.contains("level")) s.level = static_cast<int32_t>(json_int(j, "level", -1, INT32_MAX));
  if (j.contains("layout_iterations"))
    s.layout.iterations = static_cast<int>(json_int(j, "layout_iterations", 0, 100000));
  if (j.contains("layout_seed"))
    s.layout.seed = static_cast<uint64_t>(json_int(j, "layout_seed", 0, INT64_MAX));
  if (j.contains("lin_log")) s.layout.lin_log = json_bool(j, "lin_log");
  if (j.contains("view")) {
    s.view = json_string(j, "view");
    WS_REQUIRE(s.view == "both" || s.view == "graph" || s.view == "chart",
               "--view: expected both (the graph above the per-level chart), graph or chart, "
               "got '" +
                   s.view + "'");
  }
  if (j.contains("log_scale")) s.log_scale = json_bool(j, "log_scale");
  return s;
}

}  // namespace ws::app
