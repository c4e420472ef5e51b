// Vertex coordinates beside a graph file. Accepted layouts ('#', '%' and DIMACS 'c' lines are
// comments):
//   "x y" per line, one line per vertex in id order
//   one number per line: all x, then all y (a Matrix Market array body, as SuiteSparse's
//     *_coord.mtx files hold; with or without their "%%MatrixMarket matrix array real general"
//     banner and "n 2" size line)
//   DIMACS .co: "p aux sp co n", then "v id x y" (1-based ids, any order)
// Entry k (from 0) belongs to the vertex whose file id is k; for a renumbered edge list whose ids
// are 1-based (the smallest id is 1 or more and the largest equals the entry count) entry k
// belongs to file id k + 1. The count must cover every vertex: fewer entries is an error.
// Work O(lines).
#include <algorithm>

#include "../common/error.h"
#include "graph_load.h"

namespace ws::graph {

namespace {

struct Entries {
  std::vector<double> x, y;
};

Entries read_dimacs_co(LineReader& in) {
  Entries e;
  std::vector<char> seen;
  std::string_view line;
  int64_t n = -1;
  while (in.next(line)) {
    std::string_view t = trim(line);
    if (t.empty() || t[0] == 'c') continue;
    Fields fs(t);
    std::string_view f[6];
    int nf = 0;
    for (std::string_view w; nf < 6 && fs.next(w);) f[nf++] = w;
    if (f[0] == "p") {
      if (nf != 5 || n >= 0)
        in.fail("found " + quote(t) + "; expected one line 'p aux sp co vertices'");
      n = parse_int(in, f[4], "the vertex count");
      if (n < 0 || n > kMaxVertices)
        in.fail("found vertex count " + quote(f[4]) + "; expected 0 to " +
                std::to_string(kMaxVertices));
      e.x.assign(size_t(n), 0), e.y.assign(size_t(n), 0), seen.assign(size_t(n), 0);
    } else if (f[0] == "v") {
      if (n < 0)
        in.fail("found a 'v' line before the 'p aux sp co n' line; expected that line first");
      if (nf != 4)
        in.fail("found " + std::to_string(nf) + " fields in " + quote(t) + "; expected 'v id x y'");
      const int64_t id = parse_id(in, f[1], 1, n);
      if (seen[size_t(id - 1)])
        in.fail("found vertex " + std::string(f[1]) + " a second time; expected each vertex once");
      seen[size_t(id - 1)] = 1;
      e.x[size_t(id - 1)] = parse_real(in, f[2], "an x coordinate");
      e.y[size_t(id - 1)] = parse_real(in, f[3], "a y coordinate");
    } else {
      in.fail("found " + quote(t) + "; expected a DIMACS coordinate line 'v id x y'");
    }
  }
  if (n < 0)
    in.fail_at(std::max<int64_t>(in.line_number(), 1),
               "found no 'p aux sp co n' line; expected one");
  auto missing = std::find(seen.begin(), seen.end(), 0);
  if (missing != seen.end())
    in.fail("the file ends without vertex " + std::to_string(missing - seen.begin() + 1) +
            "'s coordinates; expected a 'v id x y' line for each of the " + std::to_string(n) +
            " vertices");
  return e;
}

Entries read_plain(LineReader& in) {
  std::string_view line;
  std::vector<double> values;  // one column: x..., y...
  Entries e;
  int columns = 0;
  int64_t declared = -1;  // a Matrix Market array's row count
  bool first = true;
  while (in.next(line)) {
    if (first && line.substr(0, 14) == "%%MatrixMarket") {
      first = false;
      Fields b(line);
      std::string_view w[5];
      int nw = 0;
      for (std::string_view s; nw < 5 && b.next(s);) w[nw++] = s;
      if (nw != 5 || w[2] != "array" || (w[3] != "real" && w[3] != "integer" && w[3] != "double"))
        in.fail("found " + quote(line) +
                "; expected coordinates as '%%MatrixMarket matrix array real general' (n x 2)");
      declared = 0;
      continue;
    }
    first = false;
    if (line.empty() || line[0] == '#' || line[0] == '%' || is_blank(line)) continue;
    Fields fs(line, true);
    const int nf = fs.count();
    if (declared == 0) {  // the array's size line "rows 2"
      std::string_view r, c;
      fs.next(r);
      if (nf != 2 || !fs.next(c) || c != "2")
        in.fail("found " + quote(trim(line)) + "; expected the size line 'vertices 2'");
      declared = parse_int(in, r, "the vertex count");
      if (declared < 0 || declared > kMaxVertices)
        in.fail("found vertex count " + quote(r) + "; expected 0 to " +
                std::to_string(kMaxVertices));
      columns = 1;
      continue;
    }
    if (nf < 1 || nf > 2 || (columns && nf != columns))
      in.fail("found " + std::to_string(nf) + " fields in " + quote(trim(line)) + "; expected " +
              (columns == 1 ? "one number per line (all x, then all y)" : "'x y'"));
    columns = nf;
    std::string_view a, b;
    fs.next(a);
    if (nf == 1) {
      values.push_back(parse_real(in, a, "a coordinate"));
    } else {
      fs.next(b);
      e.x.push_back(parse_real(in, a, "an x coordinate"));
      e.y.push_back(parse_real(in, b, "a y coordinate"));
    }
  }
  if (columns == 0 && declared < 0)
    in.fail_at(std::max<int64_t>(in.line_number(), 1),
               "found no coordinates; expected 'x y' per vertex");
  if (columns == 1) {
    if (values.size() % 2)
      in.fail("the file ends after " + std::to_string(values.size()) +
              " numbers; expected an even count (all x, then all y)");
    if (declared >= 0 && int64_t(values.size()) != 2 * declared)
      in.fail("the file ends after " + std::to_string(values.size()) + " numbers; expected " +
              std::to_string(2 * declared) + " (its size line promises " +
              std::to_string(declared) + " x 2)");
    const size_t k = values.size() / 2;
    e.x.assign(values.begin(), values.begin() + k);
    e.y.assign(values.begin() + k, values.end());
  }
  return e;
}

}  // namespace

void read_coordinates(LineReader& in, Graph& g) {
  in.require_text();
  // DIMACS .co when its first meaningful line is a 'p aux' or 'v' line.
  bool dimacs = false;
  {
    std::string_view h = in.head();
    size_t pos = 0;
    while (pos < h.size()) {
      size_t end = h.find('\n', pos);
      std::string_view l =
          trim(h.substr(pos, end == std::string_view::npos ? h.size() - pos : end - pos));
      if (!l.empty() && l[0] != 'c' && l[0] != '#' && l[0] != '%') {
        dimacs = l.substr(0, 2) == "p " || l.substr(0, 2) == "v ";
        break;
      }
      if (end == std::string_view::npos) break;
      pos = end + 1;
    }
  }
  Entries e = dimacs ? read_dimacs_co(in) : read_plain(in);
  const int64_t k = int64_t(e.x.size());
  const int64_t n = g.vertices;
  const std::string where = in.name() + ": ";
  g.x.resize(size_t(n));
  g.y.resize(size_t(n));
  if (g.original_ids.empty()) {
    if (k != n)
      throw ws::Error(where + "found coordinates for " + std::to_string(k) +
                      " vertices; expected " + std::to_string(n) + " (one per vertex of " + g.name +
                      ")");
    for (int64_t v = 0; v < n; ++v)
      g.x[size_t(v)] = float(e.x[size_t(v)]), g.y[size_t(v)] = float(e.y[size_t(v)]);
    return;
  }
  const auto [lo, hi] = std::minmax_element(g.original_ids.begin(), g.original_ids.end());
  const int64_t base = (*lo >= 1 && *hi == k) ? 1 : 0;
  if (*hi - base >= k)
    throw ws::Error(where + "found coordinates for " + std::to_string(k) + " vertices; expected " +
                    std::to_string(*hi - base + 1) + " or more (" + g.name + " has vertex id " +
                    std::to_string(*hi) + ")");
  for (int64_t v = 0; v < n; ++v) {
    const size_t i = size_t(g.original_ids[size_t(v)] - base);
    g.x[size_t(v)] = float(e.x[i]);
    g.y[size_t(v)] = float(e.y[i]);
  }
}

}  // namespace ws::graph
