#include "bfs_graph_loader.h"

#include <filesystem>
#include <system_error>

#include "common/error.h"
#include "i18n/i18n.h"
#include "io/asset_path.h"

namespace ws::app {

const std::vector<std::pair<std::string, std::string>>& generator_examples() {
  static const std::vector<std::pair<std::string, std::string>> specs = {
      {"pmpp", TR_NOOP("the textbook's 9-vertex example (PMPP ch. 15)")},
      {"grid:32x32", TR_NOOP("2D grid: a road network's large diameter")},
      {"kron:12:16", TR_NOOP("Kronecker / R-MAT, Graph500 parameters: a small world")},
      {"er:2000:8", TR_NOOP("Erdos-Renyi, average degree 8")},
      {"tree:6", TR_NOOP("complete binary tree")},
      {"path:64", TR_NOOP("a path: one vertex per level")},
      {"star:64", TR_NOOP("a star: everything at level 1")},
  };
  return specs;
}

std::string graph_key(const BfsGraphChoice& s) {
  if (s.graph.rfind("gen:", 0) == 0)
    return s.graph + "|seed " + std::to_string(s.seed) + (s.symmetrize ? "|sym" : "");
  return s.graph + "|" + s.format + "|" + s.coordinates + "|" + (s.symmetrize ? "sym" : "");
}

graph::Graph load_bfs_graph(const BfsGraphChoice& s) {
  if (s.graph.rfind("gen:", 0) == 0) {
    try {
      graph::Graph g = graph::generate(s.graph.substr(4), s.seed);
      if (g.name.empty()) g.name = s.graph;
      if (s.symmetrize && !g.symmetric) g = symmetrized_graph(std::move(g));
      return g;
    } catch (const Error& e) {
      throw Error(std::string("--graph ") + s.graph + ": " + e.what());
    }
  }
  graph::LoadOptions o;
  WS_REQUIRE(graph::parse_format(s.format, o.format),
             "--format: expected auto, matrix-market, snap, edge-list, metis or dimacs, got '" +
                 s.format + "'");
  o.symmetrize = s.symmetrize;
  if (!s.coordinates.empty()) {
    std::error_code ec;
    o.coordinates = resolve_asset_path(s.coordinates);
    WS_REQUIRE(std::filesystem::exists(o.coordinates, ec),
               "--coordinates: no file '" + s.coordinates + "'");
  }
  return load_graph_file(s.graph, std::move(o), "--graph",
                         "or a path, or gen:SPEC such as gen:pmpp, gen:kron:16:16, gen:grid:64x64");
}

bool load_graph_choice(BfsGraphChoice& choice) {
  std::string key = graph_key(choice);
  if (choice.loaded && key == choice.loaded_key) return false;
  choice.loaded = std::make_shared<const graph::Graph>(load_bfs_graph(choice));
  choice.loaded_key = std::move(key);
  return true;
}

int32_t default_source(const graph::Graph& g) {
  if (g.vertices == 0 || g.degree(0) > 0) return 0;
  int32_t best = 0;
  for (int32_t v = 1; v < g.vertices; ++v)
    if (g.degree(v) > g.degree(best)) best = v;
  return best;
}

std::string graph_summary(const graph::Graph& g, const std::string& label) {
  std::string text = label + ": " + std::to_string(g.vertices) + " vertices, ";
  if (g.symmetric)
    text += std::to_string(g.edges() / 2) + " undirected edges";
  else
    text += std::to_string(g.edges()) + " directed edges";
  return text;
}

std::string shown_graph_summary(const graph::Graph& g, const std::string& label) {
  return g.symmetric
             ? trf("{0}: {1} vertices, {2} undirected edges", label, g.vertices, g.edges() / 2)
             : trf("{0}: {1} vertices, {2} directed edges", label, g.vertices, g.edges());
}

}  // namespace ws::app
