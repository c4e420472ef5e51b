// The sample graphs (assets/graphs, from ../shared/data/graphs; origins in SOURCES.md) load
// with the counts their sources give, and each CSR equals the edges a deliberately simple
// iostream reader finds in the same file.
#include <fstream>
#include <set>
#include <sstream>

#include "graph_load_test_support.h"

namespace ws::graph {
namespace {

using test::edge_set;
using test::EdgeSet;
using test::sample_graph;

#define SAMPLE_OR_SKIP(var, file)             \
  const std::string var = sample_graph(file); \
  if (var.empty()) GTEST_SKIP() << file << " not found (assets/graphs)"

// Edges of the "i j" lines after `skip_until_line` lines that are not comments, 1-based ids
// made 0-based, both directions when `mirror`, loops dropped, duplicates dropped.
EdgeSet simple_pairs(const std::string& path, int header_lines, bool mirror, int base) {
  std::ifstream in(path);
  std::string line;
  std::set<std::pair<int64_t, int64_t>> set;
  int seen = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '%' || line[0] == '#') continue;
    if (seen++ < header_lines) continue;
    std::istringstream ls(line);
    int64_t i, j;
    ls >> i >> j;
    if (i == j) continue;
    set.insert({i - base, j - base});
    if (mirror) set.insert({j - base, i - base});
  }
  EdgeSet out;
  for (auto [u, v] : set) out.emplace_back(u, v, 0.f);
  return out;
}

TEST(GraphLoadSamples, KarateMatrixMarketSymmetric) {
  SAMPLE_OR_SKIP(path, "karate.mtx");
  Graph g = load_graph(path);
  validate(g);
  EXPECT_EQ(g.name, "karate.mtx");
  EXPECT_EQ(g.vertices, 34);
  EXPECT_EQ(g.edges(), 156);  // 78 undirected edges, both directions
  EXPECT_TRUE(g.symmetric);
  EXPECT_TRUE(g.weights.empty());
  EXPECT_EQ(edge_set(g), simple_pairs(path, 1, true, 1));
  int64_t max_degree = 0;
  for (int32_t v = 0; v < g.vertices; ++v) max_degree = std::max(max_degree, g.degree(v));
  EXPECT_EQ(max_degree, 17);
}

TEST(GraphLoadSamples, PowerGridDiagonalDroppedOrKept) {
  SAMPLE_OR_SKIP(path, "bcspwr10.mtx");
  Graph g = load_graph(path);
  validate(g);
  EXPECT_EQ(g.vertices, 5300);
  EXPECT_EQ(g.edges(), 2 * 8271);
  EXPECT_EQ(edge_set(g), simple_pairs(path, 1, true, 1));
  LoadOptions keep;
  keep.remove_self_loops = false;
  Graph k = load_graph(path, keep);
  validate(k);
  EXPECT_EQ(k.edges(), 2 * 8271 + 5300);
  for (int32_t v = 0; v < k.vertices; ++v) {
    const auto b = k.columns.begin() + k.row_offsets[v],
               e = k.columns.begin() + k.row_offsets[v + 1];
    ASSERT_TRUE(std::binary_search(b, e, v)) << "vertex " << v << " lost its diagonal entry";
  }
}

TEST(GraphLoadSamples, MetisFourElt) {
  SAMPLE_OR_SKIP(path, "4elt.graph");
  Graph g = load_graph(path);
  validate(g);
  EXPECT_EQ(g.vertices, 15606);
  EXPECT_EQ(g.edges(), 2 * 45878);
  EXPECT_TRUE(g.symmetric);
  // The reference: line k + 1 lists vertex k's neighbours.
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  EdgeSet ref;
  for (int64_t v = 0; std::getline(in, line); ++v) {
    std::istringstream ls(line);
    for (int64_t u; ls >> u;) ref.emplace_back(v, u - 1, 0.f);
  }
  std::sort(ref.begin(), ref.end());
  EXPECT_EQ(edge_set(g), ref);
}

TEST(GraphLoadSamples, MinnesotaEdgesWithCoordinates) {
  SAMPLE_OR_SKIP(edges, "minnesota_edges.txt");
  SAMPLE_OR_SKIP(coords, "minnesota_coords.txt");
  LoadOptions o;
  o.symmetrize = true;  // the file holds the lower triangle only
  o.coordinates = coords;
  Graph g = load_graph(edges, o);
  validate(g);
  EXPECT_EQ(g.vertices, 2642);
  EXPECT_EQ(g.edges(), 2 * 3303);
  ASSERT_TRUE(g.has_coordinates());
  ASSERT_EQ(g.original_ids.size(), 2642u);
  EXPECT_EQ(edge_set(g, true), [&] {
    EdgeSet s = simple_pairs(edges, 0, true, 0);
    return s;
  }());
  // The file's vertex 1 is the first coordinate line, its y the 2643rd.
  const auto one =
      std::find(g.original_ids.begin(), g.original_ids.end(), 1) - g.original_ids.begin();
  EXPECT_FLOAT_EQ(g.x[size_t(one)], -97.207f);
  EXPECT_FLOAT_EQ(g.y[size_t(one)], 49.001f);
  for (int32_t v = 0; v < g.vertices; ++v) {
    ASSERT_GE(g.x[v], -97.3f);
    ASSERT_LE(g.x[v], -89.5f);
    ASSERT_GE(g.y[v], 43.4f);
    ASSERT_LE(g.y[v], 49.1f);
  }
}

TEST(GraphLoadSamples, FacebookSnap) {
  SAMPLE_OR_SKIP(path, "facebook_combined.txt");
  Graph g = load_graph(path);
  validate(g);
  EXPECT_EQ(g.vertices, 4039);
  EXPECT_EQ(g.edges(), 88234);
  EXPECT_EQ(edge_set(g, true), simple_pairs(path, 0, false, 0));
  LoadOptions o;
  o.symmetrize = true;
  Graph s = load_graph(path, o);
  validate(s);
  EXPECT_EQ(s.edges(), 2 * 88234);
  int64_t max_degree = 0;
  for (int32_t v = 0; v < s.vertices; ++v) max_degree = std::max(max_degree, s.degree(v));
  EXPECT_EQ(max_degree, 1045);
}

}  // namespace
}  // namespace ws::graph
