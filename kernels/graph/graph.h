// Graphs for the BFS scene (issue "The BFS scene"): one in-memory form (CSR, with optional
// weights, coordinates and the file's original vertex ids), the loaders for the formats people
// have, and seeded generators. CUDA-free; CPU code only.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ws::graph {

// Compressed sparse rows: the out-edges of vertex v are columns[row_offsets[v] ..
// row_offsets[v + 1]). Vertices are 0..vertices-1 (renumbered from the file when asked).
struct Graph {
  int32_t vertices = 0;
  std::vector<int64_t> row_offsets;   // vertices + 1 entries, row_offsets[0] == 0
  std::vector<int32_t> columns;       // one per directed edge
  std::vector<float> weights;         // empty, or one per directed edge
  std::vector<double> weights64;      // empty, or (LoadOptions::double_weights) one per directed
                                      // edge: the file's values in double precision; `weights`
                                      // is empty then
  std::vector<int64_t> original_ids;  // empty (ids are 0..n-1 as in the file), or the file's id
                                      // of each vertex, for display
  std::vector<float> x, y;            // empty, or one coordinate pair per vertex
  bool symmetric = false;             // every edge u->v has v->u (undirected)
  std::string name;                   // the file name or the generator spec, for headers

  int64_t edges() const { return int64_t(columns.size()); }  // directed edges stored
  int64_t degree(int32_t v) const { return row_offsets[size_t(v) + 1] - row_offsets[size_t(v)]; }
  bool has_coordinates() const { return !x.empty(); }
};

inline constexpr int64_t kMaxVertices = (int64_t{1} << 31) - 1;

// Throws ws::Error naming the first broken invariant (offsets not monotone, a column out of
// range, sizes that disagree).
void validate(const Graph& g);

// ---- Loading.
enum class Format : uint8_t {
  Auto = 0,      // by extension, then by content
  MatrixMarket,  // .mtx: coordinate; pattern / real / integer; general / symmetric
  Snap,          // SNAP edge list: '#' comments, "u v" per line (tab or space)
  EdgeList,      // .el: "u v" per line; .wel: "u v w"
  Metis,         // .graph: header "n m [fmt]", then one line of 1-based neighbours per vertex
  Dimacs,        // .gr: "p sp n m", "a u v w" (1-based); .co beside it: "v id x y"
};
const char* format_name(Format f);  // "matrix-market", "snap", "edge-list", "metis", "dimacs"
bool parse_format(const std::string& text, Format& out);

struct LoadOptions {
  Format format = Format::Auto;
  bool symmetrize = false;  // add v->u for every u->v
  bool remove_self_loops = true;
  bool remove_duplicates = true;
  bool renumber = true;     // ids seen in the file -> 0..n-1, in order of first appearance
                            // for edge lists; formats with a declared count keep their ids
  std::string coordinates;  // "" or a file of "x y" per vertex (in id order); a DIMACS .co
                            // beside a .gr is found on its own
  int64_t max_edges = int64_t{1} << 31;  // refuse files that promise more (memory)
  // Keep the file's edge weights in double precision, in Graph::weights64 instead of the float
  // Graph::weights (a sparse matrix's values: the SpMV scene). Matrix Market, weighted edge
  // lists, METIS and DIMACS weights.
  bool double_weights = false;

  // For a load on a worker thread (none of these changes the graph that is read):
  // `progress` is called now and then with the bytes of the file read so far and its size, and
  // with (size, size) when the whole file is read and the CSR is built (load_graph only; not for
  // parse_graph); once `cancel` is set the load throws
  // ws::Cancelled at its next check (every few thousand lines).
  std::function<void(int64_t bytes_read, int64_t total_bytes)> progress;
  const std::atomic<bool>* cancel = nullptr;
};

// Reads a graph file. Throws ws::Error with the file name and line number and what was expected
// on any bad input: a truncated line, an id past the declared count, a negative or non-numeric id,
// a header promising more than max_edges entries, an empty file, a binary file, a format that
// does not match. Streams the file (memory bounded by the graph, not the text). Throws
// ws::Cancelled when options.cancel is set while it reads.
Graph load_graph(const std::string& path, const LoadOptions& options = {});
// The same from text in memory (`name` stands in for the file name in messages).
Graph parse_graph(const std::string& text, const std::string& name, const LoadOptions& options);

// ---- Generators, seeded, identical on every platform.
//   "grid:WxH"          a 2D 4-neighbour grid (coordinates included): large diameter
//   "er:N:D"            Erdos-Renyi with N vertices and average degree D
//   "kron:SCALE:EF"     Kronecker / R-MAT with Graph500's parameters (A 0.57, B 0.19, C 0.19),
//                       2^SCALE vertices, EF * 2^SCALE edges, symmetrized, vertices permuted
//   "path:N", "star:N", "tree:DEPTH" (complete binary tree)
//   "pmpp"              the textbook's 9-vertex example (PMPP ch. 15): from 0 the levels are
//                       {1,2}, {3,4,5,6,7}, {8}
// Throws ws::Error naming the accepted specs for anything else or sizes past the limits.
Graph generate(const std::string& spec, uint64_t seed = 1);

// Breadth-first levels from `source` on the CPU, the reference every BFS variant is checked
// against: level[v] = hops from source, -1 when unreachable.
std::vector<int32_t> bfs_reference(const Graph& g, int32_t source);

}  // namespace ws::graph
