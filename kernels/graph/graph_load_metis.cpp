// METIS graph loader (.graph): '%' comment lines, then the header "n m [fmt [ncon]]", then
// exactly n lines, line i listing the 1-based neighbours of vertex i (an empty line: no
// neighbours). Every undirected edge appears in both endpoints' lines, so the lists hold 2m
// entries. fmt (three digits, leading zeros dropped) says what else each line holds:
//   1   after each neighbour, that edge's weight (kept as the edge weight)
//   10  first, ncon vertex weights (read and dropped)
//   100 first, the vertex size (read and dropped)
// so fmt is 0, 1, 10, 11, 100, 101, 110 or 111; any other value is refused.
// Work O(lines + entries), one pass.
#include <algorithm>

#include "graph_load.h"

namespace ws::graph {

ParsedGraph parse_metis(LineReader& in, const LoadOptions& options) {
  std::string_view line;
  for (;;) {
    if (!in.next(line))
      in.fail_at(std::max<int64_t>(in.line_number(), 1),
                 "found no header; expected 'vertices edges [fmt [ncon]]'");
    if (!line.empty() && line[0] == '%') continue;
    if (!is_blank(line)) break;
  }
  if (const char* other = other_format_line(line))
    in.fail(std::string("found ") + other +
            "; expected the METIS header 'vertices edges [fmt [ncon]]' (mixed formats?)");
  Fields hf(line);
  std::string_view h[5];
  int nh = 0;
  for (std::string_view w; nh < 5 && hf.next(w);) h[nh++] = w;
  if (nh < 2 || nh > 4)
    in.fail("found " + std::to_string(Fields(line).count()) + " fields in " + quote(trim(line)) +
            "; expected the header 'vertices edges [fmt [ncon]]'");
  const int64_t n = parse_int(in, h[0], "the vertex count"),
                m = parse_int(in, h[1], "the edge count");
  if (n < 0 || m < 0)
    in.fail("found a negative count in " + quote(trim(line)) +
            "; expected 'vertices edges', each 0 or more");
  if (n > kMaxVertices)
    in.fail("the header promises " + std::to_string(n) + " vertices; expected at most " +
            std::to_string(kMaxVertices));
  if (m > options.max_edges / 2)
    in.fail("the header promises " + std::to_string(m) + " edges (" + std::to_string(m) +
            " x 2 list entries); expected at most " + std::to_string(options.max_edges / 2) +
            " (the loader's edge limit)");
  int64_t fmt = nh >= 3 ? parse_int(in, h[2], "the format code (0, 1, 10, 11, 100...)") : 0;
  const int64_t d0 = fmt % 10, d1 = fmt / 10 % 10, d2 = fmt / 100;
  if (fmt < 0 || d0 > 1 || d1 > 1 || d2 > 1)
    in.fail("found format code " + quote(h[2]) +
            "; expected 0, 1 (edge weights), 10 (vertex weights), 11, 100 (vertex sizes), 101, "
            "110 or 111");
  const bool edge_weights = d0 == 1, vertex_weights = d1 == 1, sizes = d2 == 1;
  int64_t ncon = nh >= 4 ? parse_int(in, h[3], "the number of vertex weights") : 1;
  if (nh >= 4 && !vertex_weights)
    in.fail("found ncon " + quote(h[3]) + " with format code " + std::to_string(fmt) +
            "; expected ncon only with vertex weights (fmt 10, 11, 110, 111)");
  if (ncon < 1 || ncon > 1000) in.fail("found ncon " + quote(h[3]) + "; expected 1 to 1000");
  const int64_t skip = (sizes ? 1 : 0) + (vertex_weights ? ncon : 0);
  const int64_t header_line = in.line_number();

  ParsedGraph g;
  g.vertices = int32_t(n);
  g.symmetric = true;
  g.double_weights = options.double_weights;
  g.edges.reserve(size_t(std::min(2 * m, kMaxReserve)));
  g.vertex_lines.reserve(size_t(std::min(n, kMaxReserve)));
  if (edge_weights) g.reserve_weights(std::min(2 * m, kMaxReserve));
  int64_t vertex = 0;
  while (vertex < n) {
    if (!in.next(line))
      in.fail("the file ends after " + std::to_string(vertex) + " of the " + std::to_string(n) +
              " vertex lines the header (line " + std::to_string(header_line) +
              ") promises; expected one line per vertex (a truncated file?)");
    if (!line.empty() && line[0] == '%') continue;
    g.vertex_lines.push_back(in.line_number());
    Fields fs(line);
    std::string_view f;
    for (int64_t k = 0; k < skip; ++k) {
      if (!fs.next(f))
        in.fail("found " + std::to_string(k) + " of the " + std::to_string(skip) +
                " leading vertex size / weight fields for vertex " + std::to_string(vertex + 1) +
                "; expected them (format code " + std::to_string(fmt) + ")");
      parse_int(in, f, "a vertex size or weight");
    }
    while (fs.next(f)) {
      if (const char* other = vertex == 0 ? other_format_line(line) : nullptr)
        in.fail(std::string("found ") + other +
                "; expected vertex 1's neighbours (mixed formats?)");
      const int64_t u = parse_id(in, f, 1, n);
      g.edges.emplace_back(int32_t(vertex), int32_t(u - 1));
      if (edge_weights) {
        if (!fs.next(f))
          in.fail("found neighbour " + std::to_string(u) +
                  " without a weight; expected 'neighbour weight' pairs (format code " +
                  std::to_string(fmt) + ")");
        g.push_weight(parse_real(in, f, "an edge weight"));
      }
      if (int64_t(g.edges.size()) > 2 * m)
        in.fail("found more neighbour entries than the header's " + std::to_string(m) +
                " edges allow (" + std::to_string(2 * m) +
                "); expected each edge once in each endpoint's line");
    }
    ++vertex;
  }
  while (in.next(line)) {
    if (line.empty() || line[0] == '%' || is_blank(line)) continue;
    in.fail("found " + quote(trim(line)) + " after the " + std::to_string(n) +
            " vertex lines; expected the end of the file (the header, line " +
            std::to_string(header_line) + ", promises " + std::to_string(n) + " vertices)");
  }
  if (int64_t(g.edges.size()) != 2 * m)
    in.fail_at(header_line, "the header promises " + std::to_string(m) +
                                " edges, but the lists hold " + std::to_string(g.edges.size()) +
                                " entries; expected " + std::to_string(2 * m) +
                                " (each edge in both endpoints' lines)");
  return g;
}

}  // namespace ws::graph
