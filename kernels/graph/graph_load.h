// Inside the graph loaders (graph.h's load_graph / parse_graph): what each format's parser
// hands back before the CSR is built, and the parsers themselves (one file per format).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "graph.h"
#include "graph_lines.h"

namespace ws::graph {

// A parsed file: 0-based directed edges over `vertices` vertices, ready for build_csr.
struct ParsedGraph {
  int32_t vertices = 0;
  std::vector<std::pair<int32_t, int32_t>> edges;
  std::vector<float> weights;         // empty or one per edge
  std::vector<double> weights64;      // instead of `weights` with LoadOptions::double_weights
  bool double_weights = false;        // where push_weight puts a weight
  std::vector<int64_t> original_ids;  // empty (ids kept) or the file's id of each vertex
  bool symmetric = false;             // the file stores both directions of every edge
  std::vector<int64_t> vertex_lines;  // METIS: the line of each vertex's list (for messages)

  void push_weight(double w) {
    if (double_weights)
      weights64.push_back(w);
    else
      weights.push_back(float(w));
  }
  void reserve_weights(int64_t n) {
    if (double_weights)
      weights64.reserve(size_t(n));
    else
      weights.reserve(size_t(n));
  }
};

// Reservations are capped so a header's promise alone never takes memory the file lacks.
inline constexpr int64_t kMaxReserve = int64_t{1} << 24;

ParsedGraph parse_matrix_market(LineReader& in, const LoadOptions& options);
// SNAP and .el / .wel: `columns` 2 (u v), 3 (u v w), or 0 (either, fixed by the first edge).
ParsedGraph parse_edge_list(LineReader& in, const LoadOptions& options, int columns);
ParsedGraph parse_metis(LineReader& in, const LoadOptions& options);
ParsedGraph parse_dimacs(LineReader& in, const LoadOptions& options);

// Coordinates for the vertices of `g` from "x y" lines, one value per line (all x, then all y,
// as a Matrix Market array body), a Matrix Market "array real general" n x 2 file, or a DIMACS
// .co ("v id x y"). Line k (from 0) belongs to the vertex with file id k, or k + 1 when the
// graph's ids are 1-based (renumbered edge lists, see graph_load_coords.cpp).
void read_coordinates(LineReader& in, Graph& g);

// What a line of another format looks like ("a Matrix Market banner", "a DIMACS 'p' line"...),
// or nullptr: for "mixed formats" messages.
const char* other_format_line(std::string_view line);

}  // namespace ws::graph
