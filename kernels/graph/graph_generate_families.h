// The generator families behind generate() (graph.h), one function each; generate() parses the
// spec and checks the limits before calling them. Internal to kernels/graph.
#pragma once

#include <cstdint>

#include "graph.h"

namespace ws::graph {

Graph generate_grid(int32_t width, int32_t height);  // graph_generate_simple.cpp
Graph generate_path(int32_t n);
Graph generate_star(int32_t n);
Graph generate_tree(int32_t depth);
Graph generate_pmpp();
Graph generate_erdos_renyi(int32_t n, int64_t undirected_edges, uint64_t seed);  // _random.cpp
Graph generate_kronecker(int32_t scale, int64_t edge_factor, uint64_t seed);

}  // namespace ws::graph
