#include "bfs_graph_loader.h"

#include <filesystem>
#include <system_error>

#include "common/error.h"
#include "graph/graph_csr.h"
#include "i18n/i18n.h"
#include "io/asset_path.h"
#include "io/decoded_files.h"

namespace ws::app {

namespace {

std::string file_name(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string shipped_list() {
  std::string list;
  for (const ShippedGraph& g : shipped_graphs())
    list += (list.empty() ? "" : ", ") + std::string(g.file);
  return list;
}

const ShippedGraph* shipped(const std::string& name) {
  for (const ShippedGraph& g : shipped_graphs())
    if (name == g.file) return &g;
  return nullptr;
}

// A directed generated graph (the textbook's) with v -> u added for every u -> v.
graph::Graph symmetrized(graph::Graph g) {
  std::vector<std::pair<int32_t, int32_t>> edges;
  edges.reserve(g.columns.size());
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e)
      edges.emplace_back(u, g.columns[size_t(e)]);
  graph::Graph out =
      graph::build_csr(g.vertices, std::move(edges), std::move(g.weights), true, false, true);
  out.x = std::move(g.x);
  out.y = std::move(g.y);
  out.original_ids = std::move(g.original_ids);
  out.name = std::move(g.name);
  return out;
}

}  // namespace

const std::vector<ShippedGraph>& shipped_graphs() {
  static const std::vector<ShippedGraph> graphs = {
      {"karate.mtx", "karate", TR_NOOP("Zachary's karate club: 34 people, 78 friendships"), false},
      {"minnesota_edges.txt", "minnesota",
       TR_NOOP("Minnesota roads: 2642 intersections at their coordinates"), true},
      {"facebook_combined.txt", "facebook",
       TR_NOOP("SNAP ego-Facebook: 4039 people, 88234 friendships"), true},
      {"bcspwr10.mtx", "bcspwr10", TR_NOOP("US power grid (bcspwr10): 5300 buses, long diameter"),
       false},
      {"4elt.graph", "4elt", TR_NOOP("4elt finite-element mesh: 15606 vertices"), false},
  };
  return graphs;
}

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
      if (s.symmetrize && !g.symmetric) g = symmetrized(std::move(g));
      return g;
    } catch (const Error& e) {
      throw Error(std::string("--graph ") + s.graph + ": " + e.what());
    }
  }
  const std::string path = resolve_asset_path(s.graph);
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    throw Error("--graph: no file '" + s.graph + "' (shipped graphs: " + shipped_list() +
                "; or a path, or gen:SPEC such as gen:pmpp, gen:kron:16:16, gen:grid:64x64)");
  WS_REQUIRE(!std::filesystem::is_directory(path, ec),
             "--graph: '" + s.graph + "' is a folder, not a graph file");
  graph::LoadOptions o;
  WS_REQUIRE(graph::parse_format(s.format, o.format),
             "--format: expected auto, matrix-market, snap, edge-list, metis or dimacs, got '" +
                 s.format + "'");
  const std::string name = file_name(path);
  const ShippedGraph* known = shipped(name);
  o.symmetrize = s.symmetrize || (known && known->undirected_list);
  if (!s.coordinates.empty()) {
    o.coordinates = resolve_asset_path(s.coordinates);
    WS_REQUIRE(std::filesystem::exists(o.coordinates, ec),
               "--coordinates: no file '" + s.coordinates + "'");
  } else if (ends_with(name, "_edges.txt")) {
    // The NAME_edges.txt / NAME_coords.txt pair (the Minnesota roads).
    const std::string coords =
        path.substr(0, path.size() - std::string("_edges.txt").size()) + "_coords.txt";
    if (std::filesystem::exists(coords, ec)) o.coordinates = coords;
  }
  graph::Graph g = load_graph_cached(path, o);  // a worker may have read it (File > Open)
  WS_REQUIRE(g.vertices > 0, "--graph: '" + s.graph + "' has no vertices");
  return g;
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
