// Edge-list loaders: SNAP ('#' comments, "u v" per line, tab or space) and .el ("u v") / .wel
// ("u v w"). Lines starting with '#' or '%' are comments; fields may also be separated by commas.
// Ids are any whole numbers >= 0. With `renumber` they become 0..n-1 in order of first
// appearance (the file's ids kept in original_ids, for display); without it the vertex count is
// the largest id + 1.
// Work O(lines + edges): one pass to parse, one to renumber (a table indexed by id when the ids
// are dense enough, a hash map otherwise).
#include <algorithm>
#include <unordered_map>

#include "graph_load.h"

namespace ws::graph {

namespace {

const char* shape_of(int columns) {
  return columns == 3 ? "'u v w' (two vertex ids and a weight)" : "'u v' (two vertex ids)";
}

int64_t parse_edge_id(const LineReader& in, std::string_view f, bool renumber) {
  int64_t v = 0;
  const char* what = "a vertex id (a whole number, 0 or more)";
  if (!f.empty() && f[0] == '-') {
    v = parse_int(in, f, what);  // fails for non-numbers
    in.fail("found a negative vertex id " + quote(f) + "; expected " + what);
  }
  v = parse_int(in, f, what);
  if (!renumber && v >= kMaxVertices)
    in.fail("found vertex id " + std::string(f) + "; expected ids below " +
            std::to_string(kMaxVertices) + " (or load with renumbering)");
  return v;
}

}  // namespace

ParsedGraph parse_edge_list(LineReader& in, const LoadOptions& options, int columns) {
  std::vector<int64_t> ids;  // u0 v0 u1 v1 ...
  ParsedGraph g;
  g.double_weights = options.double_weights;
  std::string_view line;
  int64_t first_edge_line = 0, max_id = -1, min_id = INT64_MAX;
  while (in.next(line)) {
    if (line.substr(0, 14) == "%%MatrixMarket")
      in.fail("found a Matrix Market banner; expected an edge 'u v' (mixed formats?)");
    if (line.empty() || line[0] == '#' || line[0] == '%' || is_blank(line)) continue;
    Fields fs(line, true);
    std::string_view a, b, w, extra;
    const bool has_a = fs.next(a), has_b = has_a && fs.next(b), has_w = has_b && fs.next(w);
    const bool has_extra = has_w && fs.next(extra);
    if (!has_b || has_extra || (columns == 2 && has_w) || (columns == 3 && !has_w)) {
      const char* other = other_format_line(line);
      if (other)
        in.fail(std::string("found ") + other + "; expected an edge " +
                shape_of(columns ? columns : 2) + " (mixed formats?)");
      const int n = Fields(line, true).count();
      std::string hint =
          n >= 3 ? " (a METIS .graph lists neighbours per line: load it as metis)" : "";
      in.fail("found " + std::to_string(n) + (n == 1 ? " field in " : " fields in ") +
              quote(trim(line)) + "; expected an edge " +
              (columns ? shape_of(columns) : "'u v' or 'u v w'") + hint);
    }
    if (columns == 0) columns = has_w ? 3 : 2;
    if (first_edge_line == 0) first_edge_line = in.line_number();
    const int64_t u = parse_edge_id(in, a, options.renumber),
                  v = parse_edge_id(in, b, options.renumber);
    if (int64_t(ids.size() / 2) >= options.max_edges)
      in.fail("found more than " + std::to_string(options.max_edges) +
              " edges; expected at most that many (the loader's edge limit)");
    ids.push_back(u);
    ids.push_back(v);
    max_id = std::max(max_id, std::max(u, v));
    min_id = std::min(min_id, std::min(u, v));
    if (columns == 3) g.push_weight(parse_real(in, w, "an edge weight"));
  }
  if (ids.empty())
    in.fail_at(
        std::max<int64_t>(in.line_number(), 1),
        "found no edges; expected lines " + std::string(columns ? shape_of(columns) : "'u v'"));

  const size_t m = ids.size() / 2;
  g.edges.resize(m);
  if (!options.renumber) {
    g.vertices = int32_t(max_id + 1);
    for (size_t e = 0; e < m; ++e) g.edges[e] = {int32_t(ids[2 * e]), int32_t(ids[2 * e + 1])};
    return g;
  }
  // Renumber in order of first appearance.
  std::vector<int64_t>& original = g.original_ids;
  auto finish = [&](auto&& index_of) {
    for (size_t e = 0; e < m; ++e) g.edges[e] = {index_of(ids[2 * e]), index_of(ids[2 * e + 1])};
  };
  auto add = [&](int64_t id) {
    if (int64_t(original.size()) >= kMaxVertices)
      in.fail_at(first_edge_line, "found more than " + std::to_string(kMaxVertices) +
                                      " distinct vertex ids; expected fewer");
    original.push_back(id);
    return int32_t(original.size() - 1);
  };
  const uint64_t span = uint64_t(max_id - min_id) + 1;
  if (span <= std::max<uint64_t>(uint64_t{1} << 24, 4 * uint64_t(ids.size()))) {
    std::vector<int32_t> table(span, -1);
    finish([&](int64_t id) {
      int32_t& t = table[size_t(id - min_id)];
      if (t < 0) t = add(id);
      return t;
    });
  } else {
    std::unordered_map<int64_t, int32_t> table;
    table.reserve(std::min<size_t>(ids.size(), size_t(kMaxReserve)));
    finish([&](int64_t id) {
      auto [it, fresh] = table.try_emplace(id, 0);
      if (fresh) it->second = add(id);
      return it->second;
    });
  }
  g.vertices = int32_t(original.size());
  // Ids already 0..n-1 in order need no table for display.
  bool identity = true;
  for (size_t v = 0; v < original.size() && identity; ++v) identity = original[v] == int64_t(v);
  if (identity) original.clear();
  return g;
}

}  // namespace ws::graph
