// DIMACS loader (.gr, the 9th DIMACS challenge's shortest-path format):
//   c comment
//   p sp n m        (once, before any arc: n vertices, m arcs)
//   a u v w         (a directed arc u -> v of weight w; ids 1-based)
// Also the undirected DIMACS graph format ("p edge n m", then "e u v": both directions stored).
// Coordinates from a .co file beside the .gr are read by load_graph (graph_load_coords.cpp).
// Work O(lines + arcs), one pass.
#include <algorithm>

#include "graph_load.h"

namespace ws::graph {

ParsedGraph parse_dimacs(LineReader& in, const LoadOptions& options) {
  ParsedGraph g;
  g.double_weights = options.double_weights;
  std::string_view line;
  int64_t n = -1, m = 0, read = 0, p_line = 0;
  bool undirected = false;
  while (in.next(line)) {
    std::string_view t = trim(line);
    if (t.empty() || t[0] == 'c') continue;
    Fields fs(t);
    std::string_view f[5];
    int nf = 0;
    for (std::string_view w; nf < 5 && fs.next(w);) f[nf++] = w;
    const int total = nf + Fields(fs).count();
    if (f[0] == "p") {
      if (p_line)
        in.fail("found a second 'p' line; expected one (line " + std::to_string(p_line) + ")");
      if (total != 4 || (f[1] != "sp" && f[1] != "edge" && f[1] != "col"))
        in.fail("found " + quote(t) + "; expected the problem line 'p sp vertices arcs'");
      undirected = f[1] != "sp";
      n = parse_int(in, f[2], "the vertex count");
      m = parse_int(in, f[3], "the arc count");
      if (n < 0 || m < 0)
        in.fail("found a negative count in " + quote(t) +
                "; expected 'p sp vertices arcs', each 0 or more");
      if (n > kMaxVertices)
        in.fail("the 'p' line promises " + std::to_string(n) + " vertices; expected at most " +
                std::to_string(kMaxVertices));
      if (m > options.max_edges / (undirected ? 2 : 1))
        in.fail("the 'p' line promises " + std::to_string(m) + (undirected ? " edges" : " arcs") +
                "; expected at most " + std::to_string(options.max_edges / (undirected ? 2 : 1)) +
                " (the loader's edge limit)");
      p_line = in.line_number();
      g.vertices = int32_t(n);
      g.symmetric = undirected;
      const int64_t reserve = std::min(m * (undirected ? 2 : 1), kMaxReserve);
      g.edges.reserve(size_t(reserve));
      if (!undirected) g.reserve_weights(reserve);
      continue;
    }
    const char* kind = undirected ? "e" : "a";
    if (f[0] == "a" || f[0] == "e") {
      if (!p_line)
        in.fail("found an arc before the problem line; expected 'p sp vertices arcs' first");
      if (f[0] != kind)
        in.fail("found an '" + std::string(f[0]) + "' line in a '" +
                (undirected ? "p edge" : "p sp") + "' file; expected '" + kind + "' lines");
      const int want = undirected ? 3 : 4;
      if (total != want)
        in.fail("found " + std::to_string(total) + " fields in " + quote(t) + "; expected " +
                (undirected ? "'e u v'" : "'a u v weight'"));
      if (read == m)
        in.fail("found more arcs than the " + std::to_string(m) + " the 'p' line (line " +
                std::to_string(p_line) + ") promises; expected no more");
      const int32_t u = int32_t(parse_id(in, f[1], 1, n) - 1),
                    v = int32_t(parse_id(in, f[2], 1, n) - 1);
      g.edges.emplace_back(u, v);
      if (undirected) {
        if (u != v) g.edges.emplace_back(v, u);
      } else {
        g.push_weight(parse_real(in, f[3], "an arc weight"));
      }
      ++read;
      continue;
    }
    const char* other = other_format_line(line);
    in.fail("found " + (other ? std::string(other) : quote(t)) +
            "; expected a DIMACS line: 'c' comment, 'p sp n m' or 'a u v w'" +
            (other ? " (mixed formats?)" : ""));
  }
  if (!p_line)
    in.fail_at(std::max<int64_t>(in.line_number(), 1),
               "found no problem line; expected 'p sp vertices arcs'");
  if (read < m)
    in.fail("the file ends after " + std::to_string(read) + " of the " + std::to_string(m) +
            " arcs the 'p' line (line " + std::to_string(p_line) +
            ") promises; expected the rest (a truncated file?)");
  return g;
}

}  // namespace ws::graph
