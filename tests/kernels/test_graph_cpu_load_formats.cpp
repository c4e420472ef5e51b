// Every loader format (graph.h) from small hand-written texts whose CSR is worked out by hand:
// Matrix Market (pattern / real / integer, general / symmetric), SNAP, .el / .wel, METIS (every
// fmt code), DIMACS (.gr and the undirected "p edge"), and format detection.
#include "graph_load_test_support.h"

namespace ws::graph {
namespace {

using test::opts;

void expect_csr(const Graph& g, int32_t n, std::vector<int64_t> offsets,
                std::vector<int32_t> columns, std::vector<float> weights = {}) {
  validate(g);
  EXPECT_EQ(g.vertices, n);
  EXPECT_EQ(g.row_offsets, offsets);
  EXPECT_EQ(g.columns, columns);
  EXPECT_EQ(g.weights, weights);
}

TEST(GraphLoadFormats, MatrixMarketPatternGeneral) {
  const std::string text =
      "%%MatrixMarket matrix coordinate pattern general\n"
      "% a comment\n"
      "\n"
      "4 4 5\n"
      "1 2\n2 3\n3 1\n4 4\n1 3\n";
  Graph g = parse_graph(text, "a.mtx", {});
  // Entry (i, j) is the edge i -> j; the self-loop 4 -> 4 is dropped by default.
  expect_csr(g, 4, {0, 2, 3, 4, 4}, {1, 2, 2, 0});
  EXPECT_FALSE(g.symmetric);
  EXPECT_TRUE(g.original_ids.empty());
  EXPECT_EQ(g.name, "a.mtx");
}

TEST(GraphLoadFormats, MatrixMarketRealSymmetricGivesBothDirections) {
  const std::string text =
      "%%MatrixMarket matrix coordinate real symmetric\n"
      "3 3 3\n"
      "2 1 0.5\n"
      "3 1 1.5e0\n"
      "3 3 2\n";
  LoadOptions o;
  o.remove_self_loops = false;
  Graph g = parse_graph(text, "s.mtx", o);
  expect_csr(g, 3, {0, 2, 3, 5}, {1, 2, 0, 0, 2}, {0.5f, 1.5f, 0.5f, 1.5f, 2.f});
  EXPECT_TRUE(g.symmetric);
}

TEST(GraphLoadFormats, MatrixMarketIntegerAndCaseInsensitiveBanner) {
  const std::string text =
      "%%MatrixMarket MATRIX Coordinate INTEGER General\n"
      "3 3 2\n"
      "1 3 -4\n"
      "3 2 7\n";
  Graph g = parse_graph(text, "i.mtx", {});
  expect_csr(g, 3, {0, 1, 1, 2}, {2, 1}, {-4.f, 7.f});
}

TEST(GraphLoadFormats, MatrixMarketSkewSymmetricMirrorsNegated) {
  const std::string text =
      "%%MatrixMarket matrix coordinate real skew-symmetric\n"
      "2 2 1\n"
      "2 1 3\n";
  Graph g = parse_graph(text, "k.mtx", {});
  expect_csr(g, 2, {0, 1, 2}, {1, 0}, {-3.f, 3.f});
}

TEST(GraphLoadFormats, MatrixMarketKeepsIsolatedVerticesAndCrLf) {
  Graph g = parse_graph("%%MatrixMarket matrix coordinate pattern symmetric\r\n5 5 1\r\n4 2\r\n",
                        "c.mtx", {});
  expect_csr(g, 5, {0, 0, 1, 1, 2, 2}, {3, 1});
}

TEST(GraphLoadFormats, SnapRenumbersInOrderOfFirstAppearance) {
  const std::string text =
      "# Directed graph: test\n"
      "# Nodes: 4 Edges: 4\n"
      "# FromNodeId\tToNodeId\n"
      "10\t20\n"
      "20\t30\n"
      "10 30\n"
      "  40   10  \n";
  Graph g = parse_graph(text, "s.txt", {});
  expect_csr(g, 4, {0, 2, 3, 3, 4}, {1, 2, 2, 0});
  EXPECT_EQ(g.original_ids, (std::vector<int64_t>{10, 20, 30, 40}));
  EXPECT_FALSE(g.symmetric);
}

TEST(GraphLoadFormats, EdgeListsElAndWel) {
  Graph el = parse_graph("0 1\n1 2\n2 0\n", "x.el", {});
  expect_csr(el, 3, {0, 1, 2, 3}, {1, 2, 0});
  EXPECT_TRUE(el.original_ids.empty());  // ids 0..n-1 in order: nothing to keep
  Graph wel = parse_graph("0 1 2.5\n1 2 0.25\n0 2 -1\n", "x.wel", {});
  expect_csr(wel, 3, {0, 2, 3, 3}, {1, 2, 2}, {2.5f, -1.f, 0.25f});
  // Commas separate fields too (CSV edge lists).
  Graph csv = parse_graph("0,1\n1,2\n", "x.csv", {});
  expect_csr(csv, 3, {0, 1, 2, 2}, {1, 2});
}

TEST(GraphLoadFormats, MetisUnweightedWithCommentsAndIsolatedVertex) {
  const std::string text =
      "% a METIS graph\n"
      "5 4\n"
      "2 3\n"
      "1 3\n"
      "% a comment between vertex lines\n"
      "1 2 4\n"
      "3\n"
      "\n";  // vertex 5: no neighbours
  Graph g = parse_graph(text, "m.graph", {});
  expect_csr(g, 5, {0, 2, 4, 7, 8, 8}, {1, 2, 0, 2, 0, 1, 3, 2});
  EXPECT_TRUE(g.symmetric);
}

TEST(GraphLoadFormats, MetisEveryFormatCode) {
  // The path 1 - 2 - 3 with edge weights 5 and 7, written with each fmt.
  const std::vector<int64_t> offsets = {0, 1, 3, 4};
  const std::vector<int32_t> columns = {1, 0, 2, 1};
  const std::vector<float> w = {5, 5, 7, 7};
  expect_csr(parse_graph("3 2 0\n2\n1 3\n2\n", "f0.graph", {}), 3, offsets, columns);
  expect_csr(parse_graph("3 2 1\n2 5\n1 5 3 7\n2 7\n", "f1.graph", {}), 3, offsets, columns, w);
  expect_csr(parse_graph("3 2 10\n9 2\n9 1 3\n9 2\n", "f10.graph", {}), 3, offsets, columns);
  expect_csr(parse_graph("3 2 10 2\n9 8 2\n9 8 1 3\n9 8 2\n", "f10n.graph", {}), 3, offsets,
             columns);
  expect_csr(parse_graph("3 2 11\n9 2 5\n9 1 5 3 7\n9 2 7\n", "f11.graph", {}), 3, offsets, columns,
             w);
  expect_csr(parse_graph("3 2 100\n4 2\n4 1 3\n4 2\n", "f100.graph", {}), 3, offsets, columns);
  expect_csr(parse_graph("3 2 111\n4 9 2 5\n4 9 1 5 3 7\n4 9 2 7\n", "f111.graph", {}), 3, offsets,
             columns, w);
}

TEST(GraphLoadFormats, DimacsShortestPath) {
  const std::string text =
      "c 9th DIMACS challenge style\n"
      "p sp 3 4\n"
      "c arcs\n"
      "a 1 2 7\n"
      "a 2 3 8\n"
      "a 3 1 9\n"
      "a 1 3 1\n";
  Graph g = parse_graph(text, "d.gr", {});
  expect_csr(g, 3, {0, 2, 3, 4}, {1, 2, 2, 0}, {7.f, 1.f, 8.f, 9.f});
  EXPECT_FALSE(g.symmetric);
}

TEST(GraphLoadFormats, DimacsUndirectedEdgeFormat) {
  Graph g =
      parse_graph("c clique style\np edge 3 2\ne 1 2\ne 3 2\n", "u.col", opts(Format::Dimacs));
  expect_csr(g, 3, {0, 1, 3, 4}, {1, 0, 2, 1});
  EXPECT_TRUE(g.symmetric);
}

TEST(GraphLoadFormats, DetectionByContentWhenTheExtensionSaysNothing) {
  const Graph mm =
      parse_graph("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n", "a.dat", {});
  expect_csr(mm, 2, {0, 1, 1}, {1});
  const Graph dimacs = parse_graph("c x\np sp 2 1\na 2 1 3\n", "b.dat", {});
  expect_csr(dimacs, 2, {0, 0, 1}, {0}, {3.f});
  const Graph snap = parse_graph("# snap\n0 1\n", "c.dat", {});
  expect_csr(snap, 2, {0, 1, 1}, {1});
  const Graph plain = parse_graph("0 1 4\n1 0 5\n", "d", {});
  expect_csr(plain, 2, {0, 1, 2}, {1, 0}, {4.f, 5.f});
  // The format option wins over the extension.
  const Graph metis = parse_graph("2 1\n2\n1\n", "e.txt", opts(Format::Metis));
  expect_csr(metis, 2, {0, 1, 2}, {1, 0});
}

TEST(GraphLoadFormats, FormatNamesRoundTrip) {
  for (Format f : {Format::Auto, Format::MatrixMarket, Format::Snap, Format::EdgeList,
                   Format::Metis, Format::Dimacs}) {
    Format back = Format::Auto;
    ASSERT_TRUE(parse_format(format_name(f), back));
    EXPECT_EQ(back, f);
  }
  Format unused;
  EXPECT_FALSE(parse_format("csv", unused));
}

}  // namespace
}  // namespace ws::graph

namespace ws::graph {
namespace {

// Files are read in 4 MiB chunks: a line longer than a chunk (a METIS hub's list) and lines
// across chunk boundaries give the same graph as the text parsed in memory.
TEST(GraphLoadFormats, FileChunksAndLongLinesMatchTheInMemoryParse) {
  const int n = 700001;  // the hub's line: 700000 ids, about 4.8 MB
  std::string text = "% star\n" + std::to_string(n) + " " + std::to_string(n - 1) + "\n";
  for (int v = 2; v <= n; ++v) text += std::to_string(v) + (v < n ? " " : "\n");
  for (int v = 2; v <= n; ++v) text += "1\r\n";
  test::TempDir dir;
  const std::string path = dir.write("star.graph", text);
  Graph from_file = load_graph(path);
  Graph in_memory = parse_graph(text, "star.graph", {});
  validate(from_file);
  EXPECT_EQ(from_file.vertices, n);
  EXPECT_EQ(from_file.degree(0), n - 1);
  EXPECT_EQ(from_file.edges(), int64_t(2) * (n - 1));
  EXPECT_EQ(from_file.row_offsets, in_memory.row_offsets);
  EXPECT_EQ(from_file.columns, in_memory.columns);
  // An error past the first chunk still has the right line number.
  text += "2\n";
  const std::string bad = dir.write("star_bad.graph", text);
  const std::string msg = test::error_of([&] { load_graph(bad); });
  EXPECT_NE(msg.find(", line " + std::to_string(n + 3) + ":"), std::string::npos) << msg;
}

}  // namespace
}  // namespace ws::graph
