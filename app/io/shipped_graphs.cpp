#include "shipped_graphs.h"

#include <filesystem>
#include <system_error>
#include <utility>

#include "asset_path.h"
#include "common/error.h"
#include "decoded_files.h"
#include "graph/graph_csr.h"
#include "i18n/i18n.h"

namespace ws::app {

namespace {

bool name_ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
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

const ShippedGraph* find_shipped_graph(const std::string& name) {
  const std::string file = std::filesystem::path(name).filename().string();
  for (const ShippedGraph& g : shipped_graphs())
    if (file == g.file || name == g.short_name) return &g;
  return nullptr;
}

std::string shipped_graph_files() {
  std::string list;
  for (const ShippedGraph& g : shipped_graphs())
    list += (list.empty() ? "" : ", ") + std::string(g.file);
  return list;
}

GraphFile find_graph_file(const std::string& name, const std::string& option,
                          const std::string& also_accepted) {
  std::error_code ec;
  const ShippedGraph* known = find_shipped_graph(name);
  // A short name ("karate") is the shipped file unless a file of that name is here.
  const bool short_name = known && name == known->short_name && !std::filesystem::exists(name, ec);
  GraphFile file;
  file.path = resolve_asset_path(short_name ? std::string(known->file) : name);
  if (!std::filesystem::exists(file.path, ec))
    throw Error(option + ": no file '" + name + "' (shipped graphs: " + shipped_graph_files() +
                (also_accepted.empty() ? "" : "; " + also_accepted) + ")");
  WS_REQUIRE(!std::filesystem::is_directory(file.path, ec),
             option + ": '" + name + "' is a folder, not a graph file");
  const std::string base = std::filesystem::path(file.path).filename().string();
  known = find_shipped_graph(base);
  file.symmetrize = known && known->undirected_list;
  if (name_ends_with(base, "_edges.txt")) {
    // The NAME_edges.txt / NAME_coords.txt pair (the Minnesota roads).
    const std::string coords =
        file.path.substr(0, file.path.size() - std::string("_edges.txt").size()) + "_coords.txt";
    if (std::filesystem::exists(coords, ec)) file.coordinates = coords;
  }
  return file;
}

graph::Graph load_graph_file(const std::string& name, graph::LoadOptions options,
                             const std::string& option, const std::string& also_accepted) {
  const GraphFile file = find_graph_file(name, option, also_accepted);
  options.symmetrize = options.symmetrize || file.symmetrize;
  if (options.coordinates.empty()) options.coordinates = file.coordinates;
  graph::Graph g = load_graph_cached(file.path, options);  // a worker may have read it
  WS_REQUIRE(g.vertices > 0, option + ": '" + name + "' has no vertices");
  return g;
}

graph::Graph symmetrized_graph(graph::Graph g) {
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

}  // namespace ws::app
