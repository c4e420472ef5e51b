// The BFS scene's graph, from its settings: a shipped graph by file name (assets/graphs), a path,
// or "gen:SPEC" (graph::generate with the settings' seed). Files are read by the shared rules of
// io/shipped_graphs.h (shipped undirected edge lists symmetrized, the Minnesota coordinates found
// beside their edges) unless `coordinates` names another file. Both modes load through here, so a
// graph means the same in each.
#pragma once

#include <string>
#include <vector>

#include "bfs_settings.h"
#include "graph/graph.h"
#include "io/shipped_graphs.h"

namespace ws::app {

// Generator specs the graph picker offers (with graph::generate's syntax, without "gen:"), each
// with its description (a key: tr).
const std::vector<std::pair<std::string, std::string>>& generator_examples();

// What decides the graph (name, format, coordinates, symmetrize, the seed of a generator): two
// settings with the same key load the same graph.
std::string graph_key(const BfsGraphChoice& s);

// Loads the graph the settings name. Throws ws::Error with the loader's message (file and line)
// or, for a name that is no file, one listing the shipped graphs and the generator specs.
graph::Graph load_bfs_graph(const BfsGraphChoice& s);

// The graph `choice` names, loaded into it (loaded, loaded_key) unless it holds that one already;
// true when it read one. Throws as load_bfs_graph, leaving `choice` as it was.
bool load_graph_choice(BfsGraphChoice& choice);

// The vertex a search starts from on a graph that was just loaded without a source named: 0,
// unless it has no edges (a Kronecker graph's vertex 0 is often isolated), then the vertex of the
// highest degree.
int32_t default_source(const graph::Graph& g);

// "karate.mtx: 34 vertices, 156 directed edges (78 undirected)".
std::string graph_summary(const graph::Graph& g, const std::string& label);
// The same in the current language (figures; graph_summary stays English for JSON).
std::string shown_graph_summary(const graph::Graph& g, const std::string& label);

}  // namespace ws::app
