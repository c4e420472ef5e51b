// The graphs shipped in assets/graphs and the rules for reading them, shared by every scene that
// takes a graph (the BFS scene's graphs, the SpMV scene's matrices): a shipped graph is named by
// its file ("karate.mtx") or its short name ("karate"); edge lists that store each undirected edge
// once (the Minnesota roads, the SNAP facebook graph) are symmetrized; a file NAME_edges.txt takes
// NAME_coords.txt beside it as its coordinates (the Minnesota pair) unless others are given.
#pragma once

#include <string>
#include <vector>

#include "graph/graph.h"

namespace ws::app {

struct ShippedGraph {
  const char* file;         // "karate.mtx"
  const char* short_name;   // "karate": tables and chart labels
  const char* description;  // "Zachary's karate club (34 people, 78 friendships)"; a key (tr)
  bool undirected_list;     // an edge list with each undirected edge once: symmetrized
};
// The graphs in assets/graphs, smallest first.
const std::vector<ShippedGraph>& shipped_graphs();
// The shipped graph whose file or short name is `name` (a path's file name counts), or null.
const ShippedGraph* find_shipped_graph(const std::string& name);
// "karate.mtx, minnesota_edges.txt, ...": for messages.
std::string shipped_graph_files();

// A graph file as the shared rules read it: the path of `name` (a shipped graph's file or short
// name, or a path resolved as resolve_asset_path does), whether it must be symmetrized (a shipped
// undirected edge list) and the coordinates beside it (NAME_coords.txt beside NAME_edges.txt).
struct GraphFile {
  std::string path;
  bool symmetrize = false;
  std::string coordinates;  // "" for none
};
// Throws ws::Error for a missing file, naming `option` ("--graph"), the shipped graphs and then
// `also_accepted` ("or a path, or gen:SPEC ..."), and for a folder.
GraphFile find_graph_file(const std::string& name, const std::string& option,
                          const std::string& also_accepted);

// Reads the graph file `name` (find_graph_file) with `options` as the scene chose them, the
// file's symmetrize and coordinates added (options.coordinates, when given, win). Throws
// ws::Error as find_graph_file, with the loader's message (file and line) for a bad file, and for
// a graph without vertices.
graph::Graph load_graph_file(const std::string& name, graph::LoadOptions options,
                             const std::string& option, const std::string& also_accepted);

// A directed graph with v -> u added for every u -> v (its weights, coordinates, ids and name
// kept): a generated graph shown as undirected.
graph::Graph symmetrized_graph(graph::Graph g);

}  // namespace ws::app
