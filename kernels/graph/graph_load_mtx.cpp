// Matrix Market loader (.mtx, as the SuiteSparse collection ships graphs):
//   %%MatrixMarket matrix coordinate <pattern|real|integer|double>
//   <general|symmetric|skew-symmetric> % comments rows cols entries          (rows == cols: the
//   vertex count) i j [value]                (1-based; entry (i, j) is the edge i -> j, value its
//   weight)
// A symmetric (or skew-symmetric) file stores one triangle: every off-diagonal entry gives both
// directions. Dense 'array' files and 'complex' / 'hermitian' values are refused with a message.
// Work O(lines + entries), one pass.
#include <algorithm>
#include <cctype>

#include "graph_load.h"

namespace ws::graph {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

}  // namespace

ParsedGraph parse_matrix_market(LineReader& in, const LoadOptions& options) {
  std::string_view line;
  if (!in.next(line)) in.fail_at(1, "the file is empty; expected a Matrix Market banner");
  const char* expected_banner =
      "expected the banner '%%MatrixMarket matrix coordinate <pattern|real|integer> "
      "<general|symmetric>'";
  if (line.substr(0, 14) != "%%MatrixMarket") {
    const char* other = other_format_line(line);
    in.fail(std::string("found ") + (other ? other : quote(line)) + "; " + expected_banner +
            (other ? " (mixed formats?)" : ""));
  }
  Fields banner(line);
  std::string_view f[5];
  int nf = 0;
  for (std::string_view w; nf < 5 && banner.next(w);) f[nf++] = w;
  if (nf < 5) in.fail("found a banner with " + std::to_string(nf) + " words; " + expected_banner);
  const std::string object = lower(f[1]), layout = lower(f[2]), field = lower(f[3]),
                    symmetry = lower(f[4]);
  if (object != "matrix")
    in.fail("found a Matrix Market '" + object + "'; expected a 'matrix' (a graph's adjacency)");
  if (layout == "array")
    in.fail(
        "found a dense 'array' matrix; expected a sparse 'coordinate' matrix (a graph's "
        "adjacency lists its edges)");
  if (layout != "coordinate") in.fail("found layout " + quote(f[2]) + "; expected 'coordinate'");
  if (field == "complex")
    in.fail("found 'complex' values; expected 'pattern', 'real' or 'integer' (edge weights)");
  if (field != "pattern" && field != "real" && field != "integer" && field != "double")
    in.fail("found value type " + quote(f[3]) + "; expected 'pattern', 'real' or 'integer'");
  if (symmetry == "hermitian")
    in.fail("found 'hermitian' symmetry (complex values); expected 'general' or 'symmetric'");
  if (symmetry != "general" && symmetry != "symmetric" && symmetry != "skew-symmetric")
    in.fail("found symmetry " + quote(f[4]) + "; expected 'general' or 'symmetric'");
  const bool pattern = field == "pattern", integer = field == "integer";
  const bool mirrored = symmetry != "general", skew = symmetry == "skew-symmetric";

  // The size line: the first line that is neither a comment nor blank.
  for (;;) {
    if (!in.next(line))
      in.fail("the file ends before the size line; expected 'rows columns entries'");
    if (!line.empty() && line[0] == '%') continue;
    if (!is_blank(line)) break;
  }
  Fields size_fields(line);
  if (size_fields.count() != 3)
    in.fail("found " + quote(trim(line)) + "; expected the size line 'rows columns entries'");
  std::string_view rf, cf, nf_;
  size_fields.next(rf), size_fields.next(cf), size_fields.next(nf_);
  const int64_t rows = parse_int(in, rf, "the row count"),
                cols = parse_int(in, cf, "the column count"),
                nnz = parse_int(in, nf_, "the entry count");
  if (rows < 0 || cols < 0 || nnz < 0)
    in.fail("found a negative count in " + quote(trim(line)) +
            "; expected 'rows columns entries', each 0 or more");
  if (rows != cols)
    in.fail("found a " + std::to_string(rows) + " x " + std::to_string(cols) +
            " matrix; expected a square one (the adjacency matrix of a graph)");
  if (rows > kMaxVertices)
    in.fail("found " + std::to_string(rows) + " vertices; expected at most " +
            std::to_string(kMaxVertices));
  if (nnz > options.max_edges)
    in.fail("the size line promises " + std::to_string(nnz) + " entries; expected at most " +
            std::to_string(options.max_edges) + " (the loader's edge limit)");
  const int64_t size_line = in.line_number();

  ParsedGraph g;
  g.vertices = int32_t(rows);
  g.symmetric = mirrored;
  g.double_weights = options.double_weights;
  const int64_t reserve = std::min(nnz * (mirrored ? 2 : 1), kMaxReserve);
  g.edges.reserve(size_t(reserve));
  if (!pattern) g.reserve_weights(reserve);
  const int want = pattern ? 2 : 3;
  const char* shape = pattern ? "'row column'" : "'row column value'";
  int64_t read = 0;
  while (in.next(line)) {
    if (line.empty() || line[0] == '%' || is_blank(line)) continue;
    if (read == nnz)
      in.fail("found " + quote(trim(line)) + " after the " + std::to_string(nnz) +
              " entries the size line (line " + std::to_string(size_line) +
              ") promises; expected only comments");
    Fields fs(line);
    std::string_view a, b, v;
    int n = 0;
    if (fs.next(a)) ++n;
    if (n == 1 && fs.next(b)) ++n;
    if (n == 2 && want == 3 && fs.next(v)) ++n;
    std::string_view extra;
    if (n < want || fs.next(extra)) {
      const char* other = other_format_line(line);
      if (other)
        in.fail(std::string("found ") + other + "; expected an entry " + shape +
                " (mixed formats?)");
      in.fail("found " + std::to_string(Fields(line).count()) + " fields in " + quote(trim(line)) +
              "; expected an entry " + shape);
    }
    const int32_t i = int32_t(parse_id(in, a, 1, rows) - 1),
                  j = int32_t(parse_id(in, b, 1, rows) - 1);
    double w = 0;
    if (!pattern)
      w = integer ? double(parse_int(in, v, "an integer value")) : parse_real(in, v, "a value");
    g.edges.emplace_back(i, j);
    if (!pattern) g.push_weight(w);
    if (mirrored && i != j) {
      g.edges.emplace_back(j, i);
      if (!pattern) g.push_weight(skew ? -w : w);
    }
    ++read;
  }
  if (read < nnz)
    in.fail("the file ends after " + std::to_string(read) + " of the " + std::to_string(nnz) +
            " entries its size line (line " + std::to_string(size_line) +
            ") promises; expected the rest (a truncated file?)");
  return g;
}

}  // namespace ws::graph
