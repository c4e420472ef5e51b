// Loading a graph file (graph.h): the format from the option, else the extension, else the
// first meaningful line; the checks every format shares (empty, binary, a banner of another
// format); the options (symmetrize, self-loops, duplicates, renumbering); coordinates; and
// validate(), the CSR's invariants.
// Work O(file + n + m): the parsers make one pass, build_csr two counting sorts.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <string>

#include <unistd.h>

#include "../common/cancelled.h"
#include "../common/error.h"
#include "graph_csr.h"
#include "graph_load.h"

namespace ws::graph {

namespace {

std::string extension_of(const std::string& path) {
  const size_t slash = path.find_last_of("/\\");
  const size_t dot = path.rfind('.');
  if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return "";
  std::string ext = path.substr(dot + 1);
  for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

std::string base_name(const std::string& path) {
  const size_t slash = path.find_last_of("/\\");
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The format a file's first meaningful line shows, with its line number; Auto when it shows
// none for certain (numbers alone fit several formats).
Format sniff(std::string_view head, int64_t& line_no, bool& edge_numbers) {
  size_t pos = 0;
  line_no = 0;
  edge_numbers = false;
  while (pos < head.size()) {
    const size_t end = head.find('\n', pos);
    if (end == std::string_view::npos && pos > 0) break;  // a partial last line: not trusted
    std::string_view l =
        head.substr(pos, (end == std::string_view::npos ? head.size() : end) - pos);
    ++line_no;
    pos = end == std::string_view::npos ? head.size() : end + 1;
    if (l.substr(0, 14) == "%%MatrixMarket") return Format::MatrixMarket;
    l = trim(l);
    if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
    if (l.empty()) continue;
    if (l[0] == '#') return Format::Snap;
    if (l[0] == '%') continue;
    if (l[0] == 'c' && (l.size() == 1 || l[1] == ' ' || l[1] == '\t')) return Format::Dimacs;
    if (l.substr(0, 2) == "p ") return Format::Dimacs;
    const int fields = Fields(l, true).count();
    edge_numbers = fields == 2 || fields == 3;
    return Format::Auto;
  }
  return Format::Auto;
}

Format by_extension(const std::string& ext, int& columns) {
  columns = 0;
  if (ext == "mtx") return Format::MatrixMarket;
  if (ext == "graph" || ext == "metis") return Format::Metis;
  if (ext == "gr") return Format::Dimacs;
  if (ext == "el") return columns = 2, Format::EdgeList;
  if (ext == "wel") return columns = 3, Format::EdgeList;
  return Format::Auto;
}

// METIS lists every edge in both endpoints' lines; a list without its mirror is an error (as
// METIS's own tools say). Rows are sorted (build_csr), so each check is a binary search.
void check_metis_symmetric(const LineReader& in, const Graph& g,
                           const std::vector<int64_t>& vertex_lines) {
  for (int32_t u = 0; u < g.vertices; ++u)
    for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
      const int32_t v = g.columns[size_t(e)];
      const auto b = g.columns.begin() + g.row_offsets[size_t(v)];
      const auto en = g.columns.begin() + g.row_offsets[size_t(v) + 1];
      if (!std::binary_search(b, en, u))
        in.fail_at(vertex_lines[size_t(u)],
                   "vertex " + std::to_string(u + 1) + " lists neighbour " + std::to_string(v + 1) +
                       ", but vertex " + std::to_string(v + 1) + "'s line (line " +
                       std::to_string(vertex_lines[size_t(v)]) + ") does not list " +
                       std::to_string(u + 1) +
                       "; expected every edge in both endpoints' lines (an undirected graph)");
    }
}

// A header may declare up to 2^31 - 1 vertices in a few bytes; the CSR needs 8 bytes per vertex
// for its offsets and build_csr as much again while it sorts, plus the edges. Refuse, naming the
// sizes, when that passes this machine's physical memory instead of failing inside an
// allocation (or swapping for minutes).
void check_fits_in_memory(const ParsedGraph& p, const LoadOptions& options,
                          const std::string& path) {
  const double edges = double(p.edges.size()) * (options.symmetrize ? 2.0 : 1.0);
  const double bytes = (double(p.vertices) + 1) * 16 + edges * 24;
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page <= 0) return;
  const double memory = double(pages) * double(page);
  if (bytes <= memory * 0.75) return;
  auto gib = [](double b) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GiB", b / (1024.0 * 1024.0 * 1024.0));
    return std::string(text);
  };
  throw Error(path + ": declares " + std::to_string(p.vertices) + " vertices and " +
              std::to_string(p.edges.size()) + " edges; the graph needs about " + gib(bytes) +
              ", more than this machine's " + gib(memory) +
              " of memory allows; expected a graph that fits");
}

Graph load(LineReader& in, const std::string& path, const LoadOptions& options, bool from_file) {
  in.require_text();
  int columns = 0;
  Format format = options.format;
  const std::string ext = extension_of(path);
  if (format == Format::Auto)
    format = by_extension(ext, columns);
  else if (format == Format::EdgeList)
    by_extension(ext, columns);
  int64_t sniff_line = 0;
  bool edge_numbers = false;
  const Format seen = sniff(in.head(), sniff_line, edge_numbers);
  if (format == Format::Auto) {
    if (seen != Format::Auto)
      format = seen;
    else if (edge_numbers)
      format = Format::Snap;
    else
      in.fail_at(std::max<int64_t>(sniff_line, 1),
                 "found no known graph format; expected Matrix Market (.mtx), a SNAP or plain edge "
                 "list ('u v' per line), METIS (.graph) or DIMACS (.gr); name the format when the "
                 "extension does not say it");
  }
  // A banner of one format in a file read as another.
  const bool clash =
      (seen == Format::MatrixMarket && format != Format::MatrixMarket) ||
      (seen == Format::Dimacs && format != Format::Dimacs) ||
      (seen == Format::Snap &&
       (format == Format::MatrixMarket || format == Format::Dimacs || format == Format::Metis));
  if (clash)
    in.fail_at(sniff_line, std::string("found a ") + format_name(seen) + " line; expected " +
                               format_name(format) + " (mixed formats: the " +
                               (options.format == Format::Auto ? "extension" : "format option") +
                               " says " + format_name(format) + ")");

  ParsedGraph p;
  switch (format) {
    case Format::MatrixMarket:
      p = parse_matrix_market(in, options);
      break;
    case Format::Metis:
      p = parse_metis(in, options);
      break;
    case Format::Dimacs:
      p = parse_dimacs(in, options);
      break;
    case Format::Snap:
    case Format::EdgeList:
    case Format::Auto:
      p = parse_edge_list(in, options, columns);
      break;
  }
  if (options.cancel && options.cancel->load()) throw Cancelled(path + ": loading cancelled");
  in.report_end();  // the CSR is built next, without progress
  const bool file_symmetric = p.symmetric;
  check_fits_in_memory(p, options, path);
  Graph g =
      p.double_weights
          ? build_csr_double(p.vertices, std::move(p.edges), std::move(p.weights64),
                             options.symmetrize, options.remove_self_loops,
                             options.remove_duplicates)
          : build_csr(p.vertices, std::move(p.edges), std::move(p.weights), options.symmetrize,
                      options.remove_self_loops, options.remove_duplicates);
  if (format == Format::Metis && !options.symmetrize) check_metis_symmetric(in, g, p.vertex_lines);
  g.symmetric = g.symmetric || file_symmetric || options.symmetrize;
  g.original_ids = std::move(p.original_ids);
  g.name = base_name(path);

  std::string coords = options.coordinates;
  if (coords.empty() && from_file && format == Format::Dimacs && ext == "gr") {
    std::string co = path.substr(0, path.size() - 2) + "co";
    if (std::FILE* f = std::fopen(co.c_str(), "rb")) {
      std::fclose(f);
      coords = co;
    }
  }
  if (!coords.empty()) {
    LineReader cin = LineReader::open_file(coords);
    read_coordinates(cin, g);
  }
  return g;
}

}  // namespace

const char* other_format_line(std::string_view line) {
  std::string_view t = trim(line);
  if (t.substr(0, 14) == "%%MatrixMarket") return "a Matrix Market banner";
  if (t.substr(0, 5) == "p sp " || t.substr(0, 7) == "p edge " || t.substr(0, 6) == "p aux ")
    return "a DIMACS 'p' line";
  if (t.size() > 2 && (t[0] == 'a' || t[0] == 'e' || t[0] == 'v') && (t[1] == ' ' || t[1] == '\t'))
    return "a DIMACS arc / vertex line";
  return nullptr;
}

Graph load_graph(const std::string& path, const LoadOptions& options) {
  LineReader in = LineReader::open_file(path);
  in.watch(options.progress, options.cancel);
  return load(in, path, options, true);
}

Graph parse_graph(const std::string& text, const std::string& name, const LoadOptions& options) {
  LineReader in = LineReader::from_text(text, name);
  return load(in, name, options, false);
}

void validate(const Graph& g) {
  auto fail = [&](const std::string& what) {
    throw ws::Error("graph '" + g.name + "' is broken: " + what);
  };
  const int64_t n = g.vertices;
  if (n < 0 || n > kMaxVertices)
    fail("vertex count " + std::to_string(n) + " outside 0.." + std::to_string(kMaxVertices));
  if (int64_t(g.row_offsets.size()) != n + 1)
    fail("row_offsets has " + std::to_string(g.row_offsets.size()) +
         " entries; expected vertices + 1 = " + std::to_string(n + 1));
  if (g.row_offsets[0] != 0)
    fail("row_offsets[0] is " + std::to_string(g.row_offsets[0]) + "; expected 0");
  for (int64_t v = 0; v < n; ++v)
    if (g.row_offsets[size_t(v + 1)] < g.row_offsets[size_t(v)])
      fail("row_offsets decreases at vertex " + std::to_string(v) + " (" +
           std::to_string(g.row_offsets[size_t(v)]) + " then " +
           std::to_string(g.row_offsets[size_t(v + 1)]) + ")");
  if (g.row_offsets[size_t(n)] != int64_t(g.columns.size()))
    fail("row_offsets ends at " + std::to_string(g.row_offsets[size_t(n)]) + " but there are " +
         std::to_string(g.columns.size()) + " columns");
  for (size_t e = 0; e < g.columns.size(); ++e)
    if (g.columns[e] < 0 || g.columns[e] >= n)
      fail("column " + std::to_string(e) + " is " + std::to_string(g.columns[e]) +
           "; expected 0.." + std::to_string(n - 1));
  if (!g.weights.empty() && g.weights.size() != g.columns.size())
    fail(std::to_string(g.weights.size()) + " weights for " + std::to_string(g.columns.size()) +
         " edges");
  if (!g.weights64.empty() && g.weights64.size() != g.columns.size())
    fail(std::to_string(g.weights64.size()) + " double weights for " +
         std::to_string(g.columns.size()) + " edges");
  if (!g.weights.empty() && !g.weights64.empty())
    fail("both float and double weights; expected one or the other");
  if (!g.original_ids.empty() && int64_t(g.original_ids.size()) != n)
    fail(std::to_string(g.original_ids.size()) + " original ids for " + std::to_string(n) +
         " vertices");
  if (g.x.size() != g.y.size() || (!g.x.empty() && int64_t(g.x.size()) != n))
    fail(std::to_string(g.x.size()) + " x and " + std::to_string(g.y.size()) +
         " y coordinates for " + std::to_string(n) + " vertices");
  if (g.symmetric) {
    // Every u -> v needs a v -> u: compare the set of edges with its mirror (sorted pairs).
    std::vector<std::pair<int32_t, int32_t>> fwd, rev;
    fwd.reserve(g.columns.size()), rev.reserve(g.columns.size());
    for (int32_t u = 0; u < n; ++u)
      for (int64_t e = g.row_offsets[size_t(u)]; e < g.row_offsets[size_t(u) + 1]; ++e) {
        fwd.emplace_back(u, g.columns[size_t(e)]);
        rev.emplace_back(g.columns[size_t(e)], u);
      }
    std::sort(fwd.begin(), fwd.end());
    std::sort(rev.begin(), rev.end());
    fwd.erase(std::unique(fwd.begin(), fwd.end()), fwd.end());
    rev.erase(std::unique(rev.begin(), rev.end()), rev.end());
    for (size_t i = 0; i < fwd.size(); ++i)
      if (fwd[i] != rev[i]) {
        // The smaller pair is in one list only: an edge whose mirror is missing.
        const bool in_fwd = fwd[i] < rev[i];
        const int32_t a = in_fwd ? fwd[i].first : rev[i].second,
                      b = in_fwd ? fwd[i].second : rev[i].first;
        fail("marked symmetric, but edge " + std::to_string(a) + " -> " + std::to_string(b) +
             " has no " + std::to_string(b) + " -> " + std::to_string(a));
      }
  }
}

}  // namespace ws::graph
